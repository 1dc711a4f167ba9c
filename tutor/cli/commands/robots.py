"""``tutor robots``: the four book robots bid and play a deal out.

``tutor robots --deal "N:… … … …" --dealer S [--json | --pbn]``, ``--seed N`` for a
seeded deal, or ``--pbn-file F`` for the first deal of a PBN file (with its dealer). Each robot sees only its own seat; every call and card is exactly what
``tutor advise`` answers for that seat's view (docs/robots.md). The JSON holds ``deal``
(PBN), ``dealer``, ``auction`` (``{"seat", "call", "rule", "laws"}`` …), ``contract``
(``"3C"`` or ``"pass"``), ``declarer``, ``play`` (``{"seat", "card", "rule", "laws"}`` in
order of play), ``tricks`` (``{"NS": n, "EW": m}``) and ``score`` (as ``tutor score``
prints it).
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from tutor.cli.commands import SUMMARIES
from tutor.cli.inputs import read_text_source
from tutor.cli.table_options import other_table_size
from tutor.engine import pbn
from tutor.engine.cards import Card, Deal, Seat
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import TutorError
from tutor.engine.seeds import seed_from_text
from tutor.lessons.robots import RobotDeal, robot_deal
from tutor.lessons.words import action_text, laws_named


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("robots", help=SUMMARIES["robots"])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--deal", metavar="PBN", help='a whole deal in PBN, e.g. "N:AKQ.… … … …"')
    source.add_argument("--seed", metavar="N", help="a seeded random deal; the same seed gives the same record")
    source.add_argument("--pbn-file", metavar="FILE", help="the first deal of a PBN file (its dealer too)")
    parser.add_argument("--dealer", default="N", help="the dealer: N, E, S or W (default N)")
    from tutor.cli.ways_cli import add_way_options

    add_way_options(parser)  # --players 2|3|5, --way: the other table sizes (docs/table-sizes.md)
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the record as JSON")
    output.add_argument("--pbn", action="store_true", help="print the robots' deal, auction and play as PBN")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if other_table_size(args) is not None:
        from tutor.cli.ways_cli import run_robots

        return run_robots(args)
    deal, dealer = _table(args)
    record = robot_deal(deal, dealer)
    if args.json:
        print(json.dumps(record.to_json(), ensure_ascii=False, indent=2))
    elif args.pbn:
        print(pbn.dumps(as_pbn(record), board=int(args.seed) if args.seed is not None else None), end="")
    else:
        print(readable(record))
    return 0


def _table(args: argparse.Namespace) -> tuple[Deal, Seat]:
    """The deal and dealer asked for: a seed, a PBN deal, or the first game of a PBN file."""
    dealer = Seat.parse(str(args.dealer))
    if args.seed is not None:
        return random_deal(random.Random(seed_from_text(str(args.seed), "--seed"))), dealer
    if args.pbn_file is not None:
        game = pbn.loads(read_text_source(args.pbn_file, limit=pbn.MAX_TEXT))[0]
        return game.deal, game.dealer
    if len(args.deal) > 200:
        raise TutorError(f"--deal: a PBN deal is at most 200 characters, got {len(args.deal)}")
    deal = Deal.from_pbn(args.deal)
    if not deal.is_complete:
        raise TutorError("--deal: the robots need all four hands of 13 cards (law 16)")
    return deal, dealer


def as_pbn(record: RobotDeal) -> pbn.PbnGame:
    """The robots' deal as a PBN game: deal, dealer, auction, play and result."""
    contract = record.contract
    result = record.tricks[contract.declarer.side] if contract else None
    if record.record is not None:
        return pbn.PbnGame.from_record(record.record, result=result)
    return pbn.PbnGame(record.deal, record.dealer, tuple(d.action for d in record.auction),
                       tuple(Card.parse(d.action) for d in record.play), result=result)


def readable(record: RobotDeal) -> str:
    """The record as a player would write it: the deal, the auction, the play by tricks, the score."""
    data = record.to_json()
    lines = [record.deal.diagram(), "", f"Dealer {data['dealer']}. The auction:"]
    # calls and cards as the diagram and the tables write them: "pass", "1♦", "♥10" (not "P", "1D", "HT")
    lines += [f"  {c['seat']} {action_text(c['call']):<4} {_why(c)}" for c in data["auction"]]
    if data["contract"] == "pass":
        lines.append("Passed out: nobody named a game" + (" - an X is written (scoring rule 8)."
                                                           if data["score"].get("x_mark") else "."))
    else:
        lines.append(f"Contract {action_text(data['contract'])} by {data['declarer']}. The play:")
        play = data["play"]
        for n in range(0, len(play), 4):
            cards = ", ".join(f"{p['seat']} {action_text(p['card'])}" for p in play[n:n + 4])
            lines.append(f"  trick {n // 4 + 1:>2}: {cards}")
        lines.append(f"Tricks: NS {data['tricks']['NS']}, EW {data['tricks']['EW']}.")
    score = data["score"]
    lines.append(f"Score: below NS {score['below']['NS']}, EW {score['below']['EW']}; "
                 f"above NS {score['above']['NS']}, EW {score['above']['EW']}.")
    return "\n".join(lines)


def _why(decision: dict[str, Any]) -> str:
    laws = laws_named(decision["laws"])
    return f"(the tutor's default; {laws})" if decision["default"] else f"({laws})"
