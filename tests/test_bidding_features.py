"""The named hand features and the tutor's sure-trick model (tutor.engine.conventions.hand_features).

The book never defines sure tricks (верные взятки); the tutor counts them by one
model (docs/bidding.md). These tests pin that model on the seeds' example hands:
law 49's spades dialogue (RU l.397-409) and law 50's short-suits hand (RO l.159).
"""

from __future__ import annotations

import pytest

from tutor.engine.bidding import BidPosition, candidate_suits, direct_suits, trump_choice
from tutor.engine.cards import Hand, Seat, Suit
from tutor.engine.conventions.hand_features import (
    aces,
    coronet,
    coronets,
    face_cards,
    honours,
    kings,
    longest_suit,
    queens,
    suit_sure_tricks,
    sure_tricks,
)
from tutor.engine.conventions.vocabularies import BIDDING

W16 = Hand.parse("AK543.A2.KQ2.KQJ")  # law 49: A K + three spades, K Q J clubs, K Q x diamonds, A x hearts
W17 = Hand.parse("AQJ.654.AJT.KQ96")  # law 50: the short-suits hand


def test_sure_tricks_law_49_dialogue_hand_counts_seven_suit_by_suit() -> None:
    count = sure_tricks(W16)
    assert count.total == 7
    assert {s.suit: s.total for s in count.suits} == {
        Suit.SPADES: 3, Suit.HEARTS: 1, Suit.DIAMONDS: 1, Suit.CLUBS: 2}
    assert count.of(Suit.SPADES).long_tricks == 1  # the fifth spade: two of A K Q head the suit
    assert "♠ A K 5 4 3: 3" in count.breakdown()


def test_sure_tricks_law_50_short_suits_hand_counts_four() -> None:
    count = sure_tricks(W17)
    assert count.total == 4
    assert [count.of(s).total for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)] == [2, 0, 1, 1]


@pytest.mark.parametrize(("holding", "tricks"), [
    ("AK", 2), ("AKQ", 3), ("KQJ", 2), ("QJT", 1), ("AQJ", 2), ("KJT9", 1), ("AJT", 1),
    ("AKJT", 3), ("K2", 0), ("KQ", 1), ("AK432", 3), ("AKQ432", 5), ("AKQJT2", 6), ("A5432", 1),
    ("KQJT32", 5), ("AKJT92", 5), ("QJT987", 2), ("98765", 0), ("", 0),
])
def test_sure_tricks_model_per_suit(holding: str, tricks: int) -> None:
    hand = Hand.parse(f"{holding}...")
    assert suit_sure_tricks(hand, Suit.SPADES).total == tricks


def test_law_40_example_kj109_is_more_doubtful_than_kqj() -> None:
    # law 40 (RO l.115-117): K J 10 9 is preferred as trumps to K Q J - the even suit is the surer one
    assert suit_sure_tricks(Hand.parse("KJT9..."), Suit.SPADES).total < \
        suit_sure_tricks(Hand.parse("KQJ..."), Suit.SPADES).total


def test_doubtful_tricks_count_guarded_kings_and_queens_not_already_sure() -> None:
    assert suit_sure_tricks(Hand.parse("K2..."), Suit.SPADES).doubtful == 1
    assert suit_sure_tricks(Hand.parse("AQ2..."), Suit.SPADES).doubtful == 1
    assert suit_sure_tricks(Hand.parse("AK..."), Suit.SPADES).doubtful == 0
    assert suit_sure_tricks(Hand.parse("Q2..."), Suit.SPADES).doubtful == 0  # a queen needs two guards


def test_counts_of_aces_kings_queens_and_figures() -> None:
    assert (aces(W16), kings(W16), queens(W16), face_cards(W16)) == (2, 3, 2, 6)


def test_honours_are_a_k_q_j_ten_note_4() -> None:
    assert honours(W17, Suit.DIAMONDS) == 3  # A J 10
    assert honours(W17, Suit.HEARTS) == 0


def test_coronet_is_a_sequence_from_the_ace_and_three_aces_count_as_one() -> None:
    assert coronet(Hand.parse("AKQ2..."), Suit.SPADES) == 3
    assert coronet(Hand.parse("AKJ2..."), Suit.SPADES) == 0
    assert coronets(Hand.parse("AKQ.A32.A32.5432")) == 2  # the A K Q coronet and three aces


def test_longest_suit_ties_go_to_more_honours_then_the_higher_suit() -> None:
    assert longest_suit(Hand.parse("AK32.KQJ2.32.432")) is Suit.HEARTS
    assert longest_suit(Hand.parse("5432.5432.32.432")) is Suit.HEARTS  # hearts outrank spades (law 5)


