"""The seed's worked example of Solo Whist as a guided replay (``content/solo_example.yaml``).

Kirill deals, turns up the ♥2 and, after solo, misère and abundance, bids open
misère (seed ``002``, l.61–67). The seed then plays the hand twice (l.69–97):

* **line 1**, the defence as printed: after seven tricks no defence can make
  Kirill take a trick, so he claims and the open misère is made;
* **line 2**, a better defence: Kirill is forced to win trick 7 and loses.

The deal itself (the seed's figure 29) is missing, so the hands are
*reconstructed* from the cards the two lines show; the content file lists each
inference and the lines it rests on. :func:`replay` runs the auction and every
card through the engine — :class:`~tutor.engine.solo.auction.SoloAuction` and
:class:`~tutor.engine.solo.play.SoloPlay` — so an illegal card, a wrong winner or
a result other than the seed's is an error, and the content check reports it.

>>> r = replay(load_example(), 2)
>>> r.result.fate.value, len(r.steps), r.steps[-1].winner.value
('defeated', 7, 'N')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tutor.engine.cards import SEATS, Card, Deal, Hand, Seat
from tutor.engine.errors import ContentError, TutorError
from tutor.engine.solo.auction import SoloAuction
from tutor.engine.solo.calls import SoloCall, SoloContract
from tutor.engine.solo.dealing import SoloDeal
from tutor.engine.solo.play import Fate, SoloPlay, SoloResult
from tutor.engine.solo.settlement import Settlement, settle_result
from tutor.lessons.content import content_dir
from tutor.lessons.content.models import Source
from tutor.lessons.content.problems import Problem
from tutor.lessons.content.registry import ContentContext, Document, validate_model
from tutor.lessons.content.yamlread import listed, model_problems, read_yaml_file

EXAMPLE_FILE = "solo_example.yaml"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ExampleCall(_Strict):
    seat: Literal["N", "E", "S", "W"]
    call: str
    ref: str
    note: str = ""


class ExampleTrick(_Strict):
    cards: list[str] = Field(min_length=4, max_length=4)
    winner: Literal["N", "E", "S", "W"]
    ref: str
    note: str = ""
    #: cards the seed does not name (a discard "of any card"), chosen by the tutor
    reconstructed: list[str] = Field(default_factory=list)


class ExpectedResult(_Strict):
    fate: Literal["made", "defeated"]
    tricks: int = Field(ge=1, le=13)
    bidder_tricks: int = Field(ge=0, le=13)
    claim: bool = False


class ExampleLine(_Strict):
    id: int
    title: str
    ref: str
    expected: ExpectedResult
    tricks: list[ExampleTrick] = Field(min_length=1)
    ending: str


class SoloExample(_Strict):
    """``content/solo_example.yaml``."""

    title: str
    source: Source
    laws: list[str] = Field(min_length=1)
    players: dict[Literal["N", "E", "S", "W"], str]
    dealer: Literal["N", "E", "S", "W"]
    turn_up: str
    hands: dict[Literal["N", "E", "S", "W"], str]
    reconstruction: list[str] = Field(min_length=1)
    auction: list[ExampleCall] = Field(min_length=1)
    lines: list[ExampleLine] = Field(min_length=1)

    def name(self, seat: Seat) -> str:
        return self.players.get(seat.value, seat.value)

    def line(self, line_id: int) -> ExampleLine:
        for line in self.lines:
            if line.id == line_id:
                return line
        raise TutorError(f"the worked example has no line {line_id}; it has "
                         f"{', '.join(str(x.id) for x in self.lines)}")

    def deal(self) -> SoloDeal:
        hands = {Seat(k): Hand.parse(v) for k, v in self.hands.items()}
        return SoloDeal(Deal(hands), Seat(self.dealer), Card.parse(self.turn_up))


@dataclass(frozen=True)
class ReplayStep:
    """One trick of a replayed line, with the hands as they are after it."""

    number: int
    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat
    ref: str
    note: str
    reconstructed: frozenset[Card]
    hands_after: Mapping[Seat, Hand]
    bidder_exposed: bool
    fate_after: Fate


@dataclass(frozen=True)
class Replay:
    """A line of the worked example, replayed through the engine."""

    example: SoloExample
    line: ExampleLine
    contract: SoloContract
    deal: SoloDeal
    auction: tuple[tuple[Seat, SoloCall, str, str], ...]
    steps: tuple[ReplayStep, ...]
    result: SoloResult
    settlement: Settlement


def load_example(path: Path | None = None) -> SoloExample:
    """Read and validate the worked example (``yaml.safe_load`` semantics only)."""
    path = path or content_dir() / EXAMPLE_FILE
    parsed = read_yaml_file(path)  # the one safe reader: size, UTF-8, YAML problems with their lines
    if parsed.errors:
        raise ContentError("\n".join(listed([f"{path}:{line}: {message}" for line, message in parsed.errors])))
    try:
        return SoloExample.model_validate(parsed.data)
    except ValidationError as err:
        problems = model_problems(err, parsed.lines, str(path))
        raise ContentError("the worked example is malformed: " + "\n".join(listed(problems))) from None
    except (TypeError, KeyError, AttributeError) as err:  # a validator meeting data of another shape
        raise ContentError(f"{path}: the worked example is malformed: {type(err).__name__}: {err}") from None


def _auction(example: SoloExample, deal: SoloDeal) -> tuple[SoloContract, tuple[tuple[Seat, SoloCall, str, str], ...]]:
    auction = SoloAuction(deal.dealer, deal.turn_up)
    calls = []
    for item in example.auction:
        call = SoloCall.parse(item.call)
        auction.call(call, Seat(item.seat))
        calls.append((Seat(item.seat), call, item.ref, item.note))
    contract = auction.contract()
    if contract is None:
        raise ContentError(f"the worked example's auction is not complete after {len(calls)} calls "
                           f"(phase {auction.phase.value})")
    return contract, tuple(calls)


def replay(example: SoloExample, line_id: int) -> Replay:
    """Replay one line through the engine; a departure from the seed is a :class:`ContentError`."""
    line = example.line(line_id)
    deal = example.deal()
    contract, calls = _auction(example, deal)
    play = SoloPlay(deal.deal, contract)
    steps: list[ReplayStep] = []
    for number, trick in enumerate(line.tricks, start=1):
        leader = play.tricks.leader
        for text in trick.cards:
            card = Card.parse(text)
            holder = deal.deal.holder(card)
            if holder is None:  # pragma: no cover - a full deal holds every card
                raise ContentError(f"line {line.id}, trick {number}: nobody holds {card}")
            try:
                play.play(card, holder)
            except TutorError as err:
                raise ContentError(f"line {line.id}, trick {number} ({trick.ref}): {err}") from None
        winner = play.completed_tricks[-1].winner(play.trump)
        if winner.value != trick.winner:
            raise ContentError(f"line {line.id}, trick {number} ({trick.ref}): the engine gives the trick "
                               f"to {winner.value}, the example to {trick.winner}")
        steps.append(ReplayStep(
            number, leader, play.completed_tricks[-1].plays, winner, trick.ref, trick.note,
            frozenset(Card.parse(c) for c in trick.reconstructed),
            {s: play.hand(s) for s in SEATS}, play.exposed is not None, play.fate))
    if not play.is_complete and line.expected.claim:
        try:
            play.claim()
        except TutorError as err:
            raise ContentError(f"line {line.id}: the claim after trick {len(steps)} fails: {err}") from None
    if not play.is_complete:
        raise ContentError(f"line {line.id}: after {len(steps)} tricks the bidder's fate is still open")
    result = play.result()
    expected = line.expected
    got = (result.fate.value, result.tricks_played, result.side_tricks, result.claimed)
    want = (expected.fate, expected.tricks, expected.bidder_tricks, expected.claim)
    if got != want:
        raise ContentError(f"line {line.id}: the engine ends with (fate, tricks, bidder's tricks, claim) "
                           f"= {got}, the seed with {want}")
    return Replay(example, line, contract, deal, calls, tuple(steps), result, settle_result(result))


def validate_solo_example(doc: Document, ctx: ContentContext) -> list[Problem]:
    """Content check: the file's schema, then every line replayed through the engine."""
    example, problems = validate_model(doc, SoloExample)
    if example is None:
        return problems
    for index, line in enumerate(example.lines):
        try:
            replay(example, line.id)
        except TutorError as err:
            problems.append(doc.problem(("lines", index), str(err)))
    doc.model = example
    return problems


