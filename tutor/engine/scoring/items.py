"""The entries of a Vint score sheet: one :class:`ScoreItem` per thing written.

Each side keeps its record in two parts (book scoring 1): tricks are written
*below* the line and added up towards the 500 that ends a partie; honours, aces,
coronets, slam bonuses and penalties are written *above* the line, each entry in full.
A :class:`ScoreItem` is one such entry, with the law ids it rests on and a one-line
explanation; a :class:`DealScore` is every entry of one deal. A :class:`Revoke` is one
revoke of the deal (laws 146-159): the side that made it, the player, and whether he
answers for it alone (laws 153 and 157).

The book keeps the record "with large honours", counting in tens; "with small honours"
the count is simple (preamble, RO l.17): :func:`in_count` writes a figure of the large
count in the small one.

>>> item = ScoreItem(Side.NS, "below", "tricks", 270, ("scoring-5",), "NS took 9 tricks at 30")
>>> DealScore((item,), tricks={Side.NS: 9, Side.EW: 4}).below(Side.NS)
270
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from tutor.engine.calls import Contract
from tutor.engine.cards import Seat, Side
from tutor.engine.errors import TutorError

Line = Literal["above", "below"]

#: Every kind of entry, in the order a sheet lists them, with its label.
KINDS: dict[str, str] = {
    "tricks": "tricks",
    "honours": "honours",
    "aces": "aces",
    "coronet": "coronet",
    "slam_declared": "declared slam",
    "slam_made": "slam made",
    "penalty": "penalty",
    "slam_failed": "failed slam",
    "revoke_penalty": "revoke shortfall",
    "over_cap": "over 490 (revoke)",
    "played_out": "played-out pass",
    "dealer_extra_card": "dealer's 14th card",
    "partie": "partie",
    "rubber": "rubber",
    "x_mark": "X mark",
}


#: The laws under which one player, not his side, answers for a revoke: 153 (asked by his
#: partner whether he had none of the suit, he said so, and the revoke proves deliberate: "he
#: alone pays the fine with all the consequences") and 157 (the card dropped under the table).
PERSONAL_REVOKE_LAWS: dict[str, str] = {
    "law-153": "he told his partner, who asked, that he had none of the suit",
    "law-157": "he dropped a card under the table and then ruffed or discarded on its suit",
}

#: The two ways of keeping the record (preamble): large honours count in tens, small
#: honours count simply, so every figure of the large count is ten times the small one.
COUNTS: dict[str, int] = {"large": 1, "small": 10}


def in_count(points: int, count: str = "large") -> int:
    """``points`` of the book's large count, written in ``count`` ("large" or "small").

    >>> in_count(270, "small"), in_count(5000, "small"), in_count(490)
    (27, 500, 490)
    """
    if count not in COUNTS:
        raise TutorError(f"count {count!r}: expected 'large' (the book's, in tens) or 'small' (simple count)")
    return points // COUNTS[count]


@dataclass(frozen=True)
class Revoke:
    """One revoke: the side that made it, the player if known, and the law making it his alone.

    >>> Revoke(Side.NS, Seat.N, "law-153").charged_to
    <Seat.N: 'N'>
    >>> Revoke(Side.EW).charged_to
    <Side.EW: 'EW'>
    """

    side: Side
    seat: Seat | None = None
    personal: str | None = None

    def __post_init__(self) -> None:
        if self.seat is not None and self.seat.side is not self.side:
            raise TutorError(f"revoke: {self.seat.value} does not sit in {self.side.value}")
        if self.personal is not None:
            if self.personal not in PERSONAL_REVOKE_LAWS:
                raise TutorError(f"revoke: personal {self.personal!r}: expected one of "
                                 f"{', '.join(PERSONAL_REVOKE_LAWS)}")
            if self.seat is None:
                raise TutorError(f"revoke: a personal revoke ({self.personal}) needs the seat of the player")

    @property
    def charged_to(self) -> Seat | Side:
        """Who answers for the revoke: the player alone (laws 153, 157) or both partners."""
        return self.seat if self.personal is not None and self.seat is not None else self.side

    def to_json(self) -> dict[str, object]:
        return {"side": self.side.value, "seat": self.seat.value if self.seat else None,
                "personal": self.personal, "charged_to": self.charged_to.value}


@dataclass(frozen=True)
class RevokeCharge:
    """What one revoke cost its side (the swing against it), and who answers for that share."""

    revoke: Revoke
    cost: int

    def to_json(self) -> dict[str, object]:
        return {**self.revoke.to_json(), "cost": self.cost}


@dataclass(frozen=True)
class ScoreItem:
    """One entry: which side writes it, above or below the line, what, how much, and why."""

    side: Side
    line: Line
    kind: str
    points: int
    laws: tuple[str, ...]
    text: str

    def to_json(self) -> dict[str, object]:
        return {
            "side": self.side.value,
            "line": self.line,
            "kind": self.kind,
            "points": self.points,
            "laws": list(self.laws),
            "text": self.text,
        }


@dataclass(frozen=True)
class DealScore:
    """Every entry one deal produces, plus what the sheet needs to know about it.

    ``tricks`` are the tricks each side is credited with (after the revokes' transfers);
    ``x_mark`` is true for a passed-out deal thrown in (scoring 8); ``revokes`` are the
    deal's revokes and ``charges`` what each cost and who answers for it; ``notes`` explain
    what produced no entry (offsetting honours, say); ``readings`` name the tutor's
    readings (``content/scoring-readings.yaml``) this deal relied on.
    """

    items: tuple[ScoreItem, ...]
    tricks: Mapping[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})
    contract: Contract | None = None
    x_mark: bool = False
    revokes: tuple[Revoke, ...] = ()
    notes: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()
    charges: tuple[RevokeCharge, ...] = ()

    @property
    def revoke(self) -> Side | None:
        """The side that revoked, when only one side did (``None`` otherwise)."""
        sides = {r.side for r in self.revokes}
        return sides.pop() if len(sides) == 1 else None

    @property
    def revoking_sides(self) -> frozenset[Side]:
        return frozenset(r.side for r in self.revokes)

    def below(self, side: Side) -> int:
        """Points ``side`` writes below the line on this deal."""
        return sum(i.points for i in self.items if i.side is side and i.line == "below")

    def above(self, side: Side) -> int:
        """Points ``side`` writes above the line on this deal."""
        return sum(i.points for i in self.items if i.side is side and i.line == "above")

    def total(self, side: Side) -> int:
        return self.below(side) + self.above(side)

    def of_kind(self, *kinds: str) -> tuple[ScoreItem, ...]:
        return tuple(i for i in self.items if i.kind in kinds)

    @property
    def made(self) -> bool | None:
        """Whether the contract was made (``None`` for a passed-out deal)."""
        if self.contract is None:
            return None
        return self.tricks[self.contract.declarer.side] >= self.contract.tricks_needed
