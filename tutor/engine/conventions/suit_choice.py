"""Which suit a hand names: the suit-choice laws of the book, as pure functions of a hand.

* Candidates for trumps are suits of four or more cards (law 34) with two honours (law 33).
* Law 35: a player names "his high, long suit"; between suits of equal length, law 40 makes
  trumps of the more doubtful one when their strength differs (K J 10 9 before K Q J: the solid
  suit makes its tricks anyway), and law 39 prefers more honours when they are equal.
* Law 37: a direct "two", "three" or "four" needs six trumps headed by the ace and king, with
  three honours.
* Law ≈53: the no-trumps bidder's own suit — five cards with two or three of A K Q, or six with
  the jack and ten.

Strength is the tutor's sure-trick count (:mod:`tutor.engine.conventions.hand_features`).

>>> trump_choice(Hand.parse("2.KQJ32.A2.KJT92"))
(<Suit.CLUBS: 'C'>, 'law-40')
>>> direct_suits(Hand.parse("AKQ432.A2.KQ2.32"))
[<Suit.SPADES: 'S'>]
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine.cards import PBN_SUITS, Card, Hand, Rank, Suit
from tutor.engine.conventions.hand_features import honours, suit_rank_key, suit_sure_tricks


def candidate_suits(hand: Hand, exclude: frozenset[Suit] = frozenset()) -> list[Suit]:
    """Suits that may be named as trumps: four or more cards (law 34) with two honours (law 33)."""
    return [s for s in PBN_SUITS if s not in exclude and hand.length(s) >= 4 and honours(hand, s) >= 2]


def trump_choice(hand: Hand, exclude: frozenset[Suit] = frozenset()) -> tuple[Suit | None, str]:
    """The suit to name as trumps and the law that chose it.

    The longest candidate (law 35: "his high, long suit"); between suits of equal
    length, the one with fewer sure tricks when their sure tricks differ (law 40:
    K J 10 9 before K Q J, since the solid suit makes its tricks anyway), else the
    one with more honours (law 39), else the higher-ranking. Reasons: ``none``,
    ``only``, ``longer``, ``law-40``, ``law-39``, ``higher``.
    """
    candidates = candidate_suits(hand, exclude)
    if not candidates:
        return None, "none"
    if len(candidates) == 1:
        return candidates[0], "only"
    longest = max(hand.length(s) for s in candidates)
    top = [s for s in candidates if hand.length(s) == longest]
    if len(top) == 1:
        return top[0], "longer"
    sure = {s: suit_sure_tricks(hand, s).total for s in top}
    if len(set(sure.values())) > 1:
        fewest = min(sure.values())
        doubtful = [s for s in top if sure[s] == fewest]
        return max(doubtful, key=lambda s: suit_rank_key(hand, s)), "law-40"
    most = max(honours(hand, s) for s in top)
    if sum(1 for s in top if honours(hand, s) == most) == 1:
        return next(s for s in top if honours(hand, s) == most), "law-39"
    return max(top, key=lambda s: suit_rank_key(hand, s)), "higher"


def direct_suits(hand: Hand) -> list[Suit]:
    """Suits for a direct "two", "three" or "four" (law 37): 6+ cards, A and K, three honours."""
    return [s for s in PBN_SUITS if hand.length(s) >= 6 and Card(s, Rank.ACE) in hand
            and Card(s, Rank.KING) in hand and honours(hand, s) >= 3]


def best_by(hand: Hand, suits: list[Suit], key: Callable[[Suit], tuple[int, ...]]) -> Suit | None:
    return max(suits, key=key) if suits else None


def strength(hand: Hand, suit: Suit) -> tuple[int, int, int, int]:
    return (suit_sure_tricks(hand, suit).total, *suit_rank_key(hand, suit))


def r53_suits(hand: Hand) -> list[Suit]:
    """Law ≈53: five cards with two or three of A K Q, or six cards with the jack and ten."""
    out = []
    for s in PBN_SUITS:
        top = sum(1 for r in (Rank.ACE, Rank.KING, Rank.QUEEN) if Card(s, r) in hand)
        jack_ten = Card(s, Rank.JACK) in hand and Card(s, Rank.TEN) in hand
        if (hand.length(s) >= 5 and top >= 2) or (hand.length(s) >= 6 and jack_ten):
            out.append(s)
    return out


__all__ = ["best_by", "candidate_suits", "direct_suits", "r53_suits", "strength", "trump_choice"]
