"""Each count word's realiser agrees with the word's own value, on random hands.

A word whose value is a number of cards held states a condition — and its negation — as
card counts (``Condition.requirement``). The property, independent of how the realiser
works: on any hand, a :class:`CardsBetween` holds exactly when the condition does, and the
counts of a :class:`HandTest` hold whenever the condition does (they are what it implies).
Where the counts say all the comparison says — a suit's length; "the shortest suit has at
least v cards", which is "every suit has at least v"; "the longest has at most v" — they
hold exactly when the condition does. The words that count cards are the book's counts:
aces, kings, queens and jacks (laws 41, 45, 46, 48 show them), a suit's length (law 34: a
suit named has four cards or more) and the shortest and longest suits (law 50: equal suits).
"""

from __future__ import annotations

import random

import pytest

from tutor.engine.cards import SEATS, Hand
from tutor.engine.conventions import Condition
from tutor.engine.conventions.vocabularies import BIDDING, PLAY
from tutor.engine.conventions.vocabulary import COMPARISONS, CardsBetween, HandTest, Vocabulary, Word
from tutor.engine.deals.generate import random_deal

COUNT_WORDS = {"aces", "kings", "queens", "jacks", "length", "shortest_length", "longest_length"}
#: the comparisons whose counts are exact, per word (the rank counts: every comparison with a range)
EXACT = {"length": {"==", ">=", "<=", ">", "<"}, "shortest_length": {">=", ">"}, "longest_length": {"<=", "<"}}
HANDS = 25


class _HandOnly:
    """A position that is a hand and nothing else."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand


def _args(word: Word, suit: str) -> dict[str, str]:
    return {a.name: suit for a in word.args if a.type == "suit"}


def _states_counts(word: Word) -> bool:
    if any(a.default is None and a.type != "suit" for a in word.args):
        return False  # a required argument of another kind: not a count of cards
    for op in (">=", "<="):  # "at least one", "at most one": a count bounds one side or the other
        requirement = Condition(word, op, 1, _args(word, "S")).requirement()
        if requirement is not None and requirement.counts:
            return True
    return False


def _held(hand: Hand, count: CardsBetween) -> bool:
    return count.low <= sum(1 for c in hand.cards if c in count.cards) <= count.high


@pytest.mark.parametrize("vocabulary", [BIDDING, PLAY], ids=["bidding", "play"])
def test_the_words_that_count_cards_are_the_books_counts(vocabulary: Vocabulary) -> None:
    assert {n for n, w in vocabulary.features.items() if _states_counts(w)} == COUNT_WORDS


@pytest.mark.parametrize("vocabulary", [BIDDING, PLAY], ids=["bidding", "play"])
@pytest.mark.parametrize("name", sorted(COUNT_WORDS))
def test_a_count_words_requirement_agrees_with_its_value(vocabulary: Vocabulary, name: str) -> None:
    word = vocabulary.feature(name)
    rng = random.Random(f"{name}-{len(vocabulary.words)}")
    exact = EXACT.get(name, set(COMPARISONS) - {"!="})
    checked = 0
    for _ in range(HANDS):
        hand = random_deal(rng)[rng.choice(SEATS)]
        args = _args(word, rng.choice("SHDC"))
        for op in COMPARISONS:
            for value in (0, 1, 2, 3, 4, 5, 7):
                cond = Condition(word, op, value, args)
                for negated in (False, True):
                    holds = cond.holds(_HandOnly(hand)) is not negated
                    requirement = cond.requirement(negated=negated)
                    assert isinstance(requirement, CardsBetween | HandTest), (name, op, value)
                    counts = requirement.counts
                    met = all(_held(hand, c) for c in counts)
                    if holds:
                        assert met, (name, op, value, negated, str(hand))
                    compared = COMPARISONS[op].negation if negated else op
                    if isinstance(requirement, CardsBetween) or (counts and compared in exact):
                        assert met == holds, (name, op, value, negated, str(hand))
                        checked += 1
    assert checked > HANDS * 10


def test_negation_is_the_complement_in_the_one_comparison_table() -> None:
    for symbol, comparison in COMPARISONS.items():
        negation = COMPARISONS[comparison.negation]
        assert negation.negation == symbol
        for a in range(6):
            for b in range(6):
                assert comparison.test(a, b) is not negation.test(a, b), (symbol, a, b)


def test_a_count_of_one_is_said_in_the_singular() -> None:
    from tutor.engine.cards import PBN_SUITS, Card, Rank, Suit
    from tutor.engine.deals.spec import suit_cards
    from tutor.lessons.cost.card_counts import bounds_words

    aces = frozenset(Card(s, Rank.ACE) for s in PBN_SUITS)
    assert bounds_words({aces: (0, 1)}) == "at most 1 ace"
    assert bounds_words({suit_cards(Suit.SPADES): (1, 1)}) == "exactly 1 spade"
    assert bounds_words({aces: (3, 4)}) == "3 or more aces"
    assert bounds_words({suit_cards(Suit.HEARTS): (0, 2)}) == "at most 2 hearts"
