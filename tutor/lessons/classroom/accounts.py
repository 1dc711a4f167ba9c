"""Accounts, roles and short quick-login codes (issue 30).

A teacher creates a learner's account and is shown a **quick-login code** once: eight letters and
digits from an alphabet without look-alikes (``0/O``, ``1/I/L``), valid for a stated number of hours
(72 by default, at most 30 days). Only its Argon2id hash (``argon2-cffi``) is stored, never the code;
after ten wrong tries the code is void and the teacher issues a new one. The first teacher is created
at the command line (``tutor accounts --create-teacher NAME``). Roles (``learner``, ``teacher``) live
in the tutor's database, not in an identity provider's token; with ``st.login`` (OIDC) an account is
found by the provider's subject, which the teacher entered when creating it.

When no account exists the tutor is in single-user mode, exactly as before: no sign-in, profiles
picked from the list.
"""

from __future__ import annotations

import contextlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal, NoReturn

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from tutor.engine.errors import TutorError
from tutor.lessons.progress import ProgressStore, check_learner_name, from_ts, to_ts
from tutor.lessons.progress.connection import Connection

Role = Literal["learner", "teacher"]
ROLES: tuple[Role, ...] = ("learner", "teacher")
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
DEFAULT_HOURS = 72
MAX_HOURS = 24 * 30
MAX_FAILED = 10
MAX_SUBJECT = 200  # an identity provider's subject (the e-mail the teacher entered)
MAX_NAME = 60  # longer than any account's name (check_learner_name: 40)
_HASHER = PasswordHasher()  # Argon2id with the library's recommended parameters
_REFUSED = "That name and code do not open an account: check both, or ask your teacher for a new code."


class SignInError(TutorError):
    """A sign-in was refused; the message does not say whether the name or the code was wrong."""


@dataclass(frozen=True)
class Account:
    """Who is signed in, as the database says now (read again on every request)."""

    name: str
    role: Role
    oidc_subject: str | None = None

    @property
    def is_teacher(self) -> bool:
        return self.role == "teacher"


def any_accounts(store: ProgressStore) -> bool:
    """Whether class mode is on (an account exists); else the tutor is in single-user mode."""
    return bool(store.read_rows("SELECT 1 FROM accounts LIMIT 1"))


def account(store: ProgressStore, name: str) -> Account | None:
    rows = store.read_rows("SELECT name, role, oidc_subject FROM accounts WHERE name = ?", (name,))
    if not rows:
        return None
    name, role, subject = rows[0]
    return Account(name, "teacher" if role == "teacher" else "learner", subject)


def accounts(store: ProgressStore) -> list[Account]:
    rows = store.read_rows("SELECT name, role, oidc_subject FROM accounts ORDER BY name")
    return [Account(n, "teacher" if r == "teacher" else "learner", s) for n, r, s in rows]


def _code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _hours(hours: int) -> int:
    if isinstance(hours, bool) or not isinstance(hours, int) or not 1 <= hours <= MAX_HOURS:
        raise TutorError(f"a quick-login code lasts from 1 to {MAX_HOURS} hours, not {hours!r}")
    return hours


def _by_teacher(conn: Connection, by: Account, refusal: str) -> None:
    """``by`` is a teacher as the database says now, in the act's own transaction (the page read the
    account at the start of its run; a teacher demoted since acts as no one)."""
    row = conn.execute("SELECT role FROM accounts WHERE name = ?", (by.name,)).fetchone()
    if not by.is_teacher or row is None or row[0] != "teacher":
        raise TutorError(refusal)


def _subject(oidc_subject: str | None) -> str | None:
    if oidc_subject is not None and not 0 < len(oidc_subject) <= MAX_SUBJECT:
        raise TutorError(f"an identity provider's subject is 1 to {MAX_SUBJECT} characters")
    return oidc_subject


