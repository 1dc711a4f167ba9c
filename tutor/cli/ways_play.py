"""``tutor play --players 2|3|5``: the ways at the terminal, a deal or a rubber (docs/table-sizes.md).

``--seat`` names the learner's player (A, B or C; five players: T, A, K, F or N), ``--dealer``
the first dealer, ``--rubber`` plays deals until the way's rubber is over (the race to 500, or
600, below the line, the records after each deal and the payments at the end), ``--deviations``
flags a move that differs from the robot's at once or only in the review, ``--round`` is the
rubber of the rotation (five players; the three-handed dummy way), ``--way-option`` a way's
switch. Each card says whose hand it came from; each trick's winner is announced; the end of
the deal gives the tricks, the score item by item, the records and the review of the learner's
moves with their prices (``--layouts N``: on what he could know too, or why not where the deal does
not allow it). Five players: the evening's running record is kept in the progress
store (``--db``), and each round played continues it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from tutor.cli.inputs import HELP_WORDS, TableEntries, Unmoved, table_command, table_help
from tutor.cli.spelling import learner_message, out_of_turn
from tutor.cli.table_options import TableOptions, table_options
from tutor.cli.ways_flags import chosen_player, refuse_flags, way_of
from tutor.cli.ways_robots import five_rubber_record, readable
from tutor.engine.cards import SEAT_NAMES, Hand, Seat, Side
from tutor.engine.errors import TutorError
from tutor.engine.ways.five import five_table
from tutor.lessons.ways.narrate import auction_rows, end_of_deal, step_lines, trick_line
from tutor.lessons.ways.review import review_lines
from tutor.lessons.ways.robots import robot_action
from tutor.lessons.ways.rubber import (
    FIVE_KEY,
    WayRecord,
    evening_from,
    evening_record,
    payment_lines,
    write_round,
)
from tutor.lessons.ways.table import FIVE_LEARNER, FIVE_NAMES, WayTable
from tutor.lessons.words import action_words, hand_line

if TYPE_CHECKING:  # imported when a rubber is played, as before
    from tutor.lessons.table import TableDeal
    from tutor.lessons.table.rubber import PracticeRubber

#: a rubber not over after this many deals is stopped (the robots throw many deals in)
MAX_RUBBER_DEALS = 60
Read = Callable[[str], str]
#: the four-handed table's rubber loop: the rubber, the reader, the options, the save (none here) and the recorder
PlayRubber = Callable[["PracticeRubber", Read, TableOptions, None, Callable[["TableDeal"], None]], int]


def play_way(args: argparse.Namespace, seed: int, read: Read, play_rubber: PlayRubber) -> int:
    """``tutor play --players N``. ``play_rubber`` is the four-handed table's rubber loop (five
    players), passed in so this module does not import the command that imports it."""
    way = way_of(args)
    refuse_flags(args, way)
    options = table_options(args)
    if way.players == 5:  # noqa: PLR2004
        return play_five(args, seed, read, play_rubber, options)
    learner = chosen_player(args, way, "seat", "A")
    dealer = chosen_player(args, way, "dealer", None)
    rubber_no = int(getattr(args, "five_round", 0) or 0)
    first = WayTable(way, seed, learner=learner, dealer=dealer, rubber=rubber_no)
    print(f"{way.players} players, the {way.name} way ({way.title}). You are {learner}; "
          f"{first.setup.dealer} deals (seed {seed}).")
    for reading in way.readings:
        print(f"  The tutor's reading: {reading}.")
    for name, choice in way.options:
        print(f"  Switched: {name} = {choice}.")
    if first.setup.dummy_player is not None:
        print(f"  Rubber {rubber_no}: {first.setup.dummy_player} plays with the dummy "
              f"(the tutor's reading: the first dummy to the lowest card drawn, then in turn).")
    if not getattr(args, "rubber", False):
        if play_deal(first, read, options):
            record_deal(first, args)
        return 0
    record = WayRecord(way, first.setup.players)
    deal_no = 0
    while not record.over and deal_no < MAX_RUBBER_DEALS:
        table = first if deal_no == 0 else WayTable(way, seed, deal_no=deal_no, learner=learner, dealer=dealer,
                                                    rubber=rubber_no)
        print(f"\nDeal {deal_no + 1} of the rubber: {table.setup.dealer} deals.")
        if not play_deal(table, read, options):
            return 0
        record_deal(table, args)
        record.add(table.game, table.score())
        print("The rubber so far:")
        print("\n".join(record.lines()))
        deal_no += 1
    if record.over:
        print("The rubber is over. Payments:")
        print("\n".join(payment_lines(record.payments())))
    return 0


def play_deal(table: WayTable, read: Read, options: TableOptions) -> bool:
    """One deal at the terminal, ended by its review (sampled over ``options.layouts``, when asked);
    ``False`` when the learner quits."""
    shown = 0
    entries = TableEntries()  # refusals, entries that did not act, undos: each bounded
    while True:
        table.run_robots()
        for line in step_lines(table.game, shown, table.learner):
            print(f"  {line}")
        shown = len(table.game.steps)
        if not table.learners_turn:
            break
        outcome = _turn(table, read, options.now, entries.unmoved)
        if outcome == "quit":
            return False
        entries.count(outcome)
        shown = min(shown, len(table.game.steps))
    print("\n".join(end_of_deal(table.game, table.score(), table.records())))
    print("\n".join(review_lines(table, options.layouts)))
    return True


def record_deal(table: WayTable, args: argparse.Namespace) -> None:
    """The learner's judged actions of a finished deal written to the progress store (``--db``, ``--learner``),
    as the four-handed table's: a mistake comes back in ``tutor review``. Keyed: nothing is counted twice."""
    from tutor.cli.rubber_store import queue_line
    from tutor.lessons.progress import DEFAULT_LEARNER, open_store
    from tutor.lessons.ways.items import way_answers

    answers = way_answers(table)
    if not answers:
        return
    with open_store(getattr(args, "db", None)) as store:
        learner = store.add_learner(getattr(args, "learner", None) or DEFAULT_LEARNER)
        for answer in answers:
            store.record(answer, learner)
    if line := queue_line(sum(not a.correct for a in answers)):
        print(line)


