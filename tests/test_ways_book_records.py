"""The ways' records as the book gives them: the buy-in five, the two-handed revoke and thrown-in deal,
an unfinished rubber, odd differences, the single announcement and the draw for the first dummy.

RO = 000_…txt (the Romanian book): scoring 5 (l.389: "five" writes 550 for eleven tricks), scoring 6
(l.391: "with such big games as 'five' … the game ends at once"), scoring 8 (l.395: an X for a
deal thrown in), the buy-in way (l.513: "not 500 but 600 below the line"; l.515: "in all other
respects the rules and scoring are the usual"), the exchange way (l.483: revokes "punished either by
three tricks or by a penalty according to the size of the game"), the rotating dummy (l.519: "the
game begins by drawing the lowest card"; l.529: "for a hundred, the dummy's partner answers for
fifty"), the auction way's records (l.539: A 4135, B 1065, C 2700).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tutor.cli import main
from tutor.engine.calls import Bid, Contract
from tutor.engine.cards import Card, Hand, Rank, Seat, Suit
from tutor.engine.errors import TutorError
from tutor.engine.settlement_request import settlement_request
from tutor.engine.ways.bidding import WayAuction
from tutor.engine.ways.score import duel_score
from tutor.engine.ways.setup import dummy_draw

#: North T98.., East 765.., South 432.. AKQJ of clubs, West AKQJ x3 + C2 (the rubber module's doctest deal)
DEAL = "N:T98.T98.T98.T987 765.765.765.6543 432.432.432.AKQJ AKQJ.AKQJ.AKQJ.2"
FIVE_MADE = {"deal": DEAL, "contract": "5C", "declarer": "S", "tricks": 11}


def _two(way: str, deals: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return settlement_request({"players": 2, "way": way, "deals": deals, **extra})


def test_buy_in_a_made_five_ends_the_partie_at_once_by_default() -> None:
    """Scoring 6 (l.391) with l.515: a made five (550 below, l.389) ends the partie though 600 are needed."""
    out = _two("buy-in", [FIVE_MADE])
    assert out["below"]["A"] == 550 and out["parties"] == ["A"]


def test_buy_in_600_only_variant_a_five_alone_does_not_end_it() -> None:
    """The other reading, switched on: l.513's 600 is the only test, so 550 below does not end it."""
    out = _two("buy-in", [FIVE_MADE], options={"buy-in-five": "600-only"})
    assert out["below"]["A"] == 550 and out["parties"] == [] and out["options"] == {"buy-in-five": "600-only"}


def test_an_unknown_option_or_choice_is_one_clear_line() -> None:
    with pytest.raises(TutorError, match="buy-in-five"):
        _two("buy-in", [FIVE_MADE], options={"buy-in-five": "sometimes"})
    with pytest.raises(TutorError, match="has"):
        _two("exchange", [FIVE_MADE], options={"dummy-transfer": "transfer"})


HANDS = {"A": "AKQJT98765432...", "B": ".AKQJT98765432.."}  # all spades / all hearts


def test_two_handed_revoke_costs_three_tricks() -> None:
    """l.483: three tricks pass to the other player; a simple game writes 10 a trick (scoring 5)."""
    hands = {Seat.S: Hand.parse(HANDS["A"]), Seat.W: Hand.parse(HANDS["B"])}
    score = duel_score(hands, Contract(Bid.parse("1H"), Seat.W), {Seat.S: 5, Seat.W: 8}, revoke=Seat.S)
    tricks = {i.side.value: i.points for i in score.items if i.kind == "tricks"}
    assert tricks == {"NS": 20, "EW": 110}  # A 5 - 3 = 2 tricks, B 8 + 3 = 11 tricks


