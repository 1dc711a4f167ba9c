"""The cost of a choice, three ways: double dummy, sampled layouts, and the robots' playout.

For one decision of the learner (a card, or a call) and each choice considered:

* **double_dummy** — on the actual deal, when it is known: the best play of all four
  hands from there (DDS). Perfect knowledge: a check, never the book's reason.
* **sampled** — over layouts of the unseen cards consistent with what the learner
  could know (:mod:`tutor.lessons.cost.sampling`): the mean of the learner's side's tricks
  and Vint points, solved double dummy on each layout in one batch, the number of
  layouts, a 95 % interval for the mean points (normal approximation: mean ± 1.96
  standard errors; one point when every layout gives the same), and ``best_share``:
  the share of layouts on which the choice scores the most points of all choices
  (ties count for each).
* **robots** — on the actual deal: the four book robots finish the deal after the choice.

``tricks`` are always the **learner's side's** tricks in the whole deal; ``points`` are
its Vint points of the deal less the other side's (:func:`tutor.engine.scoring.score_deal`,
honours found in the hands, the partie's score below the line passed in), so a
choice is compared in the game's own points.

A **call** is priced by what follows it: after each candidate call the robots
complete the auction on each layout (each seat seeing only its own hand), the
contract reached is solved double dummy (the declarer's left-hand opponent leading)
and scored; a passed-out deal scores as the law says (an X). The candidates are the
book's call, the call of every other rule of the book that applies to the hand,
pass, and any call the position names under ``"choices"``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.auction import Auction
from tutor.engine.bidding import ScoreState
from tutor.engine.calls import Call, Contract, Pass, parse_call
from tutor.engine.cards import Card, Deal, Hand, Seat
from tutor.engine.errors import TutorError
from tutor.engine.play import opening_leader
from tutor.engine.tricks import TrickPlay, legal_cards
from tutor.lessons.cost.sampling import (
    DEFAULT_BUDGET,
    DEFAULT_LAYOUTS,
    Knowledge,
    Sample,
    book_call,
    ledger_of,
    sample_layouts,
)

#: z for a two-sided 95 % normal interval.
Z95 = 1.96


@dataclass(frozen=True)
class Outcome:
    """The learner's side's tricks in the deal and its net Vint points."""

    tricks: int
    points: int

    def to_json(self) -> dict[str, int]:
        return {"tricks": self.tricks, "points": self.points}


@dataclass(frozen=True)
class Sampled:
    layouts: int
    tricks: float
    points: float
    interval: tuple[float, float]
    best_share: float

    def to_json(self) -> dict[str, Any]:
        return {"layouts": self.layouts, "tricks": round(self.tricks, 3), "points": round(self.points, 1),
                "interval": [round(self.interval[0], 1), round(self.interval[1], 1)],
                "best_share": round(self.best_share, 3)}


@dataclass(frozen=True)
class ChoiceCost:
    choice: str
    double_dummy: Outcome | None
    sampled: Sampled
    robots: Outcome | None

    def to_json(self) -> dict[str, Any]:
        return {"choice": self.choice,
                "double_dummy": self.double_dummy.to_json() if self.double_dummy else None,
                "sampled": self.sampled.to_json(),
                "robots": self.robots.to_json() if self.robots else None}


@dataclass(frozen=True)
class Analysis:
    """Every choice of one decision, priced three ways, and how the layouts were drawn."""

    choices: tuple[ChoiceCost, ...]
    sample: Sample
    book: str | None
    #: each choice's points on each layout, in the sample's order (to compare two choices layout by layout)
    layout_points: Mapping[str, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)

    def cost(self, choice: str) -> ChoiceCost:
        for c in self.choices:
            if c.choice == choice:
                return c
        raise TutorError(f"{choice} is not one of the choices analysed")

    def paired_gap(self, better: str, worse: str) -> tuple[float, float]:
        """The mean of ``better``'s points less ``worse``'s, layout by layout, and its 95 % half-width.

        The choices are priced on the same layouts, so their difference is far tighter
        than either choice's own interval.
        """
        gaps = [a - b for a, b in zip(self.layout_points[better], self.layout_points[worse])]
        stats = summarise(gaps, [0] * len(gaps), [False] * len(gaps))
        return stats.points, stats.points - stats.interval[0]

    def to_json(self) -> dict[str, Any]:
        return {"choices": [c.to_json() for c in self.choices], "book": self.book,
                "level": self.sample.level, "level_words": self.sample.level_words,
                "candidates": self.sample.candidates}


def summarise(points: Sequence[int], tricks: Sequence[int], best: Sequence[bool]) -> Sampled:
    """Mean tricks and points, the 95 % normal interval of the mean points, and the best share."""
    n = len(points)
    mean = sum(points) / n
    spread = math.sqrt(sum((p - mean) ** 2 for p in points) / (n - 1)) if n > 1 else 0.0
    half = Z95 * spread / math.sqrt(n)
    return Sampled(n, sum(tricks) / n, mean, (mean - half, mean + half), sum(best) / n)


def net_points(deal: Deal, contract: Contract | None, declarer_tricks: int, known: Knowledge) -> int:
    """The learner's side's Vint points of the deal less the other side's, with the rubber score.

    The deal is written to the rubber as the position's score left it (below the line in
    this partie, parties won): a deal that takes a side past the partie's 500 also
    scores the partie bonus, and the second partie the rubber bonus (scoring 4 and 7).
    X marks of earlier passed-out deals are not in a position, so none is valued.
    """
    from tutor.engine.rubber import Rubber
    from tutor.engine.scoring import score_deal

    state = known.score or ScoreState()
    rubber = Rubber.resumed(state.below, state.parties, known.rules)
    rubber.write_score(score_deal(deal, contract, declarer_tricks, known.rules, below_before=dict(state.below)))
    mine = known.seat.side
    return sum(i.points if i.side is mine else -i.points for i in rubber.deal_items(1))


# -- a card -------------------------------------------------------------------------------------


def card_choices(known: Knowledge) -> tuple[Card, ...]:
    """The learner's legal cards, in the order of the hand."""
    held = Hand([c for c in known.hand if c not in {card for _, card in known.plays()}])
    led = known.current.led_suit if known.current else None
    return tuple(sorted(legal_cards(held, led), key=lambda c: (c.suit.value, -int(c.rank))))


