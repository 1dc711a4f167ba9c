"""Retries and mastery (issue 20): one answer per position counts, and "mastered" means
retention shown over spaced reviews, as docs/progress.md states the rule."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tutor.lessons.answers import Answer, marked_learned
from tutor.lessons.progress import SCHEMA_VERSION, ProgressStore, open_store
from tutor.lessons.progress.progress_io import export_json, import_json
from tutor.lessons.progress.schema import MIGRATIONS
from tutor.lessons.progress.srs import MASTERY_REVIEWS, MASTERY_SPAN, REVIEW_GAP

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
RULE = ("convention", "open-1c")


def _drill(correct: bool, *, retry: bool = False, seconds: float = 3.0) -> Answer:
    return Answer("convention", "open-1c", correct, "1C" if correct else "1S", "1C", laws=("law-28",),
                  seed=7, position="N:AK.Q.J.T -", seconds=seconds, retry=retry)


def test_retry_follows_extra_in_answer_and_defaults_to_false() -> None:
    from dataclasses import fields

    names = [f.name for f in fields(Answer)]  # positional records written before keep their meaning
    assert names[names.index("extra") + 1] == "retry" and names[-1] == "key"  # key: issue 31, last
    assert Answer("law", "law-12", True, "5", "5").retry is False
    assert Answer("law", "law-12", True, "5", "5").as_retry().retry is True


def test_a_right_retry_after_a_wrong_answer_counts_for_nothing(tmp_path: Path) -> None:
    with open_store(tmp_path / "a.sqlite3") as with_retry, open_store(tmp_path / "b.sqlite3") as without:
        for s in (with_retry, without):
            s.record(_drill(False), "anna", now=T0)
        with_retry.record(_drill(True, retry=True), "anna", now=T0 + timedelta(seconds=20))
        # recorded, and marked as a retry
        assert [a.answer.retry for a in with_retry.answers("anna")] == [False, True]
        # accuracy: one answer, wrong
        summary = with_retry.summary("anna", T0 + timedelta(minutes=1))
        assert (summary.answers, summary.correct, summary.retries) == (1, 0, 1)
        # the schedule is the one without the retry
        for item in (RULE, ("law", "law-28")):
            a, b = with_retry.unit("anna", item), without.unit("anna", item)
            assert a is not None and b is not None
            assert (a.card.due, a.card.stability, a.reps, a.lapses) == (b.card.due, b.card.stability, b.reps, b.lapses)
        # the mistake stays in the queue: the retry came after the answer was shown
        assert [m.answer.given for m in with_retry.mistakes("anna")] == ["1S"]


def test_a_wrong_retry_makes_no_mistake(store: ProgressStore) -> None:
    store.record(_drill(True), "anna", now=T0)
    store.record(_drill(False, retry=True), "anna", now=T0 + timedelta(seconds=30))
    assert store.mistakes("anna") == []
    assert store.summary("anna", T0).correct == 1


def test_retry_survives_export_and_import(tmp_path: Path, store: ProgressStore) -> None:
    store.record(_drill(False), "anna", now=T0)
    store.record(_drill(True, retry=True), "anna", now=T0 + timedelta(seconds=5))
    path = tmp_path / "r.json"
    export_json(store, path)
    with open_store(tmp_path / "fresh.sqlite3") as fresh:
        import_json(fresh, path)
        assert [a.answer.retry for a in fresh.answers("anna")] == [False, True]
        assert fresh.export_record() == store.export_record()


def test_schema_v2_database_gains_retry_and_is_backed_up(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    conn = sqlite3.connect(path)
    MIGRATIONS[1](conn)
    MIGRATIONS[2](conn)
    conn.execute("UPDATE schema_version SET version = 2")
    conn.execute("INSERT INTO learners VALUES ('anna', '2025-01-01T00:00:00.000000Z')")
    conn.execute(
        "INSERT INTO answers (uid, learner, item_kind, item_id, correct, given, expected, laws, seed,"
        " position, seconds, extra, answered_at) VALUES ('u1234567', 'anna', 'law', 'law-12', 0, '4', '5',"
        " '[\"law-12\"]', NULL, '', 3.0, '{}', '2025-01-02T00:00:00.000000Z')")
    conn.commit()
    conn.close()
    with open_store(path) as store:
        (only,) = store.answers("anna")
        assert only.answer.retry is False and only.answer.given == "4"
        unit = store.unit("anna", ("law", "law-12"))
        assert unit is not None and unit.lapses == 1  # schedules rebuilt from the answers
        assert [m.uid for m in store.mistakes("anna")] == ["u1234567"]
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION >= 3
    conn.close()
    backup = sqlite3.connect(tmp_path / "v2.sqlite3.schema-v2.bak")
    assert backup.execute("SELECT version FROM schema_version").fetchone()[0] == 2
    assert backup.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 1
    backup.close()


# -- mastery: the rule of docs/progress.md -----------------------------------------------------


def test_one_quick_right_answer_is_not_mastery(store: ProgressStore) -> None:
    """The issue's case: one right answer under 6 s made an item "mastered"."""
    store.record(_drill(True, seconds=2.0), "anna", now=T0)
    assert store.mastery("anna", RULE) == "learning"
    unit = store.unit("anna", RULE)
    assert unit is not None and unit.due - T0 < timedelta(days=1)  # a first answer is no week of retention


