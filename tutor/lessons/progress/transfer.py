"""The record as plain data, out of the store and back in (``tutor progress --export/--import``, the
Progress page's download): the whole store's, or one learner's (issue 31: a learner downloads
only their own record, built when they ask for it).

Importing merges: an answer whose uid is known is skipped (as is one whose idempotency key the
learner already has), and the schedules of the learners touched are rebuilt from their answers,
so the result does not depend on the order of imports.
"""

from __future__ import annotations

import json
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


def import_rows(conn: Executes, learners: list[tuple[str, str]], answers: list[StoredAnswer]) -> int:
    """Merge learners and answers inside the caller's write transaction; returns answers added."""
    added = 0
    for name, created in learners:
        conn.execute("INSERT INTO learners (name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING", (name, created))
    touched = set()
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
        if cur.rowcount:
            added += 1
            touched.add(s.learner)
    for learner in sorted(touched):
        rebuild_cards(conn, learner)
    return added
