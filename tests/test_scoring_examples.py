"""Every figure of the book's scoring (scoring 1-22, law 24, laws 148-151) and the worked examples W2-W15.

Expected figures are typed from the seed lines cited in each test (book = seed 000,
"Calculations and records"), never read back from the engine. The digest's worked
examples are in ``shared/reference/laws-digest.md`` §27.
"""

from __future__ import annotations

import pytest
from scoring_deals import contract, deal, items, points, run

from tutor.engine.calls import Strain
from tutor.engine.cards import Seat, Side
from tutor.engine.scoring import score_deal
from tutor.engine.scoring.honours import coronets, honour_claim

# Book, scoring 5 (l.389): a trick is worth 10, 20, 30, 40, 50, 60, 70 by level.
BOOK_TRICK_VALUES = [10, 20, 30, 40, 50, 60, 70]
# Book, scoring 11 (l.401): each honour 100 ... 700.
BOOK_HONOUR_VALUES = [100, 200, 300, 400, 500, 600, 700]
# Book, scoring 17 (l.413): each ace at no-trumps.
BOOK_NT_ACE_VALUES = [250, 500, 750, 1000, 1250, 1500, 1750]
# Book, scoring 21 (l.433): penalty per trick short.
BOOK_PENALTIES = [1000, 2000, 3000, 4000, 5000, 6000, 7000]
# Book, scoring 18 (l.419 and l.423): coronets A-K-Q, to the J, ..., to the 2.
BOOK_PLAIN_CORONETS = [500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 5500]
BOOK_TRUMP_CORONETS = [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000]


# -- W2, W3: tricks below the line, both sides (scoring 1, 5) ---------------------------------


def test_scoring_5_w3_simple_clubs_seven_tricks_70_and_60() -> None:
    s = score_deal(deal(1), contract("1C N"), 7)
    assert (s.below(Side.NS), s.below(Side.EW)) == (70, 60)


def test_scoring_5_w3_three_made_with_nine_270_and_120() -> None:
    s = score_deal(deal(2), contract("3D E"), 9)
    assert (s.below(Side.EW), s.below(Side.NS)) == (270, 120)


def test_scoring_5_w3_five_made_with_eleven_550_and_100() -> None:
    s = score_deal(deal(3), contract("5NT W"), 11)
    assert (s.below(Side.EW), s.below(Side.NS)) == (550, 100)


@pytest.mark.parametrize("level", range(1, 8))
def test_scoring_5_a_trick_is_worth_ten_times_the_level_in_every_strain(level: int) -> None:
    for strain in "SCDHN":
        bid = f"{level}{'NT' if strain == 'N' else strain}"
        s = score_deal(deal(level), contract(f"{bid} N"), 13)
        assert s.below(Side.NS) == 13 * BOOK_TRICK_VALUES[level - 1]


def test_scoring_1_w2a_each_side_writes_its_own_tricks_ten_and_three() -> None:
    s = score_deal(deal(4), contract("4S S"), 10)
    assert items(s, "tricks", Side.NS)[0].points == 10 * 40
    assert items(s, "tricks", Side.EW)[0].points == 3 * 40


def test_scoring_1_w2b_three_two_short_declarers_write_seven_defenders_six() -> None:
    s = score_deal(deal(5), contract("3H N"), 7)
    assert (s.below(Side.NS), s.below(Side.EW)) == (7 * 30, 6 * 30)
    # scoring 21: two tricks short in "three" -> 2 x 3000 to the defenders, above the line
    assert points(s, "penalty", Side.EW) == 6000
    assert points(s, "penalty", Side.NS) == 0
    assert s.made is False


def test_scoring_1_w2c_three_with_twelve_tricks_writes_all_twelve_defenders_one() -> None:
    s = score_deal(deal(6), contract("3C S"), 12)
    assert (s.below(Side.NS), s.below(Side.EW)) == (360, 30)
    assert s.made is True and not items(s, "penalty")


def test_law_31_w1_three_needs_nine_tricks_eight_is_one_short() -> None:
    assert score_deal(deal(7), contract("3S N"), 9).made is True
    s = score_deal(deal(7), contract("3S N"), 8)
    assert s.made is False and points(s, "penalty", Side.EW) == 3000


