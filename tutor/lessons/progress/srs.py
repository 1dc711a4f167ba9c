"""Spaced repetition: how an answer moves a review unit's schedule (FSRS).

The unit of review is a law or a convention rule — ``(item_kind, item_id)`` — never
a fixed deal: each review of a convention serves a fresh deal that satisfies it.
An answer reviews its own item (unless it is a quiz question, which is reviewed
through the laws it tests) and every law it cites.

The rating comes from right/wrong and the time taken: wrong is ``Again`` (the
unit comes back within minutes: the mistakes queue), right is ``Good``, right but
slow is ``Hard``, right and quick is ``Easy`` - except on a unit's first answer,
which is at most ``Good``: a quick first answer shows a good guess or a fresh
reading, not retention. Fuzzing is off so that the same answers always give the
same schedule (export, import and migrations replay them). Retries and
self-reports ("Mark as learned") do not move a schedule (:attr:`Answer.counts`).

**Mastery** means retention shown over spaced reviews (:func:`mastery_of`, the
rule stated in ``docs/progress.md``): at least :data:`MASTERY_REVIEWS` right
answers, each at least :data:`REVIEW_GAP` after the one before it that counted,
the first and last at least :data:`MASTERY_SPAN` apart, no wrong answer since the
first of them, and FSRS stability of at least :data:`MASTERY_STABILITY_DAYS`.

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
#: Mastery: this many spaced right answers in a row, spread over at least MASTERY_SPAN,
#: each REVIEW_GAP after the previous one that counted, with FSRS stability >= this many days.
MASTERY_REVIEWS = 3
MASTERY_SPAN = timedelta(days=7)
REVIEW_GAP = timedelta(hours=20)
MASTERY_STABILITY_DAYS = 7.0

Mastery = Literal["learning", "mastered"]

SCHEDULER = Scheduler(enable_fuzzing=False)


def rating_for(correct: bool, seconds: float | None, *, first: bool = False) -> Rating:
    """The FSRS rating of one answer (``first``: the unit's first answer, never Easy).

    >>> rating_for(False, 2.0).name, rating_for(True, None).name, rating_for(True, 90).name
    ('Again', 'Good', 'Hard')
    >>> rating_for(True, 2.0).name, rating_for(True, 2.0, first=True).name
    ('Easy', 'Good')
    """
    if not correct:
        return Rating.Again
    if seconds is None:
        return Rating.Good
    if seconds < QUICK_SECONDS:
        return Rating.Good if first else Rating.Easy
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


def review(card: Card, *, correct: bool, seconds: float | None, when: datetime,
           first: bool = False) -> Card:
    """The card after one answer given at ``when``."""
    duration = None if seconds is None else int(seconds * 1000)
    updated, _log = SCHEDULER.review_card(card, rating_for(correct, seconds, first=first), when, duration)
    return updated


@dataclass(frozen=True)
class Retention:
    """The current run of spaced right answers: how many, the first and the last (UTC)."""

    reviews: int = 0
    first: datetime | None = None
    last: datetime | None = None

    def after(self, correct: bool, when: datetime) -> Retention:
        """The run after one counted answer: a wrong one ends it; a right one counts if spaced."""
        if not correct:
            return Retention()
        if self.last is not None and when - self.last < REVIEW_GAP:
            return self
        return Retention(self.reviews + 1, self.first or when, when)

    @property
    def span(self) -> timedelta:
        return (self.last - self.first) if self.first and self.last else timedelta(0)


def mastery_of(card: Card | None, retention: Retention) -> Mastery:
    """``mastered`` once retention is shown over spaced reviews (see the module's docstring)."""
    if card is None or card.state != State.Review:
        return "learning"
    shown = retention.reviews >= MASTERY_REVIEWS and retention.span >= MASTERY_SPAN
    stable = (card.stability or 0.0) >= MASTERY_STABILITY_DAYS
    return "mastered" if shown and stable else "learning"


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
    retention: Retention = Retention()

    @property
    def item(self) -> tuple[str, str]:
        return (self.item_kind, self.item_id)

    @property
    def due(self) -> datetime:
        return self.card.due

    @property
    def mastery(self) -> Mastery:
        return mastery_of(self.card, self.retention)

    def is_due(self, now: datetime) -> bool:
        return self.card.due <= now

    def interval(self, now: datetime) -> timedelta:
        return self.card.due - now