def create_account(store: ProgressStore, name: str, role: Role, *, by: Account | None = None,
                   oidc_subject: str | None = None, hours: int = DEFAULT_HOURS,
                   now: datetime | None = None) -> str:
    """Create an account and return its first quick-login code (shown once, stored only hashed).

    ``by`` is the teacher creating it (a learner's or another teacher's account: docs/classes.md,
    "every other account is created by a teacher"); ``None`` only for the first teacher (the command
    line), and only while no teacher exists. Everything is checked before anything is written, and
    what depends on the other accounts (a teacher yet, the name, the e-mail) in the write transaction
    itself, so two creations at once cannot both pass; a refusal writes nothing, not even the profile.
    """
    if role not in ROLES:
        raise TutorError(f"a role is one of {', '.join(ROLES)}, not {role!r}")
    name = check_learner_name(name)
    if by is not None and not by.is_teacher:
        raise TutorError("only a teacher creates accounts")
    oidc_subject = _subject(oidc_subject)
    when = now or datetime.now(UTC)
    expires = to_ts(when + timedelta(hours=_hours(hours)))
    code = _code()
    hashed = _HASHER.hash(code)  # before the transaction: other writers do not wait for Argon2
    with store.writing("written; the account was not created") as conn:
        if by is None:
            if conn.execute("SELECT 1 FROM accounts WHERE role = 'teacher' LIMIT 1").fetchone():
                raise TutorError("a teacher exists already: accounts are created by a teacher now")
        else:
            _by_teacher(conn, by, "only a teacher creates accounts")
        if conn.execute("SELECT 1 FROM accounts WHERE name = ?", (name,)).fetchone():
            raise TutorError(f"there is an account called {name!r} already")
        if oidc_subject is not None and conn.execute("SELECT 1 FROM accounts WHERE oidc_subject = ?",
                                                     (oidc_subject,)).fetchone():
            raise TutorError("another account has that e-mail: each account has its own")
        conn.execute("INSERT INTO learners (name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                     (name, to_ts(when)))  # the account's profile (as store.add_learner), in this transaction
        conn.execute(
            "INSERT INTO accounts (name, role, code_hash, code_expires, failed, oidc_subject, created_by,"
            " created_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?)",
            (name, role, hashed, expires, oidc_subject, by.name if by else None, to_ts(when)))
    return code


#: a learner account whose code ``teacher`` may renew: in no class (as a member, archived or not) of any other
#: teacher, and either a member (archived or not) of one of this teacher's classes, or created by this teacher
#: and never gone from one of their classes (:func:`~tutor.lessons.classroom.classes.leave` clears
#: ``created_by`` when a learner leaves a class of the teacher who created them). Parameters: the learner's
#: name, then the teacher's three times.
_TEACHERS_LEARNER = (
    "SELECT 1 FROM accounts a WHERE a.name = ? AND a.role = 'learner'"
    " AND NOT EXISTS (SELECT 1 FROM members m JOIN classes c ON c.id = m.class_id"
    "  WHERE m.learner = a.name AND c.teacher <> ?)"
    " AND (a.created_by = ? OR EXISTS (SELECT 1 FROM members m JOIN classes c ON c.id = m.class_id"
    "  WHERE m.learner = a.name AND c.teacher = ?))")


def new_code(store: ProgressStore, name: str, *, by: Account | None, hours: int = DEFAULT_HOURS,
             now: datetime | None = None) -> str:
    """A fresh quick-login code for ``name`` (the old one stops working).

    The command line's act (``by=None``, the administrator: any account), or a teacher's: for the teacher
    themselves, or for a learner (:data:`_TEACHERS_LEARNER`) who is in no other teacher's class and is in
    one of theirs (archived or not) or was created by them and has not left one of their classes since.
    Renewing a code lets the teacher sign in as the learner: a learner who left is not joined again by
    the teacher who created them, and a learner two teachers share is not taken over by either (the
    administrator renews theirs). Never for another teacher. A teacher's refusal is the same line
    whether the name exists or not, and changes nothing.
    """
    if by is not None and not by.is_teacher:
        raise TutorError("only a teacher issues quick-login codes")
    when = now or datetime.now(UTC)
    expires = to_ts(when + timedelta(hours=_hours(hours)))
    code = _code()
    hashed = _HASHER.hash(code)
    with store.writing("written; no new code was made") as conn:
        if by is None:
            if not conn.execute("SELECT 1 FROM accounts WHERE name = ?", (name,)).fetchone():
                raise TutorError(f"there is no account called {name!r}")
        else:
            _by_teacher(conn, by, "only a teacher issues quick-login codes")
            if name != by.name and not conn.execute(_TEACHERS_LEARNER, (name, by.name, by.name, by.name)).fetchone():
                raise TutorError(f"no learner of yours is called {name!r}: a teacher issues codes for the "
                                 "learners they created or teach and no other teacher does (the administrator "
                                 "issues the others')")
        conn.execute("UPDATE accounts SET code_hash = ?, code_expires = ?, failed = 0 WHERE name = ?",
                     (hashed, expires, name))
    return code


_dummy: list[tuple[PasswordHasher, str]] = []


def _refuse(typed: str) -> NoReturn:
    """Refuse a sign-in after verifying ``typed`` against a fixed dummy hash (made once with the
    hasher in use), so that an unknown name, a void or expired code cost the work a wrong code costs:
    the time taken does not tell which names exist."""
    if not _dummy or _dummy[0][0] is not _HASHER:
        _dummy[:] = [(_HASHER, _HASHER.hash(_code()))]
    with contextlib.suppress(VerificationError, InvalidHashError):
        _HASHER.verify(_dummy[0][1], typed)
    raise SignInError(_REFUSED)


def sign_in(store: ProgressStore, name: str, code: str, *, now: datetime | None = None) -> Account:
    """The account ``name`` if ``code`` is its current, unexpired quick-login code; else
    :class:`SignInError` (the same line, after the same work — one hash verification — whatever was
    wrong). A wrong code counts towards ten."""
    when = now or datetime.now(UTC)
    typed = "".join(code.split()).upper()[:40]
    name = name.strip()
    rows = store.read_rows("SELECT code_hash, code_expires, failed FROM accounts WHERE name = ?",
                           (name,)) if len(name) <= MAX_NAME else []
    if not rows or not typed or rows[0][0] is None:
        _refuse(typed)
    hashed, expires, failed = rows[0]
    if failed >= MAX_FAILED or expires is None or from_ts(expires) < when:
        _refuse(typed)
    try:
        _HASHER.verify(hashed, typed)
    except (VerificationError, InvalidHashError):
        with store.writing("written") as conn:
            conn.execute("UPDATE accounts SET failed = failed + 1 WHERE name = ?", (name,))
        raise SignInError(_REFUSED) from None
    found = account(store, name)
    if found is None:
        raise SignInError(_REFUSED)
    return found


def account_for_subject(store: ProgressStore, subject: str) -> Account | None:
    """The account an identity provider's user (``st.user``'s subject or e-mail) maps to, if any: the
    subject whole (one longer than any stored matches nothing; it was cut to its first 200
    characters, so a longer identity starting with an account's e-mail opened that account)."""
    if not 0 < len(subject) <= MAX_SUBJECT:
        return None
    rows = store.read_rows("SELECT name FROM accounts WHERE oidc_subject = ?", (subject,))
    return account(store, rows[0][0]) if rows else None
