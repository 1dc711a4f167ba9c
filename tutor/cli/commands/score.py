"""``tutor score FILE``: score a deal or a rubber given as JSON (FILE, or ``-`` for stdin).

The formats are in :mod:`tutor.engine.scoring.score_io` and ``docs/scoring.md``. JSON goes to
standard output; ``--sheet`` prints the score sheet as text instead. Bad input is a
one-line error naming the field, and exit code 2.
"""

from __future__ import annotations

import argparse
import json

from tutor.cli.commands import SUMMARIES
from tutor.cli.shown import shown
from tutor.engine.errors import echo
from tutor.engine.json_types import JsonValue
from tutor.engine.jsonread import JsonInputError, read_json_source
from tutor.engine.rubber import RubberDeal, score_rubber
from tutor.engine.rules import Rules
from tutor.engine.scoring import ScoringError, score_deal
from tutor.engine.scoring.score_io import score_request
from tutor.engine.scoring.score_parse import parse_deal_request, parse_variants
from tutor.engine.sheet import deal_rows, rubber_rows, sheet_text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "score", help=SUMMARIES["score"],
        description='Score a Vint deal: {"deal": PBN, "contract": "3H"|"4NT"|"pass", "declarer": "N", '
                    '"tricks": 9, "variants": {...}}; or a rubber: {"deals": [...]}.')
    parser.add_argument("file", metavar="FILE", help="JSON file, or - for standard input")
    parser.add_argument("--sheet", action="store_true", help="print the score sheet as text instead of JSON")
    parser.set_defaults(func=run)


def read_json(name: str) -> JsonValue:
    """The parsed JSON of FILE (``-``: standard input), read by the bounded reader; a problem is a ScoringError."""
    try:
        data: JsonValue = read_json_source(name)
        return data
    except JsonInputError as err:
        if err.unreadable:
            raise ScoringError("FILE", f"cannot read {echo(name)}: {err.reason.removeprefix('cannot read: ')}") \
                from None
        raise ScoringError(shown(err.source, 200), err.reason) from None  # the file, as `tutor advise` names it


def run(args: argparse.Namespace) -> int:
    request = read_json(args.file)
    if not args.sheet:
        print(json.dumps(score_request(request), indent=2, ensure_ascii=False))
        return 0
    print(_sheet(request))
    return 0


def _sheet(request: JsonValue) -> str:
    if isinstance(request, dict) and "deals" in request:
        score_request(request)  # validates every field with the same messages as the JSON output
        rubber_rules = parse_variants(request.get("variants"))
        deals = request["deals"]
        assert isinstance(deals, list)  # score_request checked it
        played: list[RubberDeal] = [parse_deal_request(d, f"deals[{i}]")[0] for i, d in enumerate(deals)]
        return sheet_text(rubber_rows(score_rubber(played, rubber_rules)))
    one, deal_rules = parse_deal_request(request)
    score = score_deal(one.deal, one.contract, one.declarer_tricks, deal_rules or Rules(), revoke=one.revoke,
                       dealer_extra_card=one.dealer_extra_card, dealer=one.dealer, passed_side=one.passed_side)
    return sheet_text(deal_rows(score))
