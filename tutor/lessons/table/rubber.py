"""A rubber at the practice table: deal after deal against the robots, scored on the classic sheet.

Each deal is a :class:`~tutor.lessons.table.TableDeal`; when it is over it is written to
the rubber through the scoring engine (honours, aces and coronets found in the hands,
parties to 500, partie and rubber bonuses, passed-out deals and their X marks — scoring
4-9). The deal passes to the left (law 14: "the next player in turn", the tutor's
reading), each new deal is drawn from the rubber's seed and its number (so a rubber
replays exactly), and the bidding robots see the score below the line and the parties
won, as law 38 asks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tutor.engine.bidding import ScoreState
from tutor.engine.cards import Seat, Side
from tutor.engine.dealgen import random_deal
from tutor.engine.errors import TutorError
from tutor.engine.rubber import Rubber, RubberDeal
from tutor.engine.rules import Rules
from tutor.engine.sheet import rubber_rows, sheet_text
from tutor.lessons.table import TableDeal

#: A rubber that has not ended after this many deals is stopped (passed-out deals can go on and on).
MAX_DEALS = 60


class PracticeRubber:
    """The learner at one seat for a whole rubber; ``current`` is the deal in progress."""

    def __init__(self, seed: int, learner: Seat, *, first_dealer: Seat = Seat.N, rules: Rules | None = None,
                 finished: tuple[TableDeal, ...] = ()) -> None:
        self.seed, self.learner, self.first_dealer, self.rules = seed, learner, first_dealer, rules
        self.rubber = Rubber(rules) if rules is not None else Rubber()
        self.finished: list[TableDeal] = []
        for table in finished:
            self._write(table)
        self.current: TableDeal | None = None if self.rubber.is_over else self._deal(len(self.finished))

    @property
    def is_over(self) -> bool:
        return self.rubber.is_over or len(self.finished) >= MAX_DEALS

    def _deal(self, number: int) -> TableDeal:
        dealer = self.first_dealer.rotation()[number % 4]  # the deal passes to the left (law 14)
        deal = random_deal(random.Random(f"{self.seed}:{number}"))
        return TableDeal(deal, dealer, self.learner, score=self.score_state(), rules=self.rules,
                         seed=self.seed)

    def score_state(self) -> ScoreState:
        """Below the line in the current partie, and parties won: what law 38 reads."""
        partie = self.rubber.parties[-1]
        games = self.rubber.games
        return ScoreState(dict(partie.below), {s: games.count(s) for s in Side})

    def next_deal(self) -> TableDeal | None:
        """Write the finished current deal and start the next (``None`` once the rubber is over)."""
        if self.current is None:
            return None
        if self.current.phase != "over":
            raise TutorError("finish the deal in progress before the next one")
        self._write(self.current)
        self.current = None if self.is_over else self._deal(len(self.finished))
        return self.current

    def _write(self, table: TableDeal) -> None:
        contract = table.contract
        tricks = table.tricks_won()[contract.declarer.side] if contract else 0
        self.rubber.add(RubberDeal(table.deal, contract, tricks, dealer=table.dealer))
        self.finished.append(table)

    def sheet(self) -> str:
        """The classic sheet: above the line, the line, each partie below it, totals and result."""
        return sheet_text(rubber_rows(self.rubber))

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "learner": self.learner.value, "first_dealer": self.first_dealer.value,
                "finished": [t.to_json() for t in self.finished],
                "current": self.current.to_json() if self.current else None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rules: Rules | None = None) -> PracticeRubber:
        try:
            finished = tuple(TableDeal.from_json(t, rules) for t in data.get("finished", ()))
            rubber = cls(int(data["seed"]), Seat.parse(str(data["learner"])),
                         first_dealer=Seat.parse(str(data.get("first_dealer", "N"))), rules=rules,
                         finished=finished)
        except (KeyError, TypeError, ValueError) as err:
            raise TutorError(f"the stored rubber is damaged: {err}") from None
        if data.get("current") and rubber.current is not None:
            rubber.current = TableDeal.from_json(data["current"], rules)
        return rubber
