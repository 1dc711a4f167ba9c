"""Ten thousand seeded random deals, auction → play → score → rubber, with every invariant held.

OpenSpiel-style whole games (:mod:`randomgame`): a seeded deal (laws 16, 25); an
auction by a model biased toward passing (the book's bidding robots do not exist
yet) that must end (laws 31, 74-76); a random legal play of thirteen tricks (laws
110-159), with a deliberate revoke on about one deal in twenty-five (laws 145-151);
the book's scoring of the result (scoring 1-22); the deals chained into rubbers
(scoring 4-9), each rubber under its own random choice of every variant of
``tutor.engine.rules.VARIANTS``. The expectations are the laws restated here from
the rules' figures, not the scorer's own code:

* the auction ends in a contract or four passes; a passed-out deal writes an X
  (scoring 8) or, played out by agreement, 500 per extra trick to the side with
  fewer tricks (scoring 10, the difference or the tricks beyond six by variant);
* 13 tricks of 52 distinct cards, each played once; a revoke only where recorded;
* a revoke moves three tricks from the revokers (laws 148-149: what they lack is
  charged at the penalty rate) and caps them at 490 below the line, the excess above
  (law 151);
* below the line each side writes its tricks at 10 x level (scoring 1, 5);
* a failed contract gives one penalty of 1000 x level per trick short to the
  defenders (scoring 20-21), a made one none;
* at most one side writes honours, at most one side writes aces (scoring 12-16);
* every entry has a side, a line, a known kind, positive points and a law;
* a rubber ends after two parties won by one side, with one partie bonus per partie,
  one rubber bonus and every X mark valued by the rules' cycle (scoring 4, 7-9).

And the games must be games: nearly all deals are played, contracts sit mostly at
the levels hands make, some are made and some fail, and revokes happen.
"""

from __future__ import annotations

import random

import pytest
from randomgame import (
    REVOKE_DEALS,
    Tally,
    contract_made,
    passed_out_play,
    random_auction,
    random_play,
    random_rules,
)

from tutor.engine.calls import Contract
from tutor.engine.cards import FULL_PACK, Side
from tutor.engine.deals.generate import random_deal
from tutor.engine.play import vint_play
from tutor.engine.rubber import Rubber, RubberDeal
from tutor.engine.rules import VARIANTS, Rules
from tutor.engine.scoring import items as score_items
from tutor.engine.scoring.items import DealScore
from tutor.engine.tricks import TrickPlay

DEALS = 10_000
BLOCKS = 4


def _check_play(play: TrickPlay, revoked: bool) -> None:
    played = play.played_cards()
    assert len(play.tricks) == 13
    assert len(played) == 52 and set(played) == set(FULL_PACK)
    assert play.tricks_won(Side.NS) + play.tricks_won(Side.EW) == 13
    assert len(play.revokes) == int(revoked)


def _check_items(score: DealScore) -> None:
    for item in score.items:
        assert item.side in (Side.NS, Side.EW)
        assert item.line in ("above", "below")
        assert item.kind in score_items.KINDS, item.kind
        assert item.points > 0, item
        assert item.laws, item
    for kind in ("honours", "aces"):
        assert len({i.side for i in score.of_kind(kind)}) <= 1, f"both sides write {kind}"
    assert score.total(Side.NS) == score.below(Side.NS) + score.above(Side.NS)


def _points(score: DealScore, kind: str, side: Side) -> list[int]:
    return [i.points for i in score.of_kind(kind) if i.side is side]


def _check_contract(score: DealScore, contract: Contract, took: int, revoker: Side | None,
                    below_before: dict[Side, int], rules: Rules) -> None:
    declaring, defending = contract.declarer.side, contract.declarer.side.other
    tricks = {declaring: took, defending: 13 - took}
    lacking = 0
    if revoker is not None:  # laws 148-149: three tricks pass; what the revokers lack is charged
        moved = min(rules.revoke_tricks, tricks[revoker])
        tricks[revoker] -= moved
        tricks[revoker.other] += moved
        lacking = rules.revoke_tricks - moved
    assert dict(score.tricks) == tricks
    rate = rules.trick_value * contract.level
    for side in Side:
        written = rate * tricks[side]
        if side is revoker:  # law 151: at most 490 below in this partie, the rest above
            room = max(0, rules.revoke_below_cap - below_before[side])
            assert score.below(side) == min(written, room)
            assert sum(_points(score, "over_cap", side)) == max(0, written - room)
        else:
            assert score.below(side) == written
    short = contract.tricks_needed - tricks[declaring]
    penalty_rate = rules.penalty_value * contract.level
    assert _points(score, "penalty", defending) == ([short * penalty_rate] if short > 0 else [])
    assert not _points(score, "penalty", declaring)
    if revoker is not None:
        assert _points(score, "revoke_penalty", revoker.other) == ([lacking * penalty_rate] if lacking else [])


