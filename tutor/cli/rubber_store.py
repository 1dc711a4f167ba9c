"""``tutor play --rubber`` keeps its rubber in the progress store, so a killed or quit command goes on
where it stopped (issue 31; docs/robots.md: "the rubber survives a restart").

The rubber is the profile's (``--learner``, else the default profile) at the terminal's own table
(``way`` ``terminal``: the app's practice table is another), saved after every action in a committed
transaction with the version it read: a second terminal or another writer on the same rubber is
refused with one line, never merged. ``--seed`` naming another rubber, or ``--new``, starts afresh
(saying which rubber it replaces).

Each finished four-handed deal played at the terminal (a deal, a rubber, the learner's rounds of the
five players) writes the learner's judged decisions to the review queue as the page does
(:func:`recorder`; :func:`~tutor.lessons.table.items.decision_answers`, keyed: recorded again, nothing
is added), so a mistake comes back in ``tutor review``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping

from tutor.cli.inputs import seed_or_random
from tutor.engine.cards import SEAT_NAMES, Seat
from tutor.engine.errors import TutorError, echo
from tutor.engine.nouns import count_of
from tutor.lessons.progress import DEFAULT_LEARNER, ProgressStore, TableSlot
from tutor.lessons.table import TableDeal
from tutor.lessons.table.rubber import PracticeRubber

#: the terminal's table in the store (beside the app's four-handed table and the ways' tables)
TERMINAL = "terminal"


def stored_rubber(store: ProgressStore, args: argparse.Namespace, seat: Seat,
                  dealer: Seat) -> tuple[PracticeRubber, Callable[[], None]]:
    """The rubber to play (the stored one, or a new one) and the function that saves it."""
    slot = TableSlot(store.add_learner(getattr(args, "learner", None) or DEFAULT_LEARNER), TERMINAL)
    stored = store.open_table(slot)
    rubber = PracticeRubber.from_json(stored.state) if stored else None
    wanted = None if args.seed is None else seed_or_random(args.seed)
    if rubber is not None and not rubber.is_over and not getattr(args, "new", False) \
            and wanted in (None, rubber.seed):
        _refuse_another_seat(args, rubber)
        print(f"Going on with your rubber (seed {rubber.seed}) at deal {len(rubber.finished) + 1}; "
              "--new starts another.")
    else:
        if rubber is not None and not rubber.is_over:
            print(f"The rubber in progress (seed {rubber.seed}) is replaced by a new one.")
        rubber = PracticeRubber(seed_or_random(args.seed), seat, first_dealer=dealer)

    save = saver(store, slot, stored.version if stored else 0, rubber.to_json)
    save()
    return rubber, save


def saver(store: ProgressStore, slot: TableSlot, version: int | None,
          state: Callable[[], Mapping[str, object]]) -> Callable[[], None]:
    """The function that keeps a table at the terminal: it writes ``state()`` to ``slot`` with the version it
    last read or wrote (``version``, as read: 0 for none), so a second terminal or another writer since is
    refused in one line, never merged (``ProgressStore.write_table``)."""
    last = [version]

    def save() -> None:
        last[0] = store.write_table(slot, state(), version=last[0])

    return save


def _refuse_another_seat(args: argparse.Namespace, rubber: PracticeRubber) -> None:
    """The rubber going on keeps its seat and first dealer: a ``--seat`` or ``--dealer`` typed for
    another is refused, not passed over (it was, silently)."""
    from tutor.cli.ways_flags import given

    for flag, kept in (("seat", rubber.learner), ("dealer", rubber.first_dealer)):
        typed = given(args, flag)
        if typed is not None and Seat.parse(typed) is not kept:
            raise TutorError(f"--{flag} {echo(typed)}: your rubber in progress (seed {rubber.seed}) has "
                             f"{SEAT_NAMES[kept]} as its {'seat' if flag == 'seat' else 'first dealer'}; "
                             "add --new to start another rubber")


def recorder(store: ProgressStore, learner: str | None) -> Callable[[TableDeal], None]:
    """The function that writes a finished deal's judged decisions, right ones included, to ``learner``'s
    review queue in ``store`` (the default profile when ``None``) and says how many were mistakes."""
    from tutor.lessons.table.items import decision_answers

    name = store.add_learner(learner or DEFAULT_LEARNER)

    def record(table: TableDeal) -> None:
        answers = decision_answers(table)
        for answer in answers:
            store.record(answer, name)
        if line := queue_line(sum(not a.correct for a in answers)):
            print(line)

    return record


def queue_line(wrong: int) -> str:
    """"1 mistake of yours written to your review queue (tutor review)." — or nothing when there is none."""
    if not wrong:
        return ""
    return f"{count_of(wrong, 'mistake')} of yours written to your review queue (tutor review)."
