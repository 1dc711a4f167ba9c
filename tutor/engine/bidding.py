"""The bidding position and the vocabulary the bidding conventions are written in.

A :class:`BidPosition` is one player's view of a moment in the auction: his seat
and hand, the dealer, the calls so far and, when it matters (law 38), the score.
This module registers with :mod:`tutor.engine.conventions`, for the decision kind
``bid``:

* **situations** — where in the auction the player stands: his first call, before
  his side has bid, after his partner's bid, after his own bid;
* **auction features** — what the calls so far say (the round, partner's bid,
  the player's own suits shown, the score), and the suit-choice features of laws
  34, 35, 37, 39 and 40;
* **choosers** — what a convention recommends: pass, a fixed call, the lowest
  legal bid in a strain within a range of levels, or the next suit to show.

It knows no convention: the conventions themselves are data in
``content/conventions/bidding.yaml``, loaded by :mod:`tutor.lessons.content.conventions`.

Named suits the conventions may use as a ``suit``/``strain`` argument:
``partner`` (partner's last bid), ``own_trump`` (the first suit this player bid),
``best`` (the suit laws 34, 35, 39 and 40 choose as trumps), ``direct`` (six or more
cards headed by the ace and king with three honours, law 37), ``strongest`` (the
long suit with most sure tricks, law ≈61), ``weaker`` (the other long suit, ≈61),
``long_with_honour`` (law 46),
``r53`` (law ≈53) and ``coronet`` (the longest coronet outside partner's suit, law
≈63).

>>> p = BidPosition(Seat.S, Hand.parse("AK543.A2.KQ2.KQJ"), dealer=Seat.S)
>>> p.resolve_suit("best")
<Suit.SPADES: 'S'>
>>> trump_choice(Hand.parse("2.KQJ32.A2.KJT92"))
(<Suit.CLUBS: 'C'>, 'law-40')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import InitVar, dataclass, field

from tutor.engine.auction import Auction, CallRecord
from tutor.engine.calls import Bid, Call, Pass, Strain, parse_call
from tutor.engine.cards import PBN_SUITS, Hand, Seat, Side, Suit
from tutor.engine.conventions.hand_features import (
    coronet,
    honours,
    suit_rank_key,
)
from tutor.engine.conventions.suit_choice import (
    best_by,
    candidate_suits,
    direct_suits,
    r53_suits,
    strength,
    trump_choice,
)
from tutor.engine.errors import IllegalCallError, TutorError
from tutor.engine.lazy import cached
from tutor.engine.nouns import count_of
from tutor.engine.rules import Rules

KIND = "bid"


# -- the score (law 38) --------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreState:
    """The score as law 38 needs it: points below the line in this partie, parties won."""

    below: Mapping[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})
    parties: Mapping[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})

    @classmethod
    def from_json(cls, data: object) -> ScoreState:
        """Read ``{"below": {"NS": 450, "EW": 0}, "parties": {"NS": 1, "EW": 0}}``."""
        if not isinstance(data, Mapping):
            raise TutorError(f"bad score {data!r}: expected {{'below': {{'NS': n, 'EW': n}}, 'parties': …}}")
        unknown = set(data) - {"below", "parties"}
        if unknown:
            raise TutorError(f"bad score: unknown key(s) {', '.join(sorted(repr(k) for k in unknown))}; "
                             "expected below, parties")
        return cls(_sides(data.get("below", {}), "below", 10**6), _sides(data.get("parties", {}), "parties", 1))

    def to_json(self) -> dict[str, dict[str, int]]:
        return {"below": {s.value: self.below[s] for s in Side},
                "parties": {s.value: self.parties[s] for s in Side}}

    def describe(self, side: Side) -> str:
        other = side.other
        return (f"below the line in this partie: your side {self.below[side]}, opponents "
                f"{self.below[other]}; parties won: your side {self.parties[side]}, "
                f"opponents {self.parties[other]}")


def _sides(data: object, what: str, top: int) -> dict[Side, int]:
    if not isinstance(data, Mapping):
        raise TutorError(f"bad score {what!r}: expected {{'NS': n, 'EW': n}}, got {data!r}")
    out: dict[Side, int] = {}
    for side in Side:
        value = data.get(side.value, 0)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
            raise TutorError(f"bad score {what} for {side.value}: {value!r} (a whole number 0–{top})")
        out[side] = value
    extra = set(data) - {"NS", "EW"}
    if extra:
        raise TutorError(f"bad score {what}: unknown side(s) {', '.join(sorted(repr(k) for k in extra))}")
    return out


# -- the position --------------------------------------------------------------------------


@dataclass(frozen=True)
class BidPosition:
    """A player's turn in the auction: what he may know, nothing more."""

    seat: Seat
    hand: Hand
    dealer: Seat
    calls: tuple[Call, ...] = ()
    score: ScoreState | None = None
    rules: Rules = field(default_factory=Rules)
    #: the auction of ``calls`` when the caller has it already (:meth:`at`): not replayed call by call
    known_auction: InitVar[Auction | None] = None

    def __post_init__(self, known_auction: Auction | None) -> None:
        if known_auction is not None:
            self.__dict__["auction"] = known_auction  # the cached property's slot
        if self.auction.is_complete:
            # the law the auction's own refusal of a call after its end names (Auction.verify_call)
            raise IllegalCallError(f"the auction {self.auction} is over: nobody is to call", law="law-76")
        if self.auction.to_call is not self.seat:
            raise TutorError(
                f"it is {self.auction.to_call.value}'s turn after {count_of(len(self.calls), 'call')} "
                f"from dealer {self.dealer.value}, not {self.seat.value}'s (law 28)")

    @property
    def kind(self) -> str:
        return KIND

    @classmethod
    def parse(cls, seat: str, hand: str, dealer: str, calls: list[str] | tuple[str, ...] = (),
              score: ScoreState | None = None, rules: Rules | None = None) -> BidPosition:
        """Build a position from notation: ``BidPosition.parse("S", "AK543.A2.KQ2.KQJ", "S")``."""
        return cls(Seat.parse(seat), Hand.parse(hand), Seat.parse(dealer),
                   tuple(parse_call(c) for c in calls), score, rules or Rules())

    @classmethod
    def at(cls, auction: Auction, hand: Hand, score: ScoreState | None = None) -> BidPosition:
        """The position of the player to call in ``auction``."""
        return cls(auction.to_call, hand, auction.dealer, auction.calls, score, auction.rules, auction.copy())

    def after(self, call: Call) -> Auction:
        """The auction with ``call`` added for this seat."""
        auction = self.auction.copy()
        auction.call(call, self.seat)
        return auction

    # -- the auction seen from this seat -----------------------------------------------------

    @cached
    def auction(self) -> Auction:
        auction = Auction(self.dealer, self.rules)
        for call in self.calls:
            auction.call(call)
        return auction

    def legal_calls(self) -> tuple[Call, ...]:
        return self.auction.legal_calls()

    def records_of(self, seat: Seat) -> tuple[CallRecord, ...]:
        return tuple(r for r in self.auction.records if r.seat is seat)

    @cached
    def own(self) -> tuple[CallRecord, ...]:
        return self.records_of(self.seat)

    @cached
    def partner(self) -> tuple[CallRecord, ...]:
        return self.records_of(self.seat.partner)

    @property
    def round(self) -> int:
        """This seat's call number: 1 for its first call."""
        return len(self.own) + 1

    @cached
    def own_bids(self) -> tuple[Bid, ...]:
        return tuple(r.call for r in self.own if isinstance(r.call, Bid))

    @cached
    def partner_bids(self) -> tuple[Bid, ...]:
        return tuple(r.call for r in self.partner if isinstance(r.call, Bid))

    @cached
    def partner_bid_index(self) -> int:
        """Index in the auction of partner's last bid (-1 if none)."""
        return max((r.index for r in self.partner if isinstance(r.call, Bid)), default=-1)

    @cached
    def opponent_strains(self) -> frozenset[Strain]:
        side = self.seat.side
        return frozenset(r.call.strain for r in self.auction.records
                         if isinstance(r.call, Bid) and r.seat.side is not side)

    @cached
    def last_bid(self) -> CallRecord | None:
        return self.auction.last_bid

    @cached
    def last_bid_by(self) -> str:
        last = self.last_bid
        if last is None:
            return "none"
        if last.seat is self.seat:
            return "self"
        return "partner" if last.seat is self.seat.partner else "opponent"

    @cached
    def own_trump(self) -> Strain | None:
        """The first suit this seat bid (its trump suit in the negotiation), if any."""
        return next((b.strain for b in self.own_bids if b.strain is not Strain.NO_TRUMPS), None)

    @cached
    def shown_suits(self) -> frozenset[Suit]:
        return frozenset(s for b in self.own_bids if (s := b.strain.trump) is not None)

    @cached
    def own_trump_reserved(self) -> bool:
        """This seat named its trump suit and passed at its next turn (law 49)."""
        own = [r.call for r in self.own]
        return any(isinstance(a, Bid) and a.strain is self.own_trump and isinstance(b, Pass)
                   for a, b in zip(own, own[1:]))

    # -- named suits -------------------------------------------------------------------------

    def resolve_suit(self, name: str) -> Suit | None:
        """The suit a convention names (see the module docstring); ``None`` if there is none."""
        key = name.strip()
        if len(key) == 1 and key.upper() in "SHDC":
            return Suit(key.upper())
        resolver = _SUIT_NAMES.get(key)
        if resolver is None:
            raise TutorError(f"unknown suit name {name!r}; known: S, H, D, C, {', '.join(sorted(_SUIT_NAMES))}")
        return resolver(self)

    def resolve_strain(self, name: str) -> Strain | None:
        if name.strip().upper() in ("NT", "N"):
            return Strain.NO_TRUMPS
        suit = self.resolve_suit(name)
        return None if suit is None else Strain.of_suit(suit)

    def lowest_bid(self, strain: Strain, min_level: int = 1, max_level: int = 7) -> Bid | None:
        """The lowest legal bid in ``strain`` with a level in ``[min_level, max_level]``."""
        for level in range(max(1, min_level), min(7, max_level) + 1):
            bid = Bid(level, strain)
            if self.auction.can_call(bid):
                return bid
        return None


