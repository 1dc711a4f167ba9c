"""Can the bidder still be beaten? A small exact search used for claims (seed ``002``, l.19, l.83).

Play in Solo Whist goes on "until the bidder's fate is decided" (l.19). A made
misère can be known before the thirteenth trick: after seven tricks of the worked
example "no further play will force Kirill to take a trick" (l.83). Deciding that
means looking ahead with every card known — open misère shows the bidder's hand,
and a claim is judged as if all hands were shown.

:func:`bidder_can_guarantee` answers, for an all-or-nothing game (misère, open
misère, declared abundance), whether the bidder can make it against any defence:
an AND/OR search over the remaining cards, with touching cards merged, positions
remembered at each trick, and a quick sufficient test for a misère (each of the
bidder's cards in a suit can be kept under a different defender's card of that
suit). The search stops after ``budget`` positions and then returns ``None``.

>>> from tutor.engine.cards import Hand
>>> hands = {Seat.N: Hand.parse("..32.").cards, Seat.E: Hand.parse("..54.").cards,
...          Seat.S: Hand.parse("..76.").cards, Seat.W: Hand.parse("..98.").cards}
>>> bidder_can_guarantee(hands, Seat.E, (), bidder=Seat.N, trump=None, bidder_wins=False)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

from tutor.engine.cards import SEATS, Card, Seat, Suit
from tutor.engine.tricks import trick_winner

DEFAULT_BUDGET = 200_000

Hands = tuple[frozenset[Card], ...]  # in SEATS order
Plays = tuple[tuple[Seat, Card], ...]


class _OutOfBudget(Exception):
    pass


def misere_safe_by_suits(hands: Mapping[Seat, frozenset[Card]], bidder: Seat) -> bool:
    """A sufficient test that a misère bidder, not on lead, can never be forced to win a trick.

    In every suit, pair the bidder's cards and the defenders' cards, both lowest
    first: if each of his is lower than its partner, whatever the defenders lead in
    that suit he has a card below it (he plays the highest such card), and the
    pairing still holds afterwards.
    """
    for suit in Suit:
        mine = sorted(c.rank for c in hands[bidder] if c.suit is suit)
        theirs = sorted(c.rank for s in SEATS if s is not bidder for c in hands[s] if c.suit is suit)
        if any(k > d for k, d in zip(mine, theirs)):
            return False
    return True


def _masters_only(hands: Mapping[Seat, frozenset[Card]], bidder: Seat) -> bool:
    """Every card the bidder holds beats every card of its suit the defenders hold (no trumps)."""
    for suit in Suit:
        mine = [c.rank for c in hands[bidder] if c.suit is suit]
        theirs = [c.rank for s in SEATS if s is not bidder for c in hands[s] if c.suit is suit]
        if mine and theirs and min(mine) < max(theirs):
            return False
    return True


def _representatives(cards: frozenset[Card], live: frozenset[Card]) -> list[Card]:
    """One card of each run of touching cards: cards with no live card of their suit between them."""
    reps: list[Card] = []
    for suit in Suit:
        ranks = sorted(c.rank for c in live if c.suit is suit)
        mine = sorted((c for c in cards if c.suit is suit), key=lambda c: c.rank)
        if not mine:
            continue
        position = {r: i for i, r in enumerate(ranks)}
        reps.append(mine[0])
        for low, high in pairwise(mine):
            if position[high.rank] != position[low.rank] + 1:
                reps.append(high)
    return reps


def bidder_can_guarantee(
    hands: Mapping[Seat, frozenset[Card]],
    leader: Seat,
    current: Plays,
    *,
    bidder: Seat,
    trump: Suit | None,
    bidder_wins: bool,
    budget: int = DEFAULT_BUDGET,
) -> bool | None:
    """True if the bidder can win (``bidder_wins``) or lose every remaining trick whatever the others do.

    ``hands`` are the cards still held, ``leader`` led the current trick and
    ``current`` holds its cards so far. ``None`` when the search exceeds ``budget``.
    """
    memo: dict[tuple[Hands, Seat], bool] = {}
    count = 0

    def boundary(held: Hands, lead: Seat) -> bool:
        if not any(held):
            return True
        key = (held, lead)
        if key in memo:
            return memo[key]
        as_map = dict(zip(SEATS, held))
        if trump is None and not bidder_wins and lead is not bidder:
            quick = misere_safe_by_suits(as_map, bidder)
        elif trump is None and bidder_wins and lead is bidder:
            quick = _masters_only(as_map, bidder)
        else:
            quick = False
        result = quick or node(held, lead, ())
        memo[key] = result
        return result

    def node(held: Hands, lead: Seat, trick: Plays) -> bool:
        nonlocal count
        count += 1
        if count > budget:
            raise _OutOfBudget
        if len(trick) == 4:
            winner = trick_winner(trick, trump)
            if (winner is bidder) != bidder_wins:
                return False
            return boundary(held, winner)
        seat = lead
        for _ in trick:
            seat = seat.lho
        index = SEATS.index(seat)
        hand = held[index]
        led = trick[0][1].suit if trick else None
        legal = frozenset(c for c in hand if c.suit is led) if led is not None else hand
        legal = legal or hand
        live = frozenset().union(*held, (c for _, c in trick))
        options = _representatives(legal, live)
        # likeliest first: high cards when the bidder must win, low ones when he must lose
        options.sort(key=lambda c: c.rank, reverse=bidder_wins)
        outcomes = (
            node(held[:index] + (hand - {card},) + held[index + 1:], lead, (*trick, (seat, card)))
            for card in options
        )
        return any(outcomes) if seat is bidder else all(outcomes)

    start = tuple(frozenset(hands[s]) for s in SEATS)
    try:
        if not current:
            return boundary(start, leader)
        return node(start, leader, current)
    except _OutOfBudget:
        return None
