"""``tutor progress``: the learner's record — summary, JSON export/import, CSV export."""

from __future__ import annotations

import argparse
from pathlib import Path

from tutor.cli.commands import SUMMARIES
from tutor.engine.nouns import count_of
from tutor.lessons.progress import ProgressStore, open_store
from tutor.lessons.progress.progress_io import export_csv, export_json, import_json


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("progress", help=SUMMARIES["progress"])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--export", metavar="FILE", type=Path, help="write the whole record as JSON")
    action.add_argument("--import", dest="import_", metavar="FILE", type=Path,
                        help="merge a JSON record exported before (answers already present are skipped)")
    action.add_argument("--csv", metavar="FILE", type=Path, help="write the answers as CSV")
    add_store_options(parser)
    parser.set_defaults(func=run)


def add_store_options(parser: argparse.ArgumentParser, *, learner: bool = True) -> None:
    """``--db`` and, for a command that reads or writes one learner's record, ``--learner``."""
    parser.add_argument("--db", metavar="PATH", default=None,
                        help="progress database (default: $TUTOR_DB, else the user data directory)")
    if learner:
        parser.add_argument("--learner", metavar="NAME", default=None, help="learner profile")


def run(args: argparse.Namespace) -> int:
    with open_store(args.db) as store:
        if args.export:
            count = export_json(store, args.export, args.learner)
            whose = args.learner or f"{len(store.learners())} learners"
            print(f"Exported {count} answers of {whose} to {args.export}.")
        elif args.import_:
            added = import_json(store, args.import_)
            print(f"Imported {added} new answers from {args.import_} into {store.path}.")
        elif args.csv:
            count = export_csv(store, args.csv, args.learner)
            print(f"Wrote {count} answers to {args.csv}.")
        else:
            print_summary(store, args.learner)
    return 0


def print_summary(store: ProgressStore, learner: str | None) -> None:
    learners = [learner] if learner else store.learners()
    print(f"Progress database: {store.path}")
    if not learners:
        print("No answers recorded yet.")
    for name in learners:
        s = store.summary(name)
        accuracy = f"{s.accuracy:.0%}" if s.accuracy is not None else "—"
        print(
            f"\n{name}: {count_of(s.answers, 'answer')}, {accuracy} right, {count_of(s.units, 'item')} studied, "
            f"{s.due} due now, {s.mastered} mastered, streak {count_of(s.streak_days, 'day')}"
        )
        mistakes = store.mistakes(name)[:5]
        if mistakes:  # in the learner's words, as review --list says them (the drills' modules: only then)
            from tutor.lessons.review.mistakes import describe_mistake

            for stored in mistakes:
                print(f"  missed: {describe_mistake(stored)}")
