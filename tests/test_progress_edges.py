"""The store at its edges, found by stop 59's second audit: times near the calendar's end, a schedule whose due
time has no zone, and columns of another type read by the database's counts. Each is one line (a refusal, or
the damaged-record error naming what is wrong), never a traceback, and a refused import writes nothing."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from test_progress_backends import local_zone

from tutor.cli import main
from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.progress import open_store
from tutor.lessons.progress.progress_io import export_json, import_json
from tutor.lessons.progress.schema import LATEST, DamagedRecordError
from tutor.lessons.progress.srs import SCHEDULER


def _store_with_answers(path: Path, count: int = 3) -> None:
    with open_store(path) as store:
        for n in range(count):
            store.record(Answer("law", "law-12", n % 2 == 0, "5", "5", laws=("law-12",)), "anna",
                         now=datetime(2026, 12, 1, tzinfo=UTC) + timedelta(hours=n))


def test_the_newest_time_leaves_room_for_the_longest_schedule() -> None:
    """An answer at the newest time a record may carry is scheduled (FSRS's longest interval, then a local day,
    still fall inside the calendar); answers from 9990 were written by an import, then failed to schedule."""
    assert LATEST + timedelta(days=SCHEDULER.maximum_interval + 1) <= datetime(9999, 12, 31, tzinfo=UTC)


def test_an_import_of_answers_too_near_the_calendars_end_writes_nothing(tmp_path: Path) -> None:
    _store_with_answers(tmp_path / "source.db")
    with open_store(tmp_path / "source.db") as source:
        export_json(source, tmp_path / "x.json")
    record = json.loads((tmp_path / "x.json").read_text(encoding="utf-8"))
    record["answers"][1]["answered_at"] = "9990-01-01T00:00:00.000000Z"
    record["answers"][2]["answered_at"] = "9999-12-30T00:00:00.000000Z"
    (tmp_path / "far.json").write_text(json.dumps(record), encoding="utf-8")
    with open_store(tmp_path / "far.db") as store:
        with pytest.raises(TutorError, match=f"answered_at.*{LATEST:%Y-%m-%d}"):
            import_json(store, tmp_path / "far.json")
        assert store.answers() == [] and store.units("anna") == []


def test_an_answer_is_recorded_only_at_a_time_a_schedule_fits(tmp_path: Path) -> None:
    with open_store(tmp_path / "p.db") as store:
        with pytest.raises(TutorError, match="the answer's time"):
            store.record(Answer("law", "law-12", True, "5", "5", retry=True), "anna",
                         now=datetime(9999, 12, 31, tzinfo=UTC))
        assert store.answers() == []


def _damage(path: Path, sql: str) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(sql)


def test_a_schedule_due_without_a_time_zone_is_a_damaged_record(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """fsrs reads a due time without a zone, and comparing it with now raised TypeError on the home page, the
    Progress page and ``tutor progress``."""
    db = tmp_path / "p.db"
    _store_with_answers(db)
    _damage(db, "UPDATE cards SET card = json_set(card, '$.due', '2020-01-01T00:00:00')")
    with open_store(db) as store, pytest.raises(DamagedRecordError, match="due time"):
        store.summary("anna")
    assert main(["progress", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "damaged" in err


def test_a_stored_time_too_near_the_calendars_end_for_local_time_is_a_damaged_record(tmp_path: Path) -> None:
    """9999-12-31 23:30 UTC is the next year east of UTC: reading its local day raised OverflowError."""
    db = tmp_path / "p.db"
    _store_with_answers(db)
    _damage(db, "UPDATE answers SET answered_at = '9999-12-31T23:30:00.000000Z' WHERE id = 1")
    with local_zone("Asia/Kathmandu"), open_store(db) as store:
        for read in (store.answer_counts, store.summary):
            with pytest.raises(DamagedRecordError, match="9999-12-31"):
                read("anna")


@pytest.mark.parametrize(("sql", "field"), [
    ("UPDATE answers SET item_kind = CAST(item_kind AS BLOB) WHERE id = 1", "item_kind"),
    ("UPDATE answers SET item_id = CAST(item_id AS BLOB) WHERE id = 1", "item_id"),
    ("UPDATE answers SET extra = CAST('{}' AS BLOB) WHERE id = 1", "extra"),
    ("UPDATE answers SET answered_at = CAST(answered_at AS BLOB) WHERE id = 1", "answered_at"),
])
def test_the_progress_pages_counts_call_a_column_of_another_type_damaged(tmp_path: Path, sql: str,
                                                                        field: str) -> None:
    """The counts read the columns themselves: a blob where a text belongs was counted (an area named
    ``b'law'``), where every other reading says the record is damaged."""
    db = tmp_path / "p.db"
    _store_with_answers(db)
    _damage(db, sql)
    with open_store(db) as store:
        with pytest.raises(DamagedRecordError, match=field):
            store.answer_counts("anna")
        with pytest.raises(DamagedRecordError, match=field):
            store.answers("anna")


def test_a_stored_time_that_is_not_one_is_named_as_it_is_stored(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    _store_with_answers(db)
    _damage(db, "UPDATE answers SET answered_at = 'junk' WHERE id = 1")
    with open_store(db) as store, pytest.raises(DamagedRecordError, match="'junk'") as caught:
        store.answer_counts("anna")
    assert ":00:00Z" not in str(caught.value)