# -- named suits: laws 35, 37, 39, 40, 46, the recovered ≈53, ≈61, ≈63 (see suit_choice) ------------


def partner_suit(p: BidPosition) -> Suit | None:
    return p.partner_bids[-1].strain.trump if p.partner_bids else None


def partner_run(p: BidPosition) -> int:
    """How many of partner's bids, from his last one back, name the same suit (law 48)."""
    if not p.partner_bids or p.partner_bids[-1].strain is Strain.NO_TRUMPS:
        return 0
    strain = p.partner_bids[-1].strain
    run = 0
    for bid in reversed(p.partner_bids):
        if bid.strain is not strain:
            break
        run += 1
    return run


def _coronet_suit(p: BidPosition) -> Suit | None:
    partner = partner_suit(p)
    suits = [s for s in PBN_SUITS if s is not partner and coronet(p.hand, s) >= 4]
    return best_by(p.hand, suits, lambda s: (coronet(p.hand, s), *suit_rank_key(p.hand, s)))


def _weaker_long_suit(p: BidPosition) -> Suit | None:
    """The long suit (five or more cards) other than the strongest: ≈61's "less strong" suit."""
    strongest = p.resolve_suit("strongest")
    others = [s for s in PBN_SUITS if p.hand.length(s) >= 5 and s is not strongest]
    return best_by(p.hand, others, lambda s: strength(p.hand, s))


