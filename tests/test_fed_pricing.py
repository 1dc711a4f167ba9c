"""A play decision's layouts priced while their boards are written (issue 28: tutor/engine/solver/feed.py).

The expectations come from elsewhere: each layout solved alone by the solver's plain per-board
function (:func:`card_values`, every card valued) and scored by the one pricer's unkept function
(:func:`pricer.side_points`); the order in which the pieces come back does not change the outcomes;
a fed batch answers each request with its own answer, raises a first error, and begins solving
before the caller has written its last request. A fake owner answers in this process for the
latter; no clock is compared.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_costs import RECORDS, play_view
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonValue
from tutor.engine.solver import feed
from tutor.engine.solver.analysis import card_values
from tutor.engine.solver.feed import ask_fed
from tutor.engine.solver.owner import DDOwner, Request
from tutor.lessons.cost import pricer
from tutor.lessons.cost.choices import Outcome, card_boards, card_choices, card_outcomes
from tutor.lessons.cost.sampling import knowledge_from_view, sample_layouts


def _alone(known: Any, layouts: Any, cards: Any) -> list[list[Outcome]]:
    """Each layout solved by its own call, every card valued, scored without the pricer's memo."""
    contract = known.contract
    mine = known.seat.side
    won = sum(1 for t in known.tricks if t.winner(contract.trump).side is mine)
    out = []
    for layout, board in zip(layouts, card_boards(known, layouts)):
        values = card_values(board.deal, board.strain, board.leader, board.played)
        row = []
        for card in cards:
            tricks = won + values[card]
            declarer = tricks if contract.declarer.side is mine else 13 - tricks
            points = pricer.side_points(layout, contract, declarer, known.score, known.rules)
            row.append(Outcome(tricks, points[mine] - points[mine.other]))
        out.append(row)
    return out


@pytest.mark.parametrize(("record", "cards"), [(2, 20), (3, 9), (4, 30)])
def test_fed_outcomes_are_each_layout_solved_alone_in_any_order_of_completion(
        record: int, cards: int, monkeypatch: pytest.MonkeyPatch) -> None:
    known = knowledge_from_view(play_view(RECORDS[record], cards, with_deal=False))
    layouts = sample_layouts(known, seed=record, target=30).layouts
    choices = card_choices(known)
    expected = _alone(known, layouts, choices)
    assert card_outcomes(known, layouts, choices, every=False) == expected
    assert card_outcomes(known, layouts, choices, every=True) == expected

    real = feed.ask_fed

    def shuffled(owner: DDOwner, requests: Any) -> Iterator[tuple[int, JsonValue]]:
        answers = list(real(owner, requests))
        random.Random(record).shuffle(answers)
        yield from answers

    monkeypatch.setattr(feed, "ask_fed", shuffled)
    assert card_outcomes(known, layouts, choices, every=False) == expected


class _Owner(DDOwner):
    """Two slots, answered here (the square of ``n``, an error for a negative ``n``)."""

    def __init__(self, first_solved: threading.Event | None = None) -> None:
        super().__init__(2, lambda request: None)
        self.first_solved = first_solved

    def _solve_on(self, slot: int, request: Request) -> JsonValue:
        n = request["n"]
        assert isinstance(n, int)
        if n < 0:
            raise TutorError(f"no answer to {n}")
        if self.first_solved is not None and n == 0:
            self.first_solved.set()
        return n * n


def test_a_fed_batch_answers_each_request_and_begins_before_the_last_is_written() -> None:
    first_solved = threading.Event()
    owner = _Owner(first_solved)
    seen_before_the_last: list[bool] = []

    def written() -> Iterator[Request]:
        for n in range(12):
            if n == 11:  # the first request is solved while the caller still writes (bounded wait)
                seen_before_the_last.append(first_solved.wait(timeout=30))
            yield {"n": n}

    try:
        answers = dict(ask_fed(owner, written()))
        assert answers == {n: n * n for n in range(12)}
        assert seen_before_the_last == [True]
        with pytest.raises(TutorError, match="no answer to -1"):
            dict(ask_fed(owner, iter([{"n": 1}, {"n": -1}, {"n": 2}])))
        assert dict(ask_fed(owner, iter([{"n": 3}, {"n": 4}]))) == {0: 9, 1: 16}
    finally:
        owner.close()