#: how to act, for ``help``, and the words the table understands besides an action (and quit)
ACT = "Type one of the actions the prompt lists: a call (1S, 2♥, pass), a card (SA, ♥10) or, where the way asks, " \
      "its own action as written there. Or one of these words:"
WORDS = {"hint": "what the robot would do in your place, and why",
         "undo": "take back your last action",
         "help": "these lines"}


def _turn(table: WayTable, read: Read, now: bool, unmoved: Unmoved | None = None) -> str:
    game = table.game
    turn = game.to_act
    assert turn is not None
    for seat, hand in table.seen().items():
        print(f"  {table.label(seat)}: {hand_line(Hand.parse(hand))}")
    if game.phase == "auction":
        header, rows = auction_rows(game)
        print("  " + " ".join(f"{h:<8}" for h in header))
        for row in rows:
            print("  " + " ".join(f"{c:<8}" for c in row))
    if game.phase == "play":
        print(f"  {trick_line(game, table.learner)}")
    if game.phase == "give":  # the hands are named by their places in the command: say whose each is
        targets = sorted({a.split()[2] for a in game.legal_actions()})
        print("  Give one card to each: " + ", ".join(f"{t} = {table.label(Seat.parse(t))}" for t in targets)
              + " (type: give CARD PLACE)")
    legal = game.legal_actions()
    shown = ", ".join(map(action_words, legal[:12])) + (" …" if len(legal) > 12 else "")  # noqa: PLR2004
    text = table_command(read, f"[{game.phase}, for {table.label(turn[1])}] {shown} (or hint, undo, help, quit): ",
                         unmoved)
    if text is None:
        return "quit"
    word = text.lower()
    if word in HELP_WORDS:
        print(table_help(ACT, WORDS))
        return "help"
    if word == "hint":
        hint = table.hint()
        print(f"The robot would: {action_words(hint.action)} — {hint.explanation}")
        return "hint"
    if word == "undo":
        print("Taken back." if table.undo() else "Nothing of yours to take back.")
        return "undo"
    wrong_kind = out_of_turn(text, game.phase)
    if wrong_kind is not None:
        print(f"Not allowed: {wrong_kind}")
        return "again"
    robot = robot_action(game) if now else None
    try:
        done = table.act(text)
    except TutorError as err:
        # each seat as the prompt names it (its owner's hand or dummy): seat_words would name the sheet's
        # sides, which trade N and E when the dummies lie beside their players
        print(f"Not allowed: {learner_message(str(err), {seat.value: table.label(seat) for seat in Seat})}")
        return "again"
    if robot is not None and not robot.allows(done):
        whose = "this way's stated default" if robot.default else "the book"
        print(f"  {whose.capitalize()} would have: {robot.action} — {robot.explanation}")
    return "acted"


