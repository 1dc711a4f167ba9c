"""Class mode's accounts against a hostile teacher or visitor (docs/classes.md, "Accounts and roles"),
on both back ends (tests/store_backends.py):

- a teacher issues a quick-login code only for a learner they created or teach (or for themselves),
  never for another teacher; the refusal is one line, the same whether the name exists or not, and the
  target's code keeps working; the command line (the administrator) keeps its power;
- "a refusal says the same line whether the name or the code was wrong": it costs the same work too,
  one hash verification, whatever was wrong (counted, never timed);
- an e-mail that is already another account's is refused in one line, and a refused account leaves
  no profile behind;
- the first teacher is refused once a teacher exists, also when two are created at the same moment;
- an identity provider's subject matches an account only whole, never by its first 200 characters.
"""

from __future__ import annotations

import contextlib
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal

import class_app
import pytest
from argon2 import PasswordHasher
from work_bounds import HANG_GUARD

from tutor.cli import main
from tutor.engine.errors import TutorError
from tutor.lessons.classroom import accounts as acc
from tutor.lessons.classroom import classes as cls
from tutor.lessons.classroom import roster
from tutor.lessons.progress import ProgressStore, open_store

cheap_codes = class_app.cheap_codes  # quick-login codes hashed at Argon2id's smallest cost
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _make(store: ProgressStore, name: str, role: acc.Role, by: acc.Account | None) -> tuple[acc.Account, str]:
    code = acc.create_account(store, name, role, by=by, now=T0)
    found = acc.account(store, name)
    assert found is not None
    return found, code


def _school(store: ProgressStore) -> dict[str, tuple[acc.Account, str]]:
    """Two teachers; Orlova created anna, Petrov created boris (in Petrov's class) and clara, who
    joined Orlova's class; dmitri is in Orlova's class but archived; Petrov's class also has eva."""
    made = {"Orlova": _make(store, "Orlova", "teacher", None)}
    orlova = made["Orlova"][0]
    made["Petrov"] = _make(store, "Petrov", "teacher", orlova)
    petrov = made["Petrov"][0]
    made["anna"] = _make(store, "anna", "learner", orlova)
    for name in ("boris", "clara", "dmitri", "eva"):
        made[name] = _make(store, name, "learner", petrov)
    hers, his = cls.create_class(store, orlova, "Orlova's club"), cls.create_class(store, petrov, "Petrov's club")
    cls.join(store, made["boris"][0], his.join_code, consent=True)
    cls.join(store, made["eva"][0], his.join_code, consent=True)
    cls.join(store, made["clara"][0], hers.join_code, consent=True)
    cls.join(store, made["dmitri"][0], hers.join_code, consent=True)
    roster.archive(store, orlova, hers.id, ["dmitri"])
    return made


def _still_signs_in(store: ProgressStore, name: str, code: str) -> bool:
    return acc.sign_in(store, name, code, now=T0).name == name


# -- 1. a new code: only for the teacher's own learners


def test_a_teacher_cannot_issue_a_code_for_another_teacher_or_their_learners(store: ProgressStore) -> None:
    """The audit: Orlova typed Petrov's name in "A new code for", signed in as him and read his class."""
    made = _school(store)
    orlova = made["Orlova"][0]
    refusals = []
    for target in ("Petrov", "boris", "eva", "Nobody"):
        with pytest.raises(TutorError) as refused:
            acc.new_code(store, target, by=orlova, now=T0)
        refusals.append(str(refused.value).replace(repr(target), "NAME"))
    assert len(set(refusals)) == 1, refusals  # "not yours" and "no such account" read the same
    assert "\n" not in refusals[0]
    for target in ("Petrov", "boris", "eva"):  # their codes were not changed
        assert _still_signs_in(store, target, made[target][1])


