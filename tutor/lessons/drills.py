"""Drills: generated positions with one book-correct answer, and the registry of drill kinds.

A drill kind (``bidding``, ``lead``, ``second-hand``, ``third-hand``, ``discard``,
``solo-bidding`` …) registers a generator and an adviser. The ``tutor drill`` and
``tutor advise`` commands and the drill pages look kinds up here, so adding a kind
touches no shared code.

Every drill is reproducible: ``make(rule_id, seed)`` returns the same drill for the
same arguments, and a drill carries everything needed to show it, check it and
explain it, as plain data (``to_json``).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from tutor.engine.errors import TutorError


@dataclass(frozen=True)
class Consequence:
    """What a choice is worth: double-dummy tricks and the resulting Vint score."""

    choice: str
    contract: str
    tricks: int | None
    points: Mapping[str, int]  # e.g. {"NS": 270, "EW": 120}, net of both lines
    summary: str


@dataclass(frozen=True)
class Drill:
    """A generated position, its choices and its book answer."""

    kind: str
    rule_id: str
    seed: int
    prompt: str
    position: Mapping[str, Any]  # JSON-able: seat, hand, dealer, auction, contract, trick …
    choices: tuple[str, ...]
    answer: str
    laws: tuple[str, ...]
    explanation: str
    #: why each other plausible choice is worse, by the rule it breaks
    why_not: Mapping[str, str] = field(default_factory=dict)
    #: hand features that mattered, shown with the answer (e.g. {"sure tricks": "5"})
    features: Mapping[str, str] = field(default_factory=dict)
    deal_pbn: str = ""

    def is_correct(self, choice: str) -> bool:
        return choice.strip().upper() == self.answer.upper()

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class DrillKind:
    """How to make drills of one kind and how to advise on any position of it."""

    name: str
    rule_ids: Callable[[], tuple[str, ...]]
    make: Callable[[str | None, int], Drill]
    advise: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None
    consequences: Callable[[Drill, str], tuple[Consequence, ...]] | None = None


_KINDS: dict[str, DrillKind] = {}


def register_drill_kind(kind: DrillKind) -> None:
    _KINDS[kind.name] = kind


def drill_kind(name: str) -> DrillKind:
    if name not in _KINDS:
        raise TutorError(f"unknown drill kind {name!r}; known: {', '.join(sorted(_KINDS)) or 'none'}")
    return _KINDS[name]


def drill_kinds() -> Mapping[str, DrillKind]:
    return dict(_KINDS)


def discover_drill_kinds() -> Mapping[str, DrillKind]:
    """Import every ``tutor.lessons.*_drill`` module, so that each registers its kinds."""
    import tutor.lessons as lessons

    for info in pkgutil.iter_modules(lessons.__path__):
        if info.name.endswith("_drill"):
            importlib.import_module(f"tutor.lessons.{info.name}")
    return drill_kinds()


def kind_of_rule(rule_id: str) -> DrillKind:
    """The drill kind that drills ``rule_id`` (a bidding, play or Solo Whist rule)."""
    for kind in discover_drill_kinds().values():
        if rule_id in kind.rule_ids():
            return kind
    raise TutorError(f"no drill kind drills the rule {rule_id!r}")
