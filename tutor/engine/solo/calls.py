"""The Solo Whist call ladder, as data (seed ``002``, l.21–59).

Calls go up a fixed ladder (l.21–23); each game on it says how many tricks its
bidder (or, in a proposal, the two partners together) must take, which suit is
trumps and what it is worth (l.55–59):

====  ======================  ======  =======================  ======  =================
rank  game                    target  trumps                   stake   over/under trick
====  ======================  ======  =======================  ======  =================
1     proposal and acceptance 8 (2)   the turned-up suit       1       1/4
2     solo                    5       the turned-up suit       1       1/4
3     misère                  0       none                     2       —
4     abundance               9       named by the bidder      3       1/2
5     abundance in trumps     9       the turned-up suit       3       1/2
6     open misère             0       none                     4       —
7     declared abundance      13      none                     6       —
====  ======================  ======  =======================  ======  =================

(2) together with one partner. A *misère* bidder must take no trick at all.
:data:`LADDER` is the one place this table is written down; the auction, the play
and the settlement read it.

>>> spec(SoloGame.SOLO).target, spec(SoloGame.SOLO).trumps
(5, <TrumpRule.TURNED_UP: 'turned-up'>)
>>> SoloCall.parse("open misere")
SoloCall.parse('open-misere')
>>> SoloGame.MISERE > SoloGame.SOLO
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from tutor.engine.cards import Card, Seat, Suit
from tutor.engine.errors import NotationError
from tutor.engine.solo import laws


class TrumpRule(enum.Enum):
    """Where a game's trumps come from."""

    TURNED_UP = "turned-up"   # the suit of the dealer's turned-up card (l.9)
    NONE = "none"             # no trumps (misère l.35, declared abundance l.49)
    BIDDER_NAMES = "named"    # the bidder names them once his bid stands (abundance, l.37)


class SoloGame(enum.Enum):
    """A game on the ladder, lowest first; games compare by their rank."""

    PROPOSAL = "proposal"
    SOLO = "solo"
    MISERE = "misere"
    ABUNDANCE = "abundance"
    ABUNDANCE_IN_TRUMPS = "abundance-in-trumps"
    OPEN_MISERE = "open-misere"
    DECLARED_ABUNDANCE = "declared-abundance"

    @property
    def rank(self) -> int:
        return spec(self).rank

    @property
    def spec(self) -> GameSpec:
        return spec(self)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, SoloGame):
            return NotImplemented
        return self.rank < other.rank

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, SoloGame):
            return NotImplemented
        return self.rank > other.rank

    @classmethod
    def parse(cls, text: str) -> SoloGame:
        """Parse a game's name (``solo``, ``misère``, ``prop``, ``abundance in trumps`` …)."""
        key = _normalise(text)
        for game in cls:
            if key == game.value or key in spec(game).aliases:
                return game
        known = ", ".join(g.value for g in cls)
        raise NotationError(f"unknown Solo Whist game {text!r}; expected one of {known}")


def _normalise(text: str) -> str:
    key = text.strip().lower().replace("è", "e").replace("_", "-")
    return "-".join(key.split())


@dataclass(frozen=True)
class GameSpec:
    """One rung of the ladder: its target, trumps, stake and the laws it rests on."""

    game: SoloGame
    rank: int
    name: str
    #: tricks the bidder's side must take; for a misère, the most it may take (0)
    target: int
    #: True for a misère: the bidder must lose every trick
    avoid_tricks: bool
    #: played with one partner (proposal and acceptance) rather than alone against three
    partnership: bool
    trumps: TrumpRule
    #: the bidder leads to the first trick instead of the eldest hand (l.49)
    bidder_leads: bool
    #: the bidder's hand is laid face up after the first trick (l.45)
    exposed_after_first_trick: bool
    #: the stake as the seed prints it (l.55-59), and the amount per over- or under-trick
    stake: Fraction
    per_trick: Fraction
    law: str
    settle_law: str
    lines: str
    aliases: tuple[str, ...] = ()

    @property
    def counts_tricks(self) -> bool:
        """Over- and under-tricks count (l.55-59); not in misère, open misère, declared abundance."""
        return self.per_trick != 0

    @property
    def all_or_nothing(self) -> bool:
        """The game is lost by the first trick that goes the wrong way (misères, declared abundance)."""
        return not self.counts_tricks


def _spec(game: SoloGame, rank: int, name: str, target: int, trumps: TrumpRule, stake: str, per_trick: str,
          law: str, settle_law: str, lines: str, *, aliases: tuple[str, ...] = (), avoid: bool = False,
          partnership: bool = False, bidder_leads: bool = False, exposed: bool = False) -> GameSpec:
    return GameSpec(game, rank, name, target, avoid, partnership, trumps, bidder_leads, exposed,
                    Fraction(stake), Fraction(per_trick), law, settle_law, lines, aliases)


