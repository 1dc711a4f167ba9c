"""The practice table's review with the sampled line beside double dummy and the robots (issue 17)."""

from __future__ import annotations

import random

from tablegame import deviate_once

from tutor.engine.cards import Seat
from tutor.engine.deals.generate import random_deal
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
    # how sure it is, said with the sampled figures (issue 32): the paired verdict and its interval
    # (free-here deviations say no figures at all)
    assert "free here" in price or ("95 % interval" in price or "the same on every layout" in price)
    # the verdict is there exactly when the numbers say it: better on average, worse on this deal
    unlucky = book.points >= given.points and cost.double_dummy[1].points > cost.double_dummy[0].points
    assert ("unlucky on this layout" in price) == unlucky
    # the same review gives the same numbers (the sampling is seeded by the deal)
    (again,) = review(table, layouts=12, budget=12)
    assert again.sampled == cost.sampled
    # and without layouts the review is the one it was: double dummy and robots only
    (plain,) = review(table)
    assert plain.sampled is None and plain.double_dummy == cost.double_dummy and plain.robots == cost.robots


def test_the_certainty_is_said_as_its_interval_says_it() -> None:
    """The paired comparison's words follow its interval (docs/cost.md): "more" only when the whole
    interval of the gap (your choice less the book's) is above zero, "less" only when below, and
    "cannot be told apart" when it holds zero; the gaps here are made by hand."""
    from tutor.lessons.cost.verdict import Comparison, Rule, gap
    from tutor.lessons.table.review import certainty_words

    rule = Rule()
    cases = {"more": [100.0, 140.0, 90.0, 120.0] * 10, "less": [-100.0, -140.0, -90.0, -120.0] * 10,
             "cannot be told apart": [300.0, -300.0, 10.0, -20.0] * 10}
    for word, diffs in cases.items():
        points = gap(diffs, rule)
        said = certainty_words(Comparison(points, points, points.verdict, None))  # decided on points
        assert said is not None and word in said, (word, said)
        low, high = points.interval
        assert (low > 0) == (word == "more") and (high < 0) == (word == "less")
        assert f"{low:+,.0f}" in said and f"{high:+,.0f}" in said
    tricks = gap([-1.0, -2.0, -1.0, -1.0] * 10, rule, constant_decides=True)  # a card: tricks decide
    said = certainty_words(Comparison(tricks, gap([-50.0, 20.0] * 20, rule), tricks.verdict, "tricks"))
    assert said is not None and "less" in said and f"{tricks.interval[1]:+.1f} tricks" in said
    zero = gap([0.0] * 40, rule)
    assert "the same on every layout" in (certainty_words(Comparison(zero, zero, "equal", None)) or "")
    assert certainty_words(None) is None
    # a gap with no spread over fewer layouts than the rule judges such a gap on (docs/cost.md: 20) is
    # said as what it was on each layout and why it decides nothing - not as an interval "between
    # -500 and -500"
    flat = gap([-500.0] * 10, rule)
    said = certainty_words(Comparison(flat, flat, flat.verdict, None)) or ""
    assert flat.verdict == "undecided" and "-500 points on each of those 10 layouts" in said
    assert "too few layouts" in said and "between" not in said
    flat = gap([-500.0] * 40, rule)  # enough layouts, but a points gap with no spread never decides
    said = certainty_words(Comparison(flat, flat, flat.verdict, None)) or ""
    assert flat.verdict == "undecided" and "on each of those 40 layouts" in said and "too few" not in said
