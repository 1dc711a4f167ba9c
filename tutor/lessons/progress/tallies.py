"""The Progress page's figures, counted by the database: a learner's first answers by local day and kind,
and by item (stop 59).

The page drew its chart and its table from every answer read one by one: 0.33 s a run for a learner with
30,000 answers (``benchmarks/heavy_learner.py``). Here the database counts the answers without marks
(:data:`~tutor.lessons.progress.facts.PLAIN`) by item, and by hour of UTC and kind, each hour then on its
local day (:mod:`tutor.lessons.progress.local_days`); the few answers with marks are read and asked one by
one, by the same rule as every other count (:func:`~tutor.lessons.progress.facts.counts_in_row`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import TypeVar

from tutor.lessons.progress.columns import stored_text
from tutor.lessons.progress.facts import MARKED, PLAIN, PLAIN_PARAMS, counts_in_row
from tutor.lessons.progress.local_days import HOUR, Read, local_day, on_local_days
from tutor.lessons.progress.schema import whole_number

_Key = TypeVar("_Key", tuple[date, str], tuple[str, str])


@dataclass(frozen=True)
class Tally:
    """First answers and how many of them were right."""

    answers: int
    right: int


@dataclass(frozen=True)
class AnswerCounts:
    """A learner's first answers (:attr:`tutor.lessons.answers.Answer.counts`: no retry, no "Mark as learned")."""

    #: by the local day they were given and the item's kind
    by_day: Mapping[tuple[date, str], Tally]
    #: by item: ``(item kind, item id)``
    by_item: Mapping[tuple[str, str], Tally]


def answer_counts(read: Read, learner: str) -> AnswerCounts:
    """The learner's first answers counted by local day and kind, and by item (see the module's docstring)."""
    by_day: dict[tuple[date, str], list[int]] = {}
    by_item: dict[tuple[str, str], list[int]] = {}
    plain = f"learner = ? AND retry = 0 AND {PLAIN}"
    for kind, item, count, correct in read(f"SELECT item_kind, item_id, COUNT(*), SUM(correct) FROM answers"
                                           f" WHERE {plain} GROUP BY item_kind, item_id", (learner, *PLAIN_PARAMS)):
        _add(by_item, (stored_text(kind, "item_kind"), stored_text(item, "item_id")), count, correct)
    by_hour = read(f"SELECT {HOUR}, item_kind, COUNT(*), SUM(correct) FROM answers WHERE {plain}"
                   f" GROUP BY {HOUR}, item_kind", (learner, *PLAIN_PARAMS))
    for day, (kind, count, correct) in on_local_days(read, by_hour, "item_kind, 1, correct", plain,
                                                     (learner, *PLAIN_PARAMS)):
        _add(by_day, (day, stored_text(kind, "item_kind")), count, correct)
    for at, kind, item, correct, given, expected, extra in read(  # the few answers with marks, one by one
            "SELECT answered_at, item_kind, item_id, correct, given, expected, extra FROM answers"
            f" WHERE learner = ? AND retry = 0 AND {MARKED}", (learner, *PLAIN_PARAMS)):
        if counts_in_row(kind, given, expected, extra, 0):
            _add(by_item, (stored_text(kind, "item_kind"), stored_text(item, "item_id")), 1, correct)
            _add(by_day, (local_day(at), stored_text(kind, "item_kind")), 1, correct)
    return AnswerCounts(_tallies(by_day), _tallies(by_item))


def _add(counts: dict[_Key, list[int]], key: _Key, count: object, correct: object) -> None:
    """Add ``count`` answers, ``correct`` of them right (the database's figures: checked whole numbers)."""
    answers, right = whole_number(count, "a count of answers"), whole_number(correct or 0, "a count of answers")
    kept = counts.get(key)
    if kept is None:
        counts[key] = [answers, right]
    else:
        kept[0] += answers
        kept[1] += right


def _tallies(counts: dict[_Key, list[int]]) -> dict[_Key, Tally]:
    return {key: Tally(answers, right) for key, (answers, right) in counts.items()}
