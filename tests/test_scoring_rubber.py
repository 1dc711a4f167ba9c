"""Parties, the rubber and the X marks (scoring 4, 6-9, note 9, law 151), W13 and W14, and the score sheet."""

from __future__ import annotations

import pytest
from scoring_deals import contract, deal

from tutor.engine.cards import Side
from tutor.engine.rubber import Rubber, RubberDeal, score_rubber
from tutor.engine.rules import Rules
from tutor.engine.scoring import ScoringError
from tutor.engine.sheet import deal_rows, rubber_rows, sheet_text


def played(bid: str, tricks: int, seed: int = 0, **kw: object) -> RubberDeal:
    return RubberDeal(deal(seed), contract(bid), tricks, **kw)  # type: ignore[arg-type]


PASS = RubberDeal(deal(99), None)


def kinds(rubber: Rubber, kind: str) -> list[tuple[Side, int]]:
    return [(i.side, i.points) for i in rubber.items if i.kind == kind]


def test_note_9_scoring_4_w13_a_partie_ends_when_a_side_reaches_500_below() -> None:
    r = Rubber()
    r.add(played("3H N", 9))   # NS 270
    r.add(played("2S S", 8))   # NS 160 -> 430
    assert r.games == () and kinds(r, "partie") == []
    r.add(played("1C N", 7))   # NS 70 -> 500
    assert r.games == (Side.NS,)
    assert kinds(r, "partie") == [(Side.NS, 1000)]
    assert r.entries[-1].deal_no == 3


@pytest.mark.parametrize(("bid", "tricks"), [("5D N", 11), ("6C N", 12), ("7NT N", 13)])
def test_scoring_6_five_and_slams_made_end_the_partie_at_once(bid: str, tricks: int) -> None:
    r = Rubber()
    r.add(played(bid, tricks))
    assert r.games == (Side.NS,)


def test_scoring_7_w13_two_parties_win_the_rubber_2000_besides_the_partie_bonus() -> None:
    r = score_rubber([played("5S N", 11), played("5H S", 11)])
    assert r.games == (Side.NS, Side.NS) and r.winner is Side.NS and r.is_over
    assert kinds(r, "partie") == [(Side.NS, 1000), (Side.NS, 1000)]
    assert kinds(r, "rubber") == [(Side.NS, 2000)]
    assert "last-partie-both-bonuses" in r.readings


def test_note_9_a_rubber_goes_to_three_parties_when_each_side_wins_one() -> None:
    r = score_rubber([played("5S N", 11), played("5H E", 11), played("5C W", 11)])
    assert r.games == (Side.NS, Side.EW, Side.EW) and r.winner is Side.EW
    assert kinds(r, "rubber") == [(Side.EW, 2000)]


def test_scoring_4_below_the_line_starts_afresh_in_each_partie() -> None:
    r = Rubber()
    r.add(played("4H E", 10))   # EW 400, NS 120
    r.add(played("5S N", 11))   # NS 550 -> partie 1 to NS; EW 400 + 100
    assert r.games == (Side.NS,)  # EW also has 500: the larger total (NS 670) wins
    r.add(played("1S E", 7))     # partie 2: EW 70, not 570
    assert r.parties[1].below == {Side.EW: 70, Side.NS: 60}
    assert r.games == (Side.NS,)


def test_scoring_4_tutors_reading_both_sides_passing_500_the_larger_total_wins() -> None:
    r = Rubber()
    r.add(played("4NT E", 12))   # EW 480 below, NS 40
    r.add(played("3S N", 13))    # NS 390 -> 430; EW 480 + 0
    r.add(played("2C N", 7))     # NS 140 -> 570, EW 120 -> 600: both pass 500
    assert r.games == (Side.EW,)
    assert "partie-tie" in r.readings


def test_scoring_8_w14_each_x_is_worth_500_to_the_side_that_wins_the_rubber() -> None:
    r = score_rubber([PASS, played("5S N", 11), PASS, PASS, played("5H S", 11)])
    assert r.x_marks == 3
    assert kinds(r, "x_mark") == [(Side.NS, 500)] * 3


