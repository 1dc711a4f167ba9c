"""The progress store: recording, profiles, mistakes, migrations and damaged files (issue 8)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.progress import SCHEMA_VERSION, ProgressStore, ProgressStoreError, open_store
from tutor.lessons.progress.progress_io import csv_text, export_csv, export_json, import_json

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_every_field_of_an_answer_is_recorded(store: ProgressStore) -> None:
    answer = Answer("convention", "open-1c", False, "1S", "1C", laws=("law-28", "law-5"), seed=42,
                    position="N:AKQ2.3.4.5 -", seconds=7.5, extra={"drill": "bidding"})
    stored = store.record(answer, "anna", now=T0)
    [back] = store.answers("anna")
    assert back.answer == answer and back.uid == stored.uid
    assert back.answered_at == T0 and back.learner == "anna"


def test_store_is_in_wal_mode_with_current_schema(tmp_path: Path) -> None:
    open_store(tmp_path / "p.sqlite3").close()
    conn = sqlite3.connect(tmp_path / "p.sqlite3")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()


def test_several_learner_profiles_keep_separate_records(store: ProgressStore) -> None:
    store.add_learner("boris", now=T0)
    store.record(Answer("law", "law-12", True, "5", "5"), "anna", now=T0 + timedelta(seconds=1))
    assert store.learners() == ["boris", "anna"]
    assert store.answers("boris") == [] and len(store.answers("anna")) == 1
    assert store.units("boris") == []


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "a/b", "<script>"])
def test_bad_learner_names_are_refused(store: ProgressStore, name: str) -> None:
    with pytest.raises(TutorError, match="The name .* is not allowed"):
        store.add_learner(name)


def test_mistakes_queue_keeps_wrong_answers_until_answered_right(store: ProgressStore) -> None:
    wrong = Answer("convention", "open-1c", False, "1S", "1C", seed=7)
    store.record(wrong, "anna", now=T0)
    store.record(Answer("convention", "lead-top", False, "2", "K", seed=8), "anna", now=T0 + timedelta(1))
    assert [m.answer.item_id for m in store.mistakes("anna")] == ["lead-top", "open-1c"]
    store.record(Answer("convention", "open-1c", True, "1C", "1C", seed=9), "anna", now=T0 + timedelta(2))
    [left] = store.mistakes("anna")
    assert left.answer.item_id == "lead-top" and left.answer.seed == 8


def test_streak_counts_consecutive_days(store: ProgressStore) -> None:
    today = date(2025, 3, 10)
    for back in (0, 1, 2, 4):
        when = datetime.combine(today - timedelta(days=back), datetime.min.time()).astimezone()
        store.record(Answer("law", "law-1", True, "a", "a"), "anna", now=when + timedelta(hours=12))
    assert store.streak("anna", today) == 3
    assert store.streak("anna", today + timedelta(days=1)) == 3
    assert store.streak("anna", today + timedelta(days=2)) == 0


def test_summary_of_an_empty_record(store: ProgressStore) -> None:
    s = store.summary("nobody", T0)
    assert (s.answers, s.accuracy, s.due, s.streak_days, s.last_answer) == (0, None, 0, 0, None)


# --- migrations ----------------------------------------------------------------------

V1_FIXTURE = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (1);
CREATE TABLE answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT, learner TEXT NOT NULL, item_kind TEXT NOT NULL,
    item_id TEXT NOT NULL, correct INTEGER NOT NULL, given TEXT NOT NULL, expected TEXT NOT NULL,
    laws TEXT NOT NULL DEFAULT '', seed INTEGER, position TEXT NOT NULL DEFAULT '', seconds REAL,
    answered_at TEXT NOT NULL);
INSERT INTO answers (learner, item_kind, item_id, correct, given, expected, laws, seed, position,
                     seconds, answered_at) VALUES
    ('anna', 'law', 'law-12', 0, '4', '5', 'law-12', NULL, '', 12.5, '2024-05-01T10:00:00+00:00'),
    ('anna', 'convention', 'open-1c', 1, '1C', '1C', 'law-28,law-5', 99, 'N:AK.Q.J.T -', NULL,
     '2024-05-01T10:05:00'),
    ('boris', 'quiz', 'q-7', 1, 'b', 'b', 'law-7', NULL, '', 3.0, '2024-05-02T09:00:00Z');
"""


def test_schema_v1_database_is_migrated_without_losing_answers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(V1_FIXTURE)
    conn.close()
    with open_store(path) as store:
        assert sorted(store.learners()) == ["anna", "boris"]
        anna = store.answers("anna")
        assert [(a.answer.item_id, a.answer.correct, a.answer.laws) for a in anna] == [
            ("law-12", False, ("law-12",)), ("open-1c", True, ("law-28", "law-5"))]
        assert anna[1].answer.seed == 99 and anna[1].answer.position == "N:AK.Q.J.T -"
        assert anna[1].answered_at == datetime(2024, 5, 1, 10, 5, tzinfo=UTC)
        # schedules are rebuilt from the old answers: quiz q-7 is reviewed through law-7
        assert {u.item for u in store.units("boris")} == {("law", "law-7")}
        assert store.unit("anna", ("law", "law-12")) is not None
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()
    backup = sqlite3.connect(tmp_path / "old.sqlite3.schema-v1.bak")
    assert backup.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 3
    backup.close()


