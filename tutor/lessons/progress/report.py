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
from tutor.lessons.progress.srs import UnitState
from tutor.lessons.progress.tallies import AnswerCounts, Tally
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
    """One learner's record as the Progress page shows it, read once: the summary, the first answers by
    local day and kind (the chart) and by area (the table), and the review units."""

    summary: Summary
    #: day (ISO text), kind (in words), answers, accuracy (0-1)
    daily: pd.DataFrame
    #: area, answers, accuracy, units, due now, mastered (:func:`area_table`)
    areas: pd.DataFrame
    units: pd.DataFrame


def learner_record(store: ProgressStore, learner: str, now: datetime | None = None) -> LearnerRecord:
    """The learner's own record only, built when asked: every figure counted by the database (the first
    answers by day and by item, the summary) and the review units read once (no other learner's row)."""
    now = now or datetime.now(UTC)
    counts, units = store.answer_counts(learner), store.units(learner)
    names = Names.read()
    areas: dict[tuple[str, str], str] = {}

    def area(kind: str, item: str) -> str:
        if (kind, item) not in areas:
            areas[kind, item] = area_of(kind, item, names)
        return areas[kind, item]

    unit_rows = _units_frame(units, area, names.item, now)
    return LearnerRecord(store.summary(learner, now), _daily(counts), area_table(counts, area, unit_rows), unit_rows)


def _daily(counts: AnswerCounts) -> pd.DataFrame:
    """Accuracy per local day and kind: day, kind (in words: "drill", "law quiz"), answers, accuracy (0-1)."""
    tallies: dict[tuple[str, str], Tally] = {}
    for (day, item_kind), tally in counts.by_day.items():
        key = (day.isoformat(), KIND_NAMES.get(item_kind, item_kind))
        before = tallies.get(key, Tally(0, 0))
        tallies[key] = Tally(before.answers + tally.answers, before.right + tally.right)
    rows = [(day, kind, t.answers, t.right / t.answers) for (day, kind), t in sorted(tallies.items()) if t.answers]
    return pd.DataFrame(rows, columns=["day", "kind", "answers", "accuracy"])


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


def area_table(counts: AnswerCounts, area: Callable[[str, str], str], units: pd.DataFrame) -> pd.DataFrame:
    """Per area: answers, accuracy, units, due now, mastered."""
    columns = ["area", "answers", "accuracy", "units", "due_now", "mastered"]
    answered = [(area(kind, item), t.answers, t.right) for (kind, item), t in counts.by_item.items() if t.answers]
    if not answered and units.empty:
        return pd.DataFrame(columns=columns)
    acc = pd.DataFrame(answered, columns=["area", "answers", "right"]).groupby("area").sum()
    acc["accuracy"] = acc["right"] / acc["answers"]
    cards = units.groupby("area").agg(
        units=("item_id", "count"), due_now=("due_now", "sum"),
        mastered=("mastery", lambda m: int((m == "mastered").sum())),
    )
    table = acc[["answers", "accuracy"]].join(cards, how="outer").fillna(0).reset_index()
    table["accuracy"] = table["accuracy"].round(2)
    result: pd.DataFrame = table[columns]
    return result
