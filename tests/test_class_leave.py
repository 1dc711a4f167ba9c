"""A learner leaves a class, and with it withdraws the consent they gave (stop 60; the audit found no way
to): the consent line reads "the teacher of this class sees my answers … for as long as I am in the
class" (tutor/lessons/classroom/classes.py, CONSENT), so once they have left, nothing of the teacher's
reads their record — the learners' table, the class's CSV, the mastery by item — while the record itself
stays theirs. Joining again takes the code and the consent again. A learner acts only for themselves, and
only on a class they are a member of (an archived member too: tests/test_class_second_round.py)."""

from __future__ import annotations

from pathlib import Path

import class_app
import pytest
from app_pages import app_test

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.classroom import accounts as acc
from tutor.lessons.classroom import classes as cls
from tutor.lessons.classroom import dashboard, roster
from tutor.lessons.progress import ProgressStore, open_store

cheap_codes = class_app.cheap_codes
db = class_app.db
_account = class_app.account_named
SIGN_IN = "tutor/ui/pages/sign_in.py"


def _class(store: ProgressStore) -> tuple[acc.Account, cls.Class, dict[str, str]]:
    codes = {"Mrs Orlova": acc.create_account(store, "Mrs Orlova", "teacher")}
    teacher = _account(store, "Mrs Orlova")
    made = cls.create_class(store, teacher, "Thursday club")
    for name in ("anna", "boris"):
        codes[name] = acc.create_account(store, name, "learner", by=teacher)
        cls.join(store, _account(store, name), made.join_code, consent=True)
        store.record(Answer("law", "law-12", name == "anna", "5", "5", laws=("law-12",)), name)
    return teacher, made, codes


def _seen_by_teacher(store: ProgressStore, teacher: acc.Account, made: cls.Class) -> set[str]:
    """Every name the teacher's reads of the class show: its members, its CSV's rows, the view's reports."""
    view = dashboard.class_view(store, teacher, made.id, None)
    csv_names = {line.split(",")[0] for line in dashboard.class_csv(store, teacher, made.id).splitlines()[1:]}
    return set(cls.members(store, teacher, made.id)) | csv_names | {r.learner for r in view.whole}


def test_a_learner_who_leaves_is_read_by_nothing_of_the_teachers_and_keeps_their_record(store: ProgressStore) -> None:
    teacher, made, _ = _class(store)
    anna = _account(store, "anna")
    before = store.answers("anna")
    assert _seen_by_teacher(store, teacher, made) == {"anna", "boris"}
    mastered_or_learning = sum(m + n for _, _, m, n in dashboard.class_view(store, teacher, made.id, None).mastery)
    assert cls.leave(store, anna, made.id).name == "Thursday club"
    assert _seen_by_teacher(store, teacher, made) == {"boris"}
    assert sum(m + n for _, _, m, n in dashboard.class_view(store, teacher, made.id, None).mastery) \
        == mastered_or_learning - 1  # anna's law 12 is no longer the class's
    assert roster.archived(store, teacher, made.id) == []  # gone, not archived: the teacher cannot restore her
    assert store.answers("anna") == before  # her record is hers, untouched
    assert cls.classes_joined(store, anna) == [] and cls.active_classes(store, anna) == []
    with pytest.raises(TutorError, match="you are not in that class"):  # twice: nothing to leave
        cls.leave(store, anna, made.id)
    with pytest.raises(TutorError, match="agree"):  # joining again asks the consent again
        cls.join(store, anna, made.join_code, consent=False)
    cls.join(store, anna, made.join_code, consent=True)
    assert _seen_by_teacher(store, teacher, made) == {"anna", "boris"}


def test_a_learner_leaves_only_a_class_they_are_in_and_only_for_themselves(store: ProgressStore) -> None:
    teacher, made, _ = _class(store)
    other = cls.create_class(store, teacher, "Friday club")  # a class anna is not in
    anna = _account(store, "anna")
    for class_id in (other.id, "no-such-class", ""):
        with pytest.raises(TutorError, match="^you are not in that class$"):  # the same line: names no class
            cls.leave(store, anna, class_id)
    roster.archive(store, teacher, made.id, ["boris"])
    cls.leave(store, anna, made.id)  # anna's leaving takes nobody else with her
    assert roster.archived(store, teacher, made.id) == ["boris"]
    cls.leave(store, _account(store, "boris"), made.id)  # archived, he leaves too (stop 60's second audit)
    assert roster.archived(store, teacher, made.id) == []
    with pytest.raises(TutorError):  # a teacher is no member of their own class
        cls.leave(store, teacher, made.id)


def test_leaving_on_the_account_page_asks_first_then_the_teacher_no_longer_sees_her(db: Path) -> None:
    with open_store(db) as store:
        teacher, made, codes = _class(store)
    at = app_test()
    at.run()
    class_app.sign_in(at, "anna", codes["anna"])
    at.switch_page(SIGN_IN)
    at.run()
    assert any("Thursday club" in c.value for c in at.caption)
    at.selectbox(key="leave_class").set_value(made.id)
    at.button[[b.label for b in at.button].index("Leave the class")].click()
    at.run()
    assert at.error and "tick the box" in at.error[0].value  # not ticked: nothing done
    with open_store(db) as store:
        assert "anna" in cls.members(store, teacher, made.id)
    at.checkbox(key="leave_sure").check()
    at.button[[b.label for b in at.button].index("Leave the class")].click()
    at.run()
    assert not at.exception and any("You left Thursday club" in s.value for s in at.success)
    assert not any("Your classes" in c.value for c in at.caption)  # the list drawn after the leaving
    with open_store(db) as store:
        assert cls.members(store, teacher, made.id) == ["boris"]
