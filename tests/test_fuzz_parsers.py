"""Parser fuzzing: any text given to a parser raises only the project's own errors."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.calls import Strain, parse_call
from tutor.engine.cards import Card, Deal, Hand, Seat, Suit
from tutor.engine.errors import TutorError

NOTATION_ALPHABET = "SHDCNTAKQJ0123456789.:- xXnesw♠♥♦♣\n\t"
texts = st.one_of(st.text(max_size=80), st.text(alphabet=NOTATION_ALPHABET, max_size=80))


def _only_our_errors(parse: Callable[[str], object], text: str) -> None:
    """Parse ``text``; a TutorError is fine, any other exception fails the test."""
    with contextlib.suppress(TutorError):
        parse(text)


@settings(max_examples=300, deadline=None)
@given(texts)
def test_card_parser_raises_only_tutor_errors(text: str) -> None:
    _only_our_errors(Card.parse, text)


@settings(max_examples=300, deadline=None)
@given(texts)
def test_hand_parser_raises_only_tutor_errors(text: str) -> None:
    _only_our_errors(Hand.parse, text)


@settings(max_examples=300, deadline=None)
@given(texts)
def test_deal_parser_raises_only_tutor_errors(text: str) -> None:
    _only_our_errors(Deal.from_pbn, text)


@settings(max_examples=300, deadline=None)
@given(texts)
def test_call_parser_raises_only_tutor_errors(text: str) -> None:
    _only_our_errors(parse_call, text)


@settings(max_examples=200, deadline=None)
@given(texts)
def test_small_parsers_raise_only_tutor_errors(text: str) -> None:
    for parse in (Seat.parse, Suit.parse, Strain.parse):
        _only_our_errors(parse, text)


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(52)))
def test_any_shuffled_pack_round_trips_through_pbn(order: list[int]) -> None:
    from tutor.engine.cards import FULL_PACK, SEATS

    cards = [FULL_PACK[i] for i in order]
    deal = Deal({seat: Hand(cards[13 * i: 13 * i + 13]) for i, seat in enumerate(SEATS)})
    assert Deal.from_pbn(deal.to_pbn()) == deal
