"""The record of one answer, as every drill, quiz and lesson hands it to the progress store."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

#: What the laws page records when the learner marks a law as learned (a self-report).
MARKED_LEARNED = "learned"
#: ``extra`` key that marks an answer as a self-report rather than a shown answer.
SELF_REPORT = "self_report"


@dataclass(frozen=True)
class Answer:
    """One answer the learner gave.

    ``item_kind`` is ``law`` (a law studied or quizzed), ``quiz`` (a quiz question),
    ``convention`` (a bidding or play drill rule), ``scoring`` (a scoring quiz
    level) or ``solo`` (a Solo Whist drill); ``item_id`` is the law id, question id
    or rule id. ``seed`` and ``position`` let the exact position be replayed.
    ``retry`` marks a second answer to a position whose feedback was already shown:
    it is kept in the record but counts for nothing (accuracy, schedule, mistakes).
    ``key``, when not empty, is the answer's idempotency key: the store writes one answer per
    learner and key, so an answer recorded again (a replayed position, a restart between recording
    and saving) is not counted twice (issue 31).
    """

    item_kind: str
    item_id: str
    correct: bool
    given: str
    expected: str
    laws: tuple[str, ...] = ()
    seed: int | None = None
    position: str = ""
    seconds: float | None = None
    extra: dict[str, str] = field(default_factory=dict)
    retry: bool = False
    key: str = ""

    @property
    def is_self_report(self) -> bool:
        """"Mark as learned": the learner says he knows it; nothing was asked, so nothing is shown.

        Records written before the marker existed are recognised by their text
        (a law answered ``learned`` for ``learned``, which only the laws page wrote).
        """
        return is_self_report(self.item_kind, self.given, self.expected, self.extra)

    def as_retry(self) -> Answer:
        """The same answer marked as a retry (given after the feedback was shown)."""
        return replace(self, retry=True)

    @property
    def counts(self) -> bool:
        """Whether the answer shows what the learner knows: a first answer, not a self-report."""
        return not self.retry and not self.is_self_report


def is_self_report(item_kind: str, given: str, expected: str, extra: Mapping[str, str]) -> bool:
    """:attr:`Answer.is_self_report` of an answer's fields (a stored row's, read without making the answer)."""
    if extra.get(SELF_REPORT):
        return True
    return item_kind == "law" and given == MARKED_LEARNED == expected


def marked_learned(law_id: str) -> Answer:
    """The record of "Mark as learned" for a law: it enters the review schedule, due at once,
    but it is not a right answer (accuracy and mastery ignore it)."""
    return Answer("law", law_id, True, MARKED_LEARNED, MARKED_LEARNED, laws=(law_id,),
                  extra={SELF_REPORT: MARKED_LEARNED})


class _Level(Protocol):
    @property
    def id(self) -> str: ...


class _Blank(Protocol):
    @property
    def key(self) -> str: ...
    @property
    def expected(self) -> int: ...
    @property
    def laws(self) -> tuple[str, ...]: ...


class CheckedBlank(Protocol):
    """One blank of a scoring question, checked: what the learner wrote against the expected figure (the
    four-handed quiz's and the other table sizes' alike)."""

    @property
    def blank(self) -> _Blank: ...
    @property
    def given(self) -> int | None: ...
    @property
    def correct(self) -> bool: ...


class _Question(Protocol):
    @property
    def level(self) -> _Level: ...
    @property
    def seed(self) -> int: ...
    @property
    def position(self) -> str: ...


def answer_record(question: _Question, results: Sequence[CheckedBlank], seconds: float | None = None) -> Answer:
    """The progress-store record of one checked question (item kind ``scoring``, id = level) — of
    the four-handed scoring quiz (:mod:`tutor.lessons.scoring`) and of the other table sizes'
    (:mod:`tutor.lessons.ways.scoring`) alike: any question whose blanks carry key, expected and laws."""
    laws = tuple(dict.fromkeys(law for r in results for law in r.blank.laws))
    return Answer(
        item_kind="scoring", item_id=question.level.id, correct=all(r.correct for r in results),
        given=", ".join(f"{r.blank.key}={r.given}" for r in results),
        expected=", ".join(f"{r.blank.key}={r.blank.expected}" for r in results),
        laws=laws, seed=question.seed, position=question.position, seconds=seconds,
        extra={"wrong": ",".join(r.blank.key for r in results if not r.correct)},
    )
