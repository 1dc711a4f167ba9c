"""Hostile files and streams where the terminal expects a file or a line: one line, nothing lost.

The standard (docs/quality.md, "Limits"): bad input gets ONE line ``error: …`` and exit code 2, no
traceback, and loses nothing. Each class here was reproduced by an audit:

* ``tutor progress --export/--csv`` onto the progress database itself overwrote it (then called it
  "damaged"); a ``--db`` written as a ``sqlite://`` URL made a file named ``./sqlite:/…``;
* ``tutor check`` said "content OK" for a ``rules.yaml`` that is a FIFO, a folder or a link to a device;
* standard input closed (``<&-``: Python's ``sys.stdin`` is ``None``) ended in a traceback at every prompt
  and every ``-``;
* a FIFO named where a file is expected blocked forever;
* ``--learner`` was checked only after the drill or quiz had been answered;
* a PBN file starting with a UTF-8 byte-order mark was refused.

A FIFO is given a writer that waits in a thread: a command that wrongly opens and reads the FIFO gets
the writer's text and goes on with it (the test then fails on what it printed) instead of hanging the
suite; when the command rightly never opens it, the test opens it itself at the end to release the writer.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_fuzz_inputs import run_cli
from work_bounds import HANG_GUARD

from tutor.cli import main
from tutor.engine import pbn
from tutor.engine.cards import Seat
from tutor.engine.deals.generate import random_deal
from tutor.lessons.content import DEFAULT_CONTENT_DIR
from tutor.lessons.progress import open_store

ROOT = Path(__file__).resolve().parent.parent
CLOSED = "error: no input: standard input is closed"
SQLITE_HEADER = b"SQLite format 3\x00"


def one_error_line(stderr: str) -> str:
    """The single ``error:`` line of standard error (and no traceback)."""
    assert "Traceback" not in stderr
    lines = [line for line in stderr.split("\n") if line.strip()]
    assert len(lines) == 1, stderr[:2000]
    assert lines[0].startswith("error: "), lines[0][:300]
    return lines[0]


def pbn_text(seed: int = 1) -> str:
    """A whole PBN file of one deal, South dealing (what ``tutor robots``/``play --pbn-file`` read)."""
    return pbn.dumps(pbn.PbnGame(random_deal(random.Random(seed)), Seat.S, (), ()))


@contextlib.contextmanager
def fifo_with_writer(path: Path, data: bytes) -> Iterator[Path]:
    """A FIFO at ``path`` whose writer waits (in a thread) to give ``data`` to whoever opens it to read."""
    os.mkfifo(path)

    def write() -> None:
        with path.open("wb") as writer:  # waits until a reader opens the FIFO
            writer.write(data)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    try:
        yield path
    finally:  # release the writer: open the FIFO to read (its open returns) and drain what it writes
        release = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        try:
            while thread.is_alive():
                with contextlib.suppress(BlockingIOError):
                    os.read(release, 1 << 16)
                thread.join(0.01)  # not a timing claim: how often to drain until the writer is done
        finally:
            os.close(release)


# --- 1. the progress database as the export's output, a URL as --db ---------------------------


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A real progress database with one answer, in the current folder (``e.db``)."""
    monkeypatch.chdir(tmp_path)
    from tutor.lessons.answers import Answer

    with open_store(tmp_path / "e.db") as store:
        store.record(Answer("law", "law-12", True, "5", "5"), "anna")
    return tmp_path / "e.db"


def _still_the_database(path: Path, before: bytes) -> None:
    assert path.read_bytes() == before, "the database file was written over"
    with open_store(path) as store:  # and it still opens, with its answer
        assert len(store.answers("anna")) == 1


