"""``tutor robots``: the four book robots bid and play a deal out.

``tutor robots --deal "N:… … … …" --dealer S [--json]``, or ``--seed N`` for a seeded
deal. Each robot sees only its own seat; every call and card is exactly what
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

from tutor.engine.cards import Deal, Seat
from tutor.engine.dealgen import random_deal
from tutor.engine.errors import TutorError
from tutor.lessons.robots import RobotDeal, law_label, robot_deal

#: Seeds are stored in SQLite and echoed back: keep them in its integer range.
SEED_LIMIT = 2**63


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("robots", help="the four book robots bid and play a deal out")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--deal", metavar="PBN", help='a whole deal in PBN, e.g. "N:AKQ.… … … …"')
    source.add_argument("--seed", type=int, help="a seeded random deal; the same seed gives the same record")
    parser.add_argument("--dealer", default="N", help="the dealer: N, E, S or W (default N)")
    parser.add_argument("--json", action="store_true", help="print the record as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    dealer = Seat.parse(str(args.dealer))
    if args.seed is not None:
        if not 0 <= args.seed < SEED_LIMIT:
            raise TutorError(f"--seed {args.seed}: a seed is a whole number from 0 to {SEED_LIMIT - 1}")
        deal = random_deal(random.Random(args.seed))
    else:
        if len(args.deal) > 200:
            raise TutorError(f"--deal: a PBN deal is at most 200 characters, got {len(args.deal)}")
        deal = Deal.from_pbn(args.deal)
        if not deal.is_complete:
            raise TutorError("--deal: the robots need all four hands of 13 cards (law 16)")
    record = robot_deal(deal, dealer)
    if args.json:
        print(json.dumps(record.to_json(), ensure_ascii=False, indent=2))
    else:
        print(readable(record))
    return 0


def readable(record: RobotDeal) -> str:
    """The record as a player would write it: the deal, the auction, the play by tricks, the score."""
    data = record.to_json()
    lines = [record.deal.diagram(), "", f"Dealer {data['dealer']}. The auction:"]
    lines += [f"  {c['seat']} {c['call']:<4} {_why(c)}" for c in data["auction"]]
    if data["contract"] == "pass":
        lines.append("Passed out: nobody named a game" + (" - an X is written (scoring 8)."
                                                           if data["score"].get("x_mark") else "."))
    else:
        lines.append(f"Contract {data['contract']} by {data['declarer']}. The play:")
        play = data["play"]
        for n in range(0, len(play), 4):
            cards = ", ".join(f"{p['seat']} {p['card']}" for p in play[n:n + 4])
            lines.append(f"  trick {n // 4 + 1:>2}: {cards}")
        lines.append(f"Tricks: NS {data['tricks']['NS']}, EW {data['tricks']['EW']}.")
    score = data["score"]
    lines.append(f"Score: below NS {score['below']['NS']}, EW {score['below']['EW']}; "
                 f"above NS {score['above']['NS']}, EW {score['above']['EW']}.")
    return "\n".join(lines)


def _why(decision: dict[str, Any]) -> str:
    laws = ", ".join(law_label(law) for law in decision["laws"])
    return f"(the tutor's default; {laws})" if decision["default"] else f"({laws})"
