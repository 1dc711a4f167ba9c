"""The class pages' tests' common ground (issue 30): the app's own SQLite database in a temporary
directory (the ``db`` fixture: ``TUTOR_DB`` set, ``TUTOR_DATABASE_URL`` unset) and signing in on the
page. A module takes the fixture with ``db = class_app.db``."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

SIGN_IN = "tutor/ui/pages/sign_in.py"


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
