"""One pricer (issue 26, item 4): a drill's double-dummy figures and ``tutor analyse``'s are the same numbers.

The expectation is the property itself: the play drill's consequences and the analysis of
the same position (with its deal) price the same card on the same deal, so their points
for the learner's side, net of the other side's, must agree — and both carry the rubber
score's partie bonus when the deal ends the partie (scoring 7: 1000 for finishing a partie).
"""

from __future__ import annotations

import pytest

from tutor.engine.bidding import ScoreState
from tutor.engine.calls import Bid, Contract, Strain
from tutor.engine.cards import Deal, Seat, Side
from tutor.engine.rules import Rules
from tutor.lessons.cost.pricer import net_points, side_points
from tutor.lessons.cost.prices import analyse
from tutor.lessons.cost.sampling import knowledge_from_view
from tutor.lessons.play.drill import consequences, make


@pytest.mark.parametrize(("kind", "rule", "seed"), [("third-hand", "third-140-cut-with-the-queen", 5),
                                                    ("lead", "lead-87-king-from-kq", 1)])
def test_a_play_drill_and_tutor_analyse_give_the_same_double_dummy_points(kind: str, rule: str, seed: int) -> None:
    drill = make(kind, rule, seed)
    known = knowledge_from_view({**drill.position, "deal": drill.deal_pbn})
    analysis = analyse(known, layouts=1, budget=1, robots=False)
    side, other = known.seat.side.value, known.seat.side.other.value
    for choice in drill.choices:
        book, yours = consequences(drill, choice)
        for c in (book, yours):
            assert analysis.cost(c.choice).double_dummy is not None
            assert c.points[side] - c.points[other] == analysis.cost(c.choice).double_dummy.points


def test_the_pricer_adds_the_partie_bonus_when_the_deal_ends_the_partie() -> None:
    # NS hold 490 below: one spade made takes them past the partie's 500 (content/rules.yaml, scoring 7: 1000 for finishing a partie)
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    contract = Contract(Bid(1, Strain.SPADES), Seat.N)  # a simple game: far below 500 alone
    fresh = side_points(deal, contract, 7, None, Rules())
    near = side_points(deal, contract, 7, ScoreState({Side.NS: 490, Side.EW: 0}), Rules())
    assert near[Side.NS] - fresh[Side.NS] >= 1000  # the partie bonus (scoring 7)
    assert net_points(deal, contract, 7, Side.EW, None, Rules()) == fresh[Side.EW] - fresh[Side.NS]


@pytest.mark.parametrize(("rule", "seed"), [("law-33-simple-game", 1), ("law-36-state-your-tricks-to-the-slam", 2),
                                            ("law-50-no-support-leave-no-trumps", 3)])
def test_a_bidding_drill_and_tutor_analyse_give_the_same_double_dummy_points(rule: str, seed: int) -> None:
    """The bidding drill's consequences (the robots finish the auction, the contract solved double dummy)
    and ``tutor analyse`` of the same position price each call alike: the book's call, pass and another."""
    from tutor.lessons.bidding.drill import consequences as bid_consequences
    from tutor.lessons.bidding.drill import make as make_bid

    drill = make_bid(rule, seed)
    others = [c for c in drill.choices if c != drill.answer][:2]
    known = knowledge_from_view({**drill.position, "deal": drill.deal_pbn})
    analysis = analyse(known, layouts=1, budget=1, robots=False, choices=others)
    side, other = known.seat.side.value, known.seat.side.other.value
    for choice in others:
        for c in bid_consequences(drill, choice):
            priced = analysis.cost(c.choice).double_dummy
            assert priced is not None and c.points[side] - c.points[other] == priced.points, (c.choice, c.contract)


@pytest.mark.parametrize("seed", [2, 8])
def test_a_table_deviation_and_tutor_analyse_give_the_same_double_dummy_points(seed: int) -> None:
    """The practice table's review of a deviation and ``tutor analyse`` of the position the learner faced
    (his seat's view, with the deal) price the book's card and his alike, seen with every card."""
    import random

    from tablegame import deviate_once

    from tutor.engine.deals.generate import random_deal
    from tutor.lessons.table import TableDeal
    from tutor.lessons.table.review import review

    table = TableDeal(random_deal(random.Random(seed)), Seat.N, Seat.S, seed=seed)
    assert deviate_once(table) >= 0
    (cost,) = review(table)
    before = table.from_step(cost.index)
    known = knowledge_from_view({**before.view(cost.step.seat), "deal": before.deal.to_pbn()})
    choices = [line.choice for line in cost.double_dummy]
    analysis = analyse(known, layouts=1, budget=1, robots=False, choices=choices)
    for line in cost.double_dummy:
        priced = analysis.cost(line.choice).double_dummy
        assert priced is not None and priced.points == line.points, line.choice


def test_a_table_deviations_sampled_and_playout_lines_are_tutor_analyses() -> None:
    """The other two numbers too: the review's sampled line (its seed: the deal's, plus the step) and the
    robots' playout are what ``tutor analyse`` gives for the same position, seed and layouts."""
    import random

    from tablegame import deviate_once

    from tutor.engine.deals.generate import random_deal
    from tutor.lessons.table import TableDeal
    from tutor.lessons.table.review import review

    table = TableDeal(random_deal(random.Random(8)), Seat.N, Seat.S, seed=8)
    assert deviate_once(table) >= 0
    (cost,) = review(table, layouts=12, budget=12)
    assert cost.sampled is not None
    before = table.from_step(cost.index)
    known = knowledge_from_view({**before.view(cost.step.seat), "deal": before.deal.to_pbn()})
    choices = [line.choice for line in cost.double_dummy]
    analysis = analyse(known, seed=8 + cost.index, layouts=12, budget=12, robots=True, choices=choices)
    for choice, robots, sampled in zip(choices, cost.robots, cost.sampled, strict=True):
        priced = analysis.cost(choice)
        assert priced.robots is not None and priced.robots.points == robots.points, choice
        assert priced.sampled.points == sampled.points, choice