def test_scoring_9_w14_vint_signs_cycle_500_1000_1500_then_again() -> None:
    rules = Rules.with_variants({"x-values": "vint_signs"})
    deals = [PASS] * 5 + [played("5S N", 11), played("5H S", 11)]
    r = score_rubber(deals, rules)
    assert [p for _, p in kinds(r, "x_mark")] == [500, 1000, 1500, 500, 1000]


def test_scoring_9_c2_summaries_alternate_500_and_1000() -> None:
    rules = Rules.with_variants({"x-values": "summaries"})
    r = score_rubber([PASS] * 3 + [played("5S N", 11), played("5H S", 11)], rules)
    assert [p for _, p in kinds(r, "x_mark")] == [500, 1000, 500]


def test_scoring_8_tutors_reading_x_marks_of_an_unfinished_rubber_stay_unvalued() -> None:
    r = score_rubber([PASS, played("5S N", 11)])
    assert r.x_marks == 1 and kinds(r, "x_mark") == []
    assert "x-marks-pending" in r.readings


def test_law_151_in_a_rubber_the_revokers_stop_at_490_and_do_not_win_the_partie() -> None:
    r = Rubber()
    r.add(played("4S N", 10))                      # NS 400, EW 120
    r.add(played("5D N", 11, revoke=Side.NS))      # NS keep 8 tricks: 400 more would make 800
    partie = r.parties[0]
    assert partie.below[Side.NS] == 490 and partie.winner is None
    over = kinds(r, "over_cap")
    assert over == [(Side.NS, 400 - 90)]
    assert kinds(r, "penalty") == [(Side.EW, 3 * 5000)]


def test_scoring_4_the_result_is_the_difference_of_the_two_records() -> None:
    r = score_rubber([played("5S N", 11), played("3H E", 7), played("5H S", 11)])
    leader, margin = r.result()
    assert leader is Side.NS
    assert margin == r.total(Side.NS) - r.total(Side.EW)
    assert r.total(Side.NS) == r.above(Side.NS) + r.below(Side.NS)
    # by hand (scoring 5): 5S made 11 -> NS 550, EW 2 x 50; 3H by E with 7 -> EW 210, NS 6 x 30;
    # 5H made 11 -> NS 550, EW 100
    assert (r.below(Side.NS), r.below(Side.EW)) == (550 + 180 + 550, 100 + 210 + 100)
    # above, at least: two parties (scoring 7: 2 x 1000), the rubber (2000), 3H two down (scoring 21: 2 x 3000)
    assert r.above(Side.NS) >= 2 * 1000 + 2000 + 2 * 3000


def test_a_deal_after_the_rubber_is_won_is_refused_naming_the_deal() -> None:
    with pytest.raises(ScoringError, match=r"deals\[2\]"):
        score_rubber([played("5S N", 11), played("5H S", 11), played("1C N", 7)])


def test_a_bad_deal_inside_a_rubber_names_its_index_and_field() -> None:
    with pytest.raises(ScoringError, match=r"^deals\[1\]\.tricks: "):
        score_rubber([played("1C N", 7), played("1C N", 14)])


# -- the score sheet ----------------------------------------------------------------------------------


def test_sheet_of_one_deal_has_both_columns_the_line_and_the_totals() -> None:
    from tutor.engine.scoring import score_deal

    score = score_deal(deal(5), contract("3H N"), 7)
    rows = deal_rows(score)
    line = [r.section for r in rows].index("line")
    assert all(r.section == "above" for r in rows[:line])
    below = [r for r in rows[line:] if r.section == "below"]
    assert {(r.ns, r.ew) for r in below} == {(210, None), (None, 180)}
    total = rows[-1]
    assert (total.ns, total.ew) == (score.total(Side.NS), score.total(Side.EW))
    text = sheet_text(rows)
    assert "NS (we)" in text and "EW (they)" in text and "====" in text


def test_sheet_of_a_rubber_marks_each_partie_and_the_rubber() -> None:
    r = score_rubber([PASS, played("5S N", 11), played("3H E", 7), played("5H S", 11)])
    rows = rubber_rows(r)
    parties = [r_.entry for r_ in rows if r_.section == "partie"]
    assert parties == ["partie 1: won by NS", "partie 2: won by NS"]  # the pages' word (note 9), not "game"
    text = sheet_text(rows)
    assert "rubber won by NS" in text and "X (passed out)" in text
