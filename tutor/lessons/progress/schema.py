"""The progress database's schema, its migrations, and rows <-> records.

Each migration takes the database from the version before it to its number, inside
the store's migration transaction; :data:`MIGRATIONS` is applied in order. Version 1
was the first shipped schema (one ``answers`` table, laws comma-separated); version 2
added learner profiles, answer uids and extras, laws as JSON and the FSRS ``cards``;
version 3 added the ``retry`` flag of an answer and, per card, the run of spaced
right answers that mastery needs (``reviews``, ``first_success``, ``last_success``);
version 4 added ``practice_tables``, the practice table's rubber in progress per learner;
version 5 added ``way_tables``, the table in progress of each way for two, three and five players;
version 6 gave each answer an optional idempotency ``key`` (unique per learner: a record written
twice is written once) and put every table in progress into one ``tables`` table, owned by a
profile *and* a session (``session`` is ``''`` for the profile's own table), with a ``version``
that a second writer must match (issue 31).
Schedules can always be rebuilt by replaying the answers (:func:`rebuild_cards`).
"""

from __future__ import annotations

import functools
import json
import sqlite3
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any, Protocol

from fsrs import Card

from tutor.engine.errors import TutorError, echo
from tutor.lessons.answers import Answer
from tutor.lessons.progress.columns import (
    DamagedRecordError,
    damaged,
    flag_column,
    kind_of,
    named,
    seconds_column,
    text_column,
    whole_column,
    whole_or_none_column,
)
from tutor.lessons.progress.connection import SqlRow
from tutor.lessons.progress.srs import SCHEDULER, Retention, UnitState, new_card, review, review_units

#: The oldest and newest times a record may carry (an import outside them is refused). An answer's time
#: moves its schedules: FSRS may set the next review up to its longest interval later (36,500 days), and a
#: local day is read from it as well, so the newest time leaves that room before the calendar's end (year
#: 9999): an import of answers from 9990 wrote them, then failed to schedule them (stop 59's second audit).
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
CALENDAR_END = datetime(9999, 12, 30, tzinfo=UTC)
LATEST = CALENDAR_END - timedelta(days=SCHEDULER.maximum_interval + 1)


def to_ts(when: datetime) -> str:
    """A timestamp as stored: UTC, fixed width (four-digit year), so text order is time order."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    try:
        utc = when.astimezone(UTC)
    except OverflowError:
        raise TutorError(f"the time {when.isoformat()} is outside the years 1970 to 9999") from None
    return f"{utc.year:04d}" + utc.strftime("-%m-%dT%H:%M:%S.%fZ")


def from_ts(text: object) -> datetime:
    """A stored timestamp back as a UTC time; text that is not one means the database is damaged."""
    try:
        if not isinstance(text, str):
            raise TypeError("not a text")  # as fromisoformat would
        when = datetime.fromisoformat(text)
        return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)
    except (ValueError, TypeError, OverflowError):
        raise damaged(f"the stored time {echo(text)}", "not a time") from None


def in_range(when: datetime, field: str) -> datetime:
    """``when`` (in UTC) if it lies from :data:`EARLIEST` to :data:`LATEST`; else a TutorError naming the field
    and the range."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    try:
        utc = when.astimezone(UTC)
    except OverflowError:
        raise TutorError(f"{field}: {when.isoformat()} is outside {EARLIEST:%Y-%m-%d} to {LATEST:%Y-%m-%d}") \
            from None
    if not EARLIEST <= utc <= LATEST:
        raise TutorError(f"{field}: {when.isoformat()} is outside {EARLIEST:%Y-%m-%d} to {LATEST:%Y-%m-%d}")
    return utc


def schema_version_of(row: SqlRow | None) -> int:
    """The version in the ``schema_version`` table; a value that is not a version is damage."""
    value = row[0] if row else 0
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10**6:
        raise sqlite3.DatabaseError(f"the schema version is damaged: it holds {echo(value)}, not a version number")
    return value


