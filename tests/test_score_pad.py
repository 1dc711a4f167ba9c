"""The score pad scores a reported deal like the book (tutor/lessons/scoring/pad.py).

Every expectation is one of the book's own examples ("Calculations and records", quoted in
content/rules.yaml) or a figure of its tables; none is computed with the code under test.
"""

from __future__ import annotations

import pytest

from tutor.engine.calls import Contract
from tutor.engine.cards import Side, Suit
from tutor.lessons.scoring.pad import PadCoronet, PadDeal, ScorePadError, pad_rubber, pad_score

NS, EW = Side.NS, Side.EW


def _points(pad: PadDeal, kind: str, side: Side) -> int:
    return sum(i.points for i in pad_score(pad).items if i.kind == kind and i.side is side)


@pytest.mark.parametrize(("bid", "tricks", "declarers", "opponents"), [
    ("1C", 7, 70, 60),  # scoring 5: a simple game in clubs, seven tricks: 70, the opponents 60 for six
    ("3H", 9, 270, 120),  # scoring 5: "three", nine tricks: 270 and 120
    ("5D", 11, 550, 100),  # scoring 5: "five", eleven tricks: 550 and 100
])
def test_scoring_5_both_sides_write_their_tricks(bid: str, tricks: int, declarers: int, opponents: int) -> None:
    pad = PadDeal(Contract.parse(bid, "S"), tricks, honours=(EW, 3))
    assert (_points(pad, "tricks", NS), _points(pad, "tricks", EW)) == (declarers, opponents)


@pytest.mark.parametrize(("honours", "aces", "writer", "count"), [
    ((NS, 3), None, NS, 5),  # scoring 14: three honours and two aces write five (NS took the leve)
    ((NS, 4), None, NS, 6),  # scoring 14: four honours and two aces write six
    ((NS, 4), (NS, 3), NS, 7),  # scoring 14: four honours and three aces write seven
    ((NS, 4), (EW, 3), NS, 1),  # scoring 15: four honours and one ace against three aces and one honour: one
])
def test_scoring_14_and_15_honours_and_aces(honours: tuple[Side, int], aces: tuple[Side, int] | None,
                                           writer: Side, count: int) -> None:
    pad = PadDeal(Contract.parse("2H", "N"), 9, honours=honours, aces=aces)  # NS take nine: the leve
    assert _points(pad, "honours", writer) == count * 200  # "two": 200 an honour (scoring 11)
    assert _points(pad, "honours", writer.other) == 0


def test_scoring_15_equal_claims_cancel() -> None:
    # three honours and one ace against three aces and two honours: neither side writes
    pad = PadDeal(Contract.parse("1S", "N"), 7, honours=(NS, 3), aces=(EW, 3))
    assert not [i for i in pad_score(pad).items if i.kind == "honours"]


def test_scoring_16_split_aces_belong_to_the_side_with_the_leve() -> None:
    # three honours and two aces without the leve: only one honour is written
    pad = PadDeal(Contract.parse("1S", "N"), 6, honours=(NS, 3), aces=None)  # NS six tricks: EW took the leve
    assert _points(pad, "honours", NS) == 100


def test_scoring_22_a_failed_small_slam_gives_the_penalty_and_the_bonus() -> None:
    # a small slam declared, nine tricks taken: 18000 for three short and 5000 for the slam, 23000
    pad = PadDeal(Contract.parse("6H", "S"), 9, honours=(NS, 3), aces=(NS, 3))
    assert _points(pad, "penalty", EW) == 18000 and _points(pad, "slam_failed", EW) == 5000


def test_scoring_17_no_trump_aces_and_scoring_18_coronets() -> None:
    # scoring 17: an ace at no-trumps is 250 in a simple game; scoring 18: at no-trumps every coronet
    # is a trump coronet (A-K-Q 1000) and four aces in one hand count 2000; the hand with the four
    # aces holds the ace of clubs, so the A-K-Q of clubs is EW's too
    pad = PadDeal(Contract.parse("1NT", "W"), 8, aces=(EW, 4),
                  coronets=(PadCoronet(EW, None, 4), PadCoronet(EW, Suit.CLUBS, 3)))
    assert _points(pad, "aces", EW) == 4 * 250
    assert _points(pad, "coronet", EW) == 2000 + 1000 and _points(pad, "coronet", NS) == 0


