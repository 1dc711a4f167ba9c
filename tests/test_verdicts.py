"""The sequential verdict's stated error rate, checked by seeded simulation (docs/cost.md, issue 28).

The rule (tutor/lessons/cost/verdict.py) states: over all its looks and both measures,
a false verdict — ``better`` or ``worse`` when the true mean gap is zero — happens at
most ALPHA (5 %) of the time. Each family below is a gap distribution of mean exactly
zero, of the shapes the tutor meets (stated here, not taken from the code): small whole
trick gaps, symmetric or lopsided; Vint points with rare large swings either way; points
whose rare swings go one way (a partie bonus in one layout in ten or twenty).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tutor.lessons.cost.verdict import ALPHA, FIRST_LOOK, Rule, compare, gap, t_quantile

Draw = Callable[[random.Random], float]

#: (name, draw, whether the family is a tricks gap) -- every draw has mean exactly 0
FAMILIES: list[tuple[str, Draw, bool]] = [
    ("tricks -1/0/0/+1", lambda r: r.choice((-1, 0, 0, 1)), True),
    ("tricks +3 one time in four, else -1", lambda r: 3 if r.random() < 0.25 else -1, True),
    ("tricks +2 one time in three, else -1", lambda r: 2 if r.random() < 1 / 3 else -1, True),
    ("tricks mostly equal, +-1 one time in ten", lambda r: r.choice((-1, 1)) if r.random() < 0.1 else 0, True),
    ("points normal, sd 300", lambda r: r.gauss(0, 300), False),
    ("points +-2000 one time in twenty, else -50/0/0/+50",
     lambda r: r.choice((-2000, 2000)) if r.random() < 0.05 else r.choice((-50, 0, 0, 50)), False),
    ("points +1900 one time in twenty, else -100", lambda r: 1900 if r.random() < 0.05 else -100, False),
    ("points +900 one time in ten, else -100", lambda r: 900 if r.random() < 0.1 else -100, False),
    ("points +200 one time in three, else -100", lambda r: 200 if r.random() < 1 / 3 else -100, False),
]
POSITIONS = 1000


def _sequential(draw: Draw, rng: random.Random, tricks: bool, rule: Rule) -> str:
    """The rule run as the analysis runs it: a look after every batch, stopping at the first verdict."""
    diffs: list[float] = []
    for size in rule.sizes():
        diffs += [draw(rng) for _ in range(size - len(diffs))]
        verdict = gap(diffs, rule, constant_decides=tricks).verdict
        if verdict != "undecided":
            return verdict
    return "undecided"


#: every plan of looks the analysis runs: one per first look of a decision kind (a lead's, a call's, a play's)
FIRSTS = sorted(set(FIRST_LOOK.values()))


@pytest.mark.parametrize("first", FIRSTS, ids=[f"a first look of {n}" for n in FIRSTS])
@pytest.mark.parametrize(("name", "draw", "tricks"), FAMILIES, ids=[f[0] for f in FAMILIES])
def test_false_verdicts_stay_within_the_stated_rate(name: str, draw: Draw, tricks: bool, first: int) -> None:
    rule = Rule(first=first)
    rng = random.Random(2028)
    false = sum(_sequential(draw, rng, tricks, rule) in ("better", "worse") for _ in range(POSITIONS))
    assert false / POSITIONS <= ALPHA, f"{name}: {false} false verdicts in {POSITIONS}"


def test_a_clear_gap_is_decided_at_the_first_look() -> None:
    # a card that loses a trick on half the layouts and never gains one: worse, after one batch
    rng = random.Random(7)
    rule = Rule()
    decided = 0
    for _ in range(200):
        diffs = [rng.choice((-1, 0)) for _ in range(rule.batch)]
        decided += gap(diffs, rule, constant_decides=True).verdict == "worse"
    assert decided >= 190


def test_a_gap_of_zero_everywhere_is_equal_and_a_constant_points_gap_does_not_decide() -> None:
    rule = Rule()
    assert gap([0] * rule.batch, rule).verdict == "equal"
    assert gap([0] * (rule.batch - 1), rule).verdict == "undecided"  # not before one whole batch
    assert gap([-100] * rule.batch, rule).verdict == "undecided"  # no spread, no interval: points never
    assert gap([-1] * rule.batch, rule, constant_decides=True).verdict == "worse"


def test_a_card_is_decided_by_its_tricks_and_a_call_by_its_points() -> None:
    rule = Rule()
    tricks = [-1, 0] * 10
    points = [-50, 0] * 10
    assert compare(tricks, points, rule, tricks_count=True).on == "tricks"
    call = compare(tricks, [500, -480] * 10, rule, tricks_count=False)
    assert (call.verdict, call.on) == ("undecided", None)


def test_t_quantiles_match_the_printed_tables() -> None:
    # Student's t, two-sided 95 % and 99 % (any statistics table): 2.086 (20), 2.845 (20), 2.009 (50)
    assert t_quantile(0.975, 20) == pytest.approx(2.086, abs=0.002)
    assert t_quantile(0.995, 20) == pytest.approx(2.845, abs=0.003)
    assert t_quantile(0.975, 50) == pytest.approx(2.009, abs=0.002)
