"""Several revokes in one deal, personal revokes, and the record "with small honours" (issue 15).

Seed lines: laws 148-151 and 153, 157 (RO l.283-289, l.293, l.301; RU renonce items 4-7, 9, 13,
l.319-325, l.329, l.337); the preamble's two counts (RO l.17, TH l.405); the book's own worked
figures of scoring 5 (RO l.389: "three" made with nine tricks writes 270, the opponents 120).
"""

from __future__ import annotations

import pytest
from scoring_deals import contract, deal, points

from tutor.engine.cards import Seat, Side
from tutor.engine.errors import TutorError
from tutor.engine.rubber import RubberDeal, score_rubber
from tutor.engine.scoring import ScoringError, score_deal
from tutor.engine.scoring.items import Revoke, in_count
from tutor.engine.scoring.score_io import score_request

# South declares three clubs; nothing of the deal matters here but the tricks.
THREE_CLUBS = contract("3C S")
PBN = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _margin(score: object, side: Side) -> int:
    return score.total(side) - score.total(side.other)  # type: ignore[attr-defined]


# -- several revokes -------------------------------------------------------------------------------


def test_law_148_two_revokes_by_one_side_cost_six_tricks() -> None:
    """Law 148: "partners who made such a revoke are penalised three tricks" - each revoke."""
    d = deal(1)
    once = score_deal(d, THREE_CLUBS, 9, revoke=[Revoke(Side.EW)])
    twice = score_deal(d, THREE_CLUBS, 7, revoke=[Revoke(Side.EW), Revoke(Side.EW)])
    assert once.tricks == {Side.NS: 12, Side.EW: 1}
    assert twice.tricks == {Side.NS: 13, Side.EW: 0}  # EW took 6 in play and give up 3 + 3
    assert "revoke-several" in twice.readings


def test_law_149_revokers_short_of_tricks_pay_each_missing_one_at_the_penalty_rate() -> None:
    """Law 149: fewer than the tricks owed -> the missing ones at the game's rate (1000 x 3 in "three")."""
    score = score_deal(deal(2), THREE_CLUBS, 9, revoke=[Revoke(Side.EW), Revoke(Side.EW)])
    # EW took 4 tricks, owe 6: all 4 pass and 2 are missing
    assert score.tricks == {Side.NS: 13, Side.EW: 0}
    assert points(score, "revoke_penalty", Side.NS) == 2 * 1000 * 3


def test_law_150_a_grand_slam_made_by_two_revokes_is_written_against_the_revokers() -> None:
    """Law 150: a small or grand slam is written against them after the tricks are taken away."""
    score = score_deal(deal(3), THREE_CLUBS, 8, revoke=[Revoke(Side.EW), Revoke(Side.EW)])
    assert score.tricks[Side.NS] == 13
    assert points(score, "slam_made", Side.NS) == 2000 and "law-150" in score.of_kind("slam_made")[0].laws


def test_law_148_both_sides_revoke_once_the_tricks_come_back_as_played() -> None:
    score = score_deal(deal(4), THREE_CLUBS, 9, revoke=[Revoke(Side.NS), Revoke(Side.EW)])
    assert score.tricks == {Side.NS: 9, Side.EW: 4} and score.made
    assert score.revoke is None and score.revoking_sides == {Side.NS, Side.EW}


def test_law_151_both_revoking_sides_are_capped_at_490() -> None:
    """Law 151: revokers may not finish the partie: no more than 490 below the line."""
    score = score_deal(deal(5), THREE_CLUBS, 9, revoke=[Revoke(Side.NS), Revoke(Side.EW)],
                       below_before={Side.NS: 400, Side.EW: 480})
    assert score.below(Side.NS) == 90 and score.below(Side.EW) == 10
    assert points(score, "over_cap", Side.NS) == 270 - 90 and points(score, "over_cap", Side.EW) == 120 - 10


def test_both_sides_revoke_when_one_lacks_the_tricks_it_owes() -> None:
    """Tutor's reading revoke-several: both transfers from the tricks as played; law 149 for the lack."""
    score = score_deal(deal(5), contract("5C S"), 11, revoke=[Revoke(Side.NS), Revoke(Side.EW)])
    # EW took 2, owe 3: 2 pass and 1 is missing; NS give 3 -> NS 11 - 3 + 2 = 10, EW 2 - 2 + 3 = 3
    assert score.tricks == {Side.NS: 10, Side.EW: 3} and not score.made
    assert points(score, "revoke_penalty", Side.NS) == 1 * 1000 * 5


def test_a_single_side_or_seat_still_means_one_revoke() -> None:
    d = deal(6)
    by_side = score_deal(d, THREE_CLUBS, 9, revoke=Side.EW)
    by_seat = score_deal(d, THREE_CLUBS, 9, revoke=Seat.E)
    assert by_side.items == by_seat.items and by_seat.revokes == (Revoke(Side.EW, Seat.E),)


