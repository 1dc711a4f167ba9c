"""Drills: generated positions with one book-correct answer, and the shape of a drill kind.

A drill kind (``bidding``, ``lead``, ``second-hand``, ``third-hand``, ``discard``,
``solo-bidding`` …) is a generator and an adviser (:class:`DrillKind`). The kinds are
listed in one table, :data:`tutor.lessons.drills.kinds.DRILL_KINDS`, which the ``tutor
drill`` and ``tutor advise`` commands and the drill pages read.

Every drill is reproducible: ``make(rule_id, seed)`` returns the same drill for the
same arguments, and a drill carries everything needed to show it, check it and
explain it, as plain data (``to_json``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from tutor.engine.json_types import JsonObject, JsonValue
from tutor.engine.record.view import SeatView


@dataclass(frozen=True)
class Consequence:
    """What a choice is worth: double-dummy tricks and the resulting Vint score."""

    choice: str
    contract: str
    tricks: int | None
    points: Mapping[str, int]  # e.g. {"NS": 270, "EW": 120}, net of both lines
    summary: str

    def net(self, side: str) -> int:
        """``side``'s points less the other side's ("NS" or "EW")."""
        other = "EW" if side == "NS" else "NS"
        return self.points.get(side, 0) - self.points.get(other, 0)


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
    #: the seat's view ``position`` was written from, typed (a Vint drill made in this process; ``None``
    #: for a drill read back from JSON or of another game): inside the tutor the view is read, not the JSON
    view: SeatView | None = field(default=None, compare=False, repr=False)

    def is_correct(self, choice: str) -> bool:
        return choice.strip().upper() == self.answer.upper()

    def to_json(self) -> JsonObject:
        data = asdict(replace(self, view=None))
        del data["view"]
        return data


@dataclass(frozen=True)
class DrillKind:
    """How to make drills of one kind and how to advise on any position of it."""

    name: str
    rule_ids: Callable[[], tuple[str, ...]]
    make: Callable[[str | None, int], Drill]
    advise: Callable[[Mapping[str, JsonValue]], Mapping[str, JsonValue]] | None = None
    consequences: Callable[[Drill, str], tuple[Consequence, ...]] | None = None
    #: a rule's title as the learner reads it (its id is what ``--rule`` takes, never what is shown)
    title: Callable[[str], str] = field(kw_only=True)
    #: whether a drill's ``features`` are worded for the learner ("aces: 2"), so that feedback lists them;
    #: a play drill's are its rule's conditions as written ("named(suit=partner) == True"), data only
    features_worded: bool = field(default=True, kw_only=True)


