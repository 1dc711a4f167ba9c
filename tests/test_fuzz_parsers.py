"""Parser fuzzing: any text given to a parser raises only the project's own errors."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st
from work_bounds import call_budget, memory_budget

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


# --- Solo Whist points and seeds (issue 13): bounded notation, bounded time -------------------

points_texts = st.one_of(
    texts,
    st.text(alphabet="0123456789+-−–/ .,eE_", max_size=40),
    st.tuples(st.sampled_from(["1e", "-1e", "1E+", "0.5e", "9" * 30, "1/", "1 1/"]),
              st.integers(0, 10**9)).map(lambda t: f"{t[0]}{t[1]}"),
    st.integers(0, 10**5).map(lambda n: "9" * n),
)


@settings(max_examples=300, deadline=None)
@given(points_texts)
def test_solo_points_parser_raises_only_tutor_errors_cheaply(text: str) -> None:
    """No exponent is ever made exact (1e100000000 used to pin a core for minutes): a few hundred calls
    and a few kilobytes whatever the text (a bound on work, not a time: see tests/work_bounds.py)."""
    from fractions import Fraction

    from tutor.lessons.solo.quiz import format_points, parse_points

    with call_budget(1000), memory_budget(100_000):
        try:
            value = parse_points(text)
        except TutorError:
            value = None
    if value is not None:  # what is accepted is small, and the page can show it (format_points)
        assert isinstance(value, Fraction) and abs(value) < 10**7
        format_points(value)


@settings(max_examples=300, deadline=None)
@given(st.one_of(texts, st.integers(-2**80, 2**80).map(str), st.integers(0, 5000).map(lambda n: "9" * n)))
def test_seed_parser_accepts_exactly_the_seed_range(text: str) -> None:
    """0 <= seed < 2**63 (an SQLite INTEGER); everything else is a SeedError, never a crash."""
    from tutor.engine.seeds import SeedError, seed_from_text

    try:
        seed = seed_from_text(text)
    except SeedError:
        digits = text.strip().removeprefix("+")
        plain = digits.isascii() and digits.isdigit()  # a whole number, not negative
        assert not plain or len(digits.lstrip("0")) > 19 or int(digits) >= 2**63
        return
    assert 0 <= seed < 2**63 and seed == int(text.strip())
