"""Stored text stays bounded and shown as text; a damaged row is one line (an audit's three findings).

The standard (docs/quality.md, "Limits"): input from outside is bounded, refused in one line naming the
field and the bound (a ``TutorError``, ``error: …`` and exit 2 in the terminal) with nothing written; a
learner's text is shown as text; a row that does not read back is the store's "damaged" error.

* A. An import took an answer of any length (15,000,000 characters were imported, then printed whole):
  each text of an imported answer is now bounded by the store's own ``MAX_…``, and a file with one answer
  beyond them imports nothing.
* B. An imported answer holding ESC sequences and a line break reached the terminal raw (the title set,
  the screen cleared, a forged ``error:`` line): an import refuses control characters, and ``tutor
  progress`` and ``tutor review --list`` show any already stored escaped (``\\x1b``, ``\\n``).
* C. A column holding another type (``expected`` a blob, ``seconds`` a text, ``seed`` a blob) ended
  ``tutor progress``, ``--csv``, ``--export`` and ``review --list`` in a traceback.
"""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer, answer_record
from tutor.lessons.progress import MAX_KEY, columns, open_store
from tutor.lessons.progress.progress_io import export_json, import_json
from tutor.lessons.progress.schema import DamagedRecordError
from tutor.lessons.review import MAX_GIVEN
from tutor.lessons.scoring import check, make_question

ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x1b[31mRED\nforged line: error: your database is damaged"
UNCHANGED = "Ход ♠A ♥10 ♦K ♣2, déjà"


def run(*argv: str) -> tuple[int, str, str]:
    """``tutor ARGV`` in-process: (exit status, standard output, standard error); any exception escapes."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def one_error_line(stderr: str) -> str:
    lines = [line for line in stderr.split("\n") if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), stderr[:2000]
    return lines[0]


def answer(uid: str = "0123456789abcdef", **fields: object) -> dict[str, object]:
    """One answer of an export, as ``tutor progress --export`` writes it, with ``fields`` changed."""
    return {"uid": uid, "learner": "anna", "answered_at": "2026-12-07T10:00:00Z", "item_kind": "law",
            "item_id": "law-12", "correct": False, "given": "5", "expected": "6", **fields}


def record_file(tmp_path: Path, *answers: dict[str, object]) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"format": "vint-tutor-progress", "schema_version": 8, "learners": [],
                                "answers": list(answers)}), encoding="utf-8")
    return path


def refused_import(tmp_path: Path, bad: dict[str, object]) -> str:
    """The one line refusing a file of a good answer then ``bad``; asserts that nothing was imported."""
    path = record_file(tmp_path, answer("aaaaaaaaaaaaaaaa"), bad)
    with open_store(tmp_path / "p.db") as store:
        with pytest.raises(TutorError) as refused:
            import_json(store, path)
        assert store.answers() == [] and store.learners() == []  # all or nothing: not even the good one
    line = str(refused.value)
    assert "\n" not in line and "\x1b" not in line
    return line


# --- A. bounded -------------------------------------------------------------------------------------


@pytest.mark.parametrize("field,value,bound", [
    ("given", lambda: "x" * (columns.MAX_ANSWER_TEXT + 1), lambda: columns.MAX_ANSWER_TEXT),
    ("expected", lambda: "6" * (columns.MAX_ANSWER_TEXT + 1), lambda: columns.MAX_ANSWER_TEXT),
    ("position", lambda: "N" * (columns.MAX_POSITION + 1), lambda: columns.MAX_POSITION),
    ("laws", lambda: ["law-12"] * (columns.MAX_LAWS + 1), lambda: columns.MAX_LAWS),
    ("laws", lambda: ["l" * (columns.MAX_ITEM_ID + 1)], lambda: columns.MAX_ITEM_ID),
    ("extra", lambda: {f"k{n}": "v" for n in range(columns.MAX_EXTRA + 1)}, lambda: columns.MAX_EXTRA),
    ("extra", lambda: {"wrong": "w" * (columns.MAX_ANSWER_TEXT + 1)}, lambda: columns.MAX_ANSWER_TEXT),
    ("key", lambda: "k" * (MAX_KEY + 1), lambda: MAX_KEY),
])
def test_an_import_beyond_a_fields_bound_is_one_line_naming_the_answer_the_field_and_the_bound(
        tmp_path: Path, field: str, value: object, bound: object) -> None:
    assert callable(value) and callable(bound)
    line = refused_import(tmp_path, answer("bbbbbbbbbbbbbbbb", **{field: value()}))
    assert f"answers.1.{field}" in line and "bbbbbbbbbbbbbbbb" in line and str(bound()) in line
    assert len(line) < 1000


def test_the_audits_answer_of_fifteen_million_characters_is_refused_and_never_printed(tmp_path: Path) -> None:
    path = record_file(tmp_path, answer(given="x" * 15_000_000))
    db = str(tmp_path / "p.db")
    code, out, err = run("progress", "--db", db, "--import", str(path))
    assert code == 2 and "answers.0.given" in one_error_line(err) and len(err) < 1000
    code, out, err = run("progress", "--db", db)
    assert code == 0 and "x" * 100 not in out and len(out) < 1000


def test_the_bounds_admit_what_the_tutor_records_a_whole_deals_scoring_sheet(tmp_path: Path) -> None:
    """A typed answer is at most MAX_GIVEN characters, but a sheet's record joins all its entries."""
    question = make_question("whole-deal", 0)
    sheet = answer_record(question, check(question, {b.key: -9_999_999 for b in question.blanks}), 12.5)
    assert len(sheet.given) > MAX_GIVEN  # so MAX_GIVEN itself cannot bound an import
    with open_store(tmp_path / "a.db") as source:
        source.record(Answer("law", "law-12", False, "x\ty", "6"), "anna")  # a typed tab: the terminal takes it
        source.record(sheet, "anna")
        export_json(source, tmp_path / "r.json")
        written = [(s.uid, s.answer) for s in source.answers()]
    with open_store(tmp_path / "b.db") as target:
        assert import_json(target, tmp_path / "r.json") == 2
        assert [(s.uid, s.answer) for s in target.answers()] == written


# --- B. control characters --------------------------------------------------------------------------


@pytest.mark.parametrize("field,value", [
    ("given", ESCAPES), ("expected", "6\n"), ("item_id", "law-12\x1b[2J"), ("laws", ["law-12\r"]),
    ("position", "N:\x9b2J"), ("extra", {"kind": "\x7f"}), ("extra", {"\x1b[31m": "x"}), ("key", "k\x00"),
    ("item_id", "law\t12"),  # a tab is taken only in a typed answer
])
def test_an_import_with_a_control_character_is_refused_in_one_line(tmp_path: Path, field: str,
                                                                    value: object) -> None:
    line = refused_import(tmp_path, answer("cccccccccccccccc", **{field: value}))
    assert f"answers.1.{field}" in line and "control character" in line


def _stored(tmp_path: Path) -> str:
    """A store holding what an older tutor let in: an answer with ESC sequences and a line break, beside an
    answer in Cyrillic with the suits (the store's own ``record`` writes a typed line as it is)."""
    db = str(tmp_path / "old.db")
    with open_store(db) as store:
        store.record(Answer("law", "law-12", False, ESCAPES, "6"), "anna")
        store.record(Answer("law", "law-13", False, UNCHANGED, "5"), "anna")
    return db


@pytest.mark.parametrize("argv", [("progress",), ("progress", "--learner", "anna"),
                                  ("review", "--list", "--learner", "anna")])
def test_stored_control_characters_are_printed_escaped_and_other_text_unchanged(tmp_path: Path,
                                                                                 argv: tuple[str, ...]) -> None:
    code, out, err = run(*argv, "--db", _stored(tmp_path))
    assert code == 0 and err == ""
    assert not any(0x00 <= ord(c) < 0x20 and c != "\n" or 0x7F <= ord(c) <= 0x9F for c in out)
    assert "\x1b" not in out and "\x07" not in out
    assert not any(line.lstrip().startswith("forged line") for line in out.split("\n"))
    assert "\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mRED\\nforged line" in out  # shown, visibly
    assert UNCHANGED in out


# --- C. a damaged row -------------------------------------------------------------------------------


def _damaged_copy(tmp_path: Path, assignment: str) -> str:
    db = tmp_path / "p.db"
    with open_store(db) as store:
        store.record(Answer("convention", "open-1c", False, "1C", "1S", laws=("law-12",), seed=7, seconds=3.5,
                            extra={"kind": "bidding"}), "anna")  # a bidding drill's mistake: its calls are read
        store.record(Answer("law", "law-13", True, "5", "5", laws=("law-13",), seed=8, seconds=1.0), "anna")
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute(f"UPDATE answers SET {assignment} WHERE id = 1")  # the wrong answer: a mistake shown
    return str(db)


@pytest.mark.parametrize("assignment,field", [
    ("expected = x'ff'", "expected"), ("given = x'ff'", "given"), ("seconds = 'slow'", "seconds"),
    ("seed = x'00ff'", "seed"), ("seed = 1.5", "seed"), ("position = x'00'", "position"),
    ("item_id = x'ff'", "item_id"), ("key = x'ff'", "key"), ("laws = x'5b5d'", "laws"),
])
def test_a_column_of_the_wrong_type_is_the_damaged_record_error_naming_the_field(tmp_path: Path, assignment: str,
                                                                                 field: str) -> None:
    db = _damaged_copy(tmp_path, assignment)
    with open_store(db) as store, pytest.raises(DamagedRecordError) as damaged:
        store.answers("anna")
    assert "damaged" in str(damaged.value) and f"{field} is " in str(damaged.value)


@pytest.mark.parametrize("assignment,command", [
    ("expected = x'ff'", ("progress",)), ("expected = x'ff'", ("review", "--list", "--learner", "anna")),
    ("seconds = 'slow'", ("progress", "--csv", "OUT")), ("seed = x'00ff'", ("progress", "--export", "OUT")),
])
def test_the_audits_damaged_rows_give_one_line_in_the_terminal_not_a_traceback(
        tmp_path: Path, assignment: str, command: tuple[str, ...]) -> None:
    db = _damaged_copy(tmp_path, assignment)
    argv = [str(tmp_path / "out") if word == "OUT" else word for word in command]
    code, _, err = run(*argv, "--db", db)
    line = one_error_line(err)
    assert code == 2 and "damaged" in line and assignment.split()[0] in line
    assert not (tmp_path / "out").exists()


def test_a_typed_answer_with_a_control_character_is_refused_before_it_is_stored(tmp_path: Path) -> None:
    """What an import refuses is refused where it is typed too (the Review page, ``tutor review``): else the
    tutor's own export of such an answer would be refused on import. A tab is an answer's, as on import."""
    from tutor.lessons.review import Exercise

    exercise = Exercise("law", "law-12", "How many?", "5")
    for typed in ("\x1b[2J5", "5\x07", "5\x7f", "5\x9b"):
        with pytest.raises(TutorError, match="control character"):
            exercise.answer(typed)
    with open_store(tmp_path / "tab.db") as store:
        store.record(exercise.answer("5\t"), "anna")
        export_json(store, tmp_path / "tab.json")
    with open_store(tmp_path / "back.db") as back:
        assert import_json(back, tmp_path / "tab.json") == 1


def test_a_mistake_is_told_in_a_bounded_line_whatever_an_older_tutor_stored(tmp_path: Path) -> None:
    """An older tutor imported answers of any length (the audit's had 15,000,000 characters, drawn whole on the
    Review page): a mistake's line, on the page and at the terminal, is cut around the middle."""
    from tutor.lessons.review.mistakes import MAX_DESCRIBED, describe_mistake

    with open_store(tmp_path / "old.db") as store:
        store.record(Answer("law", "law-12", False, "x" * 150_000, "5"), "anna")
        (mistake,) = store.mistakes("anna")
    line = describe_mistake(mistake)
    assert len(line) <= MAX_DESCRIBED and "left out" in line and line.startswith("Law")


def test_bidirectional_overrides_are_shown_escaped_and_right_to_left_marks_kept() -> None:
    """A stored U+202E turns what follows it round on the terminal's line ("your answer: 5" reads backwards);
    the embeddings, overrides and isolates are escaped, the marks a Hebrew or Arabic text holds are not."""
    from tutor.cli.shown import shown

    for char in ("\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"):
        assert shown(f"5{char}6") == f"5\\u{ord(char):04x}6"
    assert shown("שלום \u200f5") == "שלום \u200f5"
