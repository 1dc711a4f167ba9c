"""The card counts a call's reading implies, and their words: what a bound counts (a rank's four cards,
a suit's thirteen), its key, its order, and how the learner reads it ("3 or 4 aces; at most 1 king").

Split from :mod:`tutor.lessons.cost.ledger`, which builds the readings; the batch dealer is given
the counts in :func:`dealing_order`, the learner reads them in :func:`words_order`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from tutor.engine.cards import PBN_SUITS, Card, Rank, Suit
from tutor.engine.conventions.vocabularies import BIDDING
from tutor.engine.conventions.vocabulary import PlaceCards
from tutor.engine.deals.spec import suit_cards

#: The cards a bound counts: the four of a rank (aces …) or the thirteen of a suit.
Counted = frozenset[Card]
#: What the bounds are keyed by for the learner and the tests: the rank or the suit counted.
Key = Rank | Suit
Span = tuple[int, int]
Bounds = Mapping[Key, Span]


def span_words(lo: int, hi: int, top: int) -> str:
    if lo == hi:
        return f"exactly {lo}"
    if hi >= top:
        return f"{lo} or more"
    if lo == 0:
        return f"at most {hi}"
    return f"{lo} to {hi}"


def counted_key(cards: Counted) -> Key | None:
    """The suit whose thirteen cards, or the rank whose four cards, ``cards`` is (``None``: neither)."""
    suits, ranks = {c.suit for c in cards}, {c.rank for c in cards}
    if len(suits) == 1 and cards == suit_cards(next(iter(suits))):
        return next(iter(suits))
    if len(ranks) == 1 and len(cards) == len(PBN_SUITS):
        return next(iter(ranks))
    return None


def words_order(cards: Counted) -> tuple[int, int, int]:
    """Ranks before suits, the higher rank first, the suits in PBN order."""
    return len(cards), -max(c.rank for c in cards), min(PBN_SUITS.index(c.suit) for c in cards)


def dealing_order(cards: Counted) -> tuple[int, int, int]:
    """Ranks before suits, the lower rank first, clubs first: the order the batch dealer has always
    been given, so the same seed keeps giving the same layouts."""
    return len(cards), min(c.rank for c in cards), -min(PBN_SUITS.index(c.suit) for c in cards)


@lru_cache(maxsize=64)
def counted_words(cards: Counted, one: bool = False) -> str:
    """The learner's words for the cards a bound counts: the suit's name, or the noun of the word
    whose realiser places exactly these cards ("aces"); ``one``: for a count of one ("ace")."""
    key = counted_key(cards)
    if isinstance(key, Suit):
        return key.english[:-1] if one else key.english  # the suits' names are plurals: spades, hearts …
    for word in BIDDING.features.values():
        if isinstance(word.realiser, PlaceCards) and word.realiser.cards == cards:
            return word.nouns[0] if one and word.nouns else word.label
    return " ".join(str(c) for c in sorted(cards))


def bounds_words(counts: Mapping[Counted, Span]) -> str:
    """``3 or 4 aces; at most 1 king``: the counts, ranks first, then the suits."""
    return "; ".join(f"{span_words(*counts[cards], len(cards))} "
                     f"{counted_words(cards, one=counts[cards][1] == 1)}"
                     for cards in sorted(counts, key=words_order))


__all__ = ["Bounds", "Counted", "Key", "Span", "bounds_words", "counted_key", "counted_words", "dealing_order",
           "span_words", "words_order"]
