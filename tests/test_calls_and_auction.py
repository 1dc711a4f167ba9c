"""The auction: laws 28–35 and 74–76, and the tutor's reading of its end."""

from __future__ import annotations

import pytest

from tutor.engine.auction import Auction
from tutor.engine.calls import (
    VINT_DENOMINATIONS,
    Bid,
    Contract,
    Pass,
    Strain,
    all_bids,
    parse_call,
    tricks_needed,
)
from tutor.engine.cards import Seat
from tutor.engine.errors import IllegalCallError, InsufficientBidError, NotationError
from tutor.engine.rules import Rules


def _auction(dealer: Seat, calls: str, rules: Rules | None = None) -> Auction:
    return Auction.from_calls(dealer, calls.split(), rules)


def test_law_5_and_35_denomination_order() -> None:
    assert [s.value for s in VINT_DENOMINATIONS] == ["S", "C", "D", "H", "NT"]
    assert Bid(1, Strain.SPADES) < Bid(1, Strain.CLUBS) < Bid(1, Strain.DIAMONDS)
    assert Bid(1, Strain.DIAMONDS) < Bid(1, Strain.HEARTS) < Bid(1, Strain.NO_TRUMPS) < Bid(2, Strain.SPADES)


def test_law_31_contract_targets() -> None:
    # simple 7, two 8, three 9, four 10, five 11, small slam 12, grand slam 13
    assert [tricks_needed(level) for level in range(1, 8)] == [7, 8, 9, 10, 11, 12, 13]


def test_law_28_the_dealer_speaks_first_then_the_left() -> None:
    auction = Auction(Seat.W)
    order = []
    for _ in range(5):
        order.append(auction.to_call)
        auction.call(Bid(1, Strain.SPADES) if not order[:-1] else Pass())
    assert order == [Seat.W, Seat.N, Seat.E, Seat.S, Seat.W]


def test_law_28_a_call_out_of_turn_is_refused_citing_the_law() -> None:
    auction = Auction(Seat.N)
    with pytest.raises(IllegalCallError) as err:
        auction.call(Pass(), seat=Seat.E)
    assert err.value.law == "law-28" and "out of turn" in str(err.value)


def test_law_35_spades_must_go_to_two() -> None:
    auction = _auction(Seat.N, "1C")
    assert not auction.can_call(Bid(1, Strain.SPADES))
    assert auction.can_call(Bid(2, Strain.SPADES))
    legal_ones = {str(c) for c in auction.legal_calls() if isinstance(c, Bid) and c.level == 1}
    assert legal_ones == {"1D", "1H", "1NT"}


def test_law_75_two_clubs_after_two_diamonds_counts_as_three_clubs() -> None:
    auction = _auction(Seat.N, "2D")
    with pytest.raises(InsufficientBidError) as err:
        auction.call(Bid(2, Strain.CLUBS))
    assert err.value.corrected == Bid(3, Strain.CLUBS)
    assert err.value.law == "law-75" and "three clubs" in str(err.value)
    record = auction.call_insufficient(Bid(2, Strain.CLUBS))
    assert record.call == Bid(3, Strain.CLUBS) and record.corrected_from == Bid(2, Strain.CLUBS)
    # the erroneous call binds: bidding goes on from three clubs (law 75)
    assert auction.last_bid is not None and auction.last_bid.seat is Seat.E


def test_law_75_has_no_correction_above_seven() -> None:
    auction = _auction(Seat.N, "7NT")
    with pytest.raises(InsufficientBidError) as err:
        auction.call(Bid(7, Strain.HEARTS))
    assert err.value.corrected is None


def test_a_player_may_outbid_his_partner_and_himself() -> None:
    # law 49's dialogue: the same player names spades, passes, then names clubs
    auction = _auction(Seat.S, "1S P P P 1C")
    assert auction.bids_by(Seat.S) == (Bid(1, Strain.SPADES), Bid(1, Strain.CLUBS))


def test_tutor_reading_auction_ends_after_eight_passes() -> None:
    auction = _auction(Seat.N, "1H " + "P " * 7)
    assert not auction.is_complete and auction.contract is None
    auction.call(Pass())
    assert auction.is_complete
    assert auction.contract == Contract(Bid(1, Strain.HEARTS), Seat.N)
    assert auction.legal_calls() == ()


def test_the_declarer_is_the_player_who_made_the_last_bid() -> None:
    auction = _auction(Seat.E, "1S 1H P 2S " + "P " * 8)
    assert auction.contract == Contract(Bid(2, Strain.SPADES), Seat.N)


def test_variant_twelve_passes_end_the_auction() -> None:
    rules = Rules.with_variants({"auction-end": "moscow_1886"})
    auction = _auction(Seat.N, "1H " + "P " * 8, rules)
    assert not auction.is_complete
    for _ in range(4):
        auction.call(Pass())
    assert auction.is_complete


def test_scoring_8_four_passes_without_a_bid_pass_the_deal_out() -> None:
    auction = _auction(Seat.N, "P P P")
    assert not auction.is_complete
    auction.call(Pass())
    assert auction.is_passed_out and auction.is_complete and auction.contract is None


def test_law_76_no_call_after_the_auction_is_over() -> None:
    auction = _auction(Seat.N, "P P P P")
    with pytest.raises(IllegalCallError) as err:
        auction.call(Bid(1, Strain.SPADES))
    assert err.value.law == "law-76"


@pytest.mark.parametrize("text", ["P", "pass", "1S", "3NT", "7H", "2C", "5D"])
def test_call_notation_round_trips(text: str) -> None:
    call = parse_call(text)
    assert parse_call(str(call)) == call


def test_every_bid_parses_back_and_the_ladder_is_strictly_increasing() -> None:
    bids = all_bids()
    assert len(bids) == 35
    assert all(a < b for a, b in zip(bids, bids[1:]))
    assert all(parse_call(str(b)) == b for b in bids)


@pytest.mark.parametrize("bad", ["", "0S", "8H", "1X", "S1", "NT", "1", "p4", "11S"])
def test_bad_calls_raise_notation_error(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_call(bad)


def test_spoken_names_follow_law_31() -> None:
    assert Bid(1, Strain.SPADES).spoken == "simple spades"
    assert Bid(6, Strain.NO_TRUMPS).spoken == "small slam no-trumps"
    assert Bid(7, Strain.HEARTS).spoken == "grand slam hearts"
