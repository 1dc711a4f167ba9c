"""The class-mode tests' common ground (issue 30): the app's own SQLite database in a temporary
directory (the ``db`` fixture: ``TUTOR_DB`` set, ``TUTOR_DATABASE_URL`` unset), signing in on the page,
and quick-login codes hashed at Argon2id's smallest cost (``cheap_codes``). A module takes a fixture
with ``db = class_app.db``."""

from __future__ import annotations

from pathlib import Path

import pytest
from argon2 import PasswordHasher
from streamlit.testing.v1 import AppTest

from tutor.lessons.classroom import accounts
from tutor.lessons.progress import ProgressStore

SIGN_IN = "tutor/ui/pages/sign_in.py"
#: The tutor's own hasher (its parameters are checked in tests/test_classroom.py).
REAL_HASHER = accounts._HASHER


@pytest.fixture(autouse=True)
def cheap_codes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Codes hashed with Argon2id at its smallest cost (8 KiB, one pass: 0.3 ms, not 0.3 s of CPU a
    hash or a sign-in). What the tests check of the codes - never stored in clear, short, expiring,
    ten wrong tries, the same refusal for a wrong name - does not depend on the cost; the tutor's own
    parameters are checked on their own."""
    monkeypatch.setattr(accounts, "_HASHER", cheap_hasher())


def cheap_hasher() -> PasswordHasher:
    """Argon2id at its smallest cost (:func:`cheap_codes`), for a test that sets it itself."""
    return PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "class.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(path))
    monkeypatch.delenv("TUTOR_DATABASE_URL", raising=False)
    return path


def sign_in(at: AppTest, name: str, code: str) -> None:
    """On the sign-in page of the app ``at`` runs: the name and the code, then "Sign in"."""
    at.switch_page(SIGN_IN)
    at.run()
    at.text_input(key="signin_name").input(name)
    at.text_input(key="signin_code").input(code)
    at.button[[b.label for b in at.button].index("Sign in")].click()
    at.run()
    assert not at.exception, at.exception


def account_named(store: ProgressStore, name: str) -> accounts.Account:
    """The account called ``name``, which the test has made."""
    found = accounts.account(store, name)
    assert found is not None
    return found
