"""Seeded deal generation: reproducible, complete, and meeting its constraints."""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import pytest

from tutor.engine.cards import FULL_PACK, SEATS, Card, Hand, Rank, Seat, Suit
from tutor.engine.deals.generate import CardCount, constrained_deal, deal_with, random_deal
from tutor.engine.errors import DealGenerationError

ACES = frozenset(c for c in FULL_PACK if c.rank is Rank.ACE)


def _is_full_pack(deal_cards: list[Card]) -> bool:
    return sorted(deal_cards) == sorted(FULL_PACK)


def test_same_seed_same_deal_different_seed_different_deal() -> None:
    assert random_deal(random.Random(42)) == random_deal(random.Random(42))
    assert random_deal(random.Random(42)) != random_deal(random.Random(43))


@pytest.mark.parametrize("seed", range(50))
def test_laws_16_and_25_every_deal_gives_13_cards_to_each_of_four(seed: int) -> None:
    deal = random_deal(random.Random(seed))
    assert all(len(deal[s]) == 13 for s in SEATS)
    assert _is_full_pack([c for s in SEATS for c in deal[s]])


def test_pre_placed_cards_stay_where_they_were_put() -> None:
    fixed = {Seat.S: [Card.parse("SA"), Card.parse("SK")], Seat.W: [Card.parse("H2")]}
    for seed in range(20):
        deal = deal_with(random.Random(seed), fixed)
        assert {Card.parse("SA"), Card.parse("SK")} <= deal[Seat.S].cards
        assert Card.parse("H2") in deal[Seat.W]
        assert deal.is_complete


def test_north_holds_all_four_aces_constructively() -> None:
    four_aces = CardCount(ACES, 4, 4)
    for seed in range(200):
        deal = constrained_deal(random.Random(seed), {Seat.N: [four_aces]})
        assert deal[Seat.N].cards >= ACES and deal.is_complete


def test_constructive_count_is_not_biased_within_its_range() -> None:
    # "at least three aces": P(3)/P(4) = C(4,3)C(48,10) / (C(4,4)C(48,9)) = 15.6
    at_least_three = CardCount(ACES, 3)
    counts = Counter(
        len(constrained_deal(random.Random(seed), {Seat.N: [at_least_three]})[Seat.N].cards & ACES)
        for seed in range(3000)
    )
    assert set(counts) == {3, 4}
    ratio = counts[3] / counts[4]
    expected = comb(4, 3) * comb(48, 10) / (comb(4, 4) * comb(48, 9))
    assert abs(ratio - expected) / expected < 0.25, (ratio, expected)


def test_predicate_constraints_on_two_seats() -> None:
    def long_spades(hand: Hand) -> bool:
        return hand.length(Suit.SPADES) >= 6

    def void_hearts(hand: Hand) -> bool:
        return hand.length(Suit.HEARTS) == 0

    deal = constrained_deal(random.Random(3), {Seat.N: [long_spades], Seat.E: [void_hearts]})
    assert deal[Seat.N].length(Suit.SPADES) >= 6 and deal[Seat.E].length(Suit.HEARTS) == 0


def test_impossible_constraints_raise_a_clear_error() -> None:
    five_aces = CardCount(ACES, 5, 5)
    with pytest.raises(DealGenerationError, match="constraints"):
        constrained_deal(random.Random(1), {Seat.N: [five_aces]}, attempts=100)


def test_a_card_placed_twice_is_refused() -> None:
    with pytest.raises(DealGenerationError, match="two hands"):
        deal_with(random.Random(1), {Seat.N: [Card.parse("SA")], Seat.S: [Card.parse("SA")]})
