"""The turns in which learners get the solver's slots: round robin over the learners waiting.

The slots are the local worker processes (:mod:`tutor.engine.solver.owner`) or a Dask cluster's threads
(:mod:`tutor.engine.solver.cluster`). They are handed out one learner after another, in the order the
learners started to wait, not first come first served: one learner's long analysis (many requests, one
after the other) cannot starve another's one-request drill feedback, which waits for at most one request
per slot. Each learner has at most :data:`WAITING_PER_LEARNER` requests waiting at once (a bounded queue:
more block their caller until one is served).
"""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from collections.abc import Sequence
from typing import Generic, TypeVar

_Slot = TypeVar("_Slot")

#: Requests one learner may have waiting for a slot at once (the bound of its queue).
WAITING_PER_LEARNER = 4


class Turns(Generic[_Slot]):
    """The free slots (the local workers, or the cluster's threads), handed to the waiting learners in
    turn (see the module docstring). The slots may change while requests wait (:meth:`resize`: a
    cluster's workers come and go); a slot in use is never handed out twice."""

    def __init__(self, slots: Sequence[_Slot]) -> None:
        self._ready = threading.Condition()
        self._slots = list(slots)
        self._free = list(slots)
        self._busy: set[_Slot] = set()
        #: learners waiting, in turn order, each with its tickets in order of arrival
        self._waiting: OrderedDict[str, deque[object]] = OrderedDict()

    def take(self, who: str) -> _Slot:
        ticket = object()
        with self._ready:
            while len(self._waiting.get(who, ())) >= WAITING_PER_LEARNER:
                self._ready.wait()
            self._waiting.setdefault(who, deque()).append(ticket)
            while not (self._free and self._first() is ticket):
                self._ready.wait()
            tickets = self._waiting.pop(who)
            tickets.popleft()
            if tickets:  # served: to the back of the turn order
                self._waiting[who] = tickets
            self._ready.notify_all()
            slot = self._free.pop()
            self._busy.add(slot)
            return slot

    def _first(self) -> object:
        return next(iter(self._waiting.values()))[0]

    def give_back(self, slot: _Slot) -> None:
        with self._ready:
            self._busy.discard(slot)
            if slot in self._slots:  # else the slot went away while in use
                self._free.append(slot)
            self._ready.notify_all()

    def resize(self, slots: Sequence[_Slot]) -> None:
        """Hand out ``slots`` from now on (those in use are handed out again once given back)."""
        with self._ready:
            self._slots = list(slots)
            self._free = [s for s in self._slots if s not in self._busy]
            self._ready.notify_all()

    def waiting(self) -> dict[str, int]:
        """The requests waiting for a slot, by learner."""
        with self._ready:
            return {who: len(tickets) for who, tickets in self._waiting.items()}
