"""The review at a way's table (issue 19): the learner's deviations from the robot in his place, each
with its law or the stated default, priced by the robots' playout."""

from __future__ import annotations

import re

import pytest

from tutor.engine.cards import Side
from tutor.engine.ways.catalogue import find_way
from tutor.lessons.ways.review import way_deviations
from tutor.lessons.ways.table import WayTable

WAYS = [(2, "exchange"), (2, "dummies"), (3, "auction"), (3, "dummy")]


def _played(players: int, way: str, deviate: bool) -> tuple[WayTable, int]:
    """A deal reaching the play, the learner following the robot's answer (a hint) at each turn — but,
    when ``deviate``, playing another legal card at his first play turn with a choice (not one the book
    allows alike: "a small card"); returns that step."""
    for seed in range(30):
        table = WayTable(find_way(players, way), seed)
        index = -1
        while table.phase != "over":
            table.run_robots()
            if not table.learners_turn:
                continue
            hint = table.hint()
            choice = hint.action
            others = [a for a in table.game.legal_actions() if not hint.allows(a)]  # not a card the book allows alike
            if deviate and index < 0 and table.phase == "play" and others:
                choice = others[0]
                index = len(table.game.steps)
            table.act(choice)
        if table.game.play_contract is not None and (index >= 0 or not deviate):
            return table, index
    raise AssertionError("no seed reached the play with a choice for the learner")


@pytest.mark.parametrize("players,way", WAYS)
def test_following_the_robot_everywhere_is_never_flagged(players: int, way: str) -> None:
    table, _ = _played(players, way, deviate=False)
    assert way_deviations(table) == ()


@pytest.mark.parametrize("players,way", WAYS)
def test_one_other_card_is_flagged_once_and_priced_against_the_deal_as_played(players: int, way: str) -> None:
    table, index = _played(players, way, deviate=True)
    (only,) = way_deviations(table)
    assert only.index == index and only.given == table.game.steps[index][1]
    # after the deviation the robots played every place (the learner followed them), so the
    # learner's line of the review is the deal as it was played
    score = table.score()
    side = table.game.seat_of("A").side
    other = Side.EW if side is Side.NS else Side.NS
    assert only.points[1] == score.total(side) - score.total(other)
    choice, price = only.sentences()
    assert choice.startswith(("You played", "You chose")) and only.robot.laws
    assert not any(law in choice for law in only.robot.laws)  # laws named as the learner reads them, never ids
    # the price in words, the sign read as the learner reads it: a positive difference cost his side
    lost = only.points_lost
    said = ("made no difference" if lost == 0 else
            f"cost your side {lost:,} point" if lost > 0 else f"gained your side {-lost:,} point")  # …point(s)
    assert said in price or (lost == 0 and "free here" in price)
    assert not re.search(r"[+-]\d", price)  # never a bare signed figure


@pytest.mark.parametrize("players,way", [(2, "dummies"), (3, "auction")])
def test_a_card_is_priced_on_what_the_learner_could_know(players: int, way: str) -> None:
    """Issue 29: the ways' review has the four-handed review's three prices. The sampled line deals again
    only what the learner could not see: the hands he sees stay as they are, the others keep their counts
    and hold no card of a suit they showed out of (law 147), and the real layout is one of the possible."""
    from collections import Counter

    from tutor.engine.cards import Seat
    from tutor.engine.ways.game import WayGame
    from tutor.lessons.ways.sampled import layouts_for

    table, index = _played(players, way, deviate=True)
    before = WayGame(table.setup, table.game.steps[:index])
    play = before.play
    assert play is not None
    trick = play.current_trick
    real = {s: sorted([*play.hand(s), *(c for p, c in trick.plays if p is s)]) for s in Seat}
    seen = set(before.visible("A"))
    hidden = [s for s in Seat if s not in seen]
    shown_out = {s: {t.led_suit for t in (*play.tricks, trick) for p, c in t.plays
                     if p is s and t.led_suit is not None and c.suit is not t.led_suit} for s in hidden}
    layouts = layouts_for(before, "A", 25, seed=5)
    for deal in layouts:
        for s in seen:
            assert sorted(deal[s]) == real[s]  # what he sees is never dealt again
        assert Counter(c for s in hidden for c in deal[s]) == Counter(c for s in hidden for c in real[s])
        for s in hidden:
            assert len(deal[s]) == len(real[s]) and not any(c.suit in shown_out[s] for c in deal[s])
            assert all(c in deal[s] for p, c in trick.plays if p is s)  # a card on the table stays its player's
    if len(hidden) > 1 and sum(len(real[s]) for s in hidden) > 4:  # noqa: PLR2004 - room to deal otherwise
        assert len({tuple(sorted(deal[hidden[0]])) for deal in layouts}) > 1  # dealt again, not copied
    # the review with the sampled line: deterministic, and said in words with how sure it is
    (only,) = way_deviations(table, layouts=12)
    again = way_deviations(table, layouts=12)[0]
    assert only.sampled is not None and only.sampled.layouts == 12  # noqa: PLR2004
    assert again.sampled == only.sampled
    _, price = only.sentences()
    lost = round(only.sampled.points[0] - only.sampled.points[1])
    if lost:
        assert "12 layouts of the cards you could not see" in price
        assert ("cost your side" if lost > 0 else "gained your side") in price
    assert way_deviations(table)[0].sampled is None  # not asked: no sampling


@pytest.mark.parametrize("players,way", [(3, "dummy"), (3, "auction")])
def test_a_card_the_book_allows_alike_is_no_deviation(players: int, way: str) -> None:
    """The book's answer may allow several cards alike ("a small card"): as at the four-handed table,
    playing any of them is following the book, so the review does not flag it."""
    for seed in range(40):
        table = WayTable(find_way(players, way), seed)
        swapped = False
        while table.phase != "over":
            table.run_robots()
            if not table.learners_turn:
                continue
            hint = table.hint()
            alike = [c for c in hint.accepted if c != hint.action and c in table.game.legal_actions()]
            table.act(alike[0] if alike and not swapped else hint.action)
            swapped = swapped or bool(alike)
        if swapped:
            assert way_deviations(table) == ()
            return
    raise AssertionError("no seed offered cards the book allows alike")
