"""The play position: what a player at the table knows when he chooses a card.

Law 79 lists what every player "must remember and follow" during the play: who
named which suits and no-trumps, whether a partner supported his comrade, which
suit and card each player led, which suits have been played and how often, who
discarded what, which honours and how many trumps are out, who is void where.
A :class:`PlayPosition` holds exactly that, from one seat's point of view: his
own cards, the dealer and the whole auction, the contract and the declarer, the
completed tricks and the current one. The play conventions
(:mod:`tutor.engine.conventions.play.features`, ``content/conventions/play.yaml``) read it.

The decision *kind* follows from the trick: no card yet — a **lead**; the player
cannot follow the suit led — a **discard** (the choice to ruff or to throw a card,
law ≈108); otherwise **second-hand**, **third-hand** or **fourth-hand**.

A position may carry the full deal (``deal``) so a drill can show it and check a
choice double-dummy; no convention ever looks at it.

>>> from tutor.engine.cards import Deal
>>> from tutor.engine.auction import Auction
>>> d = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> a = Auction.from_calls(Seat.N, ["1NT"] + ["P"] * 8)
>>> p = PlayPosition.at_start(d, a)
>>> p.seat, p.kind.value, str(p.contract)
(<Seat.E: 'E'>, 'lead', '1NT by N')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TypedDict, Unpack, cast

from tutor.engine.auction import Auction, CallRecord
from tutor.engine.calls import Bid, Contract, Strain
from tutor.engine.cards import FULL_PACK, Card, Deal, Hand, Seat, Side, Suit
from tutor.engine.conventions import Rule
from tutor.engine.conventions.kinds import PLAY_DECISIONS, DecisionKind
from tutor.engine.errors import IllegalPlayError, NotationError
from tutor.engine.lazy import cached
from tutor.engine.play import opening_leader
from tutor.engine.rules import Rules
from tutor.engine.tricks import Trick, TrickPlay, legal_cards, trick_winner

#: Every decision kind a play position may be (``PlayPosition.kind``; a rule's ``kind`` is one of these or ``bid``).
DECISION_KINDS = PLAY_DECISIONS


class Context(TypedDict, total=False):
    """What a position may carry beyond the cards and calls (the builders pass it on)."""

    below: Mapping[Side, int]
    rules: Rules
    conventions: tuple[Rule, ...]
    avoid: frozenset[Suit]


@dataclass(frozen=True, eq=False)
class PlayPosition:
    """One seat's decision in the play of a Vint deal."""

    seat: Seat
    hand: Hand
    dealer: Seat
    auction: tuple[CallRecord, ...]
    contract: Contract
    tricks: tuple[Trick, ...] = ()
    current: Trick | None = None
    #: each side's points below the line in the current partie before this deal (law 85)
    below: Mapping[Side, int] = field(default_factory=dict)
    rules: Rules = field(default_factory=Rules)
    #: the play conventions in force (prohibitions re-evaluate the rules they guard)
    conventions: tuple[Rule, ...] = ()
    #: suits a prohibition has taken out of consideration for this lead
    avoid: frozenset[Suit] = frozenset()
    deal: Deal | None = None
    #: values the vocabulary computed for this position (not copied by ``replace``)
    memo: dict[tuple[str, ...], object] = field(default_factory=dict, init=False, repr=False)

    # -- building --------------------------------------------------------------------

    @classmethod
    def at_start(cls, deal: Deal, auction: Auction, **extra: Unpack[Context]) -> PlayPosition:
        """The opening lead of ``deal`` after ``auction`` (which must have ended in a contract)."""
        contract = auction.contract
        if contract is None:
            raise NotationError(f"auction {auction} has not ended in a contract; the play cannot start")
        play = TrickPlay(deal, contract.trump, opening_leader(contract))
        return cls.from_play(deal, auction, play, contract=contract, **extra)

    @classmethod
    def from_play(cls, deal: Deal, auction: Auction, play: TrickPlay, *,
                  contract: Contract | None = None, **extra: Unpack[Context]) -> PlayPosition:
        """The decision of the seat in turn in ``play``."""
        contract = contract or auction.contract
        if contract is None:
            raise NotationError(f"auction {auction} has no contract")
        seat = play.to_play
        return cls(seat=seat, hand=play.hand(seat), dealer=auction.dealer, auction=auction.records,
                   contract=contract, tricks=play.tricks, current=play.current_trick, deal=deal, **extra)

    @classmethod
    def from_cards(cls, *, seat: Seat, hand: Hand, dealer: Seat, calls: Sequence[str],
                   contract: Contract, played: Sequence[Card] = (), trick: Sequence[Card] = (),
                   **extra: Unpack[Context]) -> PlayPosition:
        """Rebuild a position from what the player saw: the cards of earlier tricks in order.

        The seats of earlier cards follow from the rotation and the trick winners
        (the defender on the declarer's left leads first, the winner leads next).

        >>> p = PlayPosition.from_cards(seat=Seat.S, hand=Hand.parse("AQ32.K2.Q32.5432"),
        ...     dealer=Seat.N, calls=["1H"], contract=Contract.parse("1H", "N"), trick=[Card.parse("D4")])
        >>> p.kind.value, p.current.leader
        ('second-hand', <Seat.E: 'E'>)
        """
        records = _auction_records(dealer, tuple(calls), extra.get("rules"))
        if len(played) % 4:
            raise NotationError(f"'played' holds {len(played)} cards: only whole tricks (4 cards each) "
                                f"go there; the cards of the unfinished trick go in 'trick'")
        if len(trick) > 3:
            raise NotationError(f"'trick' holds {len(trick)} cards; at most 3 are on the table before your turn")
        tricks: list[Trick] = []
        leader = opening_leader(contract)
        for i in range(0, len(played), 4):
            seats = leader.rotation()
            done = Trick(leader, tuple(zip(seats, played[i:i + 4])))
            tricks.append(done)
            leader = done.winner(contract.trump)
        current = Trick(leader, tuple(zip(leader.rotation(), trick)))
        to_play = leader.rotation()[len(trick)]
        if to_play is not seat:
            raise IllegalPlayError(f"after these cards it is {to_play.value}'s turn, not {seat.value}'s",
                                   law="law-167")
        seen = [*played, *trick]
        if len(set(seen)) != len(seen):
            raise NotationError("a card appears twice among the cards played")
        clash = sorted(str(c) for c in hand.cards & set(seen))
        if clash:
            raise NotationError(f"the hand still holds {', '.join(clash)}, which were already played")
        if len(hand) != 13 - len(tricks):
            raise NotationError(f"the hand holds {len(hand)} cards; after {len(tricks)} tricks it holds "
                                f"{13 - len(tricks)}")
        return cls(seat=seat, hand=hand, dealer=dealer, auction=records, contract=contract,
                   tricks=tuple(tricks), current=current, **extra)

    def with_avoid(self, suits: Iterable[Suit]) -> PlayPosition:
        return replace(self, avoid=self.avoid | frozenset(suits))

    # -- the trick in progress ------------------------------------------------------

    @property
    def trick(self) -> Trick:
        return self.current if self.current is not None else Trick(opening_leader(self.contract), ())

    @cached  # asked by most play words of every rule, for a position that never changes
    def kind(self) -> DecisionKind:
        """``lead``, ``second-hand``, ``third-hand``, ``fourth-hand`` or ``discard``."""
        plays = self.trick.plays
        if not plays:
            return DecisionKind.LEAD
        if self.hand.length(plays[0][1].suit) == 0:
            return DecisionKind.DISCARD
        return DecisionKind.following(len(plays) + 1)

    @property
    def place(self) -> int:
        """1 for the leader, 2 for second hand, 3 for third, 4 for fourth."""
        return len(self.trick.plays) + 1

    @property
    def led(self) -> Card | None:
        plays = self.trick.plays
        return plays[0][1] if plays else None

    @property
    def led_suit(self) -> Suit | None:
        return self.led.suit if self.led else None

    @property
    def trump(self) -> Suit | None:
        return self.contract.trump

    def legal_cards(self) -> frozenset[Card]:
        return legal_cards(self.hand, self.led_suit)

    def winning(self) -> Seat | None:
        """Who is winning the current trick so far."""
        plays = self.trick.plays
        return trick_winner(plays, self.trump) if plays else None

    # -- the table ---------------------------------------------------------------------

    @property
    def partner(self) -> Seat:
        return self.seat.partner

    @property
    def lho(self) -> Seat:
        return self.seat.lho

    @property
    def rho(self) -> Seat:
        return self.seat.rho

    @property
    def declaring_side(self) -> bool:
        return self.seat.side is self.contract.declarer.side

    # -- the auction ------------------------------------------------------------------------

    def bids(self, seat: Seat) -> tuple[Bid, ...]:
        return tuple(r.call for r in self.auction if r.seat is seat and isinstance(r.call, Bid))

    def named_suits(self, seat: Seat) -> tuple[Suit, ...]:
        """The suits ``seat`` bid, in the order he first named them (no-trumps is not a suit)."""
        out: list[Suit] = []
        for bid in self.bids(seat):
            suit = bid.strain.trump
            if suit is not None and suit not in out:
                out.append(suit)
        return tuple(out)

    def first_bid(self, seat: Seat) -> Bid | None:
        bids = self.bids(seat)
        return bids[0] if bids else None

    def supported(self, seat: Seat, suit: Suit) -> bool:
        """``seat``'s partner also bid ``suit`` (support in the sense of law 79)."""
        return suit in self.named_suits(seat.partner)

    @property
    def trump_supported(self) -> bool:
        """The contract's suit was bid by both declarers (laws 143-144)."""
        trump = self.trump
        if trump is None:
            return False
        return trump in self.named_suits(self.contract.declarer) and self.supported(self.contract.declarer, trump)

    # -- the play so far -------------------------------------------------------------------

    def all_plays(self) -> tuple[tuple[Seat, Card, Suit], ...]:
        """Every card played so far with its seat and the suit led to its trick (worked out once per
        position: the play words ask for it many times in one decision)."""
        kept = self.memo.get(_ALL_PLAYS)
        if kept is None:
            out: list[tuple[Seat, Card, Suit]] = []
            for trick in (*self.tricks, self.trick):
                if trick.plays:
                    led = trick.plays[0][1].suit
                    out.extend((seat, card, led) for seat, card in trick.plays)
            kept = self.memo[_ALL_PLAYS] = tuple(out)
        return cast("tuple[tuple[Seat, Card, Suit], ...]", kept)  # stored just above, under this key only

    def seen(self) -> frozenset[Card]:
        kept = self.memo.get(_SEEN)
        if kept is None:
            kept = self.memo[_SEEN] = frozenset(card for _, card, _ in self.all_plays())
        return cast("frozenset[Card]", kept)  # stored just above, under this key only

    def discards(self, seat: Seat) -> tuple[Card, ...]:
        """Cards ``seat`` threw on a suit he lacked, other than trumps (law 146)."""
        return tuple(c for s, c, led in self.all_plays()
                     if s is seat and c.suit is not led and c.suit is not self.trump)

    def times_led(self, suit: Suit, *, completed_only: bool = True) -> int:
        tricks = self.tricks if completed_only else (*self.tricks, self.trick)
        return sum(1 for t in tricks if t.plays and t.plays[0][1].suit is suit)

    def followed(self, seat: Seat, suit: Suit) -> int:
        """How many times ``seat`` followed to ``suit`` when it was led."""
        return sum(1 for s, c, led in self.all_plays() if s is seat and led is suit and c.suit is suit)

    def remaining_deal(self) -> Deal:
        """The full deal less the cards of completed tricks (what double-dummy starts from)."""
        if self.deal is None:
            raise NotationError("this position carries no full deal")
        gone = {c for t in self.tricks for c in t.cards()}
        return Deal({s: Hand(self.deal[s].cards - gone) for s in self.deal.hands})

    def tricks_won(self, side: Side) -> int:
        return sum(1 for t in self.tricks if t.winner(self.trump).side is side)

    def shown_out(self, seat: Seat) -> frozenset[Suit]:
        """The suits ``seat`` has shown out of: led, and he played another suit (law 146)."""
        return frozenset(led for s, c, led in self.all_plays() if s is seat and c.suit is not led)

    def top_tricks(self, suit: Suit) -> int:
        """The player's cards of ``suit`` that are the highest still out, given every card seen (tutor's
        counting of sure tricks in the play; the hand's model before the play is ``features.sure_tricks``)."""
        seen, held = self.seen(), self.hand.cards
        count = 0
        for card in _HIGH_FIRST[suit]:
            if card in seen:
                continue
            if card not in held:
                break
            count += 1
        return count

    @property
    def strain(self) -> Strain:
        return self.contract.strain


#: Each suit's cards, the ace first (the pack's own cards, not built again for every count).
_HIGH_FIRST: dict[Suit, tuple[Card, ...]] = {suit: tuple(sorted((c for c in FULL_PACK if c.suit is suit),
                                                               key=lambda c: -c.rank)) for suit in Suit}
#: The memo keys of the play so far (the vocabulary's own keys name its words).
_ALL_PLAYS = ("_all_plays",)
_SEEN = ("_seen",)


@lru_cache(maxsize=256)
def _auction_records(dealer: Seat, calls: tuple[str, ...], rules: Rules | None) -> tuple[CallRecord, ...]:
    """The checked records of an auction; cached, since every card of a deal replays the same auction."""
    return Auction.from_calls(dealer, list(calls), rules).records
