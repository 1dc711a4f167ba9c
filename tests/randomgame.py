"""Random legal play for the invariant tests (OpenSpiel-style whole games)."""

from __future__ import annotations

import random

from tutor.engine.auction import Auction
from tutor.engine.calls import Pass
from tutor.engine.cards import SEATS

#: The auctions stay realistic (mostly passes) and still end.
PASS_PROBABILITY = 0.7


def random_auction(rng: random.Random) -> Auction:
    """A random legal auction from a random dealer, played to its end."""
    auction = Auction(rng.choice(SEATS))
    while not auction.is_complete:
        legal = auction.legal_calls()
        auction.call(Pass() if rng.random() < PASS_PROBABILITY else rng.choice(legal))
        assert len(auction.calls) < 400, "the auction must end"
    return auction