def test_database_from_a_newer_tutor_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript("CREATE TABLE schema_version (version INTEGER); INSERT INTO schema_version VALUES (99);")
    conn.close()
    before = _digest(path)
    with pytest.raises(ProgressStoreError, match="newer tutor"):
        open_store(path)
    assert _digest(path) == before


# --- damaged, foreign and locked files ------------------------------------------------


def test_corrupt_file_gives_clear_error_and_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"this is not a database, just notes\n" * 200)
    before = _digest(path)
    with pytest.raises(ProgressStoreError) as info:
        open_store(path)
    message = str(info.value)
    assert str(path) in message and "not changed" in message and "--import" in message
    assert _digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.sqlite3"]


def test_damaged_header_of_a_real_store_is_reported_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with open_store(path) as store:
        store.record(Answer("law", "law-1", True, "a", "a"), "anna", now=T0)
    data = bytearray(path.read_bytes())
    data[0:16] = b"garbage garbage!"
    path.write_bytes(bytes(data))
    with pytest.raises(ProgressStoreError, match="damaged"):
        open_store(path)
    assert path.read_bytes() == bytes(data)


def test_foreign_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(ProgressStoreError, match="not a Vint tutor progress database"):
        open_store(path)


def test_locked_database_gives_clear_error_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with open_store(path) as store:
        store.record(Answer("law", "law-1", True, "a", "a"), "anna", now=T0)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    store = ProgressStore(path, timeout=0.05)
    with pytest.raises(ProgressStoreError, match="locked by another program"):
        store.record(Answer("law", "law-2", True, "b", "b"), "anna", now=T0)
    other.execute("ROLLBACK")
    other.close()
    store.record(Answer("law", "law-2", True, "b", "b"), "anna", now=T0 + timedelta(1))
    assert [a.answer.item_id for a in store.answers("anna")] == ["law-1", "law-2"]
    store.close()


# --- export and import ---------------------------------------------------------------


def _fill(store: ProgressStore) -> None:
    store.record(Answer("law", "law-12", False, "4", "5", laws=("law-12",), seconds=3.25), "anna", now=T0)
    store.record(Answer("convention", "open-1c", True, "1C", "1C", laws=("law-28",), seed=5,
                        position="N:AK.Q.J.T -", extra={"drill": "bidding"}), "anna", now=T0 + timedelta(1))
    store.record(Answer("quiz", "q-7", True, "b", "b", laws=("law-7",)), "boris", now=T0 + timedelta(2))


def test_export_then_import_gives_the_same_record(tmp_path: Path, store: ProgressStore) -> None:
    _fill(store)
    exported = tmp_path / "record.json"
    assert export_json(store, exported) == 3
    with open_store(tmp_path / "fresh.sqlite3") as fresh:
        assert import_json(fresh, exported) == 3
        assert fresh.export_record() == store.export_record()
        assert import_json(fresh, exported) == 0  # importing twice adds nothing
        assert fresh.export_record() == store.export_record()


def test_import_rejects_a_file_that_is_not_an_export(tmp_path: Path, store: ProgressStore) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "something", "answers": [{"uid": 1}]}))
    with pytest.raises(TutorError, match="not a Vint tutor progress export") as info:
        import_json(store, bad)
    assert "format" in str(info.value) and "learners" in str(info.value)
    bad.write_text("{not json")
    with pytest.raises(TutorError, match="not valid JSON"):
        import_json(store, bad)
    assert store.answers() == []


def test_csv_export_has_one_row_per_answer(tmp_path: Path, store: ProgressStore) -> None:
    _fill(store)
    out = tmp_path / "answers.csv"
    assert export_csv(store, out, "anna") == 2
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("answered_at,learner,item_kind,item_id,correct")
    assert len(lines) == 3 and "open-1c" in lines[2]
    assert csv_text(store).count("\n") == 4


def test_a_formula_in_an_answer_is_written_as_text(store: ProgressStore) -> None:
    """The teacher's class CSV wrote "=HYPERLINK(…)" as text; the learner's own did not (CSV injection)."""
    store.record(Answer("law", "law-13", False, "=HYPERLINK(1)", "@SUM(1)", laws=("law-13",)), "anna")
    text = csv_text(store, "anna")
    assert "'=HYPERLINK(1)" in text and "'@SUM(1)" in text and ",=HYPERLINK" not in text
