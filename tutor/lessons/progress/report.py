"""The learner's record as tables (pandas) for the progress page and ``tutor progress``.

Each answer is filed under an *area*: a law under its section of the book
(``laws: cutting``), a convention rule under its id (``convention: open-1c``), anything else under its kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import pandas as pd

from tutor.lessons.content.laws import law_entries
from tutor.lessons.progress import ProgressStore, Summary
from tutor.lessons.progress.facts import AnswerFacts, summarise
from tutor.lessons.progress.srs import UnitState


def area_of(item_kind: str, item_id: str, laws: Mapping[str, Mapping[str, object]]) -> str:
    """Where an item is reported: a law's section (``laws``: the content's laws, read once per report),
    a convention's rule, else its kind."""
    if item_kind == "law":
        section = laws.get(item_id, {}).get("section")
        return f"laws: {section}" if section else "laws"
    if item_kind == "convention":
        return f"convention: {item_id}"
    return item_kind


@dataclass(frozen=True)
class LearnerRecord:
    """One learner's record as the Progress page shows it, read once: the summary and both tables."""

    summary: Summary
    answers: pd.DataFrame
    units: pd.DataFrame


def learner_record(store: ProgressStore, learner: str, now: datetime | None = None) -> LearnerRecord:
    """The learner's own record only, built when asked: one narrow read of their answers and one of
    their review units (no other learner's row, no second read)."""
    now = now or datetime.now(UTC)
    facts, units = store.facts(learner), store.units(learner)
    laws = law_entries()
    areas: dict[tuple[str, str], str] = {}

    def area(kind: str, item: str) -> str:
        if (kind, item) not in areas:
            areas[kind, item] = area_of(kind, item, laws)
        return areas[kind, item]

    return LearnerRecord(summarise(facts, units, now), _answers_frame(facts, area), _units_frame(units, area, now))


def _answers_frame(facts: Sequence[AnswerFacts], area: Callable[[str, str], str]) -> pd.DataFrame:
    """One row per first answer: when, day, kind, item, area, correct, seconds.

    Retries and "Mark as learned" are left out: they show nothing of what the learner knows.
    """
    rows = [
        {
            "answered_at": f.answered_at, "day": f.answered_at.astimezone().date().isoformat(),
            "item_kind": f.item_kind, "item_id": f.item_id, "area": area(f.item_kind, f.item_id),
            "correct": f.correct, "seconds": f.seconds,
        }
        for f in facts if f.counts
    ]
    columns = ["answered_at", "day", "item_kind", "item_id", "area", "correct", "seconds"]
    return pd.DataFrame(rows, columns=columns)


def accuracy_by_day(answers: pd.DataFrame, by: str = "area") -> pd.DataFrame:
    """Accuracy per day and per ``by`` column: day, group, answers, accuracy (0-1)."""
    if answers.empty:
        return pd.DataFrame(columns=["day", by, "answers", "accuracy"])
    grouped = answers.groupby(["day", by])["correct"].agg(["count", "mean"]).reset_index()
    return grouped.rename(columns={"count": "answers", "mean": "accuracy"})


def _units_frame(units: Sequence[UnitState], area: Callable[[str, str], str], now: datetime) -> pd.DataFrame:
    """One row per review unit: kind, item, area, due, due now, mastery, reviews, lapses."""
    rows = [
        {
            "item_kind": u.item_kind, "item_id": u.item_id, "area": area(u.item_kind, u.item_id),
            "due": u.due.astimezone().strftime("%Y-%m-%d %H:%M"), "due_now": u.is_due(now),
            "mastery": u.mastery, "reviews": u.reps, "lapses": u.lapses,
        }
        for u in units
    ]
    columns = ["item_kind", "item_id", "area", "due", "due_now", "mastery", "reviews", "lapses"]
    return pd.DataFrame(rows, columns=columns)


def area_table(answers: pd.DataFrame, units: pd.DataFrame) -> pd.DataFrame:
    """Per area: answers, accuracy, units, due now, mastered."""
    columns = ["area", "answers", "accuracy", "units", "due_now", "mastered"]
    if answers.empty and units.empty:
        return pd.DataFrame(columns=columns)
    acc = answers.groupby("area")["correct"].agg(answers="count", accuracy="mean")
    cards = units.groupby("area").agg(
        units=("item_id", "count"), due_now=("due_now", "sum"),
        mastered=("mastery", lambda m: int((m == "mastered").sum())),
    )
    table = acc.join(cards, how="outer").fillna(0).reset_index()
    table["accuracy"] = table["accuracy"].round(2)
    result: pd.DataFrame = table[columns]
    return result
