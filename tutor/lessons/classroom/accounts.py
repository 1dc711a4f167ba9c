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

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from tutor.engine.errors import TutorError
from tutor.lessons.progress import ProgressStore, check_learner_name, from_ts, to_ts

Role = Literal["learner", "teacher"]
ROLES: tuple[Role, ...] = ("learner", "teacher")
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
DEFAULT_HOURS = 72
MAX_HOURS = 24 * 30
MAX_FAILED = 10
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


def create_account(store: ProgressStore, name: str, role: Role, *, by: Account | None = None,
                   oidc_subject: str | None = None, hours: int = DEFAULT_HOURS,
                   now: datetime | None = None) -> str:
    """Create an account and return its first quick-login code (shown once, stored only hashed).

    ``by`` is the teacher creating it; ``None`` only for the first teacher (the command line), and
    only while no teacher exists.
    """
    if role not in ROLES:
        raise TutorError(f"a role is one of {', '.join(ROLES)}, not {role!r}")
    name = check_learner_name(name)
    if by is None:
        if any(a.is_teacher for a in accounts(store)):
            raise TutorError("a teacher exists already: accounts are created by a teacher now")
    elif not by.is_teacher:
        raise TutorError("only a teacher creates accounts")
    if oidc_subject is not None and not 0 < len(oidc_subject) <= 200:  # noqa: PLR2004
        raise TutorError("an identity provider's subject is 1 to 200 characters")
    when = now or datetime.now(UTC)
    code = _code()
    store.add_learner(name, now=when)
    with store.writing("written; the account was not created") as conn:
        if conn.execute("SELECT 1 FROM accounts WHERE name = ?", (name,)).fetchone():
            raise TutorError(f"there is an account called {name!r} already")
        conn.execute(
            "INSERT INTO accounts (name, role, code_hash, code_expires, failed, oidc_subject, created_by,"
            " created_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?)",
            (name, role, _HASHER.hash(code), to_ts(when + timedelta(hours=_hours(hours))), oidc_subject,
             by.name if by else None, to_ts(when)))
    return code


def new_code(store: ProgressStore, name: str, *, by: Account | None, hours: int = DEFAULT_HOURS,
             now: datetime | None = None) -> str:
    """A fresh quick-login code for ``name`` (the old one stops working); a teacher's act, or the
    command line's (``by=None``)."""
    if by is not None and not by.is_teacher:
        raise TutorError("only a teacher issues quick-login codes")
    when = now or datetime.now(UTC)
    code = _code()
    with store.writing("written; no new code was made") as conn:
        done = conn.execute("UPDATE accounts SET code_hash = ?, code_expires = ?, failed = 0 WHERE name = ?",
                            (_HASHER.hash(code), to_ts(when + timedelta(hours=_hours(hours))), name))
        if not done.rowcount:
            raise TutorError(f"there is no account called {name!r}")
    return code


def sign_in(store: ProgressStore, name: str, code: str, *, now: datetime | None = None) -> Account:
    """The account ``name`` if ``code`` is its current, unexpired quick-login code; else
    :class:`SignInError` (the same line whatever was wrong). A wrong code counts towards ten."""
    when = now or datetime.now(UTC)
    typed = "".join(code.split()).upper()[:40]
    rows = store.read_rows("SELECT code_hash, code_expires, failed FROM accounts WHERE name = ?",
                           (name.strip()[:60],))
    if not rows or not typed or rows[0][0] is None:
        raise SignInError(_REFUSED)
    hashed, expires, failed = rows[0]
    if failed >= MAX_FAILED or from_ts(expires) < when:
        raise SignInError(_REFUSED)
    try:
        _HASHER.verify(hashed, typed)
    except (VerificationError, InvalidHashError):
        with store.writing("written") as conn:
            conn.execute("UPDATE accounts SET failed = failed + 1 WHERE name = ?", (name.strip(),))
        raise SignInError(_REFUSED) from None
    found = account(store, name.strip())
    if found is None:
        raise SignInError(_REFUSED)
    return found


def account_for_subject(store: ProgressStore, subject: str) -> Account | None:
    """The account an identity provider's user (``st.user``'s subject or e-mail) maps to, if any."""
    rows = store.read_rows("SELECT name FROM accounts WHERE oidc_subject = ?", (subject[:200],))
    return account(store, rows[0][0]) if rows else None
