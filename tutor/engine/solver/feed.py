"""Requests solved while the caller is still writing them, results read as each comes back (issue 28).

:meth:`~tutor.engine.solver.owner.DDOwner.ask_each` takes a batch whose requests are all written;
a play decision's boards take this process about as long to write, and its outcomes to score, as
the workers take to solve them, so with a whole batch the workers wait while it is written and
this process waits while it is solved. :func:`ask_fed` takes the requests from an iterator that
writes them one by one: each is handed to the owner's lanes as soon as it is written (the lanes
take them as the slots free, each in the caller's turn, as :meth:`ask_each` does: the per-learner
turns and the bounded queue are the owner's, unchanged), and the results already back are yielded
between two requests written, so that the caller scores them while the workers solve the next.
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import wait
from typing import TYPE_CHECKING

from tutor.engine.json_types import JsonValue
from tutor.engine.solver.owner import Request, current_learner

if TYPE_CHECKING:
    from tutor.engine.solver.owner import DDOwner

_Answer = tuple[int, JsonValue, BaseException | None] | None


class _Feed:
    """The requests written and not yet begun, in order; :meth:`take` waits for the next one."""

    def __init__(self) -> None:
        self._items: deque[tuple[int, Request]] = deque()
        self._ready = threading.Condition()
        self._closed = False

    def put(self, item: tuple[int, Request]) -> None:
        with self._ready:
            self._items.append(item)
            self._ready.notify()

    def close(self, drop: bool = False) -> None:
        """No more requests; with ``drop``, those not begun are forgotten too."""
        with self._ready:
            self._closed = True
            if drop:
                self._items.clear()
            self._ready.notify_all()

    def take(self) -> tuple[int, Request] | None:
        """The next request, or ``None`` once the feed is closed and empty."""
        with self._ready:
            while not self._items and not self._closed:
                self._ready.wait()
            return self._items.popleft() if self._items else None


def ask_fed(owner: DDOwner, requests: Iterable[Request]) -> Iterator[tuple[int, JsonValue]]:
    """Solve ``requests`` as they are written; yield ``(index, result)`` in the order they finish.

    ``requests`` is read in the caller's thread, one request at a time, while the lanes solve the
    ones written; a first error is raised at once and the requests not begun are dropped, as they
    are when the caller stops reading."""
    who = current_learner()
    lanes = owner._lanes()
    if lanes <= 1:
        for index, request in enumerate(requests):
            yield index, owner._ask(request, who)
        return
    feed = _Feed()
    answers: queue.SimpleQueue[_Answer] = queue.SimpleQueue()

    def lane() -> None:
        try:
            while (item := feed.take()) is not None:
                index, request = item
                try:
                    answers.put((index, owner._ask(request, who), None))
                except BaseException as exc:  # noqa: BLE001 -- raised again by the caller
                    answers.put((index, None, exc))
                    return
        finally:
            answers.put(None)

    begun = [owner._threads().submit(lane) for _ in range(lanes)]
    ended = 0

    def read(block: bool) -> Iterator[tuple[int, JsonValue]]:
        nonlocal ended
        while ended < lanes:
            try:
                answer = answers.get(block=block)
            except queue.Empty:
                return
            if answer is None:
                ended += 1
                continue
            index, result, error = answer
            if error is not None:
                raise error
            yield index, result

    try:
        for item in enumerate(requests):
            feed.put(item)
            yield from read(block=False)  # scored by the caller while the lanes solve what is written
        feed.close()
        yield from read(block=True)
    finally:
        feed.close(drop=True)  # the requests not begun are dropped; those under way finish
        wait(begun)


__all__ = ["ask_fed"]
