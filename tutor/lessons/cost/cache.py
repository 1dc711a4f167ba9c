"""Analyses kept by position: the same position, choices and knobs are never priced twice.

A drill page, the table's review and a rerun of either ask again for what was already
worked out; the final analysis is kept here (at most :data:`KEPT` of them, the least
recently used dropped first), keyed by the position's JSON and every knob that changes
the answer. Shared by every session of the server, safe from any thread. The play bank's
and the bidding drills' precomputed prices (:mod:`tutor.lessons.cost.precomputed`) are
asked first.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TypedDict, Unpack

from tutor.engine.json_types import JsonValue
from tutor.lessons.cost.prices import Analysis, analyse_stream
from tutor.lessons.cost.sampling import DEFAULT_BUDGET, knowledge_from_view

#: Final analyses kept (each a few kilobytes with its layouts' points).
KEPT = 128

_KEPT: OrderedDict[str, Analysis] = OrderedDict()


class Knobs(TypedDict, total=False):
    """The knobs of :func:`stream` that change the answer (each optional, as there)."""

    seed: int
    layouts: int | None
    budget: int
    robots: bool
    choices: Sequence[str]
    robots_for: Sequence[str] | None
_LOCK = threading.Lock()


def _key(view: Mapping[str, JsonValue], knobs: Mapping[str, object]) -> str:
    return json.dumps([dict(view), dict(knobs)], sort_keys=True, default=str)


def kept(view: Mapping[str, JsonValue], **knobs: Unpack[Knobs]) -> Analysis | None:
    """The final analysis of ``view`` with these knobs, if it was worked out already."""
    key = _key(view, knobs)
    with _LOCK:
        found = _KEPT.get(key)
        if found is not None:
            _KEPT.move_to_end(key)
        return found


def _keep(key: str, analysis: Analysis) -> None:
    with _LOCK:
        _KEPT[key] = analysis
        _KEPT.move_to_end(key)
        while len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)


def stream(view: Mapping[str, JsonValue], *, seed: int = 0, layouts: int | None = None, budget: int = DEFAULT_BUDGET,
           robots: bool = True, choices: Sequence[str] = (),
           robots_for: Sequence[str] | None = None) -> Iterator[Analysis]:
    """:func:`~tutor.lessons.cost.prices.analyse_stream` of the position ``view`` (a ``tutor advise``
    position, with ``"deal"`` when known), or at once its kept final answer."""
    knobs: Knobs = {"seed": seed, "layouts": layouts, "budget": budget, "robots": robots, "choices": list(choices),
             "robots_for": None if robots_for is None else sorted(robots_for)}
    found = kept(view, **knobs)
    if found is not None:
        yield found
        return
    known = knowledge_from_view(view)
    for analysis in analyse_stream(known, seed=seed, layouts=layouts, budget=budget, robots=robots,
                                   choices=choices, robots_for=robots_for):
        if analysis.final:
            # kept without its layouts (a hundred deals): the answer and the sample's words only
            analysis = replace(analysis, sample=replace(analysis.sample, layouts=()),
                               total=analysis.total or len(analysis.sample.layouts))
            _keep(_key(view, knobs), analysis)
        yield analysis


def analysis(view: Mapping[str, JsonValue], **knobs: Unpack[Knobs]) -> Analysis:
    """The final analysis of :func:`stream`."""
    *_, last = stream(view, **knobs)
    return last


__all__ = ["KEPT", "analysis", "kept", "stream"]
