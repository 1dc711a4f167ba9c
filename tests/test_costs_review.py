"""The practice table's review with the sampled line beside double dummy and the robots (issue 17)."""

from __future__ import annotations

import random

from tablegame import deviate_once

from tutor.engine.cards import Seat
from tutor.engine.dealgen import random_deal
from tutor.lessons.table import TableDeal
from tutor.lessons.table.review import review


def test_a_reviewed_deviation_carries_the_sampled_line_and_says_it() -> None:
    table = TableDeal(random_deal(random.Random(2)), Seat.N, Seat.S, seed=2)  # robots reach 2D by S
    index = deviate_once(table)
    assert index >= 0
    (cost,) = review(table, layouts=12, budget=12)
    assert cost.sampled is not None
    book, given = cost.sampled
    assert book.layouts == given.layouts == 12
    assert 0.0 <= book.best_share <= 1.0 and 0.0 <= given.best_share <= 1.0
    assert cost.points_lost["sampled"] == round(book.points - given.points, 1)
    choice, price = cost.sentences()
    assert "12 layouts of the unseen cards" in price
    # the verdict is there exactly when the numbers say it: better on average, worse on this deal
    unlucky = book.points >= given.points and cost.double_dummy[1].points > cost.double_dummy[0].points
    assert ("unlucky on this layout" in price) == unlucky
    # the same review gives the same numbers (the sampling is seeded by the deal)
    (again,) = review(table, layouts=12, budget=12)
    assert again.sampled == cost.sampled
    # and without layouts the review is the one it was: double dummy and robots only
    (plain,) = review(table)
    assert plain.sampled is None and plain.double_dummy == cost.double_dummy and plain.robots == cost.robots
