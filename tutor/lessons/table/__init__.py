"""The practice table: one whole deal played by the learner at one seat and the book robots at the others.

A :class:`TableDeal` is the engine's deal record (:class:`~tutor.engine.record.DealRecord`:
the append-only log of calls and cards) with a :class:`Step` beside each move: who made it,
the rule behind it and, for the learner, the book's choice. The position can always be
shown, undone, stored and resumed. At the learner's turn the learner acts; at every
other turn :meth:`TableDeal.run_robots` asks the robot — :func:`~tutor.lessons.robots.decide`
on that seat's view, exactly ``tutor advise``.

Every learner step also records what the book recommends on the learner's own view
(the same function), so a **deviation** is a learner step whose action differs from the
book's; :mod:`tutor.lessons.table.review` prices each one. Illegal input never enters the
log: a call breaks the law the auction names (laws 28–35), a card the law of the play
(law 147 for a revoke, law 167 out of turn).

Law 137: once the lead to a trick is made only the last quitted trick may be looked at
(before it, the last two) — :meth:`TableDeal.tricks_in_view`.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from tutor.engine.auction import Auction
from tutor.engine.bidding import ScoreState
from tutor.engine.calls import Contract, parse_call
from tutor.engine.cards import Card, Deal, Hand, Seat, Side
from tutor.engine.errors import NotationError, TutorError
from tutor.engine.json_types import JsonObject, as_json_object
from tutor.engine.record import DealRecord, Move, Phase
from tutor.engine.rules import Rules
from tutor.engine.tricks import Trick, TrickPlay
from tutor.lessons.robots import Decision, decide


@dataclass(frozen=True)
class Step:
    """One call or card at the table, with the rule behind it (and, for the learner, the book's choice)."""

    seat: Seat
    action: str
    rule: str
    laws: tuple[str, ...]
    explanation: str
    default: bool = False
    learner: bool = False
    #: for a learner's step: what the book recommends on the learner's view
    book: Mapping[str, Any] | None = None
    #: the learner asked for the book's answer before acting
    hinted: bool = False

    @property
    def deviates(self) -> bool:
        return self.learner and self.book is not None and self.book_action != self.action

    @property
    def book_action(self) -> str | None:
        if self.book is None:
            return None
        accepted = self.book.get("cards") or []
        if self.action in accepted:
            return self.action  # the book accepts any of several cards here
        return str(self.book.get("call") or self.book.get("card") or "")

    def to_json(self) -> JsonObject:
        data = asdict(self)
        data["seat"] = self.seat.value
        data["laws"] = list(self.laws)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Step:
        return cls(Seat.parse(str(data["seat"])), str(data["action"]), str(data.get("rule", "")),
                   tuple(str(x) for x in data.get("laws", ())), str(data.get("explanation", "")),
                   bool(data.get("default", False)), bool(data.get("learner", False)),
                   data.get("book"), bool(data.get("hinted", False)))


class TableDeal:
    """One deal at the practice table: the learner at ``learner``, robots elsewhere."""

    def __init__(self, deal: Deal, dealer: Seat, learner: Seat, *, score: ScoreState | None = None,
                 rules: Rules | None = None, steps: tuple[Step, ...] = (), seed: int | None = None,
                 uid: str | None = None) -> None:
        if not deal.is_complete:
            raise NotationError("the practice table needs all four hands of 13 cards (law 16)")
        self.deal, self.dealer, self.learner = deal, dealer, learner
        self.score, self.rules, self.seed = score, rules, seed
        #: the deal's record: the log the auction and the play are replayed from
        self.record = DealRecord(deal, dealer, score=score, rules=rules)
        self._steps: list[Step] = []
        self.hints = 0
        self.undos = 0
        self._hinted = False
        #: the deviations have been written to the progress store (once per deal)
        self.recorded = False
        #: this deal's identity at the table, kept by "play on from here": the records' idempotency keys
        self.uid = uid or uuid.uuid4().hex
        #: played on from a step of its review: its decisions come after the book's answers were shown
        self.played_on = False
        for step in steps:
            self._apply(step)

    # -- the state, replayed from the log ---------------------------------------------------------

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

    @property
    def auction(self) -> Auction:
        return self.record.auction

    @property
    def auction_length(self) -> int:
        """How many steps of the log are calls (the rest are cards)."""
        return len(self.record.auction.records)

    @property
    def contract(self) -> Contract | None:
        return self.record.contract

    @property
    def play(self) -> TrickPlay | None:
        return self.record.play

    @property
    def phase(self) -> Phase:
        return self.record.phase

    @property
    def to_act(self) -> Seat | None:
        return self.record.to_act

    @property
    def learners_turn(self) -> bool:
        return self.to_act is self.learner

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds (the learner's own hand, or a robot's for the end-of-deal review)."""
        return self.record.hand(seat)

    def legal_actions(self) -> tuple[str, ...]:
        """The learner's legal calls or cards now (empty when it is not his turn)."""
        if not self.learners_turn:
            return ()
        return tuple(str(m) for m in self.record.legal_moves())

    def view(self, seat: Seat) -> JsonObject:
        """What ``seat`` sees now, as a ``tutor advise`` position."""
        return as_json_object(self.record.view(seat).to_json())

    # -- acting -----------------------------------------------------------------------------------

    def run_robots(self) -> list[Step]:
        """Let the robots act until it is the learner's turn or the deal is over."""
        done = []
        while self.to_act is not None and not self.learners_turn:
            done.append(self._apply(_step(decide(self.record.view()), learner=False)))
        return done

    def hint(self) -> dict[str, Any]:
        """The book's answer for the learner's turn (counted as a hint)."""
        if not self.learners_turn:
            raise TutorError("it is not your turn: there is nothing to hint")
        self.hints += 1
        self._hinted = True
        return decide(self.record.view(self.learner)).answer_json()

    def act(self, text: str) -> Step:
        """The learner's call or card; refused with the law it breaks when illegal."""
        if not self.learners_turn:
            raise TutorError(f"it is {self.to_act.value if self.to_act else 'nobody'}'s turn, not yours")
        text = text.strip()[:8]
        book = decide(self.record.view(self.learner)).answer_json()
        action = self._normalised(text)
        step = Step(self.learner, action, "", (), "", learner=True, book=book, hinted=self._hinted)
        self._hinted = False
        return self._apply(step)

    def _normalised(self, text: str) -> str:
        move: Move = parse_call(text) if self.phase is Phase.AUCTION else Card.parse(text)
        self.record.verify(move, self.learner)
        return str(move)

    def _apply(self, step: Step) -> Step:
        if self.phase is Phase.OVER:
            raise TutorError("the deal is over: no more calls or cards")
        move: Move = parse_call(step.action) if self.phase is Phase.AUCTION else Card.parse(step.action)
        self.record.push(move, step.seat)
        self._steps.append(step)
        return step

    def push(self, step: Step) -> Step:
        """Append a step as given (the review's branches; the learner acts through :meth:`act`)."""
        return self._apply(step)

    def finish_auction_by_robots(self) -> None:
        """Robots make every remaining call, the learner's seat included."""
        while self.phase is Phase.AUCTION:
            self._apply(_step(decide(self.record.view()), learner=False))

    def finish_by_robots(self) -> None:
        """Robots finish the deal, the learner's seat included (the review's playouts)."""
        while self.to_act is not None:
            self._apply(_step(decide(self.record.view()), learner=False))

    def undo(self) -> bool:
        """Take back the learner's last action and the robots' after it; ``False`` when there is none."""
        learner_steps = [i for i, s in enumerate(self._steps) if s.learner]
        if not learner_steps:
            return False
        keep = tuple(self._steps[:learner_steps[-1]])
        self._reset(keep)
        self.undos += 1
        return True

    def from_step(self, index: int) -> TableDeal:
        """A new table at the moment before step ``index`` ("play on from here")."""
        if not 0 <= index <= len(self._steps):
            raise TutorError(f"there is no step {index} in this deal (it has {len(self._steps)})")
        return TableDeal(self.deal, self.dealer, self.learner, score=self.score, rules=self.rules,
                         steps=tuple(self._steps[:index]), seed=self.seed, uid=self.uid)

    def play_on(self, index: int) -> TableDeal:
        """"Play on from here": :meth:`from_step`, marked as played on after the review (kept with it)."""
        table = self.from_step(index)
        table.played_on = True
        return table

    def _reset(self, steps: tuple[Step, ...]) -> None:
        self._steps = []
        self.record.reset()
        for step in steps:
            self._apply(step)

    # -- what the table shows ---------------------------------------------------------------------

    def tricks_in_view(self) -> tuple[Trick, ...]:
        """The quitted tricks that may still be looked at (law 137): the last two before the next
        lead is made, only the last one after it."""
        play = self.record.play
        if play is None:
            return ()
        done = play.tricks
        led = bool(play.current_trick.plays)
        return done[-1:] if led else done[-2:]

    def tricks_won(self) -> dict[Side, int]:
        return self.record.tricks_won()

    def deviations(self) -> tuple[tuple[int, Step], ...]:
        """``(index, step)`` for every learner step that differs from the book's choice."""
        return tuple((i, s) for i, s in enumerate(self._steps) if s.deviates)

    def result(self) -> dict[str, Any]:
        """The deal's score, as ``tutor score`` prints it (once the deal is over)."""
        from tutor.engine.scoring.score_io import score_request

        if self.phase != "over":
            raise TutorError("the deal is not over yet")
        request: JsonObject = {"deal": self.deal.to_pbn(), "dealer": self.dealer.value}
        contract = self.contract
        if contract is None:
            return score_request({**request, "contract": "pass"})
        tricks = self.tricks_won()[contract.declarer.side]
        return score_request({**request, "contract": str(contract.bid),
                              "declarer": contract.declarer.value, "tricks": tricks})

    # -- storing ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal.to_pbn(), "dealer": self.dealer.value, "learner": self.learner.value,
                "seed": self.seed, "score": self.score.to_json() if self.score else None,
                "steps": [s.to_json() for s in self._steps], "hints": self.hints, "undos": self.undos,
                "recorded": self.recorded, "uid": self.uid, "played_on": self.played_on}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rules: Rules | None = None) -> TableDeal:
        try:
            table = cls(Deal.from_pbn(str(data["deal"])), Seat.parse(str(data["dealer"])),
                        Seat.parse(str(data["learner"])),
                        score=ScoreState.from_json(data["score"]) if data.get("score") else None,
                        rules=rules, steps=tuple(Step.from_json(s) for s in data.get("steps", ())),
                        seed=data.get("seed"), uid=stored_uid(data))
        except (KeyError, TypeError, ValueError) as err:
            raise TutorError(f"the stored table is damaged: {err}") from None
        table.hints, table.undos = int(data.get("hints", 0)), int(data.get("undos", 0))
        table.recorded = bool(data.get("recorded", False))
        table.played_on = data.get("played_on") is True
        return table


def _step(decision: Decision, *, learner: bool) -> Step:
    return Step(decision.seat, decision.action, decision.rule, decision.laws, decision.explanation,
                decision.default, learner)


def stored_uid(data: Mapping[str, object], fields: tuple[str, ...] = ("deal", "dealer", "learner", "seed")) -> str:
    """The stored deal's uid; a deal stored before uids existed gets one from ``fields`` (its cards and seat;
    a way's table: its deal's numbers and the learner's player)."""
    uid = data.get("uid")
    if isinstance(uid, str) and 0 < len(uid) <= 64:  # noqa: PLR2004
        return uid
    text = "|".join(str(data.get(f)) for f in fields)
    return hashlib.sha256(text.encode()).hexdigest()[:32]
