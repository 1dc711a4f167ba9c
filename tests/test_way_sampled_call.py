"""A call at a way's table priced on what the learner could know (issue 29).

The ways' auctions follow the tutor's stated defaults, not the book's conventions, so no call is read
backwards: the cards the learner cannot see are dealt again at random among the hidden hands (each
keeping its count), the robots finish the auction from the learner's call and from the book's on each
layout, and the two outcomes are compared paired. Expectations come from the laws: a hand of all
thirteen spades takes every trick with spades trumps whatever the other hands hold (a trump beats any
card of a plain suit, and the opponents hold none); a two-handed deal nobody bids is thrown in with an
X and nothing else written for it (scoring 8; docs/table-sizes.md); so passing it out is worse on every
layout than the book's spade bid (law 36: "three" directly with eight sure tricks or more).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.engine.calls import Bid, Strain
from tutor.engine.cards import Card, Rank, Seat, Suit
from tutor.engine.ways.catalogue import find_way
from tutor.engine.ways.game import WayGame, WaySetup
from tutor.lessons.ways.review import way_deviations
from tutor.lessons.ways.robots import robot_action
from tutor.lessons.ways.sampled import layouts_for, sampled_line
from tutor.lessons.ways.table import WayTable

#: two players with dummies, one announcement each (RO l.447): the dealer B speaks, then A has the last word
SINGLE = find_way(2, "dummies").with_options({"announcement": "single"})


def _laydown() -> WaySetup:
    """A (South) holds all thirteen spades, his dummy (North) small cards; B and his dummy the rest."""
    spades = tuple(Card(Suit.SPADES, r) for r in Rank)
    small = tuple(Card(s, r) for s, top in ((Suit.HEARTS, 5), (Suit.DIAMONDS, 5), (Suit.CLUBS, 6))
                  for r in Rank if int(r) <= top)
    rest = [Card(s, r) for s in Suit for r in Rank if s is not Suit.SPADES and Card(s, r) not in small]
    return WaySetup(SINGLE, {Seat.S: spades, Seat.N: small, Seat.W: tuple(rest[0::2]), Seat.E: tuple(rest[1::2])},
                    dealer="B")


def _at_first_call(players: int, way: str, seed: int) -> WayGame:
    """The auction at A's first call (the robots calling before him)."""
    table = WayTable(find_way(players, way), seed)
    table.run_robots()
    assert table.phase == "auction" and table.learners_turn
    return table.game


@pytest.mark.parametrize("players,way", [(2, "dummies"), (2, "dummy-auction"), (3, "auction"), (3, "dummy")])
def test_a_calls_layouts_keep_what_the_learner_sees_and_each_hidden_hands_count(players: int, way: str) -> None:
    before = _at_first_call(players, way, seed=4)
    seen = before.visible("A")
    hidden = [s for s in Seat if s not in seen]
    assert hidden  # some cards are hidden from him in every way's auction
    real = {s: sorted(before.hand(s)) for s in Seat}
    layouts = layouts_for(before, "A", 20, seed=9)
    for deal in layouts:
        for seat in seen:
            assert sorted(deal[seat]) == real[seat]  # what he sees is never dealt again
        for seat in hidden:
            assert len(deal[seat]) == len(real[seat])
        assert Counter(c for s in hidden for c in deal[s]) == Counter(c for s in hidden for c in real[s])
    if len(hidden) > 1:
        assert len({tuple(sorted(deal[hidden[0]])) for deal in layouts}) > 1  # dealt again, not copied
    assert layouts_for(before, "A", 20, seed=9) == layouts  # the same seed, the same layouts
    assert layouts_for(before, "A", 20, seed=10) != layouts


def test_no_call_is_read_the_layouts_are_the_same_whatever_was_called() -> None:
    """The tutor's defaults are no convention one may read: B's pass or B's bid tells nothing of his cards."""
    setup = _laydown()
    passed, bid = WayGame(setup, [("B", "P")]), WayGame(setup, [("B", "1H")])
    assert layouts_for(passed, "A", 10, seed=3) == layouts_for(bid, "A", 10, seed=3)


def test_passing_out_a_laydown_is_worse_on_every_layout() -> None:
    before = WayGame(_laydown(), [("B", "P")])
    book = robot_action(before)
    call = Bid.parse(book.action)
    assert call.strain is Strain.SPADES  # law 36: thirteen sure tricks say "three" directly, in spades
    line = sampled_line(before, (book.action, "P"), "A", 30, seed=1)
    assert line is not None and line.call and line.layouts == 30  # noqa: PLR2004
    gap = line.comparison
    # every trick to the spades (all thirteen trumps in one hand), none when the deal is thrown in
    assert gap.tricks.mean == -13 and gap.tricks.interval == (-13, -13)  # noqa: PLR2004
    book_points, pass_points = line.points
    assert pass_points == 0 and book_points > 0  # an X is nothing in the deal; thirteen tricks score
    assert gap.verdict == "worse" and gap.on == "points" and gap.points.interval[1] < 0
    assert sampled_line(before, (book.action, "P"), "A", 30, seed=1) == line  # deterministic by seed


def test_the_review_says_a_calls_price_in_words_behind_the_switch() -> None:
    table = WayTable(SINGLE, 0, learner="A")
    table.setup = _laydown()
    table.game = WayGame(table.setup, [("B", "P"), ("A", "P")])  # the learner passes it out
    assert table.phase == "over"
    (plain,) = way_deviations(table)  # the switch off: no sampled line
    assert plain.sampled is None and plain.points_lost > 0
    (only,) = way_deviations(table, layouts=20)
    assert only.sampled is not None and only.sampled.call
    choice, price = only.sentences()
    assert choice.startswith("You passed")
    assert "20 layouts of the cards you could not see, dealt again at random" in price
    assert "nothing is read from the calls" in price and "stated defaults" in price
    assert "yours scores less than the book's choice" in price and "cost your side" in price
    assert "law-" not in price and "law-" not in choice  # laws in words, never ids
