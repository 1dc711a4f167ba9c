"""The records each way keeps over several deals (``tutor score {"players": …, "deals": […]}``).

* **Two players** (every way, RO l.455, 495, 515 and 004 l.19: "the records are kept in the
  usual order"): a rubber on the four-handed engine, player A writing the N-S column and B the
  E-W one; the buy-in way needs 600 below the line for a partie (RO l.513), a
  made five or slam ending it at once unless the ``buy-in-five`` option says otherwise (RO l.391, 515).
  Nothing is paid before the rubber is over. Deals of the
  ways without dummies are scored by :func:`~tutor.engine.ways.score.duel_score`.
* **Three players, the auction way** (RO l.535-539): "all three keep independent records;
  the first to reach 500 below the line ends the partie, and so the rubber"; the declarer
  writes his side's entries, each of the other two the defenders' entries in full.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tutor.engine.cards import Seat, Side
from tutor.engine.errors import TutorError
from tutor.engine.rubber import Rubber
from tutor.engine.rules import Rules
from tutor.engine.scoring.items import DealScore
from tutor.engine.settlement import Payment, three_player_payments, two_player_payments
from tutor.engine.ways.catalogue import Way
from tutor.engine.ways.score import way_rules

THREE_TARGET = 500


@dataclass
class ThreeRecords:
    """The three independent records of the auction way."""

    players: tuple[str, str, str]
    below: dict[str, int] = field(default_factory=dict)
    above: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(set(self.players)) != 3:  # noqa: PLR2004 - three players
            raise TutorError(f"three different players keep the records; got {list(self.players)}")
        for name in self.players:
            self.below.setdefault(name, 0)
            self.above.setdefault(name, 0)

    @property
    def is_over(self) -> bool:
        """The first to 500 below the line ends the partie and the rubber (RO l.537)."""
        return any(points >= THREE_TARGET for points in self.below.values())

    def add(self, declarer: str, score: DealScore, declaring: Side = Side.NS) -> None:
        """Write one deal: the declarer his side's entries, each defender the defenders' (RO l.537)."""
        if self.is_over:
            raise TutorError("the partie is over: someone has 500 below the line, and the rubber with it "
                             "(law three-2)")
        if declarer not in self.players:
            raise TutorError(f"declarer: {declarer!r} is not one of {', '.join(self.players)}")
        for name in self.players:
            side = declaring if name == declarer else declaring.other
            self.below[name] += score.below(side)
            self.above[name] += score.above(side)

    def totals(self) -> dict[str, int]:
        return {n: self.below[n] + self.above[n] for n in self.players}

    def payments(self) -> tuple[Payment, ...]:
        return three_player_payments(self.totals())

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"below": dict(self.below), "above": dict(self.above), "total": self.totals(),
                                  "over": self.is_over, "payments": []}
        if not self.is_over:
            out["note"] = "the partie goes on until someone has 500 below the line: nothing is paid yet"
            return out
        try:
            out["payments"] = [p.to_json() for p in self.payments()]
        except TutorError as err:
            out["note"] = str(err)
        return out


FIVE_LEVEL = 5


class WayRubber(Rubber):
    """A two-player rubber of ``way``: its partie target, and in the buy-in way (option
    ``buy-in-five``) a made five or slam ending the partie at once (scoring 6, RO l.391 and l.515)."""

    def __init__(self, way: Way, rules: Rules | None = None) -> None:
        super().__init__(way_rules(way, rules))
        self.way = way

    def _ends_partie_at_once(self, score: DealScore) -> Side | None:
        contract = score.contract
        if contract is None or contract.level < FIVE_LEVEL or self.way.option("buy-in-five") != "ends-partie":
            return None
        declaring = contract.declarer.side
        made = score.tricks.get(declaring, 0) >= contract.tricks_needed
        return declaring if made else None


def two_player_rubber(names: Sequence[str], scores: Sequence[DealScore], way: Way) -> dict[str, object]:
    """A two-player rubber of ``scores`` (A: N-S, B: E-W) of ``way``; nothing is paid before it ends."""
    rubber = WayRubber(way)
    target = rubber.rules.partie_target
    for n, score in enumerate(scores):
        if rubber.is_over:
            raise TutorError(f"deals[{n}]: the rubber was already over")
        rubber.write_score(score)
    side_of = {names[0]: Side.NS, names[1]: Side.EW}
    totals = {n: rubber.total(s) for n, s in side_of.items()}
    winner = rubber.winner
    return {"below": {n: rubber.below(s) for n, s in side_of.items()},
            "above": {n: rubber.above(s) for n, s in side_of.items()}, "total": totals,
            "parties": [next(n for n, s in side_of.items() if s is g) for g in rubber.games],
            "rubber_winner": next((n for n, s in side_of.items() if s is winner), None),
            "partie_target": target, "over": rubber.is_over,
            **({"payments": [p.to_json() for p in two_player_payments(totals)]} if rubber.is_over else
               {"payments": [], "note": "the rubber goes on until a player wins two parties: nothing is paid yet"})}


def seats_of(data: Mapping[str, object], names: Sequence[str], where: str) -> dict[str, Seat]:
    """``{"A": "S", "B": "W"}`` read and checked."""
    seats: dict[str, Seat] = {}
    for name in names:
        value = data.get(name)
        try:
            seats[name] = Seat.parse(str(value))
        except TutorError:
            raise TutorError(f"{where}.{name}: {value!r} is not a seat (N, E, S or W)") from None
    if len(set(seats.values())) != len(names):
        raise TutorError(f"{where}: each player sits at his own seat")
    return seats
