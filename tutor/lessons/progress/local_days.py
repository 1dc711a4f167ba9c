"""Local days of stored answers, read by hours of UTC: what a report's day is, without reading each answer.

A report's day is the learner's local day (``astimezone()``: the streak, the Progress page's chart). Times
are stored in UTC at fixed width, so the database can group them by their hour of UTC
(:data:`HOUR`, ``2026-12-07T20``). An hour of UTC lies within one local day when the local clock's offset
from UTC is the same at its first and its last instant (no change of clock inside it: the time-zone database
never has two in one hour) and both instants fall on one date. Nearly every hour does; an hour that holds a
local midnight where the offset is not a whole number of hours (India, Nepal), or a change of clock, is
*mixed*: its answers are read one by one (:func:`on_local_days`).

Measured with 30,000 answers (``benchmarks/heavy_learner.py``): the streak read 9,773 times of the last 64 days
and turned each into a local day; by hours, it reads at most 1,536.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import date, datetime, timedelta

from tutor.engine.errors import echo
from tutor.lessons.progress.columns import damaged, stored_text
from tutor.lessons.progress.schema import damaged_time, from_ts

#: The store's read: an SQL text with ``?`` parameters, and its rows.
Read = Callable[[str, tuple[object, ...]], Sequence[Sequence[object]]]

#: A stored time's hour of UTC, in SQL: its first 13 characters.
HOUR = "substr(answered_at, 1, 13)"
#: What :data:`HOUR` gives of a time the tutor stored (a year of four digits, fixed width)
_AN_HOUR = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}")
#: Hours of UTC asked for in one read (under every database's bound on parameters).
_HOURS_PER_READ = 500


class HourDays:
    """Each hour of UTC's local day, worked out once per hour (in the zone of the moment it is made)."""

    def __init__(self) -> None:
        self._days: dict[str, date | None] = {}

    def of(self, hour: object) -> date | None:
        """The local day of every instant of this hour of UTC, or ``None`` when the hour is mixed."""
        text = stored_text(hour, "answered_at")
        if text not in self._days:
            if not _AN_HOUR.fullmatch(text):  # the tutor writes its times at fixed width: an edited file
                raise damaged(f"the stored time {echo(text)}", "not a time the tutor writes")
            first = _local(from_ts(f"{text}:00:00Z"), text)
            last = _local(first + timedelta(hours=1, microseconds=-1), text)
            same = first.utcoffset() == last.utcoffset() and first.date() == last.date()
            self._days[text] = first.date() if same else None
        return self._days[text]


def local_day(stored: object) -> date:
    """The local day of one stored time."""
    return _local(from_ts(stored), stored).date()


def _local(when: datetime, stored: object) -> datetime:
    """``when`` in local time; a time too near the calendar's end for it is one the tutor never writes
    (:data:`~tutor.lessons.progress.schema.LATEST`): a damaged record."""
    try:
        return when.astimezone()
    except OverflowError:
        raise damaged_time(stored) from None


def on_local_days(read: Read, grouped: Iterable[Sequence[object]], columns: str, where: str,
                  params: tuple[object, ...], hours: HourDays | None = None) -> Iterator[tuple[date, list[object]]]:
    """``(local day, figures)`` of rows read grouped by hour of UTC (each row: the hour, then its figures).
    The answers of a mixed hour that meet ``where`` (with ``params``) are read again one by one -- the same
    figures of one answer, ``columns`` -- each on its own day. ``hours``: the days already worked out."""
    hours = hours or HourDays()
    mixed = set()
    for hour, *figures in grouped:
        day = hours.of(hour)
        if day is None:
            mixed.add(str(hour))
        else:
            yield day, figures
    each = "answered_at" + (f", {columns}" if columns else "")
    for at, *figures in _rows_in_hours(read, each, where, params, sorted(mixed)):
        yield local_day(at), figures


def _rows_in_hours(read: Read, columns: str, where: str, params: tuple[object, ...],
                   hours: Sequence[str]) -> Iterator[Sequence[object]]:
    """``columns`` of the answers that meet ``where`` (with ``params``) in these hours of UTC."""
    for start in range(0, len(hours), _HOURS_PER_READ):
        piece = hours[start:start + _HOURS_PER_READ]
        yield from read(f"SELECT {columns} FROM answers WHERE {where} AND {HOUR} IN ({', '.join('?' * len(piece))})",
                        (*params, *piece))
