"""The cost of a choice, three ways: double dummy, sampled layouts, and the robots' playout.

For one decision of the learner (a card, or a call) and each choice considered:

* **double_dummy** — on the actual deal, when it is known: the best play of all four
  hands from there (DDS). Perfect knowledge: a check, never the book's reason.
* **sampled** — over layouts of the unseen cards consistent with what the learner
  could know (:mod:`tutor.lessons.cost.sampling`): the mean of the learner's side's tricks
  and Vint points, solved double dummy on each layout, the number of layouts, a 95 %
  interval for the mean points (normal approximation: mean ± 1.96 standard errors; one
  point when every layout gives the same), and ``best_share``: the share of its layouts
  on which the choice scores the most points of the choices priced there (ties count
  for each);
* **against the book** — every other choice's gap to the book's choice, layout by layout
  on the same layouts, in tricks and in points, with its interval and a ``verdict``
  (``better``, ``worse``, ``equal`` or ``undecided``) by the sequential rule of
  :mod:`tutor.lessons.cost.verdict`.

The layouts are priced in batches (:func:`analyse_stream`): the first batch prices every
choice; later ones only the book's choice, the best alternative and the learner's, and
the analysis stops when each of them has its verdict, unless the number of layouts is
fixed.
* **robots** — on the actual deal: the four book robots finish the deal after the choice.

``tricks`` are always the **learner's side's** tricks in the whole deal; ``points`` are
its Vint points of the deal less the other side's, with the position's rubber score
(the one pricer, :mod:`tutor.lessons.cost.pricer`), so a choice is compared in the
game's own points.

A **call** is priced by what follows it: after each candidate call the robots
complete the auction on each layout (each seat seeing only its own hand), the
contract reached is solved double dummy (the declarer's left-hand opponent leading)
and scored; a passed-out deal scores as the law says (an X). The candidates are the
book's call, the call of every other rule of the book that applies to the hand,
pass, and any call the position names under ``"choices"``.
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.engine.calls import parse_call
from tutor.engine.cards import Card, Deal
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject
from tutor.engine.solver.learners import meanwhile
from tutor.lessons.cost.choices import (
    Outcome,
    call_choices,
    call_outcomes,
    card_choices,
    card_outcomes,
    net_points,
    robots_after_call,
    robots_after_card,
)
from tutor.lessons.cost.sampling import (
    DEFAULT_BUDGET,
    DEFAULT_LAYOUTS,
    Knowledge,
    RobotMemo,
    Sample,
    ledger_of,
    sample_layouts,
)
from tutor.lessons.cost.verdict import BATCH, FIRST_LOOK, Comparison, Rule, compare

#: z for a two-sided 95 % normal interval.
Z95 = 1.96


@dataclass(frozen=True)
class Sampled:
    layouts: int
    tricks: float
    points: float
    interval: tuple[float, float]
    best_share: float

    def to_json(self) -> JsonObject:
        return {"layouts": self.layouts, "tricks": round(self.tricks, 3), "points": round(self.points, 1),
                "interval": [round(self.interval[0], 1), round(self.interval[1], 1)],
                "best_share": round(self.best_share, 3)}


@dataclass(frozen=True)
class ChoiceCost:
    choice: str
    double_dummy: Outcome | None
    sampled: Sampled
    robots: Outcome | None
    #: against the book's choice on the same layouts (None for the book's choice itself)
    against_book: Comparison | None = None

    def to_json(self) -> JsonObject:
        out: JsonObject = {"choice": self.choice,
               "double_dummy": self.double_dummy.to_json() if self.double_dummy else None,
               "sampled": self.sampled.to_json(),
               "robots": self.robots.to_json() if self.robots else None}
        return {**out, **self.against_book.to_json()} if self.against_book else out


@dataclass(frozen=True)
class Analysis:
    """Every choice of one decision, priced three ways, and how the layouts were drawn."""

    choices: tuple[ChoiceCost, ...]
    sample: Sample
    book: str | None
    #: each choice's points on each layout it was priced on, in the sample's order (a prefix of it)
    layout_points: Mapping[str, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)
    #: layouts priced so far (of the sample's), and whether no more will be
    priced: int = 0
    final: bool = True
    #: layouts the analysis will price at most (0: the sample's)
    total: int = 0

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

    def to_json(self) -> JsonObject:
        return {"choices": [c.to_json() for c in self.choices], "book": self.book,
                "level": self.sample.level, "level_words": self.sample.level_words,
                "candidates": self.sample.candidates,
                "progress": {"layouts": self.priced, "of": self.total or len(self.sample.layouts),
                             "final": self.final}}


def summarise(points: Sequence[int], tricks: Sequence[int], best: Sequence[bool]) -> Sampled:
    """Mean tricks and points, the 95 % normal interval of the mean points, and the best share."""
    n = len(points)
    if n == 0:
        return Sampled(0, 0.0, 0.0, (0.0, 0.0), 0.0)
    mean = sum(points) / n
    spread = math.sqrt(sum((p - mean) ** 2 for p in points) / (n - 1)) if n > 1 else 0.0
    half = Z95 * spread / math.sqrt(n)
    return Sampled(n, sum(tricks) / n, mean, (mean - half, mean + half), sum(best) / n)


# -- the analysis -------------------------------------------------------------------------------


def analyse(known: Knowledge, *, seed: int = 0, layouts: int | None = DEFAULT_LAYOUTS, budget: int = DEFAULT_BUDGET,
            robots: bool = True, choices: Sequence[str] = (), sample: Sample | None = None,
            robots_for: Sequence[str] | None = None, every: bool = False) -> Analysis:
    """Every choice of the learner's decision priced three ways: the last answer of :func:`analyse_stream`
    (the same, without the answers between the looks)."""
    *_, last = analyse_stream(known, seed=seed, layouts=layouts, budget=budget, robots=robots, choices=choices,
                              sample=sample, robots_for=robots_for, every=every, progress=False)
    return last


def analyse_stream(known: Knowledge, *, seed: int = 0, layouts: int | None = None, budget: int = DEFAULT_BUDGET,
                   robots: bool = True, choices: Sequence[str] = (), sample: Sample | None = None,
                   robots_for: Sequence[str] | None = None, every: bool = False,
                   progress: bool = True) -> Iterator[Analysis]:
    """The analysis after each batch of layouts, refined until the verdicts are decided (docs/cost.md).

    With ``choices`` asked for (the learner's), the first batch prices only them and the
    book's choice (the first verdict, soonest), the second every choice (to find the best
    alternative); without, the first batch prices every choice. After that only the book's
    choice, the best alternative and the asked ones are priced, unless ``every``. Each
    comparison is made on the layouts both choices were priced on. ``layouts`` fixes the
    number of layouts; ``None`` stops as soon as every one of those choices has its
    verdict against the book's (at most :data:`DEFAULT_LAYOUTS`). ``robots_for`` limits
    the robots' playouts (the slowest line on the actual deal; computed after the first
    answer) to those choices. Without ``progress``, a play decision's or a call's layouts after the
    batch that picks the choices kept are priced in one batch when their number is fixed (the same
    last answer, without those between: one round trip to the workers instead of four, issue 28);
    a call's choices kept whatever that batch finds (the book's, the asked ones) are begun on them
    at the start, on a thread of their own.
    """
    total = layouts if layouts is not None else DEFAULT_LAYOUTS
    book = _book(known)
    run = _Run(known, choices, book)
    search = 0 if every or not run.asked else 1  # the batch that prices every choice
    kept = tuple(n for n in run.names if n in (book, *run.asked)) if search else run.names
    played: dict[str, Outcome] = {}
    wants_robots = known.deal is not None and robots
    kind = decision_kind(known)
    first = FIRST_LOOK[kind]
    if sample is None and search and total > first:
        # the first verdict from a sample of the first look's size (sampling 100 layouts takes
        # most of a second); the layouts of the whole sample begin with the same ones when
        # both meet the same level (the same seed draws the same candidates, filed in order)
        ledger = ledger_of(known)
        early = sample_layouts(known, seed, first, budget, ledger, whole=total)
        rule = Rule(batch=BATCH, most=total, first=first)  # the whole plan's rule: its error budget
        run.price(0, early.layouts, kept, every=False)
        yield replace(run.analysis(early, rule, first, played, final=False), total=total)
        sample = sample_layouts(known, seed, total, budget, ledger)
        if sample.layouts[:first] != early.layouts:  # another level: priced again on the whole sample
            run = _Run(known, choices, book, run._actual)
    sample = sample or sample_layouts(known, seed, total, budget, ledger_of(known))
    rule = Rule(batch=min(BATCH, len(sample.layouts)), most=len(sample.layouts), first=first)
    sizes = rule.sizes()
    looks = _Looks(sample, sizes, {})
    certain = tuple(n for n in run.names if n in (book, *run.asked))  # kept whatever the search finds
    rest: Future[list[list[Outcome]]] | None = None
    found: threading.Event | None = None
    if not progress and layouts is not None and kind == "call" and not every and search + 1 < len(sizes) and certain:
        # a call's layouts after the search, in one batch (below): the choices kept whatever it finds
        # are priced on them meanwhile -- their auctions run once this thread has found the first
        # look's contracts (sooner, they would hold up that look's solving, the threads sharing one
        # interpreter), and the workers are then not idle while the search's slowest board is solved,
        # nor while the robots bid the best alternative's auctions (issue 28: the pricing against the
        # solver's floor 1.36-1.40x -> 1.22-1.27x, 4 calls; for a play, whose boards take
        # milliseconds, no gain measured: not done)
        found = threading.Event()
        rest = meanwhile(functools.partial(run.outcomes, sample.layouts[sizes[search]:sizes[-1]], certain, False),
                         after=found)
    for number, priced in enumerate(sizes):
        if number == 0 and run.rows[kept[0]]:  # the first look was priced on the early sample
            continue
        all_of_them = every or number == search
        names = run.names if all_of_them else kept
        # with the number of layouts fixed no look is the last by its verdicts: once the choices priced
        # are settled, the next look is solved meanwhile -- but a play's (its boards solved in
        # milliseconds, its thread costing this process more than the workers' wait it saves: 3
        # pairs, 8 decisions, 2026-12-05, this process's CPU 0.15 s against 0.13 s without, the
        # pricing against the solver's floor 1.73x against 1.63x)
        ahead = layouts is not None and (every or number > search) and kind != "play"
        if number > search and (rest is not None or (not progress and layouts is not None and kind == "play")):
            start, priced = sizes[number - 1], sizes[-1]  # the rest in one batch; a call's certain ones begun
            others = [n for n in names if rest is None or n not in certain]
            if others:
                run.file(start, others, run.outcomes(sample.layouts[start:priced], others, all_of_them))
            if rest is not None:
                run.file(start, certain, rest.result())
            break
        run.file(sizes[number - 1] if number else 0, names,
                 _priced(run, looks, number, names, all_of_them, ahead, found))
        found = None
        if number == search:
            kept = run.kept()
        result = run.analysis(sample, rule, priced, played, final=False)
        if priced >= len(sample.layouts) or (layouts is None and run.decided(result, kept)):
            break
        yield result
        if wants_robots and not played:  # the slowest line: after the first answer is out
            played = run.robots({n for n in run.names if robots_for is None or n in robots_for})
    if wants_robots and not played:
        played = run.robots({n for n in run.names if robots_for is None or n in robots_for})
    yield run.analysis(sample, rule, priced, played, final=True)


@dataclass(frozen=True)
class _Looks:
    """The sample's looks: their sizes, and the outcomes of those begun ahead, by look number."""

    sample: Sample
    sizes: Sequence[int]
    pending: dict[int, Future[list[list[Outcome]]]]

    def layouts(self, look: int) -> tuple[Deal, ...]:
        """The layouts that look number ``look`` adds."""
        return self.sample.layouts[self.sizes[look - 1] if look else 0:self.sizes[look]]


