"""Progress survives a killed process and two writers at once (issue 8).

Child processes write answers through the real store; an answer is "acknowledged"
once ``record`` has returned, i.e. once the page would show its feedback.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from work_bounds import HANG_GUARD

from tutor.lessons.progress import open_store

ROOT = Path(__file__).resolve().parent.parent

WRITER = """
import sys
from tutor.lessons.answers import Answer
from tutor.lessons.progress import open_store
path, tag, count, learner = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
store = open_store(path)
for i in range(count):
    store.record(Answer("law", "law-35", i % 3 != 0, f"{tag}-{i}", "x", laws=("law-35",), seed=i), learner)
    print(f"ack {tag}-{i}", flush=True)
"""


def _writer(path: Path, tag: str, count: int, learner: str = "anna") -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), tag, str(count), learner],
                            stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def test_every_acknowledged_answer_survives_a_killed_process(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    proc = _writer(path, "anna", 100_000)
    assert proc.stdout is not None
    acked = [proc.stdout.readline().split()[1] for _ in range(40)]
    proc.send_signal(signal.SIGKILL)  # mid-session, possibly mid-transaction
    proc.wait(timeout=HANG_GUARD)
    with open_store(path) as store:
        given = {a.answer.given for a in store.answers("anna")}
        unit = store.unit("anna", ("law", "law-35"))
        assert unit is not None and unit.reps == len(given)  # schedule and answers agree
    assert set(acked) <= given
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def test_two_writers_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    open_store(path).close()  # both sessions open an existing store, as the app does
    count = 60
    procs = [_writer(path, tag, count) for tag in ("a", "b")]
    for proc in procs:
        out, _ = proc.communicate(timeout=HANG_GUARD)
        assert proc.returncode == 0
        assert out.count("ack") == count
    with open_store(path) as store:  # both wrote to the same profile and the same schedule
        assert sorted(a.answer.given for a in store.answers("anna")) == sorted(
            f"{tag}-{i}" for tag in ("a", "b") for i in range(count))
        unit = store.unit("anna", ("law", "law-35"))
        assert unit is not None and unit.reps == 2 * count
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def test_two_sessions_creating_the_store_at_once(tmp_path: Path) -> None:
    path = tmp_path / "new" / "progress.sqlite3"
    procs = [_writer(path, tag, 5, learner=tag) for tag in ("anna", "boris")]
    for proc in procs:
        proc.communicate(timeout=HANG_GUARD)
        assert proc.returncode == 0
    with open_store(path) as store:
        assert len(store.answers()) == 10
