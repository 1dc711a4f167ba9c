"""``tutor accounts``: class mode at the command line — the first teacher, a new quick-login code, the list.

``tutor accounts --create-teacher NAME`` creates the first teacher (only while there is none) and
prints their quick-login code once; a teacher then creates every other account on the Teacher's
view. ``--new-code NAME`` issues a fresh code (the old one stops working), for a teacher who lost
theirs. The database is ``--db`` (a file or a ``postgresql://`` URL), else ``TUTOR_DATABASE_URL``,
else the SQLite file.
"""

from __future__ import annotations

import argparse

from tutor.cli.commands import SUMMARIES
from tutor.cli.commands.progress import add_store_options
from tutor.cli.inputs import whole_number
from tutor.lessons.classroom import accounts
from tutor.lessons.progress import check_learner_name, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("accounts", help=SUMMARIES["accounts"])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--create-teacher", metavar="NAME", help="create the first teacher and print their code")
    action.add_argument("--new-code", metavar="NAME", help="issue a new quick-login code for an account")
    action.add_argument("--list", action="store_true", help="list the accounts and their roles")
    parser.add_argument("--hours", type=whole_number(1, accounts.MAX_HOURS), default=accounts.DEFAULT_HOURS,
                        metavar="H",
                        help=f"how long the code lasts (1 to {accounts.MAX_HOURS} hours; default {accounts.DEFAULT_HOURS})")
    add_store_options(parser, learner=False)  # accounts are the class's, not one learner's
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.create_teacher is not None:  # "" is a name to refuse, not "no action" (it listed the accounts)
        args.create_teacher = check_learner_name(args.create_teacher)  # refused before the database is made
    with open_store(args.db) as store:
        if args.create_teacher is not None:
            # the library checks "no teacher yet" in the insert's own transaction: of two at once, one is refused
            code = accounts.create_account(store, args.create_teacher, "teacher", hours=args.hours)
            print(f"Teacher {args.create_teacher} created. Quick-login code (shown once, valid {args.hours} h): {code}")
        elif args.new_code is not None:
            code = accounts.new_code(store, args.new_code, by=None, hours=args.hours)
            print(f"New quick-login code for {args.new_code} (valid {args.hours} h): {code}")
        else:
            found = accounts.accounts(store)
            for account in found:
                print(f"{account.name}\t{account.role}")
            if not found:
                print("No accounts yet: tutor accounts --create-teacher NAME creates the first teacher.")
    return 0
