"""Cards, seats, hands and deals: notation round-trips and the seating laws."""

from __future__ import annotations

import random

import pytest

from tutor.engine.cards import (
    FULL_PACK,
    SEATS,
    Card,
    Deal,
    Hand,
    Rank,
    Seat,
    Side,
    Suit,
)
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import NotationError


def test_law_1_the_pack_has_52_distinct_cards() -> None:
    assert len(FULL_PACK) == 52 == len(set(FULL_PACK))


def test_law_3_partners_sit_opposite() -> None:
    assert Seat.N.partner is Seat.S and Seat.E.partner is Seat.W
    assert Seat.N.side is Seat.S.side is Side.NS
    assert Seat.E.side is Seat.W.side is Side.EW


def test_law_28_turn_passes_to_the_left() -> None:
    assert [Seat.N.next(), Seat.E.next(), Seat.S.next(), Seat.W.next()] == [Seat.E, Seat.S, Seat.W, Seat.N]
    for seat in SEATS:
        assert seat.lho.rho is seat
        assert seat.partner.partner is seat
        assert seat.lho.lho is seat.partner


def test_ace_is_the_highest_card_in_play() -> None:
    assert max(Rank) is Rank.ACE and min(Rank) is Rank.TWO


@pytest.mark.parametrize("card", FULL_PACK, ids=str)
def test_card_notation_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card  # noqa: S307 - repr must read back as code


def test_card_accepts_ten_as_10_and_suit_symbols() -> None:
    assert Card.parse("D10") == Card.parse("DT") == Card.parse("♦T")


@pytest.mark.parametrize("bad", ["", "S", "X5", "S1", "SZ", "S11", "10"])
def test_bad_cards_raise_notation_error_naming_the_input(bad: str) -> None:
    with pytest.raises(NotationError) as err:
        Card.parse(bad)
    assert f"bad card {bad!r}" in str(err.value)


def test_hand_pbn_round_trip_and_order() -> None:
    hand = Hand.parse("AKQ.JT9.876.5432")
    assert hand.to_pbn() == "AKQ.JT9.876.5432"
    assert hand.length(Suit.CLUBS) == 4
    assert [str(c) for c in hand.suit_cards(Suit.SPADES)] == ["SA", "SK", "SQ"]
    assert Hand.parse(hand.to_pbn()) == hand and hash(Hand.parse("AKQ.JT9.876.5432")) == hash(hand)


def test_hand_with_a_void_and_a_ten_written_10() -> None:
    hand = Hand.parse("A10.-.KQJ.")
    assert hand.to_pbn() == "AT..KQJ."
    assert len(hand) == 5


def test_hand_refuses_a_card_twice() -> None:
    with pytest.raises(NotationError, match="twice"):
        Hand.parse("AA...")


def test_deal_pbn_round_trips_from_any_first_seat() -> None:
    deal = random_deal(random.Random(11))
    for first in SEATS:
        text = deal.to_pbn(first)
        assert text.startswith(f"{first.value}:")
        assert Deal.from_pbn(text) == deal
    assert eval(repr(deal), {"Deal": Deal}) == deal  # noqa: S307


def test_deal_refuses_a_card_in_two_hands() -> None:
    with pytest.raises(NotationError, match="held by both"):
        Deal.from_pbn("N:A... A... ... ...")


@pytest.mark.parametrize(
    "bad",
    ["", "N:", "X:AKQ.JT9.876.5432", "N:AKQ.JT9.876", "N:a b c", "AKQ.JT9.876.5432"],
)
def test_bad_deals_raise_notation_error(bad: str) -> None:
    with pytest.raises(NotationError):
        Deal.from_pbn(bad)


def test_deal_diagram_shows_every_card() -> None:
    deal = random_deal(random.Random(5))
    diagram = deal.diagram()
    assert "North" in diagram and "South" in diagram and "West" in diagram and "East" in diagram
    ranks_shown = sum(diagram.count(ch) for ch in "AKQJ98765432") + diagram.count("10")
    assert ranks_shown == 52


@pytest.mark.parametrize("text", ["C10", "♣10", "CT", "10C", "TC", "c10", "10♣", " C10 "])
def test_the_ten_of_clubs_is_read_however_a_player_writes_it(text: str) -> None:
    """Issue 20: learners see "10"; input accepts C10, ♣10, CT and 10C alike."""
    assert Card.parse(text) == Card(Suit.CLUBS, Rank.TEN)


@pytest.mark.parametrize("text", ["CS", "S1", "10", "X", "SAK", "11C"])
def test_a_card_that_is_not_a_card_is_refused_with_its_text(text: str) -> None:
    with pytest.raises(NotationError, match="bad card"):
        Card.parse(text)
