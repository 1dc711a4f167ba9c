"""What a deal must meet, seat by seat: the constraint types shared by every deal generator.

Pure Python (no numpy), so a module that only names constraints loads fast; the batch
generator (:mod:`tutor.engine.deals.batch`) and :mod:`tutor.engine.deals.generate` read them.
A card *index* (0–51) is the card's place in :data:`PACK`: suits in PBN order, ranks
from the two up.

>>> aces(3).minimum, len(suit_length(Suit.SPADES, 5).cards)
(3, 13)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tutor.engine.cards import HONOUR_RANKS, PBN_SUITS, Card, Hand, Rank, Suit

HAND_SIZE = 13
#: Card index → card: suits in PBN order (spades first), ranks from the two up.
PACK: tuple[Card, ...] = tuple(Card(s, r) for s in PBN_SUITS for r in sorted(Rank))
INDEX: Mapping[Card, int] = {card: i for i, card in enumerate(PACK)}
ACES: frozenset[Card] = frozenset(c for c in PACK if c.rank is Rank.ACE)


@dataclass(frozen=True)
class CardCount:
    """The hand holds between ``minimum`` and ``maximum`` cards of ``cards``."""

    cards: frozenset[Card]
    minimum: int
    maximum: int = HAND_SIZE

    def __call__(self, hand: Hand) -> bool:
        return self.minimum <= len(hand.cards & self.cards) <= self.maximum


MILTON_WORK: tuple[tuple[Rank, int], ...] = ((Rank.ACE, 4), (Rank.KING, 3), (Rank.QUEEN, 2), (Rank.JACK, 1))


@dataclass(frozen=True)
class Points:
    """The hand's high-card points lie between ``minimum`` and ``maximum``.

    ``scale`` gives the points per rank; the default is the bridge count A 4, K 3, Q 2,
    J 1 — a yardstick the book does not use, so callers from the laws pass their own.
    """

    minimum: int
    maximum: int = 100
    scale: tuple[tuple[Rank, int], ...] = MILTON_WORK

    def value(self, hand: Hand) -> int:
        points = dict(self.scale)
        return sum(points.get(c.rank, 0) for c in hand.cards)

    def __call__(self, hand: Hand) -> bool:
        return self.minimum <= self.value(hand) <= self.maximum


BatchConstraint = CardCount | Points


def suit_cards(suit: Suit) -> frozenset[Card]:
    return frozenset(c for c in PACK if c.suit is suit)


def suit_length(suit: Suit, minimum: int, maximum: int = HAND_SIZE) -> CardCount:
    """Between ``minimum`` and ``maximum`` cards of ``suit``."""
    return CardCount(suit_cards(suit), minimum, maximum)


def aces(minimum: int, maximum: int = 4) -> CardCount:
    return CardCount(ACES, minimum, maximum)


def honours(minimum: int, maximum: int = HAND_SIZE, suit: Suit | None = None) -> CardCount:
    """Honours (A K Q J 10, note 4) in ``suit``, or in all suits when ``suit`` is None."""
    return CardCount(frozenset(c for c in PACK if c.rank in HONOUR_RANKS and suit in (None, c.suit)),
                     minimum, maximum)


def holds(card: Card) -> CardCount:
    return CardCount(frozenset({card}), 1, 1)


def lacks(*cards: Card) -> CardCount:
    """None of ``cards`` (a card seen elsewhere, or known not to be in the hand)."""
    return CardCount(frozenset(cards), 0, 0)


def shown_out(suit: Suit) -> CardCount:
    """No card of ``suit``: the seat did not follow to it."""
    return CardCount(suit_cards(suit), 0, 0)


def describe(cards: frozenset[Card]) -> str:
    """Words for a card set in an error: a suit's name, "aces", or the cards."""
    for suit in PBN_SUITS:
        if cards == suit_cards(suit):
            return suit.english
    if cards == ACES:
        return "aces"
    return " ".join(str(c) for c in sorted(cards, key=lambda c: INDEX[c]))


def _span(low: int, high: int, top: int) -> str:
    return str(low) if low == high else (f"{low} or more" if high >= top else f"{low}–{high}")


def constraint_words(c: BatchConstraint) -> str:
    """A constraint in words for an error: "5 or more of spades", "12–16 points"."""
    if isinstance(c, Points):
        return f"{_span(c.minimum, c.maximum, 37)} points"
    return f"{_span(c.minimum, c.maximum, min(HAND_SIZE, len(c.cards)))} of {describe(c.cards)}"
