"""Trick play, shared by Vint and Solo Whist.

The law of every trick game in this family (Vint law ≈108, from the summaries;
Solo Whist, seed ``002`` l.11–19): a player must follow suit to the card led if he
can; if he cannot, he may trump or discard as he chooses. The highest trump wins
the trick, otherwise the highest card of the suit led; the winner leads next.

A failure to follow while able is a *revoke* (ренонс, laws 145–159). By default
:meth:`TrickPlay.play` refuses it citing law 147; a lesson on revokes may record
one deliberately with ``allow_revoke=True`` and the revoke is kept in the log.

>>> from tutor.engine.cards import Deal
>>> d = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> p = TrickPlay(d, trump=None, leader=Seat.N)
>>> _ = p.play(Card.parse("SA"))
>>> sorted(str(c) for c in p.legal_cards())
['S7', 'S8', 'S9', 'ST']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tutor.engine.cards import Card, Deal, Hand, Seat, Side, Suit
from tutor.engine.errors import IllegalPlayError
from tutor.engine.nouns import count_of


@dataclass(frozen=True)
class PlayRecord:
    """One card played: by whom, to which trick, and whether it revoked."""

    index: int
    trick: int
    seat: Seat
    card: Card
    revoke: bool = False

    def __str__(self) -> str:
        return f"{self.seat.value}:{self.card}{' (revoke)' if self.revoke else ''}"


@dataclass(frozen=True)
class PlayLaws:
    """The law each game cites when it refuses a play (Vint's by default)."""

    follow_suit: str = "law-147"  # a revoke: not following suit while able
    not_held: str = "law-r108"  # the card must come from the player's hand
    out_of_turn: str = "law-167"  # cards are played in strict rotation
    play_over: str = "law-167"


VINT_PLAY_LAWS = PlayLaws()


@dataclass(frozen=True)
class Trick:
    """A completed (or current) trick: its leader and the cards in order."""

    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]

    @property
    def led_suit(self) -> Suit | None:
        return self.plays[0][1].suit if self.plays else None

    def winner(self, trump: Suit | None) -> Seat:
        """The seat that wins this trick under ``trump`` (``None`` at no-trumps)."""
        return trick_winner(self.plays, trump)

    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)


