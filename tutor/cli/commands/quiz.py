"""``tutor quiz``: the pages' two quizzes at the terminal, recorded as the pages record them.

    tutor quiz laws                     ten questions on the laws, from every section
    tutor quiz laws --section 4         on one section (its number in ``tutor laws``, or its id)
    tutor quiz scoring --level honours  a generated deal: write its score sheet, entry by entry

A law question is asked as the review asks it (its options numbered), then answered by
quoting the laws it cites, as the quiz page does. A scoring question is the page's: every
entry of the sheet, each checked with its laws; at the levels of two, three and five players,
the figures that way keeps.
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.cli.commands import SUMMARIES
from tutor.cli.commands.laws import load_guide, section_id, wrap_text
from tutor.cli.commands.progress import add_store_options
from tutor.cli.commands.review import ask
from tutor.cli.inputs import add_seed_option, ask_until, count_argument, seed_or_random
from tutor.cli.spelling import terminal_text
from tutor.engine.cards import SIDE_NAMES, Side
from tutor.lessons.answers import answer_record
from tutor.lessons.content import content_dir
from tutor.lessons.laws.question import VINT
from tutor.lessons.laws.quiz import cited_entries, questions_for_section, shuffled
from tutor.lessons.progress import DEFAULT_LEARNER, open_store
from tutor.lessons.review.conventions import game_questions, serve_quiz
from tutor.lessons.scoring import check, load_quiz, make_question
from tutor.lessons.scoring.questions import BlankResult, ScoringQuestion, question_markdown
from tutor.lessons.ways.scoring import (
    WAY_LEVELS,
    WayBlankResult,
    WayScoringQuestion,
    check_way,
    is_way_level,
    make_way_question,
)
from tutor.lessons.words import laws_named

#: the most digits of one score entry (a rubber's whole record stays well inside: ten million less one)
MAX_ENTRY_DIGITS = 7
ENTRY_HELP = "Type the points this side writes for this entry, a whole number (0 where it writes nothing)."


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("quiz", help=SUMMARIES["quiz"], description=SUMMARIES["quiz"])
    which = parser.add_subparsers(dest="quiz", metavar="QUIZ", required=True)
    laws = which.add_parser("laws", help="questions on the laws, each answered by quoting the law")
    laws.add_argument("--section", metavar="S", help="only this section's laws: its number or id, as tutor laws "
                                                     "lists them (default: every section)")
    laws.add_argument("--count", type=count_argument, default=10, metavar="N",
                      help="at most this many questions, 1 to 10000 (default 10)")
    add_seed_option(laws, "questions in the same order")
    add_store_options(laws)
    laws.set_defaults(func=run_laws)
    levels = [level.id for level in load_quiz(content_dir()).levels] + [level.id for level in WAY_LEVELS]
    scoring = which.add_parser("scoring", help="a generated deal or rubber: write its score sheet")
    scoring.add_argument("--level", choices=levels, default=levels[0], metavar="LEVEL",
                         help=f"what the sheet asks for: {', '.join(levels)} (default {levels[0]}; the "
                              "last five: two, three and five players)")
    add_seed_option(scoring, "question")
    add_store_options(scoring)
    scoring.set_defaults(func=run_scoring)


def run_laws(args: argparse.Namespace) -> int:
    guide = load_guide(None)
    pool = game_questions(VINT)  # the quiz page's questions
    chosen = guide.section(section_id(guide, args.section)) if args.section else None
    questions = questions_for_section(pool, guide, chosen.id if chosen else None)
    seed = seed_or_random(args.seed)
    asked = shuffled(questions, seed)[:args.count]
    where = f"{chosen.title}: " if chosen else ""
    print(f"Quiz on the laws (seed {seed}): {where}{len(asked)} of {len(questions)} questions.")
    right = answered = 0
    with open_store(args.db) as store:
        for number, question in enumerate(asked, 1):
            cited = cited_entries(question, guide)
            print(f"\nQuestion {number} of {len(asked)} · {', '.join(entry.label for entry in cited)}")
            answer = ask(store, args.learner or DEFAULT_LEARNER, serve_quiz(question.id, seed))
            if answer is None:  # the end of the input: what was answered is kept
                break
            answered, right = answered + 1, right + answer.correct
            for entry in cited:  # the answer explained by quoting the law, as on the page
                print(f"\n{entry.label} — {entry.title}\n{wrap_text(entry.text, '    ')}")
    if answered < len(asked):
        print(f"\nStopped after {answered} of {len(asked)} questions: {right} right (each answer is recorded).")
    else:
        print(f"\nQuiz finished: {right} of {answered} right.")
    return 0


def run_scoring(args: argparse.Namespace) -> int:
    seed = seed_or_random(args.seed)
    sheet = _way_sheet(args.level, seed) if is_way_level(args.level) else _sheet(args.level, seed)
    print(f"Scoring quiz, {sheet.question.level.title} (seed {seed}): {sheet.question.level.description}\n")
    print(sheet.story)
    print(f"\nWrite the sheet, entry by entry (0 where {sheet.nothing}{'; a minus where it says so' if sheet.signed else ''}).")
    started = time.monotonic()
    given: dict[str, int | None] = {}
    for key, label in sheet.entries:
        figure = ask_until(f"{label}: ", functools.partial(_entry, signed=sheet.signed), ENTRY_HELP,
                           refusal="is not a number of points")
        if figure is None:
            print("\nNothing recorded: the sheet was not finished.")
            return 0
        given[key] = int(figure)
    results = sheet.check(given)
    with open_store(args.db) as store:  # recorded before the feedback is shown, as on the page
        store.record(answer_record(sheet.question, results, time.monotonic() - started),
                     args.learner or DEFAULT_LEARNER)
    print(f"\n{'All right! ' if all(r.correct for r in results) else ''}"
          f"{sum(r.correct for r in results)} of {len(results)} entries right.")
    for result in results:
        print(f"  {'✓' if result.correct else '✗'} {result.message} ({laws_named(result.blank.laws)})")
    if sheet.totals:
        print(sheet.totals)
    return 0 if all(r.correct for r in results) else 3


@dataclass(frozen=True)
class _Sheet:
    """A scoring question as the terminal asks it: what happened, the entries to write (key, label), how
    they are checked, and the whole deal's totals once checked (four-handed, one deal)."""

    question: ScoringQuestion | WayScoringQuestion
    story: str
    entries: Sequence[tuple[str, str]]
    check: Callable[[dict[str, int | None]], Sequence[BlankResult | WayBlankResult]]
    signed: bool = False
    nothing: str = "a side writes nothing"
    totals: str = ""


