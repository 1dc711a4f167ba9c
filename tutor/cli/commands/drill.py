"""``tutor drill KIND``: a generated drill of any registered kind, answered on standard input.

``KIND`` is a drill kind of :mod:`tutor.lessons.drills` (``bidding``, ``lead``,
``discard``, ``second-hand``, ``third-hand``, ``solo-bidding`` …; ``tutor drill --help``
lists them all). ``--json`` prints the whole drill — position, choices, answer, laws —
without asking, for scripts. Otherwise the prompt and the choices are shown, the
answer is read from standard input (or given with ``--answer``), and the feedback follows: right or wrong, the book's answer with its rule
and laws, why the other plausible answers are worse, the features that mattered
and, where the kind computes them, the consequences in tricks and points.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

from tutor.cli.commands import SUMMARIES
from tutor.cli.commands.progress import add_store_options
from tutor.cli.inputs import add_seed_option, ask_until, seed_or_random
from tutor.cli.spelling import choice_text, read_choice
from tutor.engine.errors import TutorError, echo
from tutor.engine.nouns import count_of
from tutor.lessons.answers import Answer
from tutor.lessons.drills import Drill, DrillKind
from tutor.lessons.drills.kinds import DRILL_KINDS, drill_kind
from tutor.lessons.progress import DEFAULT_LEARNER, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("drill", help=SUMMARIES["drill"],
                            description="Practise a convention: a generated position, answered here.")
    parser.add_argument("kind", metavar="KIND", help="the drill kind (listed below)")
    add_drill_options(parser)
    parser.add_argument("--list", action="store_true",
                        help="list the kind's conventions, each with the ID --rule takes, and stop")
    parser.add_argument("--json", action="store_true", help="print the whole drill as JSON, without asking")
    parser.add_argument("--no-consequences", action="store_true",
                        help="skip the double-dummy consequences after the answer")
    add_store_options(parser)
    parser.set_defaults(func=run)
    _list_kinds_in_help(parser)


def add_drill_options(parser: argparse.ArgumentParser) -> None:
    """``--rule``, ``--seed`` and ``--answer``: shared with ``tutor solo drill``."""
    parser.add_argument("--rule", default=None, metavar="ID",
                        help="the convention to drill, by its ID (default: any; tutor drill KIND --list lists them)")
    add_seed_option(parser, "drill")
    parser.add_argument("--answer", default=None, metavar="ANSWER",
                        help="your answer, instead of typing it when asked (for scripts)")


def _list_kinds_in_help(parser: argparse.ArgumentParser) -> None:
    """``--help`` ends with every registered kind; found only when help is asked (finding them is slow)."""
    plain = parser.format_help

    def with_kinds() -> str:
        kinds = DRILL_KINDS
        lines = [f"  {name:<14}{count_of(len(kind.rule_ids()), 'convention')}" for name, kind in sorted(kinds.items())]
        return plain() + "\ndrill kinds:\n" + "\n".join(lines) + "\n"

    parser.format_help = with_kinds  # type: ignore[method-assign]


def run(args: argparse.Namespace) -> int:
    kinds = DRILL_KINDS
    if args.kind not in kinds:
        raise TutorError(f"unknown drill kind {echo(args.kind)}; known: {', '.join(sorted(kinds))}")
    kind = drill_kind(args.kind)
    if getattr(args, "list", False):
        show_rules(kind)
        return 0
    if args.rule is not None and args.rule not in kind.rule_ids():
        raise TutorError(f"no {args.kind} convention has the ID {echo(args.rule)}: tutor drill {args.kind} --list "
                         f"lists its {count_of(len(kind.rule_ids()), 'convention')}")
    seed = seed_or_random(args.seed)
    drill = kind.make(args.rule, seed)
    if getattr(args, "json", False):
        print(json.dumps(drill.to_json(), ensure_ascii=False, indent=2))
        return 0
    show_question(drill)
    started = time.monotonic()
    given = getattr(args, "answer", None)
    answer = ask(drill) if given is None else matching_choice(given, drill)
    if answer is None and given is not None:
        raise TutorError(f"--answer {echo(given)} {refusal(given, drill, listed=True)}")
    if answer is None:
        print("\nNo answer given.")
        return 1
    record(args, drill, answer, time.monotonic() - started)  # recorded before the feedback
    show_feedback(drill, answer, kind.features_worded)
    if kind.consequences is not None and not getattr(args, "no_consequences", False):
        show_consequences(kind, drill, answer)
    return 0 if drill.is_correct(answer) else 3


def show_rules(kind: DrillKind) -> None:
    """Each convention of ``kind``: the ID ``--rule`` takes, then its title."""
    ids = kind.rule_ids()
    width = max(map(len, ids), default=0)
    print(f"{count_of(len(ids), kind.name + ' convention')}; drill one with --rule ID:")
    for rule_id in ids:
        print(f"  {rule_id:<{width}}  {kind.title(rule_id)}")


def record(args: argparse.Namespace, drill: Drill, answer: str, seconds: float) -> None:
    """Write the answer to the learner's progress record, as the app's drill pages do."""
    with open_store(args.db) as store:
        store.record(Answer(
            item_kind="convention" if drill.kind != "solo-bidding" else "solo", item_id=drill.rule_id,
            correct=drill.is_correct(answer), given=answer, expected=drill.answer, laws=tuple(drill.laws),
            seed=drill.seed, position=drill.deal_pbn, seconds=seconds, extra={"kind": drill.kind},
        ), args.learner or DEFAULT_LEARNER)


def named(drill: Drill) -> Callable[[str], str]:
    """How the drill's choices read: a card or a call as the table prints it, a Solo Whist call by its name."""
    from tutor.lessons.solo import drill as solo_drill

    return solo_drill.call_name if drill.kind == solo_drill.KIND else choice_text


