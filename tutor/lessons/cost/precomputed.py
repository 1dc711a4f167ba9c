"""Sampled prices worked out ahead: the play bank's positions and the bidding drills' seeded positions.

A drill's sampled line takes seconds to work out (the layouts dealt, then solved double
dummy); the drill pages ask for the same positions again and again (a play drill is an
entry of the play bank, a bidding drill a seeded position). ``tools/precompute_prices.py``
works them out once, offline, with the pages' own knobs (:data:`SEED`, :data:`LAYOUTS`,
:data:`BUDGET`), every choice priced on every layout, and writes
``tutor/lessons/data/prices.json``: per position (keyed by :func:`position_key` of the
position's JSON with its deal) the final analysis as ``tutor analyse`` prints it, less the
ledger (the page reads the ledger itself). A page finds its drill's line here first, so
the three numbers come with the feedback; a position not found is worked out live.
Reproducible: the same bank, drills and knobs give the same file (but for its date).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path

from tutor.engine.json_types import JsonObject, JsonValue
from tutor.engine.jsonread import read_json_source

PRICES_PATH = Path(__file__).resolve().parents[1] / "data" / "prices.json"  # tutor/lessons/data
PRICES_VERSION = 1
#: The file's limit (a position's line is about a kilobyte).
PRICES_MAX_BYTES = 8 * 1024 * 1024
#: The pages' knobs: the seed of the layouts, their number at most, the robots' card checks.
SEED = 0
LAYOUTS = 100
BUDGET = 40


def position_key(view: Mapping[str, JsonValue]) -> str:
    """The key of a position (a ``tutor advise`` view, with ``"deal"``): a digest of its JSON."""
    text = json.dumps(dict(view), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


@functools.lru_cache(maxsize=4)
def _load(path: Path) -> Mapping[str, JsonValue]:
    if not path.exists():
        return {}
    data = read_json_source(str(path), max_bytes=PRICES_MAX_BYTES, max_depth=12)
    if not isinstance(data, dict) or data.get("version") != PRICES_VERSION:
        return {}
    knobs = (data.get("seed"), data.get("layouts"), data.get("budget"))
    positions = data.get("positions")
    if knobs != (SEED, LAYOUTS, BUDGET) or not isinstance(positions, dict):
        return {}  # made with other knobs than the pages': not the pages' numbers
    return positions


def lookup(view: Mapping[str, JsonValue], path: Path | None = None) -> JsonObject | None:
    """The precomputed analysis of ``view`` (every choice, with its verdict against the book's), or ``None``."""
    found = _load(path or PRICES_PATH).get(position_key(view))
    return found if isinstance(found, dict) and isinstance(found.get("choices"), list) else None


__all__ = ["BUDGET", "LAYOUTS", "PRICES_PATH", "PRICES_VERSION", "SEED", "lookup", "position_key"]
