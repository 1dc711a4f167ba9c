"""Class mode (issue 30): accounts, quick-login codes, classes, consent, assignments and the teacher's
view — on both back ends (tests/store_backends.py). The expectations are the issue's stated rules:
codes short, expiring, never stored in clear; roles in the tutor's database; a learner sees only their
own record, a teacher only their classes'; an assignment's status computed from attempts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import class_app
import pytest

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.classroom import accounts as acc
from tutor.lessons.classroom import classes as cls
from tutor.lessons.classroom import dashboard
from tutor.lessons.progress import ProgressStore, open_store
from tutor.lessons.progress.schema import StoredAnswer
from tutor.lessons.progress.srs import UnitState

cheap_codes = class_app.cheap_codes  # quick-login codes hashed at Argon2id's smallest cost
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _teacher(store: ProgressStore) -> acc.Account:
    acc.create_account(store, "Mrs Orlova", "teacher", now=T0)
    found = acc.account(store, "Mrs Orlova")
    assert found is not None
    return found


def test_single_user_mode_until_an_account_exists(store: ProgressStore) -> None:
    store.record(Answer("law", "law-12", True, "5", "5"), "default")
    assert not acc.any_accounts(store)
    _teacher(store)
    assert acc.any_accounts(store)


def test_a_quick_login_code_is_short_expires_and_is_never_stored_in_clear(store: ProgressStore) -> None:
    teacher = _teacher(store)
    code = acc.create_account(store, "anna", "learner", by=teacher, hours=2, now=T0)
    assert len(code) == acc.CODE_LENGTH and set(code) <= set(acc.CODE_ALPHABET)
    stored = " ".join(str(v) for row in store.read_rows("SELECT * FROM accounts") for v in row)
    assert code not in stored and "argon2id" in stored  # only its Argon2id hash is kept
    assert acc.sign_in(store, "anna", code.lower(), now=T0 + timedelta(hours=1)).role == "learner"
    with pytest.raises(acc.SignInError) as late:
        acc.sign_in(store, "anna", code, now=T0 + timedelta(hours=3))
    with pytest.raises(acc.SignInError) as unknown:
        acc.sign_in(store, "nobody", code, now=T0)
    assert str(late.value) == str(unknown.value)  # the refusal tells nothing of which part was wrong


def test_codes_are_hashed_with_the_librarys_recommended_parameters(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # the other tests hash at the smallest cost (class_app.cheap_codes); the tutor's own hasher is
    # Argon2id with argon2-cffi's recommendation, RFC 9106's low-memory profile (docs/classes.md).
    # One back end: the hash is the same on both.
    from argon2 import extract_parameters, profiles

    monkeypatch.setattr(acc, "_HASHER", class_app.REAL_HASHER)
    with open_store(tmp_path / "codes.sqlite3") as store:
        code = acc.create_account(store, "Mrs Orlova", "teacher", now=T0)
        ((hashed,),) = store.read_rows("SELECT code_hash FROM accounts")
        assert extract_parameters(str(hashed)) == profiles.RFC_9106_LOW_MEMORY
        assert acc.sign_in(store, "Mrs Orlova", code, now=T0).name == "Mrs Orlova"


def test_ten_wrong_codes_void_the_right_one_until_a_new_code(store: ProgressStore) -> None:
    teacher = _teacher(store)
    code = acc.create_account(store, "anna", "learner", by=teacher, now=T0)
    for _ in range(acc.MAX_FAILED):
        with pytest.raises(acc.SignInError):
            acc.sign_in(store, "anna", "WRONG234", now=T0)
    with pytest.raises(acc.SignInError):
        acc.sign_in(store, "anna", code, now=T0)
    fresh = acc.new_code(store, "anna", by=teacher, now=T0)
    assert acc.sign_in(store, "anna", fresh, now=T0).name == "anna"


def test_only_a_teacher_creates_accounts_and_the_first_only_from_the_command_line(store: ProgressStore) -> None:
    teacher = _teacher(store)
    acc.create_account(store, "anna", "learner", by=teacher, now=T0)
    anna = acc.account(store, "anna")
    assert anna is not None
    with pytest.raises(TutorError, match="only a teacher"):
        acc.create_account(store, "boris", "teacher", by=anna)
    with pytest.raises(TutorError, match="a teacher exists already"):
        acc.create_account(store, "mallory", "teacher", by=None)
    with pytest.raises(TutorError, match="only a teacher"):
        cls.create_class(store, anna, "Anna's own class")


def test_a_teacher_cannot_name_two_classes_alike(store: ProgressStore) -> None:
    """The teacher's view picks a class by its name: two classes named "9A" could not be told apart."""
    teacher = _teacher(store)
    cls.create_class(store, teacher, "9A")
    with pytest.raises(TutorError, match="already have a class named '9A'"):
        cls.create_class(store, teacher, " 9A ")  # the same name once trimmed, as it is shown
    assert [c.name for c in cls.classes_of(store, teacher)] == ["9A"]  # nothing half-made
    assert cls.create_class(store, teacher, "9B").name == "9B"