def _boards(known: Knowledge, layouts: Sequence[Deal]) -> list[Any]:
    from tutor.engine.analysis import DDBoard

    assert known.contract is not None
    done = {c for t in known.tricks for c in t.cards()}
    current = known.current
    leader = current.leader if current else opening_leader(known.contract)
    played = tuple(current.cards()) if current else ()
    return [DDBoard(Deal({s: Hand(c for c in d[s] if c not in done) for s in Seat}), known.contract.strain,
                    leader, played) for d in layouts]


def _card_outcomes(known: Knowledge, layouts: Sequence[Deal], choices: Sequence[Card]) -> list[list[Outcome]]:
    """``out[i][j]``: the outcome of choice ``j`` on layout ``i``, double dummy (one batch solve)."""
    from tutor.engine.analysis import card_values_many

    contract = known.contract
    assert contract is not None
    mine = known.seat.side
    won = sum(1 for t in known.tricks if t.winner(contract.trump).side is mine)
    out = []
    for layout, values in zip(layouts, card_values_many(_boards(known, layouts))):
        row, cache = [], {}
        for card in choices:
            tricks = won + values[card]
            if tricks not in cache:
                declarer = tricks if contract.declarer.side is mine else 13 - tricks
                cache[tricks] = net_points(layout, contract, declarer, known)
            row.append(Outcome(tricks, cache[tricks]))
        out.append(row)
    return out


def _robots_after_card(known: Knowledge, deal: Deal, card: Card) -> Outcome:
    from tutor.lessons.robots import play_out

    contract = known.contract
    assert contract is not None
    auction = Auction(known.dealer, known.rules)
    for call in known.calls:
        auction.call(call)
    play = TrickPlay(deal, contract.trump, opening_leader(contract))
    for seat, played in known.plays():
        play.play(played, seat)
    play.play(card, known.seat)
    play, _ = play_out(deal, auction, known.score, known.rules, play)
    tricks = play.tricks_won(known.seat.side)
    declarer = play.tricks_won(contract.declarer.side)
    return Outcome(tricks, net_points(deal, contract, declarer, known))


# -- a call -------------------------------------------------------------------------------------


def call_choices(known: Knowledge, extra: Sequence[str] = ()) -> tuple[str, ...]:
    """The book's call, every other applicable rule's call, pass, and the calls asked for."""
    from tutor.engine.bidding import BidPosition
    from tutor.lessons.bidding.drill import advise_position

    position = BidPosition(known.seat, known.hand, known.dealer, known.calls, known.score, known.rules)
    advice = advise_position(position)
    found: dict[str, None] = {}
    if advice is not None:
        found[str(advice.answer)] = None
        for rule in advice.applicable:
            answer = rule.recommend(position)
            if answer is not None:
                found[str(answer)] = None
    found[str(Pass())] = None
    auction = Auction.from_calls(known.dealer, [str(c) for c in known.calls], known.rules)
    for text in extra:
        call = parse_call(str(text))
        auction.verify_call(call)
        found[str(call)] = None
    return tuple(found)


def _complete(known: Knowledge, deal: Deal, call: Call, memo: dict[Any, Any] | None = None) -> Auction:
    """The robots finish the auction after ``call``, each seat seeing only its own hand
    (:func:`~tutor.lessons.cost.sampling.book_call`; ``memo`` keeps what layouts share)."""
    memo = {} if memo is None else memo
    auction = Auction(known.dealer, known.rules)
    for made in known.calls:
        auction.call(made)
    auction.call(call)
    while not auction.is_complete:
        seat = auction.to_call
        answer = book_call(known, seat, auction.calls, deal[seat], memo)
        if answer is None:  # pragma: no cover - the book's last bidding rule always passes
            raise TutorError("no bidding rule answers: the book's catch-all pass is missing")
        auction.call(answer)
    return auction


