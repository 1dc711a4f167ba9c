"""A real Dask cluster on this machine: a scheduler and one-thread worker processes on loopback, as a
club would run them (docs/classes.md). Used by the tests (the ``cluster`` fixture: started once
per test process, shared by every test that does not need a cluster of its own) and by
benchmarks/class_load.py. Nothing here needs pytest but the fixture.

Every test module has the fixture from tests/conftest.py, which declares it once (a module that
assigned it itself would get a fixture, and a cluster, of its own).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from leftovers import Watcher, watch
from work_bounds import HANG_GUARD

DASK = str(Path(sys.executable).with_name("dask"))
TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
COMMON = ["--no-dashboard"]
#: seconds between two looks at what a process has written
POLL = 0.05


@dataclass
class Cluster:
    """A running scheduler and its workers (all started here); ``folder`` is theirs and the tests'."""

    address: str
    folder: Path
    scheduler: subprocess.Popen[bytes]
    #: stops the scheduler and removes the folder if the process that started them dies without
    #: :meth:`stop` (the workers then leave by themselves, a minute later)
    watcher: Watcher
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start_worker(self) -> subprocess.Popen[bytes]:
        """One more one-thread worker (it exits by itself a minute after its scheduler is gone: a worker
        left without one retries it for ever, and ignores SIGTERM while it does)."""
        worker = subprocess.Popen([DASK, "worker", self.address, "--nthreads", "1", "--no-nanny", "--death-timeout", "60",
                                   "--local-directory", str(self.folder), *COMMON], cwd=self.folder,
                                  env=_environment(), stderr=subprocess.DEVNULL)
        self.workers.append(worker)
        return worker

    def wait_for_workers(self, count: int) -> None:
        """Until ``count`` workers have joined the scheduler."""
        from distributed import Client

        with Client(self.address, timeout=HANG_GUARD, set_as_default=False) as client:
            client.wait_for_workers(count, timeout=HANG_GUARD)

    def stop(self) -> None:
        """The workers first (a worker whose scheduler is gone retries it before it exits), then the scheduler."""
        for group in (self.workers, [self.scheduler]):
            for process in group:
                if process.poll() is None:
                    process.send_signal(signal.SIGTERM)
            for process in group:
                try:
                    process.wait(timeout=HANG_GUARD)  # a few seconds; a guard against a hang
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)
        self.watcher.release()


#: Dask's settings for the tutor's cluster, as README "Serve a class" has a club start it
QUIET_SETTINGS = ROOT / "deploy" / "dask.yaml"


def _environment() -> dict[str, str]:
    """The engine and ``tests/`` importable (the scheduler reads each task's function too), and the
    club's settings: the cluster idles through most of the run, at a quarter of Dask's default CPU."""
    path = os.pathsep.join(p for p in (str(ROOT), str(TESTS), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, "DASK_CONFIG": str(QUIET_SETTINGS)}


def start_cluster(workers: int = 2) -> Cluster:
    """A scheduler on a free loopback port and ``workers`` one-thread workers, all joined."""
    if not shutil.which(DASK):
        raise RuntimeError("dask's command is missing: pip install 'vint-tutor[class]'")
    folder = Path(tempfile.mkdtemp(prefix="tutor-dask-"))
    spec = folder / "scheduler.json"
    scheduler = subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--scheduler-file",
                                  str(spec), *COMMON], cwd=folder, env=_environment(), stderr=subprocess.DEVNULL)
    watcher = watch(pids=[scheduler.pid], remove=[folder])
    for _ in range(int(HANG_GUARD / POLL)):  # a guard against a hang, not a speed claim
        if (spec.exists() and spec.stat().st_size > 0) or scheduler.poll() is not None:
            break
        time.sleep(POLL)
    if not (spec.exists() and spec.stat().st_size > 0):
        raise RuntimeError(f"the Dask scheduler did not start (exit {scheduler.poll()})")
    cluster = Cluster(json.loads(spec.read_text())["address"], folder, scheduler, watcher)
    for _ in range(workers):
        cluster.start_worker()
    cluster.wait_for_workers(workers)
    return cluster


@pytest.fixture(scope="session")
def cluster() -> Iterator[Cluster]:
    """A scheduler and two one-thread workers for this test process; a test that stops a worker
    starts one of its own for it (:meth:`Cluster.start_worker`)."""
    cluster = start_cluster()
    try:
        yield cluster
    finally:
        cluster.stop()
