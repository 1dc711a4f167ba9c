"""The "Count the sure tricks" page (AppTest): a hand, a count per suit, feedback suit by suit."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import open_page
from streamlit.testing.v1 import AppTest

from tutor.lessons.bidding.valuation import make

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.db"))
    at = open_page("tutor/ui/pages/valuation.py")
    at.number_input(key="valuation_seed").set_value(7)
    at.run()
    return at


def _count(at: AppTest, counts: dict[str, int]) -> None:
    for suit, value in counts.items():
        at.number_input(key=f"valuation_7_{suit}").set_value(value)
    next(b for b in at.button if b.label == "Check my count").click()
    at.run()


def test_a_wrong_count_is_answered_suit_by_suit_and_recorded(app: AppTest, tmp_path: Path) -> None:
    drill = make(7)
    wrong = {q.suit.value: (q.answer + 1) % 14 for q in drill.questions}
    _count(app, wrong)
    assert not app.exception
    assert app.warning and "the model counts" in app.warning[0].value
    assert sum("you counted" in m.value for m in app.markdown) == 4
    from tutor.lessons.progress import open_store

    with open_store(tmp_path / "progress.db") as store:
        (answer,) = store.answers("default")
    assert not answer.answer.correct and answer.answer.expected == " ".join(str(q.answer) for q in drill.questions)


def test_a_right_count_is_right(app: AppTest) -> None:
    drill = make(7)
    _count(app, {q.suit.value: q.answer for q in drill.questions})
    assert app.success and f"{drill.total} sure tricks" in app.success[0].value