# -- W4, W5: penalties (scoring 20-22) --------------------------------------------------------


@pytest.mark.parametrize("level", range(1, 8))
def test_scoring_21_w5_penalty_per_trick_short_is_1000_times_the_level(level: int) -> None:
    need = 6 + level
    s = score_deal(deal(level), contract(f"{level}H E"), need - 1)
    assert points(s, "penalty", Side.NS) == BOOK_PENALTIES[level - 1]


def test_scoring_21_w5_four_two_down_costs_8000() -> None:
    s = score_deal(deal(8), contract("4NT S"), 8)
    assert points(s, "penalty", Side.EW) == 8000


def test_scoring_22_w4_failed_small_slam_nine_tricks_costs_23000() -> None:
    s = score_deal(deal(9), contract("6S N"), 9)
    assert points(s, "penalty", Side.EW) == 18000
    assert points(s, "slam_failed", Side.EW) == 5000
    assert points(s, "penalty", Side.EW) + points(s, "slam_failed", Side.EW) == 23000


def test_scoring_22_w4_failed_grand_slam_eleven_tricks_costs_24000() -> None:
    s = score_deal(deal(10), contract("7D W"), 11)
    assert points(s, "penalty", Side.NS) + points(s, "slam_failed", Side.NS) == 2 * 7000 + 10000


def test_scoring_22_tutors_reading_failed_slam_declarers_still_write_their_tricks() -> None:
    s = score_deal(deal(9), contract("6S N"), 9)
    assert s.below(Side.NS) == 9 * 60  # 540: scoring 1 applied literally (W4's open question)
    assert "failed-contract-tricks" in s.readings
    assert any("500" in note for note in s.notes)


# -- W12: slam bonuses (scoring 19) --------------------------------------------------------------


def test_scoring_19_w12_declared_small_slam_made_5000_and_1000() -> None:
    s = score_deal(deal(11), contract("6H S"), 12)
    assert points(s, "slam_declared", Side.NS) == 5000
    assert points(s, "slam_made", Side.NS) == 1000


def test_scoring_19_w12_declared_grand_slam_made_10000_and_2000() -> None:
    s = score_deal(deal(12), contract("7NT E"), 13)
    assert points(s, "slam_declared", Side.EW) == 10000
    assert points(s, "slam_made", Side.EW) == 2000


def test_scoring_19_tutors_reading_undeclared_slam_earns_the_made_bonus() -> None:
    s = score_deal(deal(13), contract("3C N"), 12)
    assert points(s, "slam_made", Side.NS) == 1000
    assert not items(s, "slam_declared")
    assert "slam-any-side" in s.readings


def test_scoring_19_tutors_reading_grand_slam_with_twelve_tricks_fails_but_writes_small_slam_made() -> None:
    s = score_deal(deal(14), contract("7S S"), 12)
    assert points(s, "penalty", Side.EW) == 7000 and points(s, "slam_failed", Side.EW) == 10000
    assert points(s, "slam_made", Side.NS) == 1000


# -- W6-W9: honours and aces in a trump game (scoring 11, 12, 14-16) ----------------------------------


def test_scoring_12_w6_three_honours_beat_two_whatever_their_rank() -> None:
    d = deal(20, N="HQ HT", E="HA HK HJ")
    claim = honour_claim(d, Strain.HEARTS, {Side.NS: 7, Side.EW: 6})
    assert (claim.honour_side, claim.honours) == (Side.EW, 3)
    d = deal(21, N="HA HK", E="HQ HJ HT")  # "the first might hold A and K ... the record goes to the second"
    claim = honour_claim(d, Strain.HEARTS, {Side.NS: 7, Side.EW: 6})
    assert (claim.honour_side, claim.honours) == (Side.EW, 3)


@pytest.mark.parametrize("count", [3, 4, 5])
def test_scoring_12_five_four_three_honours_score_five_four_three(count: int) -> None:
    honours = ["SA", "SK", "SQ", "SJ", "ST"]
    d = deal(22, N=honours[:count], E=honours[count:])
    claim = honour_claim(d, Strain.SPADES, {Side.NS: 7, Side.EW: 6})
    assert (claim.honour_side, claim.honours) == (Side.NS, count)


