"""What to review now, and how each kind of item is served as a fresh exercise.

A review unit is ``(item_kind, item_id)``: a law, a convention rule, a scoring
level, a Solo Whist rule (see :mod:`tutor.lessons.srs`). :func:`due_items` lists
the due units of a learner, mixing kinds so that laws, scoring and drills
alternate. Each kind is served by a function registered with
:func:`register_item_server`; the module that owns the kind registers it when
imported, and :func:`load_servers` imports those modules (guarded: a missing or
broken module only means its kind cannot be served yet)::

    # in tutor/lessons/drills.py, say
    from tutor.lessons.review import Exercise, register_item_server

    def serve_convention(item_id: str, seed: int) -> Exercise:
        deal = ...  # a fresh deal from random.Random(seed) that fits rule item_id
        return Exercise("convention", item_id, prompt=..., expected=..., choices=..., seed=seed)

    register_item_server("convention", serve_convention)

The same seed must give the same exercise: that is how a missed position is
replayed from the mistakes queue. Laws are served here from ``content/`` until a
laws module registers a better server.
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.content.laws import law_entries as content_law_entries
from tutor.lessons.progress import ProgressStore, StoredAnswer
from tutor.lessons.srs import Mastery


@dataclass(frozen=True)
class Exercise:
    """One thing to answer, independent of the UI (the page and ``tutor review`` both show it).

    ``choices`` empty means a free answer. ``explanation`` is the full feedback shown
    while the unit is being learned; ``short`` the confirmation once it is mastered.
    """

    item_kind: str
    item_id: str
    prompt: str
    expected: str
    choices: tuple[str, ...] = ()
    explanation: str = ""
    short: str = ""
    laws: tuple[str, ...] = ()
    seed: int | None = None
    position: str = ""
    extra: dict[str, str] = field(default_factory=dict)

    def is_right(self, given: str) -> bool:
        """Case- and space-insensitive comparison with the expected answer."""
        return _norm(given) == _norm(self.expected)

    def answer(self, given: str, seconds: float | None = None) -> Answer:
        """The :class:`Answer` record of ``given``, ready for the progress store."""
        return Answer(
            item_kind=self.item_kind, item_id=self.item_id, correct=self.is_right(given),
            given=given, expected=self.expected, laws=self.laws, seed=self.seed,
            position=self.position, seconds=seconds, extra=dict(self.extra),
        )

    def feedback(self, mastery: Mastery) -> str:
        """Full explanation while learning, a short confirmation once mastered."""
        if mastery == "mastered" and self.short:
            return self.short
        return self.explanation or self.short


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


ItemServer = Callable[[str, int], Exercise]
"""``server(item_id, seed) -> Exercise``; the same seed gives the same exercise."""

_SERVERS: dict[str, ItemServer] = {}

#: Modules that own an item kind and register its server when imported.
PLUGIN_MODULES: tuple[str, ...] = (
    "tutor.lessons.laws",
    "tutor.lessons.law_quiz",
    "tutor.lessons.study",
    "tutor.lessons.quizzes",
    "tutor.lessons.scoring",
    "tutor.lessons.drills",
    "tutor.lessons.conventions",
    "tutor.lessons.play",
    "tutor.lessons.solo",
)
load_problems: dict[str, str] = {}


def register_item_server(kind: str, server: ItemServer) -> None:
    """Serve review units of ``kind`` with ``server`` (the last registration wins)."""
    _SERVERS[kind] = server


def item_server(kind: str) -> ItemServer | None:
    return _SERVERS.get(kind)


def servable_kinds() -> list[str]:
    return sorted(_SERVERS)


def load_servers() -> list[str]:
    """Import the plugin modules (once each) and return the kinds that can be served."""
    for name in PLUGIN_MODULES:
        if name in load_problems:
            continue
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                load_problems[name] = f"{name}: {err}"
        except Exception as err:  # another module's bug must not break review
            load_problems[name] = f"{name}: {type(err).__name__}: {err}"
    if "law" not in _SERVERS and law_entries():
        register_item_server("law", serve_law)
    return servable_kinds()


def serve(item_kind: str, item_id: str, seed: int) -> Exercise:
    """A fresh exercise for a review unit; raises TutorError if its kind has no server."""
    server = _SERVERS.get(item_kind)
    if server is None:
        raise TutorError(
            f"Review items of kind {item_kind!r} ({item_id}) cannot be served yet: no module "
            f"registered a server for them (known: {', '.join(servable_kinds()) or 'none'})."
        )
    return server(item_id, seed)


def replay(stored: StoredAnswer) -> Exercise:
    """The exact exercise that was missed, rebuilt from its seed (or from its stored position)."""
    a = stored.answer
    server = _SERVERS.get(a.item_kind)
    if server is not None and a.seed is not None:
        return server(a.item_id, a.seed)
    prompt = a.position or f"{a.item_kind} {a.item_id}"
    return Exercise(a.item_kind, a.item_id, prompt=prompt, expected=a.expected, laws=a.laws,
                    seed=a.seed, position=a.position,
                    explanation=f"The expected answer was **{a.expected}**; you answered {a.given}.")


def due_items(store: ProgressStore, learner: str, now: datetime | None = None) -> list[tuple[str, str]]:
    """The due units of ``learner``, most overdue first within a kind, kinds taken in turn.

    Mixing keeps a session from being all laws or all drills: the first due law, then
    the first due convention, then the first due scoring item, and so on.
    """
    by_kind: dict[str, list[tuple[str, str]]] = {}
    for unit in store.due(learner, now or datetime.now(UTC)):
        by_kind.setdefault(unit.item_kind, []).append(unit.item)
    mixed: list[tuple[str, str]] = []
    queues = list(by_kind.values())
    while any(queues):
        for queue in queues:
            if queue:
                mixed.append(queue.pop(0))
    return mixed


def mastery(store: ProgressStore, learner: str, item: tuple[str, str]) -> Mastery:
    """``learning`` or ``mastered``: pages shorten their feedback for mastered units."""
    return store.mastery(learner, item)


def next_exercise(store: ProgressStore, learner: str, rng: random.Random,
                  now: datetime | None = None) -> Exercise | None:
    """The first due unit that can be served, with a fresh seed; None if nothing is due."""
    kinds = set(load_servers())
    for kind, item_id in due_items(store, learner, now):
        if kind in kinds:
            return serve(kind, item_id, rng.randrange(2**31))
    return None


# --- laws, served from content/ until a laws module registers its own server ---------

_NUMBER = re.compile(r"(?<![\w-])(\d{1,4})(?![\w-])")
_LAW_REF = re.compile(r"(?:laws?|§|no\.)\s*$", re.IGNORECASE)
REMEMBERED = "I remembered it"
FORGOTTEN = "I did not remember it"


def law_entries() -> dict[str, Mapping[str, Any]]:
    """The entries of ``<content>/rules.yaml`` (or its parts) by id; empty if there is none."""
    return content_law_entries()  # the one safe reader, at $TUTOR_CONTENT_DIR when set


def serve_law(item_id: str, seed: int) -> Exercise:
    """A law as a fill-in-the-number question when it states a figure, else as recall."""
    entry = law_entries().get(item_id)
    if entry is None:
        raise TutorError(f"Unknown law id {item_id!r}: it is not in content/rules.yaml.")
    title, text = str(entry.get("title", item_id)), " ".join(str(entry.get("text", "")).split())
    heading = f"**{title}** ({item_id})"
    figures = [m for m in _NUMBER.finditer(text) if not _LAW_REF.search(text[: m.start()])]
    full = f"{heading}\n\n{text}"
    if figures:
        rng = random.Random(seed)
        match = rng.choice(figures)
        value = int(match.group(1))
        wrong = sorted({v for v in (value - 2, value - 1, value + 1, value + 2, value * 2) if v >= 0} - {value})
        choices = [str(value), *(str(v) for v in rng.sample(wrong, min(3, len(wrong))))]
        rng.shuffle(choices)
        blanked = text[: match.start()] + "____" + text[match.end():]
        return Exercise("law", item_id, prompt=f"{heading}\n\n{blanked}\n\nWhich number fills the blank?",
                        expected=str(value), choices=tuple(choices), explanation=full,
                        short=f"Right — {item_id}.", laws=(item_id,), seed=seed,
                        position=f"blank at {match.start()}")
    return Exercise("law", item_id, prompt=f"{heading}\n\nRecall what this law says, then check yourself.",
                    expected=REMEMBERED, choices=(REMEMBERED, FORGOTTEN), explanation=full,
                    short=f"Good — {item_id}.", laws=(item_id,), seed=seed)
