"""Law 141's second cut, law 112 / ≈107 (ruff partner's suit or let it pass) and law 145 (make a void).

Law 141 (RO l.267; TH l.655): after the jack from A J 10 lost to the left-hand opponent's king
or queen, cut again with the ten when the right-hand opponent leads small again - unless the
left-hand opponent has shown both honours. Law 112 (RO l.207; TH l.595; RU l.265) and ≈107
(RU l.257; RO-sum l.645): the supporting player ruffs a suit his partner named unless he is
sure partner holds the higher card. Law 145 (RO l.277; TH l.665; RU l.313): throw the one or
two small cards of a short suit on a suit partner is cashing.
"""

from __future__ import annotations

from typing import Any

import pytest
from playsamples import drills, positions

from tutor.engine.calls import Contract
from tutor.engine.cards import Card, Hand, Rank, Seat
from tutor.engine.conventions.play.holdings import matches
from tutor.engine.conventions.vocabularies import PLAY
from tutor.engine.play.position import PlayPosition
from tutor.engine.rules import Rules
from tutor.lessons.play.rules import rule_named

#: E leads H4, S (declarer N's partner) puts the jack, W wins with the king, N follows;
#: W leads D3 to E's ace. E is on lead again.
JACK_LOST = ["H4", "HJ", "HK", "H2", "D3", "D5", "DA", "D2"]


def _position(hand: str, calls: list[str], contract: str, seat: str, played: list[str],
              trick: list[str]) -> PlayPosition:
    return PlayPosition.from_cards(
        seat=Seat.parse(seat), hand=Hand.parse(hand), dealer=Seat.N, calls=calls,
        contract=Contract.parse(contract, "N"), played=[Card.parse(c) for c in played],
        trick=[Card.parse(c) for c in trick])


def _feature(p: PlayPosition, name: str, **args: Any) -> Any:
    return PLAY.feature(name).value(p, args)


@pytest.mark.parametrize(("holding", "expected"), [
    ("AT", True), ("AT53", True), ("AJT", False), ("AKT", False), ("AQT", False), ("A53", False),
])
def test_law_141_the_a10_holding_left_after_the_jack(holding: str, expected: bool) -> None:
    ranks = tuple(Rank.parse(ch) for ch in holding)
    assert matches("AT", ranks, Rules()) is expected


def test_law_141_jack_lost_to_the_left_hand_opponent_is_read_from_the_tricks() -> None:
    p = _position("T98.AT3.Q8.432", ["2S"], "2S", "S", JACK_LOST, ["H6"])
    assert _feature(p, "jack_cut_lost_to_lho") is True
    assert _feature(p, "lho_showed_both_honours") is False


def test_law_141_jack_won_by_partner_is_not_a_lost_cut() -> None:
    history = ["H4", "HJ", "H2", "HK", "D5", "DA", "D2", "D3"]  # N, S's partner, overtook with the king
    p = _position("T98.AT3.Q8.432", ["2S"], "2S", "S", history, ["H6"])
    assert _feature(p, "jack_cut_lost_to_lho") is False


def test_law_141_jack_lost_in_another_suit_does_not_count() -> None:
    p = _position("T98.AT3.Q8.432", ["2S"], "2S", "S", JACK_LOST[:4] + ["D3", "D5", "DA", "D2"], ["C5"])
    assert _feature(p, "jack_cut_lost_to_lho") is False


def test_law_141_exception_lho_named_the_suit() -> None:
    p = _position("T98.AT3.Q8.432", ["1S", "P", "P", "1H", "2S"], "2S", "S", JACK_LOST, ["H6"])
    assert _feature(p, "lho_showed_both_honours") is True


def test_law_141_exception_lho_played_king_and_queen() -> None:
    history = ["H4", "HJ", "HK", "H2", "HQ", "H3", "H5", "H7", "D3", "D5", "DA", "D2"]
    p = _position("T98.AT8.Q8.43", ["2S"], "2S", "S", history, ["H6"])
    assert _feature(p, "lho_showed_both_honours") is True


def test_law_145_partner_cashing_his_ace() -> None:
    p = _position("KT982..976543.32", ["2S"], "2S", "W", [], ["HA", "H2"])
    assert _feature(p, "partner_cashing") is True


def test_law_145_partners_king_is_cashing_only_once_the_ace_is_gone() -> None:
    before = _position("KT982..976543.32", ["2S"], "2S", "W", [], ["HK", "H2"])
    after = _position("KT98..976543.32", ["2S"], "2S", "W", ["HA", "H2", "H3", "H4"], ["HK", "H5"])
    assert _feature(before, "partner_cashing") is False and _feature(after, "partner_cashing") is True


def test_law_145_partners_ace_ruffed_by_second_hand_is_not_cashing() -> None:
    p = _position("KT98..976543.432", ["2S"], "2S", "W", [], ["HA", "S2"])
    assert _feature(p, "partner_cashing") is False


def test_law_145_discard_from_names_only_the_short_suit_of_small_cards() -> None:
    p = _position("KT982..976543.32", ["2S"], "2S", "W", [], ["HA", "H2"])
    choice = rule_named("discard-145-make-a-void-on-partners-winners").recommend(p)
    assert choice.cards == {Card.parse("C3"), Card.parse("C2")}


def test_law_141_drill_replays_the_lost_jack_then_cuts_with_the_ten() -> None:
    for position, advice in positions("second-141-ten-on-the-second-round"):
        suit = position.led_suit
        assert position.trick.leader is position.rho
        cut = [t for t in position.tricks if dict(t.plays).get(position.seat) == Card(suit, Rank.JACK)]
        assert cut and cut[-1].winner(position.trump) is position.lho  # the jack lost to the left
        assert advice.answer.cards == {Card(suit, Rank.TEN)}


def test_law_112_drill_is_the_supporter_void_in_the_declarers_suit() -> None:
    for drill in drills("discard", "ruff-112-supporter-ruffs-partners-suit"):
        pos = drill.position
        assert pos["seat"] != pos["declarer"] and Seat.parse(pos["seat"]).partner is Seat.parse(pos["declarer"])
        trump = pos["contract"][-1]
        assert drill.accepted and all(card[0] == trump for card in drill.accepted)


def test_law_r107_drill_partner_wins_and_the_learner_discards() -> None:
    for position, advice in positions("discard-r107-do-not-ruff-partners-winning-suit"):
        assert position.place == 4 and position.winning() is position.partner
        assert position.led_suit in position.named_suits(position.partner)
        assert position.trump is not None and position.trump not in advice.answer.suits


def test_law_145_drill_throws_a_short_suit_of_small_cards() -> None:
    for position, advice in positions("discard-145-make-a-void-on-partners-winners"):
        (suit,) = advice.answer.suits
        assert suit is not position.trump and suit is not position.led_suit
        assert advice.answer.cards == set(position.hand.suit_cards(suit))
        assert 1 <= len(advice.answer.cards) <= 2 and all(c.rank <= Rank.NINE for c in advice.answer.cards)
