"""``tutor check``: validate every content file and report ALL problems as ``file:line: id: message``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tutor.lessons.content import check_content, content_dir


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("check", help="validate content/ (rules, glossary, quizzes, conventions…)")
    parser.add_argument("--content", type=Path, default=None, metavar="DIR",
                        help="the content folder to check (default: the shipped content/)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    args.content = args.content or content_dir()
    report = check_content(args.content)
    for problem in report.problems:
        print(problem)
    files = len(report.documents)
    if report.problems:
        print(f"{len(report.problems)} problem(s) in {args.content}", file=sys.stderr)
        return 1
    rules = report.rules
    entries = len(rules.entries) if rules else 0
    questions = sum(len(q.questions) for q in report.quizzes.values())
    print(f"content OK: {files} files, {entries} rules entries, {questions} quiz questions")
    return 0