@pytest.mark.parametrize("argv", [
    ["progress", "--db", "e.db", "--export", "e.db"],
    ["progress", "--db", "e.db", "--csv", "e.db"],
    ["progress", "--db", "e.db", "--export", "./sub/../e.db"],  # another spelling of the same file
    ["progress", "--db", "e.db", "--csv", "linked.db"],  # a symbolic link to it
    ["progress", "--db", "e.db", "--export", "hard.db"],  # a hard link: the same file under another name
    ["progress", "--db", "e.db", "--export", "e.db-wal"],  # SQLite's write-ahead log beside it
], ids=["export", "csv", "spelling", "symlink", "hardlink", "wal"])
def test_an_export_onto_the_database_is_refused_before_anything_is_written(database: Path, argv: list[str]) -> None:
    (database.parent / "sub").mkdir()
    (database.parent / "linked.db").symlink_to(database)
    os.link(database, database.parent / "hard.db")
    before = database.read_bytes()
    assert before.startswith(SQLITE_HEADER)
    code, out, err = run_cli(argv)
    assert code == 2, out + err
    assert "database" in one_error_line(err)
    _still_the_database(database, before)
    output = database.parent / argv[-1]
    assert not output.exists() or not output.read_bytes().startswith((b"{", b"answered_at")), "the export was written"


def test_the_database_named_by_tutor_db_is_refused_as_the_output_too(database: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTOR_DB", str(database))
    before = database.read_bytes()
    code, out, err = run_cli(["progress", "--export", "e.db"])
    assert code == 2, out + err
    one_error_line(err)
    _still_the_database(database, before)


def test_an_export_to_another_file_still_works(database: Path) -> None:
    code, out, err = run_cli(["progress", "--db", "e.db", "--export", "out.json"])
    assert code == 0, err
    assert b'"anna"' in (database.parent / "out.json").read_bytes()


@pytest.mark.parametrize("url", ["sqlite:///tmp/x", "file:///tmp/progress.db", "mysql://host/db"])
def test_a_db_that_looks_like_a_url_is_refused_and_nothing_is_created(tmp_path: Path, url: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["progress", "--db", url])
    assert code == 2, out + err
    line = one_error_line(err)
    assert "file path" in line and "TUTOR_DATABASE_URL" in line
    assert list(tmp_path.iterdir()) == []  # no ./sqlite:/tmp/x


# --- 2. tutor check: a content file that is not a regular file --------------------------------


@pytest.fixture
def content(tmp_path: Path) -> Path:
    copy = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT_DIR, copy)
    return copy


@pytest.mark.parametrize("name", ["rules.yaml", "glossary.yaml"])
@pytest.mark.parametrize("what", ["fifo", "directory", "device"])
def test_check_refuses_a_content_file_that_is_not_a_regular_file(content: Path, name: str, what: str) -> None:
    original = (content / name).read_bytes()
    (content / name).unlink()
    with contextlib.ExitStack() as stack:
        if what == "fifo":  # its writer gives the real file: read, it would pass as "content OK"
            stack.enter_context(fifo_with_writer(content / name, original))
        elif what == "directory":
            (content / name).mkdir()
        else:
            (content / name).symlink_to("/dev/zero")
        code, out, err = run_cli(["check", "--content", str(content)])
    assert code != 0, out
    assert "content OK" not in out
    problems = [line for line in out.split("\n") if line.strip()]
    assert len(problems) == 1 and name in problems[0] and "not a regular file" in problems[0], out
    assert "Traceback" not in err


def test_check_still_passes_the_shipped_content(content: Path) -> None:
    code, out, _ = run_cli(["check", "--content", str(content)])
    assert code == 0 and "content OK" in out


# --- 3. standard input closed -----------------------------------------------------------------


