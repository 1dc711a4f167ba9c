"""A server a test run starts does not outlive the run (issue 31; tests/leftovers.py): the process that
started it is killed with SIGKILL, so no teardown runs, and the server still stops and its temporary
folder goes. The expectation is the property itself, read off ``/proc`` and the file system; the waits
are guards against a hang, never speed claims."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from leftovers import alive
from pg_server import PgServer
from work_bounds import HANG_GUARD

TESTS = Path(__file__).resolve().parent
#: seconds between two looks at what should be gone
LOOK = 0.1

#: A starter that dies: it runs ``SETUP`` (which sets ``pids`` and ``folders``), says what it
#: started as one JSON line, and kills itself (``kill -9``: no ``finally``, no atexit, no teardown).
STARTER = """
import json, os, signal, subprocess, sys, tempfile
from pathlib import Path
sys.path[:0] = [{tests!r}, {browser!r}]
{setup}
print(json.dumps({{"pids": pids, "folders": [str(f) for f in folders]}}), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def _started_then_killed(setup: str) -> tuple[list[int], list[Path]]:
    """Run a starter with ``setup``; the processes and folders it had when it was killed."""
    code = STARTER.format(tests=str(TESTS), browser=str(TESTS / "browser"), setup=setup)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG_GUARD,
                          check=False)
    assert done.returncode == -9, done.stderr[-2000:]
    said = json.loads(done.stdout.strip().splitlines()[-1])
    return [int(p) for p in said["pids"]], [Path(f) for f in said["folders"]]


def _until_gone(pids: list[int], folders: list[Path]) -> tuple[list[int], list[Path]]:
    """Wait (up to the hang guard) until none of ``pids`` runs and none of ``folders`` is there;
    what is still there at the end."""
    for _ in range(int(HANG_GUARD / LOOK)):
        if not any(alive(p) for p in pids) and not any(f.exists() for f in folders):
            break
        time.sleep(LOOK)
    return [p for p in pids if alive(p)], [f for f in folders if f.exists()]


def test_a_watched_process_and_folder_go_when_their_starter_is_killed() -> None:
    pids, folders = _started_then_killed("""
from leftovers import watch
sleeper = subprocess.Popen(["sleep", "600"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
folder = Path(tempfile.mkdtemp(prefix="tutor-leftover-"))
watch(pids=[sleeper.pid], remove=[folder])
pids, folders = [sleeper.pid], [folder]
""")
    assert _until_gone(pids, folders) == ([], [])


def test_a_released_watcher_leaves_what_it_watched() -> None:
    """After the usual stop the starter releases its watcher: a process it had watched (here still
    running, as a server the starter chose to keep) is not touched when the starter dies later."""
    pids, folders = _started_then_killed("""
from leftovers import watch
sleeper = subprocess.Popen(["sleep", "600"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
folder = Path(tempfile.mkdtemp(prefix="tutor-leftover-"))
watch(pids=[sleeper.pid], remove=[folder]).release()
pids, folders = [sleeper.pid], [folder]
""")
    try:
        assert alive(pids[0]) and folders[0].exists()
    finally:
        os.kill(pids[0], 9)
        folders[0].rmdir()


def test_an_app_server_stops_when_its_starter_is_killed(tmp_path: Path) -> None:
    pids, _ = _started_then_killed(f"""
from harness import start_server
server = start_server(Path({str(tmp_path)!r}), wait=False)
pids, folders = [server.process.pid], []
""")
    assert _until_gone(pids, []) == ([], [])


@pytest.mark.postgres
def test_a_postgresql_server_stops_and_its_folder_goes_when_its_starter_is_killed() -> None:
    why = PgServer.missing()
    if why:
        (pytest.fail if os.environ.get("CI") else pytest.skip)(why)
    pids, folders = _started_then_killed("""
from pg_server import PgServer
server = PgServer().start()
postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
pids, folders = [postmaster], [server.root]
""")
    assert folders and folders[0].name.startswith("tutor-pg-")
    assert _until_gone(pids, folders) == ([], [])
