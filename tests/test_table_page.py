"""The Practice table page (AppTest): a deal played to its end (auction, play, review, sheet), and undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
PAGE = "tutor/ui/pages/practice_table.py"


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.db"))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(PAGE)
    at.run()
    at.number_input(key="table_seed").set_value(2)
    at.button(key="table_start").click()
    at.run()
    return at


def _act(at: AppTest, choice: str | None = None) -> None:
    box = at.selectbox(key="table_choice")
    if choice is not None:
        box.set_value(choice)
    next(b for b in at.button if b.label.startswith("Make this")).click()
    at.run()


def test_a_deal_is_played_to_the_end_with_review_and_sheet(app: AppTest) -> None:
    assert not app.exception
    assert app.title[0].value == "Practice table"
    tables = app.table
    assert tables and list(tables[0].value.columns) == ["West", "North", "East", "South"]
    for _ in range(60):
        if not any(s.key == "table_choice" for s in app.selectbox):
            break
        _act(app)  # the first legal call or card each time
        assert not app.exception, app.exception
    assert any("Review of the deal" in h.value for h in app.subheader)
    assert any("below NS" in c.value for c in app.caption)
    texts = " ".join(t.value for t in app.text)
    assert "the line" in texts or "=" in texts  # the classic sheet, above and below the line


def test_undo_takes_back_the_learners_call(app: AppTest) -> None:
    before = app.table[0].value.copy()
    _act(app)
    assert not app.table[0].value.equals(before)
    app.button(key="table_undo").click()
    app.run()
    assert app.table[0].value.equals(before)
