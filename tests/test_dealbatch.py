"""Batch deal generation: uniform where unconstrained, every constraint met, reproducible.

Every check here counts cards with its own plain Python (sets of cards per hand),
never with the vectorised tables of :mod:`tutor.engine.deals.batch`. The chi-square
critical values are the upper 0.1 % points of the chi-square law (Wilson–Hilferty
approximation, within 0.5 % of the tables for these degrees of freedom); with fixed
seeds the tests are deterministic, and a biased generator fails them by far.
"""

from __future__ import annotations

from collections import Counter
from math import comb

import numpy as np
import pytest
from work_bounds import call_budget

from tutor.engine.cards import FULL_PACK, SEATS, Card, Deal, Hand, Rank, Seat, Suit
from tutor.engine.deals.batch import (
    PACK,
    CardCount,
    Points,
    aces,
    deal_batch,
    holds,
    honours,
    lacks,
    shown_out,
    suit_length,
)
from tutor.engine.errors import DealGenerationError

ACES = frozenset(c for c in FULL_PACK if c.rank is Rank.ACE)
SPADES = frozenset(c for c in FULL_PACK if c.suit is Suit.SPADES)
WORK = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def wilson_hilferty(df: int, z: float = 3.090) -> float:
    """Upper quantile of chi-square(df) for the normal quantile z (3.090: the 0.1 % point)."""
    return float(df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3)


def chi_square(observed: np.ndarray, expected: np.ndarray) -> float:
    return float(((observed - expected) ** 2 / expected).sum())


def holder_table(deals: list[Deal]) -> np.ndarray:
    """table[card, seat]: in how many deals ``seat`` holds ``card`` (counted deal by deal)."""
    index = {card: i for i, card in enumerate(FULL_PACK)}
    table = np.zeros((len(FULL_PACK), 4))
    for deal in deals:
        for s, seat in enumerate(SEATS):
            for card in deal[seat].cards:
                table[index[card], s] += 1
    return table


def count(hand: Hand, cards: frozenset[Card]) -> int:
    return len(hand.cards & cards)


def points(hand: Hand) -> int:
    return sum(WORK.get(c.rank, 0) for c in hand.cards)


def is_full_deal(deal: Deal) -> bool:
    cards = [c for s in SEATS for c in deal[s].cards]
    return all(len(deal[s]) == 13 for s in SEATS) and len(cards) == 52 and set(cards) == set(FULL_PACK)


def test_laws_16_and_25_unconstrained_deals_are_uniform_on_card_positions() -> None:
    # Each card lies with each seat with chance 1/4. Cells: 52 cards x 4 seats; each card's
    # row sums to n and each seat's column to 13 n, leaving 52 x 3 - 3 = 153 free cells.
    n = 12_000
    deals = list(deal_batch(2026, n))
    assert all(is_full_deal(d) for d in deals[:200])
    stat = chi_square(holder_table(deals), np.full((52, 4), n / 4))
    assert stat < wilson_hilferty(153), stat
    assert stat > 153 / 3  # far below the mean would mean deals that are too even to be random


def test_built_seat_leaves_the_other_cards_uniform() -> None:
    # North is given all four aces: every other card lies with North with chance 9/48 and
    # with each other seat with chance 13/48 (48 cards, nine places left in North's hand).
    n = 6_000
    deals = list(deal_batch(7, n, {Seat.N: [aces(4)]}))
    assert all(count(d[Seat.N], ACES) == 4 for d in deals)
    others = [i for i, c in enumerate(FULL_PACK) if c not in ACES]
    table = holder_table(deals)[others]
    expected = np.tile(np.array([9, 13, 13, 13]) / 48 * n, (len(others), 1))
    assert chi_square(table, expected) < wilson_hilferty(48 * 3 - 3)


def test_at_least_three_aces_follows_the_hypergeometric_odds() -> None:
    # P(3 aces) / P(4 aces) = C(4,3) C(48,10) / (C(4,4) C(48,9)) = 15.6
    batch = deal_batch(3, 20_000, {Seat.N: [aces(3)]})
    got = Counter(count(d[Seat.N], ACES) for d in batch)
    assert set(got) == {3, 4}
    expected = comb(4, 3) * comb(48, 10) / comb(48, 9)
    assert abs(got[3] / got[4] - expected) / expected < 0.15


