"""The one owner of the double-dummy solver: a small pool of worker processes.

DDS, the C++ solver behind endplay, keeps its working memory in per-thread
globals, and endplay always hands it "thread 0". Two Python threads solving at
once therefore corrupt each other's memory and the whole process dies (DDS
prints "Sum 7 is not four", exit 139): in the app, every learner's session is
lost. So no thread of the tutor calls DDS itself. Each request goes, as one
line of JSON, to a worker process (``python -m tutor.engine.solver.worker``) that
calls DDS from its only thread. With two workers (one per core of the reference
machine) two learners are solved in parallel; a third waits for a free worker.

Why plain subprocesses and not ``multiprocessing``/``ProcessPoolExecutor``: its
``spawn`` and ``forkserver`` starts re-import the parent's ``__main__`` module in
every worker, and under ``streamlit run`` that is ``app.py`` (Streamlit installs
the script as ``__main__``), so each worker would import Streamlit and run the
app; ``fork`` is unsafe in a threaded server. A subprocess running one engine
module imports the engine and endplay only, and JSON on its pipes carries our
own notation (PBN, ``S``/``NT``, ``N``/``E``), never pickles.

Lifecycle: workers start on the first request (all of them at once, so the
second learner finds a warm one), or ahead of it with :meth:`DDOwner.start_workers`
(the app does so at its first page); a worker that died (killed, crashed) is
replaced and the request is retried once on the new process; ``atexit`` closes
them, with a bounded wait, so pytest, pytest-xdist and Streamlit's AppTest never
hang at exit; and a worker exits by itself when its stdin closes, so none
outlives a parent killed with ``kill -9``.

Fairness between learners: the workers are handed out in turns (:mod:`tutor.engine.solver.turns`):
round robin over the learners waiting, a bounded queue each, so one learner's long analysis cannot
starve another's drill feedback. A learner is the calling thread (each Streamlit session runs its
script in its own thread) unless named with :func:`~tutor.engine.solver.learners.as_learner`. The
turns hand out *slots*: here the workers; on a Dask cluster (:mod:`tutor.engine.solver.cluster`, a
subclass) the cluster's threads, by the same code.

Streaming: :meth:`DDOwner.ask_each` yields each request's result as soon as it is solved
(the caller's progress); :meth:`DDOwner.ask_all` collects them in the order asked.

``TUTOR_DDS_WORKERS`` sets the number of workers (default: two, or one on a
one-core machine). ``0`` means *in-process*: every request is solved in the
calling process under one lock, one at a time -- for environments where child
processes are not available. If a worker cannot be started at all, the owner
falls back to in-process the same way and logs it once.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import BinaryIO

from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject, JsonValue
from tutor.engine.solver.learners import current_learner
from tutor.engine.solver.turns import Turns

#: A request or a reply: plain JSON values in the tutor's own notation.
Request = JsonObject
SolveHere = Callable[[Request], JsonValue]

WORKERS_VARIABLE = "TUTOR_DDS_WORKERS"
WORKER_MODULE = "tutor.engine.solver.worker"
#: Seconds a closing worker gets to finish its current solve before it is killed.
CLOSE_GRACE_SECONDS = 2.0
#: Threads the owner keeps for the lanes of its batches (one lane a slot per batch under way: a
#: batch's lanes wait in the turns, so this bounds the learners' batches solved at once, not the slots).
LANE_THREADS = 64

_log = logging.getLogger(__name__)


def default_workers() -> int:
    """Workers to run: ``TUTOR_DDS_WORKERS`` if set, else two (one per core, at most two)."""
    configured = os.environ.get(WORKERS_VARIABLE, "").strip()
    if configured:
        try:
            count = int(configured)
        except ValueError:
            raise TutorError(f"{WORKERS_VARIABLE}={configured!r}: expected a whole number from 0 to 8") from None
        if not 0 <= count <= 8:
            raise TutorError(f"{WORKERS_VARIABLE}={configured!r}: expected a whole number from 0 to 8")
        return count
    return max(1, min(2, os.cpu_count() or 1))


class WorkerDied(Exception):
    """The worker process ended (killed, crashed) before it answered."""


class _Worker:
    """One solver process and its two pipes; used by one thread at a time (the one that took it)."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None
        self._start_lock = threading.Lock()

    @property
    def pid(self) -> int | None:
        return self._process.pid if self.running and self._process is not None else None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def ensure_started(self) -> None:
        """Start the process unless it runs; raises ``OSError`` when processes cannot be started."""
        with self._start_lock:
            if self.running:
                return
            self.discard()
            self._process = subprocess.Popen(
                [sys.executable, "-m", WORKER_MODULE],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=_worker_environment(),
                cwd=_scratch_directory(),  # DDS writes a dump.txt where it runs when a solve fails
            )

    def ask(self, line: bytes) -> bytes:
        """Send one request line and read the reply line; raises :class:`WorkerDied` if the process ends."""
        process = self._process
        if process is None or process.stdin is None or process.stdout is None:
            raise WorkerDied("not started")
        try:
            process.stdin.write(line + b"\n")
            process.stdin.flush()
            reply = process.stdout.readline()
        except (BrokenPipeError, ConnectionResetError, ValueError) as exc:
            raise WorkerDied(str(exc)) from exc
        if not reply.endswith(b"\n"):
            raise WorkerDied(f"exit status {process.poll()}")
        return reply

    def discard(self) -> None:
        """Forget a dead (or unwanted) process, reaping it."""
        process, self._process = self._process, None
        if process is not None:
            _stop(process, grace=0.0)

    def close(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            _stop(process, grace=CLOSE_GRACE_SECONDS)


def _stop(process: subprocess.Popen[bytes], grace: float) -> None:
    """Close the worker's stdin (it exits on end of input); kill it if it is still there after ``grace``."""
    for pipe in (process.stdin, process.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):  # already broken: the process is gone
                pipe.close()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _scratch_directory() -> str:
    """A directory of the system's temporary area for the workers to run in, never the learner's."""
    path = Path(tempfile.gettempdir()) / f"tutor-dds-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
    path.mkdir(mode=0o700, exist_ok=True)
    return str(path)


def _worker_environment() -> dict[str, str]:
    """The parent's environment, with this very ``tutor`` package first on the worker's path."""
    package_root = str(Path(__file__).resolve().parents[__name__.count(".")])  # however deep this module sits
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (package_root, path) if p)}


