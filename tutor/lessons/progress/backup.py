"""The copy of the progress file taken before a migration, verified before the migration starts.

Issue 31 found a kill during the copy leaving a 0-byte ``<file>.schema-v<N>.bak``, and the next
start, seeing a backup there, migrating anyway. So the copy is written to a temporary file,
flushed to disk, checked — SQLite's ``integrity_check`` says ``ok`` and every table holds as many
rows as the original — and only then renamed into place (an atomic rename: a kill leaves either no
backup or a whole one). A backup already in place is checked the same way before it is trusted,
and replaced when it fails. If the copy cannot be verified, the migration does not start.

:func:`write_whole` writes any other file of the tutor's the same way (``tutor progress --export`` and
``--csv``): a kill part way leaves the file as it was, never half of the new one -- where a rename may
replace the file (a new one, or the user's own); anything else is written in place, as the system allows.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import tempfile
from pathlib import Path
from typing import Literal


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


#: The characters of the target's name kept in the temporary file's (``.<name>.XXXXXXXX.partial``): a name
#: of 240-255 characters, allowed itself, made the temporary name pass the system's 255 ("File name too long").
TEMP_NAME_CHARS = 100


def write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``, whole or not at all where that is sure to be allowed: into a temporary
    file in the same folder, flushed and fsynced, then renamed over ``path`` (``os.replace``, atomic). A
    failure part way (a full disk, an exception, a kill) leaves ``path`` as it was; the temporary file is
    removed unless the process is killed (then a ``.<name>.*.partial`` file may remain beside it, never in
    its place). Raises ``OSError``.

    A rename needs write access to the folder only, so it could replace what writing in place may not (a
    file of another user's, the learner's own read-only export) and would split a hard link. It is used
    only when :func:`_replaceable` says the rename changes nothing but the content: no ``path`` at all (a
    new file, the owner's only: ``mkstemp``'s 0600, a learner's record), or the user's own writable regular
    file with a single link, in a folder the user may write. Anything else (a symbolic link, ``/dev/stdout``
    into a pipe or a file, ``/dev/fd/63`` of ``>(gzip > x.gz)``, a FIFO, ``/dev/null``, another's file, a
    hard link, a read-only file, a writable file in a read-only folder, a link loop) is written in place as
    before, with the system's own checks and errors ("Permission denied", "Too many levels of symbolic
    links"). A file replaced keeps its permissions (and its group, where the user may keep it).
    """
    info = _replaceable(path)
    if info is False:
        with open(path, "wb") as out:
            out.write(data)
        return
    fd, name = tempfile.mkstemp(prefix=f".{path.name[:TEMP_NAME_CHARS]}.", suffix=".partial", dir=path.parent)
    temp = Path(name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if info is not None:
            os.chmod(temp, stat.S_IMODE(info.st_mode))
            if info.st_gid != os.getegid():
                with contextlib.suppress(OSError):
                    os.chown(temp, -1, info.st_gid)
                    os.chmod(temp, stat.S_IMODE(info.st_mode))  # chown may clear set-group-id
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _sync_dir(path.parent)


def _replaceable(path: Path) -> os.stat_result | None | Literal[False]:
    """``None``: nothing is at ``path`` (not even a dangling link), a new file is made by a rename; the
    file's status: it is this user's own regular file, one link, writable, not a symbolic link, in a
    writable folder, so a rename replaces nothing but its content; ``False``: write in place. Decided on
    ``path`` as given (``os.stat``, ``os.path.lexists``), never on ``os.path.realpath``, which turns
    ``/dev/stdout`` into a pipe's ``/proc/<pid>/fd/pipe:[…]``, a name nothing can be written to."""
    if not os.path.lexists(path):
        return None
    if os.path.islink(path):  # /dev/stdout, /dev/fd/N, a link of the user's: the file it names, in place
        return False
    try:
        info = os.stat(path)
    except OSError:  # written in place: the system's error says why
        return False
    effective = os.access in os.supports_effective_ids
    if (stat.S_ISREG(info.st_mode) and info.st_uid == os.geteuid() and info.st_nlink == 1
            and os.access(path, os.W_OK, effective_ids=effective)
            and os.access(path.parent, os.W_OK | os.X_OK, effective_ids=effective)):
        return info
    return False
