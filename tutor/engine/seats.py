"""The seats and partnerships at the table: ``Seat`` (clockwise N, E, S, W) and ``Side``.

Vint is played by four people; partners sit opposite each other (law 3) and the turn passes
to the left (law 28). A seat names its neighbours (``lho``, ``partner``, ``rho``) and any seat
from its own point of view (:meth:`Seat.relative`); :data:`SEAT_NAMES` and :data:`SIDE_NAMES`
are the one table of the names the learner reads. Every name here is importable from
:mod:`tutor.engine.cards` too, beside the cards and hands that use them.

>>> Seat.N.lho, Seat.N.partner, Seat.N.rho
(<Seat.E: 'E'>, <Seat.S: 'S'>, <Seat.W: 'W'>)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Literal

from tutor.engine.errors import NotationError


class Side(enum.Enum):
    """A partnership: North-South or East-West (law 3: partners sit opposite)."""

    NS = "NS"
    EW = "EW"
    #: Enum's own ``__hash__`` is Python code (the hash of the member's name); members are
    #: singletons compared by identity, so the identity hash is equivalent and runs in C - these
    #: are the keys of every hand, trick and score lookup.
    __hash__ = object.__hash__

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


class Seat(enum.Enum):
    """A seat at the table, clockwise N, E, S, W; play passes to the left."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"
    #: Enum's own ``__hash__`` is Python code (the hash of the member's name); members are
    #: singletons compared by identity, so the identity hash is equivalent and runs in C - these
    #: are the keys of every hand, trick and score lookup.
    __hash__ = object.__hash__

    @property
    def lho(self) -> Seat:
        """The player on this seat's left, who plays next."""
        return _ROTATIONS[self][1]

    @property
    def partner(self) -> Seat:
        return _ROTATIONS[self][2]

    @property
    def rho(self) -> Seat:
        return _ROTATIONS[self][3]

    def next(self) -> Seat:
        """The next seat in turn (to the left, law 28)."""
        return self.lho

    @property
    def side(self) -> Side:
        return _SIDES[self]

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().upper()[:1]
        try:
            return cls(key)
        except ValueError:
            raise NotationError(f"unknown seat {text!r}: expected N, E, S or W") from None

    @property
    def english(self) -> str:
        """``North``, ``East``, ``South``, ``West``."""
        return SEAT_NAMES[self]

    def relative(self, name: RelativeSeat) -> Seat:
        """The seat ``name`` names from this seat's point of view: ``self``, ``lho``, ``partner`` or ``rho``.

        >>> Seat.S.relative("lho"), Seat.S.relative("partner")
        (<Seat.W: 'W'>, <Seat.N: 'N'>)
        """
        if name not in RELATIVE_SEATS:
            raise NotationError(f"unknown seat {name!r} seen from {self.value}: expected {', '.join(RELATIVE_SEATS)}")
        return _SEATS[(_SEATS.index(self) + RELATIVE_SEATS.index(name)) % 4]

    def rotation(self) -> tuple[Seat, Seat, Seat, Seat]:
        """The four seats clockwise starting from this one."""
        return _ROTATIONS[self]


_SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
#: Each seat's rotation, computed once: the play asks for neighbours on every card.
_ROTATIONS: dict[Seat, tuple[Seat, Seat, Seat, Seat]] = {
    seat: (seat, _SEATS[(i + 1) % 4], _SEATS[(i + 2) % 4], _SEATS[(i + 3) % 4]) for i, seat in enumerate(_SEATS)
}
SEATS = _SEATS
#: Each seat's partnership (law 3: partners sit opposite): asked on every card the robots weigh.
_SIDES: dict[Seat, Side] = {Seat.N: Side.NS, Seat.S: Side.NS, Seat.E: Side.EW, Seat.W: Side.EW}
#: The seats and sides as the learner reads them (the one table of their names).
SEAT_NAMES: Mapping[Seat, str] = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
SIDE_NAMES: Mapping[Side, str] = {Side.NS: "North-South", Side.EW: "East-West"}
#: A seat named from another's point of view, clockwise (the order ``Seat.relative`` counts in).
RelativeSeat = Literal["self", "lho", "partner", "rho"]
RELATIVE_SEATS: tuple[RelativeSeat, ...] = ("self", "lho", "partner", "rho")