#: The call ladder, lowest first (l.25-53; stakes l.55-59).
LADDER: tuple[GameSpec, ...] = (
    _spec(SoloGame.PROPOSAL, 1, "proposal and acceptance", 8, TrumpRule.TURNED_UP, "1", "1/4",
          laws.LAW_PROPOSAL, laws.LAW_SETTLE_PROPOSAL, "l.25-31, l.55",
          aliases=("prop", "propose", "prop-and-cop", "proposal-and-acceptance"), partnership=True),
    _spec(SoloGame.SOLO, 2, "solo", 5, TrumpRule.TURNED_UP, "1", "1/4",
          laws.LAW_SOLO, laws.LAW_SETTLE_SOLO, "l.33, l.57"),
    _spec(SoloGame.MISERE, 3, "misère", 0, TrumpRule.NONE, "2", "0",
          laws.LAW_MISERE, laws.LAW_SETTLE_MISERE, "l.35, l.57", aliases=("mis",), avoid=True),
    _spec(SoloGame.ABUNDANCE, 4, "abundance", 9, TrumpRule.BIDDER_NAMES, "3", "1/2",
          laws.LAW_ABUNDANCE, laws.LAW_SETTLE_ABUNDANCE, "l.37, l.59", aliases=("abund", "abondance")),
    _spec(SoloGame.ABUNDANCE_IN_TRUMPS, 5, "abundance in trumps", 9, TrumpRule.TURNED_UP, "3", "1/2",
          laws.LAW_ABUNDANCE_IN_TRUMPS, laws.LAW_SETTLE_ABUNDANCE, "l.39-41, l.59",
          aliases=("trump-abundance", "royal-abundance", "abundance-trumps")),
    _spec(SoloGame.OPEN_MISERE, 6, "open misère", 0, TrumpRule.NONE, "4", "0",
          laws.LAW_OPEN_MISERE, laws.LAW_SETTLE_OPEN_MISERE_DECLARED, "l.43-45, l.59",
          aliases=("open", "misere-ouverte", "spread"), avoid=True, exposed=True),
    _spec(SoloGame.DECLARED_ABUNDANCE, 7, "declared abundance", 13, TrumpRule.NONE, "6", "0",
          laws.LAW_DECLARED_ABUNDANCE, laws.LAW_SETTLE_OPEN_MISERE_DECLARED, "l.47-53, l.59",
          aliases=("declared", "abundance-declared"), bidder_leads=True),
)
_BY_GAME = {s.game: s for s in LADDER}


def spec(game: SoloGame) -> GameSpec:
    """The ladder's row for ``game``."""
    return _BY_GAME[game]


class CallKind(enum.Enum):
    """What a call does: pass, accept a proposal, or bid a game."""

    PASS = "pass"
    ACCEPT = "accept"
    BID = "bid"


@dataclass(frozen=True)
class SoloCall:
    """One call of the Solo Whist auction: ``pass``, ``accept`` or a game.

    >>> str(SoloCall.bid(SoloGame.MISERE)), str(SoloCall.pass_()), str(SoloCall.accept())
    ('misere', 'pass', 'accept')
    """

    kind: CallKind
    game: SoloGame | None = None

    def __post_init__(self) -> None:
        if (self.kind is CallKind.BID) != (self.game is not None):
            raise NotationError(f"a {self.kind.value} call {'needs' if self.game is None else 'has no'} game")

    @classmethod
    def pass_(cls) -> SoloCall:
        return cls(CallKind.PASS)

    @classmethod
    def accept(cls) -> SoloCall:
        return cls(CallKind.ACCEPT)

    @classmethod
    def bid(cls, game: SoloGame) -> SoloCall:
        return cls(CallKind.BID, game)

    @classmethod
    def parse(cls, text: str) -> SoloCall:
        """Parse ``pass``, ``accept`` (or ``cop``) or a game's name."""
        key = _normalise(text)
        if key in ("pass", "p", "-", "withdraw"):
            return cls.pass_()
        if key in ("accept", "acceptance", "cop", "a"):
            return cls.accept()
        return cls.bid(SoloGame.parse(text))

    @property
    def name(self) -> str:
        """How the tutor says the call: ``pass``, ``accept``, ``open misère``."""
        return spec(self.game).name if self.game is not None else self.kind.value

    def __str__(self) -> str:
        return self.game.value if self.game is not None else self.kind.value

    def __repr__(self) -> str:
        return f"SoloCall.parse({str(self)!r})"


@dataclass(frozen=True)
class SoloContract:
    """The game the auction settled on: who plays it, with whom, and with what trumps.

    ``partner`` is the accepting player of a proposal (``None`` otherwise);
    ``trump`` is ``None`` for a game without trumps.
    """

    game: SoloGame
    bidder: Seat
    dealer: Seat
    turn_up: Card
    trump: Suit | None
    partner: Seat | None = None

    def __post_init__(self) -> None:
        if spec(self.game).partnership != (self.partner is not None):
            raise NotationError(f"{spec(self.game).name} is played "
                                f"{'with one partner' if spec(self.game).partnership else 'alone'}")
        if self.partner is self.bidder:
            raise NotationError("a player cannot accept his own proposal")

    @property
    def spec(self) -> GameSpec:
        return spec(self.game)

    @property
    def side(self) -> frozenset[Seat]:
        """The bidder, and his partner in a proposal."""
        return frozenset({self.bidder} | ({self.partner} if self.partner is not None else set()))

    @property
    def opponents(self) -> frozenset[Seat]:
        return frozenset(s for s in Seat if s not in self.side)

    @property
    def eldest(self) -> Seat:
        """The eldest hand: the player on the dealer's left (l.21)."""
        return self.dealer.lho

    def describe(self) -> str:
        who = f"{self.bidder.value}" + (f" with {self.partner.value}" if self.partner else "")
        trumps = f"{self.trump.english} trumps" if self.trump else "no trumps"
        return f"{self.spec.name} by {who}, {trumps}, target {self.spec.target}"
