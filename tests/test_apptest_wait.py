"""The tests' wait for an AppTest script run (tests/conftest.py, ``_await_script_runs_without_polling``)
keeps AppTest's contract: it returns once the run's thread has ended with the run stopped, and a run
still going at the timeout is stopped and refused in AppTest's own words. A stand-in runner is enough
here: every page test of the suite runs through the real one."""

from __future__ import annotations

import threading

import pytest
from streamlit.testing.v1 import local_script_runner


class _Runner:
    """What the wait reads of a LocalScriptRunner: its thread, whether it stopped, and how to stop it."""

    def __init__(self, work: threading.Event) -> None:
        self.stopped = False
        self.stop_requested = False
        self._work = work
        self._script_thread = threading.Thread(target=self._run, args=(work,))
        self._script_thread.start()

    def _run(self, work: threading.Event) -> None:
        work.wait()
        self.stopped = True

    def script_stopped(self) -> bool:
        return self.stopped

    def request_stop(self) -> None:
        """As Streamlit's runner, the script stops at the request."""
        self.stop_requested = True
        self._work.set()

    def join(self) -> None:
        self._script_thread.join()


def test_the_suites_wait_is_the_one_without_a_poll() -> None:
    assert "_await_script_runs_without_polling" in local_script_runner.require_widgets_deltas.__qualname__


def test_a_finished_run_is_awaited_and_not_stopped() -> None:
    done = threading.Event()
    runner = _Runner(done)
    threading.Timer(0.05, done.set).start()
    local_script_runner.require_widgets_deltas(runner, timeout=600)
    assert runner.stopped and not runner.stop_requested


def test_a_run_still_going_at_the_timeout_is_stopped_and_refused() -> None:
    runner = _Runner(threading.Event())  # a run that goes on until it is asked to stop
    with pytest.raises(RuntimeError, match=r"AppTest script run timed out after 0\.01\(s\)"):
        local_script_runner.require_widgets_deltas(runner, timeout=0.01)
    assert runner.stop_requested and not runner._script_thread.is_alive()
