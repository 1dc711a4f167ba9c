"""Vint for five (laws five-1, five-2; RO l.541-547): four play, one sits out in turn.

"The one who drew the highest card sits out first, and then each player who comes in plays
with the one who drew the lowest." ``order`` is the five players by the cards they drew,
highest first — the order the record is written in (RO l.547). The tutor's readings
(law five-1's notes): the player sitting out changes after each rubber; the first rubber's
partners are drawn as four-handed (law 3: the two lowest cards together).

>>> t = five_table(("T", "A", "K", "F", "N"), 0)
>>> t.sitting_out, t.pairs
('T', (('A', 'K'), ('F', 'N')))
>>> five_table(("T", "A", "K", "F", "N"), 1).pairs
(('T', 'N'), ('K', 'F'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import Seat
from tutor.engine.errors import TutorError
from tutor.engine.settlement import RubberResult, RunningRecord, five_player_record

FIVE = 5


@dataclass(frozen=True)
class FiveTable:
    """Who sits out of rubber ``rubber`` and the two pairs that play it (first pair N-S)."""

    order: tuple[str, ...]
    rubber: int
    sitting_out: str
    pairs: tuple[tuple[str, str], tuple[str, str]]

    def seats(self) -> dict[str, Seat]:
        """The first pair at S and N, the second at W and E."""
        (a, b), (c, d) = self.pairs
        return {a: Seat.S, b: Seat.N, c: Seat.W, d: Seat.E}

    def result(self, winner_pair: int, points: int) -> RubberResult:
        """This rubber's result for the running record: pair ``winner_pair`` (0 or 1) won ``points``."""
        won, lost = self.pairs[winner_pair], self.pairs[1 - winner_pair]
        return RubberResult(won, lost, points)


def five_table(order: Sequence[str], rubber: int) -> FiveTable:
    """The table of rubber ``rubber`` (0 = the first)."""
    order = tuple(order)
    if len(order) != FIVE or len(set(order)) != FIVE:
        raise TutorError(f"five players, each named once, are needed; got {list(order)}")
    if rubber < 0:
        raise TutorError(f"rubber {rubber}: rubbers count from 0")
    out = order[rubber % FIVE]
    playing = [p for p in order if p != out]
    if rubber == 0:
        return FiveTable(order, 0, out, ((playing[0], playing[1]), (playing[2], playing[3])))
    incoming = order[(rubber - 1) % FIVE]
    lowest = [p for p in playing if p != incoming][-1]
    rest = tuple(p for p in playing if p not in (incoming, lowest))
    return FiveTable(order, rubber, out, ((incoming, lowest), (rest[0], rest[1])))


def five_record(order: Sequence[str], results: Sequence[tuple[int, int]]) -> RunningRecord:
    """The running record after rubbers whose ``(winner_pair, points)`` are ``results``, in order."""
    return five_player_record(order, [five_table(order, n).result(w, p) for n, (w, p) in enumerate(results)])
