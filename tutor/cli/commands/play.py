"""``tutor play``: the practice table in the terminal — a whole deal, or a rubber, against the book robots.

You take a seat (``--seat``, South by default); the robots take the other three and act
by the book (every call and card is ``tutor advise`` on their own view). At your turn type
a call (``1S``, ``2NT``, ``P``) or a card (``SA``, ``♥10``, ``10C``), or:

* ``hint`` — the book's answer (counted as a hint);
* ``undo`` — take back your last action (the deal is then marked as practice);
* ``why`` — the rule and law behind the robots' last call or card;
* ``help`` (or ``?``) — how to type a call or a card, and these words;
* ``quit`` — stop.

A call or card that differs from the book's is flagged at once (``--deviations now``, the
default) or only in the review at the end (``--deviations end``). The end-of-deal review
prices every deviation by double dummy and by the robots' playout, in tricks and Vint
points; ``--layouts N`` (0 to 100; 0, the default, is off) prices each also on what you could
know — the average over N layouts of the cards you could not see — with the verdict and its
interval in words, as the page does. ``--rubber`` plays deals until the rubber is won and prints
the score sheet after each. Each finished deal writes your judged calls and cards to the review
queue (``--db``, ``--learner``; keyed, so a deal recorded again adds nothing): ``tutor review``
asks your mistakes again.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from tutor.cli.commands import SUMMARIES
from tutor.cli.inputs import (
    HELP_WORDS,
    TableEntries,
    Unmoved,
    add_seed_option,
    read_table_line,
    seed_or_random,
    table_command,
    table_help,
)
from tutor.cli.spelling import as_call, learner_message, out_of_turn
from tutor.cli.table_options import (
    PLAYERS_CHOICES,
    PLAYERS_HELP,
    TableOptions,
    add_layouts_option,
    other_table_size,
    players_argument,
    table_options,
)
from tutor.engine.cards import SEAT_NAMES, Seat, Side
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import TutorError, echo
from tutor.lessons.table import Step, TableDeal
from tutor.lessons.table.review import is_judged, review
from tutor.lessons.table.rubber import PracticeRubber, passed_out_line
from tutor.lessons.table.told import RECOVERED_NOTE, after_the_deal, learner_words, mentions_recovered, told
from tutor.lessons.words import action_text, hand_line, laws_named

COLUMNS = (Seat.W, Seat.N, Seat.E, Seat.S)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("play", help=SUMMARIES["play"])
    parser.add_argument("--seat", default="S", help="your seat: N, E, S or W (default S)")
    add_seed_option(parser, "deal (or rubber)")
    parser.add_argument("--dealer", default="N", help="the (first) dealer (default N)")
    parser.add_argument("--pbn-file", metavar="FILE", help="play the first deal of a PBN file")
    parser.add_argument("--deviations", choices=("now", "end"), default="now",
                        help="flag a call or card that differs from the book's at once, or only at the end")
    add_layouts_option(parser)
    parser.add_argument("--rubber", action="store_true", help="play deals until the rubber is won "
                        "(kept in the progress store: a restart goes on with it)")
    parser.add_argument("--new", action="store_true", help="with --rubber: start a new rubber")
    from tutor.cli.commands.progress import add_store_options

    add_store_options(parser)
    parser.add_argument("--players", type=players_argument, choices=PLAYERS_CHOICES, help=PLAYERS_HELP)
    parser.add_argument("--way", help="the way for that many players (default: the book's first)")
    from tutor.cli.ways_cli import add_round_option

    add_round_option(parser, with_db=False)  # the store's --db serves the five players' evening too
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, read: Callable[[str], str] | None = None) -> int:
    read = read or read_table_line  # bounded: `< /dev/zero` is one line, not a MemoryError
    if other_table_size(args) is not None:
        from tutor.cli.ways_cli import play_way

        return play_way(args, seed_or_random(args.seed), read, _play_rubber)
    refuse_flags_that_change_nothing(args)
    seat, dealer = Seat.parse(str(args.seat)), Seat.parse(str(args.dealer))
    seed = seed_or_random(args.seed)
    options = table_options(args)  # checked before anything is dealt or stored
    from tutor.cli.rubber_store import recorder, stored_rubber
    from tutor.lessons.progress import open_store

    with open_store(args.db) as store:  # issue 31: the rubber survives a kill
        record = recorder(store, args.learner)
        if args.rubber:
            rubber, save = stored_rubber(store, args, seat, dealer)
            return _play_rubber(rubber, read, options, save, record)
        table = _one_deal(args, seat, dealer, seed)
        source = f"the first deal of {echo(args.pbn_file)}" if args.pbn_file else f"seed {seed}"
        print(f"You sit {SEAT_NAMES[seat]}; {SEAT_NAMES[table.dealer]} deals ({source}).")
        if play_deal(table, read, options):
            print(end_of_deal(table, layouts=options.layouts))
            record(table)
    return 0


def refuse_flags_that_change_nothing(args: argparse.Namespace) -> None:
    """One line for a flag the four-handed table would pass over (a hostile reader's audit: ``--new``
    without ``--rubber``, and a PBN file's deal announced as "seed 5")."""
    from tutor.cli.ways_flags import NEW_WITHOUT_RUBBER, given  # the flags typed, told from their defaults

    if args.new and not args.rubber:
        raise TutorError(NEW_WITHOUT_RUBBER)
    if args.pbn_file:
        if args.rubber:
            raise TutorError("--pbn-file plays the file's first deal; a rubber (--rubber) is dealt from its seed")
        if args.seed is not None or given(args, "dealer") is not None:
            raise TutorError("--pbn-file: the file gives the cards and the dealer; leave out --seed and --dealer")


def _one_deal(args: argparse.Namespace, seat: Seat, dealer: Seat, seed: int) -> TableDeal:
    """The deal to play: the first of ``--pbn-file``, else the seed's."""
    if args.pbn_file:
        from tutor.cli.inputs import read_text_source
        from tutor.engine import pbn

        game = pbn.loads(read_text_source(args.pbn_file, limit=pbn.MAX_TEXT))[0]
        return TableDeal(game.deal, game.dealer, seat)
    return TableDeal(random_deal(random.Random(seed)), dealer, seat, seed=seed)


def _play_rubber(rubber: PracticeRubber, read: Callable[[str], str], options: TableOptions,
                 save: Callable[[], None] | None = None, record: Callable[[TableDeal], None] | None = None) -> int:
    """Deal after deal to the rubber's end; each finished deal reviewed, then ``record``-ed (the review queue)."""
    while rubber.current is not None:
        table = rubber.current
        print(f"\nDeal {len(rubber.finished) + 1} of the rubber: {SEAT_NAMES[table.dealer]} deals.")
        if not play_deal(table, read, options, save):
            return 0
        print(end_of_deal(table, rubber, options.layouts))
        if record is not None:
            record(table)
        print("\n" + rubber.sheet())  # the deal just finished is written at once
        rubber.next_deal()
        if save is not None:
            save()
    return 0


def play_deal(table: TableDeal, read: Callable[[str], str], options: TableOptions,
              save: Callable[[], None] | None = None) -> bool:
    """Play ``table`` to its end at the terminal; ``False`` when the learner quits. ``save`` keeps
    the rubber after every action (committed: a kill loses nothing acted)."""
    print(f"Your hand: {hand_line(table.hand(table.learner))}")
    shown = 0
    entries = TableEntries()  # refusals, entries that did not act, undos: each bounded
    while True:
        table.run_robots()
        shown = _show_new(table, shown)
        if not table.learners_turn:
            break  # the deal is over
        outcome = _learner_turn(table, read, options.now, entries.unmoved)
        if save is not None and outcome in ("acted", "undo"):
            table.run_robots()
            save()  # before a count below stops the command: nothing acted or taken back is lost
        if outcome == "quit":
            return False
        entries.count(outcome)
        if outcome == "undo":
            shown = min(shown, len(table.steps))
    _show_new(table, shown)
    return True


#: how to act, for ``help``: what the table reads as a call or a card
ACT = {"call": "Type a call: 1S, 2NT, 3♦ or pass (P); the lowest suit is spades, then clubs, diamonds, hearts, "
               "no-trumps. Or one of these words:",
       "card": "Type a card: SA, ♥10, 10C or d7 (its suit and rank, either way round). Or one of these words:"}
#: the words the table understands besides a call or a card (and quit), with what each does
WORDS = {"hint": "the book's call or card here, with its law (counted as a hint)",
         "undo": "take back your last call or card (the deal is then practice, not judged)",
         "why": "the rule and law behind the robots' last call or card",
         "help": "these lines"}


def _learner_turn(table: TableDeal, read: Callable[[str], str], now: bool,
                  unmoved: Unmoved | None = None) -> str:
    what = "call" if table.phase == "auction" else "card"
    if table.phase == "play":
        print(f"Your hand: {hand_line(table.hand(table.learner))}")
        legal = ", ".join(action_text(a) for a in table.legal_actions())
    else:
        print(auction_table(table))
        legal = _legal_calls(table)
    text = table_command(read, f"Your {what} ({legal}; or hint, undo, why, help, quit): ", unmoved)
    if text is None:
        return "quit"
    word = text.lower()
    if word in HELP_WORDS:
        print(table_help(ACT[what], WORDS))
        return "help"
    if word == "hint":
        answer = table.hint()
        print(f"The book: {action_text(answer.get('call') or answer['card'])} — "
              f"{learner_words(str(answer['explanation']))}")
        return "hint"
    if word == "undo":
        print("Taken back." if table.undo() else "Nothing of yours to take back.")
        return "undo"
    if word == "why":
        robots = [i for i, s in enumerate(table.steps) if not s.learner]
        # during the deal: only what the robot's call or card told the table (its hand facts come after)
        print(told(table, robots[-1]) if robots else "The robots have not acted yet.")
        return "why"
    wrong_kind = out_of_turn(text, table.phase)
    if wrong_kind is not None:
        print(f"Not allowed: {wrong_kind}")
        return "again"
    if table.phase == "auction":
        text = as_call(text) or text  # 1♦, 1 d, pass: the one reader
    try:
        step = table.act(text)
    except TutorError as err:
        print(f"Not allowed: {learner_message(str(err))}")
        return "again"
    if now and step.deviates and is_judged(step):
        book = step.book or {}
        laws = laws_named(book.get("laws", []))
        print(f"The book would {what} {action_text(step.book_action or '')} ({laws}): "
              f"{learner_words(str(book.get('explanation', '')))}")
    return "acted"


def _show_new(table: TableDeal, shown: int) -> int:
    steps = table.steps
    for index in range(shown, len(steps)):
        step = steps[index]
        if _is_call(table, index):
            print(f"  {SEAT_NAMES[step.seat]:<5} {action_text(step.action):<4} {_why(step) if not step.learner else ''}")
            if index == table.auction_length - 1 and table.phase != "auction":
                print(auction_table(table))
        else:
            print(f"  {SEAT_NAMES[step.seat]:<5} plays {action_text(step.action)}")
            played = index - table.auction_length + 1
            if played % 4 == 0 and table.play is not None:
                trick = table.play.tricks[played // 4 - 1]
                winner = trick.winner(table.contract.trump if table.contract else None)
                print(f"  — trick {played // 4} to {SEAT_NAMES[winner]}")
    return len(steps)


def _is_call(table: TableDeal, index: int) -> bool:
    return index < table.auction_length


def _legal_calls(table: TableDeal) -> str:
    """``pass or a bid from 2♣ up`` — Vint's order (spades lowest) said where one bids."""
    bids = [a for a in table.legal_actions() if a != "P"]
    lowest = f" or a bid from {action_text(bids[0])} up" if bids else ""
    return f"pass{lowest}; Vint's order: ♠ < ♣ < ♦ < ♥ < NT"


def auction_table(table: TableDeal) -> str:
    """The auction in the W N E S columns players expect (Vint: spades rank lowest)."""
    cells = [""] * COLUMNS.index(table.dealer)
    cells += [action_text(str(r.call)) for r in table.auction.records]
    rows = [" ".join(f"{SEAT_NAMES[s]:<6}" for s in COLUMNS)]
    rows += [" ".join(f"{c:<6}" for c in cells[i:i + 4]) for i in range(0, len(cells), 4)]
    if table.phase != "auction":
        contract = table.contract
        rows.append(f"Contract: {contract.bid} by {SEAT_NAMES[contract.declarer]}" if contract
                    else "Passed out: an X is written (scoring 8).")
    return "\n".join(rows)


def end_of_deal(table: TableDeal, rubber: PracticeRubber | None = None, layouts: int = 0) -> str:
    """The result, all four hands, the review in sentences (each deviation priced over ``layouts`` layouts of
    what the learner could know too, when positive) and the robots' whole reasons."""
    from tutor.engine.sheet import deal_rows, sheet_text

    lines = []
    contract = table.contract
    if contract is None:
        lines.append(passed_out_line(rubber) if rubber is not None else
                     "All four passed: the deal is passed out and an X is written on the sheet (scoring rule 8).")
    else:
        won = table.tricks_won()
        lines.append(f"Contract {action_text(str(contract.bid))} by {SEAT_NAMES[contract.declarer]}: "
                     f"tricks NS {won[Side.NS]}, EW {won[Side.EW]}.")
    score = table.result()
    lines.append(f"Score: below NS {score['below']['NS']}, EW {score['below']['EW']}; "
                 f"above NS {score['above']['NS']}, EW {score['above']['EW']}.")
    if rubber is None:
        from tutor.engine.rubber import RubberDeal
        from tutor.engine.scoring import score_deal

        played = RubberDeal(table.deal, contract, table.tricks_won()[contract.declarer.side] if contract else 0)
        lines.append(sheet_text(deal_rows(score_deal(played.deal, played.contract, played.declarer_tricks))))
    lines.append("The four hands:")
    lines += [f"  {SEAT_NAMES[seat]:<6}{hand_line(table.deal[seat])}" for seat in (Seat.N, Seat.E, Seat.S, Seat.W)]
    costs = review(table, layouts=layouts)
    texts: list[str] = []
    if not costs:
        lines.append("Review: every call and card of yours that the book decides was the book's.")
    for cost in costs:
        choice, price = cost.sentences()
        texts.append(choice)
        lines.append(f"Review: {choice} {price}")
    if mentions_recovered(*texts):
        lines.append(RECOVERED_NOTE)
    lines.append("The robots' reasons, now that every hand is shown:")
    lines += [f"  {after_the_deal(step)}" for step in table.steps if not step.learner]
    return "\n".join(lines)


def _why(step: Step) -> str:
    laws = laws_named(step.laws)
    default = "the tutor's default; " if step.default else ""
    return f"({default}{laws})"