class Results(Protocol):
    """What a statement gives back: the store's :class:`~.connection.Rows` or an SQLite cursor."""

    @property
    def rowcount(self) -> int: ...
    def fetchone(self) -> SqlRow | None: ...
    def fetchall(self) -> list[SqlRow]: ...


class Executes(Protocol):
    """A connection the shared statements run on: the store's (either database) or SQLite's own."""

    def execute(self, sql: str, parameters: Sequence[object] = (), /) -> Results: ...


@dataclass(frozen=True)
class StoredAnswer:
    """An answer as recorded: who, when, and the :class:`Answer` itself."""

    id: int
    uid: str
    learner: str
    answered_at: datetime
    answer: Answer



_V1 = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    learner TEXT NOT NULL,
    item_kind TEXT NOT NULL,
    item_id TEXT NOT NULL,
    correct INTEGER NOT NULL,
    given TEXT NOT NULL,
    expected TEXT NOT NULL,
    laws TEXT NOT NULL DEFAULT '',
    seed INTEGER,
    position TEXT NOT NULL DEFAULT '',
    seconds REAL,
    answered_at TEXT NOT NULL
);
INSERT INTO schema_version (version) VALUES (0);
"""

_V2 = """
CREATE TABLE learners (name TEXT PRIMARY KEY, created_at TEXT NOT NULL);
CREATE TABLE answers_v2 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uid TEXT NOT NULL UNIQUE,
    learner TEXT NOT NULL REFERENCES learners(name),
    item_kind TEXT NOT NULL,
    item_id TEXT NOT NULL,
    correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
    given TEXT NOT NULL,
    expected TEXT NOT NULL,
    laws TEXT NOT NULL DEFAULT '[]',
    seed INTEGER,
    position TEXT NOT NULL DEFAULT '',
    seconds REAL,
    extra TEXT NOT NULL DEFAULT '{}',
    answered_at TEXT NOT NULL
);
CREATE TABLE cards (
    learner TEXT NOT NULL REFERENCES learners(name),
    item_kind TEXT NOT NULL,
    item_id TEXT NOT NULL,
    card TEXT NOT NULL,
    due TEXT NOT NULL,
    reps INTEGER NOT NULL,
    lapses INTEGER NOT NULL,
    right_streak INTEGER NOT NULL,
    PRIMARY KEY (learner, item_kind, item_id)
);
"""


def _migrate_to_1(conn: sqlite3.Connection) -> None:
    for statement in _V1.split(";"):
        if statement.strip():
            conn.execute(statement)


def _migrate_to_2(conn: sqlite3.Connection) -> None:
    """Version 2: learner profiles, answer uids and extras, laws as JSON, FSRS cards."""
    for statement in _V2.split(";"):
        if statement.strip():
            conn.execute(statement)
    rows = conn.execute(
        "SELECT id, learner, item_kind, item_id, correct, given, expected, laws, seed, position,"
        " seconds, answered_at FROM answers ORDER BY id"
    ).fetchall()
    for row in rows:
        (id_, learner, kind, item, correct, given, expected, laws, seed, position, seconds, at) = row
        at = to_ts(from_ts(at))
        conn.execute(
            "INSERT OR IGNORE INTO learners (name, created_at) VALUES (?, ?)", (learner, at)
        )
        law_list = [law.strip() for law in (laws or "").split(",") if law.strip()]
        conn.execute(
            "INSERT INTO answers_v2 (id, uid, learner, item_kind, item_id, correct, given, expected,"
            " laws, seed, position, seconds, answered_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (id_, uuid.uuid4().hex, learner, kind, item, 1 if correct else 0, given, expected,
             json.dumps(law_list), seed, position or "", seconds, at),
        )
    conn.execute("DROP TABLE answers")
    conn.execute("ALTER TABLE answers_v2 RENAME TO answers")
    conn.execute("CREATE INDEX answers_by_learner ON answers (learner, answered_at)")
    conn.execute("CREATE INDEX cards_by_due ON cards (learner, due)")
    # The schedules are rebuilt by version 3's migration, which always follows this one:
    # rebuild_cards speaks the current schema, not version 2's.


def _migrate_to_3(conn: sqlite3.Connection) -> None:
    """Version 3: answers get ``retry``; cards get the run of spaced right answers (mastery).

    Every schedule is rebuilt, since mastery and the first answer's rating changed meaning.
    """
    conn.execute("ALTER TABLE answers ADD COLUMN retry INTEGER NOT NULL DEFAULT 0 CHECK (retry IN (0, 1))")
    conn.execute("ALTER TABLE cards ADD COLUMN reviews INTEGER NOT NULL DEFAULT 0")
    conn.execute("ALTER TABLE cards ADD COLUMN first_success TEXT")
    conn.execute("ALTER TABLE cards ADD COLUMN last_success TEXT")
    for (learner,) in conn.execute("SELECT name FROM learners").fetchall():
        rebuild_cards(conn, learner)


def _migrate_to_4(conn: sqlite3.Connection) -> None:
    """Version 4: the practice table's state per learner (the rubber in progress), as JSON."""
    conn.execute("CREATE TABLE practice_tables (learner TEXT PRIMARY KEY REFERENCES learners(name),"
                 " state TEXT NOT NULL, updated_at TEXT NOT NULL)")


