"""The learner's record: every answer and every review schedule, in SQLite.

One file (``TUTOR_DB``, ``--db``, else ``progress.sqlite3`` in the user's data
directory) holds several learner profiles, every answer they gave (item, seed and
position to replay it, the answer, right or wrong, time taken, laws) and one FSRS
schedule per review unit (see :mod:`tutor.lessons.srs`).

Durability: WAL mode, ``synchronous=FULL``, and each answer is written in its own
``BEGIN IMMEDIATE`` transaction before :meth:`ProgressStore.record` returns, so an
acknowledged answer survives the process being killed, and two sessions writing at
once queue on the lock instead of losing rows.

Safety: the schema is versioned (``schema_version`` table) and migrated in one
transaction, after a backup copy of the old file. A damaged, foreign, newer or
locked file raises :class:`ProgressStoreError` (a ``TutorError``) saying what to
do; the tutor never rewrites a file it cannot read.

>>> import tempfile, pathlib
>>> store = open_store(pathlib.Path(tempfile.mkdtemp()) / "p.sqlite3")
>>> _ = store.record(Answer("law", "law-12", True, "5", "5"), "anna")
>>> store.learners(), len(store.answers("anna"))
(['anna'], 1)
>>> store.close()
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import platformdirs

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.progress.schema import (
    ANSWER_COLUMNS,
    CARD_COLUMNS,
    MIGRATIONS,
    StoredAnswer,
    advance,
    answer_from_row,
    from_ts,
    rebuild_cards,
    save_unit,
    schema_version_of,
    to_ts,
    unit_from_row,
)
from tutor.lessons.srs import Mastery, UnitState, mastery_of, review_units

__all__ = [
    "DEFAULT_LEARNER", "ENV_VAR", "MIGRATIONS", "SCHEMA_VERSION", "ProgressStore", "ProgressStoreError",
    "StoredAnswer", "Summary", "check_learner_name", "default_path", "from_ts", "open_store", "to_ts",
]

SCHEMA_VERSION = max(MIGRATIONS)
ENV_VAR = "TUTOR_DB"
DEFAULT_LEARNER = "default"
APP_NAME = "vint-tutor"
_LEARNER_NAME = re.compile(r"^[\w][\w .'-]{0,39}$")


class ProgressStoreError(TutorError):
    """The progress database cannot be used; the message says why and what to do."""

    def __init__(self, message: str, *, path: Path) -> None:
        super().__init__(message)
        self.path = path


def default_path() -> Path:
    """``$TUTOR_DB`` if set, else ``progress.sqlite3`` in the user's data directory."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "progress.sqlite3"


def open_store(path: str | os.PathLike[str] | None = None) -> ProgressStore:
    """Open (creating or migrating if needed) the progress store at ``path`` or the default."""
    return ProgressStore(Path(path).expanduser() if path is not None else default_path())


def check_learner_name(name: str) -> str:
    """A profile name: 1-40 letters, digits, spaces, dots, apostrophes or dashes."""
    name = name.strip()
    if not _LEARNER_NAME.match(name):
        raise TutorError(
            f"Learner name {name!r} is not allowed: use 1-40 letters, digits, spaces, '.', \"'\" or '-'."
        )
    return name


@dataclass(frozen=True)
class Summary:
    """A learner's record in a few numbers (the home page's summary)."""

    answers: int
    correct: int
    units: int
    due: int
    mastered: int
    streak_days: int
    last_answer: datetime | None
    #: second answers after the feedback, kept but not counted in ``answers``
    retries: int = 0

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.answers if self.answers else None



# --- the store ---------------------------------------------------------------------


