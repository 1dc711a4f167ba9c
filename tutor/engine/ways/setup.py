"""Dealing a way's deal, and the three-handed draw for the first dummy.

Cards go one at a time round the four places (laws 16, 25 f): 13 each, or 12 each and four
to the buy-in in the buy-in way (4 x 12 + 4 = 52, RO l.501). The deal passes from player to
player with the deal number. In the first three-handed way "the game begins by drawing the
lowest card" (RO l.519): the player who draws the lowest card takes the dummy first, and it
passes to the next player at each new rubber (the tutor's reading: a rubber's sides stay
fixed). The ace is the lowest card when drawing (law 6); equal ranks are told apart by the
auction's order of suits, spades lowest (the tutor's reading: the book names no tie rule).

>>> draw = dummy_draw(7)
>>> sorted(draw.cards) == ["A", "B", "C"], draw.first in ("A", "B", "C")
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from tutor.engine.calls import Strain
from tutor.engine.cards import SEATS, Card, Rank, Seat, Suit
from tutor.engine.errors import TutorError
from tutor.engine.ways.catalogue import Way

NAMES = ("A", "B", "C")


@dataclass(frozen=True)
class DummyDraw:
    """Each player's drawn card (RO l.519) and who drew the lowest: the first dummy-player."""

    cards: Mapping[str, Card]
    first: str

    def dummy_player(self, rubber: int, players: tuple[str, ...] = NAMES) -> str:
        """The dummy-player of rubber ``rubber`` (0 = the first): the dummy passes on in turn."""
        return players[(players.index(self.first) + rubber) % len(players)]

    def to_json(self) -> dict[str, object]:
        return {"cards": {p: str(c) for p, c in self.cards.items()}, "first": self.first}


def draw_order(card: Card) -> tuple[int, int]:
    """Low to high when drawing: the ace lowest (law 6), then by the auction's order of suits."""
    rank = 1 if card.rank is Rank.ACE else int(card.rank)
    return rank, Strain.of_suit(card.suit).rank


def dummy_draw(seed: int, players: tuple[str, ...] = NAMES) -> DummyDraw:
    """The seeded draw for the first dummy (the evening's; the same seed, the same draw)."""
    pack = [Card(s, r) for s in Suit for r in Rank]
    random.Random(f"{seed}:draw").shuffle(pack)
    cards = dict(zip(players, pack, strict=False))
    return DummyDraw(cards, min(players, key=lambda p: draw_order(cards[p])))


@dataclass(frozen=True)
class WaySetup:
    """The deal as dealt: four hands (seats), pile order for the one-card way, the buy-in."""

    way: Way
    hands: Mapping[Seat, tuple[Card, ...]]
    dealer: str
    dummy_player: str | None = None
    buy_in: tuple[Card, ...] = ()
    seed: int | None = None
    names: tuple[str, ...] = field(default=())

    @property
    def players(self) -> tuple[str, ...]:
        return self.names or NAMES[:self.way.players]


def deal_way(way: Way, rng: random.Random, deal_no: int = 0, seed: int | None = None,
             rubber: int = 0, *, dealer: str | None = None) -> WaySetup:
    """Shuffle and deal for ``way``; ``dealer`` (a player) overrides the turn of ``deal_no``."""
    if way.players not in (2, 3):  # noqa: PLR2004 - two- and three-handed ways
        raise TutorError(f"{way.players} players play the four-handed game with one sitting out")
    cards = [Card(s, r) for s in Suit for r in Rank]
    rng.shuffle(cards)
    dealt = cards[:4 * way.hand_size]
    hands = {seat: tuple(dealt[i::4]) for i, seat in enumerate(SEATS)}
    players = NAMES[:way.players]
    if dealer is not None and dealer not in players:
        raise TutorError(f"dealer: {dealer!r}; {way.players} players are {', '.join(players)}")
    start = players.index(dealer) if dealer is not None else 0
    dealer = players[(start + deal_no) % len(players)]
    dummy_player = dummy_draw(seed or 0).dummy_player(rubber) if way.name == "dummy" else None
    return WaySetup(way, hands, dealer, dummy_player, tuple(cards[4 * way.hand_size:]), seed)