def show_question(drill: Drill) -> None:
    print(f"Drill {drill.kind}, seed {drill.seed}\n")
    print(drill.prompt)
    hand = drill.position.get("hand")
    if isinstance(hand, str):
        print(f"\nYour hand: {_hand_lines(hand)}")
    print(f"\nChoices: {'  '.join(map(named(drill), drill.choices))}")


def _hand_lines(pbn: str) -> str:
    """The hand as the table prints it (``♦ A Q 10 6``), so its cards read as the choices do."""
    from tutor.engine.cards import Hand
    from tutor.lessons.words import hand_line

    try:
        return hand_line(Hand.parse(pbn))
    except TutorError:
        return pbn


#: what ``help`` prints at a drill's prompt ("help" was "not one of the choices" and nothing more)
ANSWER_HELP = ("Type one of the choices as listed - a card also as D10, DT or 10D, a call also as 1S or P, a "
               "Solo Whist call by its name. The end of the input (Ctrl-D) stops without an answer.")


def ask(drill: Drill) -> str | None:
    """Read an answer from standard input until it is one of the choices (``None`` at end of input)."""
    return ask_until("Your answer: ", lambda text: matching_choice(text, drill), ANSWER_HELP,
                     refusal=lambda text: refusal(text, drill))


def refusal(text: str, drill: Drill, listed: bool = False) -> str:
    """Why ``text`` is not taken (after the quoted text): an illegal call with the law it breaks, as
    ``tutor advise`` says it (law 31 for a level above seven, law 35 for a bid no higher than the last),
    else "is not one of the choices" (``listed``: then the choices)."""
    why = illegal_call(text, drill)
    if why is not None:
        return f"is not a legal call here: {why}"
    return "is not one of the choices" + (f": {', '.join(map(named(drill), drill.choices))}" if listed else "")


def illegal_call(text: str, drill: Drill) -> str | None:
    """The engine's refusal of ``text`` as the next call of a bidding drill's auction, naming the law it
    breaks; ``None`` when ``text`` is no call with a level, the call is legal, or the drill is not one
    of Vint's auction."""
    from tutor.engine.calls import ASCII_DIGITS, LevelError, parse_call
    from tutor.engine.conventions.kinds import DecisionKind
    from tutor.engine.errors import IllegalCallError, InsufficientBidError, NotationError

    view = drill.view
    clean = "".join(text.split())
    if view is None or view.kind is not DecisionKind.BID or clean[:1] not in set(ASCII_DIGITS):
        return None
    try:
        call = parse_call(clean)
    except LevelError as err:
        return str(err)
    except NotationError:
        return None  # not a call: the choices say what is
    auction = view.bid_position().auction  # the auction the drill's choices are its legal calls of
    try:
        auction.verify_call(call)
    except InsufficientBidError:  # law 75's "it binds as …" is the table's: a drill takes no call then
        highest = auction.highest_bid
        assert highest is not None  # only a bid after a bid is insufficient
        return f"{call.pretty} ({call.spoken}) does not outrank {highest.pretty} ({highest.spoken}) (law 35)"
    except IllegalCallError as err:
        return str(err)
    return None


def matching_choice(text: str, drill: Drill) -> str | None:
    """The choice ``text`` names, as the drill spells it, else ``None``: a card in any spelling
    (``D10``, ``DT``, ``♦10``, ``10D``), a call as ``2H``, ``2♥`` or ``pass`` (:mod:`tutor.cli.spelling`),
    or a choice's name as the choices line shows it ("proposal and acceptance")."""
    name = named(drill)
    return read_choice(text, drill.choices) or next(
        (c for c in drill.choices if name(c).casefold() == text.strip().casefold()), None)


def show_feedback(drill: Drill, answer: str, features_worded: bool = True) -> None:
    from tutor.lessons.words import laws_named, learner_words

    name = named(drill)
    verdict = "Right." if drill.is_correct(answer) else f"Not the book's answer: you chose {name(answer)}."
    print(f"\n{verdict} The book: {name(drill.answer)} ({laws_named(drill.laws)}).")
    print(learner_words(drill.explanation))
    if answer.upper() in {k.upper() for k in drill.why_not}:
        reason = next(v for k, v in drill.why_not.items() if k.upper() == answer.upper())
        print(f"\nWhy not {name(answer)}: {learner_words(reason)}")
    others = {k: v for k, v in drill.why_not.items() if k.upper() != answer.upper()}
    if others:
        print("\nThe other plausible answers:")
        for choice, reason in others.items():
            print(f"  {name(choice)}: {learner_words(reason)}")
    if drill.features and features_worded:  # as the drill pages: a play drill's are its rule's conditions
        print("\nWhat mattered:")
        for figure, value in drill.features.items():
            print(f"  {figure}: {value}")


def show_consequences(kind: DrillKind, drill: Drill, answer: str) -> None:
    assert kind.consequences is not None
    print(f"\nThe deal: {drill.deal_pbn}")
    for c in kind.consequences(drill, answer):
        print(f"  {choice_text(c.choice)}: {c.summary}")
