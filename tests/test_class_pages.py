"""Class mode in the app (issue 30): single-user mode unchanged without accounts; in class mode only the
sign-in page until a code is given; a learner reaches only their own record and never the teacher's
view, whatever address or session value; a teacher's class, join code, consent and view end to end."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import class_app
import pytest
from app_pages import app_test, script_test
from class_app import sign_in
from streamlit.testing.v1 import AppTest

from tutor.lessons.answers import Answer
from tutor.lessons.classroom import accounts as acc
from tutor.lessons.progress import open_store

ROOT = Path(__file__).resolve().parent.parent
PROGRESS, TEACHER = "tutor/ui/pages/progress.py", "tutor/ui/pages/teacher.py"
db = class_app.db  # the app's own SQLite database
cheap_codes = class_app.cheap_codes  # quick-login codes hashed at Argon2id's smallest cost


def _app(page: str | None = None) -> AppTest:
    at = app_test()
    at.run()
    if page:
        at.switch_page(page)
        at.run()
    return at


def _keys(at: AppTest) -> set[str]:
    return {w.key for kind in ("selectbox", "text_input", "button", "number_input") for w in getattr(at, kind)
            if w.key}


def _class_mode(db: Path) -> dict[str, str]:
    with open_store(db) as store:
        codes = {"Mrs Orlova": acc.create_account(store, "Mrs Orlova", "teacher")}
        teacher = acc.account(store, "Mrs Orlova")
        for name in ("anna", "bob"):
            codes[name] = acc.create_account(store, name, "learner", by=teacher)
        for n in range(5):  # bob's record, which anna must never see
            store.record(Answer("law", "law-12", n % 2 == 0, "5", "5", laws=("law-12",)), "bob")
        store.record(Answer("law", "law-13", True, "5", "5", laws=("law-13",)), "anna")
    return codes


def test_without_accounts_the_tutor_is_single_user_as_before(db: Path) -> None:
    at = _app(PROGRESS)
    assert not at.exception, at.exception
    assert "progress_learner" in _keys(at)  # the profile picker, as before
    assert any(str(db) in c.value for c in at.caption)  # where the learner's own progress is kept
    with pytest.raises(ValueError, match="Could not find a navigation page"):
        at.switch_page(TEACHER)  # no teacher's view, nor sign-in page, without class mode
    alone = script_test(TEACHER)  # the page script itself
    alone.run()
    assert "teacher_class_name" not in _keys(alone) and alone.error


def test_in_class_mode_a_visitor_reaches_only_the_sign_in_page(db: Path) -> None:
    _class_mode(db)
    at = _app()
    assert not at.exception, at.exception
    keys = _keys(at)
    assert "signin_name" in keys and "progress_learner" not in keys and "teacher_class_name" not in keys
    for page in (PROGRESS, TEACHER, "tutor/ui/pages/review.py"):
        with pytest.raises(ValueError, match="Could not find a navigation page"):
            at.switch_page(page)  # not in this session's navigation: the server does not run it


def test_a_wrong_code_is_one_line_and_opens_nothing(db: Path) -> None:
    _class_mode(db)
    at = _app()
    sign_in(at, "anna", "WRONGXYZ")
    assert at.error and "do not open an account" in at.error[0].value
    assert at.session_state["tutor_session"].account == ""


def test_a_learner_sees_only_their_own_record_whatever_the_session_says(db: Path) -> None:
    codes = _class_mode(db)
    at = _app()
    sign_in(at, "anna", codes["anna"])
    at.switch_page(PROGRESS)
    at.run()
    assert "progress_learner" not in _keys(at)  # nothing to pick: anna's record only
    assert at.metric[0].value == "1"  # anna's one answer
    shown = " ".join(str(e.value) for kind in ("caption", "markdown") for e in getattr(at, kind))
    assert str(db) not in shown and "sqlite" not in shown  # the server's database is not the learner's to see
    at.session_state["tutor_session"].learner = "bob"  # a tampered session value
    at.run()
    assert at.metric[0].value == "1"
    with pytest.raises(ValueError, match="Could not find a navigation page"):
        at.switch_page(TEACHER)  # the teacher's view by address: not among anna's pages
    alone = script_test(TEACHER)  # and the page's own check
    alone.session_state["tutor_session"] = at.session_state["tutor_session"]
    alone.run()
    assert "teacher_class_name" not in _keys(alone) and "teacher's view is open to a signed-in teacher" in \
        alone.error[0].value


def test_the_progress_page_reads_the_learners_own_answers_once(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 30: opening Progress was slow in the class benchmark. Its reads must not grow with another
    # learner's record (bob's 200 more answers change no statement's row count), and no read returns
    # more rows than the learner has answers, nor reads an answer whole (stop 59: the database counts
    # them). Every statement the page's run sends is counted, with its rows.
    from tutor.lessons.progress.connection import Connection, Rows
    from tutor.lessons.progress.schema import ANSWER_COLUMNS

    codes = _class_mode(db)
    sent: list[tuple[str, int]] = []
    execute = Connection.execute

    def counted(self: Connection, sql: str, params: Sequence[object] = ()) -> Rows:
        rows = execute(self, sql, params)
        sent.append((sql, len(rows.fetchall())))
        return rows

    monkeypatch.setattr(Connection, "execute", counted)

    def open_progress() -> list[tuple[str, int]]:
        at = _app()
        sign_in(at, "anna", codes["anna"])
        at.switch_page(PROGRESS)
        sent.clear()
        at.run()
        assert not at.exception and at.metric[0].value == "1"  # anna's one answer
        return list(sent)

    before = open_progress()
    with open_store(db) as store:
        for n in range(200):
            store.record(Answer("law", "law-12", n % 3 == 0, "5", "5", laws=("law-12",)), "bob")
    assert open_progress() == before
    answers_read = [(sql, rows) for sql, rows in before if "FROM answers" in sql]
    assert answers_read and all(rows <= 1 for _, rows in answers_read), answers_read
    assert not any(ANSWER_COLUMNS in sql for sql, _ in answers_read), answers_read


@pytest.mark.slow  # three sessions of the app: about 6 s
def test_a_teacher_makes_a_class_two_learners_join_and_the_view_shows_their_answers(db: Path) -> None:
    codes = _class_mode(db)
    teacher = _app()
    sign_in(teacher, "Mrs Orlova", codes["Mrs Orlova"])
    teacher.switch_page(TEACHER)
    teacher.run()
    teacher.text_input(key="teacher_class_name").input("Thursday club")
    teacher.button[[b.label for b in teacher.button].index("Create the class")].click()
    teacher.run()
    assert not teacher.exception, teacher.exception
    line = next(m.value for m in teacher.markdown if m.value.startswith("Join code:"))
    join_code = line.split("**")[1]
    for name in ("anna", "bob"):
        learner = _app()
        sign_in(learner, name, codes[name])
        learner.text_input(key="join_code").input(join_code)
        learner.button[[b.label for b in learner.button].index("Join")].click()
        learner.run()
        assert learner.error  # no consent ticked: not joined
        learner.text_input(key="join_code").input(join_code)
        learner.checkbox(key="join_consent").check()
        learner.button[[b.label for b in learner.button].index("Join")].click()
        learner.run()
        assert any("You joined Thursday club" in s.value for s in learner.success)
    teacher.run()
    table = next(d.value for d in teacher.dataframe if "answers" in d.value.columns)
    answers = dict(zip(table["learner"], table["answers"], strict=True))
    assert answers == {"anna": 1, "bob": 5}
    with open_store(db) as store:  # one answer of bob's from ten days ago: outside the last seven days
        store.record(Answer("law", "law-12", True, "5", "5", laws=("law-12",)), "bob",
                     now=datetime.now(UTC) - timedelta(days=10))
    teacher.selectbox(key="teacher_period").set_value(7)
    teacher.run()
    table = next(d.value for d in teacher.dataframe if "answers" in d.value.columns)
    assert dict(zip(table["learner"], table["answers"], strict=True)) == {"anna": 1, "bob": 5}
    teacher.selectbox(key="teacher_period").set_value(None)
    teacher.run()
    table = next(d.value for d in teacher.dataframe if "answers" in d.value.columns)
    assert dict(zip(table["learner"], table["answers"], strict=True)) == {"anna": 1, "bob": 6}
    # an assignment set on the page is in the learners' table at once, in the run that set it
    teacher.text_input(key="teacher_assign_title").input("Law twelve")
    teacher.text_area(key="teacher_assign_items").input("law 12")
    teacher.button[[b.label for b in teacher.button].index("Set it")].click()
    teacher.run()
    assert any("Assignment set" in s.value for s in teacher.success)
    table = next(d.value for d in teacher.dataframe if "answers" in d.value.columns)
    assert any(str(c).startswith("Law twelve (due ") for c in table.columns), table.columns  # its own column
    # laws and items named as the learners read them ("law-12 ×2" and "law-12" before); the id kept beside
    # each item, for the teacher to assign it
    assert dict(zip(table["learner"], table["mistakes by law"], strict=True))["bob"] == "law 12 ×2"
    mastery = next(d.value for d in teacher.dataframe if "learning" in d.value.columns)
    assert set(zip(mastery["item"], mastery["id"], strict=True)) == {("Law 12", "law-12"), ("Law 13", "law-13")}
    with open_store(db) as store:
        assert [m[0] for m in store.read_rows("SELECT learner FROM members ORDER BY learner")] == ["anna", "bob"]
        assert datetime.now(UTC)  # the store is still open to others


def test_an_identity_is_matched_by_its_e_mail_only_when_the_provider_vouches_for_it() -> None:
    """OpenID Connect Core 1.0, §5.1: ``email_verified`` is the provider's word that the address was
    checked. An account is found by the address the teacher entered; a provider that lets a person set
    any address he likes must not let him in as its owner, so an unverified address matches nothing.
    Without an e-mail claim, the provider's own ``sub`` is the identity."""
    from tutor.ui.access import identity_subject

    teacher = "orlova@club.test"
    assert identity_subject({"sub": "x1", "email": teacher, "email_verified": True}) == teacher
    assert identity_subject({"sub": "x1", "email": teacher, "email_verified": "true"}) == teacher
    assert identity_subject({"sub": "x1", "email": teacher, "email_verified": False}) == ""
    assert identity_subject({"sub": "x1", "email": teacher}) == ""  # not vouched for
    assert identity_subject({"sub": "x1"}) == "x1"
    assert identity_subject({}) == ""


