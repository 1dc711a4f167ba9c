"""``tutor drill KIND``: a generated drill of any registered kind, answered on standard input.

``KIND`` is a drill kind of :mod:`tutor.lessons.drills` (``bidding``, ``lead``,
``discard``, ``second-hand``, ``third-hand``, ``solo-bidding`` …). ``--json`` prints
the whole drill — position, choices, answer, laws — without asking, for scripts.
Otherwise the prompt and the choices are shown, the answer is read from standard
input, and the feedback follows: right or wrong, the book's answer with its rule
and laws, why the other plausible answers are worse, the features that mattered
and, where the kind computes them, the consequences in tricks and points.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from tutor.cli.commands.progress import add_store_options
from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.drills import Drill, DrillKind, discover_drill_kinds, drill_kind
from tutor.lessons.progress import DEFAULT_LEARNER, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("drill", help="practise a convention: a generated position, answered here")
    parser.add_argument("kind", metavar="KIND", help="the drill kind: bidding, lead, discard, …")
    parser.add_argument("--rule", default=None, metavar="ID", help="the convention to drill (default: any)")
    parser.add_argument("--seed", type=int, default=None, help="seed; the same seed gives the same drill")
    parser.add_argument("--json", action="store_true", help="print the whole drill as JSON, without asking")
    parser.add_argument("--no-consequences", action="store_true",
                        help="skip the double-dummy consequences after the answer")
    add_store_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    kinds = discover_drill_kinds()
    if args.kind not in kinds:
        raise TutorError(f"unknown drill kind {args.kind!r}; known: {', '.join(sorted(kinds))}")
    kind = drill_kind(args.kind)
    if args.rule is not None and args.rule not in kind.rule_ids():
        raise TutorError(f"unknown {args.kind} rule {args.rule!r}; known: {', '.join(kind.rule_ids())}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    drill = kind.make(args.rule, seed)
    if args.json:
        print(json.dumps(drill.to_json(), ensure_ascii=False, indent=2))
        return 0
    show_question(drill)
    started = time.monotonic()
    answer = ask(drill)
    if answer is None:
        print("\nNo answer given.")
        return 1
    record(args, drill, answer, time.monotonic() - started)  # recorded before the feedback
    show_feedback(drill, answer)
    if kind.consequences is not None and not args.no_consequences:
        show_consequences(kind, drill, answer)
    return 0 if drill.is_correct(answer) else 3


def record(args: argparse.Namespace, drill: Drill, answer: str, seconds: float) -> None:
    """Write the answer to the learner's progress record, as the app's drill pages do."""
    with open_store(args.db) as store:
        store.record(Answer(
            item_kind="convention" if drill.kind != "solo-bidding" else "solo", item_id=drill.rule_id,
            correct=drill.is_correct(answer), given=answer, expected=drill.answer, laws=tuple(drill.laws),
            seed=drill.seed, position=drill.deal_pbn, seconds=seconds, extra={"kind": drill.kind},
        ), args.learner or DEFAULT_LEARNER)


def show_question(drill: Drill) -> None:
    print(f"Drill {drill.kind}, seed {drill.seed}\n")
    print(drill.prompt)
    hand = drill.position.get("hand")
    if isinstance(hand, str):
        print(f"\nYour hand: {_hand_lines(hand)}")
    print(f"\nChoices: {' '.join(drill.choices)}")


def _hand_lines(pbn: str) -> str:
    symbols = ("♠", "♥", "♦", "♣")
    parts = pbn.split(".")
    return "  ".join(f"{s} {h.replace('T', '10') or '—'}" for s, h in zip(symbols, parts))


def ask(drill: Drill) -> str | None:
    """Read an answer from standard input until it is one of the choices (``None`` at end of input)."""
    choices = {c.upper() for c in drill.choices}
    while True:
        print("Your answer: ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            return None
        answer = line.strip().upper()
        if answer in ("PASS", "PAS"):
            answer = "P"
        if answer in choices:
            return answer
        print(f"{line.strip()!r} is not one of the choices.")


def show_feedback(drill: Drill, answer: str) -> None:
    verdict = "Right." if drill.is_correct(answer) else f"Not the book's answer: you chose {answer}."
    print(f"\n{verdict} The book: {drill.answer} ({', '.join(drill.laws)}; rule {drill.rule_id}).")
    print(drill.explanation)
    if answer.upper() in {k.upper() for k in drill.why_not}:
        reason = next(v for k, v in drill.why_not.items() if k.upper() == answer.upper())
        print(f"\nWhy not {answer}: {reason}")
    others = {k: v for k, v in drill.why_not.items() if k.upper() != answer.upper()}
    if others:
        print("\nThe other plausible answers:")
        for choice, reason in others.items():
            print(f"  {choice}: {reason}")
    if drill.features:
        print("\nWhat mattered:")
        for name, value in drill.features.items():
            print(f"  {name}: {value}")


def show_consequences(kind: DrillKind, drill: Drill, answer: str) -> None:
    assert kind.consequences is not None
    print(f"\nThe deal: {drill.deal_pbn}")
    for c in kind.consequences(drill, answer):
        print(f"  {c.choice}: {c.summary}")
