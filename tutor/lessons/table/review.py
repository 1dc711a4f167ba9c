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

import json
from dataclasses import dataclass
from typing import Any

from tutor.engine.calls import Contract
from tutor.engine.cards import Card, Deal, Hand, Seat, Side
from tutor.engine.json_types import JsonObject
from tutor.lessons.cost.prices import Sampled
from tutor.lessons.cost.verdict import Comparison
from tutor.lessons.robots import advise_view
from tutor.lessons.table import Step, TableDeal
from tutor.lessons.words import laws_named, pretty_cards, spoken_call


@dataclass(frozen=True)
class Line:
    """What one choice leads to: the contract, the declaring side's tricks, the learner side's net points."""

    choice: str
    contract: str
    tricks: int | None
    points: int

    def to_json(self) -> JsonObject:
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
    #: how sure the sampled comparison is: your choice against the book's on the same layouts, with the
    #: interval of the gap (the paired verdict of docs/cost.md), in words
    certainty: str | None = None

    @property
    def points_lost(self) -> dict[str, float]:
        """Points the learner's choice cost (negative: it gained), by each measure."""
        lost: dict[str, float] = {"double_dummy": self.double_dummy[0].points - self.double_dummy[1].points,
                                "robots": self.robots[0].points - self.robots[1].points}
        if self.sampled is not None:
            lost["sampled"] = round(self.sampled[0].points - self.sampled[1].points, 1)
        return lost

    @property
    def is_call(self) -> bool:
        return self.step.action[:1].isdigit() or self.step.action == "P"

    def sentences(self) -> tuple[str, str]:
        """The review as a teacher says it: what you did and what the book does; then what the
        difference was worth double dummy, on what you could know (sampled) and in the robots' playout
        — or that the choice was free here."""
        return self.choice_sentence(), self.worth_sentence()

    def choice_sentence(self) -> str:
        return choice_sentence(self.step)

    def worth_sentence(self) -> str:
        """What the difference was worth, each measure said in words (never a bare figure)."""
        lost = self.points_lost
        reached = self._reached()
        if lost["double_dummy"] == 0 and lost["robots"] == 0 and (self.sampled is None
                                                                   or abs(lost["sampled"]) < 0.5):
            return (f"{reached}The choice was free here: the deal scores the same for your side either way, "
                    "seen with every card (double dummy) and in the robots' playout"
                    + (f", and on average over the {self.sampled[0].layouts} layouts of the unseen cards you could "
                       "know." if self.sampled is not None else "."))
        parts = [f"Seen with every card (double dummy), your choice {worth_words(lost['double_dummy'])}"]
        if self.sampled is not None:
            book, given = self.sampled
            parts.append(f"on what you could know (the average over {book.layouts} layouts of the unseen cards "
                         f"that fit the auction and the play) it {worth_words(round(lost['sampled']))}, the book's "
                         f"choice being the better one on {book.best_share:.0%} of them and yours on "
                         f"{given.best_share:.0%}" + (f", {self.certainty}" if self.certainty else ""))
        robots = worth_words(lost["robots"])
        parts.append(f"in the robots' playout (the four robots finish the deal from here) it {robots}")
        text = reached + "; ".join(parts) + "."
        if self.verdict:
            text += " " + self.verdict
        return text

    def _reached(self) -> str:
        """For a call: the contracts the robots then reach ("After the book's call …; after yours …")."""
        if not self.is_call:
            return ""
        book, given = (_contract_words(line.contract) for line in self.double_dummy)
        if book == given:
            return f"Either way the auction ends in {book}. "
        return f"After the book's call the auction ends in {book}; after yours, in {given}. "

    def to_json(self) -> JsonObject:
        book = self.step.book or {}
        return {"index": self.index, "seat": self.step.seat.value, "given": self.step.action,
                "book": self.step.book_action, "rule": book.get("rule"), "laws": list(book.get("laws", [])),
                "explanation": book.get("explanation", ""),
                "double_dummy": {"book": self.double_dummy[0].to_json(), "given": self.double_dummy[1].to_json()},
                "robots": {"book": self.robots[0].to_json(), "given": self.robots[1].to_json()},
                "sampled": None if self.sampled is None else {"book": self.sampled[0].to_json(),
                                                              "given": self.sampled[1].to_json(),
                                                              "level": self.sampled_level},
                "verdict": self.verdict, "certainty": self.certainty, "points_lost": self.points_lost}


