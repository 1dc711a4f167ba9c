"""The record of one answer, as every drill, quiz and lesson hands it to the progress store."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Answer:
    """One answer the learner gave.

    ``item_kind`` is ``law`` (a law studied or quizzed), ``quiz`` (a quiz question),
    ``convention`` (a bidding or play drill rule), ``scoring`` (a scoring quiz
    level) or ``solo`` (a Solo Whist drill); ``item_id`` is the law id, question id
    or rule id. ``seed`` and ``position`` let the exact position be replayed.
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
