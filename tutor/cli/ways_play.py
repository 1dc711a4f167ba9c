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

Kept in the progress store (docs/table-sizes.md), each saved after every move with the version it read, so a
quit or a kill loses nothing acted and a second writer is refused in one line: ``--rubber``'s table under the
way's name (``"2-exchange"``, as the page keeps it; the next ``--rubber`` of that way goes on with it, a
finished rubber, another ``--seed`` or ``--new`` starts another), and the rubber the learner plays at his seat
of a five-player round (the next start of that round goes on with it). A finished round is added to the
evening as stored at that moment (:func:`~tutor.lessons.ways.rubber.keep_round`): a round another terminal
saved meanwhile is kept.
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
from tutor.engine.cards import SEAT_NAMES, Hand, Seat
from tutor.engine.errors import TutorError, echo
from tutor.engine.ways.five import five_table
from tutor.lessons.ways.narrate import auction_rows, end_of_deal, step_lines, trick_line
from tutor.lessons.ways.review import review_lines
from tutor.lessons.ways.robots import robot_action
from tutor.lessons.ways.rubber import (
    FIVE_KEY,
    FIVE_SEAT_KEY,
    evening_from,
    evening_record,
    keep_round,
    payment_lines,
    round_result,
    rubber_of,
    unread_rounds,
    way_key,
)
from tutor.lessons.ways.table import FIVE_LEARNER, FIVE_NAMES, WayTable
from tutor.lessons.words import action_words, hand_line

if TYPE_CHECKING:  # imported when a rubber is played, as before
    from tutor.lessons.progress import ProgressStore, TableSlot
    from tutor.lessons.table import TableDeal
    from tutor.lessons.table.rubber import PracticeRubber

#: a rubber not over after this many deals is stopped (the robots throw many deals in)
MAX_RUBBER_DEALS = 60
Read = Callable[[str], str]
Save = Callable[[], None]
#: the four-handed table's rubber loop: the rubber, the reader, the options, the save and the recorder
PlayRubber = Callable[["PracticeRubber", Read, TableOptions, Save | None, Callable[["TableDeal"], None]], int]


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
    if not getattr(args, "rubber", False):
        first = WayTable(way, seed, learner=learner, dealer=dealer, rubber=rubber_no)
        _introduce(first, seed)
        if play_deal(first, read, options):
            record_deal(first, args)
        return 0
    from tutor.lessons.progress import open_store

    with open_store(getattr(args, "db", None)) as store:  # the rubber survives a quit, a kill, a restart
        kept = _kept_way_table(store, args, WayTable(way, seed, learner=learner, dealer=dealer, rubber=rubber_no))
        return _play_way_rubber(kept, args, read, options)


def _introduce(table: WayTable, seed: int) -> None:
    """The table's first lines: the way, the learner's player, the dealer and seed, the readings, the switches."""
    way = table.way
    print(f"{way.players} players, the {way.name} way ({way.title}). You are {table.learner}; "
          f"{table.setup.dealer} deals (seed {seed}).")
    for reading in way.readings:
        print(f"  The tutor's reading: {reading}.")
    for name, choice in way.options:
        print(f"  Switched: {name} = {choice}.")
    if table.setup.dummy_player is not None:
        print(f"  Rubber {table.rubber}: {table.setup.dummy_player} plays with the dummy "
              f"(the tutor's reading: the first dummy to the lowest card drawn, then in turn).")


class KeptWayTable:
    """A way's rubber kept in the store under the way's name: the deal in play (``table``) and ``save``,
    which writes it with the version it read (another writer since: refused in one line, nothing written)."""

    def __init__(self, store: ProgressStore, slot: TableSlot, table: WayTable, version: int | None) -> None:
        from tutor.cli.rubber_store import saver

        self.table = table
        self.save = saver(store, slot, version, lambda: self.table.to_json())


