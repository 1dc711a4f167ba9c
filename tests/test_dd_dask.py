"""Solving past one machine (issue 30): the solver's owner on a real Dask scheduler and real worker
processes started here (tests/dask_cluster.py, one cluster per test process, shared by its tests).

Expectations: the cluster answers what the solver answers in this process; the rule stated in
tutor/engine/solver/owner.py holds on the cluster too — a second learner's one request is answered
while the first learner's backlog still waits (turns, not first come first served), and results reach
the caller as each is solved; a killed worker's task is answered by another; an unreachable scheduler
is one line; the scheduler and each worker run with the club's settings (deploy/dask.yaml, as README
"Serve a class" starts them). "Still running" is never guessed from a clock: the requests that must run
long wait at a gate the test opens (tests/solver_gate.py)."""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path

import dask_cluster
import pytest
from solver_gate import gated, started
from work_bounds import HANG_GUARD

from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject, JsonValue
from tutor.engine.solver import analysis
from tutor.engine.solver.cluster import SCHEDULER_VARIABLE, DaskOwner, owner_from_environment
from tutor.engine.solver.learners import as_learner

pytestmark = pytest.mark.slow  # a scheduler and two worker processes
Cluster = dask_cluster.Cluster


def _until(condition: Callable[[], bool], what: str, failed: dict[str, object] | None = None) -> None:
    """Wait for ``condition``; fail at once when a thread has put its error in ``failed``."""
    deadline = time.monotonic() + HANG_GUARD  # a guard against a hang, not a speed claim
    while not condition():
        assert not (failed or {}).get("error"), (failed or {})["error"]
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def _thread(work: Callable[[], object], result: dict[str, object], key: str) -> threading.Thread:
    """A thread that puts ``work()`` in ``result[key]``, or its error in ``result["error"]``."""
    def run() -> None:
        try:
            result[key] = work()
        except BaseException as err:  # noqa: BLE001 - reported by the test's assertions
            result["error"] = err

    return threading.Thread(target=run)


def _boards(count: int, seed: int) -> list[JsonObject]:
    """``count`` requests, one seeded deal each: West's side's tricks at no-trumps or spades, West leading
    (the solver's cheap search: the answers compared here are computed twice, on the cluster and here)."""
    rng = random.Random(seed)
    return [{"op": "solve", "mode": "best", "boards": [[random_deal(rng).to_pbn(), ("NT", "S")[n % 2], "W", []]]}
            for n in range(count)]


def _tricks(reply: JsonValue) -> bool:
    """One board's answer: a number of tricks, 0 to 13."""
    return isinstance(reply, list) and all(isinstance(n, int) and 0 <= n <= 13 for n in reply)  # noqa: PLR2004


def _listed(value: object) -> list[object]:
    assert isinstance(value, list)
    return value


def _gates(cluster: Cluster, name: str, count: int) -> list[Path]:
    return [cluster.folder / f"{name}-{os.getpid()}-{n}" for n in range(count)]


def _open(gates: list[Path]) -> None:
    for gate in gates:
        gate.touch()


def test_the_cluster_solves_what_the_solver_solves_here(cluster: Cluster) -> None:
    owner = DaskOwner(cluster.address, analysis.solve_request)
    try:
        requests = _boards(6, seed=1)
        answers = owner.ask_all(requests)
        assert answers == [analysis.solve_request(r) for r in requests]
        assert all(_tricks(a) for a in answers)
        pids = set()
        for _ in range(4):
            reply = owner.ask({"op": "ping"})
            assert isinstance(reply, dict)
            pids.add(reply["pid"])
        assert pids <= {w.pid for w in cluster.workers} and os.getpid() not in pids  # solved on the workers
        assert owner.workers_cpu() == 0.0  # the benchmarks' clock reads this machine's workers only: none here
    finally:
        owner.close()


def test_a_second_learner_is_answered_before_the_first_learners_backlog(cluster: Cluster) -> None:
    # A floods the cluster with eight requests that hold a worker until their gate opens; B asks one.
    # With every request sent to the scheduler at once, B's would queue behind A's six still waiting;
    # in turns, B's goes out as soon as one of A's is done — while A's other six are still held back.
    owner = DaskOwner(cluster.address, gated)
    gates = _gates(cluster, "flood", 8)
    got: dict[str, object] = {}

    def learner(name: str, requests: list[JsonObject]) -> Callable[[], object]:
        def ask() -> object:
            with as_learner(name):
                return owner.ask_all(requests)
        return ask

    a = _thread(learner("A", [{"gate": str(g), "then": {"op": "ping"}} for g in gates]), got, "A")
    b = _thread(learner("B", [{"op": "ping"}]), got, "B")
    try:
        a.start()
        _until(lambda: sum(started(g) is not None for g in gates) == 2, "A's first two requests never began", got)
        b.start()
        _until(lambda: owner.waiting().get("B") == 1, "B's request never queued", got)
        _open([next(g for g in gates if started(g) is not None)])  # one of A's two running requests ends
        _until(lambda: "B" in got, "B was not answered while A's backlog waited", got)
        assert sum(g.exists() for g in gates) == 1 and "A" not in got  # A's six are still waiting
    finally:
        _open(gates)
        a.join(timeout=HANG_GUARD)
        b.join(timeout=HANG_GUARD)
        owner.close()
    pids = {w.pid for w in cluster.workers}
    replies = [*_listed(got["A"]), *_listed(got["B"])]
    assert len(replies) == len(gates) + 1  # and every one of A's answered
    assert all(isinstance(r, dict) and r["pid"] in pids for r in replies)


