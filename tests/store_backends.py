"""The store's back ends as fixtures, for every store test: ``target`` is where a new, empty store
lives — an SQLite file, or a database on a real PostgreSQL server (``pg_server``, started once per
test process by tests/pg_server.py; its tests carry the ``postgres`` mark: ``pytest -m postgres``) —
and ``store`` a store opened there (a module may define a ``store`` of its own, which then wins).

Every test module has them from tests/conftest.py, which declares them once: a module that assigned
them itself would get fixtures of its own, and each such module its own PostgreSQL server.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from pg_server import INSTALL, PgServer

if TYPE_CHECKING:  # the store is imported by the tests that open one, not by the conftest's import
    from tutor.lessons.progress import ProgressStore


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    why = PgServer.missing()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"{why}: the PostgreSQL tests must run in CI")
        pytest.skip(f"{why}; install it with: {INSTALL}")
    server = PgServer().start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a new, empty store lives: a file path, or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "progress.sqlite3")
    server: PgServer = request.getfixturevalue("pg_server")
    return server.database()


@pytest.fixture
def store(target: str) -> Iterator[ProgressStore]:
    """A new store on each back end."""
    from tutor.lessons.progress import open_store

    with open_store(target) as s:
        yield s
