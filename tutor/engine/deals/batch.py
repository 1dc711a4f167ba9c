"""Batch deal generation: many deals at once as numpy arrays, under per-seat constraints.

A batch is an array ``hands`` of shape ``(n, 4, 13)``: deal ``i``, seat ``s`` (in
:data:`~tutor.engine.cards.SEATS` order N, E, S, W), its thirteen cards as *card
indices* 0–51 (:data:`PACK` maps an index to its :class:`~tutor.engine.cards.Card`:
suit in PBN order times 13 plus the rank from the two up). Every constraint is a
table lookup and a sum over whole batches, so a batch of 20,000 deals is checked in
a few milliseconds.

How a batch is drawn, and why it is uniform:

* Cards *placed* (own hand, cards seen) are given first; a constraint that forces a
  seat to hold every card of a set still free ("North holds all four aces" when no
  ace is placed, "West holds the spade queen") places those cards too — holding them
  all is the same condition as being given them, so the rest stays uniform.
* One seat, the one whose :class:`CardCount` constraints are rarest together, is
  dealt *constructively*: the free cards are split into atoms by which of that seat's
  card sets they belong to (for "5–7 spades and 2+ aces": the spade ace, the other
  spades, the other aces, the rest), every feasible number of cards per atom is
  weighted by the number of hands having it (a product of binomials), one is drawn
  per deal, and the cards within each atom are chosen uniformly. The seat's hand is
  then uniform among the hands meeting its constraints, at any rarity.
* The other seats get the remaining cards uniformly; their constraints, and any
  :class:`Points` constraint, are met by rejecting whole deals (vectorised), which
  keeps the joint distribution exactly uniform over the deals meeting everything.

Seeded and reproducible: all randomness comes from ``numpy.random.Generator(PCG64(seed))``
(:func:`generator`); the same seed, constraints and count give the same deals on every
machine (numpy's documented stream stability for ``PCG64``, ``random`` and ``argsort``
of distinct keys). :mod:`tutor.engine.deals.generate` derives the seed from the caller's
``random.Random`` so drills stay reproducible from their own seed.

>>> from tutor.engine.cards import Seat
>>> batch = deal_batch(1, 1000, {Seat.N: [aces(4)]})
>>> len(batch), bool((batch.counts(ACES)[:, 0] == 4).all())
(1000, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.random import PCG64, Generator
from numpy.typing import NDArray

from tutor.engine.cards import SEATS, Card, Deal, Hand, Rank, Seat
from tutor.engine.deals.build import Build, Count, CountsUnmet, SeatCounts, plan_build
from tutor.engine.deals.spec import (
    ACES,
    HAND_SIZE,
    INDEX,
    MILTON_WORK,
    PACK,
    BatchConstraint,
    CardCount,
    Points,
    aces,
    constraint_words,
    describe,
    holds,
    honours,
    lacks,
    shown_out,
    suit_cards,
    suit_length,
)
from tutor.engine.errors import DealGenerationError

__all__ = [
    "ACES", "HAND_SIZE", "INDEX", "MILTON_WORK", "PACK", "BatchConstraint", "CardCount", "DealBatch",
    "DealPlan", "Points", "aces", "deal_batch", "describe", "draw_batch", "generator", "hand_of",
    "holds", "honours", "lacks", "plan_deals", "shown_out", "suit_cards", "suit_length", "to_deal",
]

DEFAULT_CANDIDATES = 2_000_000
MAX_CHUNK = 32_768

Cards = NDArray[np.uint8]


def generator(seed: int) -> Generator:
    """The only source of randomness here: ``Generator(PCG64(seed))``."""
    return Generator(PCG64(seed))


@dataclass(frozen=True, eq=False)
class DealBatch:
    """``len(self)`` deals as card indices, shape ``(n, 4, 13)``; ``candidates`` drawn to find them."""

    hands: Cards
    candidates: int

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def deal(self, i: int) -> Deal:
        return to_deal(self.hands[i])

    def __iter__(self) -> Iterator[Deal]:
        return (to_deal(row) for row in self.hands)

    def owners(self) -> NDArray[np.int8]:
        """``owners[i, card]``: the seat index holding ``card`` in deal ``i``."""
        n = len(self)
        out = np.empty((n, len(PACK)), dtype=np.int8)
        seats = np.repeat(np.arange(4, dtype=np.int8), HAND_SIZE)
        out[np.arange(n)[:, None], self.hands.reshape(n, -1)] = seats[None, :]
        return out

    def counts(self, cards: frozenset[Card]) -> NDArray[np.int64]:
        """``counts[i, s]``: how many of ``cards`` seat ``s`` holds in deal ``i``."""
        counted: NDArray[np.int64] = _member_table(cards)[self.hands].sum(axis=2)
        return counted


def to_deal(row: Cards) -> Deal:
    """One ``(4, 13)`` row of card indices as a :class:`Deal`."""
    return Deal({seat: hand_of(row, s) for s, seat in enumerate(SEATS)})


def hand_of(row: Cards, seat: int) -> Hand:
    """Seat ``seat``'s hand (a seat index, SEATS order) of one ``(4, 13)`` row."""
    # a row is a permutation of the pack (no card twice): the hand skips its duplicate check, and the
    # deal still checks that the four hands share no card
    return Hand(frozenset([PACK[i] for i in row[seat].tolist()]))


