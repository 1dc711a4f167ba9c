"""Solving past one machine: the double-dummy requests on a Dask distributed cluster (issue 30).

When ``TUTOR_DASK_SCHEDULER`` names a running scheduler (``tcp://host:8786``), the solver's owner
(:func:`tutor.engine.solver.analysis.solver`) is a :class:`DaskOwner` instead of the local worker pool: each
request is submitted as one task that runs the solver's ``solve_request`` in a Dask
worker process. The requests are the same JSON-ready dicts the local workers read, so a cluster
solves exactly what the local pool solves. Without the variable nothing changes: the embedded
worker processes of :mod:`tutor.engine.solver.owner` stay the default.

* **Workers**: start them with one thread each (``dask worker tcp://host:8786 --nthreads 1``): DDS
  keeps per-thread globals (see :mod:`tutor.engine.solver.owner`), and ``solve_request`` also serializes
  its calls in a process.
* **Turns and a bounded queue per learner, as on this machine**: the requests go to the scheduler
  through the same turns as the local workers' (:class:`~tutor.engine.solver.owner.DDOwner`), the
  slots being the cluster's threads: at most one task per thread is out at a time from this process,
  the next slot goes to the next learner waiting (round robin), and a learner has at most
  ``WAITING_PER_LEARNER`` requests waiting. So one learner's long analysis cannot starve another's
  drill here either: on the scheduler, the drill's task waits behind at most one task per thread
  (from each app process sharing the cluster: the turns are each process's own).
* **Streamed**: :meth:`~tutor.engine.solver.owner.DDOwner.ask_each` yields each result as its task
  finishes, as the local pool does; ``ask_all`` collects them in order.
* **A dead worker's batch is retried**: the scheduler hands the tasks of a worker that died to the
  others (Dask's own recovery), and each task is also resubmitted once on an error (``retries=1``).
* **Unreachable**: if the scheduler cannot be reached within the timeout, or is lost later, the
  request fails with one :class:`TutorError` line naming the address — never a traceback.

``distributed`` is imported only here, and only when the variable is set.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import CancelledError
from typing import Any

from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonValue
from tutor.engine.solver.owner import DDOwner, Request, SolveHere

SCHEDULER_VARIABLE = "TUTOR_DASK_SCHEDULER"
#: seconds to reach the scheduler, and for one request's answer
CONNECT_TIMEOUT = 10.0
ANSWER_TIMEOUT = 600.0


class DaskOwner(DDOwner):
    """The solver's owner when a Dask cluster is configured (see the module's docstring)."""

    def __init__(self, address: str, solve_here: SolveHere, *, timeout: float = CONNECT_TIMEOUT) -> None:
        super().__init__(0, solve_here)
        self._in_process = False  # the slots are the cluster's threads (_slots_now)
        self.address = address
        self._timeout = timeout
        self._client: Any = None
        self._client_lock = threading.Lock()

    def _unreachable(self, err: BaseException) -> TutorError:
        return TutorError(f"the solver cluster at {self.address} cannot be reached ({type(err).__name__}: "
                          f"{str(err)[:120]}); no analysis is available until it is back, or unset "
                          f"{SCHEDULER_VARIABLE} to solve on this machine")

    def client(self) -> Any:
        """The connection to the scheduler, made on first use."""
        with self._client_lock:
            if self._client is None:
                try:
                    import distributed
                except ImportError:
                    raise TutorError(f"{SCHEDULER_VARIABLE} is set but Dask is not installed: "
                                     "pip install 'vint-tutor[class]', or unset it") from None
                client_class: Any = distributed.Client  # untyped library: kept behind Any
                try:
                    self._client = client_class(self.address, timeout=self._timeout, set_as_default=False)
                except (OSError, TimeoutError) as err:
                    raise self._unreachable(err) from None
            return self._client

    @property
    def worker_count(self) -> int:
        try:
            return len(self.client().scheduler_info().get("workers", {}))
        except TutorError:
            return 0

    @property
    def in_process(self) -> bool:
        return False

    def worker_pids(self) -> tuple[int, ...]:
        pids = self.client().run(os.getpid)
        return tuple(sorted(int(p) for p in pids.values()))

    def _slots_now(self) -> int:
        """The cluster's threads now: the slots handed out in turn (workers come and go)."""
        workers = self.client().scheduler_info().get("workers", {})
        threads = max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))
        self._turns.resize(range(threads))
        return threads

    def _solve_on(self, slot: int, request: Request) -> JsonValue:
        """One request as one task; ``slot`` (one of the cluster's threads) is this thread's turn."""
        client = self.client()
        try:
            # solve_here is analysis.solve_request: pickled by name, the worker imports the engine for it
            future = client.submit(self._solve_here, dict(request), pure=False, retries=1)
            result: JsonValue = future.result(timeout=ANSWER_TIMEOUT)
            return result
        except TutorError:
            raise
        except (OSError, TimeoutError, CancelledError) as err:  # the scheduler lost: its futures are cancelled
            raise self._unreachable(err) from None
        except Exception as err:  # a task's own error, raised again here: the solver's message
            raise TutorError(f"the solver cluster could not answer: {str(err)[:200]}") from None

    def close(self) -> None:
        with self._client_lock:
            if self._client is not None:
                self._client.close()
                self._client = None


def owner_from_environment(solve_here: SolveHere) -> DaskOwner | None:
    """A :class:`DaskOwner` when ``TUTOR_DASK_SCHEDULER`` is set, else ``None`` (the local pool)."""
    address = os.environ.get(SCHEDULER_VARIABLE, "").strip()
    return DaskOwner(address, solve_here) if address else None
