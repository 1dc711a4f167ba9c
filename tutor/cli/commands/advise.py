"""``tutor advise FILE|-``: the book's answer for any position given as JSON.

The JSON object names its ``kind``: ``bid`` for a bidding position
(``{"kind": "bid", "dealer": "E", "seat": "S", "hand": "AK543.A2.KQ2.KQJ",
"auction": ["P"], "score": {...}}``), or a play kind (``lead``, ``discard``,
``card``) or ``solo`` handled by the drill kinds that registered them. Vint positions are answered by
:func:`tutor.lessons.robots.advise_view`, the function the book robots play by, so every
legal position gets an answer (a convention, or the tutor's stated default, marked
``"default": true``). ``{"positions": [ … ]}`` answers each in order, as a list. The answer
is printed as JSON (``{"call": "1S", "rule": …, "laws": […], "explanation": …}``
for a bid). Bad input exits non-zero with a one-line message.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping

from tutor.cli.commands import SUMMARIES
from tutor.engine.conventions.kinds import VIEW_KINDS
from tutor.engine.errors import TutorError, echo
from tutor.engine.json_types import JsonObject, JsonValue
from tutor.engine.jsonread import json_kind, position_problem, read_json_source
from tutor.lessons.drills.kinds import DRILL_KINDS
from tutor.lessons.robots import advise_view

#: Vint positions: answered by the one function the robots use (a convention, or the stated default).
VINT_KINDS = VIEW_KINDS
#: Position kinds whose drill kind has another name.
ALIASES = {"bid": "bidding", "card": "second-hand", "solo": "solo-bidding"}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "advise", help=SUMMARIES["advise"],
        description='The book\'s answer for a position, as JSON. A call: {"kind": "bid", "dealer": "E", "seat": "S", '
                    '"hand": "AK543.A2.KQ2.KQJ", "auction": ["P"]}, optionally with "score": {"below": {"NS": 450, '
                    '"EW": 0}, "parties": {"NS": 1, "EW": 0}}; the other kinds: lead, discard, card, solo; '
                    'many at once: {"positions": [...]}.')
    parser.add_argument("file", metavar="FILE", help="a JSON file, or - for standard input")
    parser.set_defaults(func=run)


def read_position(source: str) -> Mapping[str, JsonValue]:
    """The position object of FILE (``-``: standard input), read by the bounded JSON reader."""
    data = read_json_source(source)
    if not isinstance(data, dict):
        raise TutorError(f"{source}: expected a JSON object with a \"kind\", got {json_kind(data)}")
    return data


def adviser(kind: str) -> Callable[[Mapping[str, JsonValue]], Mapping[str, JsonValue]]:
    kinds = DRILL_KINDS
    name = ALIASES.get(kind, kind)
    entry = kinds.get(name)
    if entry is None or entry.advise is None:
        known = sorted({*(k for k, v in kinds.items() if v.advise is not None), *ALIASES})
        raise TutorError(f"unknown position kind {echo(kind)}; known: {', '.join(known)}")
    return entry.advise


#: The most positions one batch may hold.
MAX_POSITIONS = 1000


def run(args: argparse.Namespace) -> int:
    data = read_position(args.file)
    if "positions" in data:
        positions = data["positions"]
        if not isinstance(positions, list) or len(positions) > MAX_POSITIONS:
            raise TutorError(f"'positions' must be a list of at most {MAX_POSITIONS} position objects")
        answers = [answer_one(p, f"positions[{n}]") for n, p in enumerate(positions)]
        print(json.dumps(answers, ensure_ascii=False, indent=2))
        return 0
    print(json.dumps(answer_one(data, ""), ensure_ascii=False, indent=2))
    return 0


def answer_one(data: object, where: str) -> JsonObject:
    """One position's answer: the robots' own function for Vint positions, the drill kind's otherwise."""
    prefix = f"{where}: " if where else ""
    if not isinstance(data, dict):
        raise TutorError(f"{prefix}expected a JSON object with a \"kind\", got {json_kind(data)}")
    kind = data.get("kind")
    if not isinstance(kind, str):
        raise TutorError(f"{prefix}the position needs a \"kind\": bid, lead, discard, card or solo")
    try:
        if kind in VINT_KINDS:
            return advise_view(data)
        return dict(adviser(kind)(data))
    except TutorError as err:
        raise TutorError(f"{prefix}{err}") from None
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise TutorError(f"{prefix}{position_problem(kind, err)}") from None