def test_a_teacher_issues_a_code_for_learners_they_created_or_teach_and_for_themselves(
        store: ProgressStore) -> None:
    made = _school(store)
    orlova = made["Orlova"][0]
    # anna: created by Orlova; clara: in Orlova's class; dmitri: archived from it; Orlova herself
    for target in ("anna", "clara", "dmitri", "Orlova"):
        fresh = acc.new_code(store, target, by=orlova, now=T0)
        assert _still_signs_in(store, target, fresh)
        with pytest.raises(acc.SignInError):  # the old one stopped working
            acc.sign_in(store, target, made[target][1], now=T0)


def test_the_command_line_still_issues_a_code_for_any_account(store: ProgressStore) -> None:
    _school(store)
    for target in ("Orlova", "Petrov", "eva"):  # docs/classes.md: `tutor accounts --new-code NAME`
        assert _still_signs_in(store, target, acc.new_code(store, target, by=None, now=T0))
    with pytest.raises(TutorError, match="no account called 'Nobody'"):
        acc.new_code(store, "Nobody", by=None, now=T0)


def test_a_teacher_demoted_since_the_page_read_them_issues_nothing(store: ProgressStore) -> None:
    """``by`` is what the page read at the start of the run; the act checks the database again."""
    made = _school(store)
    stale = acc.Account("anna", "teacher")  # anna is a learner in the database
    with pytest.raises(TutorError, match="only a teacher"):
        acc.new_code(store, "clara", by=stale, now=T0)
    assert _still_signs_in(store, "clara", made["clara"][1])


# -- 2. every sign-in refusal does the same work: one hash verification


class CountingHasher(PasswordHasher):
    """The cheap hasher (class_app), counting its verifications."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.verified = 0

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:  # noqa: A002 (argon2's own name)
        self.verified += 1
        return super().verify(hash, password)


def test_every_sign_in_refusal_verifies_one_hash(store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unknown name was refused without any hash checked (0.1 ms), a known one after Argon2id
    (100 ms): the time told which names exist. Each refusal now verifies one hash."""
    hasher = CountingHasher()
    monkeypatch.setattr(acc, "_HASHER", hasher)
    teacher, _ = _make(store, "Orlova", "teacher", None)
    acc.create_account(store, "anna", "learner", by=teacher, hours=2, now=T0)
    acc.create_account(store, "boris", "learner", by=teacher, now=T0)
    for _ in range(acc.MAX_FAILED):  # boris's code is void now
        with pytest.raises(acc.SignInError):
            acc.sign_in(store, "boris", "WRONG234", now=T0)
    cases = {"an unknown name": ("nobody", "WRONG234", T0),
             "a known name, a wrong code": ("anna", "WRONG234", T0),
             "an expired code": ("anna", "WRONG234", T0 + timedelta(hours=3)),
             "a void code": ("boris", "WRONG234", T0),
             "an empty code": ("anna", "", T0),
             "a name too long to be one": ("anna" + "x" * 80, "WRONG234", T0)}
    for why, (name, code, when) in cases.items():
        before = hasher.verified
        with pytest.raises(acc.SignInError):
            acc.sign_in(store, name, code, now=when)
        assert hasher.verified - before == 1, why


# -- 3. a repeated e-mail, and nothing written for a refused account


def test_an_e_mail_already_in_use_is_refused_in_one_line_and_writes_nothing(store: ProgressStore) -> None:
    """It was the store's "database is damaged" message, naming the server's file."""
    acc.create_account(store, "Orlova", "teacher", oidc_subject="orlova@school.org", now=T0)
    teacher = acc.account(store, "Orlova")
    assert teacher is not None
    acc.create_account(store, "anna", "learner", by=teacher, oidc_subject="anna@school.org", now=T0)
    for subject in ("anna@school.org", "orlova@school.org"):
        with pytest.raises(TutorError) as refused:
            acc.create_account(store, "mallory", "learner", by=teacher, oidc_subject=subject, now=T0)
        message = str(refused.value)
        assert "another account has that e-mail" in message
        assert "\n" not in message and "damaged" not in message and str(store.path) not in message
    assert "mallory" not in store.learners()
    assert [a.name for a in acc.accounts(store)] == ["Orlova", "anna"]
    assert acc.account_for_subject(store, "anna@school.org") == acc.account(store, "anna")