def test_a_learner_reads_the_items_of_an_assignment_in_words(db: Path) -> None:
    """The learner's "Your assignments" listed "law law-35, convention law-41-…, drill lead": the ids a teacher
    types, not what the learner will practise."""
    from test_pages_no_bookkeeping import BOOKKEEPING

    from tutor.lessons.classroom import classes as cls

    codes = _class_mode(db)
    with open_store(db) as store:
        teacher = acc.account(store, "Mrs Orlova")
        assert teacher is not None
        made = cls.create_class(store, teacher, "Thursday club")
        anna = acc.account(store, "anna")
        assert anna is not None
        cls.join(store, anna, made.join_code, consent=True)
        items = cls.parse_items("law 35, convention law-41-no-trumps-three-or-four-aces, drill lead, table 17, "
                                "scoring honours")
        cls.assign(store, teacher, made.id, "Homework", items, datetime.now(UTC) + timedelta(days=3))
    learner = _app()
    sign_in(learner, "anna", codes["anna"])
    learner.run()
    listed = next(d.value for d in learner.dataframe if "assignment" in d.value.columns)
    (shown,) = listed["items"]
    assert shown.split("; ")[0] == "Law 35" and "any lead drill answered right" in shown, shown
    assert 'Three or four aces - "no-trumps" at the first turn' in shown  # the convention's title
    assert not BOOKKEEPING.findall(shown) and "law-41" not in shown, shown
    import yaml  # a scoring level by the title the quiz gives it, as the teacher's view and the review name it

    levels = yaml.safe_load((ROOT / "content/quizzes/scoring.yaml").read_text(encoding="utf-8"))["levels"]
    assert f"Scoring quiz: {next(lv['title'] for lv in levels if lv['id'] == 'honours')}" in shown, shown
