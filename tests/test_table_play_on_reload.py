""""Play on from here" at the practice table, then a reload (stop 61's audit): the decisions made after
the review came after the book's answers were shown, so they are retries (docs/progress.md: a second
answer to a position whose feedback was shown counts for nothing) — in the session that played on and
equally in a new session at the same address. The mark lived only in the session: after a reload the
same decisions were first answers and moved the review schedule."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import app_test
from streamlit.testing.v1 import AppTest

from tutor.engine.cards import Seat
from tutor.lessons.progress import open_store
from tutor.lessons.table import TableDeal
from tutor.lessons.table.rubber import PracticeRubber

PAGE = "tutor/ui/pages/practice_table.py"


def _clickable(at: AppTest) -> list[str]:
    return [str(b.key) for b in at.button
            if b.key and b.key.startswith(("table_card_", "table_call_")) and not b.disabled]


def _play_to_the_end(at: AppTest) -> None:
    for _ in range(200):
        keys = _clickable(at)
        if not keys:
            return
        at.button(key=keys[0]).click().run()
        assert not at.exception, [e.value for e in at.exception]
    pytest.fail("the deal did not end")


@pytest.mark.parametrize("reload", [False, True], ids=["same-session", "after-a-reload"])
def test_decisions_played_on_after_the_review_are_retries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           reload: bool) -> None:
    db = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(db))
    at = app_test()
    at.run()
    at.switch_page(PAGE).run()
    at.number_input(key="table_seed").set_value(3)
    at.button(key="table_start").click().run()
    _play_to_the_end(at)
    with open_store(db) as store:
        first = len(store.answers())
    differences = sorted((str(b.key) for b in at.button if b.key and b.key.startswith("table_from_")),
                         key=lambda k: int(k.rsplit("_", 1)[-1]))
    assert first and differences, "the deal has decisions recorded and a difference to play on from"
    at.button(key=differences[0]).click().run()
    choices = _clickable(at)
    at.button(key=choices[1] if len(choices) > 1 else choices[0]).click().run()  # another action there
    if reload:
        address = at.query_params["table"]
        at = app_test()
        at.run()
        at.switch_page(PAGE)
        at.query_params["table"] = address
        at.run()
    _play_to_the_end(at)
    with open_store(db) as store:
        later = store.answers()[first:]
    assert later and all(a.answer.retry for a in later), [a.answer.retry for a in later]


def test_the_played_on_mark_is_kept_with_the_stored_table() -> None:
    table = PracticeRubber(3, Seat.S).current
    assert table is not None
    played_on = table.play_on(0)
    assert TableDeal.from_json(played_on.to_json()).played_on
    assert not TableDeal.from_json(table.to_json()).played_on
    assert not TableDeal.from_json({**played_on.to_json(), "played_on": "yes"}).played_on  # only true is true
