"""The copy of the progress file taken before a migration, verified before the migration starts.

Issue 31 found a kill during the copy leaving a 0-byte ``<file>.schema-v<N>.bak``, and the next
start, seeing a backup there, migrating anyway. So the copy is written to a temporary file,
flushed to disk, checked — SQLite's ``integrity_check`` says ``ok`` and every table holds as many
rows as the original — and only then renamed into place (an atomic rename: a kill leaves either no
backup or a whole one). A backup already in place is checked the same way before it is trusted,
and replaced when it fails. If the copy cannot be verified, the migration does not start.

:func:`write_whole` writes any other file of the tutor's the same way (``tutor progress --export`` and
``--csv``): a kill part way leaves the file as it was, never half of the new one.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import tempfile
from pathlib import Path


class BackupError(Exception):
    """The backup could not be made or verified; the message says what is wrong with it."""


def backup_path(path: Path, version: int) -> Path:
    return path.with_name(f"{path.name}.schema-v{version}.bak")


def row_counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Rows in every table of the database (SQLite's own tables left out)."""
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    return {name: int(conn.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]) for name in names}


def verify(copy: Path, expected: dict[str, int]) -> None:
    """Raise :class:`BackupError` unless ``copy`` is a sound SQLite file with ``expected`` rows per table."""
    if not copy.exists() or copy.stat().st_size == 0:
        raise BackupError(f"{copy} is empty")
    try:
        conn = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
    except sqlite3.Error as err:
        raise BackupError(f"{copy} cannot be opened: {err}") from None
    try:
        problems = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
        if problems != ["ok"]:
            raise BackupError(f"{copy} fails SQLite's integrity check: {'; '.join(problems[:3])}")
        counts = row_counts(conn)
    except sqlite3.Error as err:
        raise BackupError(f"{copy} cannot be read: {err}") from None
    finally:
        conn.close()
    if counts != expected:
        raise BackupError(f"{copy} holds {counts}, the database {expected}")


def copy_database(source: sqlite3.Connection, target: Path) -> None:
    """SQLite's online backup of ``source`` into ``target``, flushed to disk."""
    dest = sqlite3.connect(target)
    try:
        source.backup(dest)
    finally:
        dest.close()
    with open(target, "rb") as handle:
        os.fsync(handle.fileno())


def verified_backup(source: sqlite3.Connection, path: Path, version: int) -> Path:
    """The verified backup of ``path`` (at schema ``version``), made if needed; raises :class:`BackupError`."""
    target = backup_path(path, version)
    expected = row_counts(source)
    if target.exists():
        try:
            verify(target, expected)
            return target
        except BackupError:
            pass  # a partial or stale copy: made again below
    temp = target.with_name(target.name + ".partial")
    with contextlib.suppress(FileNotFoundError):
        temp.unlink()
    try:
        copy_database(source, temp)
        verify(temp, expected)
        os.replace(temp, target)
        _sync_dir(target.parent)
    except (OSError, sqlite3.Error) as err:
        raise BackupError(f"the copy to {target} failed: {err}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
    return target


def _sync_dir(folder: Path) -> None:
    """Make the rename itself durable (a directory fsync; not possible on every system)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: into a temporary file in the same folder, flushed and
    fsynced, then renamed over ``path`` (``os.replace``, atomic). A failure part way (a full disk, an
    exception, a kill) leaves ``path`` as it was; the temporary file is removed unless the process is killed
    (then a ``.<name>.*.partial`` file may remain beside it, never in its place). Raises ``OSError``.

    A symbolic link is followed (the file it names is replaced, as writing in place did); a ``path`` that is
    no regular file (``/dev/stdout``, a pipe) is written in place, as nothing can be renamed over it. A file
    replaced keeps its permissions; a new one is the owner's only (``mkstemp``'s 0600: a learner's record).
    """
    target = Path(os.path.realpath(path))
    try:
        info: os.stat_result | None = target.stat()
    except OSError:  # none yet (or not to be looked at: the rename below says why)
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        with open(target, "wb") as out:
            out.write(data)
        return
    mode = stat.S_IMODE(info.st_mode) if info is not None else None
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
    temp = Path(name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _sync_dir(target.parent)