def _call_outcomes(known: Knowledge, layouts: Sequence[Deal], choices: Sequence[str]) -> list[list[Outcome]]:
    from tutor.engine.analysis import dd_tricks_many

    memo: dict[Any, Any] = {}
    contracts = [[_complete(known, d, parse_call(c), memo).contract for c in choices] for d in layouts]
    # choices that end in the same strain with the same declarer take the same tricks: solved once
    wanted = list(dict.fromkeys((n, k.strain, k.declarer) for n, row in enumerate(contracts) for k in row
                                if k is not None))
    solved = dict(zip(wanted, dd_tricks_many([(layouts[n], strain, seat) for n, strain, seat in wanted])))
    mine = known.seat.side
    out = []
    for n, (layout, row) in enumerate(zip(layouts, contracts)):
        line = []
        for contract in row:
            if contract is None:
                line.append(Outcome(0, net_points(layout, None, 0, known)))
                continue
            declarer = solved[n, contract.strain, contract.declarer]
            tricks = declarer if contract.declarer.side is mine else 13 - declarer
            line.append(Outcome(tricks, net_points(layout, contract, declarer, known)))
        out.append(line)
    return out


def _robots_after_call(known: Knowledge, deal: Deal, call: str) -> Outcome:
    from tutor.lessons.robots import play_out

    auction = _complete(known, deal, parse_call(call))
    contract = auction.contract
    if contract is None:
        return Outcome(0, net_points(deal, None, 0, known))
    play, _ = play_out(deal, auction, known.score, known.rules)
    return Outcome(play.tricks_won(known.seat.side), net_points(deal, contract, play.tricks_won(contract.declarer.side),
                                                                 known))


# -- the analysis -------------------------------------------------------------------------------


def analyse(known: Knowledge, *, seed: int = 0, layouts: int = DEFAULT_LAYOUTS, budget: int = DEFAULT_BUDGET,
            robots: bool = True, choices: Sequence[str] = (), sample: Sample | None = None,
            robots_for: Sequence[str] | None = None) -> Analysis:
    """Every choice of the learner's decision priced three ways (see the module's docstring).

    ``robots_for`` limits the robots' playouts (the slowest line on the actual deal) to those choices.
    """
    sample = sample or sample_layouts(known, seed, layouts, budget, ledger_of(known))
    book = _book(known)
    if known.is_bid:
        names = call_choices(known, choices)
        rows = _call_outcomes(known, sample.layouts, names)
        actual = _call_outcomes(known, [known.deal], names)[0] if known.deal else None
        played = [_robots_after_call(known, known.deal, c) if _wanted(c, robots_for) else None
                  for c in names] if known.deal and robots else None
    else:
        cards = card_choices(known)
        names = tuple(str(c) for c in cards)
        rows = _card_outcomes(known, sample.layouts, cards)
        actual = _card_outcomes(known, [known.deal], cards)[0] if known.deal else None
        played = [_robots_after_card(known, known.deal, c) if _wanted(str(c), robots_for) else None
                  for c in cards] if known.deal and robots else None
    best = [max(o.points for o in row) for row in rows]
    out = []
    for j, name in enumerate(names):
        column = [row[j] for row in rows]
        stats = summarise([o.points for o in column], [o.tricks for o in column],
                          [o.points == top for o, top in zip(column, best)])
        out.append(ChoiceCost(name, actual[j] if actual else None, stats, played[j] if played else None))
    points = {name: tuple(row[j].points for row in rows) for j, name in enumerate(names)}
    return Analysis(tuple(out), sample, book, points)


def _wanted(choice: str, only: Sequence[str] | None) -> bool:
    return only is None or choice in only


def _book(known: Knowledge) -> str | None:
    from tutor.lessons.robots import advise_view

    answer = advise_view(known.view)
    value = answer.get("call") if known.is_bid else answer.get("card")
    return None if value is None else str(value)


def verdict(analysis: Analysis, given: str) -> str | None:
    """"Right on what you could know but unlucky on this layout", when that is what the numbers say.

    The book's choice is *right on what could be known* when its sampled mean points
    are at least those of ``given``; *unlucky on this layout* when on the actual deal
    (double dummy) ``given`` scores more. Returns ``None`` otherwise.
    """
    if analysis.book is None or analysis.book == given:
        return None
    book, other = analysis.cost(analysis.book), analysis.cost(given)
    if book.double_dummy is None or other.double_dummy is None:
        return None
    if book.sampled.points >= other.sampled.points and other.double_dummy.points > book.double_dummy.points:
        return ("The book's choice was right on what you could know (it scores more on average over the "
                f"{book.sampled.layouts} layouts you could not tell apart) but unlucky on this layout.")
    return None


__all__ = ["Analysis", "ChoiceCost", "Outcome", "Sampled", "analyse", "call_choices", "card_choices",
           "net_points", "summarise", "verdict"]
