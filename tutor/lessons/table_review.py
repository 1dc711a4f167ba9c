"""The end-of-deal review of the practice table: every deviation from the book, and what it cost.

A deviation is a learner's call or card that differs from what the book recommends on
the learner's own view (:attr:`~tutor.lessons.table.Step.deviates`). For each one the
review compares two lines from that moment — the book's choice and the learner's — in
tricks and in Vint points for the learner's side (its whole score of the deal, above
and below the line, less the other side's):

* **double dummy**: the best play of all four hands from there, seen with every card
  (DDS). For a call, the robots finish the auction and the contract it reaches is solved.
  A check with perfect knowledge, not the book's reason.
* **robots**: the four robots finish the deal from there, each seeing only its own seat —
  what the book's play would most likely have made of it at this table.

(The third number, the average over layouts the learner could not tell apart, comes from
the sampled analysis; see docs/robots.md.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine.calls import Contract
from tutor.engine.cards import Card, Deal, Hand, Seat, Side
from tutor.lessons.robots import advise_view
from tutor.lessons.table import Step, TableDeal


@dataclass(frozen=True)
class Line:
    """What one choice leads to: the contract, the declaring side's tricks, the learner side's net points."""

    choice: str
    contract: str
    tricks: int | None
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"choice": self.choice, "contract": self.contract, "tricks": self.tricks, "points": self.points}


@dataclass(frozen=True)
class DeviationCost:
    """One deviation: the learner's choice, the book's, and both lines by double dummy and by the robots."""

    index: int
    step: Step
    double_dummy: tuple[Line, Line]  # (the book's choice, the learner's)
    robots: tuple[Line, Line]

    @property
    def points_lost(self) -> dict[str, int]:
        """Points the learner's choice cost (negative: it gained), by each measure."""
        return {"double_dummy": self.double_dummy[0].points - self.double_dummy[1].points,
                "robots": self.robots[0].points - self.robots[1].points}

    def sentences(self) -> tuple[str, str]:
        """The review in the learner's words: what was chosen against the book, and what it cost."""
        from tutor.lessons.words import laws_named, pretty_cards, spoken_call

        def said(action: str) -> str:
            return spoken_call(action) if self.step.action[:1].isdigit() or self.step.action == "P" \
                else pretty_cards(action)

        book = self.step.book or {}
        lost = self.points_lost
        return (f"You chose {said(self.step.action)}; the book {said(self.step.book_action or '')} "
                f"({laws_named(book.get('laws', []))}).",
                f"Double dummy: the book's choice {lost['double_dummy']:+} points for your side; "
                f"the robots' playout: {lost['robots']:+}.")

    def to_json(self) -> dict[str, Any]:
        book = self.step.book or {}
        return {"index": self.index, "seat": self.step.seat.value, "given": self.step.action,
                "book": self.step.book_action, "rule": book.get("rule"), "laws": list(book.get("laws", [])),
                "explanation": book.get("explanation", ""),
                "double_dummy": {"book": self.double_dummy[0].to_json(), "given": self.double_dummy[1].to_json()},
                "robots": {"book": self.robots[0].to_json(), "given": self.robots[1].to_json()},
                "points_lost": self.points_lost}


def review(table: TableDeal) -> tuple[DeviationCost, ...]:
    """Every deviation of the learner in ``table``, priced both ways."""
    return tuple(price(table, index) for index, _ in table.deviations())


def price(table: TableDeal, index: int) -> DeviationCost:
    """The two lines from step ``index``: the book's choice and the learner's."""
    step = table.steps[index]
    choices = (step.book_action or step.action, step.action)
    before = table.from_step(index)
    double_dummy = _double_dummy(before, step.seat, choices, table.learner)
    robots = tuple(_robots(before, Step(step.seat, choice, "", (), ""), table.learner) for choice in choices)
    return DeviationCost(index, step, double_dummy, (robots[0], robots[1]))


def _robots(before: TableDeal, choice: Step, learner: Seat) -> Line:
    branch = before.from_step(len(before.steps))
    branch.push(choice)
    branch.finish_by_robots()
    return _line(branch, choice.action, learner, branch.result())


def _double_dummy(before: TableDeal, seat: Seat, choices: tuple[str, str], learner: Seat) -> tuple[Line, Line]:
    from tutor.engine.analysis import card_values, dd_tricks

    if before.phase == "auction":
        lines = []
        for choice in choices:
            branch = before.from_step(len(before.steps))
            branch.push(Step(seat, choice, "", (), ""))
            branch.finish_auction_by_robots()
            contract = branch.contract
            tricks = None if contract is None else dd_tricks(before.deal, contract.bid.strain, contract.declarer)
            lines.append(_scored(before, contract, tricks, choice, learner))
        return lines[0], lines[1]
    contract, play = before.contract, before.play
    assert contract is not None and play is not None
    # the cards still to be played this trick and after, with the current trick's cards back in hand
    trick = play.current_trick
    remaining = Deal({s: Hand([*play.hand(s), *(c for p, c in trick.plays if p is s)]) for s in Seat})
    values = card_values(remaining, contract.bid.strain, trick.leader, [c for _, c in trick.plays])
    won_so_far = play.tricks_won(seat.side)
    lines = []
    for choice in choices:
        side_total = won_so_far + values[Card.parse(choice)]
        declaring = side_total if seat.side is contract.declarer.side else 13 - side_total
        lines.append(_scored(before, contract, declaring, choice, learner))
    return lines[0], lines[1]


def _scored(table: TableDeal, contract: Contract | None, tricks: int | None, choice: str,
            learner: Seat) -> Line:
    from tutor.engine.score_io import score_request

    request: dict[str, Any] = {"deal": table.deal.to_pbn(), "dealer": table.dealer.value}
    if contract is None:
        score = score_request({**request, "contract": "pass"})
        return Line(choice, "pass", None, _net(score, learner))
    score = score_request({**request, "contract": str(contract.bid), "declarer": contract.declarer.value,
                           "tricks": tricks})
    return Line(choice, f"{contract.bid} by {contract.declarer.value}", tricks, _net(score, learner))


def _line(table: TableDeal, choice: str, learner: Seat, score: dict[str, Any]) -> Line:
    contract = table.contract
    if contract is None:
        return Line(choice, "pass", None, _net(score, learner))
    tricks = table.tricks_won()[contract.declarer.side]
    return Line(choice, f"{contract.bid} by {contract.declarer.value}", tricks, _net(score, learner))


def _net(score: dict[str, Any], learner: Seat) -> int:
    mine, theirs = learner.side.value, learner.side.other.value
    return int(score["above"][mine] + score["below"][mine] - score["above"][theirs] - score["below"][theirs])


def book_answer(table: TableDeal) -> dict[str, Any]:
    """The book's answer at the learner's turn, without counting it as a hint (for the review)."""
    return advise_view(table.view(table.learner))


__all__ = ["DeviationCost", "Line", "Side", "book_answer", "price", "review"]