def run_closed_stdin(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """Run ``tutor`` in-process as Python starts it with ``<&-``: ``sys.stdin`` is ``None``."""
    monkeypatch.setattr(sys, "stdin", None)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


CLOSED_STDIN = [
    ["play", "--seed", "1"],
    ["drill", "bidding", "--seed", "1"],
    ["quiz", "laws", "--seed", "1"],
    ["quiz", "scoring", "--seed", "1"],
    ["lesson", "law-49-spades-dialogue"],
    ["score", "-"],
    ["advise", "-"],
    ["analyse", "-"],
    ["progress", "--import", "-"],
    ["robots", "--pbn-file", "-"],
    ["play", "--pbn-file", "-"],
]


@pytest.mark.parametrize("argv", CLOSED_STDIN, ids=" ".join)
def test_closed_standard_input_is_one_line(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run_closed_stdin(argv, monkeypatch)
    assert code == 2
    assert one_error_line(err) == CLOSED


@pytest.mark.parametrize("argv", [["score", "-"], ["drill", "bidding", "--seed", "1"]], ids=" ".join)
def test_closed_standard_input_in_a_real_process(argv: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "tutor.cli", *argv], cwd=ROOT, capture_output=True, text=True,
                          preexec_fn=lambda: os.close(0), timeout=HANG_GUARD)
    assert done.returncode == 2, done.stderr[-500:]
    assert one_error_line(done.stderr) == CLOSED


# --- 4. a FIFO, a folder or a device where a file is expected -----------------------------------


FILE_COMMANDS = [
    ["advise"], ["score"], ["analyse"], ["robots", "--pbn-file"], ["play", "--pbn-file"], ["progress", "--import"],
]


@pytest.mark.parametrize("command", FILE_COMMANDS, ids=" ".join)
def test_a_fifo_given_as_the_file_is_refused_without_waiting(command: list[str], tmp_path: Path) -> None:
    # the writer offers a real deal; a command reading the FIFO would go on with it
    with fifo_with_writer(tmp_path / "pipe", pbn_text().encode()) as fifo:
        code, out, err = run_cli([*command, str(fifo)], stdin=b"quit\n")
    assert code == 2, out + err
    line = one_error_line(err)
    assert "pipe" in line and "named pipe (FIFO), not a regular file" in line


@pytest.mark.parametrize("command", FILE_COMMANDS, ids=" ".join)
@pytest.mark.parametrize("what", ["directory", "device"])
def test_a_folder_or_a_device_given_as_the_file_is_refused(command: list[str], what: str, tmp_path: Path) -> None:
    target = tmp_path / "folder"
    target.mkdir()
    path = str(target) if what == "directory" else "/dev/zero"
    code, out, err = run_cli([*command, path], stdin=b"quit\n")
    assert code == 2, out + err
    assert f"{'a directory' if what == 'directory' else 'a device'}, not a regular file" in one_error_line(err)


# --- 5. --learner checked before the drill or quiz is shown -------------------------------------


@pytest.mark.parametrize("argv", [
    ["drill", "lead", "--seed", "1"],
    ["quiz", "laws", "--seed", "1"],
    ["quiz", "scoring", "--seed", "1"],
    ["review"],
    ["play", "--seed", "1"],
], ids=" ".join)
def test_a_bad_learner_name_is_refused_before_anything_is_shown(argv: list[str], tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    code, out, err = run_cli([*argv, "--db", str(db), "--learner", "bad/name"], stdin=b"D3\n1\n0\n0\n0\n0\n")
    assert code == 2
    assert "bad/name" in one_error_line(err)
    assert out == ""  # no drill, no question, no sheet was shown to be answered in vain
    assert not db.exists()  # nothing opened or recorded


def test_a_good_learner_name_is_still_taken(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    code, _, err = run_cli(["drill", "lead", "--seed", "1", "--db", str(db), "--learner", "Anna Karenina",
                            "--no-consequences"], stdin=b"D3\n")
    assert code in (0, 3), err  # right or wrong, the answer is recorded under the name
    with open_store(db) as store:
        assert store.learners() == ["Anna Karenina"]


# --- 6. a PBN file with a byte-order mark -------------------------------------------------------


def test_a_pbn_text_with_a_byte_order_mark_reads_as_without() -> None:
    text = pbn_text(7)
    assert [g.deal for g in pbn.loads("\ufeff" + text)] == [g.deal for g in pbn.loads(text)]
    bare = '[Dealer "S"]\n' + text[text.index("[Deal "):]
    assert pbn.loads("\ufeff" + bare)[0].dealer == Seat.S


def test_a_pbn_file_saved_with_a_byte_order_mark_is_played(tmp_path: Path) -> None:
    path = tmp_path / "bom.pbn"
    path.write_bytes(b"\xef\xbb\xbf" + pbn_text(7).encode())
    code, out, err = run_cli(["robots", "--pbn-file", str(path)])
    assert code == 0, err
    assert "North" in out

