"""Work begun on a thread of its own, its result to come: what an analysis solves while it does something else.

The thread solves as the caller's learner: the solver's turns (tutor/engine/solver/owner.py)
count it as the caller's, not as another learner's, however many such threads run.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

from tutor.engine.solver.owner import as_learner, current_learner

_T = TypeVar("_T")


def meanwhile(work: Callable[[], _T]) -> Future[_T]:
    """``work`` started on a thread of its own, its result to come (an error is raised where it is read)."""
    future: Future[_T] = Future()
    who = current_learner()

    def run() -> None:
        try:
            with as_learner(who):
                future.set_result(work())
        except BaseException as exc:  # noqa: BLE001 -- raised again where the result is read
            future.set_exception(exc)

    threading.Thread(target=run, name="analysis-meanwhile", daemon=True).start()
    return future


__all__ = ["meanwhile"]
