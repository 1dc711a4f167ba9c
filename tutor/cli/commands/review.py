"""``tutor review``: answer what is due (laws, scoring, drills mixed), recorded as you go."""

from __future__ import annotations

import argparse
import random
import sys
import time

from tutor.cli.commands.progress import add_store_options
from tutor.cli.inputs import add_seed_option, count_argument, read_answer, seed_or_random
from tutor.lessons.progress import DEFAULT_LEARNER, ProgressStore, open_store
from tutor.lessons.review import Exercise, due_items, load_servers, mastery, replay, serve


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("review", help="review what is due (spaced repetition) or replay a mistake")
    parser.add_argument("--count", type=count_argument, default=10, help="at most this many items (default 10)")
    parser.add_argument("--list", action="store_true", help="only list what is due and the mistakes queue")
    parser.add_argument("--mistakes", action="store_true", help="replay the missed positions exactly")
    add_seed_option(parser, "exercises")
    add_store_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    learner = args.learner or DEFAULT_LEARNER
    rng = random.Random(seed_or_random(args.seed))
    with open_store(args.db) as store:
        kinds = set(load_servers())
        due = due_items(store, learner)
        if args.list:
            print(f"{learner}: {len(due)} due")
            for kind, item_id in due:
                print(f"  {kind} {item_id}" + ("" if kind in kinds else "  (no exercise for this kind yet)"))
            for stored in store.mistakes(learner):
                a = stored.answer
                print(f"  mistake: {a.item_kind} {a.item_id}, seed {a.seed}, answered {a.given!r}")
            return 0
        if args.mistakes:
            exercises = [replay(s) for s in store.mistakes(learner)[: args.count]]
        else:
            items = [item for item in due if item[0] in kinds][: args.count]
            exercises = [serve(kind, item_id, rng.randrange(2**31)) for kind, item_id in items]
        if not exercises:
            print("Nothing is due. Well done — come back later, or study something new.")
            return 0
        for number, exercise in enumerate(exercises, 1):
            print(f"\n[{number}/{len(exercises)}] {exercise.item_kind} {exercise.item_id}")
            if not ask(store, learner, exercise):
                break
    return 0


def ask(store: ProgressStore, learner: str, exercise: Exercise) -> bool:
    """Show one exercise, record the answer, then give feedback; False at end of input."""
    print(exercise.prompt)
    for index, choice in enumerate(exercise.choices, 1):
        print(f"  {index}. {choice}")
    started = time.monotonic()
    print("> ", end="", flush=True)
    read = read_answer()
    if read is None:
        return False
    line = read.strip()
    if exercise.choices and line.isascii() and line.isdigit() and 1 <= int(line) <= len(exercise.choices):
        line = exercise.choices[int(line) - 1]
    answer = exercise.answer(line, time.monotonic() - started)
    level = mastery(store, learner, (exercise.item_kind, exercise.item_id))
    store.record(answer, learner)  # recorded before the feedback is shown
    print(("Right. " if answer.correct else f"Not quite: the answer is {exercise.expected}. ")
          + exercise.feedback("mastered" if answer.correct and level == "mastered" else "learning"))
    sys.stdout.flush()
    return True
