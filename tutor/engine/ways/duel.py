"""The play of the two-handed ways without dummies (laws two-2, two-5): tricks of two cards.

Only the two players' hands hold cards; the usual laws of the trick hold (suit must be
followed, law 147; cards in turn, law 167): the highest trump wins, else the highest card
of the suit led, and the winner leads next. Thirteen tricks are played.

>>> from tutor.engine.cards import Hand
>>> p = DuelPlay({Seat.S: Hand.parse("AK.2.3.4"), Seat.W: Hand.parse("Q.3.4.5")}, None, Seat.S, tricks_in_deal=2)
>>> _ = p.play(Card.parse("SA")); _ = p.play(Card.parse("SQ")); p.tricks_won(Seat.S)
1
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.cards import Card, Hand, Seat, Suit
from tutor.engine.errors import IllegalPlayError
from tutor.engine.nouns import count_of
from tutor.engine.tricks import VINT_PLAY_LAWS, Trick, legal_cards, trick_winner


class DuelPlay:
    """Two hands, ``leader`` first; an append-only record of the tricks."""

    def __init__(self, hands: Mapping[Seat, Hand], trump: Suit | None, leader: Seat, *,
                 tricks_in_deal: int = 13) -> None:
        if len(hands) != 2 or leader not in hands:  # noqa: PLR2004 - two players
            raise IllegalPlayError("a two-handed play needs two hands and a leader among them",
                                   law=VINT_PLAY_LAWS.out_of_turn)
        self.seats = tuple(hands)
        self.trump, self.first_leader, self.tricks_in_deal = trump, leader, tricks_in_deal
        self._hands = dict(hands)
        self._tricks: list[Trick] = []
        self._current: list[tuple[Seat, Card]] = []
        self._leader = leader

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(self._tricks)

    @property
    def current_trick(self) -> Trick:
        return Trick(self._leader, tuple(self._current))

    def other(self, seat: Seat) -> Seat:
        return self.seats[1] if seat is self.seats[0] else self.seats[0]

    @property
    def to_play(self) -> Seat:
        return self._leader if not self._current else self.other(self._leader)

    def hand(self, seat: Seat) -> Hand:
        return self._hands[seat]

    @property
    def is_complete(self) -> bool:
        return len(self._tricks) >= self.tricks_in_deal

    def tricks_won(self, seat: Seat) -> int:
        return sum(1 for t in self._tricks if t.winner(self.trump) is seat)

    def legal_cards(self) -> frozenset[Card]:
        if self.is_complete:
            return frozenset()
        led = self._current[0][1].suit if self._current else None
        return legal_cards(self._hands[self.to_play], led)

    def verify_play(self, card: Card, seat: Seat | None = None) -> None:
        laws = VINT_PLAY_LAWS
        if self.is_complete:
            raise IllegalPlayError(f"{card.pretty}: the play of this deal is over", law=laws.play_over)
        player = self.to_play
        if seat is not None and seat is not player:
            raise IllegalPlayError(f"{seat.value} played {card.pretty} out of turn; it is {player.value}'s turn",
                                   law=laws.out_of_turn)
        hand = self._hands[player]
        if card not in hand:
            raise IllegalPlayError(f"{player.value} does not hold {card.pretty}", law=laws.not_held)
        if card not in self.legal_cards():
            led = self._current[0][1].suit
            raise IllegalPlayError(f"{card.pretty}: {player.value} holds {count_of(hand.length(led), led.english[:-1], led.english)} and must "
                                   "follow suit; failing to is a revoke", law=laws.follow_suit)

    def play(self, card: Card, seat: Seat | None = None) -> None:
        self.verify_play(card, seat)
        player = self.to_play
        self._hands[player] = self._hands[player].without(card)
        self._current.append((player, card))
        if len(self._current) == 2:  # noqa: PLR2004 - two cards to a trick
            trick = Trick(self._leader, tuple(self._current))
            self._tricks.append(trick)
            self._leader = trick_winner(trick.plays, self.trump)
            self._current = []

    def played_cards(self) -> tuple[Card, ...]:
        return tuple(c for t in self._tricks for c in t.cards()) + tuple(c for _, c in self._current)
