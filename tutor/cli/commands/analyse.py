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
the other side's. Bad input exits non-zero with a one-line message.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tutor.engine.errors import TutorError, echo
from tutor.engine.jsonread import read_json_source
from tutor.lessons.cost.sampling import DEFAULT_BUDGET, DEFAULT_LAYOUTS

MAX_LAYOUTS = 2000


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("analyse", help="what each choice of a position costs: double dummy, sampled "
                                            "layouts, robots (FILE or -)")
    parser.add_argument("file", metavar="FILE", help="a JSON position (as for tutor advise), or - for standard input")
    parser.add_argument("--layouts", type=int, default=DEFAULT_LAYOUTS, help="layouts to sample (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the sampling seed (the same seed, the same layouts)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                        help=f"candidate layouts whose cards the robots re-play before relaxing (default {DEFAULT_BUDGET})")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.layouts <= MAX_LAYOUTS:
        raise TutorError(f"--layouts must be between 1 and {MAX_LAYOUTS}")
    data = read_json_source(args.file)
    print(json.dumps(analyse_json(data, seed=args.seed, layouts=args.layouts, budget=max(args.budget, 1)),
                     ensure_ascii=False, indent=2))
    return 0


def analyse_json(data: Any, *, seed: int = 0, layouts: int = DEFAULT_LAYOUTS,
                 budget: int = DEFAULT_BUDGET) -> dict[str, Any]:
    """The analysis of one position object, as ``tutor analyse`` prints it."""
    from tutor.lessons.cost.prices import analyse
    from tutor.lessons.cost.sampling import knowledge_from_view, ledger_of

    if not isinstance(data, dict):
        raise TutorError(f"expected a JSON object with a \"kind\" (a position as for tutor advise), "
                         f"got {type(data).__name__}")
    choices = data.pop("choices", [])
    if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices) or len(choices) > 40:
        raise TutorError("'choices' must be a list of at most 40 calls such as [\"1S\", \"P\"]")
    try:
        known = knowledge_from_view(data)
        analysis = analyse(known, seed=seed, layouts=layouts, budget=budget, choices=choices)
    except TutorError:
        raise
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise TutorError(f"bad {echo(data.get('kind'))} position: {echo(err, 300)}") from None
    return {**analysis.to_json(), "ledger": ledger_of(known).to_json()}
