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
from tutor.lessons.classroom.classes import Assignment, Status, assignments, members, status, teachers_class
from tutor.lessons.progress import ProgressStore, to_ts
from tutor.lessons.progress.progress_io import spreadsheet_cell
from tutor.lessons.progress.schema import StoredAnswer

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


def learner_report(store: ProgressStore, learner: str, tasks: list[Assignment], now: datetime,
                   days: int | None = None, stored: list[StoredAnswer] | None = None) -> LearnerReport:
    """The learner's figures; with ``days``, the answers' figures (answers, accuracy, drills, the table's
    deals and deviations, the mistakes) count only the last ``days`` days. Mastery, reviews due, the last
    answer and the assignments' statuses are the learner's whole record whatever the period: a unit
    mastered last month is still mastered, and an assignment is done by any attempt since it was set.
    ``stored``: the learner's answers, already read (else read here)."""
    stored = store.answers(learner) if stored is None else stored
    since = None if days is None else now - timedelta(days=days)
    counted = [s for s in stored if s.answer.counts and (since is None or s.answered_at >= since)]
    units = store.units(learner)
    wrong_laws = Counter(law for s in counted if not s.answer.correct for law in s.answer.laws)
    table = [s for s in counted if s.answer.extra.get("source") == "table"]
    return LearnerReport(
        learner=learner, answers=len(counted),
        accuracy=sum(s.answer.correct for s in counted) / len(counted) if counted else None,
        mastered=sum(u.mastery == "mastered" for u in units), units=len(units),
        due=sum(u.is_due(now) for u in units),
        drills=sum(s.answer.item_kind in ("convention", "scoring", "solo") for s in counted),
        table_deals=len({(s.answer.seed, s.answer.key.split(":")[1] if s.answer.key.count(":") >= 2 else "")
                         for s in table}),
        deviations=len(table),
        last_answer=max((s.answered_at for s in stored), default=None),
        mistakes_by_law=tuple(wrong_laws.most_common(5)),
        statuses={a.id: status(a, stored, now) for a in tasks if a.learner in (None, learner)},
    )


def class_report(store: ProgressStore, teacher: Account, class_id: str, now: datetime | None = None,
                 days: int | None = None) -> tuple[list[LearnerReport], list[Assignment]]:
    """One report per member of the teacher's class (over the last ``days`` days: :func:`learner_report`),
    and the class's assignments."""
    _, period, tasks = class_reports(store, teacher, class_id, days, now)
    return period, tasks


def class_reports(store: ProgressStore, teacher: Account, class_id: str, days: int | None,
                  now: datetime | None = None) -> tuple[list[LearnerReport], list[LearnerReport], list[Assignment]]:
    """The reports over the whole record and over the last ``days`` days (:func:`class_report` of each: the
    teacher's view shows both), each member's answers read once, and the class's assignments."""
    if days is not None and days not in PERIODS:
        raise TutorError(f"a class report looks back {', '.join(str(d) for d in PERIODS if d)} days or over "
                         f"everything, not {days}")
    when = now or datetime.now(UTC)
    teachers_class(store, teacher, class_id)
    tasks = assignments(store, class_id)
    whole: list[LearnerReport] = []
    period: list[LearnerReport] = []
    for member in members(store, teacher, class_id):
        stored = store.answers(member)
        whole.append(learner_report(store, member, tasks, when, None, stored))
        period.append(whole[-1] if days is None else learner_report(store, member, tasks, when, days, stored))
    return whole, period, tasks


def mastery_by_item(store: ProgressStore, teacher: Account, class_id: str) -> list[tuple[str, str, int, int]]:
    """``(kind, id, mastered, learning)`` per law and convention met by the class's members."""
    mastered: Counter[tuple[str, str]] = Counter()
    learning: Counter[tuple[str, str]] = Counter()
    for learner in members(store, teacher, class_id):
        for unit in store.units(learner):
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
    """The class's answers (its members' only), one per row, for a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for learner in members(store, teacher, class_id):
        for s in store.answers(learner):
            a = s.answer
            writer.writerow([learner, to_ts(s.answered_at), a.item_kind, a.item_id, int(a.correct),
                             spreadsheet_cell(a.given), spreadsheet_cell(a.expected), " ".join(a.laws),
                             "" if a.seconds is None else f"{a.seconds:.1f}", int(a.retry),
                             a.extra.get("source", "")])
    return out.getvalue()

