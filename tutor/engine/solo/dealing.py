"""Choosing the dealer and dealing a Solo Whist hand (seed ``002``, l.7–11).

* Each player is shown a card from the cut pack; the **lowest** card deals, the
  **ace counting lowest** (l.7). Equal ranks are broken by suit: the lowest suit is
  lost in the translation (by elimination, clubs), then diamonds, hearts, and
  **spades highest** — :data:`SOLO_CUT_SUITS`, deliberately *not* Vint's order
  (in Vint spades are the lowest suit).
* The dealer shuffles, the player on his right cuts (l.9), and the cards are dealt
  from the dealer's left, **three at a time**, the **last four one at a time**
  (4 rounds × 3 + 1 = 13 each). The last card, the dealer's own, is **turned face
  up**: its suit is trumps for the games that use the turned-up suit (l.9, l.61).
  It stays part of the dealer's hand — in the worked example Kirill plays his
  turned-up ♥2 to the second trick (l.71).
* The next deal passes clockwise (l.11).

>>> choose_dealer({Seat.N: Card.parse("SA"), Seat.E: Card.parse("CA"),
...                Seat.S: Card.parse("H2"), Seat.W: Card.parse("DK")})
<Seat.E: 'E'>
>>> d = deal_pack(FULL_PACK, Seat.N)
>>> d.turn_up in d.deal[Seat.N], d.eldest
(True, <Seat.E: 'E'>)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.cards import FULL_PACK, SEATS, Card, Deal, Hand, Rank, Seat, Suit
from tutor.engine.errors import NotationError, TutorError, law_in_words
from tutor.engine.solo import laws

#: Suits from lowest to highest for breaking ties in the cut (l.7): spades highest.
#: Not Vint's order (spades < clubs < diamonds < hearts, laws 5 and 35).
SOLO_CUT_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

#: Cards each player receives per round: four rounds of three, then one (l.9).
PACKETS: tuple[int, ...] = (3, 3, 3, 3, 1)


def cut_value(card: Card) -> tuple[int, int]:
    """How low a cut card is: its rank with the ace as 1, then its suit (l.7).

    >>> cut_value(Card.parse("SA")) < cut_value(Card.parse("C2"))
    True
    """
    rank = 1 if card.rank is Rank.ACE else int(card.rank)
    return (rank, SOLO_CUT_SUITS.index(card.suit))


def choose_dealer(cuts: Mapping[Seat, Card]) -> Seat:
    """The seat that cut the lowest card deals (ace low, ties by suit, spades highest)."""
    cards = list(cuts.values())
    if not cards:
        raise TutorError(f"nobody has cut a card ({law_in_words(laws.LAW_DEALER)})")
    if len(set(cards)) != len(cards):
        raise NotationError(f"two players cannot show the same card: {', '.join(map(str, cards))} "
                            f"({law_in_words(laws.LAW_DEALER)})")
    return min(cuts, key=lambda seat: cut_value(cuts[seat]))


def deal_order(dealer: Seat) -> tuple[Seat, ...]:
    """The seat receiving each of the 52 cards in turn: by threes from the dealer's left, last four singly."""
    order: list[Seat] = []
    seats = dealer.lho.rotation()
    for packet in PACKETS:
        for seat in seats:
            order += [seat] * packet
    return tuple(order)


@dataclass(frozen=True)
class SoloDeal:
    """A dealt hand of Solo Whist: the four hands, the dealer and the turned-up card."""

    deal: Deal
    dealer: Seat
    turn_up: Card

    def __post_init__(self) -> None:
        if self.turn_up not in self.deal[self.dealer]:
            raise TutorError(f"the turned-up card {self.turn_up} must be the dealer's "
                             f"({self.dealer.value}) own last card ({law_in_words(laws.LAW_TURN_UP)})")

    @property
    def turned_up_suit(self) -> Suit:
        """The suit that is trumps for proposal, solo and abundance in trumps (l.9)."""
        return self.turn_up.suit

    @property
    def eldest(self) -> Seat:
        """The eldest hand, on the dealer's left: he calls first and leads (l.15, l.21)."""
        return self.dealer.lho

    @property
    def next_dealer(self) -> Seat:
        """The deal passes clockwise (l.11)."""
        return self.dealer.lho


def deal_pack(pack: Sequence[Card], dealer: Seat) -> SoloDeal:
    """Deal a shuffled and cut ``pack`` (top card first) as the seed prescribes."""
    if len(pack) != 52 or set(pack) != set(FULL_PACK):
        raise NotationError(f"a Solo Whist deal needs the full pack of 52 different cards, "
                            f"got {len(set(pack))} ({law_in_words(laws.LAW_DEAL)})")
    hands: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
    for seat, card in zip(deal_order(dealer), pack):
        hands[seat].append(card)
    return SoloDeal(Deal({s: Hand(c) for s, c in hands.items()}), dealer, pack[-1])


def cut_pack(pack: Sequence[Card], at: int) -> tuple[Card, ...]:
    """The pack after the dealer's right-hand neighbour cuts it ``at`` cards from the top (l.9)."""
    if not 0 < at < len(pack):
        raise TutorError(f"a cut at {at} leaves an empty packet ({law_in_words(laws.LAW_SHUFFLE_CUT)})")
    return (*pack[at:], *pack[:at])


def random_solo_deal(rng: random.Random, dealer: Seat = Seat.N) -> SoloDeal:
    """Shuffle, cut and deal with ``rng``: the same seed gives the same deal."""
    pack = list(FULL_PACK)
    rng.shuffle(pack)
    return deal_pack(cut_pack(pack, rng.randint(4, 48)), dealer)
