"""The learner's record as tables (pandas) for the progress page and ``tutor progress``.

Each answer is filed under an *area*: a law under its section of the book
(``laws: cutting``), a convention rule under its id (``convention: open-1c``), anything else under its kind.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pandas as pd

from tutor.lessons.progress import ProgressStore
from tutor.lessons.review import law_entries


def area_of(item_kind: str, item_id: str) -> str:
    """Where an item is reported: a law's section, a convention's rule, else its kind."""
    if item_kind == "law":
        section = law_entries().get(item_id, {}).get("section")
        return f"laws: {section}" if section else "laws"
    if item_kind == "convention":
        return f"convention: {item_id}"
    return item_kind


def answers_frame(store: ProgressStore, learner: str) -> pd.DataFrame:
    """One row per first answer: when, day, kind, item, area, correct, seconds.

    Retries and "Mark as learned" are left out: they show nothing of what the learner knows.
    """
    rows = [
        {
            "answered_at": s.answered_at, "day": s.answered_at.astimezone().date().isoformat(),
            "item_kind": s.answer.item_kind, "item_id": s.answer.item_id,
            "area": area_of(s.answer.item_kind, s.answer.item_id),
            "correct": bool(s.answer.correct), "seconds": s.answer.seconds,
        }
        for s in store.answers(learner) if s.answer.counts
    ]
    columns = ["answered_at", "day", "item_kind", "item_id", "area", "correct", "seconds"]
    return pd.DataFrame(rows, columns=columns)


def accuracy_by_day(answers: pd.DataFrame, by: str = "area") -> pd.DataFrame:
    """Accuracy per day and per ``by`` column: day, group, answers, accuracy (0-1)."""
    if answers.empty:
        return pd.DataFrame(columns=["day", by, "answers", "accuracy"])
    grouped = answers.groupby(["day", by])["correct"].agg(["count", "mean"]).reset_index()
    return grouped.rename(columns={"count": "answers", "mean": "accuracy"})


def units_frame(store: ProgressStore, learner: str, now: datetime | None = None) -> pd.DataFrame:
    """One row per review unit: kind, item, area, due, due now, mastery, reviews, lapses."""
    now = now or datetime.now(UTC)
    rows = [
        {
            "item_kind": u.item_kind, "item_id": u.item_id, "area": area_of(u.item_kind, u.item_id),
            "due": u.due.astimezone().strftime("%Y-%m-%d %H:%M"), "due_now": u.is_due(now),
            "mastery": u.mastery, "reviews": u.reps, "lapses": u.lapses,
        }
        for u in store.units(learner)
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