def _class_of_two(store: ProgressStore) -> tuple[acc.Account, cls.Class, acc.Account, acc.Account]:
    teacher = _teacher(store)
    made = cls.create_class(store, teacher, "Thursday club")
    learners = []
    for name in ("anna", "boris"):
        acc.create_account(store, name, "learner", by=teacher, now=T0)
        found = acc.account(store, name)
        assert found is not None
        cls.join(store, found, made.join_code.lower(), consent=True)
        learners.append(found)
    return teacher, made, learners[0], learners[1]


def test_joining_needs_the_code_and_the_learners_consent(store: ProgressStore) -> None:
    teacher, made, anna, _ = _class_of_two(store)
    acc.create_account(store, "clara", "learner", by=teacher, now=T0)
    clara = acc.account(store, "clara")
    assert clara is not None
    with pytest.raises(TutorError, match="agree"):
        cls.join(store, clara, made.join_code, consent=False)
    with pytest.raises(TutorError, match="no class has that join code"):
        cls.join(store, clara, "ZZZZZZ", consent=True)
    assert cls.members(store, teacher, made.id) == ["anna", "boris"]
    assert cls.classes_joined(store, anna) == ["Thursday club"]


def test_a_teacher_sees_only_their_own_classes(store: ProgressStore) -> None:
    teacher, made, anna, _ = _class_of_two(store)
    acc.create_account(store, "Mr Petrov", "teacher", by=teacher, now=T0)
    other = acc.account(store, "Mr Petrov")
    assert other is not None
    for read in (cls.members, dashboard.class_csv, dashboard.class_report, dashboard.mastery_by_item):
        with pytest.raises(TutorError, match="no such class among yours"):
            read(store, other, made.id)  # type: ignore[operator]
        with pytest.raises(TutorError):
            read(store, anna, made.id)  # type: ignore[operator]


#: a convention of the book (law 41: "no-trumps" at once shows three or four aces)
RULE = "law-41-no-trumps-three-or-four-aces"


def test_an_assignments_status_comes_from_the_learners_attempts(store: ProgressStore) -> None:
    teacher, made, anna, boris = _class_of_two(store)
    task = cls.assign(store, teacher, made.id, "Laws 34-36", cls.parse_items(f"law 35, convention {RULE}"),
                      due=datetime.now(UTC) + timedelta(days=2))
    late = cls.assign(store, teacher, made.id, "For Boris", [("law", "law-12")],
                      due=datetime.now(UTC) + timedelta(minutes=1), learner="boris")  # past by the reports' time
    later = datetime.now(UTC) + timedelta(minutes=2)
    store.record(Answer("law", "law-35", False, "3", "2", laws=("law-35",)), "anna")
    reports, tasks = dashboard.class_report(store, teacher, made.id, now=later)
    by_name = {r.learner: r for r in reports}
    assert by_name["anna"].statuses[task.id] == "in progress" and late.id not in by_name["anna"].statuses
    assert by_name["boris"].statuses == {task.id: "new", late.id: "overdue"}
    store.record(Answer("quiz", "q-35", True, "2", "2", laws=("law-35",)), "anna")  # law 35 cited: counts
    store.record(Answer("convention", RULE, True, "1NT", "1NT", laws=("law-41",)), "anna")
    reports, _ = dashboard.class_report(store, teacher, made.id, now=later)
    assert {r.learner: r for r in reports}["anna"].statuses[task.id] == "complete"
    assert ("boris", "1 assignment overdue") in dashboard.needs_attention(reports)
    with pytest.raises(TutorError, match="not an item"):
        cls.parse_items("law law-35, eval(1)")


