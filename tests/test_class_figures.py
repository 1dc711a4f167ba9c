"""The teacher's view counts its members' answers in the database (``tutor/lessons/classroom/figures.py``,
stop 60: the class report read every answer of every member whole, 0.45-0.49 s a run for 20 learners with
2,000 answers each). Its figures must be what docs/classes.md defines, worked out here over every answer read
whole: first answers only (no retry, no "Mark as learned", new or old style), right ones, drills, the practice
table's deals and deviations, the laws of the mistakes most made (in a tie, the law missed first, an answer's
laws in their order), the last answer of any kind, and each assignment's status from the answers given since
it was set. Seeded records holding every kind of answer, on both back ends, in every period the page offers."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import class_app
import pytest

from tutor.lessons.answers import MARKED_LEARNED, Answer, marked_learned
from tutor.lessons.classroom import accounts as acc
from tutor.lessons.classroom import classes as cls
from tutor.lessons.classroom import dashboard
from tutor.lessons.progress import ProgressStore, open_store
from tutor.lessons.progress.columns import DamagedRecordError

cheap_codes = class_app.cheap_codes
LAWS = ("law-12", "law-13", "law-14", "law-15", "law-35")
DRILL_KINDS = ("convention", "scoring", "solo")


def _answer(rng: random.Random, n: int) -> Answer:
    """One of every kind the store holds: drills, laws, quiz, a table deviation (marked), a law marked learned
    (new style, marked; or the old style, by its text), a retry; laws in any order, ties among them likely."""
    laws = tuple(rng.sample(LAWS, rng.randrange(4)))
    right = rng.random() < 0.45
    roll = rng.random()
    if roll < 0.05:
        return marked_learned(rng.choice(LAWS))
    if roll < 0.08:
        return Answer("law", rng.choice(LAWS), True, MARKED_LEARNED, MARKED_LEARNED, laws=laws[:1])
    if roll < 0.25:
        return Answer("play", "lead", right, "SA", "SK", laws=laws, seed=rng.randrange(3),
                      extra={"source": "table", "kind": "lead"}, key=f"table:deal-{rng.randrange(4)}:{n:032x}",
                      retry=rng.random() < 0.1)
    kind = rng.choice((*DRILL_KINDS, "law", "quiz"))
    item = rng.choice(LAWS) if kind == "law" else f"{kind}-{rng.randrange(3)}"
    extra = {"kind": "lead"} if kind == "convention" and rng.random() < 0.3 else {}
    return Answer(kind, item, right, "4", "5", laws=laws, seed=rng.randrange(5), extra=extra,
                  retry=rng.random() < 0.15)


def _record(store: ProgressStore, learner: str, seed: int, now: datetime, count: int) -> None:
    """``count`` answers over the 120 days before ``now`` and the hour after it (after the assignments are set);
    some at the same instant, so the answers' ids order them."""
    rng = random.Random(seed)
    when = now
    for n in range(count):
        if rng.random() > 0.1:  # else at the instant of the answer before
            when = now + timedelta(minutes=rng.randrange(-120 * 24 * 60, 60))
        store.record(_answer(rng, n), learner, now=when)


def _reference(store: ProgressStore, learner: str, tasks: list[cls.Assignment], now: datetime,
               days: int | None) -> dict[str, Any]:
    """The figures, by their definitions, over every answer of the learner read whole (oldest first)."""
    stored = store.answers(learner)
    since = None if days is None else now - timedelta(days=days)
    counted = [s for s in stored if not s.answer.retry and not s.answer.is_self_report
               and (since is None or s.answered_at >= since)]
    missed = Counter(law for s in counted if not s.answer.correct for law in s.answer.laws)
    table = [s for s in counted if s.answer.extra.get("source") == "table"]
    return {"answers": len(counted),
            "accuracy": sum(s.answer.correct for s in counted) / len(counted) if counted else None,
            "drills": sum(s.answer.item_kind in DRILL_KINDS for s in counted),
            "table_deals": len({(s.answer.seed, s.answer.key.split(":")[1]) for s in table}),
            "deviations": len(table),
            "last_answer": max((s.answered_at for s in stored), default=None),
            "mistakes_by_law": tuple(missed.most_common(5)),
            "statuses": {a.id: cls.status(a, stored, now) for a in tasks if a.learner in (None, learner)}}


