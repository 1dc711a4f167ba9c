"""``tutor quiz``: the pages' two quizzes at the terminal, recorded as the pages record them.

    tutor quiz laws                     ten questions on the laws, from every section
    tutor quiz laws --section 4         on one section (its number in ``tutor laws``, or its id)
    tutor quiz scoring --level honours  a generated deal: write its score sheet, entry by entry

A law question is asked as the review asks it (its options numbered), then answered by
quoting the laws it cites, as the quiz page does. A scoring question is the page's: every
entry of the sheet, each checked with its laws. The two, three and five players' scoring
levels are on the Scoring quiz page only.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from tutor.cli.commands import SUMMARIES
from tutor.cli.commands.laws import load_guide, section_id, wrap_text
from tutor.cli.commands.progress import add_store_options
from tutor.cli.commands.review import ask
from tutor.cli.inputs import add_seed_option, ask_until, count_argument, seed_or_random
from tutor.cli.spelling import terminal_text
from tutor.engine.cards import SIDE_NAMES, Side
from tutor.lessons.answers import answer_record
from tutor.lessons.content import content_dir
from tutor.lessons.laws.question import VINT, Question
from tutor.lessons.laws.quiz import cited_entries, question_pool, questions_for_section, shuffled
from tutor.lessons.laws.study import StudyGuide
from tutor.lessons.progress import DEFAULT_LEARNER, open_store
from tutor.lessons.review.conventions import serve_quiz
from tutor.lessons.scoring import check, load_quiz, make_question
from tutor.lessons.scoring.questions import ScoringQuestion, question_markdown
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
    laws.add_argument("--count", type=count_argument, default=10, help="at most this many questions (default 10)")
    add_seed_option(laws, "questions in the same order")
    add_store_options(laws)
    laws.set_defaults(func=run_laws)
    levels = [level.id for level in load_quiz(content_dir()).levels]
    scoring = which.add_parser("scoring", help="a generated deal or rubber: write its score sheet")
    scoring.add_argument("--level", choices=levels, default=levels[0], metavar="LEVEL",
                         help=f"what the sheet asks for: {', '.join(levels)} (default {levels[0]})")
    add_seed_option(scoring, "question")
    add_store_options(scoring)
    scoring.set_defaults(func=run_scoring)


def run_laws(args: argparse.Namespace) -> int:
    guide = load_guide(None)
    pool = _vint_questions(guide)
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


def _vint_questions(guide: StudyGuide) -> list[Question]:
    """The quiz page's questions: the hand-written ones and those generated from the engine (Vint's)."""
    from tutor.lessons.content.cache import content_report

    law_ids = {entry.id for entry in guide.entries}
    return question_pool(sorted(content_report().quizzes.items()), law_ids, game=VINT)


def run_scoring(args: argparse.Namespace) -> int:
    seed = seed_or_random(args.seed)
    quiz = load_quiz(content_dir())
    question = make_question(args.level, seed, quiz=quiz)
    print(f"Scoring quiz, {question.level.title} (seed {seed}): {question.level.description}\n")
    print(terminal_text(question_markdown(question)))
    print("\nWrite the sheet, entry by entry (0 where a side writes nothing).")
    started = time.monotonic()
    given: dict[str, int | None] = {}
    for blank in question.blanks:
        figure = ask_until(f"{blank.label}, {SIDE_NAMES[blank.side]}: ", _entry, ENTRY_HELP,
                           refusal="is not a number of points")
        if figure is None:
            print("\nNothing recorded: the sheet was not finished.")
            return 0
        given[blank.key] = int(figure)
    results = check(question, given)
    with open_store(args.db) as store:  # recorded before the feedback is shown, as on the page
        store.record(answer_record(question, results, time.monotonic() - started), args.learner or DEFAULT_LEARNER)
    _feedback(question, [r.correct for r in results], [f"{r.message} ({laws_named(r.blank.laws)})" for r in results])
    return 0 if all(r.correct for r in results) else 3


def _entry(text: str) -> str | None:
    """A score entry as typed: a whole number of at most :data:`MAX_ENTRY_DIGITS` digits."""
    return text if text.isascii() and text.isdigit() and len(text) <= MAX_ENTRY_DIGITS else None


def _feedback(question: ScoringQuestion, correct: Sequence[bool], lines: Sequence[str]) -> None:
    print(f"\n{'All right! ' if all(correct) else ''}{sum(correct)} of {len(correct)} entries right.")
    for ok, line in zip(correct, lines):
        print(f"  {'✓' if ok else '✗'} {line}")
    if question.score is not None:
        totals = {side: question.score.total(side) for side in Side}
        print(f"Whole deal: NS {totals[Side.NS]}, EW {totals[Side.EW]} (above and below the line).")


__all__ = ["register", "run_laws", "run_scoring"]