@pytest.mark.parametrize("refused", [{"hours": 0}, {"hours": 10**6}, {"hours": True},
                                     {"oidc_subject": "x" * 201}, {"oidc_subject": ""}])
def test_a_refused_account_leaves_no_profile_behind(store: ProgressStore, refused: dict[str, object]) -> None:
    """The profile was added before the code's length was checked: a refusal left "mallory" behind."""
    teacher, _ = _make(store, "Orlova", "teacher", None)
    with pytest.raises(TutorError):
        acc.create_account(store, "mallory", "learner", by=teacher, now=T0, **refused)  # type: ignore[arg-type]
    assert store.learners() == ["Orlova"]
    assert [a.name for a in acc.accounts(store)] == ["Orlova"]


def test_a_second_first_teacher_leaves_no_profile_behind(store: ProgressStore) -> None:
    _make(store, "Orlova", "teacher", None)
    with pytest.raises(TutorError, match="a teacher exists already"):
        acc.create_account(store, "mallory", "teacher", by=None, now=T0)
    assert store.learners() == ["Orlova"]


def test_the_command_line_refuses_a_bad_length_before_the_database_is_touched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "class.db"
    assert main(["accounts", "--create-teacher", "", "--db", str(db)]) == 2  # noqa: PLR2004
    assert capsys.readouterr().err.count("\n") == 1
    assert not db.exists()  # a refused name created no database


# -- 4. two first teachers at the same moment


def test_two_first_teachers_created_at_once_make_one_teacher(target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``tutor accounts --create-teacher`` twice at the same moment: both read "no teacher yet", both
    were created. Two stores on one database, each held until the other has got as far (the codes
    are drawn), then both go on: exactly one is created, the other refused."""
    with open_store(target) as s:
        assert acc.accounts(s) == []  # the database made first, so both only add an account
    meet = threading.Barrier(2)
    draw = acc._code

    def held() -> str:
        with contextlib.suppress(threading.BrokenBarrierError):  # the other went on already: nothing to meet
            meet.wait(timeout=HANG_GUARD)
        return draw()

    monkeypatch.setattr(acc, "_code", held)
    outcome: dict[str, str] = {}

    def create(name: str) -> None:
        with open_store(target) as s:
            try:
                acc.create_account(s, name, "teacher", by=None)
                outcome[name] = "created"
            except TutorError as err:
                outcome[name] = str(err)

    threads = [threading.Thread(target=create, args=(n,)) for n in ("Ann", "Ben")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=HANG_GUARD)
    with open_store(target) as s:
        teachers = [a.name for a in acc.accounts(s) if a.is_teacher]
        assert len(teachers) == 1, teachers
        assert s.learners() == teachers  # the refused one left no profile either
    assert sorted(outcome.values())[0] == "a teacher exists already: accounts are created by a teacher now"
    assert outcome[teachers[0]] == "created"


# -- 5. a subject matches whole


def test_a_longer_subject_sharing_the_first_200_characters_matches_nothing(store: ProgressStore) -> None:
    teacher, _ = _make(store, "Orlova", "teacher", None)
    mail = "x" * 188 + "@school.org" + "a"  # 200 characters, the longest allowed
    assert len(mail) == 200  # noqa: PLR2004
    acc.create_account(store, "longmail", "learner", by=teacher, oidc_subject=mail, now=T0)
    assert acc.account_for_subject(store, mail) == acc.account(store, "longmail")
    assert acc.account_for_subject(store, mail + "@attacker.example") is None
    assert acc.account_for_subject(store, mail + "x" * 10_000) is None
    assert acc.account_for_subject(store, "") is None
