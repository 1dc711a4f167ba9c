"""The record as plain data, out of the store and back in (``tutor progress --export/--import``, the
Progress page's download): the whole store's, or one learner's (issue 31: a learner downloads
only their own record, built when they ask for it).

Importing merges: an answer whose uid is known is skipped (as is one whose idempotency key the
learner already has), and the schedules of the learners named are rebuilt from their answers,
so the result does not depend on the order of imports. An import is written in pieces, each a
transaction of its own (:func:`import_in_pieces`), so another writer never waits for all of it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Protocol

from tutor.engine.json_types import JsonObject
from tutor.lessons.progress.schema import Executes, StoredAnswer, rebuild_cards, to_ts
from tutor.lessons.progress.srs import UnitState

FORMAT = "vint-tutor-progress"


def answer_dict(stored: StoredAnswer) -> JsonObject:
    a = stored.answer
    out: JsonObject = {
        "uid": stored.uid, "learner": stored.learner, "answered_at": to_ts(stored.answered_at),
        "item_kind": a.item_kind, "item_id": a.item_id, "correct": a.correct, "given": a.given,
        "expected": a.expected, "laws": list(a.laws), "seed": a.seed, "position": a.position,
        "seconds": a.seconds, "extra": dict(a.extra), "retry": a.retry,
    }
    if a.key:
        out["key"] = a.key
    return out


class _Readable(Protocol):
    """What an export reads of a store."""

    def learner_rows(self, learner: str | None = None) -> list[tuple[str, str]]: ...
    def answers(self, learner: str | None = None) -> list[StoredAnswer]: ...
    def cards_rows(self, learner: str | None = None) -> list[UnitState]: ...


def export_record(store: _Readable, schema_version: int, learner: str | None = None) -> dict[str, object]:
    """The record (one learner's when ``learner`` is given) as JSON-ready data."""
    return {
        "format": FORMAT,
        "schema_version": schema_version,
        "learners": [{"name": n, "created_at": c} for n, c in store.learner_rows(learner)],
        "answers": [answer_dict(a) for a in store.answers(learner)],
        "cards": [
            {"learner": u.learner, "item_kind": u.item_kind, "item_id": u.item_id,
             "card": u.card.to_dict(), "reps": u.reps, "lapses": u.lapses,
             "right_streak": u.right_streak, "reviews": u.retention.reviews}
            for u in store.cards_rows(learner)
        ],
    }


#: Answers written in one transaction of an import, and learners whose schedules are rebuilt in one (each
#: about half a second of writing here): a writer beside the import (a learner answering while a teacher
#: imports a class's record) waits for one piece, never the whole import (stop 59: 87,000 answers held the
#: lock for 16 s in one transaction, and an answer recorded meanwhile gave up after the store's 10 s).
ANSWERS_PER_WRITE = 5_000
LEARNERS_PER_WRITE = 2_000
#: The import's pause between two pieces: longer than SQLite's longest sleep between two tries of a writer
#: waiting for the lock (100 ms), so a waiting writer is in before the next piece. Without it, the next
#: piece took the lock again at once and a waiting answer waited 7.5 s of a 24 s import.
PAUSE_SECONDS = 0.11


def import_in_pieces(writing: Callable[[], AbstractContextManager[Executes]], learners: list[tuple[str, str]],
                     answers: list[StoredAnswer]) -> int:
    """Merge learners and answers, each piece in a transaction of its own (``writing`` opens one); returns
    answers added. Then every learner the answers name has the schedules rebuilt from all their answers,
    also in pieces -- every learner, not only those with an answer added, so an import stopped part way
    (killed, or the database gone) and run again finishes the schedules too (the answers already in are
    skipped, and a rebuild replays the same answers into the same schedules)."""
    with writing() as conn:
        for name, created in learners:
            conn.execute("INSERT INTO learners (name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                         (name, created))
    added = 0
    for start in range(0, len(answers), ANSWERS_PER_WRITE):
        time.sleep(PAUSE_SECONDS)
        with writing() as conn:
            added += _insert(conn, answers[start:start + ANSWERS_PER_WRITE])
    named = sorted({s.learner for s in answers})
    for start in range(0, len(named), LEARNERS_PER_WRITE):
        time.sleep(PAUSE_SECONDS)
        with writing() as conn:
            for learner in named[start:start + LEARNERS_PER_WRITE]:
                rebuild_cards(conn, learner)
    return added


def _insert(conn: Executes, answers: Sequence[StoredAnswer]) -> int:
    """Write ``answers`` (and their learners) inside the caller's transaction; returns how many were new."""
    added = 0
    for s in answers:
        a = s.answer
        conn.execute("INSERT INTO learners (name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                     (s.learner, to_ts(s.answered_at)))
        cur = conn.execute(
            "INSERT INTO answers (uid, learner, item_kind, item_id, correct, given,"
            " expected, laws, seed, position, seconds, extra, answered_at, retry, key)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING",
            (s.uid, s.learner, a.item_kind, a.item_id, int(a.correct), a.given, a.expected,
             json.dumps(list(a.laws)), a.seed, a.position, a.seconds,
             json.dumps(a.extra, sort_keys=True), to_ts(s.answered_at), int(a.retry), a.key or None),
        )
        added += 1 if cur.rowcount else 0
    return added