def test_many_right_answers_in_one_session_are_not_mastery(store: ProgressStore) -> None:
    for minute in range(10):
        store.record(_drill(True, seconds=2.0), "anna", now=T0 + timedelta(minutes=minute))
    assert store.mastery("anna", RULE) == "learning"
    assert store.summary("anna", T0 + timedelta(hours=1)).mastered == 0


def _answer_when_due(store: ProgressStore, first: datetime, until: datetime) -> list[datetime]:
    """Answer right each time the unit falls due, from ``first`` to ``until``; the times answered."""
    when, times = first, []
    while when <= until:
        store.record(_drill(True, seconds=10.0), "anna", now=when)
        times.append(when)
        unit = store.unit("anna", RULE)
        assert unit is not None
        when = max(unit.due, when + timedelta(minutes=1))
    return times


def _spaced(times: list[datetime]) -> list[datetime]:
    """The answers the rule counts: each at least REVIEW_GAP after the previous counted one."""
    counted: list[datetime] = []
    for t in times:
        if not counted or t - counted[-1] >= REVIEW_GAP:
            counted.append(t)
    return counted


def test_right_answers_over_spaced_reviews_become_mastery(store: ProgressStore) -> None:
    times = _answer_when_due(store, T0, T0 + timedelta(days=60))
    counted = _spaced(times)  # the rule, computed from the answer times alone
    assert len(counted) >= MASTERY_REVIEWS and counted[-1] - counted[0] >= MASTERY_SPAN
    assert store.mastery("anna", RULE) == "mastered"
    assert store.summary("anna", times[-1]).mastered == 2  # the rule and its law, answered together


def test_mastery_is_not_reached_before_the_span_has_passed(tmp_path: Path) -> None:
    with open_store(tmp_path / "m.sqlite3") as store:
        when = T0
        while True:
            store.record(_drill(True, seconds=10.0), "anna", now=when)
            answered = [s.answered_at for s in store.answers("anna")]
            counted = _spaced(answered)
            shown = len(counted) >= MASTERY_REVIEWS and counted[-1] - counted[0] >= MASTERY_SPAN
            if not shown:
                assert store.mastery("anna", RULE) == "learning", answered
            if store.mastery("anna", RULE) == "mastered" or when > T0 + timedelta(days=90):
                break
            unit = store.unit("anna", RULE)
            assert unit is not None
            when = max(unit.due, when + timedelta(minutes=1))
        assert store.mastery("anna", RULE) == "mastered"


def test_a_wrong_answer_starts_the_spaced_reviews_again(store: ProgressStore) -> None:
    times = _answer_when_due(store, T0, T0 + timedelta(days=60))
    assert store.mastery("anna", RULE) == "mastered"
    lapse = times[-1] + timedelta(days=1)
    store.record(_drill(False), "anna", now=lapse)
    assert store.mastery("anna", RULE) == "learning"
    # two spaced right answers after it are not yet enough (the rule needs three over a week)
    store.record(_drill(True, seconds=10.0), "anna", now=lapse + timedelta(days=1))
    store.record(_drill(True, seconds=10.0), "anna", now=lapse + timedelta(days=9))
    assert store.mastery("anna", RULE) == "learning"


@pytest.mark.parametrize("answer", [marked_learned("law-35"),
                                    Answer("law", "law-35", True, "learned", "learned", laws=("law-35",))])
def test_mark_as_learned_is_not_a_right_answer(store: ProgressStore, answer: Answer) -> None:
    """Both the new record and the laws page's old one ("learned" for "learned")."""
    for day in range(0, 40, 5):  # marking it again and again proves nothing either
        store.record(answer, "anna", now=T0 + timedelta(days=day))
    summary = store.summary("anna", T0 + timedelta(days=40))
    assert (summary.answers, summary.correct, summary.mastered) == (0, 0, 0)
    unit = store.unit("anna", ("law", "law-35"))
    assert unit is not None and unit.reps == 0 and unit.is_due(T0)  # on the schedule, due at once
    assert store.mastery("anna", ("law", "law-35")) == "learning"


def test_mark_as_learned_does_not_clear_a_mistake(store: ProgressStore) -> None:
    store.record(Answer("law", "law-35", False, "3", "2", laws=("law-35",)), "anna", now=T0)
    store.record(marked_learned("law-35"), "anna", now=T0 + timedelta(minutes=1))
    assert [m.answer.given for m in store.mistakes("anna")] == ["3"]
