"""``tutor check``: validate every content file and report ALL problems as ``file:line: id: message``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tutor.cli.commands import SUMMARIES
from tutor.cli.inputs import count_argument
from tutor.engine.nouns import count_of
from tutor.lessons.content import content_dir
from tutor.lessons.content.catalogue import check_content
from tutor.lessons.content.yamlread import listed

#: Problems listed by default; a million-line listing helps nobody (the rest are counted).
MAX_PROBLEMS_SHOWN = 50


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("check", help=SUMMARIES["check"])
    parser.add_argument("--content", type=Path, default=None, metavar="DIR",
                        help="the content folder to check (default: $TUTOR_CONTENT_DIR, else the shipped content/)")
    parser.add_argument("--max-problems", type=count_argument, default=MAX_PROBLEMS_SHOWN, metavar="N",
                        help=f"list at most N problems, 1 to 10000, then count the rest (default {MAX_PROBLEMS_SHOWN})")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    args.content = args.content or content_dir()
    report = check_content(args.content)
    for line in listed([str(p) for p in report.problems], args.max_problems):
        print(line)
    files = len(report.documents)
    if report.problems:
        print(f"{count_of(len(report.problems), 'problem')} in {args.content}", file=sys.stderr)
        return 1
    rules = report.rules
    entries = len(rules.entries) if rules else 0
    questions = sum(len(q.questions) for q in report.quizzes.values())
    print(f"content OK: {files} files, {entries} rules entries, {questions} quiz questions")
    return 0
