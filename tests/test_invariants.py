"""Thousands of seeded random deals, auctions and plays: the invariants always hold.

OpenSpiel-style: random legal calls and cards, checked against the rules that must
never break — every auction ends, 13 tricks, 52 distinct cards each played once,
and ``can_x(a) == (a in legal_x())`` for every action offered.
"""

from __future__ import annotations

import random

import pytest
from randomgame import random_auction

from tutor.engine.auction import Auction
from tutor.engine.calls import Pass, all_bids
from tutor.engine.cards import FULL_PACK, SEATS, Side
from tutor.engine.deals.generate import random_deal
from tutor.engine.play import vint_play

ALL_CALLS = (Pass(), *all_bids())




def _check_call_triad(auction: Auction) -> None:
    legal = set(auction.legal_calls())
    for call in ALL_CALLS:
        assert auction.can_call(call) == (call in legal)


@pytest.mark.parametrize("block", range(4))
def test_random_deals_auctions_and_plays_keep_every_invariant(block: int) -> None:
    for seed in range(block * 500, block * 500 + 500):
        rng = random.Random(seed)
        deal = random_deal(rng)
        auction = random_auction(rng)
        if seed % 25 == 0:
            _check_call_triad(Auction(deal_dealer := auction.dealer))  # fresh auction
            assert deal_dealer in SEATS
        contract = auction.contract
        if contract is None:
            assert auction.is_passed_out
            continue
        play = vint_play(deal, contract)
        while not play.is_complete:
            legal = play.legal_cards()
            hand = play.hand(play.to_play)
            if seed % 50 == 0:
                for card in hand:
                    assert play.can_play(card) == (card in legal)
            play.play(rng.choice(sorted(legal)))
        played = play.played_cards()
        assert len(play.tricks) == 13
        assert len(played) == 52 and set(played) == set(FULL_PACK)
        assert play.tricks_won(Side.NS) + play.tricks_won(Side.EW) == 13
        assert not play.revokes
        assert all(len(play.hand(s)) == 0 for s in SEATS)
