"""``tutor review``: answer what is due (laws, scoring, drills mixed), recorded as you go."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator

from tutor.cli.commands import SUMMARIES
from tutor.cli.commands.progress import add_store_options
from tutor.cli.inputs import HELP_WORDS, add_seed_option, ask_until, count_argument, seed_or_random
from tutor.cli.shown import shown, shown_lines
from tutor.cli.spelling import read_choice, same_answer, terminal_text
from tutor.engine.nouns import count_of
from tutor.lessons.answers import Answer
from tutor.lessons.progress import DEFAULT_LEARNER, ProgressStore, open_store
from tutor.lessons.review import Exercise, Skipped, due_items, mastery
from tutor.lessons.review.mistakes import describe_mistake, mistakes_waiting, replay_mistakes
from tutor.lessons.review.servers import servable_kinds, serve_each


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("review", help=SUMMARIES["review"])
    parser.add_argument("--count", type=count_argument, default=10, metavar="N",
                        help="at most this many items, 1 to 10000 (default 10)")
    parser.add_argument("--list", action="store_true", help="only list what is due and the mistakes queue")
    parser.add_argument("--mistakes", action="store_true", help="replay the missed positions exactly")
    add_seed_option(parser, "exercises")
    add_store_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    learner = args.learner or DEFAULT_LEARNER
    rng = random.Random(seed_or_random(args.seed))
    with open_store(args.db) as store:
        kinds = set(servable_kinds())
        due = due_items(store, learner)
        if args.list:
            print(f"{shown(learner)}: {len(due)} due")
            from tutor.lessons.progress.report import Names  # pandas: only for the list

            names = Names.read()  # each item as the learner reads it ("Law ≈61", a drill's convention), not its id
            for kind, item_id in due:
                name = names.item(kind, item_id)
                print(f"  {shown('drill: ' + name if kind == 'convention' else name)}"
                      + ("" if kind in kinds else "  (no exercise for this kind yet)"))
            for stored in store.mistakes(learner):
                print(f"  mistake: {shown(describe_mistake(stored))}")
            return 0
        results: Iterator[Exercise | Skipped]
        if args.mistakes:
            results = (result for _, result in replay_mistakes(store, learner, args.count))
        else:
            waiting = mistakes_waiting(store, learner)
            if waiting:
                print(f"{count_of(waiting, 'mistake')} waiting: `tutor review --mistakes` replays them.")
            items = [item for item in due if item[0] in kinds][: args.count]
            results = serve_each(items, rng)
        asked = 0
        for result in results:  # each item on its own: one that cannot be served is skipped
            if isinstance(result, Skipped):
                print(shown(result.line))
                continue
            asked += 1
            print(f"\n[{asked}] {shown(result.heading)}")
            if not ask(store, learner, result):
                break
        if not asked and args.mistakes:
            print("No mistake to replay.")
        elif not asked:
            print("Nothing is due. Well done — come back later, or study something new.")
    return 0


#: what ``help`` prints at a review prompt
REVIEW_HELP = ("Type the number of a choice, or the choice itself (a card also as D10 or 10D, a call also as 1S "
               "or P); where no choices are listed, your answer. The end of the input (Ctrl-D) stops the review.")


def _answer_line(exercise: Exercise, cards_or_calls: bool) -> str | None:
    """The learner's answer as the exercise spells it, asked until it is one (``None`` at the end of the input).

    With choices listed, only one of them is an answer: anything else ("help", a typing slip) was
    recorded as a wrong answer and counted against the item; now it is refused and asked again."""
    return ask_until("> ", lambda text: _chosen(text, exercise, cards_or_calls), REVIEW_HELP)


def _chosen(text: str, exercise: Exercise, cards_or_calls: bool) -> str | None:
    """The exercise's answer ``text`` names (a choice's number, the choice in any spelling, or a free
    answer where no choices are listed), else ``None``."""
    choices = exercise.choices
    if choices and text.isascii() and text.isdigit() and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1]
    if not choices:  # a free answer (a number, a word, a card or call in any spelling), "help" asking for help
        return None if text.lower() in HELP_WORDS else same_answer(text, exercise.expected) if cards_or_calls else text
    chosen = read_choice(text, choices) if cards_or_calls else None  # D10, ♦10, 10D, 1♥, pass
    return chosen or next((c for c in choices  # as listed ("open misère"), or as stored ("open-misere")
                           if text.casefold() in (c.casefold(), exercise.choice_name(c).casefold())), None)


def ask(store: ProgressStore, learner: str, exercise: Exercise) -> Answer | None:
    """Show one exercise, record the answer, then give feedback: the answer recorded (``None`` at the
    end of the input)."""
    # the page's Markdown: its line breaks, no ``**`` or fences; a replay's prompt quotes a stored position,
    # whose control characters are shown escaped
    print(shown_lines(terminal_text(exercise.prompt)))
    cards_or_calls = exercise.item_kind == "convention"  # a drill: its choices are cards or calls
    for index, choice in enumerate(exercise.choices, 1):
        print(f"  {index}. {shown(exercise.choice_name(choice))}")
    started = time.monotonic()
    line = _answer_line(exercise, cards_or_calls)
    if line is None:
        return None
    answer = exercise.answer(line, time.monotonic() - started)
    level = mastery(store, learner, (exercise.item_kind, exercise.item_id))
    store.record(answer, learner)  # recorded before the feedback is shown
    expected = shown(exercise.choice_name(exercise.expected))
    feedback = exercise.feedback("mastered" if answer.correct and level == "mastered" else "learning")
    print(("Right. " if answer.correct else f"Not quite: the answer is {expected}. ")
          + shown_lines(terminal_text(feedback)))
    sys.stdout.flush()
    return answer
