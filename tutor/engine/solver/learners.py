"""Whom the double-dummy solver works for: the learner of the calling thread (the owner's turns
between learners, :mod:`tutor.engine.solver.owner`), and work begun on another thread for the same
learner.

A learner is the calling thread (each Streamlit session runs its script in its own thread)
unless named with :func:`as_learner`. A thread an analysis starts for itself (:func:`meanwhile`)
solves as the caller's learner, so one page never takes several turns.
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from typing import TypeVar

_T = TypeVar("_T")

_LEARNER: contextvars.ContextVar[str | None] = contextvars.ContextVar("tutor_dds_learner", default=None)


@contextlib.contextmanager
def as_learner(name: str) -> Iterator[None]:
    """Solve the requests made inside the block as learner ``name`` (for the turns between learners)."""
    token = _LEARNER.set(name)
    try:
        yield
    finally:
        _LEARNER.reset(token)


def current_learner() -> str:
    """The learner the calling thread solves for: the name given to :func:`as_learner`, else the thread."""
    return _LEARNER.get() or f"thread-{threading.get_ident()}"


def meanwhile(work: Callable[[], _T], after: threading.Event | None = None) -> Future[_T]:
    """``work`` started on a thread of its own (once ``after`` is set, when given), its result to come.

    The thread solves as the caller's learner: the turns count it as the caller's, not as
    another learner's, however many such threads run (an analysis prices the actual deal while
    it samples, or the next layouts while it solves these)."""
    future: Future[_T] = Future()
    who = current_learner()

    def run() -> None:
        try:
            if after is not None:
                after.wait()
            with as_learner(who):
                future.set_result(work())
        except BaseException as exc:  # noqa: BLE001 -- raised again where the result is read
            future.set_exception(exc)

    threading.Thread(target=run, name="analysis-meanwhile", daemon=True).start()
    return future
