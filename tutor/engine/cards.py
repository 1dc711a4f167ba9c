"""Cards, seats, hands and deals: the vocabulary every other module speaks.

Vint is played by four people with a 52-card pack (law 1); the ace is the highest
card in play (the summaries list the order 2 … 10, J, Q, K, A) and the lowest
only when drawing for seats (law 6). Partners sit opposite each other (law 3).

Notation follows the Portable Bridge Notation so deals can go to and come from
other tools: a card is suit then rank (``SA``, ``HT``, ``D10`` is accepted too), a
hand lists its spades, hearts, diamonds and clubs separated by dots
(``AKQ.JT9.876.5432``), and a deal names the first hand's seat and lists the four
hands clockwise (``N:… … … …``).

The *Vint* order of suits in the auction (spades < clubs < diamonds < hearts,
laws 5 and 35) is not the PBN order; it lives in :mod:`tutor.engine.calls`.

>>> Card.parse("SA")
Card.parse('SA')
>>> Hand.parse("AKQ.JT9.876.5432").to_pbn()
'AKQ.JT9.876.5432'
>>> Seat.N.lho, Seat.N.partner, Seat.N.rho
(<Seat.E: 'E'>, <Seat.S: 'S'>, <Seat.W: 'W'>)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import total_ordering
from types import MappingProxyType

from tutor.engine.errors import NotationError
from tutor.engine.lazy import cached
from tutor.engine.seats import RELATIVE_SEATS, SEAT_NAMES, SEATS, SIDE_NAMES, RelativeSeat, Seat, Side


class Suit(enum.Enum):
    """A suit, in PBN order (spades, hearts, diamonds, clubs)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    #: Enum's own ``__hash__`` is Python code (the hash of the member's name); members are
    #: singletons compared by identity, so the identity hash is equivalent and runs in C - these
    #: are the keys of every hand, trick and score lookup.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def english(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter or symbol (``S``, ``♠``)."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.value, suit.symbol):
                return suit
        raise NotationError(f"unknown suit {text!r}: expected one of S, H, D, C")


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
PBN_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_PBN_INDEX = {suit: i for i, suit in enumerate(PBN_SUITS)}


class Rank(enum.IntEnum):
    """A card's rank; in play the ace is highest."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        return _RANK_CHARS[self.value - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``A K Q J T 9 … 2`` (``10`` is accepted for the ten)."""
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        index = _RANK_CHARS.find(key) if len(key) == 1 else -1
        if index < 0:
            raise NotationError(f"unknown rank {text!r}: expected A, K, Q, J, 10 (or T), 9 down to 2")
        return cls(index + 2)


_RANK_CHARS = "23456789TJQKA"
#: The honours of a trump suit (note 4): A K Q J 10.
HONOUR_RANKS: frozenset[Rank] = frozenset({Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN})


