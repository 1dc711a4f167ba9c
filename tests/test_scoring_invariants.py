"""Invariants of the book's scoring over thousands of seeded random deals and hundreds of rubbers.

* scoring 1, 5: without a revoke each side's below-the-line total is the trick value
  (10 x level) times the tricks it took;
* scoring 12-17: honours (or aces) are written by at most one side;
* scoring 20-21: a failed contract always produces a penalty for the defenders, 1000 x
  level per trick short; a made one never does;
* law 151: a revoking side never ends a deal above 490 in its partie;
* note 9, scoring 7-8: a finished rubber has two parties for its winner, a partie bonus per
  partie, one rubber bonus and one X entry per passed-out deal.
"""

from __future__ import annotations

import random

import pytest

from tutor.engine.calls import VINT_DENOMINATIONS, Bid, Contract
from tutor.engine.cards import SEATS, Side
from tutor.engine.deals.generate import random_deal
from tutor.engine.rubber import Rubber, RubberDeal
from tutor.engine.rules import Rules
from tutor.engine.scoring import score_deal
from tutor.lessons.content.models import ENTRY_ID_RE
from tutor.lessons.scoring import load_readings

DEALS_PER_BLOCK = 1500
RUBBERS = 150
READINGS = set(load_readings())


def _random_contract(rng: random.Random) -> Contract:
    return Contract(Bid(rng.randint(1, 7), rng.choice(VINT_DENOMINATIONS)), rng.choice(SEATS))


@pytest.mark.parametrize("block", range(4))
def test_invariants_over_thousands_of_seeded_deals(block: int) -> None:
    rng = random.Random(1000 + block)
    for _ in range(DEALS_PER_BLOCK):
        deal = random_deal(rng)
        contract = _random_contract(rng)
        tricks = rng.randint(0, 13)
        score = score_deal(deal, contract, tricks)
        declaring = contract.declarer.side
        rate = 10 * contract.level
        # scoring 1, 5: below the line = trick value x tricks, both sides
        assert score.below(declaring) == rate * tricks
        assert score.below(declaring.other) == rate * (13 - tricks)
        # scoring 12-17: the honours (aces at NT) go to one side at most
        honour_sides = {i.side for i in score.items if i.kind in ("honours", "aces")}
        assert len(honour_sides) <= 1
        assert all(i.points > 0 for i in score.items if i.kind in ("honours", "aces"))
        # scoring 20-21: failed -> a penalty to the defenders of 1000 x level per trick short
        penalties = [i for i in score.items if i.kind == "penalty"]
        if tricks < contract.tricks_needed:
            assert [(i.side, i.points) for i in penalties] == [
                (declaring.other, 1000 * contract.level * (contract.tricks_needed - tricks))]
        else:
            assert penalties == []
        for item in score.items:
            assert item.points >= 0 and item.laws and item.text
            assert all(ENTRY_ID_RE.match(law) for law in item.laws), item.laws
        assert set(score.readings) <= READINGS


@pytest.mark.parametrize("block", range(2))
def test_revoke_invariants_over_seeded_deals(block: int) -> None:
    rng = random.Random(2000 + block)
    for _ in range(DEALS_PER_BLOCK // 2):
        contract = _random_contract(rng)
        revoke = rng.choice((Side.NS, Side.EW))
        tricks = rng.randint(0, 13)
        before = {revoke: rng.randrange(0, 500, 10)}
        score = score_deal(random_deal(rng), contract, tricks, revoke=revoke, below_before=before)
        assert sum(score.tricks.values()) == 13
        held = tricks if revoke is contract.declarer.side else 13 - tricks
        assert score.tricks[revoke] == max(0, held - 3)  # law 148: three tricks (or all it has) move
        # law 151: never above 490 for the partie after the deal
        assert before[revoke] + score.below(revoke) <= max(490, before[revoke])
        rate = 10 * contract.level
        capped = sum(i.points for i in score.items if i.kind == "over_cap")
        assert score.below(revoke) + capped == rate * score.tricks[revoke]
        assert set(score.readings) <= READINGS


def test_invariants_over_hundreds_of_seeded_rubbers() -> None:
    rng = random.Random(3000)
    for n in range(RUBBERS):
        rules = Rules.with_variants({"x-values": rng.choice(["book", "vint_signs", "summaries"])})
        rubber = Rubber(rules)
        passes = 0
        while not rubber.is_over:
            if rng.random() < 0.15:
                rubber.add(RubberDeal(random_deal(rng), None))
                passes += 1
                continue
            contract = Contract(Bid(rng.randint(1, 5), rng.choice(VINT_DENOMINATIONS)), rng.choice(SEATS))
            tricks = rng.randint(max(0, contract.tricks_needed - 2), 13)
            revoke = rng.choice((Side.NS, Side.EW)) if rng.random() < 0.1 else None
            rubber.add(RubberDeal(random_deal(rng), contract, tricks, revoke=revoke))
            assert len(rubber.scores) < 100, f"rubber {n} never ends"
        winner = rubber.winner
        assert winner is not None and rubber.games.count(winner) == 2
        assert len(rubber.games) in (2, 3) and rubber.games[-1] is winner
        partie_items = [i for i in rubber.items if i.kind == "partie"]
        assert [i.side for i in partie_items] == list(rubber.games)
        assert [i.side for i in rubber.items if i.kind == "rubber"] == [winner]
        xs = [i for i in rubber.items if i.kind == "x_mark"]
        assert len(xs) == passes == rubber.x_marks and all(i.side is winner for i in xs)
        for partie in rubber.parties:
            assert partie.winner is None or partie.below[partie.winner] >= 500
        assert rubber.total(Side.NS) + rubber.total(Side.EW) == sum(i.points for i in rubber.items)
        assert set(rubber.readings) <= READINGS
