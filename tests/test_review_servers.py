"""Review serves a fresh drill of a convention rule, reproducible from its seed."""

from __future__ import annotations

import pytest

from tutor.engine.errors import TutorError
from tutor.lessons.drills.kinds import DRILL_KINDS
from tutor.lessons.play.scenarios import RarelyArises
from tutor.lessons.review import Exercise
from tutor.lessons.review.conventions import serve_convention, serve_quiz
from tutor.lessons.review.servers import servable_kinds


def test_every_kind_of_item_has_a_review_server() -> None:
    kinds = set(servable_kinds())
    assert {"convention", "quiz", "law", "scoring", "solo"} <= kinds


@pytest.mark.parametrize("kind", ["bidding", "lead", "discard", "third-hand"])
def test_a_convention_review_is_a_fresh_drill_replayable_from_its_seed(kind: str) -> None:
    entry = DRILL_KINDS[kind]
    # a rule that arises at seed 11 (play drills come from the robots' deals: docs/play.md)
    rule = entry.rule_ids()[0] if kind == "bidding" else entry.make(None, 11).rule_id
    first, again = serve_convention(rule, 11), serve_convention(rule, 11)
    assert first == again
    other = next(x for x in (_served(rule, s) for s in range(12, 30)) if x is not None)
    assert first.position != other.position  # a new deal, not a memorised board
    assert first.expected in first.choices and first.laws


def _served(rule: str, seed: int) -> Exercise | None:
    try:
        return serve_convention(rule, seed)
    except RarelyArises:  # not among this seed's robot deals: review serves another item
        return None


def test_unknown_rule_or_question_is_a_clear_error() -> None:
    with pytest.raises(TutorError, match="no longer among the tutor.s conventions"):
        serve_convention("no-such-rule", 1)
    with pytest.raises(TutorError, match="unknown quiz question"):
        serve_quiz("no-such-question", 1)
