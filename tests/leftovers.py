"""A server a test run starts stops when the run dies, however it dies (issue 31).

A test process that is killed (``kill -9``, a CI job's timeout, a worker pytest-xdist gave up on)
runs no fixture's teardown: a PostgreSQL server started by ``pg_ctl`` (a daemon by design), an app
server, a Dask scheduler were left running, each holding memory, a port and its temporary
directory, for as long as the machine was up. :func:`watch` starts a small watcher for what was
just started: a Python process of its own session (a signal sent to the test run's process group
does not reach it) that waits on a pipe from the process that started it. The pipe closes when
that process ends in any way; unless :meth:`Watcher.release` said first that the server was
stopped as usual, the watcher then runs the stop command, stops the processes and removes the
directories it was given. Standard library only (and tests/work_bounds.py): the watcher starts in a
few milliseconds.

    watcher = watch(pids=[server.pid], remove=[folder])
    ...
    watcher.release()   # after the usual stop: the watcher leaves without doing anything
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from work_bounds import HANG_GUARD  # tests/: the watcher runs as tests/leftovers.py, with tests/ on its path

#: What the starter writes before closing the pipe when it stopped everything itself.
RELEASED = b"released\n"
#: Seconds a process has after SIGTERM before it is killed (a guard, never a speed claim).
GRACE = 10.0
#: Seconds between two looks at a process being stopped.
LOOK = 0.05


class Watcher:
    """The watcher of one server (see the module's docstring)."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process

    def release(self) -> None:
        """The server was stopped as usual: the watcher leaves without doing anything."""
        if self.process.stdin is not None and not self.process.stdin.closed:
            with contextlib.suppress(BrokenPipeError):
                self.process.stdin.write(RELEASED)
                self.process.stdin.flush()
            self.process.stdin.close()
        self.process.wait()


def watch(*, run: Sequence[str] = (), pids: Sequence[int] = (), remove: Sequence[Path] = ()) -> Watcher:
    """Start a watcher that, if this process ends before :meth:`Watcher.release`, runs the command
    ``run``, stops the processes ``pids`` (SIGTERM, then SIGKILL) and removes the folders ``remove``."""
    orders = json.dumps({"run": list(run), "pids": list(pids), "remove": [str(p) for p in remove]})
    process = subprocess.Popen([sys.executable, __file__, orders], stdin=subprocess.PIPE, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return Watcher(process)


def alive(pid: int) -> bool:
    """Whether process ``pid`` is running: neither gone nor a zombie (a dead orphan waiting for a reaper
    that may never come, in a container whose first process reaps nothing). Linux's ``/proc``."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


def _stop(pid: int) -> None:
    """SIGTERM ``pid``, and SIGKILL it if it is still there after about :data:`GRACE` seconds."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    for _ in range(int(GRACE / LOOK)):
        if not alive(pid):
            return
        time.sleep(LOOK)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def _carry_out(orders: dict[str, list[str]]) -> None:
    if orders["run"]:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run(orders["run"], capture_output=True, timeout=HANG_GUARD, check=False)
    for pid in orders["pids"]:
        _stop(int(pid))
    for folder in orders["remove"]:
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: Sequence[str]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C at the terminal is for the test run
    said = sys.stdin.buffer.read()  # returns when the starter closes the pipe, or ends
    if said != RELEASED:
        _carry_out(json.loads(argv[1]))


if __name__ == "__main__":
    main(sys.argv)