#: Cards the robots re-play at most in the review's sampling (it must answer in seconds).
REVIEW_BUDGET = 60


def review(table: TableDeal, layouts: int = 0, budget: int = REVIEW_BUDGET) -> tuple[DeviationCost, ...]:
    """Every mistake of the learner in ``table`` (a deviation where the book speaks), priced double
    dummy, by the robots, and sampled over ``layouts`` layouts when ``layouts`` is positive.

    One memo of the robots' answers and the double-dummy contracts serves every deviation:
    the branches of one deal meet again (after the same contract the same play follows), and
    the robots are a function of the seat's view alone.
    """
    memo = ReviewMemo()
    return tuple(price(table, index, layouts, budget, memo) for index, _ in mistakes(table))


class ReviewMemo:
    """The robots' answers by view, and double-dummy trick counts by contract, for one review
    (a page keeps one per finished deal and prices the mistakes one by one, each shown as it is ready)."""

    def __init__(self) -> None:
        self.answers: dict[str, dict[str, Any]] = {}
        self.tricks: dict[tuple[str, str], int] = {}

    def finish(self, table: TableDeal, *, auction_only: bool = False) -> None:
        """The robots finish ``table`` (its auction only, when asked), the learner's seat included."""
        while (seat := table.to_act) is not None and not (auction_only and table.phase != "auction"):
            view = table.view(seat)
            key = json.dumps(view, sort_keys=True, default=str)
            answer = self.answers.get(key)
            if answer is None:
                answer = self.answers[key] = advise_view(view)
            table.push(Step(seat, str(answer.get("call") or answer.get("card")), str(answer.get("rule") or ""),
                            tuple(answer.get("laws") or ()), "", bool(answer.get("default", False))))

    def dd_tricks(self, deal: Deal, contract: Contract) -> int:
        from tutor.engine.solver.analysis import dd_tricks

        key = (str(contract.bid.strain.value), contract.declarer.value)
        if key not in self.tricks:
            self.tricks[key] = dd_tricks(deal, contract.bid.strain, contract.declarer)
        return self.tricks[key]


def price(table: TableDeal, index: int, layouts: int = 0, budget: int = REVIEW_BUDGET,
          memo: ReviewMemo | None = None) -> DeviationCost:
    """The lines from step ``index``: the book's choice and the learner's."""
    memo = memo or ReviewMemo()
    step = table.steps[index]
    choices = (step.book_action or step.action, step.action)
    before = table.from_step(index)
    double_dummy = _double_dummy(before, step.seat, choices, table.learner, memo)
    robots = tuple(_robots(before, Step(step.seat, choice, "", (), ""), table.learner, memo) for choice in choices)
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
                   verdict=_verdict(cost, book.points, given.points),
                   certainty=certainty_words(analysis.cost(choices[1]).against_book))


def certainty_words(comparison: Comparison | None) -> str | None:
    """"so on those layouts yours scores less than the book's choice (the gap lies between -2.0 and
    -0.6 tricks, 95 % interval)" — the paired verdict said in words, with the interval of the measure that
    decided it (tricks for a card, points for a call), never "cost" without how sure it is."""
    if comparison is None:
        return None
    if comparison.verdict == "equal":
        return "so the two score the same on every layout"
    measure, unit, number = ((comparison.tricks, "tricks", "{:+.1f}") if comparison.on == "tricks"
                             else (comparison.points, "points", "{:+,.0f}"))
    low, high = (number.format(end) for end in measure.interval)
    if comparison.verdict == "undecided" and measure.interval[0] == measure.interval[1]:  # no spread
        why = ("too few layouts to judge a gap with no spread by" if measure.too_few else
               "a points gap with no spread decides nothing, since one layout outside these could swing it")
        return f"so the gap was {low} {unit} on {'that layout' if measure.n == 1 else f'each of those {measure.n} layouts'}: {why}"
    span = f"the gap lies between {low} and {high} {unit}, 95 % interval"
    if comparison.verdict == "undecided":
        return f"so on those layouts the two cannot be told apart ({span})"
    more = "more" if comparison.verdict == "better" else "less"
    return f"so on those layouts yours scores {more} than the book's choice ({span})"


