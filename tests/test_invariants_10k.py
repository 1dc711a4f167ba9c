"""Ten thousand seeded random deals, auction → play → score, with every invariant held.

OpenSpiel-style whole games: a seeded deal (laws 16, 25), a random legal auction that
must end (laws 31, 74-76), a random legal play of thirteen tricks (laws 110-159) and the
book's scoring of the result (scoring 1-22), the deals chained into rubbers (scoring 4-9).
Invariants checked on every deal:

* the auction ends; a contract or four passes (scoring 8);
* 13 tricks, 52 distinct cards, each played once, no revoke in a legal play;
* below the line each side writes its tricks at 10 x level (scoring 1, 5);
* a failed contract always produces a penalty of 1000 x level per trick short for the
  defenders (scoring 20-21), a made one never does;
* offsetting honours are never both positive: at most one side writes honours, and at
  most one side writes aces (scoring 12-16);
* every entry has a side, a line, a known kind, positive points and at least one law;
* a rubber ends after two parties won by the same side, which writes the one rubber
  bonus (scoring 4, 7, note 9).
"""

from __future__ import annotations

import random

import pytest
from randomgame import random_auction

from tutor.engine import rubber as rubber_mod
from tutor.engine import score_items, scoring
from tutor.engine.calls import Contract
from tutor.engine.cards import FULL_PACK, Side
from tutor.engine.dealgen import random_deal
from tutor.engine.play import vint_play

DEALS = 10_000
BLOCKS = 4




def _play(deal: object, contract: Contract, rng: random.Random) -> int:
    play = vint_play(deal, contract)  # type: ignore[arg-type]
    while not play.is_complete:
        play.play(rng.choice(sorted(play.legal_plays())))
    played = play.played_cards()
    assert len(play.tricks) == 13
    assert len(played) == 52 and set(played) == set(FULL_PACK)
    assert play.tricks_won(Side.NS) + play.tricks_won(Side.EW) == 13
    assert not play.revokes
    return play.tricks_won(contract.declarer.side)


def _check_score(score: object, contract: Contract | None, tricks: int) -> None:
    s = score
    for item in s.items:  # type: ignore[attr-defined]
        assert item.side in (Side.NS, Side.EW)
        assert item.line in ("above", "below")
        assert item.kind in score_items.KINDS, item.kind
        assert item.points > 0, item
        assert item.laws, item
    if contract is None:
        assert s.x_mark and not s.items  # type: ignore[attr-defined]
        return
    declaring, defending = contract.declarer.side, contract.declarer.side.other
    rate = 10 * contract.level
    assert s.below(declaring) == rate * tricks  # type: ignore[attr-defined]
    assert s.below(defending) == rate * (13 - tricks)  # type: ignore[attr-defined]
    penalties = s.of_kind("penalty")  # type: ignore[attr-defined]
    short = contract.tricks_needed - tricks
    if short > 0:
        assert len(penalties) == 1
        assert penalties[0].side is defending and penalties[0].line == "above"
        assert penalties[0].points == 1000 * contract.level * short
    else:
        assert not penalties
    for kind in ("honours", "aces"):
        sides = {i.side for i in s.of_kind(kind)}  # type: ignore[attr-defined]
        assert len(sides) <= 1, f"both sides write {kind}"
    assert s.total(Side.NS) == s.below(Side.NS) + s.above(Side.NS)  # type: ignore[attr-defined]


@pytest.mark.slow
@pytest.mark.parametrize("block", range(BLOCKS))
def test_ten_thousand_random_deals_keep_every_invariant(block: int) -> None:
    size = DEALS // BLOCKS
    rubber = rubber_mod.Rubber()
    rubbers = 0
    for seed in range(block * size, (block + 1) * size):
        rng = random.Random(seed)
        deal = random_deal(rng)
        auction = random_auction(rng)
        contract = auction.contract
        if contract is None:
            assert auction.is_passed_out
            tricks = 0
        else:
            tricks = _play(deal, contract, rng)
        _check_score(scoring.score_deal(deal, contract, tricks), contract, tricks)
        rubber.add(rubber_mod.RubberDeal(deal, contract, tricks))
        if rubber.is_over:
            winner = rubber.winner
            assert winner is not None and rubber.games.count(winner) == 2
            assert len(rubber.games) <= 3
            bonuses = [i for i in rubber.items if i.kind == "rubber"]
            assert len(bonuses) == 1 and bonuses[0].side is winner
            rubbers += 1
            rubber = rubber_mod.Rubber()
    assert rubbers > 0
