"""The ways for two, three and five players at the terminal: ``tutor robots --players N`` and
``tutor play --players N`` (docs/table-sizes.md).

``tutor robots --players 2|3 [--way NAME] --seed N --json`` plays a seeded deal of the way
with a robot for every player; ``--players 5`` plays a seeded rubber of the four seated for
rubber ``--round`` of the rotation (0 = the first) and writes the running record after it. ``tutor play
--players 2|3 [--way NAME]`` seats the learner as player A; ``--players 5 [--round N]`` seats him
as T, the player who drew the highest card: he sits out round 0 (and every fifth) and watches
the robots play it; in the other rounds he plays his seat of the four-handed rubber, and the
rubber's result is written to the running record.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from tutor.cli.inputs import table_command
from tutor.engine.cards import Side
from tutor.engine.errors import TutorError
from tutor.engine.seeds import seed_from_text
from tutor.engine.ways.catalogue import PLAYER_COUNTS, find_way
from tutor.engine.ways.five import five_record, five_table
from tutor.lessons.ways.table import FIVE_NAMES, WayTable, five_robot_rubber
from tutor.lessons.words import hand_line

#: a robot rubber that has not ended after this many deals is stopped (passed-out deals repeat)
MAX_RUBBER_DEALS = 40


def add_way_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, choices=PLAYER_COUNTS,
                        help="another table size: 2, 3 or 5 players (docs/table-sizes.md)")
    parser.add_argument("--way", help="the way to play for that many players (default: the book's first)")
    add_round_option(parser)


def add_round_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--round", dest="five_round", type=int, default=0,
                        help="five players: which rubber of the rotation (0 = the first: T sits out)")


def robots_record(players: int, way_name: str | None, seed: int, rubber: int = 0) -> dict[str, Any]:
    """The robots' record of a seeded deal (two or three players) or rubber (five)."""
    way = find_way(players, way_name)
    if players != 5:  # noqa: PLR2004
        table = WayTable(way, seed, learner=None)
        table.run_robots()
        return table.to_json()
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
    if args.seed is None:
        raise TutorError("--players needs --seed N: a seeded deal of that way")
    seed = seed_from_text(str(args.seed), "--seed")
    record = robots_record(int(args.players), args.way, seed, int(args.five_round))
    if args.json:
        print(json.dumps(record, ensure_ascii=False, indent=2))
    else:
        print(readable(record))
    return 0


def readable(record: dict[str, Any]) -> str:
    if record["players"] == 5:  # noqa: PLR2004
        lines = [f"Five players, rubber {record['rubber']}: {record['sitting_out']} sits out; "
                 f"{' & '.join(record['pairs'][0])} against {' & '.join(record['pairs'][1])}."]
        lines += [f"  {d['dealer']} deals: {d['contract']}" + (f" by {d['declarer']}, {d['tricks']} tricks"
                                                               if d["declarer"] else "") for d in record["deals"]]
        lines.append(f"Record: {record['record']['line']}")
        return "\n".join(lines)
    lines = [f"{record['players']} players, the {record['way']} way (seed {record['seed']}); "
             f"{record['dealer']} deals."]
    lines += [f"  {s['player']}: {s['action']}" for s in record["steps"]]
    lines.append(f"Contract: {record['contract']} by {record['declarer']}" if record["contract"]
                 else "Nobody bid.")
    for name, entry in record.get("records", {}).items():
        lines.append(f"  {name}: {entry['below']} below, {entry['above']} above")
    return "\n".join(lines)


def play_way(args: argparse.Namespace, seed: int, read: Callable[[str], str],
             play_rubber: Callable[[Any, Callable[[str], str], bool], int]) -> int:
    """``tutor play --players N``: the learner as A (two, three) at the terminal. ``play_rubber`` is
    the four-handed table's rubber loop (``tutor play --rubber``), passed in so this module does not
    import the command that imports it."""
    players = int(args.players)
    way = find_way(players, args.way)
    if players == 5:  # noqa: PLR2004
        return _play_five(seed, int(args.five_round), read, play_rubber)
    table = WayTable(way, seed, learner="A")
    print(f"{players} players, the {way.name} way ({way.title}). You are A; {table.setup.dealer} deals "
          f"(seed {seed}).")
    for reading in way.readings:
        print(f"  The tutor's reading: {reading}.")
    shown = 0
    while True:
        table.run_robots()
        shown = _show(table, shown)
        if not table.learners_turn:
            break
        if _turn(table, read) == "quit":
            return 0
    _show(table, shown)
    lines = readable(table.to_json()).splitlines()
    print("\n".join(lines[-len(table.setup.players) - 1:]))
    return 0


def _show(table: WayTable, shown: int) -> int:
    steps = table.game.steps
    for player, action in steps[shown:]:
        if player != table.learner:
            print(f"  {player}: {action}")
    return len(steps)


def _turn(table: WayTable, read: Callable[[str], str]) -> str:
    game = table.game
    turn = game.to_act
    assert turn is not None
    for seat, hand in table.seen().items():
        print(f"  {seat.value} ({table.label(seat)}): {hand_line(hand_from(hand))}")
    legal = game.legal_actions()
    shown = ", ".join(legal[:12]) + (" …" if len(legal) > 12 else "")  # noqa: PLR2004
    text = table_command(read, f"[{game.phase}, for {turn[1].value}] {shown} (or hint, undo, quit): ")
    if text is None:
        return "quit"
    word = text.lower()
    if word == "hint":
        hint = table.hint()
        print(f"The robot would: {hint.action} — {hint.explanation}")
        return "hint"
    if word == "undo":
        print("Taken back." if table.undo() else "Nothing of yours to take back.")
        return "undo"
    try:
        table.act(text)
    except TutorError as err:
        print(f"Not allowed: {err}")
    return "acted"


def hand_from(pbn: str) -> Any:
    from tutor.engine.cards import Hand

    return Hand.parse(pbn)


def _play_five(seed: int, round_no: int, read: Callable[[str], str],
               play_rubber: Callable[[Any, Callable[[str], str], bool], int]) -> int:
    """Five players: the learner is T; he watches the rounds he sits out and plays the others."""
    from tutor.engine.cards import SEAT_NAMES
    from tutor.lessons.table.rubber import PracticeRubber

    table = five_table(FIVE_NAMES, round_no)
    pairs = " against ".join(" & ".join(p) for p in table.pairs)
    if table.sitting_out == "T":
        print(f"Five players, round {round_no}: you (T) sit out; {pairs}. Watch the robots play the rubber.")
        print(readable(five_rubber_record(seed, round_no)))
        return 0
    seat = table.seats()["T"]
    partner = next(p for pair in table.pairs if "T" in pair for p in pair if p != "T")
    print(f"Five players, round {round_no}: {table.sitting_out} sits out; {pairs}. You (T) sit "
          f"{SEAT_NAMES[seat]} with {partner} opposite.")
    rubber = PracticeRubber(seed, seat)
    play_rubber(rubber, read, True)
    if not rubber.rubber.is_over:
        return 0
    leader, margin = rubber.rubber.result()
    if leader is None:
        return 0
    result = (0 if leader is Side.NS else 1, margin)
    record = five_record(FIVE_NAMES, [(0, 0)] * round_no + [result])
    print(f"Round {round_no} to {' & '.join(table.pairs[result[0]])} by {margin}. Record: {record.line()}")
    return 0
