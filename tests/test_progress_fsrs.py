"""FSRS scheduling of review units: due dates after right and wrong answers (issue 8)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from fsrs import Rating, State

from tutor.lessons.answers import Answer
from tutor.lessons.progress import ProgressStore, open_store
from tutor.lessons.progress.srs import rating_for, review_units

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
LAW = ("law", "law-35")


def _answer(store: ProgressStore, correct: bool, when: datetime, seconds: float | None = 20.0) -> datetime:
    store.record(Answer("law", "law-35", correct, "x", "x" if correct else "y", seconds=seconds), "anna", now=when)
    unit = store.unit("anna", LAW)
    assert unit is not None
    return unit.due


def test_rating_comes_from_right_wrong_and_time() -> None:
    assert rating_for(False, 1.0) == Rating.Again
    assert rating_for(True, 2.0) == Rating.Easy
    assert rating_for(True, 20.0) == Rating.Good
    assert rating_for(True, 120.0) == Rating.Hard


def test_unit_of_review_is_the_rule_and_its_laws_not_the_quiz_question() -> None:
    assert review_units(Answer("convention", "open-1c", True, "", "", laws=("law-28",))) == [
        ("convention", "open-1c"), ("law", "law-28")]
    assert review_units(Answer("quiz", "q-1", True, "", "", laws=("law-7", "law-7"))) == [("law", "law-7")]
    assert review_units(Answer("quiz", "q-1", True, "", "")) == [("quiz", "q-1")]


def test_right_answers_push_the_due_date_further_each_time(store: ProgressStore) -> None:
    when, intervals = T0, []
    for _ in range(4):
        due = _answer(store, True, when)
        intervals.append(due - when)
        when = due
    assert intervals[0] == timedelta(minutes=10)  # learning step
    assert intervals[1] >= timedelta(days=1)  # graduated to Review
    assert intervals[1] < intervals[2] < intervals[3]
    unit = store.unit("anna", LAW)
    assert unit is not None and unit.card.state == State.Review and unit.mastery == "mastered"


def test_wrong_answer_brings_the_rule_back_within_minutes(store: ProgressStore) -> None:
    when = T0
    for _ in range(3):
        when = _answer(store, True, when)
    before = store.unit("anna", LAW)
    due = _answer(store, False, when)
    after = store.unit("anna", LAW)
    assert before is not None and after is not None
    assert due - when == timedelta(minutes=10)  # relearning step: the mistakes queue
    assert after.card.state == State.Relearning and after.lapses == 1 and after.right_streak == 0
    assert (after.card.stability or 0) < (before.card.stability or 0)
    assert after.mastery == "learning"
    assert [u.item for u in store.due("anna", when + timedelta(minutes=11))] == [LAW]
    assert store.due("anna", when + timedelta(minutes=9)) == []


def test_first_wrong_answer_is_due_again_in_a_minute(store: ProgressStore) -> None:
    assert _answer(store, False, T0) - T0 == timedelta(minutes=1)


def test_slow_right_answer_schedules_sooner_than_quick_one(tmp_path: Path) -> None:
    dues = []
    for seconds in (2.0, 20.0, 120.0):
        with open_store(tmp_path / f"{seconds}.sqlite3") as store:
            when = _answer(store, True, T0, seconds)
            dues.append(_answer(store, True, when, seconds) - when)
    assert dues[0] > dues[1] > dues[2]
