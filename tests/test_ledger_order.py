"""What a call told never depends on which auctions the process read before (a property of a reading).

The sampler's layouts are a function of the position and the seed only; the ledger's
reading of a call, which bounds them, must therefore not depend on earlier readings kept
in the process (the chooser probes are kept per rule *and* position).
"""

from __future__ import annotations

import random

from tutor.engine.cards import Seat
from tutor.engine.dealgen import random_deal
from tutor.engine.rules import Rules
from tutor.lessons.cost import ledger as ledger_module
from tutor.lessons.cost.ledger import build_ledger
from tutor.lessons.robots import bid_auction


def _auctions(count: int) -> list[tuple[Seat, tuple]]:  # type: ignore[type-arg]
    out = []
    for seed in range(count):
        dealer = list(Seat)[seed % 4]
        auction, _ = bid_auction(random_deal(random.Random(500 + seed)), dealer)
        out.append((dealer, tuple(auction.calls)))
    return out


def _told(dealer: Seat, calls: tuple) -> dict:  # type: ignore[type-arg]
    return build_ledger(dealer, calls, None, Rules()).to_json()


def test_a_reading_is_the_same_read_first_or_after_others() -> None:
    auctions = _auctions(6)
    ledger_module._KINDS.clear()
    alone = [_told(*a) for a in auctions]  # each read with only the earlier ones kept
    for dealer, calls in reversed(auctions):
        ledger_module._KINDS.clear()
        first = _told(dealer, calls)
        assert first == alone[auctions.index((dealer, calls))]