def _verdict(cost: DeviationCost, book: float, given: float) -> str | None:
    """The book right on what could be known (sampled) but unlucky on this layout (double dummy)."""
    if book >= given and cost.double_dummy[1].points > cost.double_dummy[0].points:
        return ("The book's choice was right on what you could know but unlucky on this layout: "
                "on average it scores more, on this deal yours did.")
    return None


def _robots(before: TableDeal, choice: Step, learner: Seat, memo: ReviewMemo) -> Line:
    branch = before.from_step(len(before.steps))
    branch.push(choice)
    memo.finish(branch)
    return _line(branch, choice.action, learner, branch.result())


def _double_dummy(before: TableDeal, seat: Seat, choices: tuple[str, str], learner: Seat,
                  memo: ReviewMemo) -> tuple[Line, Line]:
    from tutor.engine.solver.analysis import card_values

    if before.phase == "auction":
        lines = []
        for choice in choices:
            branch = before.from_step(len(before.steps))
            branch.push(Step(seat, choice, "", (), ""))
            memo.finish(branch, auction_only=True)
            contract = branch.contract
            tricks = None if contract is None else memo.dd_tricks(before.deal, contract)
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

    request: JsonObject = {"deal": table.deal.to_pbn(), "dealer": table.dealer.value}
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


def choice_sentence(step: Step) -> str:
    """"You passed; the book bids simple hearts here (laws 33 and 35)." — known before any pricing."""
    book = step.book or {}
    laws = laws_named(book.get("laws", []))
    cited = f" ({laws})" if laws else ""
    if step.action[:1].isdigit() or step.action == "P":
        return f"You {_did_call(step.action)}; the book {_does_call(step.book_action or '')} here{cited}."
    return (f"You played {pretty_cards(step.action)}; the book plays "
            f"{pretty_cards(step.book_action or '')} here{cited}.")


def _contract_words(contract: str) -> str:
    """``2H by S`` -> ``2♥ by South``; ``pass`` -> ``a pass-out``."""
    if contract == "pass":
        return "a pass-out (all four pass)"
    bid, _, seat = contract.partition(" by ")
    from tutor.lessons.words import action_text

    return f"{action_text(bid)} by {Seat.parse(seat).english}" if seat else action_text(bid)


def worth_words(points: float) -> str:
    """"cost your side 340 points", "gained your side 1 point", "made no difference".

    >>> worth_words(340), worth_words(-1), worth_words(0)
    ('cost your side 340 points', 'gained your side 1 point', 'made no difference')
    """
    amount = f"{abs(points):,.0f} point" + ("" if round(abs(points)) == 1 else "s")
    if points > 0:
        return f"cost your side {amount}"
    if points < 0:
        return f"gained your side {amount}"
    return "made no difference"


def _did_call(action: str) -> str:
    return "passed" if action == "P" else f"bid {spoken_call(action)}"


def _does_call(action: str) -> str:
    return "passes" if action == "P" else f"bids {spoken_call(action)}"


def is_judged(step: Step) -> bool:
    """Whether the table judges this learner step: the book's own rule answered, not a stated default
    of the tutor (where no law of the book speaks, no choice is a mistake)."""
    return step.learner and step.book is not None and not bool(step.book.get("default", False))


def mistakes(table: TableDeal) -> tuple[tuple[int, Step], ...]:
    """The learner's steps that differ from the book where the book speaks (defaults are never mistakes)."""
    return tuple((i, s) for i, s in table.deviations() if is_judged(s))


def book_answer(table: TableDeal) -> JsonObject:
    """The book's answer at the learner's turn, without counting it as a hint (for the review)."""
    return advise_view(table.view(table.learner))


__all__ = ["DeviationCost", "Line", "ReviewMemo", "Side", "book_answer", "choice_sentence", "is_judged", "mistakes",
           "certainty_words", "price", "review", "worth_words"]
