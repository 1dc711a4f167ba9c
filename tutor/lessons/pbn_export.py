"""Any deal the learner sees, as a PBN file: a practice-table deal (auction and play so far) or a drill.

The drill's file holds its deal, dealer and the calls before the decision (an unfinished
auction, which a PBN reader keeps as given); a practice-table deal holds every call and card
made so far, and the result once the play is over (:mod:`tutor.engine.pbn`).
"""

from __future__ import annotations

from tutor.engine import pbn
from tutor.engine.cards import Deal, Seat
from tutor.lessons.drills import Drill
from tutor.lessons.table import TableDeal


def table_pbn(table: TableDeal, board: int | None = None) -> str:
    """The practice-table deal so far: its record as a PBN game."""
    return pbn.dumps(pbn.PbnGame.from_record(table.record), board=board)


def drill_pbn(drill: Drill) -> str:
    """The drill's deal with its dealer and the calls made before the learner's decision."""
    position = drill.position
    dealer = Seat.parse(str(position.get("dealer", "N")))
    calls = tuple(str(c) for c in position.get("auction", ()))
    return pbn.dumps(pbn.PbnGame(Deal.from_pbn(drill.deal_pbn), dealer, calls), event="Vint tutor drill",
                     board=drill.seed)