@pytest.mark.parametrize("typed", ["convention open-1c", "law 999", "law lead", "drill bridge", "table x",
                                   "quiz q-nothing", "scoring nothing", "solo solo-bid-bridge",
                                   # the practice table takes rubber numbers 0 to 1,000,000 (its number box):
                                   # a larger one could be assigned and never played
                                   "table 1000001", "table 99999999999999"])
def test_an_item_the_tutor_does_not_have_is_refused(typed: str) -> None:
    """"convention open-1c" (the page's own example) was accepted, and no answer could ever complete it."""
    with pytest.raises(TutorError, match="not an item the tutor has"):
        cls.parse_items(f"law 12, {typed}")


def test_the_practice_tables_last_rubber_number_can_be_assigned() -> None:
    assert cls.parse_items("table 1000000, table 0") == (("table", "1000000"), ("table", "0"))


def test_every_kind_of_item_the_review_serves_can_be_assigned() -> None:
    """A scoring level, a Solo Whist item and a drill kind, named as the review serves them."""
    from tutor.lessons.solo.drill import RULES

    assert cls.parse_items(f"scoring tricks, solo solo-scoring, solo {next(iter(RULES))}, drill lead") == (
        ("scoring", "tricks"), ("solo", "solo-scoring"), ("solo", next(iter(RULES))), ("drill", "lead"))


def test_a_law_is_assigned_by_its_number_as_the_pages_write_it() -> None:
    """An answer records its laws by id ("law-35"): "law 35", "law ≈53" name the same items."""
    assert cls.parse_items("law 35, law law-35, law ≈53, law r53") == (
        ("law", "law-35"), ("law", "law-35"), ("law", "law-r53"), ("law", "law-r53"))


def test_a_drill_kind_and_a_table_deal_can_be_assigned(store: ProgressStore) -> None:
    """Issue 30: an assignment names drill kinds and practice-table deals too. A drill kind is done by
    a right answer to any drill of that kind (not by the table's decisions of the same kind); a table
    deal (its rubber number) by playing it at the table, whose judged decisions the table records."""
    import random

    from tablegame import deviate_once

    from tutor.engine.cards import Seat
    from tutor.engine.deals.generate import random_deal
    from tutor.lessons.table import TableDeal
    from tutor.lessons.table.items import decision_answers

    teacher, made, _, _ = _class_of_two(store)
    task = cls.assign(store, teacher, made.id, "Leads and a deal", cls.parse_items("drill lead, table 2"),
                      due=datetime.now(UTC) + timedelta(days=7))
    table = TableDeal(random_deal(random.Random(2)), Seat.N, Seat.S, seed=2)  # rubber number 2
    assert deviate_once(table) >= 0
    played = decision_answers(table)
    assert played and all(a.seed == 2 for a in played)  # noqa: PLR2004
    for answer in played:
        store.record(answer, "anna")

    def anna() -> str:
        reports, _ = dashboard.class_report(store, teacher, made.id)
        return {r.learner: r for r in reports}["anna"].statuses[task.id]

    assert anna() == "in progress"  # the deal is played; no lead drill yet (the table's leads do not count)
    store.record(Answer("convention", "lead-84-top-of-a-sequence", False, "SK", "SA", extra={"kind": "lead"}), "anna")
    assert anna() == "in progress"  # a wrong lead does not finish it
    store.record(Answer("convention", "lead-84-top-of-a-sequence", True, "SA", "SA", extra={"kind": "lead"}), "anna")
    assert anna() == "complete"
    for wrong in ("drill no-such-kind", "table seventeen", "table -1"):
        with pytest.raises(TutorError, match="not an item"):
            cls.parse_items(wrong)