def _member_table(cards: frozenset[Card]) -> NDArray[np.int64]:
    table = np.zeros(len(PACK), dtype=np.int64)
    table[[INDEX[c] for c in cards]] = 1
    return table


def _points_table(scale: tuple[tuple[Rank, int], ...]) -> NDArray[np.int64]:
    points = dict(scale)
    return np.array([points.get(c.rank, 0) for c in PACK], dtype=np.int64)


@dataclass(frozen=True, eq=False)
class _Check:
    """A constraint met by rejection: ``low <= table[hand].sum() <= high`` for one seat."""

    seat: int
    table: NDArray[np.int64]
    low: int
    high: int


@dataclass(frozen=True, eq=False)
class DealPlan:
    """What to place, which seat to build and what to check; made once per constraint set."""

    fixed: tuple[NDArray[np.uint8], ...]
    needs: tuple[int, ...]
    pool: NDArray[np.uint8]
    build: Build | None
    checks: tuple[_Check, ...]
    seats: str  # the constrained seats, for messages

    def draw(self, gen: Generator, n: int, shuffle: bool = False) -> Cards:
        """``n`` candidate deals: placed cards in place, the built seat's constraints met.

        ``shuffle``: the free cards of an unbuilt deal are ordered by :func:`shuffled` (about
        half the work); else by sorting random keys, the stream the drills' deals were drawn
        from (kept, so that every drill's seed keeps its deal).
        """
        hands = np.empty((n, 4, HAND_SIZE), dtype=np.uint8)
        for s in range(4):
            hands[:, s, :len(self.fixed[s])] = self.fixed[s]
        if self.build is None:
            if shuffle:
                rest = shuffled(gen, self.pool, n, len(self.pool) - self.needs[3])  # West: what is left
            else:
                rest = self.pool[np.argsort(gen.random((n, len(self.pool))), axis=1)]
            others = list(range(4))
        else:
            own, rest = self.build.draw(gen, self.pool, n)
            for seat, cards in zip(self.build.seats, own):
                hands[:, seat, len(self.fixed[seat]):] = cards
            others = [s for s in range(4) if s not in self.build.seats]
        start = 0
        for s in others:
            hands[:, s, len(self.fixed[s]):] = rest[:, start:start + self.needs[s]]
            start += self.needs[s]
        return hands

    def accept(self, hands: Cards) -> NDArray[np.bool_]:
        """Which candidate deals meet every constraint checked by rejection."""
        ok = np.ones(hands.shape[0], dtype=np.bool_)
        for check in self.checks:
            value = check.table[hands[:, check.seat, :]].sum(axis=1)
            ok &= (value >= check.low) & (value <= check.high)
        return ok

    def candidates(self, gen: Generator, n: int, shuffle: bool = False) -> Cards:
        """Of ``n`` candidate deals, those meeting every constraint of the plan (``shuffle``: see :meth:`draw`)."""
        hands = self.draw(gen, n, shuffle)
        return hands if not self.checks else hands[self.accept(hands)]


