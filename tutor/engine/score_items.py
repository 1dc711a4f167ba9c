"""The entries of a Vint score sheet: one :class:`ScoreItem` per thing written.

Each side keeps its record in two parts (book scoring 1): tricks (leve) are written
*below* the line and added up towards the 500 that ends a partie; honours, aces,
coronets, slam bonuses and penalties are written *above* the line, each entry in full.
A :class:`ScoreItem` is one such entry, with the law ids it rests on and a one-line
explanation; a :class:`DealScore` is every entry of one deal.

>>> item = ScoreItem(Side.NS, "below", "tricks", 270, ("scoring-5",), "NS took 9 tricks at 30")
>>> DealScore((item,), tricks={Side.NS: 9, Side.EW: 4}).below(Side.NS)
270
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from tutor.engine.calls import Contract
from tutor.engine.cards import Side

Line = Literal["above", "below"]
LINES: tuple[Line, ...] = ("above", "below")

#: Every kind of entry, in the order a sheet lists them, with its label.
KINDS: dict[str, str] = {
    "tricks": "tricks (leve)",
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

    ``tricks`` are the tricks each side is credited with (after a revoke's transfer);
    ``x_mark`` is true for a passed-out deal thrown in (scoring 8); ``notes`` explain
    what produced no entry (offsetting honours, say); ``readings`` name the tutor's
    readings (``content/scoring-readings.yaml``) this deal relied on.
    """

    items: tuple[ScoreItem, ...]
    tricks: Mapping[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})
    contract: Contract | None = None
    x_mark: bool = False
    revoke: Side | None = None
    notes: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()

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
