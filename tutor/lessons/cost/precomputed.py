"""Sampled prices worked out ahead: the play bank's positions and the bidding drills' seeded positions.

A drill's sampled line takes seconds to work out (the layouts dealt, then solved double
dummy); the drill pages ask for the same positions again and again (a play drill is an
entry of the play bank, a bidding drill a seeded position). ``tools/precompute_prices.py``
works them out once, offline, with the pages' own knobs (:data:`SEED`, :data:`LAYOUTS`,
:data:`BUDGET`), every choice priced on every layout, and writes
``tutor/lessons/data/prices.jsonl``: per position (keyed by :func:`position_key` of the
position's JSON with its deal) the final analysis as ``tutor analyse`` prints it, less the
ledger (the page reads the ledger itself). A page finds its drill's line here first, so
the three numbers come with the feedback; a position not found is worked out live.
Reproducible: the same bank, drills and knobs give the same file (but for its date).

Every play bank entry is priced, and the bidding drills' position numbers the page deals
first (:func:`priced_bid_seeds`): 3,026 lines, 7.4 MB. The file is therefore one line a
position (``KEY<tab>JSON``, after a first line of JSON saying how it was made): opening it
reads only where each line starts, and a line is parsed, within the JSON limits, when its
position is asked — not 7 MB parsed on a server's first drill, nor 42 MB of parsed lines kept.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject, JsonValue
from tutor.engine.jsonread import parse_json
from tutor.engine.seeds import APP_MAX_SEED

PRICES_PATH = Path(__file__).resolve().parents[1] / "data" / "prices.jsonl"  # tutor/lessons/data
PRICES_VERSION = 2
#: The file's limit (a position's line is about three kilobytes; every play bank entry is priced).
PRICES_MAX_BYTES = 16 * 1024 * 1024
#: A line's limit: the first line (how the file was made) or a position's analysis.
LINE_MAX_BYTES = 256 * 1024
#: The pages' knobs: the seed of the layouts, their number at most, the robots' card checks.
SEED = 0
LAYOUTS = 100
BUDGET = 40
#: The bidding drills' position numbers priced ahead: these of every convention, and these of
#: "any convention" (the number picks the convention). The page deals them first (docs/cost.md).
BID_SEEDS = tuple(range(16))
ANY_BID_SEEDS = tuple(range(300))
_KEY_LENGTH = 32
_MOST_SEEDS = 10_000


def position_key(view: Mapping[str, JsonValue]) -> str:
    """The key of a position (a ``tutor advise`` view, with ``"deal"``): a digest of its JSON."""
    text = json.dumps(dict(view), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:_KEY_LENGTH]


@dataclass(frozen=True)
class _Index:
    """Where each position's line starts in the file, and the bidding seeds it prices."""

    lines: Mapping[str, tuple[int, int]]  # key -> (offset, length)
    bid_seeds: tuple[int, ...] = ()
    any_bid_seeds: tuple[int, ...] = ()


def write_prices(path: Path, header: Mapping[str, JsonValue], positions: Mapping[str, JsonValue]) -> None:
    """Write the file: ``header`` (with the format's version) on the first line, then each position's
    line in the order of its key, replacing any file at ``path`` only once the whole is written."""
    partial = path.with_name(path.name + ".partial")
    with partial.open("w", encoding="utf-8") as out:
        out.write(json.dumps({**header, "version": PRICES_VERSION, "positions": len(positions)},
                             ensure_ascii=False, separators=(",", ":")) + "\n")
        for key in sorted(positions):
            out.write(f"{key}\t{json.dumps(positions[key], ensure_ascii=False, separators=(',', ':'))}\n")
    partial.replace(path)


def read_positions(path: Path) -> dict[str, JsonValue]:
    """Every position's line, parsed (the tool's ``--only-missing`` keeps them; a page uses :func:`lookup`)."""
    index = _index(path)
    return {key: found for key in index.lines if (found := _line(path, index, key)) is not None}


@functools.lru_cache(maxsize=4)
def _index(path: Path) -> _Index:
    """Where each line starts, read in one pass after the first line (how the file was made); nothing
    for a missing or foreign file, or one made with other knobs than the pages' (not their numbers)."""
    if not path.is_file() or path.stat().st_size > PRICES_MAX_BYTES:
        return _Index({})
    lines: dict[str, tuple[int, int]] = {}
    with path.open("rb") as source:
        first = source.readline(LINE_MAX_BYTES)
        header = _header(first, path)
        if header is None or (header.get("seed"), header.get("layouts"), header.get("budget")) != (
                SEED, LAYOUTS, BUDGET):
            return _Index({})
        offset = len(first)
        for line in iter(lambda: source.readline(LINE_MAX_BYTES + 1), b""):
            key = line[:_KEY_LENGTH].decode("ascii", "replace")
            if len(line) <= LINE_MAX_BYTES and line[_KEY_LENGTH:_KEY_LENGTH + 1] == b"\t":
                lines[key] = (offset, len(line))
            offset += len(line)
    return _Index(lines, _seeds(header.get("bid_seeds")), _seeds(header.get("any_bid_seeds")))