@pytest.mark.slow
def test_two_seats_built_together_match_plain_rejection() -> None:
    # "North 5+ spades and South 2+ aces", built at once, against uniform deals kept only when
    # they meet both (counted here): the spade and ace counts of both seats have the same law.
    wanted = {Seat.N: [suit_length(Suit.SPADES, 5)], Seat.S: [aces(2)]}
    built = list(deal_batch(11, 3_000, wanted))
    plain = [d for d in deal_batch(12, 60_000)
             if count(d[Seat.N], SPADES) >= 5 and count(d[Seat.S], ACES) >= 2]
    assert len(plain) > 2_000

    def law(deals: list[Deal]) -> Counter[tuple[int, int]]:
        return Counter((min(count(d[Seat.N], SPADES), 7), count(d[Seat.S], ACES)) for d in deals)

    a, b = law(built), law(plain)
    cells = sorted(set(a) | set(b))
    table = np.array([[a[c] for c in cells], [b[c] for c in cells]], dtype=float)
    expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0, keepdims=True) / table.sum()
    assert chi_square(table, expected) < wilson_hilferty(len(cells) - 1)


CASES = {
    "ledger: North 5-7 spades and 2+ aces": ({Seat.N: [suit_length(Suit.SPADES, 5, 7), aces(2)]}, {}),
    "two seats": ({Seat.N: [suit_length(Suit.SPADES, 5)], Seat.S: [aces(3)]}, {}),
    "three seats and points": ({Seat.N: [aces(1, 1), Points(12, 16)], Seat.E: [shown_out(Suit.HEARTS)],
                                Seat.S: [honours(3, 13, Suit.CLUBS), suit_length(Suit.DIAMONDS, 0, 2)]}, {}),
    "sampler: own hand and cards seen": (
        {Seat.N: [holds(Card.parse("HQ")), suit_length(Suit.CLUBS, 4)],
         Seat.E: [lacks(Card.parse("SK"), Card.parse("DA")), shown_out(Suit.SPADES)]},
        {Seat.W: Hand.parse("AQJ4.K32.Q5.K874").cards, Seat.S: {Card.parse("S2"), Card.parse("H7")}}),
    "all four aces with one placed elsewhere is a count of three": (
        {Seat.E: [aces(3)]}, {Seat.W: {Card.parse("SA")}}),
}


def meets(hand: Hand, constraint: CardCount | Points) -> bool:
    if isinstance(constraint, Points):
        return constraint.minimum <= points(hand) <= constraint.maximum
    return constraint.minimum <= count(hand, constraint.cards) <= constraint.maximum


@pytest.mark.parametrize("name", list(CASES))
def test_every_deal_of_a_batch_meets_every_constraint(name: str) -> None:
    constraints, fixed = CASES[name]
    batch = deal_batch(5, 400, constraints, fixed)
    assert len(batch) == 400
    for deal in batch:
        assert is_full_deal(deal)
        for seat, cards in fixed.items():
            assert set(cards) <= deal[seat].cards
        for seat, cs in constraints.items():
            for c in cs:
                assert meets(deal[seat], c), (name, seat, c, deal)


def test_same_seed_same_deals_and_another_seed_others() -> None:
    spec = {Seat.N: [suit_length(Suit.SPADES, 5)], Seat.S: [aces(3)]}
    first, again = deal_batch(99, 300, spec), deal_batch(99, 300, spec)
    assert np.array_equal(first.hands, again.hands)
    assert list(first) == list(again)
    assert not np.array_equal(first.hands, deal_batch(100, 300, spec).hands)


def test_owners_and_hands_agree() -> None:
    batch = deal_batch(4, 50)
    owners = batch.owners()
    for i, deal in enumerate(batch):
        for card_index, seat_index in enumerate(owners[i].tolist()):
            assert PACK[card_index] in deal[SEATS[seat_index]]


@pytest.mark.parametrize(("constraints", "fixed", "words"), [
    ({Seat.N: [aces(5, 5)]}, {}, "N must hold 5"),
    ({Seat.N: [suit_length(Suit.SPADES, 7)], Seat.S: [suit_length(Suit.SPADES, 7)]}, {}, "together"),
    ({Seat.N: [suit_length(Suit.SPADES, 8), suit_length(Suit.HEARTS, 6)]}, {}, "together"),
    ({Seat.E: [holds(Card.parse("SA"))]}, {Seat.W: {Card.parse("SA")}}, "E must hold 1 of SA"),
    ({Seat.N: [Points(30)], Seat.S: [Points(15)]}, {}, "candidate deals"),
])
def test_impossible_constraints_give_one_clear_line_within_their_budget(
        constraints: dict[Seat, list[CardCount | Points]], fixed: dict[Seat, set[Card]], words: str) -> None:
    """Refused by the counts' arithmetic or after the candidate budget; the work is vectorised, so
    the Python calls stay few (a bound on work, not a time: tests/work_bounds.py)."""
    with call_budget(200_000), pytest.raises(DealGenerationError, match=words) as caught:
        deal_batch(1, 10, constraints, fixed, max_candidates=50_000)
    assert "\n" not in str(caught.value)


def test_a_card_placed_twice_is_refused() -> None:
    with pytest.raises(DealGenerationError, match="two hands"):
        deal_batch(1, 5, fixed={Seat.N: {Card.parse("SA")}, Seat.S: {Card.parse("SA")}})
