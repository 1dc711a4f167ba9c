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
``content/conventions/bidding.yaml``, loaded by :mod:`tutor.lessons.conventions_loader`.

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
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tutor.engine.auction import Auction, CallRecord
from tutor.engine.calls import VINT_DENOMINATIONS, Bid, Call, Pass, Strain, parse_call
from tutor.engine.cards import PBN_SUITS, Card, Hand, Rank, Seat, Side, Suit
from tutor.engine.conventions import register_chooser, register_feature, register_situation
from tutor.engine.errors import TutorError
from tutor.engine.features import (
    coronet,
    guarded,
    honours,
    suit_rank_key,
    suit_sure_tricks,
    sure_tricks,
)
from tutor.engine.rules import Rules
from tutor.engine.suit_choice import (
    best_by,
    candidate_suits,
    direct_suits,
    r53_suits,
    strength,
    trump_choice,
)

KIND = "bid"
#: Trick value per level below the line (scoring 5: 10 × level per trick).
TRICK_VALUE_PER_LEVEL = 10


# -- the score (law 38) --------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreState:
    """The score as law 38 needs it: points below the line in this partie, parties won."""

    below: Mapping[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})
    parties: Mapping[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})

    @classmethod
    def from_json(cls, data: Any) -> ScoreState:
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


