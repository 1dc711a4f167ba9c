"""The tables in progress (the practice table's rubber, a way's table, an evening of five), each
owned by one profile and one session, with a version a second writer must match.

Issue 31 found two sessions on one profile overwriting each other's rubber, and every learner
who had picked no profile dealt into the default profile's rubber. So a stored table is keyed by
a :class:`TableSlot` — the profile, the way (``""`` for the four-handed table) and the *session*
(``""`` for the profile's own table; a session token for a learner who picked no profile) — and
carries a ``version``. A writer that read version *n* saves with ``version=n``; if another writer
saved in between, the store raises :class:`TableConflictError` and writes nothing: the second
writer is detected, never silently merged. A writer that means to replace whatever is stored
(a new rubber chosen on purpose) saves with ``version=None``.

>>> import sqlite3
>>> conn = sqlite3.connect(":memory:")
>>> _ = conn.execute("CREATE TABLE tables (learner TEXT, way TEXT, session TEXT, state TEXT,"
...                  " version INTEGER, updated_at TEXT, PRIMARY KEY (learner, way, session))")
>>> slot = TableSlot("anna")
>>> save(conn, slot, {"seed": 1}, version=0, now="t")
1
>>> load(conn, slot).version
1
>>> save(conn, slot, {"seed": 2}, version=0, now="t")
Traceback (most recent call last):
...
tutor.lessons.progress.tables.TableConflictError: The practice table of anna was changed in another session (another tab, window or terminal) after this one read it, so this change was not saved. Reload the page (or restart the command) to go on from where the other session left it, or start a new rubber here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

from tutor.engine.errors import TutorError
from tutor.lessons.progress.connection import SqlValue
from tutor.lessons.progress.schema import Executes

#: a session token: what :func:`new_session_token` makes (and all a URL may carry)
_TOKEN = re.compile(r"^[0-9a-f]{32}$")


class TableConflictError(TutorError):
    """Another session saved this table after this one read it; nothing was written."""


class DamagedTableError(TutorError):
    """The stored table does not read back as an object; it is left as it is."""


@dataclass(frozen=True)
class TableSlot:
    """Whose table: a profile, a way (``""``: the four-handed practice table), and a session
    (``""``: the profile's own table; else the token of a session that picked no profile)."""

    learner: str
    way: str = ""
    session: str = ""

    def __post_init__(self) -> None:
        if self.session and not _TOKEN.match(self.session):
            raise TutorError("a table session must be 32 lowercase hexadecimal digits")
        if len(self.way) > 40:  # noqa: PLR2004 - the ways' names are short ("3-auction")
            raise TutorError(f"no table is called {self.way[:40]!r}")

    def describe(self) -> str:
        what = f"table of the way {self.way}" if self.way else "practice table"
        return f"The {what} of {self.learner}"


@dataclass(frozen=True)
class StoredTable:
    """A table's state as stored, and the version a writer must quote to replace it."""

    state: dict[str, object]
    version: int


def is_session_token(text: str) -> bool:
    return bool(_TOKEN.match(text))


def new_session_token() -> str:
    import secrets

    return secrets.token_hex(16)


def _key(slot: TableSlot) -> tuple[str, str, str]:
    return slot.learner, slot.way, slot.session


def _version(value: SqlValue) -> int:
    """A stored version (the column is NOT NULL): ``int`` of it, with int's own TypeError for NULL."""
    if value is None:
        raise TypeError("int() argument must be a string, a bytes-like object or a real number, not 'NoneType'")
    return int(value)


def load(conn: Executes, slot: TableSlot) -> StoredTable | None:
    """The stored table of ``slot`` and its version, or ``None``."""
    row = conn.execute("SELECT state, version FROM tables WHERE learner = ? AND way = ? AND session = ?",
                       _key(slot)).fetchone()
    if row is None:
        return None
    text = row[0]
    try:  # a state that is not JSON text is damage, like text that is not JSON
        state = json.loads(text) if isinstance(text, str | bytes | bytearray) else None
    except (ValueError, TypeError, RecursionError):
        state = None
    if not isinstance(state, dict):
        raise DamagedTableError(f"{slot.describe()} is damaged; the tutor has not changed it "
                                "(start a new table to replace it).")
    return StoredTable(state, _version(row[1]))


def save(conn: Executes, slot: TableSlot, state: Mapping[str, object], *, version: int | None,
         now: str) -> int:
    """Write ``state`` to ``slot`` inside the caller's write transaction; returns the new version.

    ``version`` is the version the writer read (``0``: it read nothing); a different stored version
    means another session wrote since, and :class:`TableConflictError` is raised with nothing
    written. ``None`` replaces whatever is stored (a new table started on purpose).
    """
    row = conn.execute("SELECT version FROM tables WHERE learner = ? AND way = ? AND session = ?",
                       _key(slot)).fetchone()
    stored = _version(row[0]) if row else 0
    if version is not None and version != stored:
        raise TableConflictError(
            f"{slot.describe()} was changed in another session (another tab, window or terminal) "
            "after this one read it, so this change was not saved. Reload the page (or restart the "
            "command) to go on from where the other session left it, or start a new rubber here.")
    text = json.dumps(state)
    if row:
        conn.execute("UPDATE tables SET state = ?, version = ?, updated_at = ?"
                     " WHERE learner = ? AND way = ? AND session = ?", (text, stored + 1, now, *_key(slot)))
    else:
        conn.execute("INSERT INTO tables (learner, way, session, state, version, updated_at)"
                     " VALUES (?, ?, ?, ?, ?, ?)", (*_key(slot), text, stored + 1, now))
    return stored + 1


def clear(conn: Executes, slot: TableSlot) -> None:
    conn.execute("DELETE FROM tables WHERE learner = ? AND way = ? AND session = ?", _key(slot))
