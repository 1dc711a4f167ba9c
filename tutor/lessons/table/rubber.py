"""A rubber at the practice table: deal after deal against the robots, scored on the classic sheet.

Each deal is a :class:`~tutor.lessons.table.TableDeal`; when it is over it is written to
the rubber through the scoring engine (honours, aces and coronets found in the hands,
parties to 500, partie and rubber bonuses, passed-out deals and their X marks — scoring
4-9). The deal passes to the left (law 14: "the next player in turn", the tutor's
reading), each new deal is drawn from the rubber's seed and its number (so a rubber
replays exactly), and the bidding robots see the score below the line and the parties
won, as law 38 asks.

**Only deals your side can bid** (``side_bids=True``) is a filter on the deals, never a
change to the robots: each candidate deal is bid through by the four robots (the learner's
seat by the robot that would sit there) and kept only when the learner or the partner
names a game in that auction; otherwise the next candidate of the same seed is drawn
(:data:`FILTER_TRIES` at most, then the last candidate is dealt as it is). About half of
all deals pass out under the book's five-sure-tricks standard (docs/robots.md).

A passed-out deal is written as the book writes it (scoring 8, ``000`` l.395): an X on the
sheet, worth 500 to the side that wins the rubber (the variant of scoring 9: 500, 1000,
1500 in turn) — :func:`passed_out_line`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tutor.engine.bidding import ScoreState
from tutor.engine.calls import Bid
from tutor.engine.cards import Deal, Seat, Side
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject
from tutor.engine.rubber import Rubber, RubberDeal
from tutor.engine.rules import Rules
from tutor.engine.sheet import SheetRow, rubber_rows, sheet_text
from tutor.lessons.table import TableDeal

#: A rubber that has not ended after this many deals is stopped (passed-out deals can go on and on).
MAX_DEALS = 60
#: Candidate deals drawn at most for one deal under "only deals your side can bid".
FILTER_TRIES = 40


class PracticeRubber:
    """The learner at one seat for a whole rubber; ``current`` is the deal in progress."""

    def __init__(self, seed: int, learner: Seat, *, first_dealer: Seat = Seat.N, rules: Rules | None = None,
                 finished: tuple[TableDeal, ...] = (), side_bids: bool = False) -> None:
        self.seed, self.learner, self.first_dealer, self.rules = seed, learner, first_dealer, rules
        #: deal only hands on which the learner's side names a game (a filter: the robots are unchanged)
        self.side_bids = side_bids
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
        score = self.score_state()
        deal = random_deal(random.Random(f"{self.seed}:{number}"))
        if self.side_bids:
            for attempt in range(1, FILTER_TRIES):
                if side_names_a_game(deal, dealer, self.learner, score, self.rules):
                    break
                deal = random_deal(random.Random(f"{self.seed}:{number}:{attempt}"))
        return TableDeal(deal, dealer, self.learner, score=score, rules=self.rules, seed=self.seed)

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

    def written(self) -> Rubber:
        """The rubber with the current deal written as soon as it is over (the sheet the learner sees)."""
        current = self.current
        if current is None or current.phase != "over":
            return self.rubber
        rubber = Rubber(self.rules) if self.rules is not None else Rubber()
        for table in (*self.finished, current):
            contract = table.contract
            tricks = table.tricks_won()[contract.declarer.side] if contract else 0
            rubber.add(RubberDeal(table.deal, contract, tricks, dealer=table.dealer))
        return rubber

    def rows(self) -> tuple[SheetRow, ...]:
        """The sheet's rows, the deal just finished included."""
        return rubber_rows(self.written())

    def sheet(self) -> str:
        """The classic sheet as text: above the line, the line, each partie below it, totals and result."""
        return sheet_text(self.rows())

    def to_json(self) -> JsonObject:
        return {"seed": self.seed, "learner": self.learner.value, "first_dealer": self.first_dealer.value,
                "side_bids": self.side_bids,
                "finished": [t.to_json() for t in self.finished],
                "current": self.current.to_json() if self.current else None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rules: Rules | None = None) -> PracticeRubber:
        try:
            finished = tuple(TableDeal.from_json(t, rules) for t in data.get("finished", ()))
            rubber = cls(int(data["seed"]), Seat.parse(str(data["learner"])),
                         first_dealer=Seat.parse(str(data.get("first_dealer", "N"))), rules=rules,
                         finished=finished, side_bids=bool(data.get("side_bids", False)))
        except (KeyError, TypeError, ValueError) as err:
            raise TutorError(f"the stored rubber is damaged: {err}") from None
        if data.get("current") and rubber.current is not None:
            rubber.current = TableDeal.from_json(data["current"], rules)
        return rubber


def side_names_a_game(deal: Deal, dealer: Seat, learner: Seat, score: ScoreState | None = None,
                      rules: Rules | None = None) -> bool:
    """Whether the learner's side names a game when the four robots bid ``deal`` (the filter's test)."""
    from tutor.lessons.robots import bid_auction

    auction, _ = bid_auction(deal, dealer, score, rules)
    return any(record.seat.side is learner.side and isinstance(record.call, Bid) for record in auction.records)


def x_value(rubber: Rubber) -> int:
    """What the latest X mark is worth to the rubber's winner (scoring 8; the cycle of scoring 9)."""
    values = rubber.rules.x_values
    return values[(max(rubber.x_marks, 1) - 1) % len(values)]


def passed_out_line(rubber: PracticeRubber) -> str:
    """A passed-out deal in one line, as the book writes it (scoring 8, ``000`` l.395)."""
    written = rubber.written()
    return (f"All four passed: the deal is passed out and an X is written on the sheet (X number "
            f"{written.x_marks}); when the rubber ends, its winner scores {x_value(written)} for it "
            f"(scoring rule 8).")
