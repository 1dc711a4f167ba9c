"""Calls of the Vint auction: a pass, or a bid of a level and a denomination.

A bid names the number of tricks the partners will take together (law 31):
"simple" or "one" is 7 tricks, "two" 8, … "five" 11, the small slam ("six") 12
and the grand slam ("thirteen") 13. Denominations rank spades < clubs < diamonds
< hearts < no-trumps (law 5 for the suits, law 35 for the auction); that order is
the tuple :data:`VINT_DENOMINATIONS`, the one place it is written down.

>>> parse_call("2NT")
Bid(level=2, strain=<Strain.NO_TRUMPS: 'NT'>)
>>> Bid.parse("1D") > Bid.parse("1C") > Bid.parse("1S")
True
>>> str(Pass())
'P'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cache

from tutor.engine.cards import Seat, Suit
from tutor.engine.errors import NotationError


class Strain(enum.Enum):
    """A denomination: a trump suit or no-trumps."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    NO_TRUMPS = "NT"

    @property
    def rank(self) -> int:
        """Position in the Vint order (0 = spades, lowest; 4 = no-trumps)."""
        return _VINT_RANK[self]

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` at no-trumps."""
        return _TRUMPS[self]

    @property
    def english(self) -> str:
        return "no-trumps" if self is Strain.NO_TRUMPS else self.name.lower()

    @property
    def symbol(self) -> str:
        return "NT" if self is Strain.NO_TRUMPS else Suit(self.value).symbol

    @classmethod
    def parse(cls, text: str) -> Strain:
        key = text.strip().upper()
        if key in ("N", "NT", "NOTRUMPS", "NO-TRUMPS", "BT"):
            return cls.NO_TRUMPS
        if len(key) == 1 and key in "SCDH":
            return cls(key)
        for suit in Suit:
            if key == suit.symbol:
                return cls(suit.value)
        raise NotationError(f"unknown denomination {text!r}: expected S, C, D, H or NT")

    @classmethod
    def of_suit(cls, suit: Suit) -> Strain:
        return _OF_SUIT[suit]


#: Vint's order of denominations, lowest first (laws 5 and 35).
VINT_DENOMINATIONS: tuple[Strain, ...] = (
    Strain.SPADES,
    Strain.CLUBS,
    Strain.DIAMONDS,
    Strain.HEARTS,
    Strain.NO_TRUMPS,
)

_VINT_RANK: dict[Strain, int] = {strain: i for i, strain in enumerate(VINT_DENOMINATIONS)}
#: Each strain's trump suit and back, looked up rather than built from the letter (the conventions ask
#: for them on nearly every decision).
_TRUMPS: dict[Strain, Suit | None] = {s: None if s is Strain.NO_TRUMPS else Suit(s.value) for s in Strain}
_OF_SUIT: dict[Suit, Strain] = {suit: Strain(suit.value) for suit in Suit}

#: The name of each level as players say it (law 31).
LEVEL_NAMES: dict[int, str] = {
    1: "simple",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "small slam",
    7: "grand slam",
}
MIN_LEVEL, MAX_LEVEL = 1, 7
#: The digits a level is written in: ASCII alone (law 31's levels are 1 to 7).
ASCII_DIGITS = "0123456789"


class LevelError(NotationError):
    """A bid's level outside 1 to 7: the call is well formed but breaks law 31 (``law`` names it, as
    :class:`~tutor.engine.errors.IllegalCallError` does, for the callers that say which law it breaks)."""

    law = "law-31"


def tricks_needed(level: int) -> int:
    """Tricks the declaring side must take for a bid of ``level`` (law 31).

    >>> [tricks_needed(n) for n in range(1, 8)]
    [7, 8, 9, 10, 11, 12, 13]
    """
    return 6 + level


@dataclass(frozen=True, order=False)
class Bid:
    """A bid of ``level`` (1–7) in ``strain``."""

    level: int
    strain: Strain
    #: Sort key, level first, then the Vint denomination order (computed once: the
    #: auction compares bids constantly).
    key: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not MIN_LEVEL <= self.level <= MAX_LEVEL:
            raise LevelError(f"bad bid level {self.level}: a bid is from 1 to 7 (law 31)")
        object.__setattr__(self, "key", (self.level, self.strain.rank))

    def __lt__(self, other: Bid) -> bool:
        return self.key < other.key

    def __gt__(self, other: Bid) -> bool:
        return self.key > other.key

    def __le__(self, other: Bid) -> bool:
        return self.key <= other.key

    def __ge__(self, other: Bid) -> bool:
        return self.key >= other.key

    @classmethod
    def parse(cls, text: str) -> Bid:
        call = _parse_call(text)
        if not isinstance(call, Bid):
            raise NotationError(f"expected a bid, got {text!r}")
        return call

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}"

    @property
    def spoken(self) -> str:
        """How the bid is said at the table: "two hearts", "simple spades"."""
        return f"{LEVEL_NAMES[self.level]} {self.strain.english}"

    @property
    def pretty(self) -> str:
        """As the learner reads it written: ``2♥``, ``1NT`` (``str``: the engine's ``2H``)."""
        return f"{self.level}{self.strain.symbol}"

    @property
    def tricks(self) -> int:
        return tricks_needed(self.level)


@dataclass(frozen=True)
class Pass:
    """A pass ("пас")."""

    def __str__(self) -> str:
        return "P"

    @property
    def spoken(self) -> str:
        return "pass"

    @property
    def pretty(self) -> str:
        return "pass"


Call = Bid | Pass


def _parse_call(text: str) -> Call:
    key = text.strip().upper().replace(" ", "")
    if key in ("P", "PASS", "PAS", "ПАС"):
        return Pass()
    # Only the ASCII digits are levels: str.isdigit() and int() also take '٣' (Arabic-Indic) and '３'
    # (fullwidth), which were read as 3.
    if not key or key[0] not in ASCII_DIGITS:
        raise NotationError(f"bad call {text!r}: a call is pass (P) or a level 1 to 7 and S, C, D, H or NT (1S, 2NT)")
    level = ord(key[0]) - ord("0")
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise LevelError(f"bad call {text!r}: the level must be 1 to 7 (law 31)")
    try:
        strain = Strain.parse(key[1:])
    except NotationError:
        raise NotationError(
            f"bad call {text!r}: expected S, C, D, H or NT after the level"
        ) from None
    return Bid(level, strain)


def parse_call(text: str) -> Call:
    """Parse ``P``/``pass`` or a bid such as ``1S``, ``3NT``, ``7H``."""
    return _parse_call(text)


@cache
def all_bids() -> tuple[Bid, ...]:
    """Every bid, lowest first."""
    return tuple(Bid(level, strain) for level in range(1, 8) for strain in VINT_DENOMINATIONS)


@dataclass(frozen=True)
class Contract:
    """The final bid of an auction and the player who made it (the declarer)."""

    bid: Bid
    declarer: Seat

    @property
    def level(self) -> int:
        return self.bid.level

    @property
    def strain(self) -> Strain:
        return self.bid.strain

    @property
    def trump(self) -> Suit | None:
        return self.bid.strain.trump

    @property
    def tricks_needed(self) -> int:
        return self.bid.tricks

    def __str__(self) -> str:
        return f"{self.bid} by {self.declarer.value}"

    @classmethod
    def parse(cls, bid: str, declarer: str) -> Contract:
        return cls(Bid.parse(bid), Seat.parse(declarer))