def play_five(args: argparse.Namespace, seed: int, read: Read, play_rubber: PlayRubber, options: TableOptions) -> int:
    """Five players: the learner (``--seat``; A by default, who plays the first rubber) watches the
    rounds he sits out and plays his seat in the others; each finished round continues the evening."""
    from tutor.cli.rubber_store import recorder
    from tutor.lessons.progress import DEFAULT_LEARNER, open_store
    from tutor.lessons.table.rubber import PracticeRubber

    way = way_of(args)
    me = chosen_player(args, way, "seat", FIVE_LEARNER) or FIVE_LEARNER
    round_no = int(getattr(args, "five_round", 0) or 0)
    table = five_table(FIVE_NAMES, round_no)
    pairs = " against ".join(" & ".join(p) for p in table.pairs)
    with open_store(getattr(args, "db", None)) as store:
        evening = evening_from(store.load_table(DEFAULT_LEARNER, way=FIVE_KEY))
        if table.sitting_out == me:
            print(f"Five players, round {round_no}: you ({me}) sit out; {pairs}. Watch the robots play the rubber.")
            record = five_rubber_record(seed, round_no)
            print(readable(record))
            result = record["result"]
            if result["winner"] is not None:
                evening["results"][str(round_no)] = [table.pairs.index(tuple(result["winner"])), result["points"]]
        else:
            seat = table.seats()[me]
            dealer = chosen_player(args, way, "dealer", None)
            if dealer == table.sitting_out:
                raise TutorError(f"--dealer {dealer}: {dealer} sits out round {round_no}")
            first = table.seats()[dealer] if dealer else Seat.N
            partner = next(p for pair in table.pairs if me in pair for p in pair if p != me)
            print(f"Five players, round {round_no}: {table.sitting_out} sits out; {pairs}. You ({me}) sit "
                  f"{SEAT_NAMES[seat]} with {partner} opposite.")
            rubber = PracticeRubber(seed, seat, first_dealer=first)
            play_rubber(rubber, read, options, None, recorder(store, getattr(args, "learner", None)))
            if not write_round(evening, round_no, rubber.rubber):
                print("The rubber is not over: nothing is written to the evening's record.")
                return 0
            leader, margin = rubber.rubber.result()
            won = table.pairs[0 if leader is Side.NS else 1]
            print(f"Round {round_no} to {' & '.join(won)} by {margin}.")
        store.save_table(evening, DEFAULT_LEARNER, way=FIVE_KEY)
    rounds = ", ".join(sorted(evening["results"], key=int)) or "none"
    print(f"The evening's running record (rounds {rounds}): {evening_record(evening, FIVE_NAMES).line()}")
    return 0