def _kept_way_table(store: ProgressStore, args: argparse.Namespace, new: WayTable) -> KeptWayTable:
    """The rubber going on (kept under the way's name), or ``new``, the first deal of another (none kept,
    that one over, ``--new``, or another ``--seed``); saved at once. With ``--new`` the kept table is not
    read (a damaged one is replaced too); without it, a damaged one is refused in one line naming ``--new``."""
    from tutor.lessons.progress import DEFAULT_LEARNER, TableSlot
    from tutor.lessons.progress.errors import DamagedTableStoreError

    slot = TableSlot(store.add_learner(getattr(args, "learner", None) or DEFAULT_LEARNER), way_key(new.way))
    if getattr(args, "new", False):
        store.clear_table(slot.learner, way=slot.way)
        print(f"A new rubber of the {new.way.name} way (--new): any kept before is replaced.")
        _introduce(new, new.seed)
        holder = KeptWayTable(store, slot, new, 0)
        holder.save()
        return holder
    damaged = f"Your kept rubber of the {new.way.name} way is damaged ({{}}); add --new to start another in its place"
    try:
        stored = store.open_table(slot)
    except DamagedTableStoreError:  # a state that is not a table's: the store says so by its error's kind
        raise TutorError(damaged.format("it is not a table the tutor wrote")) from None
    try:
        kept = WayTable.from_json(stored.state) if stored else None
    except TutorError as err:
        raise TutorError(damaged.format(str(err).removeprefix("the stored table is damaged: "))) from None
    going_on = kept is not None and not rubber_of(kept).over
    table = new
    # --seed as the command resolved it (a number), not as typed (the text "5" never equals the seed 5)
    if kept is not None and going_on and (getattr(args, "seed", None) is None or new.seed == kept.seed):
        _refuse_another_table(args, kept, new)
        table = kept
        _introduce(table, table.seed)
        print(f"Going on with your rubber of the {kept.way.name} way (seed {kept.seed}) at deal "
              f"{kept.deal_no + 1}; --new starts another.")
    else:
        if kept is not None and going_on:
            print(f"The rubber of the {kept.way.name} way in progress (seed {kept.seed}) is replaced by a new one.")
        _introduce(table, table.seed)
    holder = KeptWayTable(store, slot, table, stored.version if stored else 0)
    holder.save()
    return holder


def _refuse_another_table(args: argparse.Namespace, kept: WayTable, new: WayTable) -> None:
    """The rubber going on keeps its player, first dealer, round and switches: one typed for another is
    refused in one line, never passed over."""
    from tutor.cli.ways_flags import given

    differs = []
    if given(args, "seat") is not None and new.learner != kept.learner:
        differs.append(f"--seat {new.learner}")
    if given(args, "dealer") is not None and new.first_dealer != kept.first_dealer:
        differs.append(f"--dealer {new.first_dealer}")
    if given(args, "five_round") is not None and new.rubber != kept.rubber:  # --round 0 typed is given too
        differs.append(f"--round {new.rubber}")
    if getattr(args, "way_options", None) and new.way != kept.way:
        differs.append("--way-option")
    if differs:
        raise TutorError(f"{', '.join(differs)}: your rubber of the {kept.way.name} way in progress (seed "
                         f"{kept.seed}) has player {kept.learner}, first dealer {kept.first_dealer or 'by the draw'}"
                         f", round {kept.rubber} and its own switches; add --new to start another rubber")


def _play_way_rubber(kept: KeptWayTable, args: argparse.Namespace, read: Read, options: TableOptions) -> int:
    """Deals to the rubber's end, each saved after every move and when the deal passes on."""
    while True:
        table = kept.table
        if table.phase != "over":
            print(f"\nDeal {table.deal_no + 1} of the rubber: {table.setup.dealer} deals.")
            if not play_deal(table, read, options, kept.save):
                return 0
        record_deal(table, args)  # keyed: a deal recorded before a kill adds nothing again
        record = rubber_of(table)
        print("The rubber so far:")
        print("\n".join(record.lines()))
        if record.over:
            print("The rubber is over. Payments:")
            print("\n".join(payment_lines(record.payments())))
            return 0  # kept as it is: the next --rubber starts another
        if table.deal_no + 1 >= MAX_RUBBER_DEALS:
            return 0
        kept.table = table.next_deal()
        kept.save()


