"""``tutor progress``: the learner's record — summary, JSON export/import, CSV export."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from tutor.cli.commands import SUMMARIES
from tutor.cli.shown import shown
from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.lessons.progress import ProgressStore, check_learner_name, open_store
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
        parser.add_argument("--learner", metavar="NAME", default=None, type=learner_argument, help="learner profile")


def learner_argument(text: str) -> str:
    """The ``type=`` of ``--learner``: the profile name checked as the store checks it
    (:func:`~tutor.lessons.progress.check_learner_name`), when the command line is read — before a
    drill is shown or a quiz asked (a bad name was refused only once the answers had been typed)."""
    try:
        return check_learner_name(text)
    except TutorError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def run(args: argparse.Namespace) -> int:
    with open_store(args.db) as store:
        refuse_the_database_as_output(store, args.export or args.csv)
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


#: the files SQLite keeps beside the database while it writes (its journal, the write-ahead log and its index)
SQLITE_SIDE_FILES = ("-journal", "-wal", "-shm")


def refuse_the_database_as_output(store: ProgressStore, output: Path | None) -> None:
    """A one-line :class:`TutorError` when ``output`` (``--export``, ``--csv``) is the database file itself,
    or one of SQLite's files beside it, before anything is written: the export overwrote the record with
    JSON (or CSV) and then reported the database "damaged"."""
    if output is None or not isinstance(store.path, Path):  # a server's database is no file to overwrite
        return
    database = store.path
    targets = [database, *(database.with_name(database.name + side) for side in SQLITE_SIDE_FILES)]
    if any(_same_file(output, target) for target in targets):
        raise TutorError(f"{output} is the progress database ({database}) or one of its files: "
                         "write the export to another file (nothing was written)")


def _same_file(one: Path, other: Path) -> bool:
    """Whether two paths name the same file: the same inode when both exist (a hard link, a symbolic
    link, another spelling), else the same absolute path with links resolved."""
    try:
        if one.exists() and other.exists():
            return os.path.samefile(one, other)
        return one.expanduser().resolve() == other.expanduser().resolve()
    except (OSError, RuntimeError):  # a path that cannot be looked at (a loop of links): not the database
        return False


def print_summary(store: ProgressStore, learner: str | None) -> None:
    learners = [learner] if learner else store.learners()
    print(f"Progress database: {store.path}")
    if not learners:
        print("No answers recorded yet.")
    for name in learners:
        s = store.summary(name)
        accuracy = f"{s.accuracy:.0%}" if s.accuracy is not None else "—"
        print(
            f"\n{shown(name)}: {count_of(s.answers, 'answer')}, {accuracy} right, {count_of(s.units, 'item')} studied, "
            f"{s.due} due now, {s.mastered} mastered, streak {count_of(s.streak_days, 'day')}"
        )
        mistakes = store.mistakes(name)[:5]
        if mistakes:  # in the learner's words, as review --list says them (the drills' modules: only then);
            # the answers as text: a control character stored in one is shown escaped, never obeyed
            from tutor.lessons.review.mistakes import describe_mistake

            for stored in mistakes:
                print(f"  missed: {shown(describe_mistake(stored))}")