def _priced(run: _Run, looks: _Looks, number: int, names: Sequence[str], every: bool,
            ahead: bool, found: threading.Event | None = None) -> list[list[Outcome]]:
    """The outcomes of ``names`` on look ``number``'s layouts; with ``ahead``, the next look's (the same
    choices) are begun first on a thread of their own, so that no worker idles at this look's last
    boards, nor while this process runs the robots' auctions of the next look (docs/cost.md).
    ``found`` is set once this look's contracts are known (a call), at the latest when it returns."""
    try:
        if ahead and number + 1 < len(looks.sizes):
            looks.pending[number + 1] = meanwhile(functools.partial(run.outcomes, looks.layouts(number + 1), names,
                                                                     every))
        begun = looks.pending.pop(number, None)
        return begun.result() if begun else run.outcomes(looks.layouts(number), names, every, found)
    finally:
        if found is not None:
            found.set()


def decision_kind(known: Knowledge) -> str:
    """``"call"``, ``"lead"`` (the opening lead: 13 cards a hand, the solver's dearest) or ``"play"``."""
    return "call" if known.is_bid else "play" if known.plays() else "lead"


class _Run:
    """One analysis under way: the choices' outcomes on the layouts priced so far."""

    def __init__(self, known: Knowledge, choices: Sequence[str], book: str | None,
                 actual: Future[list[Outcome]] | None = None) -> None:
        self.known = known
        self.book = book
        if known.is_bid:
            self.names = call_choices(known, choices)
            self.asked = tuple(str(parse_call(str(c))) for c in choices)
        else:
            self.cards = {str(c): c for c in card_choices(known)}
            self.names = tuple(self.cards)
            self.asked = tuple(str(Card.parse(c)) for c in choices)
            for name in self.asked:
                if name not in self.cards:
                    raise TutorError(f"{name} is not a legal card here (law 147)")
        #: each choice's outcome by layout (its index in the sample), and the most points priced on each
        self.rows: dict[str, dict[int, Outcome]] = {n: {} for n in self.names}
        self.best: dict[int, int] = {}
        self.memo = RobotMemo()
        # the actual deal priced while the layouts are drawn: its solving (an opening lead's thirteen
        # cards valued: up to a few tenths of a second) waits neither for the sampling nor it for it
        deal = known.deal
        if actual is None and deal is not None:
            actual = meanwhile(lambda: self._on([deal], self.names, True, RobotMemo())[0])
        self._actual = actual

    @property
    def actual(self) -> list[Outcome] | None:
        """Each choice's outcome on the actual deal (double dummy), when the deal is known."""
        return None if self._actual is None else self._actual.result()

    def _on(self, layouts: Sequence[Deal], names: Sequence[str], every: bool,
            memo: RobotMemo | None = None, found: threading.Event | None = None) -> list[list[Outcome]]:
        if self.known.is_bid:
            return call_outcomes(self.known, layouts, names, memo or self.memo, found)
        return card_outcomes(self.known, layouts, [self.cards[n] for n in names], every)

    def price(self, start: int, layouts: Sequence[Deal], names: Sequence[str], every: bool) -> None:
        self.file(start, names, self._on(layouts, names, every))

    def outcomes(self, layouts: Sequence[Deal], names: Sequence[str], every: bool,
                 found: threading.Event | None = None) -> list[list[Outcome]]:
        """``out[i][j]``: the outcome of ``names[j]`` on ``layouts[i]`` (any thread: nothing is filed;
        ``found``: see :func:`~tutor.lessons.cost.choices.call_outcomes`)."""
        return self._on(layouts, names, every, found=found)

    def file(self, start: int, names: Sequence[str], outcomes: Sequence[Sequence[Outcome]]) -> None:
        """Keep the ``outcomes`` of ``names`` on the layouts numbered from ``start``."""
        for i, row in enumerate(outcomes, start):
            for name, outcome in zip(names, row):
                self.rows[name][i] = outcome
            self.best[i] = max(self.best.get(i, row[0].points), *(o.points for o in row))

    def kept(self) -> tuple[str, ...]:
        """The book's choice, the choices asked for, and the best other choice so far."""
        def mean(n: str) -> float:
            return sum(o.points for o in self.rows[n].values()) / max(1, len(self.rows[n]))

        others = [n for n in self.names if n != self.book and self.rows[n]]
        best = max(others, key=mean) if others else None
        return tuple(n for n in self.names if n in (self.book, best, *self.asked))

    def analysis(self, sample: Sample, rule: Rule, priced: int, played: Mapping[str, Outcome],
                 final: bool) -> Analysis:
        out, actual = [], self.actual
        for j, name in enumerate(self.names):
            rows = self.rows[name]
            if not rows:  # not priced yet (the first batch priced only the book's and the asked choices)
                continue
            stats = summarise([o.points for o in rows.values()], [o.tricks for o in rows.values()],
                              [o.points == self.best[i] for i, o in rows.items()])
            out.append(ChoiceCost(name, actual[j] if actual else None, stats, played.get(name),
                                  self._against_book(name, rule)))
        points = {n: tuple(rows[i].points for i in sorted(rows)) for n, rows in self.rows.items()}
        return Analysis(tuple(out), sample, self.book, points, priced, final)

    def _against_book(self, name: str, rule: Rule) -> Comparison | None:
        if self.book is None or name == self.book or self.book not in self.rows or not self.rows[name]:
            return None
        mine, book = self.rows[name], self.rows[self.book]
        both = sorted(set(mine) & set(book))
        return compare([mine[i].tricks - book[i].tricks for i in both],
                       [mine[i].points - book[i].points for i in both], rule,
                       tricks_count=not self.known.is_bid)

    def decided(self, result: Analysis, kept: Sequence[str]) -> bool:
        """Whether every kept choice has its verdict against the book's."""
        verdicts = [c.against_book.verdict for c in result.choices if c.choice in kept and c.against_book]
        return bool(verdicts) and "undecided" not in verdicts

    def robots(self, names: set[str]) -> dict[str, Outcome]:
        deal = self.known.deal
        assert deal is not None
        if self.known.is_bid:
            return {n: robots_after_call(self.known, deal, n) for n in self.names if n in names}
        return {n: robots_after_card(self.known, deal, self.cards[n]) for n in self.names if n in names}


