"""Review servers for drilled conventions and law-quiz questions, and exact replays of drills.

The unit of review for a convention is its rule, never a fixed board: each review
serves a *fresh* drill of the rule from a new seed, so the learner cannot memorise
deals; a missed position is replayed from its own seed (the same seed gives the
same drill) and checked against the deal recorded with the answer. Law-quiz
questions are served from the same pool the quiz page uses.
"""

from __future__ import annotations

import random
import threading

from tutor.engine.cards import Hand
from tutor.engine.errors import TutorError
from tutor.lessons.bidding import drill as bidding_drill
from tutor.lessons.content.cache import content_report
from tutor.lessons.drills import Drill
from tutor.lessons.drills.kinds import DRILL_KINDS
from tutor.lessons.laws.question import Question
from tutor.lessons.laws.quiz import question_pool
from tutor.lessons.progress import StoredAnswer
from tutor.lessons.review import Exercise, NotReplayable, not_replayable_message
from tutor.lessons.solo import drill as solo_drill
from tutor.lessons.solo import serve_solo
from tutor.lessons.words import action_text, hand_by_suit, laws_named, learner_words


def drill_prompt(drill: Drill) -> str:
    """The drill's question: the prompt and the hand, never the answer."""
    hand = drill.position.get("hand")
    question = drill.prompt.replace("\n", "  \n")  # the auction and the tricks a line each, on the page too
    return f"{question}\n\nYour hand:  \n{hand_by_suit(Hand.parse(str(hand)))}" if hand else question


def _drill_of_rule(rule_id: str, seed: int) -> Drill:
    for kind in DRILL_KINDS.values():
        if rule_id in kind.rule_ids():
            return kind.make(rule_id, seed)
    raise TutorError("a drill this record names is no longer among the tutor's conventions.")


def exercise_of(drill: Drill) -> Exercise:
    return Exercise(
        "convention", drill.rule_id, prompt=drill_prompt(drill), expected=drill.answer,
        choices=tuple(drill.choices), explanation=learner_words(drill.explanation),  # "6♠", as the drill's page writes it
        short=f"Right — {action_text(drill.answer)} ({laws_named(drill.laws)}).", laws=tuple(drill.laws),
        seed=drill.seed, position=drill.deal_pbn, extra={"kind": drill.kind},
    )


def serve_convention(item_id: str, seed: int) -> Exercise:
    """A fresh drill of convention rule ``item_id`` from ``seed``."""
    return exercise_of(_drill_of_rule(item_id, seed))


def exact_drill(rule_id: str, seed: int, deal_pbn: str) -> Drill:
    """The drill of ``rule_id`` and ``seed`` whose deal is ``deal_pbn`` (the recorded one).

    Bidding answers recorded before "any convention" drew its rule from a generator of its
    own were dealt by a generator whose first draw had picked the rule: they are rebuilt that way.
    """
    drill = _drill_of_rule(rule_id, seed)
    if not deal_pbn or drill.deal_pbn == deal_pbn:
        return drill
    if drill.kind == bidding_drill.KIND:
        older = bidding_drill.make_as_before_exact_replay(seed)
        if older.rule_id == rule_id and older.deal_pbn == deal_pbn:
            return older
    raise NotReplayable("this position cannot be rebuilt exactly: the tutor's conventions changed "
                        "since it was recorded. A fresh drill of the same rule will come when it is due.")


def replay_convention(stored: StoredAnswer) -> Exercise:
    a = stored.answer
    assert a.seed is not None
    if a.extra.get("source") == "table":  # a deviation at the practice table: its very position
        from tutor.lessons.table.items import exercise_of_view

        return exercise_of_view(a)
    return exercise_of(exact_drill(a.item_id, a.seed, a.position))


def replay_solo(stored: StoredAnswer) -> Exercise:
    """A Solo Whist answer replayed: a calling drill by its deal, the rest by its seed."""
    a = stored.answer
    assert a.seed is not None
    exercise = serve_solo(a.item_id, a.seed)
    if not a.position or exercise.position == a.position:
        return exercise
    if a.item_id in solo_drill.RULES:
        older = solo_drill.make_as_before_exact_replay(a.seed)
        if older.rule_id == a.item_id and older.deal_pbn == a.position:
            return Exercise("solo", a.item_id, prompt=f"{older.prompt}\n\n{hand_by_suit(Hand.parse(str(older.position['hand'])))}",
                            expected=older.answer, choices=older.choices, explanation=older.explanation,
                            short=f"Right: {solo_drill.call_name(older.answer)}.", laws=older.laws, seed=a.seed,
                            position=older.deal_pbn)
    raise NotReplayable(not_replayable_message(a))


def quiz_questions() -> dict[str, Question]:
    """Every law-quiz question by id, built once per version of the content (the content cache gives a
    new report when a file changes): building the pool compares each generated question with it."""
    global _kept
    report = content_report()  # validated once per process, not on every review served
    if report.rules is None:
        raise TutorError("the tutor's laws could not be loaded; run `tutor check`")
    with _kept_lock:
        if _kept[0] is not report:
            law_ids = {entry.id for entry in report.rules.entries}
            _kept = (report, {q.id: q for q in question_pool(sorted(report.quizzes.items()), law_ids)})
        return _kept[1]


def game_questions(game: str) -> list[Question]:
    """The law quiz's questions of one game (the Vint quiz's: Solo Whist has its own), in the pool's order."""
    return [q for q in quiz_questions().values() if q.game == game]


#: the content report the questions were built from, and the questions (one pool: the last content's)
_kept: tuple[object, dict[str, Question]] = (None, {})
_kept_lock = threading.Lock()


def serve_quiz(item_id: str, seed: int) -> Exercise:
    """Law-quiz question ``item_id``, its options shuffled by ``seed``."""
    question = quiz_questions().get(item_id)
    if question is None:
        raise TutorError("unknown quiz question: it is no longer among the tutor's quizzes.")
    choices = list(question.choices)
    random.Random(seed).shuffle(choices)
    return Exercise(
        "quiz", item_id, prompt=question.asked, expected=question.answer, choices=tuple(choices),
        explanation=question.explanation or f"By {laws_named(question.laws)}.",
        short=f"Right — {laws_named(question.laws)}.", laws=tuple(question.laws), seed=seed,
    )