def test_scoring_18_plain_and_trump_coronets_in_a_suit_game() -> None:
    # plain A-K-Q-J 1000, trump A-K-Q 1000; three aces in one hand in a trump game 500. EW's A-K-Q of
    # trumps are three honours, and NS's ace of hearts leaves EW the other three aces
    pad = PadDeal(Contract.parse("2S", "N"), 8, honours=(EW, 3), aces=(EW, 3),
                  coronets=(PadCoronet(NS, Suit.HEARTS, 4), PadCoronet(EW, Suit.SPADES, 3), PadCoronet(EW, None, 3)))
    assert _points(pad, "coronet", NS) == 1000
    assert _points(pad, "coronet", EW) == 1000 + 500


def test_a_rubber_of_two_parties_writes_the_bonuses_of_scoring_7() -> None:
    # "five" made writes 550 below, past 500: each ends a partie (1000); the second wins the rubber (2000)
    five = PadDeal(Contract.parse("5H", "S"), 11, honours=(EW, 3))
    rubber = pad_rubber([five, five])
    assert rubber.is_over and rubber.winner is NS
    bonuses = sorted(i.points for i in rubber.items if i.kind in ("partie", "rubber") and i.side is NS)
    assert bonuses == [1000, 1000, 2000]
    with pytest.raises(ScorePadError, match="deal 3"):
        pad_rubber([five, five, five])


def test_all_pass_writes_an_x_worth_500_to_the_rubber_winner() -> None:
    five = PadDeal(Contract.parse("5H", "S"), 11, honours=(EW, 3))
    rubber = pad_rubber([PadDeal(None), five, five])
    assert [i.points for i in rubber.items if i.kind == "x_mark"] == [500]  # scoring 8


@pytest.mark.parametrize(("pad", "law"), [
    (PadDeal(Contract.parse("2H", "N"), 8, honours=(NS, 2)), "scoring 12"),
    (PadDeal(Contract.parse("2H", "N"), 8), "scoring 12"),
    (PadDeal(Contract.parse("2NT", "N"), 8, aces=(NS, 2)), "scoring 16"),
    (PadDeal(Contract.parse("2NT", "N"), 8, coronets=(PadCoronet(NS, None, 2),)), "note 5"),
])
def test_impossible_counts_name_the_law(pad: PadDeal, law: str) -> None:
    with pytest.raises(ScorePadError, match=law):
        pad_score(pad)


