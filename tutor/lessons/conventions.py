"""Review servers for drilled conventions and law-quiz questions.

The unit of review for a convention is its rule, never a fixed board: each review
serves a *fresh* drill of the rule from a new seed, so the learner cannot memorise
deals; a missed position is replayed from its own seed (the same seed gives the
same drill). Law-quiz questions are served from the same pool the quiz page uses.
"""

from __future__ import annotations

import random

from tutor.engine.errors import TutorError
from tutor.lessons.content_cache import content_report
from tutor.lessons.drills import Drill, kind_of_rule
from tutor.lessons.law_quiz import Question, question_pool
from tutor.lessons.review import Exercise, register_item_server


def drill_prompt(drill: Drill) -> str:
    """The drill's question as Markdown: the prompt and the hand, never the answer."""
    hand = drill.position.get("hand")
    return f"{drill.prompt}\n\nYour hand (PBN S.H.D.C): `{hand}`" if hand else drill.prompt


def serve_convention(item_id: str, seed: int) -> Exercise:
    """A fresh drill of convention rule ``item_id`` from ``seed``."""
    drill = kind_of_rule(item_id).make(item_id, seed)
    return Exercise(
        "convention", item_id, prompt=drill_prompt(drill), expected=drill.answer,
        choices=tuple(drill.choices), explanation=drill.explanation,
        short=f"Right — {drill.answer} ({', '.join(drill.laws)}).", laws=tuple(drill.laws),
        seed=seed, position=drill.deal_pbn,
    )


def _question_pool() -> dict[str, Question]:
    report = content_report()  # validated once per process, not on every review served
    if report.rules is None:
        raise TutorError("content/rules.yaml could not be loaded; run `tutor check`")
    law_ids = {entry.id for entry in report.rules.entries}
    return {q.id: q for q in question_pool(sorted(report.quizzes.items()), law_ids)}


def serve_quiz(item_id: str, seed: int) -> Exercise:
    """Law-quiz question ``item_id``, its options shuffled by ``seed``."""
    question = _question_pool().get(item_id)
    if question is None:
        raise TutorError(f"unknown quiz question {item_id!r}")
    choices = list(question.choices)
    random.Random(seed).shuffle(choices)
    return Exercise(
        "quiz", item_id, prompt=question.prompt, expected=question.answer, choices=tuple(choices),
        explanation=question.explanation or f"Answer: {question.answer}",
        short=f"Right — {', '.join(question.laws)}.", laws=tuple(question.laws), seed=seed,
    )


register_item_server("convention", serve_convention)
register_item_server("quiz", serve_quiz)
