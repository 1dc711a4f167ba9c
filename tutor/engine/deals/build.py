"""Constructive dealing for :mod:`tutor.engine.deals.batch`: seats built to meet card counts.

A *count* asks a seat to hold between ``low`` and ``high`` of a set of cards (after the
cards already placed there). The free cards are split into *atoms* by which of the
built seats' sets they belong to; a *composition* says how many cards of each atom
each built seat receives. The number of deals with a given composition is a product
of multinomials, so drawing a composition with that weight and then the cards within
each atom uniformly gives every deal meeting the counts the same chance — however
rare the counts are.

Several seats can be built together ("North 5+ spades and South 3+ aces"): their
compositions are combined where the atoms have cards enough for all. When the
combinations grow past :data:`MAX_JOINT`, the least rare seats are left to rejection.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import lgamma

import numpy as np
from numpy.random import Generator
from numpy.typing import NDArray

#: At most this many count vectors per seat, and this many joint vectors over all built seats.
MAX_COMPOSITIONS = 20_000
MAX_JOINT = 200_000

Count = tuple[frozenset[int], int, int]  # card indices, low, high (net of the placed cards)


@dataclass(frozen=True)
class SeatCounts:
    """The counts one seat must meet, and how many free cards it still needs."""

    seat: int
    need: int
    counts: tuple[Count, ...]


@dataclass(frozen=True, eq=False)
class Build:
    """Built seats: the atoms of the free cards and the weighted joint compositions."""

    seats: tuple[int, ...]
    needs: tuple[int, ...]
    atom_key: NDArray[np.float64]  # atom id of each free card, to sort the atoms into blocks
    offset: NDArray[np.int64]  # sorted position → position within its atom's block
    atom_at: NDArray[np.int64]  # sorted position → atom id
    compositions: NDArray[np.int64]  # (c, seats, atoms)
    cumulative: NDArray[np.float64]  # (c,) cumulative weights
    share: float  # the share of all deals of the free cards meeting the built counts

    def draw(self, gen: Generator, pool: NDArray[np.uint8], n: int) -> tuple[list[NDArray[np.uint8]],
                                                                             NDArray[np.uint8]]:
        """Per built seat its drawn cards ``(n, need)``, and the other free cards shuffled."""
        pick = np.searchsorted(self.cumulative, gen.random(n) * self.cumulative[-1], side="right")
        wanted = self.compositions[np.minimum(pick, len(self.cumulative) - 1)]
        # integer atom id + a uniform key: the atoms come out as blocks, each in random order
        cards = pool[np.argsort(self.atom_key[None, :] + gen.random((n, len(pool))), axis=1)]
        own: list[NDArray[np.uint8]] = []
        below = np.zeros((n, len(pool)), dtype=np.int64)
        for j, need in enumerate(self.needs):
            upto = below + wanted[:, j, self.atom_at]
            take = (self.offset[None, :] >= below) & (self.offset[None, :] < upto)
            own.append(cards[take].reshape(n, need))
            below = upto
        rest = cards[self.offset[None, :] >= below].reshape(n, len(pool) - sum(self.needs))
        # fresh keys: the blocks left behind are not in a uniform order across atoms
        return own, np.take_along_axis(rest, np.argsort(gen.random(rest.shape), axis=1), axis=1)


class CountsUnmet(ValueError):
    """The counts of ``seats`` cannot be met together (the seats are named, never parsed from a message)."""

    def __init__(self, seats: Sequence[int]) -> None:
        self.seats = tuple(seats)
        super().__init__(",".join(str(s) for s in self.seats))


def plan_build(seats: Sequence[SeatCounts], pool: Sequence[int]) -> tuple[Build | None, list[SeatCounts]]:
    """The build for the rarest seats that fit together, and the seats' counts it covers.

    Raises :class:`CountsUnmet` (naming the seats) when their counts cannot be met together.
    With no free card (every card placed: one layout) there is nothing to build: the counts
    over the placed cards are the caller's to check.
    """
    if not pool:
        return None, []
    alone = []
    for sc in seats:
        build = _joint([sc], pool)
        if build is not None:
            if not len(build.compositions):
                raise CountsUnmet([sc.seat])
            alone.append((build.share, sc))
    chosen: list[SeatCounts] = []
    best: Build | None = None
    for _, sc in sorted(alone, key=lambda pair: pair[0]):
        trial = _joint([*chosen, sc], pool)
        if trial is not None and not len(trial.compositions):  # every combination counted: none fits
            raise CountsUnmet([s.seat for s in [*chosen, sc]])
        if trial is not None:
            chosen, best = [*chosen, sc], trial
    return best, chosen


def _joint(seats: list[SeatCounts], pool: Sequence[int]) -> Build | None:
    """The joint build of ``seats``, or None when it has too many compositions."""
    members = [frozenset(cards) for sc in seats for cards, _, _ in sc.counts]
    signature = [tuple(i in m for m in members) for i in pool]
    kinds = sorted(set(signature), reverse=True)
    atom = np.array([kinds.index(sig) for sig in signature], dtype=np.int64)
    sizes = [int((atom == a).sum()) for a in range(len(kinds))]
    joint: NDArray[np.int64] = np.zeros((1, 0, len(sizes)), dtype=np.int64)
    column = 0
    for sc in seats:
        bounds = []
        for _, low, high in sc.counts:
            bounds.append(([a for a, sig in enumerate(kinds) if sig[column]], low, high))
            column += 1
        found = _compositions(sizes, sc.need, bounds)
        if found is None:
            return None
        combined = _combine(joint, np.array(found, dtype=np.int64).reshape(-1, len(sizes)), sizes)
        if combined is None:
            return None
        joint = combined
    log_w = _log_weights(joint, sizes)
    top = float(log_w.max()) if len(log_w) else 0.0
    weights = np.exp(log_w - top)
    needs = [sc.need for sc in seats]
    total = _log_multinomial(len(pool), [*needs, len(pool) - sum(needs)])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    atom_at = np.repeat(np.arange(len(sizes)), sizes)
    return Build(tuple(sc.seat for sc in seats), tuple(needs), atom.astype(np.float64),
                 np.arange(len(pool)) - starts[atom_at], atom_at, joint, np.cumsum(weights),
                 float(np.exp(top - total) * weights.sum()) if len(log_w) else 0.0)


def _combine(joint: NDArray[np.int64], seat: NDArray[np.int64], sizes: list[int]) -> NDArray[np.int64] | None:
    """Every pair of a joint vector and a seat vector that the atoms have cards enough for."""
    if len(joint) * len(seat) > MAX_JOINT * 20:
        return None
    used = joint.sum(axis=1)  # (j, atoms)
    fits = ((used[:, None, :] + seat[None, :, :]) <= np.array(sizes)[None, None, :]).all(axis=2)
    left, right = np.nonzero(fits)
    if len(left) > MAX_JOINT:
        return None
    return np.concatenate([joint[left], seat[right][:, None, :]], axis=1)


def _log_weights(joint: NDArray[np.int64], sizes: list[int]) -> NDArray[np.float64]:
    """log of the number of deals per joint composition: ∏ over atoms of a multinomial."""
    lf = np.array([lgamma(k + 1) for k in range(max(sizes, default=0) + 1)])
    size = np.array(sizes)
    rest = size[None, :] - joint.sum(axis=1)
    return (lf[size][None, :] - lf[joint].sum(axis=1) - lf[rest]).sum(axis=1)  # type: ignore[no-any-return]


def _log_multinomial(n: int, parts: list[int]) -> float:
    return lgamma(n + 1) - sum(lgamma(k + 1) for k in parts)


def _compositions(sizes: list[int], need: int,
                  bounds: list[tuple[list[int], int, int]]) -> list[tuple[int, ...]] | None:
    """Every vector of cards per atom summing to ``need`` within the bounds; None if too many."""
    out: list[tuple[int, ...]] = []
    after = [sum(sizes[a:]) for a in range(len(sizes) + 1)]
    # for each bound, the cards its atoms from position a on could still add
    room = [[sum(sizes[i] for i in m if i >= a) for a in range(len(sizes) + 1)] for m, _, _ in bounds]
    budget = [MAX_COMPOSITIONS * 8]

    def feasible(a: int, ks: list[int]) -> bool:
        for (m, lo, hi), spare in zip(bounds, room):
            have = sum(ks[i] for i in m if i < a)
            if have > hi or have + spare[a] < lo:
                return False
        return True

    def walk(a: int, left: int, ks: list[int]) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if not feasible(a, ks):
            return True
        if a == len(sizes):
            if left == 0:
                out.append(tuple(ks))
            return len(out) <= MAX_COMPOSITIONS
        for k in range(max(0, left - after[a + 1]), min(sizes[a], left) + 1):
            ks.append(k)
            ok = walk(a + 1, left - k, ks)
            ks.pop()
            if not ok:
                return False
        return True

    return out if walk(0, need, []) else None