def shuffled(gen: Generator, pool: NDArray[np.uint8], n: int, places: int) -> Cards:
    """``n`` rows of ``pool`` in random order (each order equally likely), shape ``(n, len(pool))``.

    A Fisher–Yates shuffle run on all rows at once, one place at a time: place ``i`` takes
    a card drawn uniformly from those not yet placed. Only the first ``places`` places
    are drawn (the last hand is what is left, in any order: a hand has no order). It does
    about half the work of sorting random keys (``argsort``), which made the unconstrained
    batch slower than the C program ``dealer`` (issue 28). Used by the batches
    (:func:`deal_batch`, :func:`draw_batch`) and the sampler; the drills keep their stream. Drawn on a ``(len(pool), n)``
    array so that each place is one contiguous row.

    >>> rows = shuffled(generator(1), np.arange(52, dtype=np.uint8), 3, 39)
    >>> rows.shape, [sorted(r.tolist()) == list(range(52)) for r in rows]
    ((3, 52), [True, True, True])
    """
    m = len(pool)
    places = max(0, min(places, m - 1))
    out = np.repeat(pool[:, None], n, axis=1)
    flat = out.reshape(-1)
    cols = np.arange(n, dtype=np.intp)
    u = gen.random((places, n))
    for i in range(places):
        # the floor of u * (m - i) is uniform on 0 .. m - i - 1 (to within 2**-53)
        j = (i + (u[i] * (m - i)).astype(np.intp)) * n + cols
        here = out[i].copy()
        out[i] = flat[j]
        flat[j] = here
    return out.T


ConstraintMap = Mapping[Seat, Sequence[BatchConstraint]]
FixedMap = Mapping[Seat, Sequence[Card] | frozenset[Card]]


def plan_deals(constraints: ConstraintMap | None = None, fixed: FixedMap | None = None) -> DealPlan:
    """The plan for ``constraints`` with ``fixed`` cards placed (cached per constraint set).

    Raises :class:`DealGenerationError` naming the seat and constraint when the
    constraints cannot all be met (before any deal is drawn, where that can be seen).
    """
    key_c = tuple((seat, tuple((constraints or {}).get(seat, ()))) for seat in SEATS)
    key_f = tuple(tuple((fixed or {}).get(seat, ())) for seat in SEATS)
    return _plan(key_c, key_f)


@lru_cache(maxsize=256)
def _plan(constraints: tuple[tuple[Seat, tuple[BatchConstraint, ...]], ...],
          fixed: tuple[tuple[Card, ...], ...]) -> DealPlan:
    placed = _placed(fixed)
    by_seat = {i: list(cs) for i, (_, cs) in enumerate(constraints)}
    _place_forced(by_seat, placed)
    free = frozenset(PACK) - frozenset(c for cards in placed for c in cards)
    pool = sorted(INDEX[c] for c in free)
    needs = tuple(HAND_SIZE - len(p) for p in placed)
    build, covered = _build(by_seat, placed, pool, needs)
    checks = tuple(_check(s, c) for s, cs in by_seat.items() for c in cs if (s, c) not in covered)
    named = ", ".join(SEATS[s].value for s, cs in by_seat.items() if cs) or "no seat"
    return DealPlan(tuple(np.array([INDEX[c] for c in p], dtype=np.uint8) for p in placed), needs,
                    np.array(pool, dtype=np.uint8), build, checks, named)


def _placed(fixed: tuple[tuple[Card, ...], ...]) -> list[set[Card]]:
    used: dict[Card, Seat] = {}
    for seat, cards in zip(SEATS, fixed):
        if len(set(cards)) > HAND_SIZE:
            raise DealGenerationError(f"{seat.value} is given {len(set(cards))} cards; at most 13")
        for card in cards:
            if used.get(card, seat) is not seat:
                raise DealGenerationError(f"{card} is placed in two hands")
            used[card] = seat
    return [set(cards) for cards in fixed]