def _header(first: bytes, path: Path) -> JsonObject | None:
    """The file's first line (how it was made) when it is this format's, else ``None``."""
    try:
        header = parse_json(first.decode("utf-8"), str(path), max_depth=4)
    except (UnicodeDecodeError, TutorError):
        return None
    return header if isinstance(header, dict) and header.get("version") == PRICES_VERSION else None


def _seeds(value: JsonValue) -> tuple[int, ...]:
    """Position numbers as the file lists them; none when the list is not one the pages could deal."""
    if not isinstance(value, list) or len(value) > _MOST_SEEDS:
        return ()
    seeds = tuple(s for s in value if isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= APP_MAX_SEED)
    return seeds if len(seeds) == len(value) else ()


def _line(path: Path, index: _Index, key: str) -> JsonObject | None:
    where = index.lines.get(key)
    if where is None:
        return None
    offset, length = where
    try:
        with path.open("rb") as source:
            source.seek(offset)
            line = source.read(length)
        if not line.startswith(f"{key}\t".encode()):  # the file was replaced since it was opened
            return None
        found = parse_json(line[_KEY_LENGTH + 1:].decode("utf-8"), str(path), max_depth=12)
    except (OSError, UnicodeDecodeError, TutorError):
        return None
    return found if isinstance(found, dict) and _analysis(found) else None


# -- what a page reads of a line: a line of another shape is that position worked out live ---------------
# (the file is data a page trusts: an edited or foreign line that parses but misses a field the page reads
# would stop the page with a KeyError instead; the shape is Analysis.to_json's, tutor/lessons/cost/prices.py)

def _analysis(found: JsonObject) -> bool:
    choices, progress = found.get("choices"), found.get("progress")
    return (isinstance(choices, list) and bool(choices) and all(_choice(c) for c in choices)
            and _text_or_none(found.get("book")) and isinstance(found.get("level_words"), str)
            and _whole(found.get("candidates")) and isinstance(progress, dict) and _whole(progress.get("layouts"))
            and _whole(progress.get("of")) and isinstance(progress.get("final"), bool))


def _choice(choice: JsonValue) -> bool:
    if not isinstance(choice, dict) or not isinstance(choice.get("choice"), str):
        return False
    sampled, gap = choice.get("sampled"), choice.get("gap")
    priced = (isinstance(sampled, dict) and _numbers(sampled, "tricks", "points", "best_share")
              and _pair(sampled.get("interval")) and _whole(sampled.get("layouts"))
              and _outcome(choice.get("double_dummy")) and _outcome(choice.get("robots")))
    if "verdict" not in choice:  # the book's own choice: no verdict against itself
        return priced
    return (priced and isinstance(choice["verdict"], str) and _text_or_none(choice.get("decided_on"))
            and isinstance(gap, dict) and all(_gap(gap.get(measure)) for measure in ("tricks", "points")))


def _outcome(value: JsonValue) -> bool:
    return value is None or (isinstance(value, dict) and _numbers(value, "tricks", "points"))


def _gap(value: JsonValue) -> bool:
    return (isinstance(value, dict) and _numbers(value, "mean") and _pair(value.get("interval"))
            and _whole(value.get("layouts")) and isinstance(value.get("verdict"), str))


def _numbers(value: JsonObject, *names: str) -> bool:
    return all(_number(value.get(name)) for name in names)


def _number(value: JsonValue) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _whole(value: JsonValue) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _pair(value: JsonValue) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_number(v) for v in value)  # noqa: PLR2004


def _text_or_none(value: JsonValue) -> bool:
    return value is None or isinstance(value, str)


def lookup(view: Mapping[str, JsonValue], path: Path | None = None) -> JsonObject | None:
    """The precomputed analysis of ``view`` (every choice, with its verdict against the book's), or ``None``."""
    where = path or PRICES_PATH
    return _line(where, _index(where), position_key(view))


def priced_bid_seeds(rule_id: str | None, path: Path | None = None) -> tuple[int, ...]:
    """The bidding drill position numbers whose prices the file holds for the convention ``rule_id``
    (``None``: "any convention", where the number picks the convention)."""
    index = _index(path or PRICES_PATH)
    return index.any_bid_seeds if rule_id is None else index.bid_seeds


__all__ = ["ANY_BID_SEEDS", "BID_SEEDS", "BUDGET", "LAYOUTS", "PRICES_PATH", "PRICES_VERSION", "SEED", "lookup",
           "position_key", "priced_bid_seeds", "read_positions", "write_prices"]