def _sheet(level: str, seed: int) -> _Sheet:
    """A four-handed level: the deal (or rubber) and its sheet, each side's entries."""
    question = make_question(level, seed, quiz=load_quiz(content_dir()))
    totals = ""
    if question.score is not None:
        by_side = {side: question.score.total(side) for side in Side}
        totals = f"Whole deal: NS {by_side[Side.NS]}, EW {by_side[Side.EW]} (above and below the line)."
    return _Sheet(question, terminal_text(question_markdown(question)),
                  [(b.key, f"{b.label}, {SIDE_NAMES[b.side]}") for b in question.blanks],
                  functools.partial(check, question), totals=totals)


def _way_sheet(level: str, seed: int) -> _Sheet:
    """A level of two, three or five players: the robots' deals of the way, and the figures it keeps."""
    question = make_way_question(level, seed)
    return _Sheet(question, "\n".join(question.story), [(b.key, b.label) for b in question.blanks],
                  functools.partial(check_way, question), signed=True, nothing="a player writes or pays nothing")


def _entry(text: str, *, signed: bool = False) -> str | None:
    """A score entry as typed: a whole number of at most :data:`MAX_ENTRY_DIGITS` digits (with a minus sign
    where the sheet has debts: what a player pays)."""
    digits = text[1:] if signed and text[:1] == "-" else text
    return text if digits.isascii() and digits.isdigit() and len(digits) <= MAX_ENTRY_DIGITS else None


__all__ = ["register", "run_laws", "run_scoring"]