def _place_forced(by_seat: dict[int, list[BatchConstraint]], placed: list[set[Card]]) -> None:
    """Place the cards a seat must hold all of; refuse counts no deal can meet."""
    changed = True
    while changed:
        changed = False
        taken = set().union(*placed)
        for s, cs in by_seat.items():
            for c in cs:
                if not isinstance(c, CardCount):
                    continue
                free = c.cards - taken
                already = len(c.cards & placed[s])
                seat = SEATS[s].value
                if already > c.maximum or c.minimum > already + len(free) or c.minimum > c.maximum:
                    raise DealGenerationError(
                        f"the constraints cannot be met: {seat} must hold {constraint_words(c)}, with "
                        f"{already} placed there and {len(free)} still free")
                if free and c.minimum == already + len(free):
                    placed[s] |= free
                    taken |= free
                    changed = True
                    if len(placed[s]) > HAND_SIZE:
                        raise DealGenerationError(
                            f"the constraints cannot be met: {seat} must hold {constraint_words(c)}, "
                            f"which makes {len(placed[s])} cards")


def _check(seat: int, c: BatchConstraint) -> _Check:
    if isinstance(c, Points):
        return _Check(seat, _points_table(c.scale), c.minimum, c.maximum)
    return _Check(seat, _member_table(c.cards), c.minimum, c.maximum)


def _build(by_seat: Mapping[int, Sequence[BatchConstraint]], placed: list[set[Card]], pool: list[int],
           needs: tuple[int, ...]) -> tuple[Build | None, set[tuple[int, BatchConstraint]]]:
    """The constructive build of the rarest seats, and the (seat, constraint) pairs it meets."""
    wanted = []
    for s, cs in by_seat.items():
        counts = [c for c in cs if isinstance(c, CardCount) and c.cards - placed[s]]
        counts = [c for c in counts if not (len(c.cards & placed[s]) >= c.minimum
                                            and c.maximum >= HAND_SIZE)]
        if counts:
            wanted.append((s, counts))
    seats = [SeatCounts(s, needs[s], tuple(_net(c, placed[s]) for c in counts)) for s, counts in wanted]
    try:
        build, chosen = plan_build(seats, pool)
    except CountsUnmet as err:
        words = "; ".join(f"{SEATS[s].value} " + " and ".join(constraint_words(c) for c in by_seat[s]
                                                           if isinstance(c, CardCount))
                          for s in err.seats)
        raise DealGenerationError(f"the constraints cannot be met together: {words}") from None
    built = {sc.seat for sc in chosen}
    covered: set[tuple[int, BatchConstraint]] = {(s, c) for s, counts in wanted if s in built for c in counts}
    return build, covered


def _net(c: CardCount, placed: set[Card]) -> Count:
    """``c`` over the free cards: the bounds less the cards of its set already placed."""
    already = len(c.cards & placed)
    return frozenset(INDEX[x] for x in c.cards - placed), c.minimum - already, c.maximum - already


def deal_batch(seed: int, count: int, constraints: ConstraintMap | None = None,
               fixed: FixedMap | None = None, max_candidates: int = DEFAULT_CANDIDATES) -> DealBatch:
    """``count`` deals meeting ``constraints`` with ``fixed`` cards placed, from ``seed``.

    Raises :class:`DealGenerationError` when the constraints cannot be met, or when
    ``max_candidates`` candidate deals gave fewer than ``count``.
    """
    plan = plan_deals(constraints, fixed)
    return draw_batch(plan, generator(seed), count, max_candidates)


def draw_batch(plan: DealPlan, gen: Generator, count: int,
               max_candidates: int = DEFAULT_CANDIDATES) -> DealBatch:
    """``count`` deals of ``plan`` drawn from ``gen`` (see :func:`deal_batch`)."""
    found: list[Cards] = []
    got = drawn = 0
    chunk = min(max(count, 64), MAX_CHUNK)
    while got < count and drawn < max_candidates:
        n = min(chunk, max_candidates - drawn)
        hands = plan.candidates(gen, n, shuffle=True)
        drawn += n
        found.append(hands)
        got += len(hands)
        rate = max(got, 1) / drawn  # the observed acceptance sizes the next chunk
        chunk = int(min(MAX_CHUNK, max(256, 1.2 * (count - got) / rate)))
    if got < count:
        raise DealGenerationError(
            f"only {got} of {count} deals met the constraints on {plan.seats} "
            f"in {drawn:,} candidate deals")
    hands = np.concatenate(found)[:count] if found else np.empty((0, 4, HAND_SIZE), dtype=np.uint8)
    return DealBatch(hands, drawn)