@total_ordering
@dataclass(frozen=True)
class Card:
    """One card of the pack. Orders by suit (PBN order, spades first) then rank."""

    suit: Suit
    rank: Rank
    #: A small integer unique to the card, computed once: hashing enums is slow, and deal
    #: generation hashes cards millions of times.
    _code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_code", _PBN_INDEX[self.suit] * 16 + int(self.rank))

    def __hash__(self) -> int:
        return self._code

    def __eq__(self, other: object) -> bool:
        # the code names suit and rank: one comparison of two integers instead of the generated
        # comparison of two (suit, rank) tuples (a hand's cards are compared on every card played)
        if isinstance(other, Card):
            return self._code == other._code
        return NotImplemented

    @property
    def sort_key(self) -> tuple[int, int]:
        return (-_PBN_INDEX[self.suit], int(self.rank))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key < other.sort_key

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card as players write it: suit then rank (``SA``, ``HT``, ``D10``, ``♣7``) or
        rank then suit (``10C``, ``AS``, ``7♣``).

        >>> Card.parse("D10") == Card.parse("10D") == Card.parse("♦10") == Card(Suit.DIAMONDS, Rank.TEN)
        True
        """
        known = _PARSED.get(text)
        if known is not None:  # the fast path: positions parse the same few strings again and again
            return known
        card = cls._parse(text)
        if len(text) <= 4:
            _PARSED[text] = card
        return card

    @classmethod
    def _parse(cls, text: str) -> Card:
        text = text.strip()
        if len(text) < 2:
            raise NotationError(f"bad card {text!r}: expected a suit then a rank, e.g. 'SA' or '♠A'")
        first_is_suit = text[0].upper() in "SHDC♠♥♦♣"
        suit_text, rank_text = (text[0], text[1:]) if first_is_suit else (text[-1], text[:-1])
        try:
            return cls(Suit.parse(suit_text), Rank.parse(rank_text))
        except NotationError as err:
            raise NotationError(f"bad card {text!r}: {err}") from None

    def __str__(self) -> str:
        return f"{self.suit.value}{self.rank.char}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def pretty(self) -> str:
        return f"{self.suit.symbol}{'10' if self.rank is Rank.TEN else self.rank.char}"


#: Cards already parsed, by their text (only short, valid texts are kept: at most a few hundred).
_PARSED: dict[str, Card] = {}

FULL_PACK: tuple[Card, ...] = tuple(Card(s, r) for s in PBN_SUITS for r in reversed(Rank))
#: The pack's cards by suit and rank letter (``T`` for the ten), as a PBN hand writes them.
_PACK_BY_CHAR: dict[tuple[Suit, str], Card] = {(c.suit, c.rank.char): c for c in FULL_PACK}




@dataclass(frozen=True)
class Hand:
    """A set of cards held by one player (at most 13 in Vint)."""

    cards: frozenset[Card]

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        if isinstance(cards, frozenset):  # a set holds no card twice: nothing to check
            object.__setattr__(self, "cards", cards)
            return
        cards = tuple(cards)
        unique = frozenset(cards)
        if len(unique) != len(cards):
            # one count of every card (a Counter), not a count of the list per card: n² work on a long list
            dupes = sorted(str(c) for c, times in Counter(cards).items() if times > 1)
            raise NotationError(f"hand holds a card twice: {', '.join(dupes)}")
        object.__setattr__(self, "cards", unique)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse a PBN hand ``S.H.D.C`` (``-`` or empty for a void).

        >>> len(Hand.parse("AKQJT98765432..."))
        13
        """
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise NotationError(
                f"bad hand {text!r}: expected four suits separated by dots (S.H.D.C)"
            )
        cards: list[Card] = []
        for suit, holding in zip(PBN_SUITS, parts):
            holding = holding.strip().upper().replace("10", "T")
            if holding == "-":
                continue
            for char in holding:
                card = _PACK_BY_CHAR.get((suit, char))  # the pack's own card: no parsing, no new object
                if card is None:
                    try:
                        Rank.parse(char)  # not a rank: the error names it
                    except NotationError as err:
                        raise NotationError(f"bad hand {text!r}: {err}") from None
                    raise AssertionError(char)  # pragma: no cover - every rank's letter is in the table
                cards.append(card)
        return cls(cards)

    def to_pbn(self) -> str:
        # from the cards' codes (suit index * 16 + rank), highest first, without sorting each suit's
        # Card objects: the sampled analysis writes every board it solves (a third of its own CPU)
        suits: tuple[list[str], ...] = ([], [], [], [])
        for code in sorted((c._code for c in self.cards), reverse=True):
            suits[code >> 4].append(_RANK_CHARS[(code & 15) - 2])
        return ".".join("".join(ranks) for ranks in suits)

    def holding_text(self, suit: Suit) -> str:
        """The ranks held in ``suit``, highest first (``AKT2``), empty for a void."""
        return "".join(c.rank.char for c in self.suit_cards(suit))

    def suit_cards(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of ``suit``, highest first."""
        return self._by_suit[suit]

    def length(self, suit: Suit) -> int:
        return len(self._by_suit[suit])

    @cached
    def _by_suit(self) -> Mapping[Suit, tuple[Card, ...]]:
        return {
            s: tuple(sorted((c for c in self.cards if c.suit is s), key=lambda c: -c.rank))
            for s in PBN_SUITS
        }

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self) -> Iterator[Card]:
        for suit in PBN_SUITS:
            yield from self._by_suit[suit]

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Hand.parse({self.to_pbn()!r})"

    def without(self, card: Card) -> Hand:
        if card not in self.cards:
            return self
        # A card leaves a valid hand: no duplicate check, and the suits already sorted stay sorted
        # (the play of every trick calls this; rebuilding the hand from scratch was its main cost).
        smaller = object.__new__(Hand)
        kept = smaller.__dict__
        kept["cards"] = self.cards - {card}
        by_suit = self.__dict__.get("_by_suit")
        if by_suit is not None:
            by_suit = dict(by_suit)
            held = by_suit[card.suit]
            at = held.index(card)  # the card is held, once: cut it out of its sorted suit
            by_suit[card.suit] = held[:at] + held[at + 1:]
            kept["_by_suit"] = by_suit
        return smaller


@dataclass(frozen=True)
class Deal:
    """Four hands, one per seat, with no card held twice.

    >>> d = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> Deal.from_pbn(d.to_pbn()) == d
    True
    """

    hands: Mapping[Seat, Hand]

    def __init__(self, hands: Mapping[Seat, Hand]) -> None:
        missing = [s.value for s in SEATS if s not in hands]
        if missing:
            raise NotationError(f"deal lacks a hand for {', '.join(missing)}")
        sizes = [len(hands[seat].cards) for seat in SEATS]
        if max(sizes) <= 13 and len(frozenset().union(*(hands[s].cards for s in SEATS))) == sum(sizes):
            # the common case, checked with set operations; a bad deal takes the loop below,
            # which names its first problem
            object.__setattr__(self, "hands", MappingProxyType({s: hands[s] for s in SEATS}))
            return
        seen: dict[Card, Seat] = {}
        for seat in SEATS:
            if len(hands[seat]) > 13:
                raise NotationError(f"{seat.value} holds {len(hands[seat])} cards; at most 13")
            for card in hands[seat].cards:
                if card in seen:
                    raise NotationError(
                        f"{card.pretty} is held by both {seen[card].value} and {seat.value}"
                    )
                seen[card] = seat
        # a read-only copy: neither the caller's mapping nor ``deal.hands`` can change the deal (or its hash)
        object.__setattr__(self, "hands", MappingProxyType({s: hands[s] for s in SEATS}))

    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def __hash__(self) -> int:
        return hash(tuple(self.hands[s] for s in SEATS))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and all(self.hands[s] == other.hands[s] for s in SEATS)

    @property
    def is_complete(self) -> bool:
        """True when every seat holds 13 cards (the whole pack is dealt)."""
        return all(len(self.hands[s]) == 13 for s in SEATS)

    def holder(self, card: Card) -> Seat | None:
        for seat in SEATS:
            if card in self.hands[seat]:
                return seat
        return None

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse a PBN deal: ``N:<hand> <hand> <hand> <hand>``, hands clockwise."""
        text = text.strip().strip('"')
        first, sep, rest = text.partition(":")
        if not sep:
            raise NotationError(f"bad PBN deal {text!r}: expected '<seat>:' before the hands")
        start = Seat.parse(first) if first.strip().upper() in ("N", "E", "S", "W") else None
        if start is None:
            raise NotationError(f"bad PBN deal {text!r}: first seat {first!r} is not N, E, S or W")
        parts = rest.split()
        if len(parts) != 4:
            raise NotationError(f"bad PBN deal {text!r}: expected 4 hands, found {len(parts)}")
        hands = {seat: Hand.parse(part) for seat, part in zip(start.rotation(), parts)}
        return cls(hands)

    def to_pbn(self, first: Seat = Seat.N) -> str:
        return f"{first.value}:" + " ".join(self.hands[s].to_pbn() for s in first.rotation())

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def diagram(self) -> str:
        """A compass diagram for the terminal, North at the top."""
        def lines(seat: Seat) -> list[str]:
            hand = self.hands[seat]
            return [f"{s.symbol} {hand.holding_text(s).replace('T', '10') or '—'}" for s in PBN_SUITS]

        pad = " " * 18
        out = [f"{pad}North"] + [pad + line for line in lines(Seat.N)]
        west, east = lines(Seat.W), lines(Seat.E)
        out.append(f"{'West':<36}East")
        out += [f"{w:<36}{e}" for w, e in zip(west, east)]
        out += [f"{pad}South"] + [pad + line for line in lines(Seat.S)]
        return "\n".join(out)


__all__ = [
    "FULL_PACK", "HONOUR_RANKS", "PBN_SUITS", "RELATIVE_SEATS", "SEATS", "SEAT_NAMES", "SIDE_NAMES", "Card", "Deal",
    "Hand", "Rank", "RelativeSeat", "Seat", "Side", "Suit",
]
