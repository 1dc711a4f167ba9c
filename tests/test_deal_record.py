"""The deal record (tutor/engine/record): one append-only log of a four-handed Vint deal.

Expectations come from the laws, not from the code: calls go round from the dealer (law 28),
each hand holds 13 cards (law 16), a bid must outrank the last (laws 29-31), suit must be
followed (law 147), all four passing throws the deal in (scoring 8), and the defender on the
declarer's left leads first (the tutor's reading of laws 77-78, content/rules.yaml on law 77).
"""

from __future__ import annotations

import random

import pytest

from tutor.engine import pbn
from tutor.engine.calls import parse_call
from tutor.engine.cards import SEATS, Card, Deal, Seat
from tutor.engine.conventions.kinds import DecisionKind
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import IllegalCallError, IllegalPlayError, TutorError
from tutor.engine.record import DealRecord, Phase

DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def _calls(record: DealRecord, *texts: str) -> None:
    for text in texts:
        record.push(parse_call(text))


def test_law_28_calls_go_round_from_the_dealer() -> None:
    record = DealRecord(DEAL, Seat.E)
    order = []
    for _ in range(4):
        order.append(record.to_act)
        record.push(parse_call("P"))
    assert order == [Seat.E, Seat.S, Seat.W, Seat.N]


def test_scoring_8_four_passes_end_the_deal_without_play() -> None:
    record = DealRecord(DEAL, Seat.N)
    _calls(record, "P", "P", "P", "P")
    assert record.phase is Phase.OVER and record.contract is None and record.to_act is None
    with pytest.raises(TutorError):
        record.push(parse_call("1S"))


def test_laws_77_78_the_defender_on_the_declarers_left_leads() -> None:
    record = DealRecord(DEAL, Seat.N)
    _calls(record, "1NT", *["P"] * 8)  # the tutor's end of the auction: eight passes after the last bid
    assert record.phase is Phase.PLAY
    assert record.to_act is Seat.E
    assert record.view().kind is DecisionKind.LEAD


def test_laws_29_31_an_insufficient_bid_never_enters_the_log() -> None:
    record = DealRecord(DEAL, Seat.N)
    _calls(record, "2S")
    with pytest.raises(IllegalCallError):
        record.push(parse_call("1H"))
    assert len(record) == 1


def test_law_147_a_revoke_is_refused_with_its_law() -> None:
    record = DealRecord(DEAL, Seat.N)
    _calls(record, "1NT", *["P"] * 8)
    record.push(Card.parse("ST"))  # East leads a spade
    with pytest.raises(IllegalPlayError) as err:
        record.push(Card.parse("H8"))  # South holds spades: he must follow
    assert "147" in str(err.value.law)


def test_pop_takes_back_exactly_the_last_move() -> None:
    record = DealRecord(DEAL, Seat.N)
    _calls(record, "1NT", *["P"] * 8)
    record.push(Card.parse("ST"))
    before = (record.phase, record.to_act, record.moves)
    record.push(Card.parse("S6"))
    assert record.pop() == Card.parse("S6")
    assert (record.phase, record.to_act, record.moves) == before
    while len(record):
        record.pop()
    assert record.phase is Phase.AUCTION and record.to_act is Seat.N
    with pytest.raises(TutorError):
        record.pop()


def test_a_seat_view_holds_the_public_part_and_that_seats_hand_only() -> None:
    record = DealRecord(DEAL, Seat.N)
    _calls(record, "1NT", *["P"] * 8)
    record.push(Card.parse("ST"))
    views = {seat: record.view(seat) for seat in Seat}
    assert len({v.public for v in views.values()}) == 1  # one public part for every seat
    for seat, view in views.items():
        assert view.hand == record.hand(seat)
        assert len(view.hand) == 13 - (seat is Seat.E)  # law 16, less the card East led
        assert view.trick == (Card.parse("ST"),)


def test_every_deal_the_robots_play_has_52_cards_each_once_and_13_tricks() -> None:
    from tutor.lessons.robots import run

    for seed in range(3):
        record = DealRecord(random_deal(random.Random(seed)), SEATS[seed % 4])
        run(record)
        assert record.phase is Phase.OVER
        cards = [m for m in record.moves if isinstance(m, Card)]
        if record.contract is not None:
            assert len(cards) == 52 and len(set(cards)) == 52
            assert sum(record.tricks_won().values()) == 13
        decided = list(record.decisions())
        assert [d.move for d in decided] == list(record.moves)
        assert all(d.view.seat is d.seat for d in decided)


def test_pbn_export_and_import_keep_the_record() -> None:
    from tutor.lessons.robots import run

    record = DealRecord(random_deal(random.Random(11)), Seat.S)
    run(record)
    text = pbn.dumps(pbn.PbnGame.from_record(record))
    again = pbn.loads(text)[0].record()
    assert again.moves == record.moves and again.deal == record.deal and again.dealer is record.dealer
