"""``tutor robots --players 2|3|5 [--way NAME] --seed N --json``: robots at every place.

Two or three players: a seeded deal of the way; five: a seeded rubber of the four seated for
rubber ``--round`` of the rotation (0 = the first), and the running record after it.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tutor.cli.ways_flags import chosen_player, refuse_flags, way_of
from tutor.engine.cards import Side
from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.engine.seeds import seed_from_text
from tutor.engine.ways.catalogue import find_way
from tutor.engine.ways.five import five_record
from tutor.lessons.ways.narrate import end_of_deal, step_lines
from tutor.lessons.ways.table import FIVE_NAMES, WayTable, five_robot_rubber
from tutor.lessons.words import action_text

#: a robot rubber that has not ended after this many deals is stopped (passed-out deals repeat)
MAX_RUBBER_DEALS = 40


def robots_record(players: int, way_name: str | None, seed: int, rubber: int = 0,
                  dealer: str | None = None, options: dict[str, str] | None = None) -> dict[str, Any]:
    """The robots' record of a seeded deal (two or three players) or rubber (five)."""
    way = find_way(players, way_name, options)
    if players != 5:  # noqa: PLR2004
        table = WayTable(way, seed, learner=None, dealer=dealer, rubber=rubber)
        table.run_robots()
        told = step_lines(table.game, 0, None)
        if table.phase == "over":
            told += end_of_deal(table.game, table.score(), table.records())
        return {**table.to_json(), "told": told}
    return five_rubber_record(seed, rubber)


def five_rubber_record(seed: int, rubber: int) -> dict[str, Any]:
    """Five players: the four seated for ``rubber`` play it out by robots; the record after it."""
    if not 0 <= rubber <= 1000:  # noqa: PLR2004
        raise TutorError(f"--round: {rubber}; a round of the rotation from 0 to 1000")
    table, played, deals = five_robot_rubber(seed, rubber, MAX_RUBBER_DEALS)
    leader, margin = played.result()
    results = [(0 if leader is Side.NS else 1, margin)] if played.is_over and leader is not None else []
    running = five_record(FIVE_NAMES, [(0, 0)] * rubber + results)
    return {"players": 5, "way": "sit-out", "law": "five-1", "seed": seed, "rubber": rubber,
            "sitting_out": table.sitting_out, "pairs": [list(p) for p in table.pairs],
            "seats": {n: s.value for n, s in table.seats().items()}, "deals": deals,
            "over": played.is_over, "totals": {"NS": played.total(Side.NS), "EW": played.total(Side.EW)},
            "result": {"winner": list(table.pairs[results[0][0]]) if results else None,
                       "points": results[0][1] if results else 0},
            "record": running.to_json(), "note": "earlier rubbers of the rotation are not played here (0 each)"}


def run_robots(args: argparse.Namespace) -> int:
    way = way_of(args)
    refuse_flags(args, way)
    if args.seed is None:
        raise TutorError("--players needs --seed N: a seeded deal of that way")
    seed = seed_from_text(str(args.seed), "--seed")
    if getattr(args, "db", None):
        raise TutorError("--db: the robots' record is printed, not kept; tutor play --players N keeps the "
                         "learner's records (and the five players' evening, --round N)")
    dealer = chosen_player(args, way, "dealer", None)
    if dealer is not None and way.players == 5:  # noqa: PLR2004
        raise TutorError("--dealer: the five players' robot rubber deals in turn from the first seat")
    record = robots_record(way.players, way.name, seed, int(args.five_round), dealer, dict(way.options))
    if args.json:
        print(json.dumps(record, ensure_ascii=False, indent=2))
    else:
        print(readable(record))
    return 0


def readable(record: dict[str, Any]) -> str:
    if record["players"] == 5:  # noqa: PLR2004
        lines = [f"Five players, rubber {record['rubber']}: {record['sitting_out']} sits out; "
                 f"{' & '.join(record['pairs'][0])} against {' & '.join(record['pairs'][1])}."]
        lines += [f"  {d['dealer']} deals: {action_text(d['contract'])}"
                  + (f" by {d['declarer']}, {count_of(d['tricks'], 'trick')}" if d["declarer"] else "")
                  for d in record["deals"]]
        lines.append(f"Record: {record['record']['line']}")
        return "\n".join(lines)
    lines = [f"{record['players']} players, the {record['way']} way (seed {record['seed']}); "
             f"{record['dealer']} deals."]
    lines += [f"  {line}" for line in record.get("told", ())]
    return "\n".join(lines)


