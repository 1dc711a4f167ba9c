"""A word the vocabulary declares "of the hand alone" reads nothing but the hand.

Its value is therefore kept on the hand once worked out (``Condition.value_in``): the
cost sampler, the robots and the drills ask the same hand the same words in many
positions. The property checked, independently of that cache: for every such condition of
the book's bidding rules, the value worked out afresh is the same in every position where a
seat holds the same hand (each of its turns in the robots' auctions), and the kept value is
that value.
"""

from __future__ import annotations

import random

from tutor.engine.bidding import BidPosition
from tutor.engine.cards import Hand, Seat
from tutor.engine.deals.generate import random_deal
from tutor.lessons.bidding.drill import bid_rules
from tutor.lessons.robots import bid_auction


def test_a_word_of_the_hand_alone_has_one_value_per_hand() -> None:
    conditions = {c.value_key: c for rule in bid_rules() for c in rule.conditions if c._hand_key is not None}
    assert len(conditions) > 10
    checked = 0
    for seed in range(12):
        dealer = list(Seat)[seed % 4]
        deal = random_deal(random.Random(7000 + seed))
        auction, _ = bid_auction(deal, dealer)
        calls = tuple(auction.calls)
        for seat in Seat:
            turns = [n for n in range(len(calls)) if (list(Seat).index(dealer) + n) % 4 == list(Seat).index(seat)]
            if len(turns) < 2:
                continue
            hand = Hand(deal[seat].cards)  # a fresh hand: nothing kept on it yet
            positions = [BidPosition(seat, hand, dealer, calls[:n]) for n in turns]
            for cond in conditions.values():
                fresh = [cond.feature.value(p, cond.args) for p in positions]
                assert len(set(fresh)) == 1, (cond.name, cond.args, fresh)
                assert all(cond.value_in(p) == fresh[0] for p in positions)
                checked += 1
    assert checked > 200
