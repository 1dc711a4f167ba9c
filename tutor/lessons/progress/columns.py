"""What a stored answer's columns may hold: the bounds of its fields (every imported record is held to them,
``tutor/lessons/progress/progress_io.py``) and the readers that check each column's type as a row is read
back (``tutor/lessons/progress/schema.py``: an SQLite file's columns need not hold their declared type --
``UPDATE answers SET expected = x'ff'`` stores a blob -- and such a row is a damaged record, named by field,
never a traceback further on).
"""

from __future__ import annotations

import math
import re

from tutor.engine.errors import TutorError, echo
from tutor.engine.nouns import count_of

#: The bounds of an answer's stored fields, applied to every record imported (``tutor progress --import``,
#: the Progress page's upload; docs/quality.md "Limits"). They admit whatever the tutor itself records: a
#: typed answer is at most 200 characters (``MAX_GIVEN`` of :mod:`tutor.lessons.review`, the terminal's
#: ``MAX_ANSWER_CHARS``), but a scoring sheet's record joins every entry of the sheet ("below:NS=140,
#: honours:EW=0, …": a whole deal's 12 entries, 236 characters from the terminal's 7-digit entries and 344
#: from the page's), so the given and the expected answer may have ten times a typed answer.
MAX_ANSWER_TEXT = 2_000
#: an item's kind and id, and each law an answer cites (a law is an item): as an import always bounded them
MAX_ITEM_ID = 200
#: a position to replay: a deal (PBN, 70 characters), a drill's or a table's view as JSON (a way's table
#: before its last card, with every action so far, about 2,200 characters)
MAX_POSITION = 20_000
#: the laws one answer cites (a scoring rubber's sheet cites about 25)
MAX_LAWS = 100
#: the entries of an answer's ``extra`` (the tutor writes at most three) and each entry's name (a word); a
#: value is a text as long as an answer's (a scoring sheet's ``wrong`` lists the keys of the entries missed)
MAX_EXTRA = 20
MAX_EXTRA_KEY = 100

#: control characters (C0, DEL and C1: Unicode's ``Cc``), which a terminal obeys rather than shows (ESC
#: starts a sequence that moves the cursor, clears the screen or sets the title; a line break forges a line)
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
#: the same without the tab, which a learner's typed answer may hold (the terminal's line and the Review
#: page's box take it) and which moves nothing but the cursor to the next tab stop
CONTROL_BUT_TAB = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")


def control_character(text: str, *, tab: bool = False) -> str | None:
    """The first control character in ``text`` and where it is ("U+001B at character 0"), else ``None``
    (``tab``: a tab is allowed)."""
    found = (CONTROL_BUT_TAB if tab else CONTROL).search(text)
    return None if found is None else f"U+{ord(found.group()):04X} at character {found.start()}"


def kind_of(value: object) -> str:
    """What a stored value is, for the damaged-record line: "a blob of 2 bytes", "the text 'slow'"."""
    if isinstance(value, bytes | bytearray | memoryview):
        return f"a blob of {count_of(len(value), 'byte')}"
    if isinstance(value, str):
        return f"the text {echo(value, 40)}"
    return f"{type(value).__name__} {echo(value, 40)}"


def named(value: object) -> str:
    """An item's kind or id in a damaged-record line: as it is when it is a short text without control
    characters (``law-12``), else quoted and cut (:func:`~tutor.engine.errors.echo`)."""
    if isinstance(value, str) and len(value) <= MAX_ITEM_ID and not CONTROL.search(value):
        return value
    return echo(value)


def text_column(value: object, field: str) -> str:
    """A text column's value; anything else (a blob, a number written over it) is damage, named by field."""
    if not isinstance(value, str):
        raise TypeError(f"{field} is {kind_of(value)}, not a text")
    return value


def flag_column(value: object, field: str) -> bool:
    """A 0/1 column (``correct``, ``retry``)."""
    if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
        return bool(value)
    raise TypeError(f"{field} is {kind_of(value)}, not 0 or 1")


def whole_or_none_column(value: object, field: str) -> int | None:
    """An INTEGER column that may be empty (``seed``)."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise TypeError(f"{field} is {kind_of(value)}, not a whole number")


def whole_column(value: object, field: str) -> int:
    """An INTEGER column that is never empty (a schedule's counts)."""
    whole = whole_or_none_column(value, field)
    if whole is None:
        raise TypeError(f"{field} is empty, not a whole number")
    return whole


def seconds_column(value: object) -> float | None:
    """The ``seconds`` column: a finite number of seconds, or empty."""
    if value is None:
        return None
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value) if isinstance(value, int) else value
    raise TypeError(f"seconds is {kind_of(value)}, not a number of seconds")


class DamagedRecordError(TutorError):
    """A row of the progress database cannot be read back: the file is damaged (and left untouched)."""


def damaged(what: str, detail: str) -> DamagedRecordError:
    """The damaged-record error: what cannot be read, why, and what to do (the file is never changed)."""
    return DamagedRecordError(
        f"The progress database is damaged: {what} cannot be read ({detail}). The tutor has not changed "
        "the file; restore a JSON export with `tutor progress --import FILE` into a new database, or "
        "point TUTOR_DB or --db at another file.")


def stored_text(value: object, field: str) -> str:
    """A text column's value read by a count (:mod:`tutor.lessons.progress.tallies`, :mod:`.facts`): anything
    else (a blob, a number written over it) is a damaged record naming the field, as a whole row's reading says."""
    try:
        return text_column(value, field)
    except TypeError as err:
        raise damaged("an answer", str(err)) from None