def play_deal(table: WayTable, read: Read, options: TableOptions, save: Save | None = None) -> bool:
    """One deal at the terminal, ended by its review (sampled over ``options.layouts``, when asked);
    ``False`` when the learner quits. ``save`` keeps the table after every action (committed: a kill loses
    nothing acted)."""
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
        if save is not None and outcome in ("acted", "undo"):
            table.run_robots()  # the robots' answers too, then saved before a count below stops the command
            save()
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
    rounds he sits out and plays his seat in the others (that rubber kept after every move); each finished
    round is added to the evening as it is stored then."""
    from tutor.cli.rubber_store import recorder
    from tutor.lessons.progress import DEFAULT_LEARNER, open_store
    from tutor.lessons.table.rubber import PracticeRubber

    way = way_of(args)
    me = chosen_player(args, way, "seat", FIVE_LEARNER) or FIVE_LEARNER
    round_no = int(getattr(args, "five_round", 0) or 0)
    table = five_table(FIVE_NAMES, round_no)
    pairs = " against ".join(" & ".join(p) for p in table.pairs)
    with open_store(getattr(args, "db", None)) as store:
        # this round as the evening held it when the round began: kept_round refuses it changed meanwhile
        stored = store.load_table(DEFAULT_LEARNER, way=FIVE_KEY)
        if unread := unread_rounds(stored):  # a hand-edited store: cleaned, said once
            print(f"The evening's record holds what cannot be read as a round ({', '.join(map(echo, unread[:3]))}"
                  f"{' …' if len(unread) > 3 else ''}): it is left out, and dropped when a round is next written.")  # noqa: PLR2004
        seen = evening_from(stored)["results"].get(str(round_no))
        if table.sitting_out == me:
            print(f"Five players, round {round_no}: you ({me}) sit out; {pairs}. Watch the robots play the rubber.")
            record = five_rubber_record(seed, round_no)
            print(readable(record))
            result = record["result"]
            if result["winner"] is None:
                evening = evening_from(store.load_table(DEFAULT_LEARNER, way=FIVE_KEY))
            else:
                evening = keep_round(store, round_no, [table.pairs.index(tuple(result["winner"])), result["points"]],
                                     seen)
        else:
            seat = table.seats()[me]
            dealer = chosen_player(args, way, "dealer", None)
            if dealer == table.sitting_out:
                raise TutorError(f"--dealer {dealer}: {dealer} sits out round {round_no}")
            first = table.seats()[dealer] if dealer else Seat.N
            partner = next(p for pair in table.pairs if me in pair for p in pair if p != me)
            print(f"Five players, round {round_no}: {table.sitting_out} sits out; {pairs}. You ({me}) sit "
                  f"{SEAT_NAMES[seat]} with {partner} opposite.")
            rubber, save = _kept_seat_rubber(store, args, (round_no, me, dealer is not None),
                                             PracticeRubber(seed, seat, first_dealer=first))
            play_rubber(rubber, read, options, save, recorder(store, getattr(args, "learner", None)))
            won_by = round_result(rubber.rubber)
            if won_by is None:
                print("The rubber is not over: nothing is written to the evening's record.")
                return 0
            evening = keep_round(store, round_no, won_by, seen)
            print(f"Round {round_no} to {' & '.join(table.pairs[won_by[0]])} by {won_by[1]}.")
    rounds = ", ".join(sorted(evening["results"], key=int)) or "none"
    print(f"The evening's running record (rounds {rounds}): {evening_record(evening, FIVE_NAMES).line()}")
    return 0


def _kept_seat_rubber(store: ProgressStore, args: argparse.Namespace, where: tuple[int, str, bool],
                      new: PracticeRubber) -> tuple[PracticeRubber, Save]:
    """The rubber the learner plays at his seat of a five-player round, kept under :data:`FIVE_SEAT_KEY`: the
    one going on (the same round and player, not over, no other ``--seed``, ``--dealer`` or ``--new``), else
    ``new``; and the function that saves it after every move with the version it read."""
    from tutor.cli.rubber_store import saver
    from tutor.lessons.progress import DEFAULT_LEARNER, TableSlot
    from tutor.lessons.table.rubber import PracticeRubber

    round_no, me, dealer_typed = where
    slot = TableSlot(store.add_learner(getattr(args, "learner", None) or DEFAULT_LEARNER), FIVE_SEAT_KEY)
    if getattr(args, "new", False):  # not read: a damaged one is replaced too, as a way's table with --new
        store.clear_table(slot.learner, way=slot.way)
    stored = None if getattr(args, "new", False) else store.open_table(slot)
    kept = stored.state.get("rubber") if stored else None
    try:
        old = PracticeRubber.from_json(kept) if isinstance(kept, dict) else None
    except TutorError as err:
        raise TutorError(f"Your kept rubber at your seat is damaged ({err}); add --new to start another in its "
                         "place") from None
    rubber = new
    if old is not None and not old.is_over:
        same = stored is not None and stored.state.get("round") == round_no and stored.state.get("player") == me
        seed_kept = getattr(args, "seed", None) is None or new.seed == old.seed  # the number, not the text
        if same and not getattr(args, "new", False) and seed_kept \
                and (not dealer_typed or old.first_dealer is new.first_dealer):
            rubber = old
            print(f"Going on with your rubber of round {round_no} (seed {old.seed}) at deal "
                  f"{len(old.finished) + 1}; --new starts another.")
        else:
            print(f"Your rubber of round {stored.state.get('round') if stored else '?'} in progress (seed "
                  f"{old.seed}) is replaced by a new one.")
    save = saver(store, slot, stored.version if stored else 0,
                 lambda: {"round": round_no, "player": me, "rubber": rubber.to_json()})
    save()
    return rubber, save
