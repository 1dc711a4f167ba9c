"""One connection to the progress database, SQLite or PostgreSQL, through SQLAlchemy.

The store writes its SQL once, with ``?`` placeholders and the statements both databases share
(``INSERT … ON CONFLICT DO NOTHING``, ``ON CONFLICT (…) DO UPDATE``, ``RETURNING``); this module
gives each database its placeholder and turns SQLAlchemy's wrapped errors back into the driver's
own, so the store's messages (locked, damaged, unreachable) stay the same for both.

The connection runs in autocommit mode and the store opens its transactions itself: SQLite's
``BEGIN IMMEDIATE`` (writers queue on the file's lock, up to the timeout), PostgreSQL's ``BEGIN``
followed by a transaction-level advisory lock, so writers queue the same way on both and an
answer's schedule is never advanced from a stale read.

``TUTOR_DATABASE_URL`` (``postgresql+psycopg://user@host/db``) selects PostgreSQL; without it the
store is the SQLite file it always was.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TypeAlias

import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from tutor.engine.errors import TutorError

URL_VAR = "TUTOR_DATABASE_URL"
#: the advisory lock every PostgreSQL writer of the store takes (any fixed number; "vint" in ASCII)
WRITE_LOCK = 0x76696E74


#: A value of the store's columns (Integer, BigInteger, Float, Text, or NULL) as both drivers give it.
SqlValue: TypeAlias = int | float | str | None
#: A row of a statement's result.
SqlRow: TypeAlias = tuple[SqlValue, ...]


class Rows:
    """A statement's result: rows as plain tuples, the count of rows changed."""

    def __init__(self, rows: list[SqlRow], rowcount: int) -> None:
        self._rows, self.rowcount = rows, rowcount

    def fetchone(self) -> SqlRow | None:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[SqlRow]:
        return list(self._rows)

    def __iter__(self) -> Iterator[SqlRow]:
        return iter(self._rows)


def database_url() -> str | None:
    """``$TUTOR_DATABASE_URL`` when set (a PostgreSQL server), else ``None`` (the SQLite file)."""
    return os.environ.get(URL_VAR, "").strip() or None


def is_url(target: str | os.PathLike[str]) -> bool:
    return isinstance(target, str) and bool(re.match(r"^postgres(ql)?(\+\w+)?://", target))


def shown_url(url: str) -> str:
    """The URL with any password hidden (it appears in messages and on the Progress page)."""
    return re.sub(r"://([^:/@]+):[^@]*@", r"://\1:***@", url)


class Connection:
    """The store's one connection; ``execute`` takes ``?`` placeholders on both databases."""

    def __init__(self, target: Path | str, timeout: float) -> None:
        self.dialect = "postgresql" if isinstance(target, str) else "sqlite"
        if isinstance(target, str):
            url = sa.engine.make_url(target)
            if url.drivername in ("postgres", "postgresql"):
                url = url.set(drivername="postgresql+psycopg")
            args: dict[str, object] = {"connect_timeout": max(1, int(timeout))}
        else:
            url = sa.engine.URL.create("sqlite", database=str(target))
            args = {"timeout": timeout, "check_same_thread": False, "isolation_level": None}
        try:
            self._engine = sa.create_engine(url, connect_args=args, poolclass=NullPool)
        except ImportError:
            raise TutorError("the progress database is on PostgreSQL but its driver is not installed: "
                             "pip install 'vint-tutor[class]' (psycopg)") from None
        try:
            self._sa = self._engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        except DBAPIError as err:
            raise _driver_error(err) from None

    @property
    def raw(self) -> sqlite3.Connection:
        """SQLite's own connection (its online backup and the frozen SQLite migrations: SQLite only)."""
        driver = self._sa.connection.dbapi_connection
        if not isinstance(driver, sqlite3.Connection):
            raise TypeError(f"only an SQLite store has SQLite's own connection, not {self.dialect}")
        return driver

    @property
    def sa(self) -> sa.Connection:
        """The SQLAlchemy connection (Alembic runs the migrations on it)."""
        return self._sa

    def execute(self, sql: str, params: Sequence[object] = ()) -> Rows:
        if self.dialect == "postgresql":
            sql = sql.replace("?", "%s")
        try:
            result = self._sa.exec_driver_sql(sql, tuple(params)) if params else self._sa.exec_driver_sql(sql)
            rows = [tuple(r) for r in result.fetchall()] if result.returns_rows else []
            return Rows(rows, result.rowcount)
        except DBAPIError as err:
            raise _driver_error(err) from None

    def begin_write(self) -> None:
        """Open a write transaction that waits for the other writers (see the module's docstring)."""
        if self.dialect == "sqlite":
            self.execute("BEGIN IMMEDIATE")
        else:
            self.execute("BEGIN")
            self.execute("SELECT pg_advisory_xact_lock(?)", (WRITE_LOCK,))

    def close(self) -> None:
        try:
            self._sa.close()
        finally:
            self._engine.dispose()


def _driver_error(err: DBAPIError) -> BaseException:
    orig = err.orig
    return orig if isinstance(orig, BaseException) else err