# -- personal liability (laws 153, 157) -----------------------------------------------------------


def test_law_153_the_player_who_denied_it_answers_alone() -> None:
    score = score_deal(deal(7), THREE_CLUBS, 9, revoke=Revoke(Side.EW, Seat.E, "law-153"))
    (charge,) = score.charges
    assert charge.revoke.charged_to is Seat.E
    # the cost is the swing against EW: the record with the revoke against the record without it
    without = score_deal(deal(7), THREE_CLUBS, 9)
    assert charge.cost == _margin(without, Side.EW) - _margin(score, Side.EW) > 0


def test_law_153_without_the_question_both_partners_answer() -> None:
    score = score_deal(deal(7), THREE_CLUBS, 9, revoke=Revoke(Side.EW, Seat.E))
    assert score.charges[0].revoke.charged_to is Side.EW and "revoke-personal" not in score.readings


def test_personal_revoke_needs_the_player_and_a_law_that_makes_it_his() -> None:
    with pytest.raises(TutorError, match="needs the seat"):
        Revoke(Side.EW, None, "law-153")
    with pytest.raises(TutorError, match="expected one of law-153, law-157"):
        Revoke(Side.EW, Seat.E, "law-148")
    with pytest.raises(TutorError, match="does not sit in"):
        Revoke(Side.EW, Seat.N)


def test_settlement_the_revoker_pays_his_partners_part_of_a_personal_revoke() -> None:
    played = [RubberDeal(deal(8), contract("3C S"), 9, revoke=Revoke(Side.EW, Seat.W, "law-157")),
              RubberDeal(deal(9), contract("5H N"), 11), RubberDeal(deal(10), contract("5S S"), 11)]
    rubber = score_rubber(played)
    leader, margin = rubber.result()
    assert leader is Side.NS
    settled = rubber.settlement()
    cost = rubber.charges[0].cost
    assert settled[Seat.N] == settled[Seat.S] == margin
    assert settled[Seat.W] == -margin - cost and settled[Seat.E] == -margin + cost
    assert sum(settled.values()) == 0


def test_tutor_score_json_takes_revokes_and_reports_who_answers() -> None:
    out = score_request({"deal": PBN, "contract": "3C", "declarer": "S", "tricks": 9,
                         "revokes": [{"seat": "E", "personal": "law-153"}, "W"]})
    assert [(r["seat"], r["charged_to"]) for r in out["revokes"]] == [("E", "E"), ("W", "EW")]
    assert "revoke-several" in out["readings"] and "revoke-personal" in out["readings"]


@pytest.mark.parametrize(("request_part", "message"), [
    ({"revokes": "E"}, "revokes: expected a list"),
    ({"revokes": [{"side": "EW", "personal": "law-153"}]}, "revokes[0]: a personal revoke"),
    ({"revokes": [{"seat": "E", "personal": "yes"}]}, "revokes[0].personal"),
    ({"revokes": [{"seat": "Q"}]}, "revokes[0].seat"),
    ({"revoke": "E", "revokes": ["W"]}, "not both"),
])
def test_tutor_score_json_bad_revokes_name_the_field(request_part: dict[str, object], message: str) -> None:
    with pytest.raises(ScoringError, match=message.replace("[", r"\[").replace("]", r"\]")):
        score_request({"deal": PBN, "contract": "3C", "declarer": "S", "tricks": 9, **request_part})


# -- small honours (preamble) ---------------------------------------------------------------------


def test_preamble_small_honours_count_simply_what_large_honours_count_in_tens() -> None:
    """The book's "three" with nine tricks (scoring 5, RO l.389): 270 and 120 in large honours."""
    large = score_request({"deal": PBN, "contract": "3C", "declarer": "S", "tricks": 9})
    small = score_request({"deal": PBN, "contract": "3C", "declarer": "S", "tricks": 9, "count": "small"})
    assert large["below"] == {"NS": 270, "EW": 120} and small["below"] == {"NS": 27, "EW": 12}
    assert [i["points"] for i in small["items"]] == [i["points"] // 10 for i in large["items"]]
    assert small["count"] == "small" and "small-honours" in small["readings"]
    assert in_count(500, "small") == 50  # the partie's 500 (note 9)


def test_small_honours_for_a_whole_rubber() -> None:
    deals = [{"deal": PBN, "contract": "5C", "declarer": "S", "tricks": 11},
             {"deal": PBN, "contract": "5C", "declarer": "S", "tricks": 11}]
    large, small = score_request({"deals": deals}), score_request({"deals": deals, "count": "small"})
    assert small["result"]["margin"] * 10 == large["result"]["margin"]
    assert {k: v * 10 for k, v in small["settlement"].items()} == large["settlement"]
    with pytest.raises(ScoringError, match="count"):
        score_request({"deals": deals, "count": "tiny"})