# One pack of 52 cards (law 1), 13 to a hand (law 22): four aces, one ace a suit, five trump honours
# (note 4), a coronet runs from the ace in one hand (note 5). Each refusal below is counted on the pack.
@pytest.mark.parametrize(("pad", "words"), [
    # the audit's deal: NS and EW each a run from the ace of hearts (one ace of hearts), EW four aces in
    # one hand while NS hold more aces, four
    (PadDeal(Contract.parse("2H", "N"), 8, honours=(NS, 5), aces=(NS, 4),
             coronets=(PadCoronet(NS, Suit.HEARTS, 7), PadCoronet(EW, Suit.HEARTS, 7), PadCoronet(EW, None, 4))),
     ["2 coronets in ♥", "one ace of hearts", "note 5"]),
    # EW four aces in one hand, NS hold more aces, four: eight aces
    (PadDeal(Contract.parse("2H", "N"), 8, honours=(NS, 3), aces=(NS, 4), coronets=(PadCoronet(EW, None, 4),)),
     ["EW show 4 aces in one hand", "hold 0 of the pack's four", "note 5"]),
    # NS's run from the ace of hearts takes one ace: EW cannot hold four in one hand
    (PadDeal(Contract.parse("2H", "N"), 8, honours=(NS, 5), aces=(EW, 4),
             coronets=(PadCoronet(NS, Suit.HEARTS, 7), PadCoronet(EW, None, 4))),
     ["NS show a run from the ace of ♥", "hold 0", "note 5"]),
    # two coronets of aces, four and three: seven aces
    (PadDeal(Contract.parse("2NT", "N"), 8, aces=(NS, 4), coronets=(PadCoronet(NS, None, 4), PadCoronet(EW, None, 3))),
     ["2 coronets of aces", "7 aces", "the pack has four", "note 5"]),
    # all thirteen spades in one NS hand with spades trumps: EW hold none of A K Q J 10
    (PadDeal(Contract.parse("2S", "N"), 8, honours=(EW, 5), aces=(NS, 3), coronets=(PadCoronet(NS, Suit.SPADES, 13),)),
     ["run of 13 from the ace of trumps", "5 of the five trump honours", "note 4"]),
    # a run of four from the ace of trumps is four honours, not three
    (PadDeal(Contract.parse("2S", "N"), 8, honours=(NS, 3), coronets=(PadCoronet(NS, Suit.SPADES, 4),)),
     ["holds 4 of the five trump honours", "gives NS 3", "scoring 12"]),
    # all five trump honours include the ace of trumps: EW cannot hold all four aces
    (PadDeal(Contract.parse("2S", "N"), 8, honours=(NS, 5), aces=(EW, 4)),
     ["all five trump honours", "hold 0 of the pack's four", "note 5"]),
    # thirteen spades fill one NS hand, so the three aces in the other are the red and club aces and
    # NS hold four, not three
    (PadDeal(Contract.parse("2NT", "N"), 8, aces=(NS, 3), coronets=(PadCoronet(NS, Suit.SPADES, 13), PadCoronet(NS, None, 3))),
     ["NS:", "do not fit in two hands of 13 cards", "law 22"]),
    # 13 + 13 + 3 cards of runs: more than two hands hold
    (PadDeal(Contract.parse("2NT", "N"), 8, aces=(NS, 3), coronets=(
        PadCoronet(NS, Suit.SPADES, 13), PadCoronet(NS, Suit.HEARTS, 13), PadCoronet(NS, Suit.DIAMONDS, 3))),
     ["do not fit in two hands of 13 cards", "law 22"]),
])
def test_counts_one_pack_cannot_give_are_refused_in_one_line(pad: PadDeal, words: list[str]) -> None:
    with pytest.raises(ScorePadError) as refused:
        pad_score(pad)
    line = str(refused.value)
    assert "\n" not in line
    for word in words:
        assert word in line, (word, line)


@pytest.mark.parametrize(("pad", "ns", "ew"), [
    # NS A K Q J 10 9 8 of hearts (trumps: all five honours, a trump coronet to the 8, 5000); EW the three
    # other aces in one hand (500 in a trump game)
    (PadDeal(Contract.parse("2H", "N"), 8, honours=(NS, 5), aces=(EW, 3),
             coronets=(PadCoronet(NS, Suit.HEARTS, 7), PadCoronet(EW, None, 3))), 5000, 500),
    # all thirteen spades, spades trumps: NS five honours, a trump coronet to the 2 (11000); EW the three
    # other aces in one hand
    (PadDeal(Contract.parse("2S", "N"), 8, honours=(NS, 5), aces=(EW, 3),
             coronets=(PadCoronet(NS, Suit.SPADES, 13), PadCoronet(EW, None, 3))), 11000, 500),
    # one NS hand all the spades, the other all the hearts: 26 cards, two aces each side; at no-trumps both
    # runs are trump coronets to the 2
    (PadDeal(Contract.parse("2NT", "N"), 8, aces=None,
             coronets=(PadCoronet(NS, Suit.SPADES, 13), PadCoronet(NS, Suit.HEARTS, 13))), 2 * 11000, 0),
    # thirteen spades in one NS hand, three aces in the other: NS hold four aces; at no-trumps the run is
    # a trump coronet to the 2 (11000) and three aces in one hand 1000
    (PadDeal(Contract.parse("2NT", "N"), 8, aces=(NS, 4),
             coronets=(PadCoronet(NS, Suit.SPADES, 13), PadCoronet(NS, None, 3))), 11000 + 1000, 0),
])
def test_counts_at_the_edge_of_the_pack_are_written(pad: PadDeal, ns: int, ew: int) -> None:
    assert (_points(pad, "coronet", NS), _points(pad, "coronet", EW)) == (ns, ew)
