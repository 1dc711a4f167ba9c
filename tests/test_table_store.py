"""The practice table kept in the progress store, and its deviations in the review queue (issue 18)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tablegame import deviate_once

from tutor.engine.cards import Card, Seat
from tutor.lessons.progress import ProgressStoreError, open_store
from tutor.lessons.review import Exercise
from tutor.lessons.review.mistakes import describe_mistake, mistakes_waiting, replay_mistakes
from tutor.lessons.table.items import deviation_answers
from tutor.lessons.table.rubber import PracticeRubber


def _deviating_rubber() -> PracticeRubber:
    """A rubber whose first played deal has one deviation of the learner (South) in the play."""
    for seed in range(20):
        rubber = PracticeRubber(seed, Seat.S)
        table = rubber.current
        assert table is not None
        if deviate_once(table) >= 0:
            return rubber
    raise AssertionError("no seed gave a played deal")


def test_the_table_survives_a_restart(tmp_path: Path) -> None:
    rubber = _deviating_rubber()
    path = tmp_path / "progress.db"
    with open_store(path) as store:
        store.save_table(rubber.to_json(), "anna")
    with open_store(path) as store:  # a new process would do just this
        state = store.load_table("anna")
    assert state is not None
    again = PracticeRubber.from_json(state)
    assert again.current is not None and rubber.current is not None
    assert [s.to_json() for s in again.current.steps] == [s.to_json() for s in rubber.current.steps]
    assert again.sheet() == rubber.sheet()


def test_a_damaged_stored_table_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    with open_store(path) as store:
        store.save_table({"seed": 1}, "anna")
        store._conn.execute("UPDATE tables SET state = '[1'")  # noqa: SLF001 - simulate damage
        with pytest.raises(ProgressStoreError, match="damaged"):
            store.load_table("anna")
        assert store.load_table("bob") is None


def test_a_deviation_enters_the_review_queue_and_replays_its_exact_position(tmp_path: Path) -> None:
    rubber = _deviating_rubber()
    table = rubber.current
    assert table is not None
    answers = deviation_answers(table)
    assert len(answers) == len(table.deviations()) >= 1
    with open_store(tmp_path / "p.db") as store:
        for answer in answers:
            store.record(answer, "anna")
        assert mistakes_waiting(store, "anna") >= 1
        (stored, exercise), *_ = list(replay_mistakes(store, "anna"))
    index, step = table.deviations()[0]
    assert isinstance(exercise, Exercise)
    assert exercise.expected == step.book_action
    view = json.loads(stored.answer.position)
    assert view == table.from_step(index).view(step.seat)  # the very position, not a new deal
    hand_symbols = [s for s in "♠♥♦♣" if s in exercise.prompt]
    assert hand_symbols and "practice table" in exercise.prompt
    line = describe_mistake(stored)
    assert Card.parse(step.action).pretty in line and Card.parse(step.book_action or "").pretty in line
    assert step.book is not None and str(step.book["rule"]) not in line  # the learner's words, no rule id