def _migrate_to_5(conn: sqlite3.Connection) -> None:
    """Version 5: the practice table of each way for two, three and five players (issue 19), as JSON."""
    conn.execute("CREATE TABLE way_tables (learner TEXT NOT NULL REFERENCES learners(name), way TEXT NOT NULL,"
                 " state TEXT NOT NULL, updated_at TEXT NOT NULL, PRIMARY KEY (learner, way))")


def _migrate_to_6(conn: sqlite3.Connection) -> None:
    """Version 6: answers get an idempotency ``key``; the tables in progress get an owner session and
    a version (a second writer is detected, not merged), in one ``tables`` table (issue 31)."""
    conn.execute("ALTER TABLE answers ADD COLUMN key TEXT")
    conn.execute("CREATE UNIQUE INDEX answers_by_key ON answers (learner, key) WHERE key IS NOT NULL")
    conn.execute("CREATE TABLE tables (learner TEXT NOT NULL REFERENCES learners(name),"
                 " way TEXT NOT NULL DEFAULT '', session TEXT NOT NULL DEFAULT '', state TEXT NOT NULL,"
                 " version INTEGER NOT NULL DEFAULT 1, updated_at TEXT NOT NULL,"
                 " PRIMARY KEY (learner, way, session))")
    conn.execute("INSERT INTO tables (learner, way, session, state, version, updated_at)"
                 " SELECT learner, '', '', state, 1, updated_at FROM practice_tables")
    conn.execute("INSERT INTO tables (learner, way, session, state, version, updated_at)"
                 " SELECT learner, way, '', state, 1, updated_at FROM way_tables")
    conn.execute("DROP TABLE practice_tables")
    conn.execute("DROP TABLE way_tables")


#: target version -> migration from the version before it. Never edit a shipped one.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _migrate_to_1, 2: _migrate_to_2, 3: _migrate_to_3, 4: _migrate_to_4, 5: _migrate_to_5,
    6: _migrate_to_6,
}


# --- rows <-> records --------------------------------------------------------------

#: what a schedule is rebuilt from: version 3's columns (migration 3 rebuilds before version 6 adds ``key``)
REPLAY_COLUMNS = (
    "id, uid, learner, item_kind, item_id, correct, given, expected, laws, seed, position,"
    " seconds, extra, answered_at, retry"
)
ANSWER_COLUMNS = REPLAY_COLUMNS + ", key"
CARD_COLUMNS = (
    "learner, item_kind, item_id, card, reps, lapses, right_streak, reviews, first_success, last_success"
)


def damaged_time(text: object) -> DamagedRecordError:
    """A stored time that is a time but not one the tutor could have written (too near the calendar's end
    for local time: an edited file)."""
    return damaged(f"the stored time {echo(text)}", f"later than {LATEST:%Y-%m-%d}")