def opponent_suits(p: BidPosition) -> frozenset[Suit]:
    return frozenset(s for st in p.opponent_strains if (s := st.trump) is not None)


_SUIT_NAMES: dict[str, Callable[[BidPosition], Suit | None]] = {
    "partner": partner_suit,
    "own_trump": lambda p: p.own_trump.trump if p.own_trump else None,
    "best": lambda p: trump_choice(p.hand, opponent_suits(p))[0],
    "direct": lambda p: best_by(p.hand, direct_suits(p.hand), lambda s: strength(p.hand, s)),
    "strongest": lambda p: best_by(p.hand, [s for s in PBN_SUITS if p.hand.length(s) >= 5],
                                    lambda s: strength(p.hand, s)),
    "weaker": _weaker_long_suit,
    "long_with_honour": lambda p: best_by(
        p.hand, [s for s in PBN_SUITS if p.hand.length(s) >= 5 and honours(p.hand, s) >= 1],
        lambda s: suit_rank_key(p.hand, s)),
    "r53": lambda p: best_by(p.hand, r53_suits(p.hand), lambda s: strength(p.hand, s)),
    "coronet": _coronet_suit,
}


#: The suit names a bidding rule's ``suit``/``strain`` argument may use.
SUIT_NAMES: frozenset[str] = frozenset(_SUIT_NAMES)


def resolve_suit(position: object, name: str) -> Suit | None:
    """The suit ``name`` names in ``position`` (the bidding vocabulary's suit resolver)."""
    assert isinstance(position, BidPosition)
    return position.resolve_suit(name)


__all__ = [
    "KIND", "SUIT_NAMES", "BidPosition", "ScoreState", "candidate_suits", "direct_suits",
    "opponent_suits", "partner_run", "partner_suit", "r53_suits", "resolve_suit", "trump_choice",
]
