"""The batch dealer's shuffle deals every card to every seat equally often (law 16: the pack is
shuffled and dealt, each player thirteen cards). Expectation: independent of the code --
a uniform deal gives each card to each seat with probability 1/4, so over N deals the count
is binomial(N, 1/4); every count must lie within 5 standard deviations of N/4 (a seeded run)."""

from __future__ import annotations

import math

import numpy as np

from tutor.engine.deals.batch import deal_batch, generator, shuffled


def test_every_card_goes_to_every_seat_a_quarter_of_the_time() -> None:
    n = 20_000
    hands = deal_batch(7, n).hands  # (n, 4, 13)
    owners = np.zeros((4, 52), dtype=np.int64)
    for seat in range(4):
        np.add.at(owners[seat], hands[:, seat, :].reshape(-1), 1)
    sd = math.sqrt(n * 0.25 * 0.75)
    assert np.all(np.abs(owners - n / 4) < 5 * sd), owners
    assert np.all(owners.sum(axis=0) == n)  # each card exactly once a deal


def test_a_shuffled_row_is_the_pool_in_another_order_and_each_place_is_uniform() -> None:
    pool = np.arange(52, dtype=np.uint8)
    rows = shuffled(generator(3), pool, 10_400, 39)
    assert all(sorted(r.tolist()) == list(range(52)) for r in rows[:200])
    n = rows.shape[0]
    sd = math.sqrt(n * (1 / 52) * (51 / 52))
    for place in (0, 20, 38):  # a drawn place: each card 1/52 of the time
        counts = np.bincount(rows[:, place], minlength=52)
        assert np.all(np.abs(counts - n / 52) < 5 * sd), (place, counts)