def _json_text(text: object) -> str | bytes | bytearray:
    """``text`` if ``json.loads`` can read it; else the TypeError ``json.loads`` raises (a damaged row)."""
    if not isinstance(text, str | bytes | bytearray):
        raise TypeError(f"the JSON object must be str, bytes or bytearray, not {type(text).__name__}")
    return text


def _json_value(text: object, what: str) -> object:
    """``text`` read as JSON; text that is not JSON is a ValueError naming ``what``."""
    try:
        return json.loads(_json_text(text))
    except json.JSONDecodeError as err:
        raise ValueError(f"{what} is not JSON ({err})") from None


def _json_list(text: object, what: str) -> list[str]:
    value = _json_value(text, what)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} is {echo(value)}, not a list of texts")
    return value


def _json_texts(text: object, what: str) -> dict[str, str]:
    value = _json_value(text, what)
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ValueError(f"{what} is {echo(value)}, not an object of texts")
    return value


def extra_of(text: object) -> dict[str, str]:
    """An answer's stored ``extra``; text that does not read back means the database is damaged."""
    try:
        return _json_texts(text, "extra")
    except (ValueError, TypeError, RecursionError) as err:  # json.JSONDecodeError is a ValueError
        raise damaged("an answer's extra", echo(str(err), 200)) from None


def laws_of(text: object) -> list[str]:
    """An answer's stored ``laws``; text that does not read back means the database is damaged."""
    try:
        return _json_list(text, "laws")
    except (ValueError, TypeError, RecursionError) as err:  # json.JSONDecodeError is a ValueError
        raise damaged("an answer's laws", echo(str(err), 200)) from None


def whole_number(value: object, what: str) -> int:
    """A whole number the database gave back (an id, a count, a sum: PostgreSQL may give a sum as a
    ``Decimal``); anything else means the database is damaged."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise damaged(what, f"{echo(value)} is not a number")
    return int(value)


@functools.lru_cache(maxsize=4096)
def laws_read(text: str) -> tuple[str, ...]:
    """An answer's ``laws`` text read, once per text: a learner's answers cite the same few lists again and
    again, and parsing each row's JSON was most of reading a record (a class report of 40,000 answers)."""
    return tuple(_json_list(text, "laws"))


def answer_from_row(row: tuple[Any, ...]) -> StoredAnswer:
    """A row of ``answers`` as a record; a row that does not read back is a :class:`DamagedRecordError`
    naming the answer and the field: each column must hold what the schema says (a text, 0 or 1, a whole
    number or a number of seconds), as an SQLite file's columns need not (``UPDATE answers SET
    expected = x'ff'`` stores a blob, ``seconds = 'slow'`` a text)."""
    (id_, uid, learner, kind, item, correct, given, expected, laws, seed, position, seconds, extra, at,
     retry) = row[:15]
    key = row[15] if len(row) > 15 else ""  # noqa: PLR2004 - a replay row has no key (REPLAY_COLUMNS)
    if isinstance(id_, bool) or not isinstance(id_, int):
        raise damaged("an answer", f"id is {kind_of(id_)}, not a whole number")
    try:
        answer = Answer(
            item_kind=text_column(kind, "item_kind"), item_id=text_column(item, "item_id"),
            correct=flag_column(correct, "correct"),
            given=text_column(given, "given"), expected=text_column(expected, "expected"),
            laws=laws_read(text_column(laws, "laws")),
            seed=whole_or_none_column(seed, "seed"), position=text_column(position, "position"),
            seconds=seconds_column(seconds),
            extra={} if extra == "{}" else _json_texts(text_column(extra, "extra"), "extra"),
            retry=flag_column(retry, "retry"), key="" if key is None else text_column(key, "key"),
        )
        return StoredAnswer(id=id_, uid=text_column(uid, "uid"), learner=text_column(learner, "learner"),
                            answered_at=from_ts(text_column(at, "answered_at")), answer=answer)
    except DamagedRecordError:  # a stored time that is not one: said by from_ts
        raise
    except (ValueError, TypeError, RecursionError) as err:  # json.JSONDecodeError is a ValueError
        raise damaged(f"answer {id_}", echo(str(err), 200)) from None