class DDOwner:
    """Owns the solver: hands each request to a free worker process, or solves here under a lock.

    ``solve_here`` answers a request in this process (it must serialize its own DDS
    calls); it is used when ``workers`` is 0 or processes cannot be started, and its
    :class:`TutorError` is what a worker's error reply is turned back into.
    """

    def __init__(self, workers: int, solve_here: SolveHere) -> None:
        self._count = workers
        self._solve_here = solve_here
        self._in_process = workers == 0
        self._setup()

    def _setup(self) -> None:
        self._pid = os.getpid()
        self._workers = [_Worker() for _ in range(self._count)]
        self._turns: Turns[int] = Turns(range(self._count))
        self._started = False
        self._executor: ThreadPoolExecutor | None = None
        self._threads_lock = threading.Lock()
        self._cpu_lock = threading.Lock()  # workers_cpu: one caller at a time

    @property
    def worker_count(self) -> int:
        """Workers that share the requests (0 when solving in-process)."""
        return 0 if self._in_process else self._count

    @property
    def in_process(self) -> bool:
        """Whether requests are solved in this process (no workers, or none could start)."""
        return self._in_process

    def worker_pids(self) -> tuple[int, ...]:
        """Process ids of the workers now running (empty before the first request)."""
        return tuple(pid for pid in (w.pid for w in self._workers) if pid is not None)

    def workers_cpu(self) -> float:
        """CPU seconds this machine's workers have used, by their own clocks (every thread, to the
        nanosecond: /proc counts ticks of 10 ms, as much as a play decision's whole solving; for the
        benchmarks; 0 in-process or on a cluster). It waits until every worker is free and holds them all
        while it asks; one caller at a time (two, each holding one worker and waiting for the other's,
        would wait for ever: stop 59's audit)."""
        if self._in_process or not self._workers:
            return 0.0
        who = current_learner()
        with self._cpu_lock:
            slots = [self._turns.take(who) for _ in range(self._slots_now())]
            try:
                return sum(_cpu_of(self._solve_on(slot, {"op": "ping"})) for slot in slots)
            finally:
                for slot in slots:
                    self._turns.give_back(slot)

    def start_workers(self) -> None:
        """Start every worker process now, and return without waiting for them: each gets itself ready
        (imports the solver, solves a one-card ending) while the caller goes on, so the first request
        finds a worker ready instead of waiting for one to start. The app calls this at its first page:
        a server's first drill answer waited for the workers to start (in-process, 0.12 s of the first
        bidding drill's 0.26 s; beside the browser, that first answer took 0.72-0.93 s on three fresh
        servers and 0.49-0.59 s with the workers started ahead; issue 28). Nothing here in-process or on
        a cluster, nor once started; a worker that cannot start is left to the first request, which
        falls back to solving in-process as it does."""
        if self._in_process or self._started:
            return
        if os.getpid() != self._pid:  # a forked child must not share its parent's pipes
            self._setup()
        try:
            for worker in self._workers:
                worker.ensure_started()
        except OSError:
            return
        self._started = True

    def waiting(self) -> dict[str, int]:
        """The requests waiting for their learner's turn, by learner (each at most
        :data:`~tutor.engine.solver.turns.WAITING_PER_LEARNER`)."""
        return self._turns.waiting()

    def ask(self, request: Request) -> JsonValue:
        """Solve one request (waiting for this learner's turn), and return its result."""
        return self.ask_all([request])[0]

    def ask_all(self, requests: Sequence[Request]) -> list[JsonValue]:
        """Solve several requests at once, spread over the slots as :meth:`ask_each` does; results in the
        same order. The lanes file each result themselves and the caller wakes once, when they are done
        (issue 28: waking it for each result, to be told its index, cost a play decision's pricing about
        a tenth of this process's CPU: 4.3 ms of 12.0 in the lanes, 3.2 of 11.1 so). A first error is
        raised, once the requests under way have finished; after it the lanes begin no other. Nor do they
        once the caller stops waiting (Ctrl-C, ``KeyboardInterrupt``): those under way finish, the rest are
        dropped, as :meth:`ask_each` drops them when its caller stops reading."""
        who = current_learner()
        lanes = self._lanes()
        if len(requests) <= 1 or lanes <= 1:
            return [self._ask(request, who) for request in requests]
        out: list[JsonValue] = [None] * len(requests)
        errors: list[BaseException] = []
        stop = threading.Event()  # a first error, or the caller has stopped waiting

        def answered(index: int, result: JsonValue, error: BaseException | None) -> None:
            if error is None:
                out[index] = result
            else:
                errors.append(error)

        try:
            wait(self._run_lanes(requests, who, lanes, answered, stop))
        except BaseException:
            stop.set()  # interrupted: the lanes finish the requests under way and begin no other
            raise
        if errors:
            raise errors[0]
        return out

    def ask_each(self, requests: Sequence[Request]) -> Iterator[tuple[int, JsonValue]]:
        """Solve several requests, spread over the slots, each in this learner's turn; yield
        ``(index, result)`` as each is solved, in the order they finish (the caller's progress).

        A first error is raised at once, and the requests not begun are dropped; so are they
        when the caller stops reading."""
        who = current_learner()  # the lanes solve for the caller
        lanes = self._lanes()
        if len(requests) <= 1 or lanes <= 1:
            for index, request in enumerate(requests):
                yield index, self._ask(request, who)
            return
        answers: queue.SimpleQueue[tuple[int, JsonValue, BaseException | None] | None] = queue.SimpleQueue()
        stop = threading.Event()
        begun = self._run_lanes(requests, who, lanes, lambda *answer: answers.put(answer), stop)
        for lane in begun:  # each lane says when it has ended
            lane.add_done_callback(lambda _: answers.put(None))
        try:
            ended = 0
            while ended < len(begun):
                answer = answers.get()
                if answer is None:
                    ended += 1
                    continue
                index, result, error = answer
                if error is not None:
                    raise error
                yield index, result
        finally:
            stop.set()  # the requests not begun are dropped; those under way finish
            wait(begun)

    def _run_lanes(self, requests: Sequence[Request], who: str, lanes: int,
                   answered: Callable[[int, JsonValue, BaseException | None], None],
                   stop: threading.Event) -> list[Future[None]]:
        """One lane a slot (at most one a request), each taking the next request not begun and handing
        ``answered(index, result, error)`` its outcome, until none is left, ``stop`` is set or a request
        fails (which sets it: the lanes begin no other). The lanes run on the owner's long-lived threads
        (a thread started for each batch cost a play decision more CPU than its own requests' writing,
        issue 28); the futures end with their lanes."""
        waiting = deque(enumerate(requests))

        def lane() -> None:
            while not stop.is_set():
                try:
                    index, request = waiting.popleft()
                except IndexError:
                    return
                try:
                    result, error = self._ask(request, who), None
                except BaseException as exc:  # noqa: BLE001 -- raised again by the caller
                    result, error = None, exc
                answered(index, result, error)
                if error is not None:
                    stop.set()
                    return

        return [self._threads().submit(lane) for _ in range(min(lanes, len(requests)))]

    def _threads(self) -> ThreadPoolExecutor:
        """The owner's threads for the lanes of every batch (started as needed, kept while idle)."""
        with self._threads_lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=LANE_THREADS, thread_name_prefix="dds-lane")
            return self._executor

    def _lanes(self) -> int:
        """How many requests may be solved at once now."""
        if os.getpid() != self._pid:  # a forked child must not share its parent's pipes
            self._setup()
        return self._slots_now()

    def _slots_now(self) -> int:
        """The slots the turns hand out (here: the workers; 1 when solving in-process)."""
        return 1 if self._in_process else self._count

    def _ask(self, request: Request, who: str) -> JsonValue:
        if os.getpid() != self._pid:
            self._setup()
        if self._in_process:
            return self._solve_here(request)
        slot = self._turns.take(who)
        try:
            return self._solve_on(slot, request)
        finally:
            self._turns.give_back(slot)

    def _solve_on(self, slot: int, request: Request) -> JsonValue:
        """Solve ``request`` on slot number ``slot``, which this thread holds (here: that worker)."""
        return self._ask_worker(self._workers[slot], request)

    def _ask_worker(self, worker: _Worker, request: Request) -> JsonValue:
        line = json.dumps(request, separators=(",", ":")).encode()
        for attempt in (1, 2):
            try:
                self._start(worker)
            except OSError as exc:
                _log.warning("cannot start a double-dummy worker (%s); solving in-process, one at a time", exc)
                self._in_process = True
                return self._solve_here(request)
            try:
                reply: JsonObject = json.loads(worker.ask(line))  # the worker writes serve's replies
            except WorkerDied as exc:
                _log.warning("double-dummy worker stopped (%s); starting a new one (attempt %d)", exc, attempt)
                worker.discard()
                continue
            if "error" in reply:
                raise TutorError(str(reply["error"]))
            return reply["ok"]
        raise TutorError("the double-dummy solver stopped twice on this deal; no analysis is available")

    def _start(self, worker: _Worker) -> None:
        worker.ensure_started()
        if not self._started:  # first request: warm the others too, for the next learner
            self._started = True
            for other in self._workers:
                other.ensure_started()

    def close(self) -> None:
        """Stop every worker (each finishes its current solve within a short grace time)."""
        if os.getpid() != self._pid:
            return
        with self._threads_lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
        for worker in self._workers:
            worker.close()


def _cpu_of(reply: JsonValue) -> float:
    """The worker's CPU seconds in its reply to a ping."""
    cpu = reply.get("cpu") if isinstance(reply, dict) else None
    if not isinstance(cpu, (int, float)):
        raise TutorError(f"a double-dummy worker's ping gave no CPU time: {reply!r}")
    return float(cpu)


def serve(solve: SolveHere, requests: BinaryIO, replies: BinaryIO) -> None:
    """The worker's loop: one JSON request per line in, one JSON reply per line out, until end of input.

    ``requests`` and ``replies`` are binary streams. A :class:`TutorError` (or any
    error from the solver) becomes an ``{"error": ...}`` reply; the worker goes on.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it then closes stdin
    for line in iter(requests.readline, b""):
        try:
            reply: JsonObject = {"ok": solve(json.loads(line))}
        except Exception as exc:  # noqa: BLE001 -- any failure is reported to the caller, the worker lives on
            reply = {"error": str(exc) if isinstance(exc, TutorError) else f"{type(exc).__name__}: {exc}"}
        replies.write(json.dumps(reply, separators=(",", ":")).encode() + b"\n")
        replies.flush()
