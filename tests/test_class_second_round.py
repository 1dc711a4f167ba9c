"""Class mode after the second audit of stop 60 (docs/classes.md, "Accounts and roles" and "Classes, consent,
assignments"):

1. renewing a learner's quick-login code lets the teacher sign in as them, so a teacher renews it only for a
   learner in no other teacher's class who is in one of theirs, or whom they created and who has not left one
   of their classes since: a teacher could undo a learner's leaving (renew, sign in as her, join again), and a
   second teacher take a shared learner over (renew, sign in as her, leave the first teacher's class);
2. the learner's "Your account" works out the statuses in one pass (``classes.statuses``), as ``status`` does;
3. an archived member leaves too (withdraws consent): the teacher can no longer restore them;
4. each leaving on the page needs its own tick (the form stayed ticked: a second click left another class);
5. a class's name and an assignment's title refuse every format character and need one character that shows;
6. ``assign`` checks membership in its write transaction and reads a due time without a zone as local time;
   ``status`` and ``statuses`` agree on a table item whose id is no rubber number.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import class_app
import pytest
from app_pages import app_test
from streamlit.testing.v1 import AppTest

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.classroom import accounts as acc
from tutor.lessons.classroom import classes as cls
from tutor.lessons.classroom import dashboard, roster
from tutor.lessons.progress import ProgressStore, StoredAnswer, open_store, to_ts
from tutor.lessons.table.items import SOURCE as TABLE_SOURCE

cheap_codes = class_app.cheap_codes
db = class_app.db
_account = class_app.account_named
SIGN_IN = class_app.SIGN_IN
LATER = timedelta(days=3)


def _teachers(store: ProgressStore) -> tuple[acc.Account, acc.Account, cls.Class, cls.Class, dict[str, str]]:
    """Two teachers, each with a class; A created anna and boris."""
    codes = {"A": acc.create_account(store, "A", "teacher")}
    a = _account(store, "A")
    codes["B"] = acc.create_account(store, "B", "teacher", by=a)
    b = _account(store, "B")
    for name in ("anna", "boris"):
        codes[name] = acc.create_account(store, name, "learner", by=a)
    return a, b, cls.create_class(store, a, "A's club"), cls.create_class(store, b, "B's club"), codes


def _refusal(store: ProgressStore, name: str, by: acc.Account) -> str:
    """The line a teacher's renewal of ``name``'s code is refused with, the name put as NAME."""
    with pytest.raises(TutorError) as refused:
        acc.new_code(store, name, by=by)
    return str(refused.value).replace(repr(name), "NAME")


def _signs_in(store: ProgressStore, name: str, code: str) -> bool:
    with contextlib.suppress(acc.SignInError):
        return acc.sign_in(store, name, code).name == name
    return False


def _created_by(store: ProgressStore, name: str) -> object:
    return store.read_rows("SELECT created_by FROM accounts WHERE name = ?", (name,))[0][0]


# -- 1. whose code a teacher may renew


def test_the_teacher_who_created_a_learner_cannot_renew_her_code_once_she_left_their_class(
        store: ProgressStore) -> None:
    """The audit's (a): A renewed anna's code after she left, signed in as her and joined her again."""
    a, _, club, _, codes = _teachers(store)
    anna = _account(store, "anna")
    cls.join(store, anna, club.join_code, consent=True)
    assert _signs_in(store, "anna", acc.new_code(store, "anna", by=a))  # created by A, in A's class: A's
    codes["anna"] = acc.new_code(store, "anna", by=None)
    cls.leave(store, anna, club.id)
    assert _created_by(store, "anna") is None  # leaving ended A's claim as her creator
    assert _refusal(store, "anna", a) == _refusal(store, "Nobody", a)  # the one line, as for no such name
    assert "\n" not in _refusal(store, "anna", a)
    assert _signs_in(store, "anna", codes["anna"])  # nothing changed: her own code still opens her account
    assert cls.members(store, a, club.id) == []
    assert _signs_in(store, "anna", acc.new_code(store, "anna", by=None))  # the administrator still renews it
    cls.join(store, anna, club.join_code, consent=True)  # she joins again herself: A's learner again
    assert _signs_in(store, "anna", acc.new_code(store, "anna", by=a))


def test_a_learner_two_teachers_share_is_renewed_by_neither_only_by_the_command_line(store: ProgressStore) -> None:
    """The audit's (b): B renewed anna's code (she was in B's class), signed in as her and left A's class."""
    a, b, club_a, club_b, codes = _teachers(store)
    anna = _account(store, "anna")
    cls.join(store, anna, club_a.join_code, consent=True)
    cls.join(store, anna, club_b.join_code, consent=True)
    for teacher in (a, b):  # A created her and teaches her; B teaches her: neither may sign in as her
        assert _refusal(store, "anna", teacher) == _refusal(store, "Nobody", teacher)
    assert _signs_in(store, "anna", codes["anna"])
    assert cls.members(store, a, club_a.id) == ["anna"] == cls.members(store, b, club_b.id)
    roster.archive(store, b, club_b.id, ["anna"])  # an archived membership of B's is B's still
    with pytest.raises(TutorError):
        acc.new_code(store, "anna", by=a)
    assert _signs_in(store, "anna", codes["anna"])
    assert _signs_in(store, "anna", acc.new_code(store, "anna", by=None))  # the administrator's act
    cls.leave(store, anna, club_b.id)  # she leaves B's class: A's alone again, and still A's creation
    assert _created_by(store, "anna") == "A"
    assert _signs_in(store, "anna", acc.new_code(store, "anna", by=a))
    assert _refusal(store, "anna", b) == _refusal(store, "Nobody", b)


def test_a_teacher_renews_the_code_of_a_learner_they_created_only_while_no_other_teacher_teaches_them(
        store: ProgressStore) -> None:
    a, b, _, club_b, _ = _teachers(store)
    assert _signs_in(store, "boris", acc.new_code(store, "boris", by=a))  # created by A, in no class
    cls.join(store, _account(store, "boris"), club_b.join_code, consent=True)
    assert _refusal(store, "boris", a) == _refusal(store, "Nobody", a)  # B's learner now, not A's to take
    assert _signs_in(store, "boris", acc.new_code(store, "boris", by=b))  # B's alone: B renews it
    assert _signs_in(store, "B", acc.new_code(store, "B", by=b))  # a teacher's own code
    assert _refusal(store, "B", a) == _refusal(store, "Nobody", a)  # never another teacher's


# -- 2. the learner's page: the statuses in one pass


def test_the_learners_page_shows_each_status_as_status_says_in_one_pass(db: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    with open_store(db) as store:
        a, _, club, _, codes = _teachers(store)
        cls.join(store, _account(store, "anna"), club.join_code, consent=True)
        due = datetime.now(UTC) + LATER
        for n in range(12):  # 12 assignments of three laws each, then 30 answers
            cls.assign(store, a, club.id, f"homework {n}", cls.parse_items(f"law {n + 1}, law {n + 2}, law {n + 3}"),
                       due)
        cls.assign(store, a, club.id, "late", [("law", "law-40")], due)
        with store.writing() as conn:  # "late" was due yesterday: overdue
            conn.execute("UPDATE assignments SET due = ? WHERE title = 'late'",
                         (to_ts(datetime.now(UTC) - timedelta(days=1)),))
        for n in range(30):
            law = f"law-{n % 8 + 1}"
            store.record(Answer("law", law, n % 3 != 0, "5", "5", laws=(law,)), "anna")
        tasks = cls.assignments(store, club.id, "anna")
        mine = store.answers("anna")
        want = {t.title: cls.status(t, mine) for t in tasks}
    assert set(want.values()) == {"complete", "in progress", "new", "overdue"}  # every status is shown
    calls = [0]
    matches = cls._matches

    def counted(item: tuple[str, str], stored: StoredAnswer) -> bool:
        calls[0] += 1
        return matches(item, stored)

    at = app_test()
    at.run()
    class_app.sign_in(at, "anna", codes["anna"])
    monkeypatch.setattr(cls, "_matches", counted)
    at.switch_page(SIGN_IN)
    at.run()
    assert not at.exception, at.exception
    shown = at.dataframe[0].value
    assert dict(zip(shown["assignment"], shown["status"], strict=True)) == want
    items = sum(len(t.items) for t in tasks)
    # status matches each assignment against each answer (13 x 30 here, and more per item): the page's
    # work is the answers plus the items
    assert calls[0] <= len(mine) + items, calls[0]


# -- 3. an archived member leaves too


def test_an_archived_member_leaves_and_the_teacher_can_no_longer_restore_them(store: ProgressStore) -> None:
    a, _, club, _, _ = _teachers(store)
    anna = _account(store, "anna")
    cls.join(store, anna, club.join_code, consent=True)
    roster.archive(store, a, club.id, ["anna"])
    assert cls.leave(store, anna, club.id).name == "A's club"  # refused before: "you are not in that class"
    assert cls.classes_to_leave(store, anna) == [] and roster.archived(store, a, club.id) == []
    store.record(Answer("law", "law-12", False, "4", "5", laws=("law-12",)), "anna")  # answered after leaving
    with pytest.raises(TutorError):
        roster.restore(store, a, club.id, ["anna"])
    assert [r.learner for r in dashboard.class_view(store, a, club.id, None).whole] == []
    assert dashboard.class_csv(store, a, club.id).count("\n") <= 1  # the header alone
    with pytest.raises(TutorError, match="you are not in that class"):
        cls.leave(store, anna, club.id)
    cls.join(store, anna, club.join_code, consent=True)  # joining again makes her a member again
    assert cls.members(store, a, club.id) == ["anna"]


def _anna_in_two_classes(db: Path, *, archived: bool = False) -> tuple[acc.Account, cls.Class, cls.Class, AppTest]:
    """Anna in A's club and A's Friday club (archived from the first, if asked), signed in on *Your account*."""
    with open_store(db) as store:
        a, _, club, _, codes = _teachers(store)
        other = cls.create_class(store, a, "Friday club")
        for made in (club, other):
            cls.join(store, _account(store, "anna"), made.join_code, consent=True)
        if archived:
            roster.archive(store, a, club.id, ["anna"])
    at = app_test()
    at.run()
    class_app.sign_in(at, "anna", codes["anna"])
    at.switch_page(SIGN_IN)
    at.run()
    return a, club, other, at


def test_an_archived_class_is_listed_to_leave_on_the_learners_page(db: Path) -> None:
    a, club, other, at = _anna_in_two_classes(db, archived=True)
    assert at.selectbox(key="leave_class").options == ["A's club (archived by your teacher)", "Friday club"]
    assert [c.value for c in at.caption if "Your classes" in c.value] == ["Your classes: Friday club"]
    at.selectbox(key="leave_class").set_value(club.id)
    at.checkbox(key="leave_sure").check()
    at.button[[b.label for b in at.button].index("Leave the class")].click()
    at.run()
    assert not at.exception and [s.value for s in at.success] == ["You left A's club."]
    at.run()  # the form was drawn before she left; the next run lists what is left
    assert at.selectbox(key="leave_class").options == ["Friday club"]
    with open_store(db) as store:
        assert roster.archived(store, a, club.id) == [] and cls.members(store, a, other.id) == ["anna"]


# -- 4. each leaving on the page needs its own tick


def test_each_leaving_on_the_page_needs_its_own_tick(db: Path) -> None:
    a, club, other, at = _anna_in_two_classes(db)
    at.selectbox(key="leave_class").set_value(other.id)
    at.checkbox(key="leave_sure").check()
    at.button[[b.label for b in at.button].index("Leave the class")].click()
    at.run()
    assert [s.value for s in at.success] == ["You left Friday club."]
    at.button[[b.label for b in at.button].index("Leave the class")].click()  # a second click, not ticked again
    at.run()
    assert not at.success and at.error and "tick the box" in at.error[0].value
    with open_store(db) as store:
        assert cls.members(store, a, club.id) == ["anna"]


# -- 5. names and titles that show something


#: one character each that shows nothing: the audit's fillers, marks alone, format characters (the direction
#: marks, the tags, the invisible operators, the joiners), and a zero-width space beside a visible name
SHOWS_NOTHING = ["\u3164", "\u2800", "\uffa0", "\u115f", "\u1160", "\u034f", "\ufe0f", "\u0301", "\U000e0041",
                 "\u2061", "\u200e", "\u200f", "\u061c", "\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad"]
BESIDE_A_NAME = ["club\u200b", "\u200eclub", "cl\u200dub", "club\U000e0041", "club\u2061"]
#: what a teacher writes, in any script, with emoji that join nothing
ACCEPTED = ["Café crème", "Ñandú del jueves", "Clase de los jueves — ♠", "周四桥牌俱乐部", "木曜クラブ",
            "Клуб по четвергам", "Λέσχη Πέμπτης", "🃏 club", "♠️♥️", "🂡", "e\u0301te\u0301", "Law 12 (¡ojo!)", "+", "7"]


@pytest.mark.parametrize("text", SHOWS_NOTHING + BESIDE_A_NAME)
def test_a_name_or_title_of_nothing_seen_or_with_a_format_character_is_refused(tmp_path: Path, text: str) -> None:
    with open_store(tmp_path / "p.sqlite3") as store:
        a, _, club, _, _ = _teachers(store)
        with pytest.raises(TutorError, match="^a class's name: ") as named:
            cls.create_class(store, a, text)
        with pytest.raises(TutorError, match="^an assignment's title: ") as titled:
            cls.assign(store, a, club.id, text, [("law", "law-12")], datetime.now(UTC) + LATER)
        hidden = next(c for c in text if not c.isascii())
        for refused in (named.value, titled.value):
            assert "\n" not in str(refused) and f"U+{ord(hidden):04X}" in str(refused)  # names the character
        assert [c.name for c in cls.classes_of(store, a)] == ["A's club"]
        assert cls.assignments(store, club.id) == []


@pytest.mark.parametrize("text", ACCEPTED)
def test_names_in_any_script_and_emoji_are_accepted(tmp_path: Path, text: str) -> None:
    with open_store(tmp_path / "p.sqlite3") as store:
        a, _, club, _, _ = _teachers(store)
        assert cls.create_class(store, a, f"  {text} ").name == text
        assert cls.assign(store, a, club.id, text, [("law", "law-12")], datetime.now(UTC) + LATER).title == text


# -- 6. assign and status


@contextlib.contextmanager
def _leaving_first(store: ProgressStore, learner: acc.Account, class_id: str) -> Iterator[None]:
    """The learner leaves the class just before the next write transaction opens (as a learner leaving at
    the moment the teacher sets the assignment)."""
    writing = store.writing

    def leave_then_write(*args: str) -> contextlib.AbstractContextManager[object]:
        store.writing = writing  # type: ignore[method-assign]
        cls.leave(store, learner, class_id)
        return writing(*args)

    store.writing = leave_then_write  # type: ignore[method-assign]
    try:
        yield
    finally:
        store.writing = writing  # type: ignore[method-assign]


def test_assign_checks_the_membership_in_its_write_transaction(store: ProgressStore) -> None:
    a, _, club, _, _ = _teachers(store)
    anna = _account(store, "anna")
    cls.join(store, anna, club.join_code, consent=True)
    with _leaving_first(store, anna, club.id), pytest.raises(TutorError, match="'anna' is not in this class"):
        cls.assign(store, a, club.id, "homework", [("law", "law-12")], datetime.now(UTC) + LATER, learner="anna")
    assert cls.assignments(store, club.id) == [] and cls.members(store, a, club.id) == []


def test_a_due_time_without_a_zone_is_local_time(store: ProgressStore) -> None:
    a, _, club, _, _ = _teachers(store)
    due = (datetime.now() + LATER).replace(microsecond=0)  # noqa: DTZ005 (the naive time is the point)
    made = cls.assign(store, a, club.id, "homework", [("law", "law-12")], due)
    assert made.due == due.astimezone().astimezone(UTC)
    assert [t.due for t in cls.assignments(store, club.id)] == [made.due]
    with pytest.raises(TutorError, match="is past"):
        cls.assign(store, a, club.id, "late", [("law", "law-12")], datetime.now() - LATER)  # noqa: DTZ005


def test_status_and_statuses_agree_on_a_table_item_that_is_no_rubber_number() -> None:
    set_at = datetime(2026, 3, 1, 9, tzinfo=UTC)
    played = [StoredAnswer(n, f"u{n}", "anna", set_at + timedelta(minutes=n + 1),
                           Answer("convention", "lead-1", right, "x", "x", seed=17, extra={"source": TABLE_SOURCE}))
              for n, right in enumerate((True, False))]
    for items in ((("table", "x"),), (("table", "x"), ("table", "17")), (("table", "17"),), (("table", "+17"),)):
        task = cls.Assignment("t", "c", None, "t", items, set_at + LATER, set_at)
        for now in (set_at + timedelta(days=1), set_at + 2 * LATER):
            assert cls.status(task, played, now) == cls.statuses([task], played, now)["t"], (items, now)
    task = cls.Assignment("t", "c", None, "t", (("table", "x"),), set_at + LATER, set_at)
    assert cls.status(task, played, set_at + timedelta(days=1)) == "new"  # it matches nothing
