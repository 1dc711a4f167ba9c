"""Paired sequential verdicts: is a choice better or worse than the book's, and how sure is that?

Two choices of one decision are priced on the **same** layouts, so what is compared is
the gap between them layout by layout (the choice's tricks or points less the book's
choice's), whose spread is far smaller than either choice's own. The layouts arrive in
batches; after each batch (a *look*) the gap's interval is worked out again, and the
verdict is given as soon as the interval excludes zero. The rule (docs/cost.md):

* **looks**: after the first batch (``first`` layouts, per decision kind: :data:`FIRST_LOOK`),
  then after every ``batch`` (20) layouts, up to ``most`` layouts: ``K`` looks (5 for a
  first look of 20, 6 for one of 10);
* **the interval** of the mean gap, at each look: mean ± t · s / √n, with ``t`` the
  Student quantile of ``n - 1`` degrees of freedom at two-sided level ``alpha / (2 K)``:
  the false-verdict budget ``alpha`` is split over the two measures (tricks, points) and
  the ``K`` looks (Bonferroni), so that, as far as the mean of ``n`` gaps is normal, the
  chance that *any* look on *either* measure declares a direction the true gap has not
  (a false verdict) is at most ``alpha`` (5 %);
* **better** / **worse**: the interval lies above / below zero; **equal**: the gap was
  zero on every layout so far (by the rule of three, at 95 % the two differ on fewer
  than ``3 / n`` of the layouts); otherwise **undecided** ("on what you could know,
  these two cannot be told apart"), with the interval.

The verdict of a card is read in tricks (their gap varies far less, and is a small whole
number): on the same layout and contract, more tricks for a side are never fewer points
for it, so the points gap, shown with its interval, never points the other way. The
verdict of a call is read in points: after two calls the contracts differ, and so does
the worth of a trick. Points gaps are skewed (a partie or rubber bonus in a few layouts):
a swing rarer than one layout in twenty may not be among the first layouts, and then
misleads any rule; docs/cost.md gives the measured rates.
``tests/test_verdicts.py`` checks the false-verdict rate by seeded simulation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from tutor.engine.json_types import JsonObject

#: The false-verdict budget of one comparison, over all its looks and both measures.
ALPHA = 0.05
#: Layouts per look after the first (see :data:`FIRST_LOOK`).
BATCH = 20
#: Layouts of the first look, per decision kind: the most whose first verdict (its own sample, then
#: the book's and the learner's choices priced) comes in under a second at p95 on two cores.
#: Measured by benchmarks/sampled_analysis.py --first-only, 16 decisions a kind, 2026-12-03 on the
#: shared machine, in several runs: p95 of the CPU it needs (this process's, plus the solver
#: workers' over the two workers, which the load of other jobs hardly changes): a play (tricks
#: 2-10) at 20 layouts, 0.31-0.40 s; an opening lead (13 cards a hand: the solver's dearest
#: boards) at 10, 0.36-0.62 s (at 20: 0.70 s); a call (the robots finish each auction, then its
#: 13-card contract is solved) at 10, 0.34-0.44 s (at 20: 1.03-1.15 s). Wall p95 at load average
#: 2: 0.40 s, 0.53 s and 0.77 s (at 20: a lead 1.06 s, a call 1.72 s).
FIRST_LOOK = {"play": BATCH, "lead": 10, "call": 10}
#: The verdicts, in the learner's words.
VERDICT_WORDS = {"better": "scores more than the book's choice on what you could know",
                 "worse": "scores less than the book's choice on what you could know",
                 "equal": "scores the same as the book's choice on every layout you could not tell apart",
                 "undecided": "on what you could know, it cannot be told apart from the book's choice"}


def t_quantile(p: float, dof: int) -> float:
    """The Student t quantile of ``dof`` degrees of freedom at probability ``p`` (Cornish–Fisher expansion).

    Abramowitz and Stegun 26.7.5: good to three decimals from 5 degrees of freedom on.

    >>> round(t_quantile(0.975, 20), 2), round(t_quantile(0.975, 1000), 2)
    (2.09, 1.96)
    """
    z = NormalDist().inv_cdf(p)
    v = float(max(dof, 1))
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / v + g2 / v**2 + g3 / v**3 + g4 / v**4


@dataclass(frozen=True)
class Rule:
    """The stopping rule: a look after the first ``first`` layouts (``batch`` when not given), then
    every ``batch`` layouts, up to ``most``; false verdicts at most ``alpha``."""

    batch: int = BATCH
    most: int = 100
    alpha: float = ALPHA
    first: int = 0

    @property
    def opening(self) -> int:
        """Layouts of the first look."""
        return min(self.first or self.batch, self.most)

    def sizes(self) -> tuple[int, ...]:
        """The number of layouts at each look, in order.

        >>> Rule().sizes(), Rule(first=10).sizes()
        ((20, 40, 60, 80, 100), (10, 30, 50, 70, 90, 100))
        """
        out = [self.opening]
        while out[-1] < self.most:
            out.append(min(out[-1] + self.batch, self.most))
        return tuple(out)

    @property
    def looks(self) -> int:
        return len(self.sizes())

    def quantile(self, n: int) -> float:
        """The t of the interval at a look of ``n`` layouts (two measures, :attr:`looks` looks)."""
        return t_quantile(1 - self.alpha / (2 * 2 * self.looks), n - 1)


@dataclass(frozen=True)
class Gap:
    """The mean gap of one measure (choice less the book's), its interval, and what it says."""

    n: int
    mean: float
    interval: tuple[float, float]
    verdict: str
    #: undecided for want of layouts: the same gap on every one, but fewer than such a gap is judged on
    too_few: bool = False

    def to_json(self) -> JsonObject:
        return {"mean": round(self.mean, 3), "interval": [round(self.interval[0], 3), round(self.interval[1], 3)],
                "layouts": self.n, "verdict": self.verdict}


def gap(diffs: Sequence[float], rule: Rule, *, constant_decides: bool = False) -> Gap:
    """The gap of ``diffs`` (choice less book, layout by layout) judged by ``rule``.

    A gap of zero on every layout (at least 20 layouts, or all of fewer) is ``equal``. A gap that is the
    same non-zero number on every layout has no spread to build an interval from: it
    decides only when ``constant_decides`` (tricks, whose gaps are small whole numbers).

    >>> gap([1.0] * 20, Rule(), constant_decides=True).verdict, gap([0.0] * 20, Rule()).verdict
    ('better', 'equal')
    >>> gap([1.0, -1.0] * 10, Rule()).verdict, gap([1.0] * 20, Rule()).verdict
    ('undecided', 'undecided')
    """
    n = len(diffs)
    if n == 0:
        return Gap(0, 0.0, (0.0, 0.0), "undecided")
    mean = sum(diffs) / n
    if all(d == diffs[0] for d in diffs):  # no spread: the gap is what every layout says
        verdict = "equal" if diffs[0] == 0 else ("better" if diffs[0] > 0 else "worse")
        # with no spread to judge by, at least 20 layouts (a first look of 10 is not enough)
        too_few = n < max(rule.opening, min(BATCH, rule.most))
        enough = not too_few and (diffs[0] == 0 or constant_decides)
        return Gap(n, mean, (mean, mean), verdict if enough else "undecided", too_few=too_few)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = rule.quantile(n) * spread / math.sqrt(n)
    # Johnson's correction for skewness: a gap whose rare swings go one way has a mean
    # that is more often on the other side of the truth; the interval moves toward the swings
    third = sum((d - mean) ** 3 for d in diffs) / n
    centre = mean + third / (6 * spread**2 * n)
    low, high = centre - half, centre + half
    verdict = "better" if low > 0 else "worse" if high < 0 else "undecided"
    return Gap(n, mean, (low, high), verdict)


@dataclass(frozen=True)
class Comparison:
    """A choice against the book's choice: the gap in tricks and in points, and the verdict."""

    tricks: Gap
    points: Gap
    verdict: str
    #: the measure that decided ("tricks" or "points"), or None when undecided
    on: str | None

    def to_json(self) -> JsonObject:
        return {"verdict": self.verdict, "decided_on": self.on,
                "gap": {"tricks": self.tricks.to_json(), "points": self.points.to_json()}}


def compare(tricks: Sequence[float], points: Sequence[float], rule: Rule, *, tricks_count: bool) -> Comparison:
    """The verdict of the gaps ``tricks`` and ``points`` (choice less book, layout by layout).

    ``tricks_count`` (a card: the same contract after either choice): the tricks decide,
    and the points, which follow them, are shown with their interval. Otherwise (a call)
    the points decide.
    """
    by_tricks = gap(tricks, rule, constant_decides=True)
    by_points = gap(points, rule)
    if tricks_count:
        decided = by_tricks.verdict != "undecided"
        return Comparison(by_tricks, by_points, by_tricks.verdict, "tricks" if decided else None)
    decided = by_points.verdict != "undecided"
    return Comparison(by_tricks, by_points, by_points.verdict, "points" if decided else None)


__all__ = ["ALPHA", "BATCH", "FIRST_LOOK", "VERDICT_WORDS", "Comparison", "Gap", "Rule", "compare", "gap", "t_quantile"]
