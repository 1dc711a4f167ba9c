"""AppTest: the Progress page's mastery and accuracy follow the rules of docs/progress.md, and the
Review page serves around a record it cannot serve (issues 20 and 13)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from app_pages import open_page
from streamlit.testing.v1 import AppTest

from tutor.lessons.answers import Answer
from tutor.lessons.progress import open_store

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime.now(UTC)


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(path))
    return path


def _page(path: str) -> AppTest:
    return open_page(path)


def _metric(at: AppTest, label: str) -> str:
    return next(str(m.value) for m in at.metric if m.label == label)


def _drill(correct: bool, seconds: float = 3.0, retry: bool = False) -> Answer:
    return Answer("convention", "open-1c", correct, "1C" if correct else "1S", "1C", laws=("law-28",),
                  seed=1, seconds=seconds, retry=retry)


def test_one_quick_right_answer_shows_nothing_mastered(db: Path) -> None:
    with open_store(db) as store:
        store.record(_drill(True, seconds=2.0), "default", now=NOW - timedelta(minutes=5))
    at = _page("tutor/ui/pages/progress.py")
    assert not at.exception, [e.value for e in at.exception]
    assert _metric(at, "Mastered") == "0 / 2"  # the rule and its law, neither mastered


def test_right_answers_over_two_weeks_show_as_mastered(db: Path) -> None:
    """Three spaced right answers over more than a week (day 0, 2 and 13), the rule's minimum."""
    with open_store(db) as store:
        start = NOW - timedelta(days=14)
        for day in (0, 2, 13):
            store.record(_drill(True, seconds=10.0), "default", now=start + timedelta(days=day))
    at = _page("tutor/ui/pages/progress.py")
    assert not at.exception, [e.value for e in at.exception]
    assert _metric(at, "Mastered") == "2 / 2"


def test_a_retry_is_not_counted_as_an_answer(db: Path) -> None:
    with open_store(db) as store:
        store.record(_drill(False), "default", now=NOW - timedelta(minutes=3))
        store.record(_drill(True, retry=True), "default", now=NOW - timedelta(minutes=2))
    at = _page("tutor/ui/pages/progress.py")
    assert not at.exception, [e.value for e in at.exception]
    assert _metric(at, "Answers") == "1" and _metric(at, "Right") == "0%"


def test_review_page_serves_around_a_law_the_content_no_longer_has(db: Path) -> None:
    with open_store(db) as store:
        store.record(Answer("law", "law-99999", False, "a", "b", laws=("law-99999",), seed=2), "default",
                     now=NOW - timedelta(days=2))
        store.record(Answer("law", "law-35", False, "3", "2", laws=("law-35",), seed=3), "default",
                     now=NOW - timedelta(days=1))
    at = _page("tutor/ui/pages/review.py")
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert at.session_state["review_exercise"].item_id == "law-35"
    assert _metric(at, "Mistakes to fix") == "2"