def unit_from_row(row: tuple[Any, ...]) -> UnitState:
    """A row of ``cards`` as a schedule; a row that does not read back is a :class:`DamagedRecordError`."""
    learner, kind, item, card, reps, lapses, streak, reviews, first, last = row
    try:
        learner, kind, item = (text_column(learner, "learner"), text_column(kind, "item_kind"),
                               text_column(item, "item_id"))
        reps, lapses, streak, reviews = (whole_column(reps, "reps"), whole_column(lapses, "lapses"),
                                         whole_column(streak, "right_streak"), whole_column(reviews, "reviews"))
        retention = Retention(reviews, from_ts(first) if first else None, from_ts(last) if last else None)
        schedule = Card.from_json(text_column(card, "card"))
        if schedule.due.tzinfo is None or not EARLIEST <= schedule.due <= CALENDAR_END:
            raise ValueError(f"its due time {schedule.due.isoformat()} is not one the tutor writes (UTC, "
                             f"{EARLIEST:%Y-%m-%d} to {CALENDAR_END:%Y-%m-%d})")
        return UnitState(learner, kind, item, schedule, reps, lapses, streak, retention)
    except DamagedRecordError:  # a stored time that is not one: said by from_ts
        raise
    except (ValueError, TypeError, KeyError, RecursionError) as err:
        raise damaged(f"the schedule of {named(kind)} {named(item)}", echo(str(err), 200)) from None


def advance(unit: UnitState | None, learner: str, item: tuple[str, str], answer: Answer,
             when: datetime) -> UnitState | None:
    """The unit's schedule after one more answer (``None``: the answer leaves it as it was).

    A retry moves nothing. A self-report ("Mark as learned") puts a unit not yet met
    on the schedule, due at once, without counting as a review.
    """
    if answer.retry or (answer.is_self_report and unit is not None):
        return None
    if answer.is_self_report:
        return UnitState(learner, item[0], item[1], new_card(*item), 0, 0, 0)
    first = unit is None or unit.reps == 0
    card = review(unit.card if unit else new_card(*item), correct=answer.correct, seconds=answer.seconds,
                  when=when, first=first)
    reps = (unit.reps if unit else 0) + 1
    lapses = (unit.lapses if unit else 0) + (0 if answer.correct else 1)
    streak = ((unit.right_streak if unit else 0) + 1) if answer.correct else 0
    retention = (unit.retention if unit else Retention()).after(answer.correct, when)
    return UnitState(learner, item[0], item[1], card, reps, lapses, streak, retention)


def save_unit(conn: Executes, unit: UnitState) -> None:
    r = unit.retention
    conn.execute(
        "INSERT INTO cards (learner, item_kind, item_id, card, due, reps, lapses,"
        " right_streak, reviews, first_success, last_success) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
        " ON CONFLICT (learner, item_kind, item_id) DO UPDATE SET card = excluded.card, due = excluded.due,"
        " reps = excluded.reps, lapses = excluded.lapses, right_streak = excluded.right_streak,"
        " reviews = excluded.reviews, first_success = excluded.first_success,"
        " last_success = excluded.last_success",
        (unit.learner, unit.item_kind, unit.item_id, unit.card.to_json(), to_ts(unit.card.due),
         unit.reps, unit.lapses, unit.right_streak, r.reviews,
         to_ts(r.first) if r.first else None, to_ts(r.last) if r.last else None),
    )


def rebuild_cards(conn: Executes, learner: str) -> None:
    """Recompute every schedule of ``learner`` by replaying the answers in order."""
    conn.execute("DELETE FROM cards WHERE learner = ?", (learner,))
    units: dict[tuple[str, str], UnitState] = {}
    rows = conn.execute(
        f"SELECT {REPLAY_COLUMNS} FROM answers WHERE learner = ? ORDER BY answered_at, id", (learner,)
    )
    for row in rows.fetchall():
        stored = answer_from_row(row)
        for item in review_units(stored.answer):
            unit = advance(units.get(item), learner, item, stored.answer, stored.answered_at)
            if unit is not None:
                units[item] = unit
    for unit in units.values():
        save_unit(conn, unit)
