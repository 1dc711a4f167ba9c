"""The pieces the store's narrow reads share: whether a stored row counts, the rows the database can count
without asking (:data:`PLAIN`), and the streak read back only as far as it goes. The home page's line,
``tutor progress`` (stop 58) and the Progress page's figures (:mod:`tutor.lessons.progress.tallies`, stop 59)
are counted by the database; reading every answer to count them cost a page 0.3-0.6 s a run with 30,000
answers.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from tutor.lessons.answers import MARKED_LEARNED, SELF_REPORT, is_self_report
from tutor.lessons.progress.columns import stored_text
from tutor.lessons.progress.local_days import HOUR, HourDays, Read, on_local_days
from tutor.lessons.progress.schema import extra_of, to_ts

#: An answer that counts (:attr:`~tutor.lessons.answers.Answer.counts`) when it is not a retry, told by the
#: database alone: its ``extra`` a JSON object that names no self-report mark, and not a law marked learned the
#: old way, by its text (:func:`~tutor.lessons.answers.is_self_report`); any other answer is read and asked
#: (:data:`MARKED`, :func:`counts_in_row`). Its parameters follow it. A drill's answer carries its kind in
#: ``extra`` (``{"kind": "lead"}``), the table's its source: until stop 60 every answer with anything in
#: ``extra`` was read one by one, which on a real record is most of them. The store writes ``extra`` with
#: ``json.dumps`` (an import too), so the mark is always spelt ``"self_report"``; ``LIKE``'s ``_`` and
#: SQLite's case-blind ``LIKE`` can only take in more rows, which are then read and asked. A blob or another
#: JSON value (its first character not ``{``) is read, and called damaged as a whole read calls it. The
#: pattern is a parameter: PostgreSQL's driver reads a ``%`` in the text as a placeholder.
PLAIN = "substr(extra, 1, 1) = '{' AND extra NOT LIKE ? AND NOT (item_kind = 'law' AND given = ? AND expected = ?)"
PLAIN_PARAMS = (f'%"{SELF_REPORT}"%', MARKED_LEARNED, MARKED_LEARNED)
#: The answers :data:`PLAIN` leaves to be read and asked (its parameters too are :data:`PLAIN_PARAMS`).
MARKED = f"NOT ({PLAIN})"


def counts_in_row(item_kind: object, given: object, expected: object, extra: object, retry: object) -> bool:
    """:attr:`tutor.lessons.answers.Answer.counts` of a stored row's fields, without reading the rest of the
    row: ``extra`` parsed only when it holds something (nearly every answer's is ``{}``)."""
    if retry:
        return False
    marks = extra_of(stored_text(extra, "extra")) if extra != "{}" else {}  # a blob: damaged, as a whole read says
    return not is_self_report(stored_text(item_kind, "item_kind"), stored_text(given, "given"),
                              stored_text(expected, "expected"), marks)


def streak_days(days: Iterable[date], today: date) -> int:
    """Days in a row with at least one answer, ending ``today`` or the day before."""
    answered = set(days)
    day = today if today in answered else today - timedelta(days=1)
    count = 0
    while day in answered:
        count += 1
        day -= timedelta(days=1)
    return count


#: The days the streak is first looked for in (doubled while the streak fills them).
STREAK_WINDOW_DAYS = 64


def streak_back_from(read: Read, learner: str, today: date) -> int:
    """:func:`streak_days` over the days (local time) with an answer, reading (with ``read``, the store's) only
    the recent answers: a window of days that doubles while the streak fills it, each answer read once (a
    streak shorter than the window is whole: the day that ends it lies inside); read by hours of UTC, each
    on its local day (:mod:`tutor.lessons.progress.local_days`)."""
    days: set[date] = set()
    hours = HourDays()
    window, older_than = STREAK_WINDOW_DAYS, ""
    while True:
        since = to_ts(datetime.combine(today - timedelta(days=window), time.min).astimezone())  # local midnight
        where = "learner = ? AND answered_at >= ?" + (" AND answered_at < ?" if older_than else "")
        params = (learner, since, *((older_than,) if older_than else ()))
        answered = read(f"SELECT DISTINCT {HOUR} FROM answers WHERE {where}", params)
        days.update(day for day, _ in on_local_days(read, answered, "", where, params, hours))
        streak = streak_days(days, today)
        if streak < window:
            return streak
        window, older_than = window * 2, since  # ends: a streak is no longer than the days answered
