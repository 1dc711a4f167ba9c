"""The teacher's view of a class, read fresh from the store for each request (issue 30).

Per learner: answers (first answers only), accuracy, units mastered of those met, reviews due now,
the laws of the mistakes most made, drills answered, practice-table deviations and the deals they
came from, and each assignment's status; per class: mastery by law and convention (how many
learners have mastered each), and a *needs attention* list with the reason. Every function takes
the acting teacher and reads only the members of that teacher's class; nothing is cached, so no
teacher or learner is ever served another's numbers.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.lessons.classroom.accounts import Account
from tutor.lessons.classroom.classes import Assignment, Status, assignments, members, statuses, teachers_class
from tutor.lessons.classroom.figures import answer_figures, last_answer
from tutor.lessons.progress import ProgressStore, to_ts
from tutor.lessons.progress.progress_io import spreadsheet_cell
from tutor.lessons.progress.srs import UnitState

#: the needs-attention thresholds (stated, the tutor's choice: the book says nothing of classes)
LOW_ACCURACY, MIN_ANSWERS, IDLE_DAYS, MANY_DUE = 0.6, 10, 7, 10
#: the periods a teacher may look back over, in days (as lichess's classes offer 1 to 90); None: since joining
PERIODS: tuple[int | None, ...] = (1, 7, 30, 90, None)


@dataclass(frozen=True)
class LearnerReport:
    learner: str
    answers: int
    accuracy: float | None
    mastered: int
    units: int
    due: int
    drills: int
    table_deals: int
    deviations: int
    last_answer: datetime | None
    mistakes_by_law: tuple[tuple[str, int], ...]
    statuses: dict[str, Status] = field(default_factory=dict)


@dataclass(frozen=True)
class _WholeRecord:
    """What a member's reports read of their whole record, whatever the period: read once for both."""

    units: list[UnitState]
    statuses: dict[str, Status]
    last_answer: datetime | None


def _whole_record(store: ProgressStore, learner: str, tasks: list[Assignment], now: datetime) -> _WholeRecord:
    """The learner's schedules, the last answer, and the statuses of their assignments (the class's and their
    own): an assignment's status reads the answers given since it was set, so those since the oldest one's
    are read (none without one), once for every assignment (:func:`~.classes.statuses`)."""
    own = [a for a in tasks if a.learner in (None, learner)]
    found = statuses(own, store.answers(learner, since=min(a.created_at for a in own)), now) if own else {}
    return _WholeRecord(store.units(learner), found, last_answer(store, learner))


def learner_report(store: ProgressStore, learner: str, now: datetime, days: int | None,
                   whole: _WholeRecord) -> LearnerReport:
    """The learner's figures; with ``days``, the answers' figures (answers, accuracy, drills, the table's
    deals and deviations, the mistakes) count only the last ``days`` days, counted by the database
    (:mod:`.figures`). Mastery, reviews due, the last answer and the assignments' statuses are the learner's
    ``whole`` record whatever the period: a unit mastered last month is still mastered, and an assignment
    is done by any attempt since it was set."""
    figures = answer_figures(store, learner, None if days is None else now - timedelta(days=days))
    units = whole.units
    return LearnerReport(
        learner=learner, answers=figures.answers,
        accuracy=figures.right / figures.answers if figures.answers else None,
        mastered=sum(u.mastery == "mastered" for u in units), units=len(units),
        due=sum(u.is_due(now) for u in units), drills=figures.drills,
        table_deals=figures.table_deals, deviations=figures.deviations,
        last_answer=whole.last_answer, mistakes_by_law=figures.mistakes_by_law, statuses=whole.statuses,
    )


@dataclass(frozen=True)
class ClassView:
    """What the teacher's view shows of a class, each member's schedules read once for all of it."""

    #: a report per member over the whole record, and over the period chosen (:func:`learner_report`)
    whole: list[LearnerReport]
    period: list[LearnerReport]
    tasks: list[Assignment]
    #: ``(kind, id, mastered, learning)`` per law and convention met (:func:`mastery_by_item`)
    mastery: list[tuple[str, str, int, int]]


