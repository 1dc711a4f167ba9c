"""Reading a call backwards is a function of the auction alone, and it is sound on the choosers.

* the same auction read first, or after other auctions, tells the same (no process state
  decides a reading, so the sampler's layouts are a function of the position and the seed);
* every bidding chooser states the shapes of call it can give (a pass, one no-trumps, two of
  a suit …); whatever it answers in the robots' own auctions is one of them — else the ledger,
  which drops a rule whose chooser cannot give the call, could drop the rule that made it.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.engine.bidding import BidPosition
from tutor.engine.calls import Call
from tutor.engine.cards import Seat
from tutor.engine.conventions.bidding_words import call_shape
from tutor.engine.deals.generate import random_deal
from tutor.engine.rules import Rules
from tutor.lessons.bidding.drill import bid_rules
from tutor.lessons.cost.ledger import build_ledger
from tutor.lessons.robots import bid_auction


def _auctions(count: int, start: int = 500) -> list[tuple[Any, Seat, tuple[Call, ...]]]:
    out = []
    for seed in range(start, start + count):
        dealer = list(Seat)[seed % 4]
        deal = random_deal(random.Random(seed))
        auction, _ = bid_auction(deal, dealer)
        out.append((deal, dealer, tuple(auction.calls)))
    return out


def _told(dealer: Seat, calls: tuple[Call, ...]) -> dict[str, Any]:
    return build_ledger(dealer, calls, None, Rules()).to_json()


def test_a_reading_is_the_same_read_first_or_after_others() -> None:
    auctions = [(dealer, calls) for _, dealer, calls in _auctions(6)]
    in_order = [_told(*a) for a in auctions]
    backwards = [_told(*a) for a in reversed(auctions)][::-1]
    assert in_order == backwards


def test_every_chooser_gives_only_the_shapes_it_states() -> None:
    answered = 0
    for deal, dealer, calls in _auctions(30, start=900):
        seat = dealer
        for n in range(len(calls)):
            position = BidPosition(seat, deal[seat], dealer, calls[:n])
            for rule in bid_rules():
                gives = rule.chooser_word.gives
                assert gives is not None, f"{rule.chooser} states no shapes"
                answer = rule.recommend(position)
                if answer is not None:
                    answered += 1
                    assert call_shape(answer) in gives(rule.chooser_args), (rule.id, str(answer))
            seat = seat.lho
    assert answered > 1000  # the check saw the choosers answer, not only decline