def trick_winner(plays: Iterable[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """Highest trump wins, else the highest card of the suit led."""
    plays = tuple(plays)
    if not plays:
        raise ValueError("an empty trick has no winner")
    # the card winning so far is of the suit led or a trump: a higher card of its suit beats it,
    # and so does the first trump on a card of the suit led; any other card cannot
    winner, top = plays[0]
    for seat, card in plays[1:]:
        if card.suit is top.suit:
            if card.rank > top.rank:
                winner, top = seat, card
        elif card.suit is trump:
            winner, top = seat, card
    return winner


def legal_cards(hand: Hand, led: Suit | None) -> frozenset[Card]:
    """The cards ``hand`` may play to a trick whose led suit is ``led``."""
    if led is None:
        return hand.cards
    held = hand.suit_cards(led)
    return frozenset(held) if held else hand.cards


class TrickPlay:
    """The play of a deal, trick by trick, with an append-only log.

    ``players`` lists the seats that hold cards (all four in Vint and Solo Whist);
    ``finished_when`` lets a game stop early once its result is settled (Solo
    Whist: "play stops as soon as the contract's fate is settled").
    """

    def __init__(
        self,
        deal: Deal,
        trump: Suit | None,
        leader: Seat,
        *,
        tricks_in_deal: int = 13,
        finished_when: Callable[[TrickPlay], bool] | None = None,
        laws: PlayLaws = VINT_PLAY_LAWS,
    ) -> None:
        self.deal = deal
        self.laws = laws
        self.trump = trump
        self.first_leader = leader
        self.tricks_in_deal = tricks_in_deal
        self._finished_when = finished_when
        self._hands: dict[Seat, Hand] = dict(deal.hands)
        self._log: list[PlayRecord] = []
        self._tricks: list[Trick] = []
        self._current: list[tuple[Seat, Card]] = []
        self._leader = leader

    # -- state -------------------------------------------------------------------

    @property
    def log(self) -> tuple[PlayRecord, ...]:
        return tuple(self._log)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Completed tricks, in order."""
        return tuple(self._tricks)

    @property
    def current_trick(self) -> Trick:
        return Trick(self._leader, tuple(self._current))

    @property
    def leader(self) -> Seat:
        """The seat that led (or is to lead) the current trick."""
        return self._leader

    @property
    def to_play(self) -> Seat:
        """The leader's n-th left-hand neighbour once n cards lie in the trick."""
        return self._leader.rotation()[len(self._current)]

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        return self._hands[seat]

    @property
    def is_complete(self) -> bool:
        if len(self._tricks) >= self.tricks_in_deal:
            return True
        if self._current:
            return False
        return self._finished_when is not None and self._finished_when(self)

    def winners(self) -> tuple[Seat, ...]:
        return tuple(t.winner(self.trump) for t in self._tricks)

    def tricks_won(self, who: Seat | Side) -> int:
        if isinstance(who, Side):
            return sum(1 for w in self.winners() if w.side is who)
        return sum(1 for w in self.winners() if w is who)

    @property
    def revokes(self) -> tuple[PlayRecord, ...]:
        return tuple(r for r in self._log if r.revoke)

    # -- legal moves -----------------------------------------------------------------

    def legal_cards(self) -> frozenset[Card]:
        if self.is_complete:
            return frozenset()
        led = self._current[0][1].suit if self._current else None
        return legal_cards(self._hands[self.to_play], led)

    def verify_play(self, card: Card, seat: Seat | None = None, *, allow_revoke: bool = False) -> None:
        """Raise an :class:`IllegalPlayError` naming the law the play breaks."""
        self._verified_legal(card, seat, allow_revoke)

    def _verified_legal(self, card: Card, seat: Seat | None, allow_revoke: bool) -> tuple[Seat, frozenset[Card]]:
        """:meth:`verify_play`, returning the player in turn and the legal cards it worked out (``play``
        needs them again: the play of every trick goes through here)."""
        if self.is_complete:
            raise IllegalPlayError(f"{card.pretty}: the play of this deal is over", law=self.laws.play_over)
        current = self._current
        player = self._leader.rotation()[len(current)]
        if seat is not None and seat is not player:
            raise IllegalPlayError(
                f"{seat.value} played {card.pretty} out of turn; it is {player.value}'s turn",
                law=self.laws.out_of_turn,
            )
        hand = self._hands[player]
        if card not in hand.cards:
            raise IllegalPlayError(f"{player.value} does not hold {card.pretty}", law=self.laws.not_held)
        legal = legal_cards(hand, current[0][1].suit if current else None)
        if not allow_revoke and card not in legal:
            led = current[0][1].suit
            raise IllegalPlayError(
                f"{player.value} played {card.pretty} but holds {count_of(hand.length(led), led.english[:-1], led.english)}: "
                f"a player must follow suit when he can; failing to is a revoke",
                law=self.laws.follow_suit,
            )
        return player, legal

    def can_play(self, card: Card, seat: Seat | None = None) -> bool:
        try:
            self.verify_play(card, seat)
        except IllegalPlayError:
            return False
        return True

    # -- actions -------------------------------------------------------------------------

    def play(self, card: Card, seat: Seat | None = None, *, allow_revoke: bool = False) -> PlayRecord:
        """Play ``card`` for the seat in turn; returns the frozen record."""
        player, legal = self._verified_legal(card, seat, allow_revoke)
        record = PlayRecord(len(self._log), len(self._tricks), player, card, card not in legal)
        self._log.append(record)
        self._hands[player] = self._hands[player].without(card)
        current = self._current
        current.append((player, card))
        if len(current) == 4:
            plays = tuple(current)
            self._tricks.append(Trick(self._leader, plays))
            self._leader = trick_winner(plays, self.trump)
            self._current = []
        return record

    def played_cards(self) -> tuple[Card, ...]:
        return tuple(r.card for r in self._log)