def test_scoring_14_w7_three_honours_and_two_aces_write_five_honours() -> None:
    # NS: A K Q of hearts (the ace of hearts is also an ace) and the ace of spades; EW: the other two aces.
    d = deal(23, N="HA HK HQ SA", E="HJ HT DA CA")
    s = score_deal(d, contract("2H S"), 8)  # NS take the leve
    assert points(s, "honours", Side.NS) == 5 * 200  # W7 derived: 5 honours in "two" = 1000
    assert not items(s, "honours", Side.EW)


def test_scoring_14_w7_four_honours_and_two_or_three_aces_write_six_or_seven() -> None:
    d = deal(24, N="HA HK HQ HJ SA", E="HT DA CA")
    assert points(score_deal(d, contract("1H N"), 7), "honours", Side.NS) == 6 * 100
    d = deal(25, N="HA HK HQ HJ SA DA", E="HT CA")
    assert points(score_deal(d, contract("1H N"), 7), "honours", Side.NS) == 7 * 100


def test_scoring_15_w8a_three_honours_one_ace_against_three_aces_two_honours_nobody_writes() -> None:
    d = deal(26, N="HK HQ HJ SA", E="HA HT DA CA")
    s = score_deal(d, contract("3H N"), 9)
    assert not items(s, "honours")
    assert any("scoring 15" in note for note in s.notes)


def test_scoring_15_w8b_four_honours_one_ace_against_three_aces_one_honour_writes_one_honour() -> None:
    d = deal(27, N="HK HQ HJ HT SA", E="HA DA CA")
    s = score_deal(d, contract("2H N"), 8)
    assert points(s, "honours", Side.NS) == 1 * 200
    assert not items(s, "honours", Side.EW)
    assert "scoring-15" in items(s, "honours")[0].laws


def test_scoring_16_w9_three_honours_two_aces_without_the_leve_write_one_honour() -> None:
    d = deal(28, N="HA HK HQ SA", E="HJ HT DA CA")
    s = score_deal(d, contract("1H E"), 8)  # EW take the leve, so the split aces are theirs
    assert points(s, "honours", Side.NS) == 1 * 100
    assert not items(s, "honours", Side.EW)
    assert "scoring-16" in items(s, "honours")[0].laws


@pytest.mark.parametrize("level", range(1, 8))
def test_scoring_11_each_honour_is_worth_100_times_the_level(level: int) -> None:
    # all five honours and all four aces in NS: nine honours
    d = deal(29, N="SA SK SQ HA", S="SJ ST DA CA")
    s = score_deal(d, contract(f"{level}S N"), 6 + level)
    assert points(s, "honours", Side.NS) == 9 * BOOK_HONOUR_VALUES[level - 1]


def test_scoring_14_tutors_reading_the_trump_ace_counts_as_honour_and_as_ace() -> None:
    d = deal(30, N="SA", E="SK SQ SJ ST HA DA CA")
    claim = honour_claim(d, Strain.SPADES, {Side.NS: 7, Side.EW: 6})
    assert (claim.honour_side, claim.honours, claim.ace_side, claim.aces) == (Side.EW, 4, Side.EW, 3)
    assert claim.net == (Side.EW, 7)


# -- W10: aces at no-trumps (scoring 13, 17) ------------------------------------------------------------


@pytest.mark.parametrize("level", range(1, 8))
def test_scoring_17_w10_each_ace_at_no_trumps_is_worth_250_times_the_level(level: int) -> None:
    d = deal(31, N="SA HA", S="DA", E="CA")
    s = score_deal(d, contract(f"{level}NT S"), 6 + level)
    assert points(s, "aces", Side.NS) == 3 * BOOK_NT_ACE_VALUES[level - 1]


def test_scoring_17_w10_three_aces_at_no_trumps_two_is_1500() -> None:
    d = deal(32, N="SA HA", S="DA", W="CA")
    assert points(score_deal(d, contract("2NT N"), 8), "aces", Side.NS) == 1500


