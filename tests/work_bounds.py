"""Bounds on work, for tests that must show something is cheap: never a wall-clock time.

A test that compares a time with a threshold fails at random on a shared machine (issue 31:
one stopped the suite under load). What "cheap" means is said here as a count instead:

* :func:`call_budget` counts the Python and C function calls made inside a block (a
  profile hook, so the count is the same on a fast machine and a loaded one) and stops
  the block with :class:`WorkBudgetExceeded` after ``limit`` calls — a hang becomes a
  failure at once, and a loop that grew with the input fails on its count;
* :func:`memory_budget` bounds the peak of the memory allocated inside a block
  (``tracemalloc``), for work done in one C call (a huge integer, a copy of a file).

Both are deterministic for a given input. ``HANG_GUARD`` is the one wall-clock figure the
tests use, only where a subprocess could hang the suite: far above any run, never a speed claim.
"""

from __future__ import annotations

import sys
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Any

#: Seconds a subprocess may run before a test gives up on it (a guard against a hang, not a speed claim).
HANG_GUARD = 600


class WorkBudgetExceeded(BaseException):  # noqa: N818  # BaseException: no `except Exception` swallows it
    """More calls than the budget allowed."""


@dataclass
class Count:
    """The calls counted so far in a :func:`call_budget` block, and its limit."""

    limit: int
    calls: int = 0


@contextmanager
def call_budget(limit: int) -> Iterator[Count]:
    """Run the block with at most ``limit`` function calls (Python and C); the count is yielded."""
    count = Count(limit)
    previous = sys.getprofile()

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            count.calls += 1
            if count.calls > limit:
                sys.setprofile(None)
                raise WorkBudgetExceeded(f"more than {limit:,} calls")

    sys.setprofile(hook)
    try:
        yield count
    finally:
        sys.setprofile(previous)
    assert count.calls <= limit, f"{count.calls:,} calls, budget {limit:,}"


@contextmanager
def memory_budget(limit_bytes: int) -> Iterator[None]:
    """Run the block and check that the memory it allocated never peaked above ``limit_bytes``."""
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    try:
        yield
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        if started:
            tracemalloc.stop()
    assert peak <= limit_bytes, f"peak {peak:,} bytes allocated, budget {limit_bytes:,}"