def class_report(store: ProgressStore, teacher: Account, class_id: str, now: datetime | None = None,
                 days: int | None = None) -> tuple[list[LearnerReport], list[Assignment]]:
    """One report per member of the teacher's class (over the last ``days`` days: :func:`learner_report`),
    and the class's assignments."""
    view = class_view(store, teacher, class_id, days, now)
    return view.period, view.tasks


def class_view(store: ProgressStore, teacher: Account, class_id: str, days: int | None,
               now: datetime | None = None) -> ClassView:
    """The reports over the whole record and over the last ``days`` days (:func:`class_report` of each: the
    teacher's view shows both), the class's assignments and its mastery by item."""
    if days is not None and days not in PERIODS:
        raise TutorError(f"a class report looks back {', '.join(str(d) for d in PERIODS if d)} days or over "
                         f"everything, not {days}")
    when = now or datetime.now(UTC)
    teachers_class(store, teacher, class_id)
    tasks = assignments(store, class_id)
    whole: list[LearnerReport] = []
    period: list[LearnerReport] = []
    schedules: list[list[UnitState]] = []
    for member in members(store, teacher, class_id):  # the whole record read once, for both reports
        record = _whole_record(store, member, tasks, when)
        schedules.append(record.units)
        whole.append(learner_report(store, member, when, None, record))
        period.append(whole[-1] if days is None else learner_report(store, member, when, days, record))
    return ClassView(whole, period, tasks, _mastery(schedules))


def mastery_by_item(store: ProgressStore, teacher: Account, class_id: str) -> list[tuple[str, str, int, int]]:
    """``(kind, id, mastered, learning)`` per law and convention met by the class's members."""
    return _mastery([store.units(learner) for learner in members(store, teacher, class_id)])


def _mastery(schedules: list[list[UnitState]]) -> list[tuple[str, str, int, int]]:
    mastered: Counter[tuple[str, str]] = Counter()
    learning: Counter[tuple[str, str]] = Counter()
    for units in schedules:
        for unit in units:
            key = (unit.item_kind, unit.item_id)
            (mastered if unit.mastery == "mastered" else learning)[key] += 1
    keys = sorted(set(mastered) | set(learning))
    return [(k, i, mastered[(k, i)], learning[(k, i)]) for k, i in keys]


def needs_attention(reports: list[LearnerReport], now: datetime | None = None) -> list[tuple[str, str]]:
    """``(learner, reason)`` for each learner who is lagging, with the first reason that applies."""
    when = now or datetime.now(UTC)
    out = []
    for r in reports:
        overdue = sum(s == "overdue" for s in r.statuses.values())
        if overdue:
            out.append((r.learner, f"{count_of(overdue, 'assignment')} overdue"))
        elif r.last_answer is None:
            out.append((r.learner, "has not answered anything yet"))
        elif when - r.last_answer > timedelta(days=IDLE_DAYS):
            out.append((r.learner, f"no answer for more than {IDLE_DAYS} days"))
        elif r.accuracy is not None and r.answers >= MIN_ANSWERS and r.accuracy < LOW_ACCURACY:
            out.append((r.learner, f"right {r.accuracy:.0%} of the time (under {LOW_ACCURACY:.0%})"))
        elif r.due >= MANY_DUE:
            out.append((r.learner, f"{r.due} reviews waiting"))
    return out


CSV_COLUMNS = ("learner", "answered_at", "item_kind", "item_id", "correct", "given", "expected", "laws",
               "seconds", "retry", "source")


def class_csv(store: ProgressStore, teacher: Account, class_id: str) -> str:
    """The class's answers (its members' only), one per row, for a spreadsheet: every text cell written so
    that a spreadsheet will not run it as a formula (:func:`~.progress_io.spreadsheet_cell`), for a learner's
    imported record may hold "=..." in any of them."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    cell = spreadsheet_cell
    for learner in members(store, teacher, class_id):
        for s in store.answers(learner):
            a = s.answer
            source = a.extra.get("source")
            writer.writerow([cell(learner), cell(to_ts(s.answered_at)), cell(a.item_kind), cell(a.item_id),
                             int(a.correct), cell(a.given), cell(a.expected), cell(" ".join(a.laws)),
                             "" if a.seconds is None else f"{a.seconds:.1f}", int(a.retry),
                             cell("" if source is None else str(source))])
    return out.getvalue()

