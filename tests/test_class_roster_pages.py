"""The teacher's view's roster in the app (issue 30): a teacher archives several learners, restores
one, moves several to another of their classes; a tampered session (a pick naming another teacher's
learner) or an account that is no longer a teacher's is refused and changes nothing. (A move to another
teacher's class cannot be picked on the page — the list holds the teacher's own — and is refused by the
store: tests/test_class_roster.py.) The store's rules are
tested on both back ends in tests/test_class_roster.py; here the page, on SQLite."""

from __future__ import annotations

from pathlib import Path

import class_app
from app_pages import app_test
from class_app import sign_in
from streamlit.testing.v1 import AppTest

from tutor.lessons.classroom import accounts as acc
from tutor.lessons.classroom import classes as cls
from tutor.lessons.progress import open_store

TEACHER = "tutor/ui/pages/teacher.py"
db = class_app.db  # the app's own SQLite database
cheap_codes = class_app.cheap_codes  # quick-login codes hashed at Argon2id's smallest cost


def _set_up(db: Path) -> tuple[str, dict[str, str]]:
    """Mrs Orlova (Thursday club: anna, boris, clara; Friday club) and Mr Petrov (his class: dima)."""
    with open_store(db) as store:
        code = acc.create_account(store, "Mrs Orlova", "teacher")
        orlova = acc.account(store, "Mrs Orlova")
        assert orlova is not None
        ids = {"thursday": cls.create_class(store, orlova, "Thursday club").id,
               "friday": cls.create_class(store, orlova, "Friday club").id}
        acc.create_account(store, "Mr Petrov", "teacher", by=orlova)
        petrov = acc.account(store, "Mr Petrov")
        assert petrov is not None
        his = cls.create_class(store, petrov, "Petrov's class")
        ids["his"] = his.id
        for name in ("anna", "boris", "clara", "dima"):
            acc.create_account(store, name, "learner", by=orlova)
            who = acc.account(store, name)
            assert who is not None
            cls.join(store, who, his.join_code if name == "dima" else cls.classes_of(store, orlova)[0].join_code,
                     consent=True)
    return code, ids


def _members(db: Path) -> list[tuple[str, str, bool]]:
    with open_store(db) as store:
        return sorted((c, n, a is not None) for c, n, a in store.read_rows("SELECT class_id, learner, archived_at"
                                                                          " FROM members"))


def _teacher_page(code: str) -> AppTest:
    at = app_test()
    at.run()
    sign_in(at, "Mrs Orlova", code)
    at.switch_page(TEACHER)
    at.run()
    assert not at.exception, at.exception
    return at


def _learners_listed(at: AppTest) -> list[str]:
    return list(next(d.value for d in at.dataframe if "answers" in d.value.columns)["learner"])


def test_a_teacher_archives_restores_and_moves_several_learners(db: Path) -> None:
    code, ids = _set_up(db)
    at = _teacher_page(code)
    assert _learners_listed(at) == ["anna", "boris", "clara"]
    at.multiselect(key="teacher_roster_pick").set_value(["anna", "boris"])
    at.button(key="teacher_roster_archive_button").click()
    at.run()
    assert not at.exception, at.exception
    assert "Archived: anna, boris." in [s.value for s in at.success]
    assert _learners_listed(at) == ["clara"]
    assert (ids["thursday"], "anna", True) in _members(db) and (ids["thursday"], "boris", True) in _members(db)
    at.multiselect(key="teacher_roster_archived").set_value(["boris"])
    at.button(key="teacher_roster_restore_button").click()
    at.run()
    assert _learners_listed(at) == ["boris", "clara"]
    at.multiselect(key="teacher_roster_pick").set_value(["boris", "clara"])
    at.selectbox(key="teacher_roster_to").set_value(ids["friday"])
    at.button(key="teacher_roster_move_button").click()
    at.run()
    assert not at.exception, at.exception
    assert "Moved: boris, clara." in [s.value for s in at.success]
    assert _members(db) == sorted([(ids["thursday"], "anna", True), (ids["friday"], "boris", False),
                                   (ids["friday"], "clara", False), (ids["his"], "dima", False)])


def test_a_tampered_roster_request_is_refused_and_changes_nothing(db: Path) -> None:
    code, ids = _set_up(db)
    at = _teacher_page(code)
    before = _members(db)
    at.session_state["teacher_roster_pick"] = ["anna", "dima"]  # dima is Mr Petrov's learner
    at.button(key="teacher_roster_archive_button").click()
    at.run()
    assert not at.exception, at.exception
    assert _members(db) == before
    assert any("nothing was changed" in e.value for e in at.error)
    assert "Petrov" not in " ".join(e.value for e in at.error)  # the refusal names nothing of his
    # the account is read again when the button acts: one no longer a teacher archives no one
    at.session_state["teacher_roster_pick"] = ["anna"]
    with open_store(db) as store, store.writing() as conn:
        conn.execute("UPDATE accounts SET role = 'learner' WHERE name = 'Mrs Orlova'")
    at.button(key="teacher_roster_archive_button").click()
    at.run()
    assert not at.exception, at.exception
    assert _members(db) == before
    assert "Archive or move learners" not in [e.label for e in at.expander]  # nor sees the teacher's view
