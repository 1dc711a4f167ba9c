"""Trick play: following suit, trumping, the winner leads, revokes (laws ≈108, 145–159)."""

from __future__ import annotations

import pytest

from tutor.engine.calls import Contract
from tutor.engine.cards import Card, Deal, Seat, Side, Suit
from tutor.engine.errors import IllegalPlayError
from tutor.engine.play import opening_leader, vint_play
from tutor.engine.tricks import TrickPlay, trick_winner

DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def c(text: str) -> Card:
    return Card.parse(text)


def test_tutor_reading_the_defender_on_the_declarers_left_leads() -> None:
    for declarer in Seat:
        assert opening_leader(Contract.parse("1S", declarer.value)) is declarer.lho
    assert vint_play(DEAL, Contract.parse("3H", "S")).to_play is Seat.W


def test_law_r108_must_follow_suit_when_able() -> None:
    play = TrickPlay(DEAL, trump=None, leader=Seat.N)
    play.play(c("SA"))
    assert play.legal_cards() == frozenset(DEAL[Seat.E].suit_cards(Suit.SPADES))
    with pytest.raises(IllegalPlayError) as err:
        play.play(c("HJ"))
    assert err.value.law == "law-147" and "revoke" in str(err.value)


def test_law_r108_void_player_may_trump_or_discard() -> None:
    play = TrickPlay(DEAL, trump=Suit.HEARTS, leader=Seat.N)
    for card in ("SA", "ST", "S6", "S2"):
        play.play(c(card))
    play.play(c("SK"))  # North leads again: won the first trick
    play.play(c("S9"))
    play.play(c("S5"))
    assert play.legal_cards() == DEAL[Seat.W].cards - {c("S2")}  # West is void in spades now


def test_highest_trump_wins_else_highest_of_the_suit_led() -> None:
    plays = [(Seat.N, c("S2")), (Seat.E, c("SA")), (Seat.S, c("H2")), (Seat.W, c("D9"))]
    assert trick_winner(plays, Suit.HEARTS) is Seat.S
    assert trick_winner(plays, None) is Seat.E
    assert trick_winner(plays, Suit.CLUBS) is Seat.E


def test_the_winner_leads_to_the_next_trick() -> None:
    play = TrickPlay(DEAL, trump=None, leader=Seat.E)
    for card in ("ST", "S6", "S2", "SA"):
        play.play(c(card))
    assert play.tricks[0].winner(None) is Seat.N and play.to_play is Seat.N


def test_law_167_out_of_turn_play_is_refused() -> None:
    play = TrickPlay(DEAL, trump=None, leader=Seat.N)
    with pytest.raises(IllegalPlayError) as err:
        play.play(c("ST"), seat=Seat.E)
    assert err.value.law == "law-167"


def test_a_card_not_held_is_refused() -> None:
    play = TrickPlay(DEAL, trump=None, leader=Seat.N)
    with pytest.raises(IllegalPlayError, match="does not hold"):
        play.play(c("S2"))


def test_law_147_a_revoke_can_be_recorded_deliberately() -> None:
    play = TrickPlay(DEAL, trump=None, leader=Seat.N)
    play.play(c("SA"))
    record = play.play(c("HJ"), allow_revoke=True)
    assert record.revoke and play.revokes == (record,)


def test_grand_slam_deal_all_thirteen_tricks_to_north() -> None:
    play = vint_play(DEAL, Contract.parse("7NT", "N"))
    while not play.is_complete:
        play.play(max(play.legal_cards(), key=lambda card: card.rank))
    assert play.tricks_won(Side.NS) == 13 and play.tricks_won(Side.EW) == 0
    assert len(play.tricks) == 13
