"""The ledger's bounds on the robots' own auctions: true of the hand that called, and as the book states them.

Expectations come from outside the ledger: the caller's true hand, counted card by card
(a rank's cards by their rank, a suit's by their suit), and the book's own statements —
law 41 of the book (``/work/shared/seeds/000_…``, line 119): "a player who has three or
four aces must, the first time, without passing, say no-trumps … this is an exclusive
call: only it shows aces"; law 42 (line 121): with two aces, no-trumps "after a pass or
after a suit already named", neither of which exists at the auction's first call. So the auction's
opening simple no-trumps holds 3 or 4 aces, and any other opening below two no-trumps
(law 43: four aces) holds at most 2; no law asks for an ace to pass or to name a suit
(law 51 passes *without* aces), so those openings range over 0 to 2.

The auctions are the robots' (:func:`tutor.lessons.robots.bid_auction`, the auction
:func:`~tutor.lessons.robots.robot_deal` plays on; the card play, which the ledger of calls
does not read, is left out to keep the test fast) on seeded random deals, seeds apart from
``tests/test_costs.py``'s.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from tutor.engine.calls import Bid, Call, Strain, parse_call
from tutor.engine.cards import Card, Deal, Hand, Rank, Seat, Suit
from tutor.engine.conventions import Condition
from tutor.engine.conventions.vocabularies import BIDDING
from tutor.engine.conventions.vocabulary import CardsBetween, HandTest
from tutor.engine.deals.generate import random_deal
from tutor.engine.rules import Rules
from tutor.lessons.cost.ledger import HandRead, build_ledger, public_position
from tutor.lessons.robots import bid_auction

DEALS = 80
FIRST_SEED = 31_000


@lru_cache(maxsize=1)
def _auctions() -> tuple[tuple[Deal, Seat, tuple[Call, ...]], ...]:
    out = []
    for n in range(DEALS):
        deal, dealer = random_deal(random.Random(FIRST_SEED + n)), list(Seat)[n % 4]
        _, decisions = bid_auction(deal, dealer, None, None)
        out.append((deal, dealer, tuple(parse_call(d.action) for d in decisions)))
    return tuple(out)


def _held(hand: Hand, cards: frozenset[Card]) -> int:
    """How many of ``cards`` the hand holds, counted by rank or by suit when the set is one of them."""
    suits, ranks = {c.suit for c in cards}, {c.rank for c in cards}
    if len(suits) == 1 and len(cards) == 13:
        return sum(1 for c in hand.cards if c.suit in suits)
    if len(ranks) == 1 and len(cards) == 4:
        return sum(1 for c in hand.cards if c.rank in ranks)
    return sum(1 for c in hand.cards if c in cards)


def _count(hand: Hand, key: Rank | Suit) -> int:
    return sum(1 for c in hand.cards if (c.suit if isinstance(key, Suit) else c.rank) is key)


def test_every_bound_and_every_met_ways_counts_hold_for_the_true_hand() -> None:
    """Each call's bounds contain the caller's count, and so do the counts of every way to the call
    its hand met (the rule's hand conditions held, no blocker's all did) — a way's counts include a
    named suit resolved in the auction ("partner's suit": the recovered ≈62 and ≈63)."""
    seen: Counter[str] = Counter()
    for deal, dealer, calls in _auctions():
        ledger = build_ledger(dealer, calls, None, Rules())
        for seat in Seat:
            hand = deal[seat]
            for reading in ledger.calls[seat]:
                assert reading.holds(hand), (dealer, calls, seat, reading.call)
                for key, (low, high) in reading.bounds.items():
                    seen["bound"] += 1
                    assert low <= _count(hand, key) <= high, (seat, reading.call, key)
                position = reading.position(hand)
                for way in reading.disjuncts:
                    met = all(c.holds(position) for c in way.conditions) and not any(
                        all(c.holds(position) for c in conds) for _, conds in way.blockers)
                    if not met:
                        continue
                    for cards, (low, high) in way.counts.items():
                        seen["suit" if len({c.suit for c in cards}) == 1 else "rank"] += 1
                        assert low <= _held(hand, cards) <= high, (seat, reading.call, way.rule.id)
                    if any(c.args.get("suit") == "partner" for c in way.conditions) and any(
                            len({c.suit for c in cards}) == 1 for cards in way.counts):
                        seen["partner's suit"] += 1
    # the readings say something, and the new realisers' counts are among what was checked
    assert seen["bound"] > 200 and seen["rank"] > 200 and seen["suit"] > 60 and seen["partner's suit"] > 10, seen


def test_the_openings_bound_the_aces_as_law_41_states() -> None:
    ranges: dict[str, set[tuple[int, int]]] = {}
    for deal, dealer, calls in _auctions():
        opening = calls[0]
        (reading,) = build_ledger(dealer, calls[:1], None, Rules()).calls[dealer]
        aces = reading.bounds[Rank.ACE]
        assert aces[0] <= _count(deal[dealer], Rank.ACE) <= aces[1]
        ranges.setdefault(str(opening), set()).add(aces)
        if opening == Bid(1, Strain.NO_TRUMPS):
            assert aces == (3, 4), reading.sentence()
            assert "3 or more aces" in reading.sentence() and "law 41" in reading.sentence()
        elif not (isinstance(opening, Bid) and opening.strain is Strain.NO_TRUMPS):
            assert aces == (0, 2), (str(opening), reading.sentence())
            assert "at most 2 aces" in reading.sentence() and "41" in reading.sentence()
    # the robots' openings over these deals include a no-trumps, a pass and a suit
    assert "1NT" in ranges and "P" in ranges and any(k[0].isdigit() and not k.endswith("NT") for k in ranges)


def test_a_suit_named_by_the_auction_is_resolved_in_the_public_position() -> None:
    # North names spades (law 35: "he names his high and long suit"); South, after East's pass,
    # has spades as partner's suit — a fact of the auction, not of South's hand
    public = public_position(Seat.S, Seat.N, [parse_call("1S"), parse_call("P")], None, Rules())
    length = BIDDING.feature("length")
    spades = frozenset(Card(Suit.SPADES, r) for r in Rank)
    support = Condition(length, ">=", 2, {"suit": "partner"})
    told = support.requirement(public)
    assert isinstance(told, HandTest) and told.counts == (CardsBetween(spades, 2, 13),)
    denied = support.requirement(public, negated=True)
    assert isinstance(denied, HandTest) and denied.counts == (CardsBetween(spades, 0, 1),)
    # without the position the name is no fact of the hand alone (what the bidding drill asks)
    assert support.requirement() is None
    # a suit only the hand can name ("the best suit") reads the sealed hand: no count
    best = Condition(length, ">=", 5, {"suit": "best"})
    try:
        best.requirement(public)
    except HandRead:
        pass
    else:  # pragma: no cover - the tutor's resolver of "best" reads the hand
        raise AssertionError("the best suit was named without the hand")
