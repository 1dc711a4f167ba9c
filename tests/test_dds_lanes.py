"""A batch's requests are spread over the slots by lanes on the owner's long-lived threads (issue 28:
a thread started for each batch cost a play decision's analysis more CPU than its requests). The
expectations come from the rules stated in tutor/engine/solver/owner.py (``ask_each``): each
result is the request's own answer, a first error is raised, the requests not begun are dropped
when the caller stops reading. A fake owner answers in this process; no clock is compared."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonValue
from tutor.engine.solver import owner as owner_module
from tutor.engine.solver.owner import DDOwner, Request


def _answer(request: Request) -> JsonValue:
    n = request["n"]
    assert isinstance(n, int)
    if n < 0:
        raise TutorError(f"no answer to {n}")
    return n * n


class _Owner(DDOwner):
    """Two slots, answered here by :func:`_answer`; records the threads that answered."""

    def __init__(self, gate: threading.Event | None = None) -> None:
        super().__init__(2, _answer)
        self.gate = gate
        self.threads: set[threading.Thread] = set()
        self.asked: list[int] = []
        self.lock = threading.Lock()

    def _solve_on(self, slot: int, request: Request) -> JsonValue:
        with self.lock:
            self.threads.add(threading.current_thread())
            self.asked.append(int(str(request["n"])))
        if self.gate is not None and request["n"] != 0:
            self.gate.wait()
        return _answer(request)


def test_each_result_is_its_requests_own_and_the_threads_are_kept_between_batches() -> None:
    owner = _Owner()
    try:
        for batch in range(20):
            requests: list[Request] = [{"n": batch * 100 + k} for k in range(7)]
            assert owner.ask_all(requests) == [_answer(r) for r in requests]
        # a thread a lane per batch would be 40 threads; kept ones are the two lanes' (and at most a
        # couple started while a lane was handing its thread back)
        assert len(owner.threads) <= 4  # noqa: PLR2004
        assert sorted(owner.asked) == sorted(b * 100 + k for b in range(20) for k in range(7))
    finally:
        owner.close()


def test_a_first_error_is_raised_and_the_next_batch_is_answered() -> None:
    owner = _Owner()
    try:
        with pytest.raises(TutorError, match="no answer to -1"):
            owner.ask_all([{"n": 1}, {"n": -1}, {"n": 2}])
        assert owner.ask_all([{"n": 3}, {"n": 4}]) == [9, 16]
    finally:
        owner.close()


def test_the_requests_not_begun_are_dropped_when_the_caller_stops_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    # every request but the first waits at a gate, opened once the caller has stopped the lanes
    # (when it waits for those under way): then no lane may begin another
    gate = threading.Event()
    real_wait = owner_module.wait

    def stopped(begun: Any) -> Any:
        gate.set()
        return real_wait(begun)

    monkeypatch.setattr(owner_module, "wait", stopped)
    owner = _Owner(gate)
    try:
        each = owner.ask_each([{"n": k} for k in range(50)])
        assert next(each) == (0, 0)
        each.close()  # the lanes finish the requests under way (at most one each), begin no other
        assert len(owner.asked) <= 3  # noqa: PLR2004
        gate.clear()
        assert owner.ask_all([{"n": 0}]) == [0]
    finally:
        gate.set()
        owner.close()
