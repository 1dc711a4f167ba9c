"""Spaced repetition: how an answer moves a review unit's schedule (FSRS).

The unit of review is a law or a convention rule — ``(item_kind, item_id)`` — never
a fixed deal: each review of a convention serves a fresh deal that satisfies it.
An answer reviews its own item (unless it is a quiz question, which is reviewed
through the laws it tests) and every law it cites.

The rating comes from right/wrong and the time taken: wrong is ``Again`` (the
unit comes back within minutes: the mistakes queue), right is ``Good``, right but
slow is ``Hard``, right and quick is ``Easy``. Fuzzing is off so that the same
answers always give the same schedule (export, import and migrations replay them).

>>> from datetime import datetime, timezone
>>> now = datetime(2025, 1, 1, tzinfo=timezone.utc)
>>> card = new_card("law", "law-12")
>>> card = review(card, correct=False, seconds=None, when=now)
>>> (card.due - now).total_seconds()
60.0
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

from fsrs import Card, Rating, Scheduler, State

from tutor.lessons.answers import Answer

#: Right answers quicker than this are rated Easy, slower than SLOW are rated Hard.
QUICK_SECONDS = 6.0
SLOW_SECONDS = 60.0
#: A unit is mastered once FSRS holds it in Review with at least this stability (days),
#: or after this many right answers in a row since its last wrong one.
MASTERED_STABILITY_DAYS = 7.0
MASTERED_RIGHT_STREAK = 4

Mastery = Literal["learning", "mastered"]

SCHEDULER = Scheduler(enable_fuzzing=False)


def rating_for(correct: bool, seconds: float | None) -> Rating:
    """The FSRS rating of one answer.

    >>> rating_for(False, 2.0).name, rating_for(True, None).name, rating_for(True, 90).name
    ('Again', 'Good', 'Hard')
    """
    if not correct:
        return Rating.Again
    if seconds is None:
        return Rating.Good
    if seconds < QUICK_SECONDS:
        return Rating.Easy
    if seconds > SLOW_SECONDS:
        return Rating.Hard
    return Rating.Good


def review_units(answer: Answer) -> list[tuple[str, str]]:
    """The review units one answer reviews: its item (quiz questions excepted) and its laws.

    >>> review_units(Answer("convention", "open-1c", True, "1C", "1C", laws=("law-28",)))
    [('convention', 'open-1c'), ('law', 'law-28')]
    >>> review_units(Answer("quiz", "q-7", True, "a", "a", laws=("law-7",)))
    [('law', 'law-7')]
    """
    units: list[tuple[str, str]] = []
    if answer.item_kind != "quiz" or not answer.laws:
        units.append((answer.item_kind, answer.item_id))
    for law in answer.laws:
        if ("law", law) not in units:
            units.append(("law", law))
    return units


def new_card(item_kind: str, item_id: str) -> Card:
    """A fresh FSRS card with a stable id (so replaying answers gives identical cards)."""
    card_id = zlib.crc32(f"{item_kind}:{item_id}".encode()) + 1
    return Card(card_id=card_id, due=datetime(1970, 1, 1, tzinfo=UTC))


def review(card: Card, *, correct: bool, seconds: float | None, when: datetime) -> Card:
    """The card after one answer given at ``when``."""
    duration = None if seconds is None else int(seconds * 1000)
    updated, _log = SCHEDULER.review_card(card, rating_for(correct, seconds), when, duration)
    return updated


def mastery_of(card: Card | None, right_streak: int) -> Mastery:
    """``mastered`` once the unit is stable in Review or answered right often enough in a row."""
    if card is None:
        return "learning"
    if right_streak >= MASTERED_RIGHT_STREAK:
        return "mastered"
    stable = (card.stability or 0.0) >= MASTERED_STABILITY_DAYS
    return "mastered" if card.state == State.Review and stable and right_streak > 0 else "learning"


@dataclass(frozen=True)
class UnitState:
    """One review unit's schedule for one learner."""

    learner: str
    item_kind: str
    item_id: str
    card: Card
    reps: int
    lapses: int
    right_streak: int

    @property
    def item(self) -> tuple[str, str]:
        return (self.item_kind, self.item_id)

    @property
    def due(self) -> datetime:
        return self.card.due

    @property
    def mastery(self) -> Mastery:
        return mastery_of(self.card, self.right_streak)

    def is_due(self, now: datetime) -> bool:
        return self.card.due <= now

    def interval(self, now: datetime) -> timedelta:
        return self.card.due - now