def test_scoring_13_four_aces_count_four_three_three_two_two() -> None:
    four = score_deal(deal(33, N="SA HA", S="DA CA"), contract("1NT N"), 7)
    assert points(four, "aces", Side.NS) == 4 * 250
    two = score_deal(deal(34, N="SA HA", E="DA CA"), contract("1NT N"), 7)
    assert points(two, "aces", Side.NS) == 2 * 250 and not items(two, "aces", Side.EW)


def test_scoring_13_split_aces_go_only_to_the_side_with_the_leve() -> None:
    d = deal(35, N="SA HA", E="DA CA")
    s = score_deal(d, contract("1NT N"), 5)  # NS fail; EW take 8 tricks, the leve
    assert points(s, "aces", Side.EW) == 500 and not items(s, "aces", Side.NS)


def test_scoring_17_18_tutors_reading_four_aces_in_one_hand_at_no_trumps_score_twice() -> None:
    d = deal(36, N="SA HA DA CA", E="SK HK DK CK")  # no other coronet in North's hand
    s = score_deal(d, contract("1NT N"), 7)
    assert points(s, "aces", Side.NS) == 4 * 250
    aces_coronet = [i for i in items(s, "coronet", Side.NS) if "4 aces" in i.text]
    assert [i.points for i in aces_coronet] == [2000]
    assert "nt-aces-both" in s.readings


# -- W11: coronets (note 5, scoring 18) ------------------------------------------------------------------


def _coronet_value(length: int, bid: str) -> int:
    cards = run("S", length)
    rest = {"E": [f"S{'AKQJT98765432'[length]}"]} if length < 13 else {}
    d = deal(40 + length, N=cards, **rest)
    strain = Strain.parse(bid[1:])
    found = [c for c in coronets(d, strain) if c.seat is Seat.N and c.suit is not None and c.suit.value == "S"]
    assert len(found) == 1 and found[0].length == length
    s = score_deal(d, contract(f"{bid} N"), 7)
    spade_items = [i for i in items(s, "coronet", Side.NS) if "♠" in i.text and i.text.startswith("N ")]
    assert len(spade_items) == 1
    return spade_items[0].points


@pytest.mark.parametrize("length", range(3, 14))
def test_scoring_18_w11_plain_coronets_500_to_5500(length: int) -> None:
    assert _coronet_value(length, "1H") == BOOK_PLAIN_CORONETS[length - 3]


@pytest.mark.parametrize("length", range(3, 14))
def test_scoring_18_w11_trump_coronets_1000_to_11000(length: int) -> None:
    assert _coronet_value(length, "1S") == BOOK_TRUMP_CORONETS[length - 3]


@pytest.mark.parametrize("length", [3, 7, 13])
def test_note_5_at_no_trumps_every_coronet_counts_as_a_trump_coronet(length: int) -> None:
    assert _coronet_value(length, "1NT") == BOOK_TRUMP_CORONETS[length - 3]


def test_scoring_18_w11_ace_to_ten_of_trumps_3000_ace_to_jack_plain_1000() -> None:
    d = deal(60, N="HA HK HQ HJ HT", E="H9", S="SA SK SQ SJ", W="ST")
    s = score_deal(d, contract("2H N"), 8)
    texts = {i.text.split(":")[0]: i.points for i in items(s, "coronet", Side.NS)}
    assert texts["N holds ♥ A K Q J 10"] == 3000
    assert texts["S holds ♠ A K Q J"] == 1000


@pytest.mark.parametrize(("aces", "bid", "value"), [
    (4, "1H", 1000), (3, "1H", 500),    # plain table, l.419 (tutor's reading: trump games)
    (4, "1NT", 2000), (3, "1NT", 1000),  # trump-and-no-trump table, l.423 (RU l.427-429)
])
def test_scoring_18_three_or_four_aces_in_one_hand(aces: int, bid: str, value: int) -> None:
    cards = ["SA", "HA", "DA", "CA"][:aces]
    d = deal(61, N=cards, E=["SK", "HK", "DK", "CK"], S=["SA", "HA", "DA", "CA"][aces:])
    s = score_deal(d, contract(f"{bid} N"), 7)
    ace_items = [i for i in items(s, "coronet", Side.NS) if "aces in one hand" in i.text]
    assert [i.points for i in ace_items] == [value]


