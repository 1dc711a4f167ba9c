"""The learner's record as tables (pandas) for the progress page and ``tutor progress``.

Each answer is filed under an *area*, named as the learner reads it: a law under its section of the
book (``laws: Cutting the pack (laws 11-14)``), a drill under its convention's title (``drills: Three or
four aces - "no-trumps" at your first turn``), anything else under its kind (``law quiz``). Each item
has a name too (``Law 36``, a convention's title): no id reaches the page.
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
from tutor.lessons.review import KIND_NAMES
from tutor.lessons.words import law_name


@dataclass(frozen=True)
class Names:
    """What the report calls things, read once per report: each law's section, each section's title, and
    each convention's title (the book's rules, bidding and play)."""

    laws: Mapping[str, Mapping[str, object]]
    sections: Mapping[str, str]
    conventions: Mapping[str, str]
    scoring_levels: Mapping[str, str]

    @classmethod
    def read(cls) -> Names:
        from tutor.lessons.content.cache import content_report
        from tutor.lessons.robots import the_book
        from tutor.lessons.scoring.questions import level_titles

        rules = content_report().rules
        book = the_book()
        return cls(law_entries(), {s.id: s.title for s in rules.sections} if rules else {},
                   {r.id: r.title for r in (*book.bidding, *book.play)}, level_titles())

    def item(self, item_kind: str, item_id: str) -> str:
        """An item as the learner reads it: "Law 36", a convention's title, a law-quiz question, a scoring
        quiz's level, a Solo Whist item, else its kind."""
        if item_kind == "law":
            name = law_name(item_id)
            return name[:1].upper() + name[1:]
        if item_kind == "convention":
            return self.conventions.get(item_id, "a convention the book no longer has")
        if item_kind == "quiz":  # a law-quiz question, by what it asks
            from tutor.lessons.review.conventions import quiz_questions

            question = quiz_questions().get(item_id)
            return f"Law quiz: {question.asked}" if question else "a law-quiz question the tutor no longer has"
        if item_kind == "solo":
            from tutor.lessons.solo import item_name

            return item_name(item_id)
        if item_kind == "scoring":  # a level of the scoring quiz
            return f"Scoring quiz: {self.scoring_levels.get(item_id, 'a level the quiz no longer has')}"
        return KIND_NAMES.get(item_kind, item_kind)


def area_of(item_kind: str, item_id: str, names: Names) -> str:
    """Where an item is reported: a law's section, a drill's convention, else its kind."""
    if item_kind == "law":
        section = str(names.laws.get(item_id, {}).get("section") or "")
        return f"laws: {names.sections.get(section, 'the book')}" if section else "laws"
    if item_kind == "convention":
        return f"drills: {names.item(item_kind, item_id)}"
    return KIND_NAMES.get(item_kind, item_kind)


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
    names = Names.read()
    areas: dict[tuple[str, str], str] = {}

    def area(kind: str, item: str) -> str:
        if (kind, item) not in areas:
            areas[kind, item] = area_of(kind, item, names)
        return areas[kind, item]

    return LearnerRecord(summarise(facts, units, now), _answers_frame(facts, area),
                         _units_frame(units, area, names.item, now))


def _answers_frame(facts: Sequence[AnswerFacts], area: Callable[[str, str], str]) -> pd.DataFrame:
    """One row per first answer: when, day, kind, item, area, correct, seconds.

    Retries and "Mark as learned" are left out: they show nothing of what the learner knows.
    """
    rows = [
        {
            "answered_at": f.answered_at, "day": f.answered_at.astimezone().date().isoformat(),
            "item_kind": f.item_kind, "kind": KIND_NAMES.get(f.item_kind, f.item_kind), "item_id": f.item_id,
            "area": area(f.item_kind, f.item_id), "correct": f.correct, "seconds": f.seconds,
        }
        for f in facts if f.counts
    ]
    columns = ["answered_at", "day", "item_kind", "kind", "item_id", "area", "correct", "seconds"]
    return pd.DataFrame(rows, columns=columns)


def accuracy_by_day(answers: pd.DataFrame, by: str = "area") -> pd.DataFrame:
    """Accuracy per day and per ``by`` column: day, group, answers, accuracy (0-1)."""
    if answers.empty:
        return pd.DataFrame(columns=["day", by, "answers", "accuracy"])
    grouped = answers.groupby(["day", by])["correct"].agg(["count", "mean"]).reset_index()
    return grouped.rename(columns={"count": "answers", "mean": "accuracy"})


#: The units' columns a learner reads (the others are the report's keys).
SHOWN_UNIT_COLUMNS = ["item", "area", "due", "mastery", "reviews", "lapses"]


def _units_frame(units: Sequence[UnitState], area: Callable[[str, str], str], item: Callable[[str, str], str],
                 now: datetime) -> pd.DataFrame:
    """One row per review unit: kind, id, its name, area, due, due now, mastery, reviews, lapses."""
    rows = [
        {
            "item_kind": u.item_kind, "item_id": u.item_id, "item": item(u.item_kind, u.item_id),
            "area": area(u.item_kind, u.item_id),
            "due": u.due.astimezone().strftime("%Y-%m-%d %H:%M"), "due_now": u.is_due(now),
            "mastery": u.mastery, "reviews": u.reps, "lapses": u.lapses,
        }
        for u in units
    ]
    columns = ["item_kind", "item_id", "item", "area", "due", "due_now", "mastery", "reviews", "lapses"]
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