def test_the_teachers_view_counts_exactly_the_members_answers(store: ProgressStore) -> None:
    teacher, made, _, _ = _class_of_two(store)
    store.record(Answer("law", "law-12", True, "5", "5", laws=("law-12",)), "anna")
    store.record(Answer("law", "law-13", False, "=HYPERLINK(1)", "5", laws=("law-13",)), "anna")
    store.record(Answer("law", "law-13", False, "4", "5", laws=("law-13",)), "outsider")  # not in the class
    reports, _ = dashboard.class_report(store, teacher, made.id)
    by_name = {r.learner: r for r in reports}
    assert (by_name["anna"].answers, by_name["boris"].answers) == (2, 0)
    assert by_name["anna"].mistakes_by_law == (("law-13", 1),)
    text = dashboard.class_csv(store, teacher, made.id)
    assert text.count("\n") == 3 and "outsider" not in text  # header + anna's two
    assert "'=HYPERLINK(1)" in text  # a formula is written as text
    assert ("boris", "has not answered anything yet") in dashboard.needs_attention(reports)
    assert ("law", "law-13", 0, 1) in dashboard.mastery_by_item(store, teacher, made.id)


def test_the_teacher_looks_back_over_a_period_of_days(store: ProgressStore) -> None:
    """Issue 30 (as lichess's classes: progress over 1 to 90 days): with a period chosen, the answers'
    figures count only the answers of those days; mastery and the last answer stay the whole record."""
    teacher, made, _, _ = _class_of_two(store)
    now = datetime.now(UTC)
    ages = {"law-12": 40, "law-13": 10, "law-14": 3}  # days ago: outside 30, inside 30 not 7, inside 7
    for law, days_ago in ages.items():
        store.record(Answer("law", law, False, "4", "5", laws=(law,)), "anna", now=now - timedelta(days=days_ago))
    store.record(Answer("law", "law-15", True, "5", "5", laws=("law-15",)), "anna", now=now - timedelta(hours=2))

    def anna(days: int | None) -> dashboard.LearnerReport:
        reports, _ = dashboard.class_report(store, teacher, made.id, now=now, days=days)
        return {r.learner: r for r in reports}["anna"]

    # counted by hand from the four dates above
    assert [anna(d).answers for d in (1, 7, 30, 90, None)] == [1, 2, 3, 4, 4]
    assert anna(7).accuracy == 0.5 and anna(7).mistakes_by_law == (("law-14", 1),)
    assert anna(1).mistakes_by_law == () and anna(1).accuracy == 1.0
    assert anna(1).units == anna(None).units == 4  # the units met are the whole record's
    assert anna(1).last_answer == anna(None).last_answer
    with pytest.raises(TutorError, match="looks back"):
        dashboard.class_report(store, teacher, made.id, days=5)
    # the teacher's view shows the whole record and a period at once: the database counts the answers (none
    # is read whole without an assignment to judge), each member's schedules are read once for both
    reads: list[str] = []
    schedules: list[str] = []
    read, units = ProgressStore.answers, ProgressStore.units

    def counted(self: ProgressStore, learner: str | None = None, since: datetime | None = None) -> list[StoredAnswer]:
        reads.append(str(learner))
        return read(self, learner, since)

    def units_read(self: ProgressStore, learner: str) -> list[UnitState]:
        schedules.append(learner)
        return units(self, learner)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ProgressStore, "answers", counted)
        patch.setattr(ProgressStore, "units", units_read)
        view = dashboard.class_view(store, teacher, made.id, 7, now=now)
    whole, week = view.whole, view.period
    assert reads == [] and sorted(schedules) == ["anna", "boris"]
    assert (whole[0].answers, week[0].answers, week[0].mistakes_by_law) == (4, 2, (("law-14", 1),))  # as above


def test_a_signed_in_learner_imports_only_their_own_record(store: ProgressStore, tmp_path: Path) -> None:
    import json

    from tutor.lessons.progress.progress_io import import_bytes

    with open_store(tmp_path / "source.sqlite3") as source:
        source.record(Answer("law", "law-12", True, "5", "5", laws=("law-12",)), "anna")
        only_anna = json.dumps(source.export_record("anna")).encode()
        source.record(Answer("law", "law-12", False, "4", "5", laws=("law-12",)), "bob")
        both = json.dumps(source.export_record()).encode()
    with pytest.raises(TutorError, match="only your own record"):
        import_bytes(store, both, "both.json", only="anna")
    assert store.answers() == []  # nothing written
    assert import_bytes(store, only_anna, "anna.json", only="anna") == 1
