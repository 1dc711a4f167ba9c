"""An audit's findings on ``tutor progress --export/--csv`` (``backup.write_whole``), the import's dates, and Ctrl-C.

* 1. ``write_whole`` wrote a temporary file beside the target and renamed it over, which needs write access
  to the folder only: it replaced another user's file, the learner's own read-only export, split a hard
  link and replaced a symbolic-link loop by a file, and refused a writable file in a read-only folder. It
  followed ``os.path.realpath``, so ``--export /dev/stdout`` into a pipe (``/proc/<pid>/fd/pipe:[…]``) and
  ``--export >(gzip > x.gz)`` failed; a name of 240-255 characters failed ("File name too long"). A rename
  is now used only where it changes nothing but the content (no file yet, or the user's own writable
  regular file, one link, in a writable folder); anything else is written in place, as before it.
* 2. A learner of an imported record could be created in 2999 (answers so dated were refused): refused the
  same way, in one line naming the learner, nothing written.
* 3. Ctrl-C in a command (``tutor analyse``) printed a ``KeyboardInterrupt`` traceback: one line now, status 130.
* 4. ``DDOwner.ask_all``'s lanes went on solving every request after its caller was interrupted.

Run as root here: another user's file is one chowned to 65534 (in-process); the checks only an unprivileged
user meets (a read-only file, a read-only folder) run as ``nobody`` through ``setpriv``. No clock is compared.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from test_stored_text_hardening import one_error_line, run
from work_bounds import HANG_GUARD

from tutor.cli.commands import analyse as analyse_command
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonValue
from tutor.engine.solver import owner as owner_module
from tutor.engine.solver.owner import DDOwner, Request
from tutor.lessons.progress import open_store, progress_io
from tutor.lessons.progress.backup import write_whole
from tutor.lessons.progress.progress_io import FUTURE_TOLERANCE, import_json, parse_record

NOBODY = 65534
as_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                             reason="needs root: files of another user's")


def _junk(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".partial"))


# --- 1. write_whole: a rename only where it changes nothing but the content ----------------------------

@as_root
def test_another_users_file_is_written_in_place_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "others.json"
    target.write_bytes(b"KEEP ME\n")
    os.chown(target, NOBODY, NOBODY)
    target.chmod(0o644)
    before = target.stat()
    write_whole(target, b"NEW\n")
    after = target.stat()
    assert target.read_bytes() == b"NEW\n"
    # the same file, still its owner's: a rename made a new one, root's
    assert (after.st_ino, after.st_uid, after.st_gid) == (before.st_ino, NOBODY, NOBODY)
    assert _junk(tmp_path) == []


def test_a_hard_linked_export_is_written_in_place_so_both_names_see_it(tmp_path: Path) -> None:
    first, second = tmp_path / "h1.json", tmp_path / "h2.json"
    first.write_bytes(b"OLD\n")
    os.link(first, second)
    write_whole(first, b"NEW\n")
    assert first.read_bytes() == second.read_bytes() == b"NEW\n"  # the link was split: h2 kept OLD
    assert first.stat().st_ino == second.stat().st_ino and first.stat().st_nlink == 2  # noqa: PLR2004


def test_a_symbolic_link_loop_gives_the_systems_error_and_stays_a_loop(tmp_path: Path) -> None:
    (tmp_path / "loopa").symlink_to("loopb")
    (tmp_path / "loopb").symlink_to("loopa")
    with pytest.raises(OSError) as failed:
        write_whole(tmp_path / "loopa", b"NEW\n")
    assert failed.value.errno == errno.ELOOP  # "Too many levels of symbolic links", as open() says
    assert (tmp_path / "loopa").is_symlink() and (tmp_path / "loopb").is_symlink()
    assert _junk(tmp_path) == []


def test_a_pipe_named_as_dev_fd_is_written_like_dev_stdout(tmp_path: Path) -> None:
    """``--export /dev/stdout | head`` and ``--export >(gzip > x.gz)`` (``/dev/fd/63``): realpath made them
    ``/proc/<pid>/fd/pipe:[…]``, "No such file or directory"."""
    if not Path("/dev/fd").is_dir():
        pytest.skip("no /dev/fd here")
    reading, writing = os.pipe()
    try:
        write_whole(Path(f"/dev/fd/{writing}"), b'{"format": "vint-tutor-progress"}\n')
        os.close(writing)
        writing = -1
        with os.fdopen(reading, "rb") as pipe:
            reading = -1
            assert pipe.read() == b'{"format": "vint-tutor-progress"}\n'
    finally:
        for fd in (reading, writing):
            if fd >= 0:
                os.close(fd)


def test_a_pipe_target_through_a_symbolic_link_of_the_users_is_written_too(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "out.json").symlink_to("fifo")
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader waiting: the open for writing goes on
    try:
        write_whole(tmp_path / "out.json", b"NEW\n")
        assert os.read(reader, 100) == b"NEW\n"
    finally:
        os.close(reader)
    assert (tmp_path / "out.json").is_symlink() and stat.S_ISFIFO(fifo.lstat().st_mode)


@pytest.mark.parametrize("length", [240, 250, 255])
def test_a_long_file_name_is_written(tmp_path: Path, length: int) -> None:
    for exists in (False, True):  # made new, then replaced: both through a temporary name of its own
        target = tmp_path / ("a" * (length - 5) + ".json")
        write_whole(target, b"NEW %d\n" % exists)
        assert target.read_bytes() == b"NEW %d\n" % exists
        assert _junk(tmp_path) == []


def test_the_users_own_file_and_a_new_one_are_still_replaced_whole(tmp_path: Path) -> None:
    """Not a regression: the rule keeps the rename where it is safe (tests/test_progress_export_atomic.py
    checks that a failure part way leaves the file as it was)."""
    mine = tmp_path / "mine.json"
    mine.write_bytes(b"OLD\n")
    mine.chmod(0o640)
    before = mine.stat().st_ino
    write_whole(mine, b"NEW\n")
    assert mine.read_bytes() == b"NEW\n" and mine.stat().st_ino != before  # renamed over it
    assert stat.S_IMODE(mine.stat().st_mode) == 0o640
    new = tmp_path / "new.json"
    write_whole(new, b"NEW\n")
    assert new.read_bytes() == b"NEW\n" and stat.S_IMODE(new.stat().st_mode) == 0o600
    assert _junk(tmp_path) == []


_AS_NOBODY = """
import json, sys
from pathlib import Path
from tutor.lessons.progress.backup import write_whole
results = {}
for name in sys.argv[1:]:
    try:
        write_whole(Path(name), b"NEW\\n")
        results[name] = "ok"
    except OSError as err:
        results[name] = err.strerror