def test_scoring_18_tutors_reading_a_defenders_coronet_scores_for_the_defenders() -> None:
    d = deal(62, E="CA CK CQ", W="CJ")
    s = score_deal(d, contract("1S N"), 7)
    assert any(i.text.startswith("E holds ♣ A K Q") for i in items(s, "coronet", Side.EW))
    assert "coronet-any-side" in s.readings


# -- W13, W14: parties, rubber, X marks (scoring 4, 6-9, note 9) ---------------------------------------


def test_law_24_w26_dealer_with_an_unnoticed_14th_card_gives_the_opponents_2000() -> None:
    s = score_deal(deal(70), contract("2C N"), 8, dealer_extra_card=True, dealer=Seat.E)
    assert points(s, "dealer_extra_card", Side.NS) == 2000
    assert not items(s, "dealer_extra_card", Side.EW)


def test_scoring_8_a_passed_out_deal_writes_an_x_and_nothing_else() -> None:
    s = score_deal(deal(71), None, 0)
    assert s.x_mark and s.items == () and s.made is None


# -- W15: revoke (laws 148-151) ----------------------------------------------------------------------------


def test_law_148_w15_three_tricks_pass_from_the_revokers_to_the_opponents() -> None:
    s = score_deal(deal(80), contract("3H N"), 8, revoke=Side.EW)
    assert dict(s.tricks) == {Side.NS: 11, Side.EW: 2}
    assert (s.below(Side.NS), s.below(Side.EW)) == (11 * 30, 2 * 30)
    assert s.made is True and not items(s, "penalty")
    assert "law-148" in items(s, "tricks", Side.NS)[0].laws


def test_law_148_a_revoking_declarer_can_lose_his_contract() -> None:
    s = score_deal(deal(81), contract("3H N"), 10, revoke=Side.NS)
    assert s.tricks[Side.NS] == 7
    assert points(s, "penalty", Side.EW) == 2 * 3000


def test_law_149_revokers_with_fewer_than_three_tricks_pay_the_shortfall_at_the_penalty_rate() -> None:
    s = score_deal(deal(82), contract("6H N"), 12, revoke=Side.EW)  # EW hold one trick
    assert dict(s.tricks) == {Side.NS: 13, Side.EW: 0}
    assert points(s, "revoke_penalty", Side.NS) == 2 * 6000
    assert items(s, "revoke_penalty")[0].laws == ("law-149",)


def test_law_150_a_slam_is_scored_against_the_revokers_when_the_transfer_makes_one() -> None:
    s = score_deal(deal(83), contract("2S N"), 9, revoke=Side.EW)  # NS 9 + 3 = 12
    made = items(s, "slam_made", Side.NS)
    assert [i.points for i in made] == [1000] and "law-150" in made[0].laws
    s = score_deal(deal(83), contract("2S N"), 10, revoke=Side.EW)  # NS 13: grand slam
    assert points(s, "slam_made", Side.NS) == 2000


def test_law_150_no_slam_when_the_revokers_keep_more_than_one_trick() -> None:
    s = score_deal(deal(84), contract("2S N"), 8, revoke=Side.EW)  # NS 11
    assert not items(s, "slam_made")


def test_law_151_the_revokers_may_not_pass_490_below_the_excess_goes_above() -> None:
    s = score_deal(deal(85), contract("7S N"), 13, revoke=Side.NS)  # NS keep 10 tricks x 70 = 700
    assert s.below(Side.NS) == 490
    assert points(s, "over_cap", Side.NS) == 700 - 490
    s = score_deal(deal(85), contract("5S N"), 11, revoke=Side.NS, below_before={Side.NS: 400})
    assert s.below(Side.NS) == 90 and points(s, "over_cap", Side.NS) == 8 * 50 - 90


def test_law_151_no_cap_when_the_revokers_stay_under_490() -> None:
    s = score_deal(deal(86), contract("2D E"), 8, revoke=Side.EW)
    assert s.below(Side.EW) == 5 * 20 and not items(s, "over_cap")
