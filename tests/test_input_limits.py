"""Hostile input gets one clear line naming the field and the limit, and loses nothing (issue 13).

Each class of input that used to give a traceback, a hang or unbounded memory is
reproduced here: JSON for ``tutor score``/``advise``/the progress import (deep nesting,
huge integers, non-finite numbers, endless input), seeds outside SQLite's integer
range, ``tutor review`` answers, import records, a damaged database, Solo Whist
points, custom content directories and huge content files, and messages that would
echo a huge input. The limits are documented in docs/quality.md ("Limits"); the
expectations below are stated from those documented figures, not from the code.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from app_pages import app_test, open_page
from work_bounds import HANG_GUARD, call_budget, memory_budget

from tutor.cli import main
from tutor.engine import jsonread
from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.progress import open_store
from tutor.lessons.progress.progress_io import export_json, import_json
from tutor.lessons.solo.quiz import parse_points, scoring_question

ROOT = Path(__file__).resolve().parent.parent
#: 2**63: the first integer an SQLite INTEGER cannot hold (the documented seed range is 0 <= seed < 2**63).
SQLITE_OVERFLOW = 9223372036854775808
PBN = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    """The single ``error:`` line on standard error (and no traceback anywhere)."""
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    lines = [line for line in err.split("\n") if line.strip()]
    assert len(lines) == 1, err[:2000]
    assert lines[0].startswith("error: "), lines[0][:300]
    return lines[0]


def bytes_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


# --- JSON: score, advise, progress import ------------------------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000
DEAL_JSON = json.dumps({"deal": PBN, "contract": "3C", "declarer": "S", "tricks": "TRICKS"})
HUGE_INT = DEAL_JSON.replace('"TRICKS"', "9" * 5000)
NAN_TRICKS = DEAL_JSON.replace('"TRICKS"', "NaN")


@pytest.mark.parametrize("command", ["score", "advise"])
@pytest.mark.parametrize(("text", "says"), [
    (DEEP, "nested deeper than 64"),
    (HUGE_INT, "5,000 digits is longer than 40 digits"),
    (NAN_TRICKS, "NaN is not a JSON number"),
    ('{"tricks": Infinity}', "Infinity is not a JSON number"),
    ('{"tricks": -Infinity}', "-Infinity is not a JSON number"),
    ('{"tricks": 1e999}', "1e999 is too large"),
])
def test_json_limits_give_one_line_naming_the_limit(command: str, text: str, says: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "in.json"
    path.write_text(text, encoding="utf-8")
    assert main([command, str(path)]) == 2
    assert says in one_error_line(capsys)


@pytest.mark.parametrize("command", ["score", "advise"])
def test_input_over_the_size_limit_stops_at_the_limit(command: str, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(jsonread, "MAX_JSON_BYTES", 1000)
    bytes_stdin(monkeypatch, b" " * 5000 + b"{}")
    assert main([command, "-"]) == 2
    assert "larger than 1,000 bytes" in one_error_line(capsys)


@pytest.mark.slow
def test_dev_zero_stops_at_once() -> None:
    """The real thing: endless input is read up to the limit (16 MiB) and refused (the message names the size).
    Named as the FILE, ``/dev/zero`` is a device, not a file: refused before it is read (docs/quality.md)."""
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([sys.executable, "-m", "tutor.cli", "score", "-"], cwd=ROOT, stdin=zero,
                              capture_output=True, text=True, timeout=HANG_GUARD)
    assert done.returncode == 2
    lines = done.stderr.strip().split("\n")
    assert len(lines) == 1 and "larger than 16,777,216 bytes" in lines[0], done.stderr[:500]
    named = subprocess.run([sys.executable, "-m", "tutor.cli", "score", "/dev/zero"], cwd=ROOT,
                           capture_output=True, text=True, timeout=HANG_GUARD)
    assert named.returncode == 2 and named.stderr.count("\n") == 1 and "not a regular file" in named.stderr


@pytest.mark.slow
def test_endless_standard_input_stops_at_once() -> None:
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([sys.executable, "-m", "tutor.cli", "advise", "-"], cwd=ROOT, stdin=zero,
                              capture_output=True, text=True, timeout=HANG_GUARD)
    assert done.returncode == 2 and "larger than" in done.stderr and done.stderr.count("\n") == 1


def _lead_position(score: object) -> str:
    """A legal opening lead position (law ≈107: the declarer's left-hand opponent leads)."""
    return json.dumps({"kind": "lead", "seat": "E", "hand": "T987.JT9.JT9.JT9", "dealer": "N",
                       "auction": ["1C", "P", "P", "P"], "contract": "1C", "declarer": "N",
                       "score": score}).replace('"SCORE"', "Infinity")


@pytest.mark.parametrize(("score", "says"), [
    ({"NS": "SCORE"}, "Infinity is not a JSON number"),
    ({"NS": 1e300}, "score.NS: expected a whole number from 0 to 1000000"),
    ({"NS": True}, "score.NS: expected a whole number"),
    ({"NS": 2.5}, "score.NS: expected a whole number"),
    ({"NS": -1}, "score.NS: expected a whole number from 0"),
    ({"XX": 5}, "score: expected"),
    ([1, 2], "score: expected"),
])
def test_a_play_positions_score_is_checked_for_type_and_range(score: object, says: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lead.json"
    path.write_text(_lead_position(score), encoding="utf-8")
    assert main(["advise", str(path)]) == 2
    assert says in one_error_line(capsys)


def test_a_play_position_with_a_good_score_is_advised(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lead.json"
    path.write_text(_lead_position({"NS": 120, "EW": 0}), encoding="utf-8")
    assert main(["advise", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "lead"


def test_a_huge_deal_is_not_echoed_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"deal": "N:" + "A" * 5_000_000, "contract": "3C", "declarer": "S",
                                "tricks": 9}), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    line = one_error_line(capsys)
    assert line.startswith("error: deal:") and len(line) < 1000 and "characters left out" in line


# --- seeds -------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["drill", "bidding", "--seed", str(SQLITE_OVERFLOW)],
    ["drill", "lead", "--seed", "-1"],
    ["deal", "--seed", "1" * 5000],
    ["solo", "quiz", "--seed", "x"],
    ["solo", "drill", "--seed", str(SQLITE_OVERFLOW)],
    ["review", "--seed", str(SQLITE_OVERFLOW)],
])
def test_seeds_outside_the_range_are_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    line = one_error_line(capsys)
    assert line.startswith("error: --seed: ") and len(line) < 200
    assert "0 to 9223372036854775807" in line or "not a whole number" in line


def test_the_largest_seed_is_recorded_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "p.sqlite3"
    bytes_stdin(monkeypatch, b"")
    assert main(["drill", "bidding", "--seed", str(SQLITE_OVERFLOW - 1), "--answer", "P", "--no-consequences",
                 "--db", str(db)]) in (0, 3)
    capsys.readouterr()
    with open_store(db) as store:
        assert [a.answer.seed for a in store.answers("default")] == [SQLITE_OVERFLOW - 1]


# --- answers read in the terminal --------------------------------------------------------------

@pytest.fixture
def db_with_a_mistake(tmp_path: Path) -> Path:
    from tutor.lessons.review import law_entries

    db = tmp_path / "p.sqlite3"
    law = next(iter(law_entries()))
    with open_store(db) as store:
        store.record(Answer("law", law, False, "wrong", "right", laws=(law,), seed=1))
    return db


@pytest.mark.parametrize(("stdin", "says"), [
    (b"9" * 5000 + b"\n", "answer: longer than 200 characters"),
    (b"\xff\xfe\xfd\n", "answer: not UTF-8 text"),
    (b"\x00" * 100_000, "answer: longer than 200 characters"),
])
def test_review_mistakes_refuses_a_bad_answer_in_one_line(stdin: bytes, says: str, db_with_a_mistake: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    bytes_stdin(monkeypatch, stdin)
    assert main(["review", "--mistakes", "--db", str(db_with_a_mistake)]) == 2
    assert says in one_error_line(capsys)
    with open_store(db_with_a_mistake) as store:  # nothing lost, nothing half-written
        assert len(store.answers("default")) == 1


@pytest.mark.parametrize(("letters", "refused"), [(150, False), (200, False), (201, True)])
def test_an_answers_limit_counts_characters_not_bytes(letters: int, refused: bool, db_with_a_mistake: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The limit is 200 characters, as the review page's box says: 150 or 200 Cyrillic letters (two bytes
    each in UTF-8) are an answer, read and judged; 201 are refused in one line naming the limit."""
    bytes_stdin(monkeypatch, ("щ" * letters + "\n").encode())
    code = main(["review", "--mistakes", "--db", str(db_with_a_mistake)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if refused:
        assert code == 2 and "answer: longer than 200 characters" in err
    else:
        assert code == 0 and "longer than" not in out + err and "is not one of the choices" in out


def test_review_refuses_a_long_number_as_no_choice_and_records_nothing(
        db_with_a_mistake: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A 150-digit number is no choice's number: refused in one line and asked again (it was recorded as a
    wrong answer, counted against the item like any typing slip), never a traceback."""
    bytes_stdin(monkeypatch, b"9" * 150 + b"\n")
    assert main(["review", "--mistakes", "--db", str(db_with_a_mistake)]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "is not one of the choices" in out
    with open_store(db_with_a_mistake) as store:
        assert len(store.answers("default")) == 1  # only the mistake the review replayed


def test_drill_reads_endless_standard_input_as_one_error(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    bytes_stdin(monkeypatch, b"\x00" * 1_000_000)
    assert main(["drill", "bidding", "--seed", "5", "--no-consequences"]) == 2
    assert "answer: longer than 200 characters" in one_error_line(capsys)


def test_review_count_is_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["review", "--count", "9" * 5000])
    err = capsys.readouterr().err
    assert "expected a whole number from 1 to 10000" in err and len(err) < 1000


# --- import records and damaged databases ----------------------------------------------------

def _record(**changes: object) -> dict[str, object]:
    answer = {"uid": "0123456789abcdef", "learner": "Anna", "answered_at": "2026-03-01T10:00:00.000000Z",
              "item_kind": "law", "item_id": "law-35", "correct": True, "given": "a", "expected": "a",
              "laws": ["law-35"], "seed": 7, "position": "", "seconds": 4.5, "extra": {}}
    answer.update(changes)
    return {"format": "vint-tutor-progress", "schema_version": 2,
            "learners": [{"name": "Anna", "created_at": "2026-03-01T10:00:00.000000Z"}], "answers": [answer]}


@pytest.mark.parametrize(("changes", "says"), [
    ({"answered_at": "0001-01-01T00:00:00Z"}, "answered_at: 0001-01-01T00:00:00+00:00 is outside 1970-01-01"),
    ({"answered_at": "9999-12-31T23:59:59-14:00"}, "answered_at"),
    ({"seconds": 1e308}, "seconds"),
    ({"seconds": -3}, "seconds"),
    ({"seed": SQLITE_OVERFLOW}, "seed: 9223372036854775808 is outside 0 to 9223372036854775807"),
    ({"seed": -5}, "seed: -5 is outside"),
])
def test_import_records_out_of_range_are_refused_and_nothing_is_written(
        changes: dict[str, object], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(_record(**changes)), encoding="utf-8")
    db = tmp_path / "p.sqlite3"
    assert main(["progress", "--import", str(path), "--db", str(db)]) == 2
    assert says in one_error_line(capsys)
    with open_store(db) as store:
        assert store.answers() == []


@pytest.mark.parametrize(("data", "says"), [
    (b'{"format": "vint-tutor-progress", "x": "\xff"}', "not UTF-8 text"),
    (json.dumps(_record(seconds="SECONDS")).replace('"SECONDS"', "Infinity").encode(), "Infinity is not"),
    (json.dumps(_record(seed="SEED")).replace('"SEED"', "9" * 100).encode(), "100 digits is longer than 40"),
    (b"[" * 10_000, "nested deeper than 64"),
])
def test_import_files_that_are_not_records_are_one_line(data: bytes, says: str, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "export.json"
    path.write_bytes(data)
    assert main(["progress", "--import", str(path), "--db", str(tmp_path / "p.sqlite3")]) == 2
    assert says in one_error_line(capsys)


def test_a_good_record_still_imports_with_an_early_year(tmp_path: Path) -> None:
    """1970 is inside the documented range; the stored time keeps a four-digit year (text order = time order)."""
    path = tmp_path / "export.json"
    path.write_text(json.dumps(_record(answered_at="1970-01-02T00:00:00Z", seed=SQLITE_OVERFLOW - 1)),
                    encoding="utf-8")
    with open_store(tmp_path / "p.sqlite3") as store:
        assert import_json(store, path) == 1
        stored = store.answers("Anna")
        assert stored[0].answered_at.year == 1970 and stored[0].answer.seed == SQLITE_OVERFLOW - 1
        export_json(store, tmp_path / "again.json")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _damaged_db(tmp_path: Path, sql: str) -> Path:
    db = tmp_path / "p.sqlite3"
    with open_store(db) as store:
        store.record(Answer("law", "law-35", False, "a", "b", laws=("law-35",), seed=3), "Anna")
    conn = sqlite3.connect(db)
    conn.execute(sql)
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return db


@pytest.mark.parametrize("sql", [
    "UPDATE schema_version SET version = 'two'",
    "UPDATE schema_version SET version = -4",
])
def test_a_damaged_schema_version_says_damaged_and_leaves_the_file(sql: str, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    db = _damaged_db(tmp_path, sql)
    before = _digest(db)
    assert main(["progress", "--db", str(db)]) == 2
    line = one_error_line(capsys)
    assert "damaged" in line and "schema version" in line
    assert _digest(db) == before


@pytest.mark.parametrize("sql", [
    "UPDATE answers SET laws = '[\"law-35'",
    "UPDATE answers SET extra = '[1, 2]'",
    "UPDATE answers SET answered_at = 'yesterday'",
    "UPDATE cards SET card = '{broken'",
])
def test_damaged_row_json_says_damaged_and_leaves_the_file(sql: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    db = _damaged_db(tmp_path, sql)
    before = _digest(db)
    assert main(["progress", "--db", str(db)]) == 2
    assert "damaged" in one_error_line(capsys)
    assert _digest(db) == before


# --- Solo Whist points ---------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["1e100000000", "1e5000", "9" * 7, "٣/٤", "1_000", "nan", "inf", "1 1/0",
                                  "9" * 100_000])
def test_solo_points_outside_the_notation_are_refused_at_once(text: str) -> None:
    with call_budget(1000), memory_budget(300_000), pytest.raises(TutorError, match="points"):
        parse_points(text)


def test_solo_points_in_the_notation_are_read_exactly() -> None:
    """The notation of the quiz's own hint: 2, -3/4, +1 1/4, 1.25 (quarters are the game's unit, seed 002)."""
    assert [str(parse_points(t)) for t in ("2", "-3/4", "+1 1/4", "1.25", "999999")] == \
        ["2", "-3/4", "5/4", "5/4", "999999"]


def test_solo_quiz_answer_1e100000000_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solo", "quiz", "--seed", "5", "--answer", str(scoring_question(5).answer)]) == 0
    capsys.readouterr()  # the first run loaded the quiz; the bound below is on the answer alone
    with memory_budget(5_000_000):  # 10**100000000 made exact would need 40 MB (and minutes)
        assert main(["solo", "quiz", "--seed", "5", "--answer", "1e100000000"]) == 2
    assert "points" in one_error_line(capsys)


# --- custom content directories ------------------------------------------------------------------

@pytest.fixture
def content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root)
    monkeypatch.setenv("TUTOR_CONTENT_DIR", str(root))
    return root


COMMANDS_READING = {
    "rules.yaml": ["solo", "rules"],
    "conventions/bidding.yaml": ["drill", "bidding", "--seed", "3", "--answer", "P", "--no-consequences"],
    "conventions/play.yaml": ["drill", "lead", "--seed", "3", "--no-consequences", "--json"],
    "solo_example.yaml": ["solo", "replay"],
}
BROKEN = {
    "not UTF-8": b"entries:\n  - id: x\n    title: \"\xff\xfe\"\n",
    "a list": b"- 1\n- 2\n",
    "a number": b"42\n",
    "wrong inner shape": b"entries: 5\nconventions: 5\nrules: 5\n",
}


@pytest.mark.parametrize("relpath", list(COMMANDS_READING))
@pytest.mark.parametrize("broken", list(BROKEN))
def test_a_broken_content_file_is_one_line_naming_file_and_line(relpath: str, broken: str, content: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (content / relpath).write_bytes(BROKEN[broken])
    bytes_stdin(monkeypatch, b"")
    assert main(COMMANDS_READING[relpath]) == 2
    line = one_error_line(capsys)
    assert f"{Path(relpath).name}:" in line, line[:300]
    if broken == "not UTF-8":
        assert ":3: not UTF-8 text" in line


def test_every_reader_follows_the_content_dir(content: Path) -> None:
    """A law edited in the custom folder reaches the bidding feedback and the review alike."""
    from tutor.lessons.bidding.feedback import law_quote
    from tutor.lessons.review import law_entries

    text = (content / "rules.yaml").read_text(encoding="utf-8")
    draft = "entries:\n  - id: law-9999\n    number: 9999\n    title: Draft\n    text: A draft law.\n"
    (content / "rules.yaml").write_text(text.replace("entries:\n", draft, 1), encoding="utf-8")
    assert "law-9999" in law_entries()
    assert law_quote("law-9999").startswith("Law 9999 — Draft")


def test_the_bidding_feedback_reports_a_broken_rules_file(content: Path) -> None:
    """The feedback still shows (the law's id), with the file's first problem at its line."""
    from tutor.lessons.bidding.feedback import law_quote

    (content / "rules.yaml").write_bytes(b"entries:\n- id: law-1\n  text: \"\xff\"\n")
    quote = law_quote("law-1")
    assert quote.startswith("Law 1 (") and "rules.yaml:3: not UTF-8" in quote


@pytest.fixture
def glossary_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A content folder holding one file (the checker then also says rules.yaml is missing)."""
    root = tmp_path / "small"
    root.mkdir()
    monkeypatch.setenv("TUTOR_CONTENT_DIR", str(root))
    return root / "glossary.yaml"


def test_a_content_file_over_the_size_limit_is_refused_at_once(glossary_only: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.lessons.content.yamlread import MAX_CONTENT_BYTES

    glossary_only.write_bytes(b"# x\n" * (MAX_CONTENT_BYTES // 4 + 1))
    with memory_budget(3 * MAX_CONTENT_BYTES):  # read up to the limit plus a byte, and no further
        assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert "glossary.yaml:1: -: larger than 2,097,152 bytes (the limit for a content file)" in out


def test_too_many_problems_are_counted_not_listed(glossary_only: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Thousands of duplicate keys: 50 problems listed, then '… and N more problems'."""
    glossary_only.write_text("terms: []\n" + "a: 1\n" * 5000, encoding="utf-8")
    assert main(["check"]) == 1
    lines = capsys.readouterr().out.strip().split("\n")
    assert len(lines) == 51
    assert lines[-1].startswith("… and ") and lines[-1].endswith(" more problems")
    assert int(lines[-1].split()[2].replace(",", "")) >= 4999 - 50


def test_a_file_of_too_many_yaml_nodes_is_refused_cheaply() -> None:
    from tutor.lessons.content.yamlread import parse_yaml

    text = "[" + "1," * 300_000 + "1]"
    with call_budget(1_000_000):  # refused before the parse: parsing 90,000 items alone takes 3 million calls
        parsed = parse_yaml(text)
    assert parsed.errors == [(1, "more than 100,000 keys, values and list items (the limit for a content file)")]


# --- the terminal: drill kinds and the one Solo Whist drill ---------------------------------------

def test_drill_help_lists_every_kind(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["drill", "--help"])
    out = capsys.readouterr().out
    # the kinds the docs name (docs/play.md, docs/bidding.md, docs/solo-whist.md)
    for kind in ("bidding", "lead", "discard", "second-hand", "third-hand", "solo-bidding"):
        assert f"\n  {kind} " in out, kind


def test_solo_drill_reads_its_answer_like_tutor_drill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.lessons.solo import drill as solo_drill

    db = tmp_path / "p.sqlite3"
    drill = solo_drill.make("solo-bid-misere", 4)
    assert drill.answer == "misere"  # the rule asks for a hand supporting misère (solo-13)
    bytes_stdin(monkeypatch, "Misère\n".encode())
    assert main(["solo", "drill", "--rule", "solo-bid-misere", "--seed", "4", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    question = out.split("Your answer:")[0]
    assert "solo-bid-misere" not in question  # the header must not give the answer away
    assert "Right." in out
    with open_store(db) as store:
        [stored] = store.answers("default")
    assert (stored.answer.item_kind, stored.answer.item_id, stored.answer.given) == ("solo", "solo-bid-misere",
                                                                                     "misere")


@pytest.mark.parametrize(("data", "says"), [
    (b"\xff{}", "upload.json: not UTF-8 text"),
    (b"[" * 1000, "nested deeper than 64"),
    (json.dumps(_record(seed=SQLITE_OVERFLOW)).encode(), "seed: 9223372036854775808 is outside"),
])
def test_the_progress_page_upload_goes_through_the_same_reader(data: bytes, says: str, tmp_path: Path) -> None:
    """tutor/ui/pages/progress.py imports an upload with import_bytes: the same limits as the terminal."""
    from tutor.lessons.progress.progress_io import import_bytes

    with open_store(tmp_path / "p.sqlite3") as store:
        with pytest.raises(TutorError) as err:
            import_bytes(store, data, "upload.json")
        assert says in str(err.value) and "\n" not in str(err.value)
        assert store.answers() == []
    page = (ROOT / "tutor/ui/pages/progress.py").read_text(encoding="utf-8")
    assert "import_bytes(store(), upload_bytes(upload), upload.name" in page  # any further keywords (only=…)
    assert "max_upload_size=MAX_UPLOAD_MB" in page  # the browser refuses a larger file before sending it


class _Upload:
    """What st.file_uploader gives: a name, a stated size and the bytes (counted when copied)."""

    def __init__(self, size: int) -> None:
        self.name, self.size, self.copied = "big.json", size, 0

    def getvalue(self) -> bytes:
        self.copied += 1
        return b"{}"


def test_an_upload_over_the_readers_limit_is_refused_by_its_size_before_it_is_copied() -> None:
    """Issue 31: a 150 MB file was refused only after adding 220 MB to the server. 16 MiB is the JSON
    reader's limit (jsonread.MAX_JSON_BYTES), and .streamlit/config.toml says the same to Streamlit."""
    from tutor.ui.common import MAX_UPLOAD_MB, upload_bytes

    assert MAX_UPLOAD_MB * 1024 * 1024 == jsonread.MAX_JSON_BYTES
    assert "maxUploadSize = 16\n" in (ROOT / ".streamlit/config.toml").read_text(encoding="utf-8")
    big = _Upload(150 * 1024 * 1024)
    with pytest.raises(TutorError, match="big.json: 157,286,400 bytes; at most 16 MiB are read"):
        upload_bytes(big)
    assert big.copied == 0
    small = _Upload(2)
    assert upload_bytes(small) == b"{}" and small.copied == 1


def test_the_solo_page_refuses_1e100000000_with_one_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The settlement quiz in the app: an exponent is one st.error, at once, and nothing is recorded."""

    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    app = open_page("tutor/ui/pages/solo_whist.py")
    seed = app.session_state["solo_sq_seed"]
    app.text_input(key=f"solo_sq_answer_{seed}").set_value("1e100000000")
    with memory_budget(20_000_000):  # 10**100000000 made exact would need 40 MB
        app.button(key="solo_sq_check").click().run()
    assert not app.exception, [e.value for e in app.exception]
    assert "points" in " ".join(e.value for e in app.error)
    with open_store(tmp_path / "p.sqlite3") as store:
        assert store.answers() == []


@pytest.mark.parametrize("value", ["4711x", "4711", 2.5])
def test_an_app_position_number_that_is_not_a_seed_is_replaced_not_a_crash(
        value: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A seed put in the session from outside (text, as a link gives it): a fresh position, no traceback."""

    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    app = app_test()
    app.run()
    app.switch_page("tutor/ui/pages/scoring_quiz.py")
    app.session_state["scoring_quiz_seed"] = value
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    seed = app.session_state["scoring_quiz_seed"]
    assert isinstance(seed, int) and 0 <= seed <= 10**6  # the app's position numbers


def test_review_asks_again_after_help_or_a_slip_and_records_one_answer(
        db_with_a_mistake: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"help" at a review prompt was recorded as the learner's (wrong) answer."""
    bytes_stdin(monkeypatch, b"help\nno such choice\n\n1\n")
    assert main(["review", "--mistakes", "--db", str(db_with_a_mistake)]) == 0
    out = capsys.readouterr().out
    assert "the number of a choice" in out and out.count("is not one of the choices") == 1
    with open_store(db_with_a_mistake) as store:
        answers = store.answers("default")
    assert len(answers) == 2 and answers[-1].answer.given not in ("help", "no such choice", "")  # choice 1


@pytest.mark.parametrize("argv", [["drill", "lead", "--seed", "1", "--no-consequences"], ["review", "--mistakes"],
                                  ["play", "--seed", "1"], ["play", "--players", "3", "--seed", "2"]],
                         ids=["drill", "review", "table", "three-players"])
def test_one_wrong_line_forever_stops_in_one_line(argv: list[str], db_with_a_mistake: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """``yes x | tutor drill`` (or review, or the table at any size) printed refusals until it was killed."""
    from tutor.cli.inputs import MAX_REFUSALS

    bytes_stdin(monkeypatch, b"x\n" * 100_000)
    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", lambda prompt: "x")  # every table size's reader
    monkeypatch.setenv("TUTOR_DB", str(db_with_a_mistake))
    assert main(argv) == 2  # noqa: PLR2004
    out, err = capsys.readouterr()
    assert err.startswith("error: ") and "in a row" in err and err.count("\n") == 1, err
    assert out.count("Not allowed") + out.count("not one of the choices") == MAX_REFUSALS