def _shown(report: dashboard.LearnerReport) -> dict[str, Any]:
    return {"answers": report.answers, "accuracy": report.accuracy, "drills": report.drills,
            "table_deals": report.table_deals, "deviations": report.deviations, "last_answer": report.last_answer,
            "mistakes_by_law": report.mistakes_by_law, "statuses": report.statuses}


def _class(store: ProgressStore, names: tuple[str, ...]) -> tuple[acc.Account, cls.Class]:
    acc.create_account(store, "Mrs Orlova", "teacher")
    teacher = acc.account(store, "Mrs Orlova")
    assert teacher is not None
    made = cls.create_class(store, teacher, "Thursday club")
    for name in names:
        acc.create_account(store, name, "learner", by=teacher)
        learner = acc.account(store, name)
        assert learner is not None
        cls.join(store, learner, made.join_code, consent=True)
    return teacher, made


def test_the_class_views_figures_are_their_definitions_over_every_answer(store: ProgressStore) -> None:
    names = ("anna", "boris", "clara")  # clara answers nothing
    teacher, made = _class(store, names)
    # an assignment set first, done by an answer given before the others were set: its status reads the
    # answers since the oldest assignment, not since the newest
    cls.assign(store, teacher, made.id, "first", [("law", "law-13")], datetime.now(UTC) + timedelta(days=2))
    store.record(Answer("law", "law-13", True, "5", "5", laws=("law-13",)), "boris", now=datetime.now(UTC))
    now = datetime.now(UTC)
    for due in (now + timedelta(hours=1), now + timedelta(days=3)):  # one past at the report's time; one not
        cls.assign(store, teacher, made.id, "laws", [("law", "law-12"), ("law", "law-35")], due)
        cls.assign(store, teacher, made.id, "drills", [("convention", "convention-1"), ("drill", "lead")], due)
    cls.assign(store, teacher, made.id, "a table deal", [("table", "1")], now + timedelta(days=1), learner="anna")
    for seed, name in enumerate(names[:2]):
        _record(store, name, seed, now, 160)
    later = now + timedelta(hours=2)  # the report's moment: after the last answer
    for days in dashboard.PERIODS:
        view = dashboard.class_view(store, teacher, made.id, days, now=later)
        for whole, period, name in zip(view.whole, view.period, names, strict=True):
            assert _shown(whole) == _reference(store, name, view.tasks, later, None), name
            assert _shown(period) == _reference(store, name, view.tasks, later, days), (name, days)
    # what the seeds gave: every part of the figures was exercised
    anna = dashboard.class_view(store, teacher, made.id, None, now=later).whole[0]
    assert anna.deviations > anna.table_deals > 1 and anna.drills and len(anna.mistakes_by_law) == len(LAWS)
    assert len(anna.statuses) == 6 and len(set(anna.statuses.values())) >= 2, anna.statuses


def test_a_damaged_laws_column_is_a_damaged_record_naming_the_answer(tmp_path: Any) -> None:
    with open_store(tmp_path / "p.db") as store:
        teacher, made = _class(store, ("anna",))
        store.record(Answer("law", "law-12", False, "4", "5", laws=("law-12",)), "anna")
        with store.writing() as conn:
            conn.execute("UPDATE answers SET laws = '{\"law\": 12}'")
        (answer_id,) = store.read_rows("SELECT id FROM answers")[0]
        with pytest.raises(DamagedRecordError, match=f"answer {answer_id}"):
            dashboard.class_view(store, teacher, made.id, None)