class ProgressStore:
    """The progress database. Thread-safe; one connection, one lock."""

    def __init__(self, path: Path, *, timeout: float = 10.0) -> None:
        self.path = path
        self.timeout = timeout
        self._lock = threading.RLock()
        with self._errors("opened"):
            path.parent.mkdir(parents=True, exist_ok=True)
            existed = path.exists() and path.stat().st_size > 0
            self._conn = sqlite3.connect(
                path, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        try:
            with self._errors("opened"):
                version = self._check(existed)
                self._enable_wal()
                self._conn.execute("PRAGMA synchronous=FULL")
                self._conn.execute("PRAGMA foreign_keys=ON")
                if version < SCHEMA_VERSION:
                    if existed and version > 0:
                        self._backup(version)
                    self._migrate()
        except BaseException:
            self._conn.close()
            raise

    # -- opening, checking, migrating

    def _check(self, existed: bool) -> int:
        """The file's schema version; refuse damaged, foreign or newer files without touching them."""
        if not existed:
            return 0
        tables = {r[0] for r in self._conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        problems = [r[0] for r in self._conn.execute("PRAGMA quick_check").fetchall()]
        if problems != ["ok"]:
            raise sqlite3.DatabaseError("; ".join(problems[:3]))
        if not tables:
            return 0
        if "schema_version" not in tables:
            raise ProgressStoreError(
                f"{self.path} is an SQLite file but not a Vint tutor progress database "
                f"(it has tables {', '.join(sorted(tables))}). The tutor has not changed it; "
                f"point {ENV_VAR} or --db at another file.",
                path=self.path,
            )
        version = self._version()
        if version > SCHEMA_VERSION:
            raise ProgressStoreError(
                f"The progress database {self.path} was written by a newer tutor (schema version "
                f"{version}; this tutor knows up to {SCHEMA_VERSION}). It has not been changed: "
                "upgrade the tutor to use it.",
                path=self.path,
            )
        return version

    def _enable_wal(self) -> None:
        """Switch to WAL; the switch skips SQLite's busy handler, so retry it up to the timeout."""
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                self._conn.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as err:
                if "locked" not in str(err).lower() or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _version(self) -> int:
        row = self._conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
        return schema_version_of(row)  # a damaged value is a DatabaseError: "damaged", file untouched

    def _backup(self, version: int) -> None:
        """Copy the old file aside before migrating it (``<name>.schema-v<N>.bak``)."""
        target = self.path.with_name(f"{self.path.name}.schema-v{version}.bak")
        if target.exists():
            return
        dest = sqlite3.connect(target)
        try:
            self._conn.backup(dest)
        finally:
            dest.close()

    def _migrate(self) -> None:
        with self._transaction() as conn:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            version = self._version() if "schema_version" in tables else 0
            for target in range(version + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[target](conn)
                conn.execute("UPDATE schema_version SET version = ?", (target,))

    @contextlib.contextmanager
    def _errors(self, doing: str) -> Iterator[None]:
        """Turn SQLite and OS errors into a ProgressStoreError that says what to do."""
        try:
            yield
        except ProgressStoreError:
            raise
        except sqlite3.OperationalError as err:
            text = str(err).lower()
            if "locked" in text or "busy" in text:
                raise ProgressStoreError(
                    f"The progress database {self.path} is locked by another program (another tutor "
                    f"session, a backup or sync tool) and stayed locked for {self.timeout:g} s, so it "
                    f"could not be {doing}. Nothing was lost; close the other program and try again.",
                    path=self.path,
                ) from err
            if "malformed" in text or "not a database" in text or "corrupt" in text:
                raise ProgressStoreError(_damaged_message(self.path, err), path=self.path) from err
            raise ProgressStoreError(
                f"The progress database {self.path} could not be {doing}: {err}. Check that the "
                f"folder exists and is writable, or point {ENV_VAR} or --db at another file.",
                path=self.path,
            ) from err
        except sqlite3.DatabaseError as err:
            raise ProgressStoreError(_damaged_message(self.path, err), path=self.path) from err
        except OSError as err:
            raise ProgressStoreError(
                f"The progress database {self.path} could not be {doing}: {err.strerror or err}. "
                f"Point {ENV_VAR} or --db at a writable file.",
                path=self.path,
            ) from err

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (``BEGIN IMMEDIATE``) so writers queue."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    @contextlib.contextmanager
    def _write(self, doing: str) -> Iterator[sqlite3.Connection]:
        with self._errors(doing), self._transaction() as conn:
            yield conn

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._errors("read"), self._lock:
            return self._conn.execute(sql, params).fetchall()

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- learners

    def learners(self) -> list[str]:
        """Every profile, oldest first."""
        return [r[0] for r in self._read("SELECT name FROM learners ORDER BY created_at, name")]

    def add_learner(self, name: str, *, now: datetime | None = None) -> str:
        """Create a profile (no-op if it exists); returns the cleaned name."""
        name = check_learner_name(name)
        with self._write("written") as conn:
            conn.execute(
                "INSERT OR IGNORE INTO learners (name, created_at) VALUES (?, ?)",
                (name, to_ts(now or datetime.now(UTC))),
            )
        return name

    # -- the practice table

    def save_table(self, state: Mapping[str, Any], learner: str = DEFAULT_LEARNER, *, way: str | None = None) -> None:
        """Keep the practice table's state (committed: it survives a reload or a restart); ``way``
        names the table of a way for two, three or five players (e.g. ``"3-auction"``)."""
        learner = self.add_learner(learner)
        with self._write("written") as conn:
            if way is None:
                conn.execute("INSERT OR REPLACE INTO practice_tables (learner, state, updated_at) VALUES (?, ?, ?)",
                             (learner, json.dumps(state), to_ts(datetime.now(UTC))))
            else:
                conn.execute("INSERT OR REPLACE INTO way_tables (learner, way, state, updated_at) VALUES (?, ?, ?, ?)",
                             (learner, way, json.dumps(state), to_ts(datetime.now(UTC))))

    def load_table(self, learner: str = DEFAULT_LEARNER, *, way: str | None = None) -> dict[str, Any] | None:
        """The practice table's stored state (of ``way`` when given), or ``None``."""
        name = check_learner_name(learner)
        if way is None:
            rows = self._read("SELECT state FROM practice_tables WHERE learner = ?", (name,))
        else:
            rows = self._read("SELECT state FROM way_tables WHERE learner = ? AND way = ?", (name, way))
        if not rows:
            return None
        try:
            state = json.loads(rows[0][0])
        except ValueError:
            state = None
        if not isinstance(state, dict):
            raise ProgressStoreError(f"The practice table stored for {learner!r} is damaged; "
                                     "the tutor has not changed it (start a new table to replace it).",
                                     path=self.path)
        return state

    def clear_table(self, learner: str = DEFAULT_LEARNER, *, way: str | None = None) -> None:
        with self._write("written") as conn:
            if way is None:
                conn.execute("DELETE FROM practice_tables WHERE learner = ?", (check_learner_name(learner),))
            else:
                conn.execute("DELETE FROM way_tables WHERE learner = ? AND way = ?",
                             (check_learner_name(learner), way))

    # -- recording

    def record(self, answer: Answer, learner: str = DEFAULT_LEARNER, *,
               now: datetime | None = None) -> StoredAnswer:
        """Write one answer and move its review units' schedules, in one committed transaction."""
        learner = check_learner_name(learner)
        when = from_ts(to_ts(now or datetime.now(UTC)))
        uid = uuid.uuid4().hex
        with self._write("written; your answer was not recorded") as conn:
            conn.execute(
                "INSERT OR IGNORE INTO learners (name, created_at) VALUES (?, ?)", (learner, to_ts(when))
            )
            cur = conn.execute(
                "INSERT INTO answers (uid, learner, item_kind, item_id, correct, given, expected, laws,"
                " seed, position, seconds, extra, answered_at, retry) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (uid, learner, answer.item_kind, answer.item_id, int(answer.correct), answer.given,
                 answer.expected, json.dumps(list(answer.laws)), answer.seed, answer.position,
                 answer.seconds, json.dumps(answer.extra, sort_keys=True), to_ts(when), int(answer.retry)),
            )
            for item in review_units(answer):
                row = conn.execute(
                    f"SELECT {CARD_COLUMNS} FROM cards"
                    " WHERE learner = ? AND item_kind = ? AND item_id = ?", (learner, *item),
                ).fetchone()
                unit = advance(unit_from_row(row) if row else None, learner, item, answer, when)
                if unit is not None:
                    save_unit(conn, unit)
        return StoredAnswer(id=int(cur.lastrowid or 0), uid=uid, learner=learner, answered_at=when,
                            answer=answer)

    # -- reading

    def answers(self, learner: str | None = None) -> list[StoredAnswer]:
        """Every answer (of one learner, or all), oldest first."""
        where, params = ("WHERE learner = ?", (learner,)) if learner is not None else ("", ())
        rows = self._read(f"SELECT {ANSWER_COLUMNS} FROM answers {where} ORDER BY answered_at, id", params)
        return [answer_from_row(r) for r in rows]

    def units(self, learner: str) -> list[UnitState]:
        """Every review unit the learner has met, soonest due first."""
        rows = self._read(
            f"SELECT {CARD_COLUMNS} FROM cards"
            " WHERE learner = ? ORDER BY due, item_kind, item_id", (learner,),
        )
        return [unit_from_row(r) for r in rows]

    def unit(self, learner: str, item: tuple[str, str]) -> UnitState | None:
        rows = self._read(
            f"SELECT {CARD_COLUMNS} FROM cards"
            " WHERE learner = ? AND item_kind = ? AND item_id = ?", (learner, *item),
        )
        return unit_from_row(rows[0]) if rows else None

    def due(self, learner: str, now: datetime | None = None) -> list[UnitState]:
        """The units due at ``now``, most overdue first."""
        rows = self._read(
            f"SELECT {CARD_COLUMNS} FROM cards"
            " WHERE learner = ? AND due <= ? ORDER BY due, item_kind, item_id",
            (learner, to_ts(now or datetime.now(UTC))),
        )
        return [unit_from_row(r) for r in rows]

    def mastery(self, learner: str, item: tuple[str, str]) -> Mastery:
        unit = self.unit(learner, item)
        return mastery_of(unit.card, unit.retention) if unit else "learning"

    def mistakes(self, learner: str) -> list[StoredAnswer]:
        """The mistakes queue: the latest wrong answer of each item not answered right since,
        most recent first. Only first answers count (:attr:`Answer.counts`): a right retry
        after the feedback does not clear a mistake, and a wrong retry makes none."""
        latest_wrong: dict[tuple[str, str], StoredAnswer] = {}
        for stored in self.answers(learner):
            a = stored.answer
            if not a.counts:
                continue
            key = (a.item_kind, a.item_id)
            if a.correct:
                latest_wrong.pop(key, None)
            else:
                latest_wrong[key] = stored
        return sorted(latest_wrong.values(), key=lambda s: (s.answered_at, s.id), reverse=True)

    def streak(self, learner: str, today: date | None = None) -> int:
        """Days in a row (local time) with at least one answer, ending today or yesterday."""
        rows = self._read("SELECT DISTINCT answered_at FROM answers WHERE learner = ?", (learner,))
        days = {from_ts(r[0]).astimezone().date() for r in rows}
        day = today or datetime.now().astimezone().date()
        if day not in days:
            day -= timedelta(days=1)
        count = 0
        while day in days:
            count += 1
            day -= timedelta(days=1)
        return count

    def summary(self, learner: str, now: datetime | None = None) -> Summary:
        """Answers and accuracy count first answers only: no retries, no "Mark as learned"."""
        now = now or datetime.now(UTC)
        answers = self.answers(learner)
        counted = [s.answer for s in answers if s.answer.counts]
        last = max((s.answered_at for s in answers), default=None)
        units = self.units(learner)
        return Summary(
            answers=len(counted), correct=sum(a.correct for a in counted), units=len(units),
            due=sum(u.is_due(now) for u in units),
            mastered=sum(u.mastery == "mastered" for u in units),
            streak_days=self.streak(learner, now.astimezone().date()),
            last_answer=last, retries=sum(s.answer.retry for s in answers),
        )

    # -- the whole record (see tutor.lessons.progress.progress_io for files)

    def export_record(self) -> dict[str, Any]:
        """The whole record as plain data (JSON-ready); schedules included for reference."""
        learners = self._read("SELECT name, created_at FROM learners ORDER BY created_at, name")
        answers = self.answers()
        cards = self._read(
            f"SELECT {CARD_COLUMNS} FROM cards"
            " ORDER BY learner, item_kind, item_id"
        )
        return {
            "format": "vint-tutor-progress",
            "schema_version": SCHEMA_VERSION,
            "learners": [{"name": n, "created_at": c} for n, c in learners],
            "answers": [_answer_dict(a) for a in answers],
            "cards": [
                {"learner": u.learner, "item_kind": u.item_kind, "item_id": u.item_id,
                 "card": u.card.to_dict(), "reps": u.reps, "lapses": u.lapses,
                 "right_streak": u.right_streak, "reviews": u.retention.reviews}
                for u in map(unit_from_row, cards)
            ],
        }

    def import_record(self, learners: list[tuple[str, str]], answers: list[StoredAnswer]) -> int:
        """Merge validated learners and answers (known uids are skipped); returns answers added.

        Schedules are recomputed from the answers, so the result does not depend on the
        order of imports.
        """
        added = 0
        with self._write("written; nothing was imported") as conn:
            for name, created in learners:
                conn.execute("INSERT OR IGNORE INTO learners (name, created_at) VALUES (?, ?)",
                             (name, created))
            touched = set()
            for s in answers:
                a = s.answer
                conn.execute("INSERT OR IGNORE INTO learners (name, created_at) VALUES (?, ?)",
                             (s.learner, to_ts(s.answered_at)))
                cur = conn.execute(
                    "INSERT OR IGNORE INTO answers (uid, learner, item_kind, item_id, correct, given,"
                    " expected, laws, seed, position, seconds, extra, answered_at, retry)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (s.uid, s.learner, a.item_kind, a.item_id, int(a.correct), a.given, a.expected,
                     json.dumps(list(a.laws)), a.seed, a.position, a.seconds,
                     json.dumps(a.extra, sort_keys=True), to_ts(s.answered_at), int(a.retry)),
                )
                if cur.rowcount:
                    added += 1
                    touched.add(s.learner)
            for learner in sorted(touched):
                rebuild_cards(conn, learner)
        return added


def _answer_dict(stored: StoredAnswer) -> dict[str, Any]:
    a = stored.answer
    return {
        "uid": stored.uid, "learner": stored.learner, "answered_at": to_ts(stored.answered_at),
        "item_kind": a.item_kind, "item_id": a.item_id, "correct": a.correct, "given": a.given,
        "expected": a.expected, "laws": list(a.laws), "seed": a.seed, "position": a.position,
        "seconds": a.seconds, "extra": dict(a.extra), "retry": a.retry,
    }


def _damaged_message(path: Path, err: Exception) -> str:
    return (
        f"The progress database {path} is damaged or is not an SQLite file ({err}). The tutor has "
        "not changed it. To recover: close the tutor; copy the file somewhere safe; try "
        f"`sqlite3 {path} .recover > recovered.sql`; then move the damaged file aside (for example "
        f"rename it to {path.name}.damaged) and either load recovered.sql into a new file or restore "
        "a JSON export with `tutor progress --import FILE`. To go on meanwhile, point "
        f"{ENV_VAR} or --db at another file."
    )