def test_results_reach_the_caller_as_each_is_solved(cluster: Cluster) -> None:
    # the first request holds a worker until the caller has read the other three: only a caller that
    # gets each result as it is solved can open its gate (the fallback opens it much later, to fail)
    owner = DaskOwner(cluster.address, gated)
    (gate,) = _gates(cluster, "stream", 1)
    fallback = threading.Timer(HANG_GUARD / 4, gate.touch)
    fallback.start()
    order: list[int] = []
    try:
        requests: list[JsonObject] = [{"gate": str(gate), "then": {"op": "ping"}}, *_boards(3, seed=3)]
        results: dict[int, JsonValue] = {}
        for index, result in owner.ask_each(requests):
            order.append(index)
            results[index] = result
            if len(order) == 3:  # noqa: PLR2004 - the three boards, read while the first still runs
                gate.touch()
    finally:
        fallback.cancel()
        gate.touch()
        owner.close()
    assert sorted(order[:3]) == [1, 2, 3] and order[3] == 0
    assert [results[i] for i in (1, 2, 3)] == [analysis.solve_request(r) for r in requests[1:]]


def test_a_killed_workers_task_is_answered_by_another(cluster: Cluster) -> None:
    # a worker of this test's own joins; three requests hold the three workers (one each: a worker
    # has one thread), so one of them runs on it when it is killed
    victim = cluster.start_worker()
    cluster.wait_for_workers(len(cluster.workers))
    owner = DaskOwner(cluster.address, gated)
    gates = _gates(cluster, "kill", 3)
    inner = _boards(3, seed=2)
    result: dict[str, object] = {}
    thread = _thread(lambda: owner.ask_all([{"gate": str(g), "then": r} for g, r in zip(gates, inner)]),
                     result, "answers")
    try:
        thread.start()
        _until(lambda: all(started(g) is not None for g in gates), "the three requests never began", result)
        assert victim.pid in {started(g) for g in gates}
        victim.send_signal(signal.SIGKILL)
        assert victim.wait(timeout=HANG_GUARD) == -signal.SIGKILL
    finally:
        _open(gates)
        thread.join(timeout=HANG_GUARD)
        owner.close()
    assert "error" not in result, result.get("error")
    assert result["answers"] == [analysis.solve_request(r) for r in inner]  # every one answered, and right


def test_an_unreachable_scheduler_is_one_line() -> None:
    # the port refuses at once; Dask tries again until the timeout, which is only what the test waits
    owner = DaskOwner("tcp://127.0.0.1:9", analysis.solve_request, timeout=0.5)
    with pytest.raises(TutorError, match="cannot be reached") as err:
        owner.ask({"op": "ping"})
    assert "\n" not in str(err.value) and "TUTOR_DASK_SCHEDULER" in str(err.value)


def test_the_cluster_is_used_only_when_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SCHEDULER_VARIABLE, raising=False)
    assert owner_from_environment(analysis.solve_request) is None
    monkeypatch.setenv(SCHEDULER_VARIABLE, "tcp://127.0.0.1:8786")
    found = owner_from_environment(analysis.solve_request)
    assert isinstance(found, DaskOwner) and found.address == "tcp://127.0.0.1:8786"


def _flat(settings: dict[str, object], prefix: str = "") -> dict[str, object]:
    """``{"distributed": {"admin": {"tick": {"interval": "1s"}}}}`` -> ``{"distributed.admin.tick.interval": "1s"}``."""
    flat: dict[str, object] = {}
    for key, value in settings.items():
        name = f"{prefix}{key}"
        flat.update(_flat(value, f"{name}.") if isinstance(value, dict) else {name: value})
    return flat


def test_the_cluster_runs_with_the_clubs_settings(cluster: Cluster) -> None:
    """README "Serve a class" starts the scheduler and workers with DASK_CONFIG=deploy/dask.yaml; so do the
    tests. Every setting of that file is in force in the scheduler and in each worker, as Dask reads it."""
    import yaml
    from distributed import Client

    wanted = _flat(yaml.safe_load(dask_cluster.QUIET_SETTINGS.read_text(encoding="utf-8")))
    assert wanted["distributed.worker.profile.enabled"] is False  # the 10 ms stack sampler: the main saving

    def in_force() -> dict[str, object]:
        import dask

        return {name: dask.config.get(name) for name in wanted}

    with Client(cluster.address, timeout=HANG_GUARD, set_as_default=False) as client:
        assert client.run_on_scheduler(in_force) == wanted
        per_worker = client.run(in_force)
    alive = [w for w in cluster.workers if w.poll() is None]  # a test before may have killed one, and started another
    assert len(per_worker) == len(alive) and all(seen == wanted for seen in per_worker.values())