def _check_played_out(score: DealScore, ns_tricks: int, rules: Rules) -> None:
    counts = {Side.NS: ns_tricks, Side.EW: 13 - ns_tricks}
    more = max(Side, key=lambda s: counts[s])
    extra = counts[more] - (counts[more.other] if rules.played_out_extra == "difference" else 6)
    assert [(i.kind, i.side, i.points) for i in score.items] == [
        ("played_out", more.other, extra * rules.played_out_trick_value)]


def _check_rubber(rubber: Rubber) -> None:
    rules, winner = rubber.rules, rubber.winner
    assert winner is not None and rubber.games.count(winner) == 2
    assert len(rubber.games) <= 3
    assert [i.side for i in rubber.items if i.kind == "rubber"] == [winner]
    assert [i.points for i in rubber.items if i.kind == "rubber"] == [rules.rubber_bonus]
    assert [i.points for i in rubber.items if i.kind == "partie"] == [rules.partie_bonus] * len(rubber.games)
    marks = [i.points for i in rubber.items if i.kind == "x_mark"]
    assert marks == [rules.x_values[n % len(rules.x_values)] for n in range(rubber.x_marks)]


def play_block(seeds: range) -> Tally:
    """Play the deals of ``seeds`` in rubbers, checking every invariant; what happened, counted."""
    tally = Tally()
    rubber: Rubber | None = None
    for seed in seeds:
        rng = random.Random(seed)
        if rubber is None:  # each rubber under its own variants
            rubber = Rubber(random_rules(random.Random(f"rules-{seed}")))
            tally.options.update(rubber.rules.variant_choices().items())
        rules = rubber.rules
        deal = random_deal(rng)
        auction = random_auction(rng, deal, rules)
        contract = auction.contract
        before = dict(rubber.parties[-1].below)
        tally.deals += 1
        if contract is None:
            assert auction.is_passed_out and len(auction.calls) == 4
            if rules.passed_out == "play_out":
                play = random_play(passed_out_play(deal, auction.dealer), rng, revoke_once=False)
                _check_play(play, revoked=False)
                ns = play.tricks_won(Side.NS)
                score = rubber.add(RubberDeal(deal, None, ns, passed_side=Side.NS))
                _check_played_out(score, ns, rules)
                tally.played += 1
                tally.played_out += 1
            else:
                score = rubber.add(RubberDeal(deal, None))
                assert score.x_mark and not score.items
                tally.thrown_in += 1
        else:
            assert auction.passes_since_last_bid == rules.auction_end_passes
            play = random_play(vint_play(deal, contract), rng, revoke_once=rng.random() < REVOKE_DEALS)
            revoker = play.revokes[0].seat.side if play.revokes else None
            _check_play(play, revoked=revoker is not None)
            took = play.tricks_won(contract.declarer.side)
            score = rubber.add(RubberDeal(deal, contract, took, revoke=revoker))
            _check_contract(score, contract, took, revoker, before, rules)
            tally.played += 1
            tally.revokes += int(revoker is not None)
            tally.contracts[contract.level] += 1
            tally.made[contract.level] += int(contract_made(contract, took))
        _check_items(score)
        if rubber.is_over:
            _check_rubber(rubber)
            tally.rubbers += 1
            rubber = None
    return tally


def _check_the_games_are_games(tally: Tally) -> None:
    """The deals were played, at realistic levels, with made and failed contracts, revokes and every variant."""
    contracts = sum(tally.contracts.values())
    assert tally.played + tally.thrown_in == tally.deals
    assert tally.played >= 0.95 * tally.deals, tally.report()
    assert sum(tally.contracts[level] for level in range(1, 5)) >= 0.8 * contracts, tally.report()
    assert tally.contracts[7] <= 0.02 * contracts, tally.report()
    assert 0.2 * contracts <= sum(tally.made.values()) <= 0.9 * contracts, tally.report()
    assert tally.revokes >= 0.01 * contracts and tally.played_out and tally.thrown_in, tally.report()
    assert tally.rubbers >= tally.deals // 20
    wanted = {(v.name, option) for v in VARIANTS for option in v.options}
    assert wanted <= set(tally.options), sorted(wanted - set(tally.options))


@pytest.mark.slow
@pytest.mark.parametrize("block", range(BLOCKS))
def test_ten_thousand_random_deals_keep_every_invariant(block: int) -> None:
    size = DEALS // BLOCKS
    _check_the_games_are_games(play_block(range(block * size, (block + 1) * size)))
