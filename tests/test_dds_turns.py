"""The solver's owner hands its workers to the learners in turn (issue 28: one learner's long
analysis must not starve another's drill). Expectations from the rule stated in
tutor/engine/solver/owner.py: round robin over the learners waiting, at most
WAITING_PER_LEARNER requests of one learner waiting at once. No clock is compared."""

from __future__ import annotations

import threading
import time
from typing import Any

from work_bounds import HANG_GUARD

from tutor.engine.solver.learners import as_learner, current_learner
from tutor.engine.solver.turns import WAITING_PER_LEARNER, Turns


def _until(condition: Any) -> None:
    while not condition():  # the threads reach their waits; bounded by the test's own timeout
        time.sleep(0.005)


def _waiting(turns: Turns, who: str) -> int:
    with turns._ready:
        return len(turns._waiting.get(who, ()))


def test_a_second_learner_is_served_before_the_first_learners_queue() -> None:
    worker: Any = object()
    turns = Turns([worker])
    order: list[str] = []

    def solve(who: str) -> None:
        w = turns.take(who)
        order.append(who)
        turns.give_back(w)

    held = turns.take("A")  # A's long analysis holds the only worker
    a = [threading.Thread(target=solve, args=("A",)) for _ in range(3)]
    for t in a:
        t.start()
    _until(lambda: _waiting(turns, "A") == 3)
    b = threading.Thread(target=solve, args=("B",))
    b.start()
    _until(lambda: _waiting(turns, "B") == 1)
    turns.give_back(held)
    for t in (*a, b):
        t.join(timeout=HANG_GUARD)
    # first come first served would give A A A B; in turns, B comes after one request of A's
    assert order == ["A", "B", "A", "A"]


def test_one_learner_never_has_more_than_its_bound_waiting() -> None:
    worker: Any = object()
    turns = Turns([worker])
    held = turns.take("A")
    seen: list[int] = []
    threads = [threading.Thread(target=lambda: turns.give_back(turns.take("A"))) for _ in range(WAITING_PER_LEARNER + 3)]
    for t in threads:
        t.start()
    _until(lambda: _waiting(turns, "A") == WAITING_PER_LEARNER)
    seen.append(_waiting(turns, "A"))
    turns.give_back(held)
    for t in threads:
        t.join(timeout=HANG_GUARD)
    assert seen == [WAITING_PER_LEARNER] and _waiting(turns, "A") == 0


def test_a_learner_is_its_thread_unless_named() -> None:
    mine = current_learner()
    other: list[str] = []
    t = threading.Thread(target=lambda: other.append(current_learner()))
    t.start()
    t.join()
    assert other[0] != mine
    with as_learner("session-7"):
        assert current_learner() == "session-7"
    assert current_learner() == mine


def test_a_batch_is_cut_into_shrinking_pieces_none_above_the_bound() -> None:
    # the rule stated in tutor/engine/solver/analysis.py (_pieces): every item once, in order; no
    # piece above the bound a waiting drill relies on; each piece at most the one before (the
    # small ones last, for the worker that finishes first); single items at the end of a long batch
    from tutor.engine.solver.analysis import _pieces

    for n in (0, 1, 2, 5, 20, 40, 100):
        pieces = _pieces(list(range(n)), 6)
        assert [i for piece in pieces for i in piece] == list(range(n))
        assert all(1 <= len(piece) <= 6 for piece in pieces)
        assert all(len(a) >= len(b) for a, b in zip(pieces, pieces[1:]))
        if n >= 20:
            assert len(pieces[-1]) == 1 and len(pieces) >= 2


def test_the_threads_an_analysis_starts_solve_as_its_learner() -> None:
    # the rule above: a learner is its thread unless named; the analysis's own threads (the actual
    # deal, the next look) are the same learner's, or one page would take several turns
    from tutor.engine.solver.learners import meanwhile

    assert meanwhile(current_learner).result(timeout=HANG_GUARD) == current_learner()
    with as_learner("ann"):
        assert meanwhile(current_learner).result(timeout=HANG_GUARD) == "ann"


def test_slots_that_come_and_go_are_never_handed_out_twice() -> None:
    # the rule stated in Turns (a Dask cluster's threads are its slots: workers come and go)
    turns: Turns[int] = Turns(range(2))
    held = {turns.take("A"), turns.take("A")}
    assert held == {0, 1}
    turns.resize(range(3))  # a worker joins: only the new slot is free, the two held are not
    assert turns.take("B") == 2  # noqa: PLR2004
    turns.resize(range(1))  # two leave while in use: given back, they are not handed out again
    for slot in (0, 1, 2):
        turns.give_back(slot)
    assert turns._free == [0] and turns.waiting() == {}


def test_cheap_boards_go_in_larger_pieces_none_a_single_board_but_the_last() -> None:
    # the rule stated in _piece_bounds: from ten cards a hand, pieces of six down to one; with fewer,
    # larger pieces, none a single board (the last may hold what is left)
    from tutor.engine.calls import Strain
    from tutor.engine.cards import Deal, Seat
    from tutor.engine.solver.analysis import DDBoard, _piece_bounds, _pieces

    full = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    five = Deal.from_pbn("N:AKQJ.A.-.- T987.J.-.- 6543.8.-.- 2.5432.-.-")
    assert _piece_bounds([DDBoard(full, Strain.SPADES, Seat.E)]) == (6, 1)
    largest, smallest = _piece_bounds([DDBoard(five, Strain.SPADES, Seat.E)])
    assert smallest > 1 and largest > 6  # noqa: PLR2004
    for n in (1, 5, 20, 41, 100):
        pieces = _pieces(list(range(n)), largest, smallest)
        assert [i for piece in pieces for i in piece] == list(range(n))
        assert all(smallest <= len(piece) <= largest for piece in pieces[:-1])
        assert all(len(a) >= len(b) for a, b in zip(pieces, pieces[1:]))
