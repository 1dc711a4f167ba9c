"""Guided bidding lessons: the book's two dialogues (law 49's spades, law 50's short suits).

The lessons are data under ``lessons:`` in ``content/conventions/bidding.yaml``: a
hand for South (the dealer), then round by round South's call, North's reply
and a note; West and East pass throughout, as in the book. :func:`steps` replays
them as an auction and, for every call of South, asks the rules which convention
makes it — the lesson and the conventions must agree (a test checks they do).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tutor.engine.auction import Auction
from tutor.engine.bidding import BidPosition
from tutor.engine.calls import Call, Pass, parse_call
from tutor.engine.cards import Hand, Seat
from tutor.engine.errors import ContentError, TutorError
from tutor.lessons.bidding.drill import advise_position, conventions

HERO, PARTNER = Seat.S, Seat.N


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RoundModel(_Strict):
    you: str
    partner: str | None = None
    note: str = Field(min_length=3)


class SourceModel(_Strict):
    file: str
    ref: str


class LessonModel(_Strict):
    id: str
    title: str
    laws: list[str] = Field(min_length=1)
    hand: str
    sources: list[SourceModel] = Field(min_length=1)
    rounds: list[RoundModel] = Field(min_length=1)


@dataclass(frozen=True)
class Step:
    """One call of South in a lesson, where it stands, and the convention that makes it."""

    number: int
    position: BidPosition
    call: Call
    partner_reply: Call | None
    note: str
    rule_id: str
    rule_title: str
    laws: tuple[str, ...]
    engine_call: Call | None


def lessons() -> dict[str, LessonModel]:
    """The guided lessons, validated, by id."""
    out: dict[str, LessonModel] = {}
    for data in conventions().lessons:
        try:
            lesson = LessonModel.model_validate(data)
        except ValidationError as err:
            ident = data.get("id", "?") if isinstance(data, Mapping) else "?"
            raise ContentError(f"bidding lesson {ident}: {err.errors()[0]['msg']}") from None
        out[lesson.id] = lesson
    return out


def call_in_turn(auction: Auction, call: Call, seat: Seat) -> None:
    """``seat``'s ``call`` in a lesson's auction, and the opponent after it passing (they always do)."""
    auction.call(call, seat)
    auction.call(Pass(), seat.lho)


def steps(lesson: LessonModel) -> list[Step]:
    """Replay the lesson: South's calls with North's replies, West and East passing."""
    hand = Hand.parse(lesson.hand)
    auction = Auction(HERO)
    out: list[Step] = []
    for number, rnd in enumerate(lesson.rounds, start=1):
        position = BidPosition.at(auction, hand)
        call = parse_call(rnd.you)
        advice = advise_position(position)
        try:
            call_in_turn(auction, call, HERO)
            reply = parse_call(rnd.partner) if rnd.partner else None
            if reply is not None:
                call_in_turn(auction, reply, PARTNER)
        except TutorError as err:
            raise ContentError(f"bidding lesson {lesson.id}, round {number}: {err}") from None
        out.append(Step(number, position, call, reply, " ".join(rnd.note.split()),
                        advice.rule.id if advice else "", advice.rule.title if advice else "",
                        advice.laws if advice else (), advice.answer if advice else None))
    return out


def agreement(lesson: LessonModel) -> Sequence[tuple[int, str, str]]:
    """The rounds where the conventions would call otherwise than the lesson: (round, lesson, rules)."""
    return [(s.number, str(s.call), str(s.engine_call)) for s in steps(lesson) if s.engine_call != s.call]
