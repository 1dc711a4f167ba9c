"""Solo Whist review items: the ``solo`` kind served to ``tutor review`` and the review page.

Answers recorded with ``item_kind="solo"`` name one of three kinds of item, each
rebuilt here from its id and a seed (the same seed gives the same exercise):

* ``solo-bid-…`` — the bidding drill (:mod:`tutor.lessons.solo.drill`);
* ``solo-q-…`` — a question of the law quiz (``content/quizzes/solo.yaml``);
* ``solo-scoring`` — the settlement quiz (:mod:`tutor.lessons.solo.quiz`), answered in points.

>>> serve_solo("solo-scoring", 5).is_right(format_points(scoring_question(5).answer))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import Hand
from tutor.engine.errors import TutorError
from tutor.lessons.review import Exercise
from tutor.lessons.solo import drill as solo_drill
from tutor.lessons.solo.laws import load_solo_quiz
from tutor.lessons.solo.quiz import format_points, parse_points, scoring_question
from tutor.lessons.words import hand_by_suit

KIND = "solo"


def item_name(item_id: str) -> str:
    """A Solo Whist item as the learner reads it: the drill's kind of hand, the settlement quiz, or the
    quiz question (never its id)."""
    if item_id in solo_drill.RULES:
        return f"Solo Whist call: {solo_drill.hand_kind(item_id)}"
    if item_id == "solo-scoring":
        return "Solo Whist settlement"
    asked = next((q.prompt for q in load_solo_quiz().questions if q.id == item_id), None)
    return f"Solo Whist quiz: {asked}" if asked else "a Solo Whist item the tutor no longer has"


@dataclass(frozen=True)
class PointsExercise(Exercise):
    """A settlement answer: ``5/4``, ``1.25`` and ``+1 1/4`` are the same number."""

    def is_right(self, given: str) -> bool:
        try:
            return parse_points(given) == parse_points(self.expected)
        except TutorError:
            return False


def serve_solo(item_id: str, seed: int) -> Exercise:
    """The exercise for a Solo Whist item id and seed."""
    if item_id in solo_drill.RULES:
        d = solo_drill.make(item_id, seed)
        return Exercise(KIND, item_id, prompt=f"{d.prompt}\n\n{hand_by_suit(Hand.parse(str(d.position['hand'])))}",
                        expected=d.answer, choices=d.choices, explanation=d.explanation,
                        short=f"Right: {solo_drill.call_name(d.answer)}.", laws=d.laws, seed=seed, position=d.deal_pbn)
    if item_id == "solo-scoring":
        q = scoring_question(seed)
        return PointsExercise(KIND, item_id, prompt=q.prompt, expected=format_points(q.answer),
                              explanation=q.explanation(), short=f"Right: {format_points(q.answer)}.",
                              laws=q.laws, seed=seed)
    for question in load_solo_quiz().questions:
        if question.id == item_id:
            expected = str(question.answer).lower() if isinstance(question.answer, bool) else str(question.answer)
            choices = tuple(question.options) or (("true", "false") if question.kind == "truefalse" else ())
            return Exercise(KIND, item_id, prompt=question.prompt, expected=expected, choices=choices,
                            explanation=question.explanation, laws=tuple(question.laws), seed=seed)
    raise TutorError(f"unknown Solo Whist review item {item_id!r}")