def _sides(data: Any, what: str, top: int) -> dict[Side, int]:
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

    def __post_init__(self) -> None:
        if self.auction.is_complete:
            raise TutorError(f"the auction {self.auction} is over: nobody is to call")
        if self.auction.to_call is not self.seat:
            raise TutorError(
                f"it is {self.auction.to_call.value}'s turn after {len(self.calls)} call(s) "
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
        return cls(auction.to_call, hand, auction.dealer, auction.calls, score, auction.rules)

    def after(self, call: Call) -> Auction:
        """The auction with ``call`` added for this seat."""
        auction = self.auction.copy()
        auction.call(call, self.seat)
        return auction

    # -- the auction seen from this seat -----------------------------------------------------

    @cached_property
    def auction(self) -> Auction:
        auction = Auction(self.dealer, self.rules)
        for call in self.calls:
            auction.call(call)
        return auction

    @cached_property
    def legal_calls(self) -> tuple[Call, ...]:
        return self.auction.legal_calls()

    def records_of(self, seat: Seat) -> tuple[CallRecord, ...]:
        return tuple(r for r in self.auction.records if r.seat is seat)

    @cached_property
    def own(self) -> tuple[CallRecord, ...]:
        return self.records_of(self.seat)

    @cached_property
    def partner(self) -> tuple[CallRecord, ...]:
        return self.records_of(self.seat.partner)

    @property
    def round(self) -> int:
        """This seat's call number: 1 for its first call."""
        return len(self.own) + 1

    @cached_property
    def own_bids(self) -> tuple[Bid, ...]:
        return tuple(r.call for r in self.own if isinstance(r.call, Bid))

    @cached_property
    def partner_bids(self) -> tuple[Bid, ...]:
        return tuple(r.call for r in self.partner if isinstance(r.call, Bid))

    @cached_property
    def partner_bid_index(self) -> int:
        """Index in the auction of partner's last bid (-1 if none)."""
        return max((r.index for r in self.partner if isinstance(r.call, Bid)), default=-1)

    @cached_property
    def opponent_strains(self) -> frozenset[Strain]:
        side = self.seat.side
        return frozenset(r.call.strain for r in self.auction.records
                         if isinstance(r.call, Bid) and r.seat.side is not side)

    @cached_property
    def last_bid(self) -> CallRecord | None:
        return self.auction.last_bid

    @cached_property
    def last_bid_by(self) -> str:
        last = self.last_bid
        if last is None:
            return "none"
        if last.seat is self.seat:
            return "self"
        return "partner" if last.seat is self.seat.partner else "opponent"

    @cached_property
    def own_trump(self) -> Strain | None:
        """The first suit this seat bid (its trump suit in the negotiation), if any."""
        return next((b.strain for b in self.own_bids if b.strain is not Strain.NO_TRUMPS), None)

    @cached_property
    def shown_suits(self) -> frozenset[Suit]:
        return frozenset(s for b in self.own_bids if (s := b.strain.trump) is not None)

    @cached_property
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


def _partner_suit(p: BidPosition) -> Suit | None:
    return p.partner_bids[-1].strain.trump if p.partner_bids else None


def _partner_run(p: BidPosition) -> int:
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
    partner = _partner_suit(p)
    suits = [s for s in PBN_SUITS if s is not partner and coronet(p.hand, s) >= 4]
    return best_by(p.hand, suits, lambda s: (coronet(p.hand, s), *suit_rank_key(p.hand, s)))


def _weaker_long_suit(p: BidPosition) -> Suit | None:
    """The long suit (five or more cards) other than the strongest: ≈61's "less strong" suit."""
    strongest = p.resolve_suit("strongest")
    others = [s for s in PBN_SUITS if p.hand.length(s) >= 5 and s is not strongest]
    return best_by(p.hand, others, lambda s: strength(p.hand, s))


def _opponent_suits(p: BidPosition) -> frozenset[Suit]:
    return frozenset(s for st in p.opponent_strains if (s := st.trump) is not None)


_SUIT_NAMES: dict[str, Callable[[BidPosition], Suit | None]] = {
    "partner": _partner_suit,
    "own_trump": lambda p: p.own_trump.trump if p.own_trump else None,
    "best": lambda p: trump_choice(p.hand, _opponent_suits(p))[0],
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


# -- situations ------------------------------------------------------------------------------


def _bid_before(p: BidPosition, args: Mapping[str, Any]) -> bool:
    wanted = str(args.get("bid_before", "any"))
    if wanted == "none":
        return p.last_bid is None
    if wanted == "opponent":
        return p.last_bid_by == "opponent"
    return True


@register_situation("first_call", "this player's first call, his partner not having bid "
                    "(args: bid_before none|opponent|any)")
def _first_call(p: BidPosition, args: Mapping[str, Any]) -> bool:
    return not p.own and not p.partner_bids and _bid_before(p, args)


@register_situation("before_own_bid", "neither this player nor his partner has bid yet "
                    "(he may have passed)")
def _before_own_bid(p: BidPosition, args: Mapping[str, Any]) -> bool:
    return not p.own_bids and not p.partner_bids and _bid_before(p, args)


@register_situation("partner_bid_last", "partner made the last bid and this player has not bid, "
                    "unless own_bid: any (args: strain suit|NT|any; own_bid none|any)")
def _partner_bid_last(p: BidPosition, args: Mapping[str, Any]) -> bool:
    if p.last_bid_by != "partner" or (p.own_bids and str(args.get("own_bid", "none")) != "any"):
        return False
    last = p.last_bid
    assert last is not None and isinstance(last.call, Bid)
    wanted = str(args.get("strain", "any"))
    is_nt = last.call.strain is Strain.NO_TRUMPS
    return wanted == "any" or (wanted == "NT") == is_nt


@register_situation("own_bid_last", "this player made the last bid; everyone has passed since")
def _own_bid_last(p: BidPosition, args: Mapping[str, Any]) -> bool:
    return p.last_bid_by == "self"


@register_situation("any_turn", "any turn to call")
def _any_turn(p: BidPosition, args: Mapping[str, Any]) -> bool:
    return True


# -- auction features ----------------------------------------------------------------------------

#: Bidding features that read the hand only (suit choice ignoring the opponents' suits when
#: there are none), so a deal generator may test them before the auction exists.
HAND_LEVEL: frozenset[str] = frozenset({
    "candidate_suits", "suit_choice", "has_simple_game", "has_direct_suit", "direct_suit_sure_tricks",
    "has_r53_suit", "has_long_suit_with_honour", "long_suits_sure_tricks",
})


def _feature(name: str, description: str) -> Callable[[Callable[[BidPosition], Any]], Callable[[BidPosition], Any]]:
    def decorate(fn: Callable[[BidPosition], Any]) -> Callable[[BidPosition], Any]:
        register_feature(name, description, (KIND,))(lambda position, args: fn(position))
        return fn
    return decorate


def _call_text(call: Call | None) -> str:
    return "" if call is None else str(call)


_feature("round", "this player's call number (1 = his first call)")(lambda p: p.round)
_feature("calls_before", "calls made before this player's first call")(
    lambda p: p.own[0].index if p.own else len(p.calls))
_feature("suit_named", "some player has bid a suit")(
    lambda p: any(isinstance(c, Bid) and c.strain is not Strain.NO_TRUMPS for c in p.calls))
_feature("partner_passed", "partner has called and has only passed")(
    lambda p: bool(p.partner) and not p.partner_bids)
_feature("partner_bid_level", "level of partner's last bid (0 if none)")(
    lambda p: p.partner_bids[-1].level if p.partner_bids else 0)
_feature("partner_bid_direct", "partner's last bid was his first call (made 'directly from the hand')")(
    lambda p: bool(p.partner) and isinstance(p.partner[0].call, Bid) and len(p.partner_bids) == 1)
_feature("partner_opened_nt", "partner said no-trumps at his first call, without passing (law 41)")(
    lambda p: bool(p.partner) and isinstance(p.partner[0].call, Bid)
    and p.partner[0].call.strain is Strain.NO_TRUMPS)
_feature("opponents_bid", "an opponent has bid")(lambda p: bool(p.opponent_strains))
_feature("own_bids", "bids this player has made")(lambda p: len(p.own_bids))
_feature("own_last_call", "this player's last call: none, pass or bid")(
    lambda p: "none" if not p.own else ("bid" if isinstance(p.own[-1].call, Bid) else "pass"))
_feature("own_last_bid", "this player's last bid, e.g. 1NT ('' if none)")(
    lambda p: _call_text(p.own_bids[-1] if p.own_bids else None))
_feature("own_last_bid_level", "level of this player's last bid (0 if none)")(
    lambda p: p.own_bids[-1].level if p.own_bids else 0)
_feature("own_last_bid_is_trump", "this player's last call was a bid in his trump suit")(
    lambda p: bool(p.own) and isinstance(p.own[-1].call, Bid) and p.own[-1].call.strain is p.own_trump)
_feature("own_trump_bids", "bids this player has made in his trump suit")(
    lambda p: sum(1 for b in p.own_bids if b.strain is p.own_trump) if p.own_trump else 0)
_feature("own_trump_reserved", "this player named his suit and passed next turn (law 49)")(
    lambda p: p.own_trump_reserved)
_feature("own_nt_bid", "this player has bid no-trumps")(
    lambda p: any(b.strain is Strain.NO_TRUMPS for b in p.own_bids))
_feature("unshown_aces", "aces in suits this player has not named")(
    lambda p: sum(1 for s in PBN_SUITS if Card(s, Rank.ACE) in p.hand and s not in p.shown_suits))
_feature("candidate_suits", "suits that may be named as trumps: 4+ cards, 2+ honours, not the "
         "opponents' (laws 33, 34)")(lambda p: len(candidate_suits(p.hand, _opponent_suits(p))))
_feature("suit_choice", "why the trump suit was chosen: none, only, longer, law-40, law-39, higher")(
    lambda p: trump_choice(p.hand, _opponent_suits(p))[1])
_feature("has_simple_game", "five sure tricks and a suit of 4+ cards with 2 honours (laws 33, 34)")(
    lambda p: sure_tricks(p.hand).total >= 5 and bool(candidate_suits(p.hand)))
_feature("has_direct_suit", "six or more trumps headed by A K with three honours (law 37)")(
    lambda p: bool(direct_suits(p.hand)))
_feature("direct_suit_sure_tricks", "sure tricks in the law-37 suit (0 if none)")(
    lambda p: suit_sure_tricks(p.hand, s).total if (s := p.resolve_suit("direct")) else 0)
_feature("has_r53_suit", "five cards with two of A K Q, or six with J 10 (law ≈53)")(
    lambda p: bool(r53_suits(p.hand)))
_feature("has_long_suit_with_honour", "a suit of five or more cards with an honour (law 46)")(
    lambda p: p.resolve_suit("long_with_honour") is not None)
_feature("coronet_outside_partner", "longest coronet outside partner's suit (law ≈63)")(
    lambda p: max((coronet(p.hand, s) for s in PBN_SUITS if s is not _partner_suit(p)), default=0))
_feature("our_below", "points below the line of this player's side in the partie")(
    lambda p: p.score.below[p.seat.side] if p.score else 0)
_feature("own_passes_since_partner_bid", "passes this player made after partner's last bid")(
    lambda p: sum(1 for r in p.own if isinstance(r.call, Pass) and p.partner_bid_index < r.index)
    if p.partner_bids else 0)
_feature("candidate_suits_outside_partner", "suits of 4+ cards with 2+ honours other than "
         "partner's suit (laws ≈62, ≈63)")(
    lambda p: len(candidate_suits(p.hand, _opponent_suits(p) | {s for s in [_partner_suit(p)] if s})))
_feature("partner_suit_run", "times partner has named his last suit in a row: his last bids, counted "
         "back while they are in that suit (0 if none or no-trumps; law 48)")(lambda p: _partner_run(p))
_feature("long_suits_sure_tricks", "sure tricks in the suits of five or more cards (law ≈61)")(
    lambda p: sum(suit_sure_tricks(p.hand, s).total for s in PBN_SUITS if p.hand.length(s) >= 5))


@register_feature("ends_partie", "making a game of `level` (default 1) brings this side to the "
                  "partie (law 38)", (KIND,))
def _ends_partie(p: BidPosition, args: Mapping[str, Any]) -> bool:
    if p.score is None:
        return False
    level = int(args.get("level", 1))
    gain = (6 + level) * TRICK_VALUE_PER_LEVEL * level
    return p.score.below[p.seat.side] + gain >= p.rules.partie_target


# -- choosers ---------------------------------------------------------------------------------------


@register_chooser("pass", "pass")
def _pass(p: BidPosition, args: Mapping[str, Any]) -> Call:
    return Pass()


@register_chooser("bid", "a fixed call (args: call), if it is legal")
def _fixed(p: BidPosition, args: Mapping[str, Any]) -> Call | None:
    call = parse_call(str(args.get("call", "")))
    return call if p.auction.can_call(call) else None


@register_chooser("lowest_bid", "the lowest legal bid in `strain` (NT, a suit letter or a named "
                  "suit) between min_level and max_level")
def _lowest(p: BidPosition, args: Mapping[str, Any]) -> Call | None:
    strain = p.resolve_strain(str(args.get("strain", "")))
    if strain is None:
        return None
    return p.lowest_bid(strain, int(args.get("min_level", 1)), int(args.get("max_level", 7)))


#: Holdings a player shows by naming their suit in the negotiation (laws 46–50, 73).
SHOWN_HOLDINGS: dict[str, Callable[[Hand, Suit], bool]] = {
    # law 49 and W16: a side suit with a sure trick and two honours (K Q J, K Q x)
    "passing": lambda h, s: suit_sure_tricks(h, s).total >= 1 and honours(h, s) >= 2,
    # law 50: a short suit holding an honour
    "short": lambda h, s: honours(h, s) >= 1,
    # law 48: a king or queen is never shown blank - one or two more cards of its suit at least
    "king": lambda h, s: guarded(h, s, Rank.KING, 1),
    "queen": lambda h, s: guarded(h, s, Rank.QUEEN, 1),
    # law 48: a jack needs at least three more cards of its suit
    "jack": lambda h, s: guarded(h, s, Rank.JACK, 3),
}


@register_chooser("show_suit", "the lowest-ranking suit not yet named whose holding is `holding` "
                  "(passing, short, king, queen, jack), bid as low as legal up to max_level")
def _show_suit(p: BidPosition, args: Mapping[str, Any]) -> Call | None:
    holding = str(args.get("holding", ""))
    if holding not in SHOWN_HOLDINGS:
        raise TutorError(f"show_suit: unknown holding {holding!r}; known: {', '.join(SHOWN_HOLDINGS)}")
    test = SHOWN_HOLDINGS[holding]
    skip = set(p.shown_suits)
    if args.get("exclude_trump", True) and p.own_trump and p.own_trump.trump:
        skip.add(p.own_trump.trump)
    for strain in VINT_DENOMINATIONS[:-1]:
        suit = strain.trump
        assert suit is not None
        if suit in skip or not test(p.hand, suit):
            continue
        return p.lowest_bid(strain, 1, int(args.get("max_level", 2)))
    return None


__all__ = [
    "BidPosition", "HAND_LEVEL", "KIND", "SHOWN_HOLDINGS", "ScoreState", "candidate_suits", "direct_suits",
    "r53_suits", "trump_choice",
]
