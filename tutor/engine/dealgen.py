"""Seeded deal generation: random, with cards pre-placed, or under constraints.

Every generator takes a ``random.Random`` so each drill is reproducible from its
seed. Vint deals every card face down one at a time (laws 16 and 25 f); a random
permutation of the pack is the same distribution.

:func:`random_deal` and :func:`deal_with` deal once per call and shuffle a list (the
deals for a seed are the same as they always were). :func:`constrained_deal`, which
may need thousands of tries, draws its candidates in batches from
:mod:`tutor.engine.dealbatch`, seeded by one 64-bit draw from the caller's
``random.Random``: :class:`CardCount` constraints are met constructively (rare ones
cost no more than common ones, several seats at once), and any other predicate on a
hand is checked on each candidate deal in turn, with a bounded number of candidates.

>>> import random
>>> d = random_deal(random.Random(1))
>>> d.is_complete
True
>>> from tutor.engine.cards import Rank
>>> aces = CardCount(frozenset(c for c in FULL_PACK if c.rank is Rank.ACE), 4, 4)
>>> d = constrained_deal(random.Random(7), {Seat.N: [aces]})
>>> sum(1 for c in d[Seat.N] if c.rank is Rank.ACE)
4
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from tutor.engine.cards import FULL_PACK, SEATS, Card, Deal, Hand, Seat
from tutor.engine.dealspec import CardCount, Points
from tutor.engine.errors import DealGenerationError

if TYPE_CHECKING:  # numpy loads with the first constrained deal, not with every importer
    from numpy.random import Generator

    from tutor.engine.dealbatch import Cards, DealPlan

HandPredicate = Callable[[Hand], bool]
HAND_SIZE = 13
DEFAULT_ATTEMPTS = 20_000
#: Candidates drawn in the first batch, growing fourfold to the last: most constraints
#: are met at the first batch, and a batch costs about as much as one deal up to ~64.
FIRST_CHUNK = 16
LAST_CHUNK = 4096
#: Candidates per seat and round when seats are found one at a time (as before the batches).
PER_SEAT = 50

__all__ = ["CardCount", "Constraint", "Points", "constrained_deal", "deal_with", "random_deal"]


Constraint = CardCount | Points | HandPredicate


def random_deal(rng: random.Random) -> Deal:
    """A uniformly random deal of the full pack."""
    return deal_with(rng, {})


def deal_with(rng: random.Random, fixed: Mapping[Seat, Iterable[Card]]) -> Deal:
    """A random deal in which each seat holds the cards ``fixed`` gives it."""
    placed = {seat: list(fixed.get(seat, ())) for seat in SEATS}
    pool = _remaining_pool(placed)
    rng.shuffle(pool)
    for seat in SEATS:
        need = HAND_SIZE - len(placed[seat])
        placed[seat] += pool[:need]
        del pool[:need]
    return Deal({seat: Hand(cards) for seat, cards in placed.items()})


def constrained_deal(
    rng: random.Random,
    constraints: Mapping[Seat, Sequence[Constraint]],
    fixed: Mapping[Seat, Iterable[Card]] | None = None,
    attempts: int = DEFAULT_ATTEMPTS,
) -> Deal:
    """A random deal whose hands satisfy every constraint of their seat.

    :class:`CardCount` and :class:`Points` constraints are met in batches (see
    :mod:`tutor.engine.dealbatch`); other predicates are checked on candidate deals.
    When two or more seats have such predicates, their hands are found one seat at a
    time (each from deals meeting every batch constraint), as this module always did:
    far cheaper than asking all of them of one deal, at the price of exact uniformity
    between those seats. Raises :class:`DealGenerationError` when the constraints
    cannot be met, or when ``attempts`` candidate deals all fail.
    """

    from tutor.engine.dealbatch import generator, hand_of, plan_deals, to_deal

    batchable = {s: [c for c in cs if isinstance(c, CardCount | Points)] for s, cs in constraints.items()}
    checks = {SEATS.index(s): [c for c in cs if not isinstance(c, CardCount | Points)]
              for s, cs in constraints.items()}
    checks = {s: cs for s, cs in checks.items() if cs}
    placed = {s: tuple(cards) for s, cards in (fixed or {}).items()}
    gen = generator(rng.getrandbits(64))
    steps = list(checks) or [0]
    per_step = PER_SEAT if len(steps) > 1 else attempts
    drawn = 0
    while drawn < attempts:
        now = dict(placed)
        for k, seat in enumerate(steps):
            budget = min(per_step, attempts - drawn)
            row, used = _first_passing(plan_deals(batchable, now), gen, seat, checks.get(seat, []), budget)
            drawn += used
            if row is None:
                break
            if k == len(steps) - 1:
                return to_deal(row)
            now[SEATS[seat]] = tuple(hand_of(row, seat).cards)
    raise DealGenerationError(
        f"no deal met the constraints on {', '.join(s.value for s in constraints)} "
        f"in {attempts} attempts"
    )


def _first_passing(plan: DealPlan, gen: Generator, seat: int, checks: Sequence[HandPredicate],
                   budget: int) -> tuple[Cards | None, int]:
    """The first of at most ``budget`` candidates whose ``seat`` passes ``checks``, and the count drawn."""
    from tutor.engine.dealbatch import hand_of


    drawn, chunk = 0, FIRST_CHUNK
    while drawn < budget:
        size = min(chunk, budget - drawn)
        for row in plan.candidates(gen, size):
            if not checks or all(check(hand_of(row, seat)) for check in checks):
                return row, drawn + size
        drawn += size
        chunk = min(4 * chunk, LAST_CHUNK)
    return None, drawn


def _remaining_pool(placed: Mapping[Seat, list[Card]]) -> list[Card]:
    used: set[Card] = set()
    for seat, cards in placed.items():
        if len(cards) > HAND_SIZE:
            raise DealGenerationError(f"{seat.value} is given {len(cards)} cards; at most 13")
        for card in cards:
            if card in used:
                raise DealGenerationError(f"{card} is placed in two hands")
            used.add(card)
    return [c for c in FULL_PACK if c not in used]
