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

* **sampled** (when asked for: ``review(table, layouts=100)``): the mean over layouts of
  the unseen cards the learner could not tell apart, each solved double dummy
  (:mod:`tutor.lessons.cost.prices`, docs/cost.md) — the cost on what the learner could know.
  When the book's choice is better on that average but worse on the actual layout, the
  review says so: right on what could be known, unlucky on this layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine.calls import Contract
from tutor.engine.cards import Card, Deal, Hand, Seat, Side
from tutor.lessons.cost.prices import Sampled
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
    sampled: tuple[Sampled, Sampled] | None = None
    sampled_level: str = ""
    verdict: str | None = None

    @property
    def points_lost(self) -> dict[str, Any]:
        """Points the learner's choice cost (negative: it gained), by each measure."""
        lost: dict[str, Any] = {"double_dummy": self.double_dummy[0].points - self.double_dummy[1].points,
                                "robots": self.robots[0].points - self.robots[1].points}
        if self.sampled is not None:
            lost["sampled"] = round(self.sampled[0].points - self.sampled[1].points, 1)
        return lost

    def sentences(self) -> tuple[str, str]:
        """The review in the learner's words: what was chosen against the book, and what it cost."""
        from tutor.lessons.words import laws_named, pretty_cards, spoken_call

        def said(action: str) -> str:
            return spoken_call(action) if self.step.action[:1].isdigit() or self.step.action == "P" \
                else pretty_cards(action)

        book = self.step.book or {}
        lost = self.points_lost
        price = (f"Double dummy: the book's choice {lost['double_dummy']:+} points for your side; "
                 f"the robots' playout: {lost['robots']:+}.")
        if self.sampled is not None:
            price += (f" Over {self.sampled[0].layouts} layouts you could not tell apart: "
                      f"{lost['sampled']:+.0f} on average (the book's choice best on "
                      f"{self.sampled[0].best_share:.0%} of them, yours on {self.sampled[1].best_share:.0%}).")
        if self.verdict:
            price += " " + self.verdict
        return (f"You chose {said(self.step.action)}; the book {said(self.step.book_action or '')} "
                f"({laws_named(book.get('laws', []))}).", price)

    def to_json(self) -> dict[str, Any]:
        book = self.step.book or {}
        return {"index": self.index, "seat": self.step.seat.value, "given": self.step.action,
                "book": self.step.book_action, "rule": book.get("rule"), "laws": list(book.get("laws", [])),
                "explanation": book.get("explanation", ""),
                "double_dummy": {"book": self.double_dummy[0].to_json(), "given": self.double_dummy[1].to_json()},
                "robots": {"book": self.robots[0].to_json(), "given": self.robots[1].to_json()},
                "sampled": None if self.sampled is None else {"book": self.sampled[0].to_json(),
                                                              "given": self.sampled[1].to_json(),
                                                              "level": self.sampled_level},
                "verdict": self.verdict, "points_lost": self.points_lost}


#: Cards the robots re-play at most in the review's sampling (it must answer in seconds).
REVIEW_BUDGET = 60


def review(table: TableDeal, layouts: int = 0, budget: int = REVIEW_BUDGET) -> tuple[DeviationCost, ...]:
    """Every deviation of the learner in ``table``, priced double dummy, by the robots, and sampled
    over ``layouts`` layouts when ``layouts`` is positive."""
    return tuple(price(table, index, layouts, budget) for index, _ in table.deviations())


def price(table: TableDeal, index: int, layouts: int = 0, budget: int = REVIEW_BUDGET) -> DeviationCost:
    """The lines from step ``index``: the book's choice and the learner's."""
    step = table.steps[index]
    choices = (step.book_action or step.action, step.action)
    before = table.from_step(index)
    double_dummy = _double_dummy(before, step.seat, choices, table.learner)
    robots = tuple(_robots(before, Step(step.seat, choice, "", (), ""), table.learner) for choice in choices)
    cost = DeviationCost(index, step, double_dummy, (robots[0], robots[1]))
    return _with_sampled(cost, before, choices, layouts, budget) if layouts > 0 else cost


def _with_sampled(cost: DeviationCost, before: TableDeal, choices: tuple[str, str], layouts: int,
                  budget: int) -> DeviationCost:
    """The sampled line beside the others, seeded by the deal so the same review gives the same numbers."""
    from dataclasses import replace

    from tutor.lessons.cost import cache  # kept by position: a rerun of the review prices nothing again

    view = {**before.view(cost.step.seat), "deal": before.deal.to_pbn()}
    seed = before.seed if isinstance(before.seed, int) else 0
    analysis = cache.analysis(view, seed=seed + cost.index, layouts=layouts, budget=budget, robots=False,
                              choices=choices)
    book, given = analysis.cost(choices[0]).sampled, analysis.cost(choices[1]).sampled
    return replace(cost, sampled=(book, given), sampled_level=analysis.sample.level_words,
                   verdict=_verdict(cost, book.points, given.points))


def _verdict(cost: DeviationCost, book: float, given: float) -> str | None:
    """The book right on what could be known (sampled) but unlucky on this layout (double dummy)."""
    if book >= given and cost.double_dummy[1].points > cost.double_dummy[0].points:
        return ("The book's choice was right on what you could know but unlucky on this layout: "
                "on average it scores more, on this deal yours did.")
    return None


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
    from tutor.engine.scoring.score_io import score_request

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