def _book(known: Knowledge) -> str | None:
    from tutor.lessons.robots import advise_view

    answer = advise_view(known.view)
    value = answer.get("call") if known.is_bid else answer.get("card")
    return None if value is None else str(value)


def verdict(analysis: Analysis, given: str) -> str | None:
    """The verdict on ``given`` against the book's choice, in the learner's words (:func:`verdict_of`)."""
    return verdict_of(analysis.to_json(), given)


def verdict_of(result: Mapping[str, Any], given: str) -> str | None:
    """The verdict on ``given`` in an analysis as JSON (live, or precomputed), when there is one to say.

    "Right on what you could know but unlucky on this layout" when the sampled verdict says
    the book's choice is better and on the actual deal (double dummy) ``given`` scores more;
    otherwise what the paired comparison says, with its interval.
    """
    book = result.get("book")
    if book is None or book == given:
        return None
    by_choice = {c["choice"]: c for c in result["choices"]}
    mine, theirs = by_choice.get(given), by_choice.get(book)
    if mine is None or theirs is None or "verdict" not in mine:
        return None
    unlucky = (mine["double_dummy"] is not None and theirs["double_dummy"] is not None
               and mine["double_dummy"]["points"] > theirs["double_dummy"]["points"])
    t, p = mine["gap"]["tricks"], mine["gap"]["points"]
    if mine["verdict"] == "worse" and unlucky:
        return ("The book's choice was right on what you could know (it scores more over the "
                f"{p['layouts']} layouts you could not tell apart) but unlucky on this layout.")
    gaps = (f"{t['mean']:+.2f} tricks ({t['interval'][0]:+.2f} to {t['interval'][1]:+.2f}), "
            f"{p['mean']:+.0f} points ({p['interval'][0]:+.0f} to {p['interval'][1]:+.0f}) over {p['layouts']} layouts")
    return {"better": f"Your choice scores more than the book's on what you could know: {gaps}.",
            "worse": f"Your choice scores less than the book's on what you could know: {gaps}.",
            "equal": (f"Your choice and the book's score the same on every one of the {p['layouts']} layouts "
                      "you could not tell apart."),
            }.get(mine["verdict"], f"On what you could know, your choice and the book's cannot be told apart: {gaps}.")


__all__ = ["Analysis", "ChoiceCost", "Outcome", "Sampled", "analyse", "analyse_stream", "call_choices", "decision_kind",
           "card_choices", "net_points", "summarise", "verdict", "verdict_of"]
