"""Opening the progress database: checking what it is, backing it up, and bringing its schema up to date.

SQLite: a damaged, foreign or newer file is refused untouched; the file is switched to WAL with
``synchronous=FULL``; a file from before version 6 is copied aside, verified (:mod:`.backup`), and
brought to version 6 by the frozen steps (``schema.MIGRATIONS``). PostgreSQL: a database holding other
tables, or a newer schema, is refused; an empty one is given the schema. On both, Alembic then runs
every revision after version 6 (:mod:`.migrations`), inside the store's write transaction, so two
processes opening one new database at once migrate it once.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from tutor.lessons.progress.backup import BackupError, verified_backup
from tutor.lessons.progress.connection import Connection
from tutor.lessons.progress.errors import ENV_VAR, ProgressStoreError
from tutor.lessons.progress.schema import MIGRATIONS, schema_version_of

#: the last version reached by the frozen SQLite steps; Alembic's revisions go on from it
LEGACY_VERSION = max(MIGRATIONS)
#: the schema version of the newest Alembic revision (each revision sets ``schema_version``)
SCHEMA_VERSION = 8
#: the newest Alembic revision this tutor knows (tests hold it equal to the migrations' head)
ALEMBIC_HEAD = "v0008"
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

Transaction = Callable[[], contextlib.AbstractContextManager[Connection]]


def table_names(conn: Connection) -> set[str]:
    if conn.dialect == "sqlite":
        return {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    return {str(r[0]) for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}


def schema_version(conn: Connection) -> int:
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return schema_version_of(row)  # a damaged value is a DatabaseError: "damaged", nothing touched


def alembic_revision(conn: Connection, tables: set[str]) -> str | None:
    if "alembic_version" not in tables:
        return None
    row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    return str(row[0]) if row else None


def check(conn: Connection, where: Path | str, existed: bool) -> int:
    """The schema version; refuse damaged (SQLite), foreign or newer databases without touching them."""
    if not existed:
        return 0
    tables = table_names(conn)
    if conn.dialect == "sqlite":
        problems = [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
        if problems != ["ok"]:
            raise sqlite3.DatabaseError("; ".join(problems[:3]))
    if not tables:
        return 0
    if "schema_version" not in tables:
        kind = "an SQLite file" if conn.dialect == "sqlite" else "a database"
        raise ProgressStoreError(
            f"{where} is {kind} but not a Vint tutor progress database "
            f"(it has tables {', '.join(sorted(tables)[:10])}). The tutor has not changed it; "
            f"point {ENV_VAR}, --db or TUTOR_DATABASE_URL at another one.", path=where)
    version = schema_version(conn)
    if version > SCHEMA_VERSION:
        raise ProgressStoreError(
            f"The progress database {where} was written by a newer tutor (schema version "
            f"{version}; this tutor knows up to {SCHEMA_VERSION}). It has not been changed: "
            "upgrade the tutor to use it.", path=where)
    return version


def enable_wal(conn: Connection, timeout: float) -> None:
    """Switch to WAL; the switch skips SQLite's busy handler, so retry it up to the timeout."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err).lower() or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def prepare(conn: Connection, where: Path | str, timeout: float, existed: bool, transaction: Transaction) -> None:
    """Check, set up and migrate a database just connected to (see the module's docstring)."""
    version = check(conn, where, existed)
    if conn.dialect == "sqlite":
        enable_wal(conn, timeout)
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
    tables = table_names(conn)
    if version >= SCHEMA_VERSION and alembic_revision(conn, tables) == ALEMBIC_HEAD:
        return
    if conn.dialect == "sqlite" and existed and 0 < version < SCHEMA_VERSION:
        backup(conn, where, version)
    with transaction() as locked:
        if locked.dialect == "sqlite":
            tables = table_names(locked)  # read again under the lock: another process may have migrated
            start = schema_version(locked) if "schema_version" in tables else 0
            for target in range(start + 1, LEGACY_VERSION + 1):
                MIGRATIONS[target](locked.raw)
                locked.execute("UPDATE schema_version SET version = ?", (target,))
        alembic_upgrade(locked)


def alembic_upgrade(conn: Connection) -> None:
    """Every Alembic revision not yet applied, on the store's connection and inside its transaction."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = conn.sa
    command.upgrade(config, "head")


def backup(conn: Connection, where: Path | str, version: int) -> None:
    """Copy the old file aside, verified, before migrating it; a copy that cannot be verified
    stops the migration (:mod:`.backup`)."""
    if not isinstance(where, Path):
        raise TypeError("only an SQLite file is backed up before a migration")
    try:
        verified_backup(conn.raw, where, version)
    except BackupError as err:
        raise ProgressStoreError(
            f"The progress database {where} needs upgrading (schema version {version} to "
            f"{SCHEMA_VERSION}), but its backup could not be made and verified ({err}), so it was "
            "not upgraded and has not been changed. Free some disk space or make the folder "
            "writable, then start the tutor again.", path=where) from None