def test_suit_choice_laws_34_39_40() -> None:
    assert candidate_suits(Hand.parse("AKQ.KQJ.5432.432")) == []  # law 34: four cards at least
    assert trump_choice(Hand.parse("2.KQJ32.A2.KJT92")) == (Suit.CLUBS, "law-40")
    assert trump_choice(Hand.parse("AKJ2.AK32.KQ2.32")) == (Suit.SPADES, "law-39")
    assert direct_suits(Hand.parse("AKQ432.A2.KQ2.32")) == [Suit.SPADES]  # law 37
    assert direct_suits(W16) == []  # five trumps only


def test_every_feature_is_registered_and_usable_on_a_bidding_position() -> None:
    position = BidPosition(Seat.S, W16, Seat.S)
    registered = BIDDING.features
    for name in ("aces", "kings", "queens", "jacks", "sure_tricks", "coronets", "longest_suit"):
        assert name in registered and registered[name].description
        registered[name].fn(position, {})
    assert registered["length"].fn(position, {"suit": "S"}) == 5
    assert registered["honours"].fn(position, {"suit": "C"}) == 3
    assert registered["suit_sure_tricks"].fn(position, {"suit": "best"}) == 3


def test_law_48_guards_kings_queens_and_jacks_and_counts_partners_run() -> None:
    from tutor.engine.cards import Rank
    from tutor.engine.conventions.bidding_words import SHOWN_HOLDINGS
    from tutor.engine.conventions.hand_features import guarded

    hand = Hand.parse("K.Q2.J982.J98765")
    assert not SHOWN_HOLDINGS["king"](hand, Suit.SPADES)  # a blank king is never shown
    assert SHOWN_HOLDINGS["queen"](hand, Suit.HEARTS)  # Q x: one more card
    assert SHOWN_HOLDINGS["jack"](hand, Suit.DIAMONDS)  # J x x x: three more cards
    assert not guarded(Hand.parse("K.Q2.J98.J987654"), Suit.DIAMONDS, Rank.JACK, 3)  # J x x: two more only
    assert SHOWN_HOLDINGS["jack"](hand, Suit.CLUBS)
    run = BIDDING.features["partner_suit_run"]
    three = BidPosition.parse("S", "K5.JT82.84.KQ982", "N", ["1H", "P", "P", "P", "2H", "P", "P", "P", "3H", "P"])
    broken = BidPosition.parse("S", "K5.JT82.84.KQ982", "N", ["1H", "P", "P", "P", "1NT", "P", "P", "P", "2H", "P"])
    assert run.fn(three, {}) == 3 and run.fn(broken, {}) == 1
    jack = BIDDING.features["guarded_jack"]
    assert jack.fn(three, {"suit": "partner"}) is True


def test_law_31_defeats_last_bid_counts_the_tricks_the_bidder_may_lose() -> None:
    """Law 31 (RO l.97): "three" takes nine tricks and gives four, so five sure tricks defeat it."""
    from tutor.engine.conventions.negotiation import defeats_last_bid, last_bid_level

    five = BidPosition.parse("S", "AK32.32.AKQ2.K32", "E", ["3H"])  # 2 + 3 sure tricks
    four = BidPosition.parse("S", "AK32.32.AK32.K32", "E", ["3H"])  # 2 + 2
    assert last_bid_level(five) == 3
    assert defeats_last_bid(five) and not defeats_last_bid(four)
    assert defeats_last_bid(BidPosition.parse("S", "AK32.32.AK32.K32", "E", ["4H"]))  # "four" gives three


def test_r61_names_the_strongest_and_the_weaker_of_two_long_suits() -> None:
    """≈61 (RU l.179): two long suits - the stronger by sure tricks, the other the weaker."""
    position = BidPosition.parse("S", "AKQ32.3.AKQJ2.32", "S")  # spades 4 sure, diamonds 5
    assert (position.resolve_suit("strongest"), position.resolve_suit("weaker")) == (Suit.DIAMONDS, Suit.SPADES)


def test_law_47_figure_doubleton() -> None:
    """Law 47 (RU l.153): a doubleton with a king, queen or jack; not A x, not a tripleton."""
    position = BidPosition.parse("S", "32.Q2.A5432.5432", "N", ["3H", "P"])
    assert BIDDING.feature("figure_doubleton").value(position, {"suit": "partner"}) is True
    assert BIDDING.feature("figure_doubleton").value(position, {"suit": "S"}) is False
    ace_doubleton = BidPosition.parse("S", "32.A2.Q5432.5432", "N", ["3H", "P"])
    assert BIDDING.feature("figure_doubleton").value(ace_doubleton, {"suit": "H"}) is False
