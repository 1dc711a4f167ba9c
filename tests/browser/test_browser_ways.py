"""A whole deal at the practice table for two, three and five players, in the real app (issue 29).

Two and three players: the learner clicks his cards (one click each, the enabled buttons being his
legal cards), lets the robot make his other moves, and reads the end of the deal: the tricks, the
score item by item and the review. Five players: the learner, by default one of the four
who play the first rubber (RO l.543: T sits it out), takes his seat at the four-handed table and
plays a deal there.
"""

from __future__ import annotations

import re

import pytest

from browser.harness import App, play_way_deal

pytestmark = pytest.mark.browser

#: the four-handed table's clickable calls and cards (as in test_browser_table.py)
TABLE_PLAYABLE = '[class*="st-key-table_card_"] button:not([disabled]), [class*="st-key-table_call_"] button'


def _a_whole_deal_of_a_way(app: App, players: str, way: str) -> None:
    app.choose_select("Players at the table", players)
    app.choose_select("Way", re.compile(f"^{way}:"))
    assert "Review of the deal" not in app.text(), "a new deal, not the last table's review"
    clicked = play_way_deal(app, moves=60)
    text = app.text()
    assert "Review of the deal" in text and "This deal's records" in text, (players, way)
    if "Tricks:" in text:  # the deal was played (not thrown in): the learner clicked his cards
        assert clicked > 0 and "The score, item by item" in text and "wins it" in text, (players, way)
    assert not app.errors(), (players, way)


def _five_players_the_learner_plays_his_seat_of_the_round(app: App) -> None:
    app.choose_select("Players at the table", "5 players")
    assert "Review of the deal" not in app.text(), "a new deal, not the last table's review"
    assert "T sits out" in app.text()  # the first rubber (RO l.543): the learner, A by default, plays it
    app.click_button(re.compile(r"Play your seat"))
    for _ in range(80):  # one click per call or card, as the four-handed table offers them
        if "Review of the deal" in app.text():
            break
        app.rerun_after(app.main.locator(TABLE_PLAYABLE).first.click)
        assert not app.exceptions(), app.exceptions()
    assert "Review of the deal" in app.text()
    assert not app.errors()


@pytest.mark.app_page("practice_table")
def test_a_whole_deal_at_two_three_and_five_players(app: App) -> None:
    """One learner at the practice table, one page load: a deal of each table size in turn (three tests,
    three loads, before issue 31)."""
    app.open("practice_table")
    _a_whole_deal_of_a_way(app, "2 players", "dummy-auction")
    _a_whole_deal_of_a_way(app, "3 players", "auction")
    _five_players_the_learner_plays_his_seat_of_the_round(app)
