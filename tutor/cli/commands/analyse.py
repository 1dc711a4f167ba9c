"""``tutor analyse FILE|-``: the cost of each choice of a decision, three ways (docs/cost.md).

FILE holds the same position JSON as ``tutor advise`` (``"kind": "bid"``, ``"lead"`` or
``"card"``), optionally with ``"deal"``: the whole deal as PBN, which adds the
double-dummy and the robots' lines. A bidding position may name ``"choices"`` (calls
to price besides the book's). The answer::

    {"choices": [{"choice": "SA", "double_dummy": {"tricks": 7, "points": 120},
                  "sampled": {"layouts": 100, "tricks": 6.8, "points": 95.0,
                              "interval": [80.1, 109.9], "best_share": 0.62},
                  "robots": {"tricks": 7, "points": 120}}, …],
     "book": "SA", "level": 1, "level_words": "…", "candidates": 130, "ledger": {…}}

``tricks`` are the learner's side's tricks in the deal, ``points`` its Vint points less
the other side's. Every other choice also carries its gap to the book's choice on the
same layouts (``gap``: tricks and points, each with its interval) and a ``verdict``
(``better``, ``worse``, ``equal`` or ``undecided``; docs/cost.md). Without ``--layouts``
the layouts are priced in batches until every verdict is decided (at most 100);
``--layouts N`` fixes their number. ``--stream`` prints one JSON object per line after
each batch, each the whole analysis so far (``"progress"`` says how far); the last line
is the final answer.

Every knob has an upper bound, refused in one line above it: ``--layouts`` 1 to
:data:`MAX_LAYOUTS`, ``--budget`` 1 to :data:`MAX_BUDGET`, ``--seed`` 0 to 2**63-1.
Bad input exits non-zero with a one-line message.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator

from tutor.cli.commands import SUMMARIES
from tutor.engine.errors import TutorError, echo
from tutor.engine.json_types import JsonObject
from tutor.engine.jsonread import json_kind, position_problem, read_json_source
from tutor.engine.seeds import seed_from_text
from tutor.lessons.cost.sampling import DEFAULT_BUDGET, DEFAULT_LAYOUTS

#: The most layouts one analysis prices (a lead: about 40 ms of solver CPU each).
MAX_LAYOUTS = 1000
#: The most candidates whose cards the robots re-play (their calls: 4 times, the ledger: 20 times as many drawn).
MAX_BUDGET = 2000


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "analyse", help=SUMMARIES["analyse"],
        description='What each choice of a position costs against the book\'s: on the layouts you could know, and '
                    'with "deal" (the whole deal as PBN) double dummy and in the robots\' play. The position is '
                    'tutor advise\'s JSON, a call, a lead or a card: {"kind": "bid", "dealer": "E", "seat": "S", '
                    '"hand": "AK543.A2.KQ2.KQJ", "auction": ["P"], "choices": ["1H"]}.')
    parser.add_argument("file", metavar="FILE", help="a JSON position (as for tutor advise), or - for standard input")
    parser.add_argument("--layouts", default=None, metavar="N",
                        help=f"layouts to price, 1 to {MAX_LAYOUTS} (default: until every verdict is decided, "
                             f"at most {DEFAULT_LAYOUTS})")
    parser.add_argument("--seed", default="0", metavar="N",
                        help="the sampling seed, 0 to 2**63-1 (the same seed, the same layouts)")
    parser.add_argument("--budget", default=str(DEFAULT_BUDGET), metavar="N",
                        help=f"candidate layouts whose cards the robots re-play before relaxing, 1 to {MAX_BUDGET} "
                             f"(default {DEFAULT_BUDGET})")
    parser.add_argument("--stream", action="store_true",
                        help="one JSON line after each batch of layouts, the last one final")
    parser.set_defaults(func=run)


def bounded(value: object, option: str, upper: int) -> int:
    """A whole number from 1 to ``upper`` given as ``option``; else a one-line :class:`TutorError`."""
    text = str(value).strip()
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(upper)) and 1 <= int(text) <= upper):
        raise TutorError(f"{option}: {echo(value, 40)} is not a whole number from 1 to {upper}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    layouts = None if args.layouts is None else bounded(args.layouts, "--layouts", MAX_LAYOUTS)
    budget = bounded(args.budget, "--budget", MAX_BUDGET)
    seed = seed_from_text(str(args.seed), "--seed")
    data = read_json_source(args.file)
    if args.stream:
        for line in analyse_lines(data, seed=seed, layouts=layouts, budget=budget):
            print(json.dumps(line, ensure_ascii=False, separators=(",", ":")), flush=True)
        return 0
    print(json.dumps(analyse_json(data, seed=seed, layouts=layouts, budget=budget), ensure_ascii=False, indent=2))
    return 0


def analyse_json(data: object, *, seed: int = 0, layouts: int | None = DEFAULT_LAYOUTS,
                 budget: int = DEFAULT_BUDGET) -> JsonObject:
    """The analysis of one position object, as ``tutor analyse`` prints it."""
    *_, last = analyse_lines(data, seed=seed, layouts=layouts, budget=budget)
    return last


def analyse_lines(data: object, *, seed: int = 0, layouts: int | None = DEFAULT_LAYOUTS,
                  budget: int = DEFAULT_BUDGET) -> Iterator[JsonObject]:
    """The analysis of one position object after each batch of layouts, as ``tutor analyse --stream`` prints it."""
    from tutor.lessons.cost.prices import analyse_stream
    from tutor.lessons.cost.sampling import knowledge_from_view, ledger_of

    if not isinstance(data, dict):
        raise TutorError(f"expected a JSON object with a \"kind\" (a position as for tutor advise), "
                         f"got {json_kind(data)}")
    if not isinstance(data.get("kind"), str):  # it read "unknown position kind None"
        raise TutorError('the position needs a "kind": bid, lead or card (as for tutor advise)')
    choices = data.pop("choices", [])
    if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices) or len(choices) > 40:
        raise TutorError("'choices' must be a list of at most 40 calls such as [\"1S\", \"P\"]")
    try:
        known = knowledge_from_view(data)
        ledger = ledger_of(known).to_json()
        for analysis in analyse_stream(known, seed=seed, layouts=layouts, budget=budget, choices=choices):
            yield {**analysis.to_json(), "ledger": ledger}
    except TutorError:
        raise
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise TutorError(position_problem(data.get("kind"), err)) from None