def test_two_handed_revoke_with_too_few_tricks_is_a_penalty_by_the_size_of_the_game() -> None:
    """l.483: 'or a penalty according to the size of the game': each missing trick at the contract's rate
    (the four-handed law 149; scoring 21, l.433: 1000 a trick in a simple game, 2000 in "two")."""
    hands = {Seat.S: Hand.parse(HANDS["A"]), Seat.W: Hand.parse(HANDS["B"])}
    score = duel_score(hands, Contract(Bid.parse("2H"), Seat.W), {Seat.S: 1, Seat.W: 12}, revoke=Seat.S)
    penalty = [i for i in score.items if i.kind == "revoke_penalty"]
    assert [(i.side.value, i.points) for i in penalty] == [("EW", 2 * 2000)]


def test_tutor_score_reads_a_two_handed_revoke_and_a_thrown_in_deal() -> None:
    """The revoke field is read, not ignored; a thrown-in deal is an X (scoring 8), worth 500 to the
    rubber's winner at its end."""
    slam = {"hands": HANDS, "contract": "7S", "declarer": "A", "tricks": 13}
    without = _two("exchange", [slam, slam])
    with_x = _two("exchange", [{"contract": "pass"}, slam, slam])
    assert with_x["over"] and with_x["rubber_winner"] == "A"
    assert with_x["above"]["A"] - without["above"]["A"] == 500
    revoked = _two("exchange", [{**slam, "tricks": 10, "revoke": "B"}])
    plain = _two("exchange", [{**slam, "tricks": 10}])
    assert revoked["below"]["A"] == plain["below"]["A"] + 3 * 70  # three tricks more at 70 (grand slam level)


def test_an_unknown_field_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"players": 2, "way": "exchange",
                                "deals": [{"hands": HANDS, "contract": "7S", "declarer": "A", "tricks": 13,
                                           "revokes": ["B"]}]}))
    assert main(["score", str(path)]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "revokes" in err[0]
    for bad in ({"players": 3, "way": "auction", "totals": {"A": 1, "B": 2, "C": 3}, "round": 1},
                {"players": 5, "order": list("TAKFN"), "results": [{"winner": 0, "points": 1, "pair": 1}]}):
        with pytest.raises(TutorError):
            settlement_request(bad)


def test_an_unfinished_two_player_rubber_pays_nothing_yet() -> None:
    out = _two("dummies", [FIVE_MADE])
    assert out["over"] is False and out["payments"] == [] and "nothing is paid yet" in out["note"]


def test_rotating_dummy_halves_an_odd_difference() -> None:
    """l.529: each opponent pays half; l.539's records end in 5, so a difference may be odd: 4135 - 2700."""
    out = settlement_request({"players": 3, "way": "dummy", "dummy_player": "A", "opponents": ["B", "C"],
                              "difference": 4135 - 2700})
    assert [p["points"] for p in out["payments"]] == [717.5, 717.5]


def test_single_announcement_the_other_player_has_the_last_word() -> None:
    """l.447: by agreement one announcement each; the dealer first, 'the last word belongs' to the other."""
    auction = WayAuction("single", (Seat.S, Seat.W))
    auction.call(Bid.parse("2S"))
    auction.call(Bid.parse("2H"))
    assert auction.is_complete and str(auction.contract) == "2H by W"
    kept = WayAuction("single", (Seat.S, Seat.W))
    kept.call(Bid.parse("2S"))
    from tutor.engine.calls import Pass

    kept.call(Pass())
    assert kept.is_complete and str(kept.contract) == "2S by S"


def test_the_first_dummy_goes_to_the_lowest_card_drawn_then_in_turn() -> None:
    """l.519: the lowest card takes the dummy first; the ace is the lowest in a draw (law 6)."""
    def low(card: Card) -> tuple[int, int]:
        rank = 1 if card.rank is Rank.ACE else int(card.rank)
        return rank, [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS].index(card.suit)

    firsts = set()
    for seed in range(30):
        draw = dummy_draw(seed)
        assert draw.first == min(draw.cards, key=lambda p: low(draw.cards[p]))
        assert [draw.dummy_player(r) for r in range(3)] == [draw.first, *(p for p in "ABCAB"[
            "ABC".index(draw.first) + 1:"ABC".index(draw.first) + 3])]
        firsts.add(draw.first)
    assert len(firsts) > 1  # the draw decides: not always A
