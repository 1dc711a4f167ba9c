"""Scoring quizzes, generated from seeded deals and scored by the engine.

``content/quizzes/scoring.yaml`` describes the difficulty levels (what each level
deals, which contracts and results it draws, which entries it asks for); nothing in
it is an answer. :func:`make_question` draws a deal (or a whole rubber) from
``random.Random(seed)``, scores it with :func:`~tutor.engine.scoring.score_deal` /
:class:`~tutor.engine.rubber.Rubber`, and turns the asked groups of entries into
:class:`Blank` s, one per side. :func:`check` marks each blank right or wrong and
explains it with the engine's own items and their laws.

Contracts are **plausible for the hands** (:func:`plausible`, the tutor's rule, stated to
the learner in :data:`PLAUSIBLE_RULE`): the deal is drawn so that the declarer holds at
least five trumps and his side at least eight (law 129: "at least five trumps, his strong
supporter four"), a no-trump declaring side holds at least three aces (laws 41 and 44:
three aces call for no-trumps), and the declaring side holds at least 20 high-card points
(A 4, K 3, Q 2, J 1) for a simple game and two more a level (32 for a grand slam). A rubber
question never rests on the unsourced tie rule (both sides passing 500 on one deal,
reading ``partie-tie``): such a rubber is drawn again.

The package holds one concept a module: :mod:`~tutor.lessons.scoring.content` (the models and
validators of the two scoring content files, for ``tutor check``), :mod:`~tutor.lessons.scoring.deals`
(the plausible deals) and :mod:`~tutor.lessons.scoring.questions` (questions, marking, and the review
units of kind ``scoring``, one blank of a fresh question, for :mod:`tutor.lessons.review`). Every
name is importable from here.

>>> q = make_question("tricks", 7)
>>> [b.key for b in q.blanks]
['below:NS', 'below:EW']
>>> sum(b.expected for b in q.blanks) == q.score.below(Side.NS) + q.score.below(Side.EW)
True
>>> all(r.correct for r in check(q, {b.key: b.expected for b in q.blanks}))
True
"""

from __future__ import annotations

from tutor.engine.cards import Side
from tutor.engine.scoring import BOOK_RULES
from tutor.lessons.answers import answer_record
from tutor.lessons.scoring.content import (
    FAILED_CONTRACT_READINGS,
    QUIZ_FILE,
    READINGS_FILE,
    GroupModel,
    LevelModel,
    ReadingModel,
    ScoringQuizFile,
    load_quiz,
    load_readings,
    stated_readings,
    validate_readings,
    validate_scoring_quiz,
)
from tutor.lessons.scoring.deals import (
    HIGH_CARD_POINTS,
    PLAUSIBLE_RULE,
    describe_play,
    min_points,
    plausible,
    plausible_deal,
    side_points,
)
from tutor.lessons.scoring.questions import (
    Blank,
    BlankResult,
    RubberDealView,
    ScoringQuestion,
    check,
    make_question,
    question_markdown,
    serve_scoring,
)

__all__ = [
    "BOOK_RULES", "FAILED_CONTRACT_READINGS", "HIGH_CARD_POINTS", "PLAUSIBLE_RULE", "QUIZ_FILE", "READINGS_FILE",
    "Blank", "BlankResult", "GroupModel", "LevelModel", "ReadingModel", "RubberDealView", "ScoringQuestion",
    "ScoringQuizFile", "Side", "answer_record", "check", "describe_play", "load_quiz", "load_readings",
    "make_question", "min_points", "plausible", "plausible_deal", "question_markdown", "serve_scoring",
    "side_points", "stated_readings", "validate_readings", "validate_scoring_quiz",
]
