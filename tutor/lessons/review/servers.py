"""How each kind of review item is served, in one table, and the serving itself.

:data:`ITEM_SERVERS` maps a review item kind (``law``, ``quiz``, ``convention``,
``scoring``, ``solo``) to its server ``server(item_id, seed) -> Exercise``;
:data:`REPLAYERS` the kinds whose recorded answers are rebuilt from their stored
position rather than from the seed alone. A new kind of review item adds one line
here; nothing registers on import.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime

from tutor.engine.errors import TutorError
from tutor.lessons import scoring, solo
from tutor.lessons.progress import ProgressStore, StoredAnswer
from tutor.lessons.review import (
    Exercise,
    ItemServer,
    NotReplayable,
    Replayer,
    Skipped,
    attempt,
    conventions,
    due_items,
    law_entries,
    not_replayable_message,
    serve_law,
)

ITEM_SERVERS: Mapping[str, ItemServer] = {
    "law": serve_law,
    "quiz": conventions.serve_quiz,
    "convention": conventions.serve_convention,
    "scoring": scoring.serve_scoring,
    solo.KIND: solo.serve_solo,
}

REPLAYERS: Mapping[str, Replayer] = {
    "convention": conventions.replay_convention,
    "solo": conventions.replay_solo,
}


def item_server(kind: str) -> ItemServer | None:
    return ITEM_SERVERS.get(kind)


def servable_kinds() -> list[str]:
    """The kinds that can be served now (laws only when the content has laws)."""
    return sorted(k for k in ITEM_SERVERS if k != "law" or law_entries())


def serve(item_kind: str, item_id: str, seed: int) -> Exercise:
    """A fresh exercise for a review unit; raises TutorError if its kind has no server."""
    server = ITEM_SERVERS.get(item_kind)
    if server is None:
        raise TutorError(
            f"Review items of kind {item_kind!r} ({item_id}) cannot be served yet: the tutor has no "
            f"server for them (known: {', '.join(servable_kinds()) or 'none'})."
        )
    return server(item_id, seed)


def replay(stored: StoredAnswer) -> Exercise:
    """The exact exercise that was missed, rebuilt from its seed (or from its stored position).

    Rebuilding from the seed must give the recorded position; when it does not (the rules or
    content changed since), :class:`~tutor.lessons.review.NotReplayable` says so rather than
    show another deal.
    """
    a = stored.answer
    if a.extra.get("source") == "ways":  # a decision at a way's table (a rule's or a law's): its very position
        from tutor.lessons.ways.items import exercise_of_way

        return exercise_of_way(a)
    replayer = REPLAYERS.get(a.item_kind)
    if replayer is not None and a.seed is not None:
        return replayer(stored)
    server = ITEM_SERVERS.get(a.item_kind)
    if server is not None and a.seed is not None:
        exercise = server(a.item_id, a.seed)
        if a.position and exercise.position != a.position:
            raise NotReplayable(not_replayable_message(a))
        return exercise
    prompt = a.position or "The position of this answer was not recorded."
    return Exercise(a.item_kind, a.item_id, prompt=prompt, expected=a.expected, laws=a.laws,
                    seed=a.seed, position=a.position,
                    explanation=f"The expected answer was {a.expected}; you answered {a.given}.")


def serve_each(items: Iterable[tuple[str, str]], rng: random.Random) -> Iterator[Exercise | Skipped]:
    """Each item served on its own, with a fresh seed: an exercise, or why it was skipped."""
    for kind, item_id in items:
        seed = rng.randrange(2**31)
        yield attempt(kind, item_id, functools.partial(serve, kind, item_id, seed))


def next_exercise(store: ProgressStore, learner: str, rng: random.Random,
                  now: datetime | None = None, skipped: list[Skipped] | None = None) -> Exercise | None:
    """The first due unit that can be served, with a fresh seed; None if nothing is due.

    Items that cannot be served are passed over (and appended to ``skipped`` when given).
    """
    kinds = set(servable_kinds())
    items = [item for item in due_items(store, learner, now) if item[0] in kinds]
    for result in serve_each(items, rng):
        if isinstance(result, Exercise):
            return result
        if skipped is not None:
            skipped.append(result)
    return None


__all__ = ["ITEM_SERVERS", "REPLAYERS", "item_server", "next_exercise", "replay", "serve", "serve_each",
           "servable_kinds"]