print(json.dumps(results))
"""


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder under the system's temporary one that ``nobody`` can reach (pytest's tmp_path is root's only)."""
    folder = Path(tempfile.mkdtemp(prefix="tutor-write-whole-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for path in folder.rglob("*"):
            if path.is_dir():
                path.chmod(0o755)
        shutil.rmtree(folder)


@as_root
def test_as_an_unprivileged_user_the_systems_permissions_decide(open_folder: Path) -> None:
    """As ``nobody``: root's 0644 file in a folder nobody may write is refused ("Permission denied") and
    kept, root's; nobody's own 0444 export is refused and kept; nobody's writable file in a read-only
    folder is written (in place, as the code before the rename did)."""
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("no setpriv here")
    shared, readonly = open_folder / "shared", open_folder / "rodir"
    shared.mkdir()
    readonly.mkdir()
    os.chown(shared, NOBODY, -1)
    others, mine, inside = shared / "others.json", shared / "mine.json", readonly / "out.json"
    for path, text in ((others, b"KEEP ME\n"), (mine, b"my protected export\n"), (inside, b"old\n")):
        path.write_bytes(text)
    others.chmod(0o644)
    os.chown(mine, NOBODY, -1)
    mine.chmod(0o444)
    os.chown(inside, NOBODY, -1)
    inside.chmod(0o644)
    readonly.chmod(0o555)
    done = subprocess.run(
        [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups", sys.executable, "-c", _AS_NOBODY,
         str(others), str(mine), str(inside)],
        capture_output=True, text=True, cwd=open_folder, check=False,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert results == {str(others): "Permission denied", str(mine): "Permission denied", str(inside): "ok"}
    assert others.read_bytes() == b"KEEP ME\n" and others.stat().st_uid == 0
    assert mine.read_bytes() == b"my protected export\n" and stat.S_IMODE(mine.stat().st_mode) == 0o444
    assert inside.read_bytes() == b"NEW\n"
    assert _junk(shared) == [] and _junk(readonly) == []


# --- 2. a learner created in the future ----------------------------------------------------------------

def _record(created_at: str) -> dict[str, object]:
    return {"format": "vint-tutor-progress", "schema_version": 8,
            "learners": [{"name": "boris", "created_at": created_at}], "answers": []}


def test_a_learner_created_in_2999_is_refused_naming_it_and_nothing_is_written(tmp_path: Path) -> None:
    source = tmp_path / "mine.json"
    record = {**_record("2999-01-01T00:00:00Z"), "learners": [{"name": "anna", "created_at": "2026-01-01T00:00:00Z"},
                                                              {"name": "boris", "created_at": "2999-01-01T00:00:00Z"}]}
    source.write_text(json.dumps(record), encoding="utf-8")
    with open_store(tmp_path / "p.db") as store:
        with pytest.raises(TutorError) as refused:
            import_json(store, source)
        assert store.learners() == []  # not even anna
    line = str(refused.value)
    assert "\n" not in line and "boris" in line and "2999-01-01" in line and "Nothing was imported" in line
    code, out, err = run("progress", "--db", str(tmp_path / "p.db"), "--import", str(source))
    assert code == 2 and out == "" and "boris" in one_error_line(err)
    with open_store(tmp_path / "p.db") as store:
        assert store.learners() == []


def test_a_learners_tolerance_is_the_answers() -> None:
    now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
    learners, _ = parse_record(_record((now + FUTURE_TOLERANCE).isoformat()), "a.json", now=now)
    assert [name for name, _ in learners] == ["boris"]
    with pytest.raises(TutorError, match=r"learners\.0 \(boris\)"):
        parse_record(_record((now + FUTURE_TOLERANCE + timedelta(seconds=1)).isoformat()), "a.json", now=now)


# --- 3. Ctrl-C in a command: one line, status 130 ----------------------------------------------------

def _interrupt(*_: object, **__: object) -> Any:
    raise KeyboardInterrupt


def _ctrl_c(*argv: str) -> tuple[int, str, str]:
    try:
        return run(*argv)
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C escaped tutor's main(): Python prints its traceback")


def test_ctrl_c_during_tutor_analyse_is_one_line_and_status_130(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    position = tmp_path / "position.json"
    position.write_text(json.dumps({"kind": "lead", "seat": "W", "hand": "AK543.A2.KQ2.KQJ"}), encoding="utf-8")
    monkeypatch.setattr(analyse_command, "analyse_lines", _interrupt)  # as if Ctrl-C came while it solves
    code, out, err = _ctrl_c("analyse", str(position))
    assert (code, out, err) == (130, "", "interrupted\n")


def test_ctrl_c_during_an_export_is_one_line_and_status_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_io, "write_whole", _interrupt)
    code, out, err = _ctrl_c("progress", "--db", str(tmp_path / "p.db"), "--export", str(tmp_path / "out.json"))
    assert (code, out, err) == (130, "", "interrupted\n")
    assert not (tmp_path / "out.json").exists()


# --- 4. ask_all's lanes stop when the caller is interrupted --------------------------------------------

class _GatedOwner(DDOwner):
    """Two slots answered here; each request waits at ``gate`` after saying it has begun."""

    def __init__(self) -> None:
        super().__init__(2, lambda request: request["n"])
        self.gate = threading.Event()
        self.begun = threading.Semaphore(0)
        self.asked: list[JsonValue] = []
        self.lock = threading.Lock()

    def _solve_on(self, slot: int, request: Request) -> JsonValue:
        with self.lock:
            self.asked.append(request["n"])
        self.begun.release()
        assert self.gate.wait(timeout=HANG_GUARD)
        return request["n"]


def test_the_lanes_begin_no_new_request_once_ask_alls_caller_is_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    owner = _GatedOwner()
    real_wait = owner_module.wait
    lanes: list[Any] = []

    def interrupted(begun: Any) -> Any:
        lanes.extend(begun)
        for _ in range(2):  # both lanes hold a request at the gate: then Ctrl-C reaches the caller
            assert owner.begun.acquire(timeout=HANG_GUARD)
        raise KeyboardInterrupt

    monkeypatch.setattr(owner_module, "wait", interrupted)
    try:
        with pytest.raises(KeyboardInterrupt):
            owner.ask_all([{"n": k} for k in range(50)])
        owner.gate.set()  # the requests under way finish
        done, _ = real_wait(lanes, timeout=HANG_GUARD)
        assert len(done) == 2  # noqa: PLR2004
        assert len(owner.asked) <= 4, owner.asked  # noqa: PLR2004 -- at most one more each; they went on to 50
        monkeypatch.setattr(owner_module, "wait", real_wait)
        assert owner.ask_all([{"n": 7}, {"n": 8}]) == [7, 8]  # the next batch is answered
    finally:
        owner.gate.set()
        owner.close()
