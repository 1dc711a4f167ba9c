"""The learner's record: every answer and every review schedule, in SQLite.

One file (``TUTOR_DB``, ``--db``, else ``progress.sqlite3`` in the user's data
directory) holds several learner profiles, every answer they gave (item, seed and
position to replay it, the answer, right or wrong, time taken, laws) and one FSRS
schedule per review unit (see :mod:`tutor.lessons.progress.srs`).

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
import threading
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.progress import opening, tables, transfer
from tutor.lessons.progress.connection import URL_VAR, Connection, SqlRow, database_url, is_url, shown_url
from tutor.lessons.progress.errors import (
    ENV_VAR,
    DamagedTableStoreError,
    ProgressStoreError,
    Summary,
    check_learner_name,
    default_path,
    sqlite_errors,
)
from tutor.lessons.progress.facts import MARKED, PLAIN, PLAIN_PARAMS, counts_in_row, streak_back_from
from tutor.lessons.progress.schema import (
    ANSWER_COLUMNS,
    CARD_COLUMNS,
    MIGRATIONS,
    StoredAnswer,
    advance,
    answer_from_row,
    from_ts,
    in_range,
    laws_of,
    save_unit,
    to_ts,
    unit_from_row,
    whole_number,
)
from tutor.lessons.progress.srs import Mastery, UnitState, mastery_of, review_units
from tutor.lessons.progress.tables import StoredTable, TableConflictError, TableSlot
from tutor.lessons.progress.tallies import AnswerCounts, answer_counts

__all__ = [
    "DEFAULT_LEARNER", "ENV_VAR", "MIGRATIONS", "SCHEMA_VERSION", "ProgressStore", "ProgressStoreError",
    "StoredAnswer", "StoredTable", "Summary", "TableConflictError", "TableSlot", "check_learner_name",
    "default_path", "from_ts", "open_store", "to_ts",
]

SCHEMA_VERSION = opening.SCHEMA_VERSION
DEFAULT_LEARNER = "default"
#: the longest idempotency key of an answer
MAX_KEY = 200
#: The largest position number a database keeps (a signed 64-bit integer, SQLite's and PostgreSQL's bigint).
_LARGEST_SEED = 2**63 - 1
#: Answers read whole in one query by their ids (the mistakes queue's): under every database's bound.
_IDS_PER_READ = 500


def open_store(path: str | os.PathLike[str] | None = None) -> ProgressStore:
    """Open (creating or migrating if needed) the progress store at ``path`` (a file, or a
    ``postgresql://`` URL) or the default: ``$TUTOR_DATABASE_URL`` if set, else the SQLite file."""
    if path is None:
        path = database_url() or default_path()
    if is_url(path):
        return ProgressStore(str(path))
    if "://" in str(path):  # `--db sqlite:///tmp/x` made a file named ./sqlite:/tmp/x
        raise ProgressStoreError(
            f"the progress database {shown_url(str(path))!r} looks like a URL: give the database's file path "
            f"(--db or {ENV_VAR}), or a postgresql:// URL for a server (--db or {URL_VAR}); nothing was created",
            path=str(path))
    return ProgressStore(Path(path).expanduser())


# --- the store ---------------------------------------------------------------------


class ProgressStore:
    """The progress database (an SQLite file, or a PostgreSQL database given by URL). Thread-safe;
    one connection, one lock."""

    def __init__(self, path: Path | str, *, timeout: float = 10.0) -> None:
        #: the file, or the server's URL with any password hidden (shown in messages)
        self.path: Path | str = path if isinstance(path, Path) else shown_url(path)
        self.timeout = timeout
        self._lock = threading.RLock()
        with self._errors("opened"):
            if isinstance(path, Path):
                path.parent.mkdir(parents=True, exist_ok=True)
                existed = path.exists() and path.stat().st_size > 0
            else:
                existed = True  # a server's database: what it holds is checked
            self._conn = Connection(path, timeout)
        try:
            with self._errors("opened"):
                opening.prepare(self._conn, self.path, timeout, existed, self._transaction)
        except BaseException:
            self._conn.close()
            raise

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self._conn.dialect

    @contextlib.contextmanager
    def _errors(self, doing: str) -> Iterator[None]:
        """Turn SQLite and OS errors into a ProgressStoreError that says what to do."""
        with sqlite_errors(self.path, self.timeout, doing):
            yield

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Connection]:
        """One write transaction, taken at once (SQLite's ``BEGIN IMMEDIATE``, PostgreSQL's advisory
        lock) so writers queue."""
        with self._lock:
            self._conn.begin_write()
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    @contextlib.contextmanager
    def _write(self, doing: str) -> Iterator[Connection]:
        with self._errors(doing), self._transaction() as conn:
            yield conn

    def _read(self, sql: str, params: tuple[object, ...] = ()) -> list[SqlRow]:
        with self._errors("read"), self._lock:
            return self._conn.execute(sql, params).fetchall()

    def read_rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of one read (the class-mode modules' own tables: ``tutor.lessons.classroom``)."""
        return self._read(sql, params)

    @contextlib.contextmanager
    def writing(self, doing: str = "written") -> Iterator[Connection]:
        """One committed write transaction, with the store's queueing and error messages."""
        with self._write(doing) as conn:
            yield conn

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
        return [str(r[0]) for r in self._read("SELECT name FROM learners ORDER BY created_at, name")]

    def add_learner(self, name: str, *, now: datetime | None = None) -> str:
        """Create a profile (no-op if it exists); returns the cleaned name."""
        name = check_learner_name(name)
        with self._write("written") as conn:
            conn.execute(
                "INSERT INTO learners (name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (name, to_ts(now or datetime.now(UTC))),
            )
        return name

    # -- the tables in progress (tutor.lessons.progress.tables): owned by a profile and a session

    def open_table(self, slot: TableSlot) -> StoredTable | None:
        """The table stored in ``slot`` with its version (quote it to :meth:`save_table`), or ``None``."""
        with self._errors("read"), self._lock:
            try:
                return tables.load(self._conn, slot)
            except tables.DamagedTableError as err:
                raise DamagedTableStoreError(str(err), path=self.path) from None

    def write_table(self, slot: TableSlot, state: Mapping[str, object], *, version: int | None) -> int:
        """Keep a table's state (committed); returns its new version. ``version`` is the one read
        (``0``: none); another session's write since raises ``TableConflictError``, writing nothing.
        ``None`` replaces whatever is stored."""
        learner = self.add_learner(slot.learner)
        with self._write("written") as conn:
            return tables.save(conn, replace(slot, learner=learner), dict(state), version=version,
                               now=to_ts(datetime.now(UTC)))

    def save_table(self, state: Mapping[str, object], learner: str = DEFAULT_LEARNER, *, way: str | None = None,
                   session: str = "", version: int | None = None) -> int:
        """Keep the practice table's state (of ``way`` when given: ``"3-auction"``); see :meth:`write_table`."""
        return self.write_table(TableSlot(learner, way or "", session), state, version=version)

    def load_table(self, learner: str = DEFAULT_LEARNER, *, way: str | None = None,
                   session: str = "") -> dict[str, object] | None:
        """The practice table's stored state (of ``way`` when given), or ``None``."""
        stored = self.open_table(TableSlot(check_learner_name(learner), way or "", session))
        return stored.state if stored else None

    def clear_table(self, learner: str = DEFAULT_LEARNER, *, way: str | None = None, session: str = "") -> None:
        with self._write("written") as conn:
            tables.clear(conn, TableSlot(check_learner_name(learner), way or "", session))

    # -- recording

    def record(self, answer: Answer, learner: str = DEFAULT_LEARNER, *,
               now: datetime | None = None) -> StoredAnswer:
        """Write one answer and move its review units' schedules, in one committed transaction.

        An answer with a ``key`` already recorded for this learner is not written again: the
        stored one is returned and no schedule moves (issue 31: a replayed or re-saved deal).
        """
        learner = check_learner_name(learner)
        when = from_ts(to_ts(in_range(now or datetime.now(UTC), "the answer's time")))  # one a schedule fits
        uid = uuid.uuid4().hex
        if len(answer.key) > MAX_KEY:
            raise TutorError(f"an answer's key is at most {MAX_KEY} characters")
        with self._write("written; your answer was not recorded") as conn:
            if answer.key:
                row = conn.execute(f"SELECT {ANSWER_COLUMNS} FROM answers WHERE learner = ? AND key = ?",
                                   (learner, answer.key)).fetchone()
                if row:
                    return answer_from_row(row)
            conn.execute(
                "INSERT INTO learners (name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (learner, to_ts(when)))
            row_id = conn.execute(
                "INSERT INTO answers (uid, learner, item_kind, item_id, correct, given, expected, laws,"
                " seed, position, seconds, extra, answered_at, retry, key)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
                (uid, learner, answer.item_kind, answer.item_id, int(answer.correct), answer.given,
                 answer.expected, json.dumps(list(answer.laws)), answer.seed, answer.position,
                 answer.seconds, json.dumps(answer.extra, sort_keys=True), to_ts(when), int(answer.retry),
                 answer.key or None),
            )
            for item in review_units(answer):
                row = conn.execute(
                    f"SELECT {CARD_COLUMNS} FROM cards"
                    " WHERE learner = ? AND item_kind = ? AND item_id = ?", (learner, *item),
                ).fetchone()
                unit = advance(unit_from_row(row) if row else None, learner, item, answer, when)
                if unit is not None:
                    save_unit(conn, unit)
        new = row_id.fetchone()
        new_id = new[0] if new else 0
        assert new_id is not None, "RETURNING id: the primary key is never NULL"
        return StoredAnswer(id=int(new_id), uid=uid, learner=learner, answered_at=when, answer=answer)

    # -- reading

    def answers(self, learner: str | None = None, since: datetime | None = None) -> list[StoredAnswer]:
        """Every answer (of one learner, or all; given at ``since`` or after, if given), oldest first."""
        where, params = ("WHERE learner = ?", (learner,)) if learner is not None else ("WHERE 1 = 1", ())
        if since is not None:
            where, params = f"{where} AND answered_at >= ?", (*params, to_ts(since))
        rows = self._read(f"SELECT {ANSWER_COLUMNS} FROM answers {where} ORDER BY answered_at, id", params)
        return [answer_from_row(r) for r in rows]

    def answered_positions(self, learner: str, item_kind: str, below: int | None = None) -> frozenset[tuple[str, int]]:
        """The ``(item, position number)`` pairs of ``item_kind`` this learner has answered, in any
        session, with a number below ``below`` if given: a drill page deals the others first (the pairs
        only, and only the numbers it deals first; the page reads them once a session, as this goes through
        every answer of the learner). A bound past the database's largest whole number bounds nothing."""
        below = None if below is not None and below > _LARGEST_SEED else below
        bound = "" if below is None else " AND seed < ?"
        rows = self._read("SELECT DISTINCT item_id, seed FROM answers WHERE learner = ? AND item_kind = ?"
                          f" AND seed IS NOT NULL{bound}", (learner, item_kind, *(() if below is None else (below,))))
        return frozenset((str(item), seed) for item, seed in rows if isinstance(seed, int))

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

    def has_key(self, learner: str, key: str) -> bool:
        """Whether an answer with the idempotency ``key`` is recorded for ``learner``."""
        return bool(self._read("SELECT 1 FROM answers WHERE learner = ? AND key = ?", (learner, key)))

    def mastery(self, learner: str, item: tuple[str, str]) -> Mastery:
        unit = self.unit(learner, item)
        return mastery_of(unit.card, unit.retention) if unit else "learning"

    def mistakes(self, learner: str) -> list[StoredAnswer]:
        """The mistakes queue: the latest wrong answer of each item not answered right since,
        most recent first. Only first answers count (:attr:`Answer.counts`): a right retry
        after the feedback does not clear a mistake, and a wrong retry makes none.

        One narrow read of the learner's answers (what decides, not what is shown), then the mistakes'
        whole rows: reading every answer whole cost the home and review pages 0.4 s a run with 30,000."""
        latest_wrong: dict[tuple[str, str], int] = {}
        for id_, kind, item, correct, plain, given, expected, extra in self._read(
                f"SELECT id, item_kind, item_id, correct, CASE WHEN {PLAIN} THEN 1 ELSE 0 END, given, expected,"
                " extra FROM answers WHERE learner = ? AND retry = 0 ORDER BY answered_at, id",
                (*PLAIN_PARAMS, learner)):
            if not plain and not counts_in_row(kind, given, expected, extra, 0):
                continue
            if correct:
                latest_wrong.pop((str(kind), str(item)), None)
            else:
                latest_wrong[(str(kind), str(item))] = whole_number(id_, "an answer's id")
        return sorted(self._answers_by_id(list(latest_wrong.values())), key=lambda s: (s.answered_at, s.id),
                      reverse=True)

    def _answers_by_id(self, ids: list[int]) -> list[StoredAnswer]:
        """The answers of these ids, whole (in pieces of a few hundred: a bound every database accepts)."""
        found: list[StoredAnswer] = []
        for start in range(0, len(ids), _IDS_PER_READ):
            piece = ids[start:start + _IDS_PER_READ]
            rows = self._read(f"SELECT {ANSWER_COLUMNS} FROM answers WHERE id IN ({', '.join('?' * len(piece))})",
                              tuple(piece))
            found.extend(answer_from_row(r) for r in rows)
        return found

    def right_items(self, learner: str, item_kind: str) -> frozenset[str]:
        """The items of ``item_kind`` the learner has answered right at least once (any answer: a retry or
        "Mark as learned" too), found by the database, not by reading every answer."""
        rows = self._read("SELECT DISTINCT item_id FROM answers WHERE learner = ? AND item_kind = ? AND correct = 1",
                          (learner, item_kind))
        return frozenset(str(r[0]) for r in rows)

    def laws_answered_right(self, learner: str, item_kind: str) -> frozenset[str]:
        """The laws named by the learner's right answers of ``item_kind`` (each answer's own list)."""
        rows = self._read("SELECT DISTINCT laws FROM answers WHERE learner = ? AND item_kind = ? AND correct = 1",
                          (learner, item_kind))
        return frozenset(law for r in rows for law in laws_of(r[0]))

    def answer_counts(self, learner: str) -> AnswerCounts:
        """The learner's first answers by local day and kind, and by item, counted by the database (the
        Progress page's chart and table: :mod:`tutor.lessons.progress.tallies`)."""
        return answer_counts(self._read, learner)

    def streak(self, learner: str, today: date | None = None) -> int:
        """Days in a row (local time) with at least one answer, ending today or yesterday."""
        return streak_back_from(self._read, learner, today or datetime.now().astimezone().date())

    def summary(self, learner: str, now: datetime | None = None) -> Summary:
        """Answers and accuracy count first answers only: no retries, no "Mark as learned"
        (:attr:`Answer.counts`); the streak counts every day with an answer, in local time.

        Counted by the database, and the streak read back only as far as it goes: reading every answer
        cost the home page 0.37 s a run with 30,000 answers. The same figures (a test works them out from
        every answer)."""
        now = now or datetime.now(UTC)
        answers, correct = self._plainly_counted(learner)
        for kind, given, expected, extra, right in self._read(  # the few answers with marks: read one by one
                "SELECT item_kind, given, expected, extra, correct FROM answers"
                f" WHERE learner = ? AND retry = 0 AND {MARKED}", (learner, *PLAIN_PARAMS)):
            if counts_in_row(kind, given, expected, extra, 0):
                answers, correct = answers + 1, correct + bool(right)
        ((retries, last),) = self._read("SELECT COALESCE(SUM(retry), 0), MAX(answered_at) FROM answers"
                                        " WHERE learner = ?", (learner,))
        units = self.units(learner)
        return Summary(answers=answers, correct=correct, units=len(units), due=sum(u.is_due(now) for u in units),
                       mastered=sum(u.mastery == "mastered" for u in units),
                       streak_days=streak_back_from(self._read, learner, now.astimezone().date()),
                       last_answer=None if last is None else from_ts(last),
                       retries=whole_number(retries, "a count of answers"))

    def _plainly_counted(self, learner: str) -> tuple[int, int]:
        """The first answers without marks (:data:`~tutor.lessons.progress.facts.PLAIN`), and how many were right."""
        ((count, right),) = self._read(
            f"SELECT COUNT(*), COALESCE(SUM(correct), 0) FROM answers WHERE learner = ? AND retry = 0 AND {PLAIN}",
            (learner, *PLAIN_PARAMS))
        return whole_number(count, "a count of answers"), whole_number(right, "a count of answers")

    # -- the whole record (see tutor.lessons.progress.progress_io for files)

    def export_record(self, learner: str | None = None) -> dict[str, object]:
        """The whole record, or one learner's, as plain data (JSON-ready); schedules included."""
        return transfer.export_record(self, SCHEMA_VERSION, learner)

    def cards_rows(self, learner: str | None = None) -> list[UnitState]:
        """Every schedule (of one learner, or all), by learner and item."""
        where, params = ("WHERE learner = ?", (learner,)) if learner is not None else ("", ())
        rows = self._read(f"SELECT {CARD_COLUMNS} FROM cards {where} ORDER BY learner, item_kind, item_id", params)
        return [unit_from_row(r) for r in rows]

    def learner_rows(self, learner: str | None = None) -> list[tuple[str, str]]:
        """``(name, created_at)`` of every profile (or one), oldest first."""
        where, params = ("WHERE name = ?", (learner,)) if learner is not None else ("", ())
        return [(str(r[0]), str(r[1])) for r in self._read(
            f"SELECT name, created_at FROM learners {where} ORDER BY created_at, name", params)]

    def import_record(self, learners: list[tuple[str, str]], answers: list[StoredAnswer]) -> int:
        """Merge validated learners and answers (known uids are skipped); returns answers added.

        Schedules are recomputed from the answers, so the result does not depend on the
        order of imports. Written in pieces, each committed (:func:`transfer.import_in_pieces`): a
        writer beside it waits for one piece; an import stopped part way is finished by running it again.
        """
        return transfer.import_in_pieces(
            lambda: self._write("written; import the file again to finish it (the answers already in are skipped)"),
            learners, answers)
