"""Play conventions read from a short history: the player's own run of a coronet (law 133, ≈109).

Law 133 (RO l.249; TH l.637): at no-trumps lead from the coronet only while every player
follows; when one opponent discards, switch. Law ≈109 (RU l.261; RO l.201; TH l.589): when an
opponent drops the jack or ten on the ace or king, change suit at once (tutor's reading).
"""

from __future__ import annotations

import pytest
from playsamples import drills

from tutor.engine.calls import Contract
from tutor.engine.cards import Card, Hand, Seat, Suit
from tutor.engine.conventions.play.features import coronet_run, role_suits
from tutor.engine.play.position import PlayPosition
from tutor.lessons.play.drill import advise
from tutor.lessons.play.rules import load_play_rules

#: E opened 1NT's defence from A K Q J 10 of spades and cashed the ace and the king.
QJT_LEFT = "QJT.872.A4.965"


def _lead(hand: str, played: list[str], contract: str = "1NT", seat: str = "E") -> PlayPosition:
    return PlayPosition.from_cards(
        seat=Seat.parse(seat), hand=Hand.parse(hand), dealer=Seat.N, calls=[contract],
        contract=Contract.parse(contract, "N"), played=[Card.parse(c) for c in played],
        conventions=tuple(load_play_rules()))


def test_law_133_an_opponent_discarding_on_the_king_shows_out() -> None:
    p = _lead(QJT_LEFT, ["SA", "S2", "S3", "S4", "SK", "S5", "S6", "C2"])  # N, on E's right, discards
    assert coronet_run(p) is Suit.SPADES
    assert role_suits(p, "coronet_shown_out") == (Suit.SPADES,)


def test_law_133_no_show_out_while_all_follow() -> None:
    p = _lead(QJT_LEFT, ["SA", "S2", "S3", "S4", "SK", "S5", "S6", "S7"])
    assert coronet_run(p) is Suit.SPADES and role_suits(p, "coronet_shown_out") == ()


def test_law_133_partner_discarding_is_not_an_opponent_showing_out() -> None:
    p = _lead(QJT_LEFT, ["SA", "S2", "D2", "S4", "SK", "S5", "D3", "S6"])  # W, E's partner, discards
    assert role_suits(p, "coronet_shown_out") == ()


def test_law_133_both_opponents_out_is_not_one_following() -> None:
    p = _lead(QJT_LEFT, ["SA", "S2", "S3", "S4", "SK", "H3", "S6", "C2"])
    assert role_suits(p, "coronet_shown_out") == ()


@pytest.mark.parametrize(("hand", "played", "why"), [
    ("J5.872.A4.9653", ["SA", "S2", "S3", "S4", "SK", "S6", "S7", "C2"], "A K J is no coronet"),
    ("KQJT.872.4.965", ["SA", "S2", "S3", "S4", "DA", "D2", "D3", "D5"], "the last trick was a diamond"),
    (".8762.A4.9654", ["SA", "S2", "S3", "S4", "SK", "S5", "S6", "C2", "SQ", "S7", "S8", "C3"],
     "no spade left to go on with"),
])
def test_coronet_run_is_the_players_own_unbroken_run(hand: str, played: list[str], why: str) -> None:
    p = _lead(hand, played)
    assert coronet_run(p) is None, why
    assert role_suits(p, "coronet_shown_out") == ()


@pytest.mark.parametrize(("played", "dropped"), [
    (["SA", "SJ", "S3", "S4"], True),    # S, the declarer's partner, drops the jack on the ace
    (["SA", "S2", "S3", "ST"], True),    # N, the declarer, drops the ten
    (["SA", "S2", "SJ", "S4"], False),   # W is E's partner: no warning
    (["SA", "S2", "S3", "S4"], False),   # small cards only
])
def test_law_r109_an_opponents_jack_or_ten_on_the_ace(played: list[str], dropped: bool) -> None:
    p = _lead("KQ7.95.A84.9632", played, contract="3H")
    assert coronet_run(p) is Suit.SPADES
    assert role_suits(p, "coronet_honour_dropped") == ((Suit.SPADES,) if dropped else ())


def test_law_r109_the_jack_on_the_queen_is_not_on_the_ace_or_king() -> None:
    played = ["SA", "S2", "S3", "S4", "SK", "S5", "S6", "S8", "SQ", "S9", "ST", "SJ"]
    p = _lead("7.95.A84.9632", played, contract="3H")
    assert coronet_run(p) is Suit.SPADES and role_suits(p, "coronet_honour_dropped") == ()


def test_law_133_switch_applies_even_when_no_rule_would_go_on_with_the_suit() -> None:
    """A run prohibition sets the coronet aside by itself: with no other convention for the
    declarer, every card of the other suits is right - never the spade queen or five."""
    out = advise({"kind": "lead", "seat": "N", "hand": "Q5.K652.J98.8", "dealer": "N", "auction": ["1NT"],
                  "contract": "1NT", "declarer": "N",
                  "played": ["C2", "C3", "C4", "CA", "SA", "S2", "S3", "S4", "SK", "S6", "S7", "H3"]})
    assert out["rule"] == "lead-133-switch-when-an-opponent-discards"
    assert sorted(out["cards"]) == sorted(["HK", "H6", "H5", "H2", "DJ", "D9", "D8", "C8"])


@pytest.mark.parametrize("rule_id", ["lead-133-switch-when-an-opponent-discards", "lead-r109-switch-when-an-honour-drops"])
def test_coronet_run_drills_switch_away_from_the_coronet(rule_id: str) -> None:
    """In the robots' deals: the learner has been leading his suit from the top, an opponent showed out
    of it (133) or dropped its jack or ten (≈109), and the book's lead is another suit."""
    for drill in drills("lead", rule_id):
        seat = drill.position["seat"]
        partner = "NESW"[("NESW".index(seat) + 2) % 4]
        runs = [t for t in drill.position["tricks"] if t[0].startswith(f"{seat}:")]
        assert runs, "the learner has led before"
        coronet = runs[-1][0].split(":")[1][0]
        assert drill.answer[0] != coronet and all(c[0] != coronet for c in drill.accepted)
        opponents = [play.split(":")[1] for t in runs if t[0].split(":")[1][0] == coronet for play in t
                     if play[0] not in (seat, partner)]
        if rule_id.startswith("lead-133"):
            assert any(c[0] != coronet for c in opponents), "an opponent showed out of the coronet suit"
        else:
            assert any(c in (f"{coronet}J", f"{coronet}T") for c in opponents)
