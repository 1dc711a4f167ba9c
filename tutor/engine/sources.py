"""The one place a file named by the learner (or ``-``, standard input) is opened and read, bounded.

Every reader of outside input goes through here: the JSON reader (:mod:`tutor.engine.jsonread`:
``tutor score``, ``advise``, ``analyse``, ``progress --import``), the PBN files of ``tutor robots``
and ``tutor play``, and the content files (:mod:`tutor.lessons.content.yamlread`). It refuses,
each in one line and before anything is read:

* a path that is not a **regular file** — a directory, a named pipe (FIFO), a device such as
  ``/dev/zero`` or a terminal, a socket: :class:`NotAFile`. The path is looked at with
  :func:`os.stat` before it is opened, then opened without blocking (``O_NONBLOCK``: a FIFO with
  no writer would otherwise wait for one forever) and looked at again, so a file swapped for a
  FIFO in between is refused too;
* **standard input that is closed** (``tutor score - <&-``, where Python's ``sys.stdin`` is
  ``None``): :class:`NoInput`, "no input: standard input is closed".

At most ``max_bytes`` plus one bytes are read, so the caller can tell a file over its limit.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import BinaryIO

from tutor.engine.errors import TutorError

#: ``-`` names standard input wherever a file is read
STDIN_NAME = "-"
NO_INPUT = "no input: standard input is closed"


class NoInput(TutorError):
    """Standard input is closed (``<&-``): there is nothing to read."""

    def __init__(self) -> None:
        super().__init__(NO_INPUT)


class NotAFile(OSError):
    """A path that names something other than a regular file; ``strerror`` says what it is."""


def kind_of(mode: int) -> str:
    """What a file of ``mode`` is, in words ("a directory", "a named pipe (FIFO)" …)."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _refuse_unless_regular(mode: int, path: str | os.PathLike[str]) -> None:
    if not stat.S_ISREG(mode):
        what = kind_of(mode)
        reason = what if what == "not a regular file" else f"{what}, not a regular file"
        raise NotAFile(0, reason, str(path))


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """``path`` opened for reading bytes, if it is a regular file; never blocks (a FIFO is refused).

    Raises :class:`NotAFile` (an :class:`OSError` whose ``strerror`` says what the path is) or the
    :class:`OSError` of :func:`os.stat` / :func:`os.open` (missing, no permission).
    """
    _refuse_unless_regular(os.stat(path).st_mode, path)  # before opening: opening a device may do things
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        _refuse_unless_regular(os.fstat(fd).st_mode, path)  # what was opened, should the path have changed
        if getattr(os, "O_NONBLOCK", 0):
            os.set_blocking(fd, True)  # a regular file: reads as usual from here
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_stdin_bytes(max_bytes: int) -> bytes:
    """At most ``max_bytes`` plus one bytes of standard input; :class:`NoInput` when it is closed."""
    stdin = sys.stdin
    if stdin is None:
        raise NoInput
    buffer: BinaryIO | None = getattr(stdin, "buffer", None)
    if buffer is None:  # a text stream with no bytes under it (a test's StringIO)
        return stdin.read(max_bytes + 1).encode("utf-8")[:max_bytes + 1]
    return buffer.read(max_bytes + 1)


def read_bytes(source: str | os.PathLike[str], max_bytes: int) -> bytes:
    """At most ``max_bytes`` plus one bytes of the regular file ``source``, or of standard input when
    ``source`` is ``-``. An :class:`OSError` (:class:`NotAFile` included) says why a file cannot be read;
    :class:`NoInput` that standard input is closed."""
    if str(source) == STDIN_NAME:
        return read_stdin_bytes(max_bytes)
    with open_regular(Path(source)) as stream:
        return stream.read(max_bytes + 1)
