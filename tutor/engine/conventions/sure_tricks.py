"""The sure-trick model: how the tutor counts a hand's sure and doubtful tricks, suit by suit.

The book's hand features (aces, lengths, honours, coronets) and their words are in
:mod:`tutor.engine.conventions.hand_features`; this module is the count alone.

Sure tricks — the tutor's reading
---------------------------------
The book uses sure tricks everywhere (law 33: five for a simple game; law 36:
seven for "two") and never says how to count them. The tutor counts them suit by
suit, the same way wherever a law depends on them:

1. **Rounds one to four: the sequences.** Split the first four cards of the suit
   (highest first) into unbroken runs. A run headed by a ten or higher counts its
   length less the number of higher cards of the suit that the other players hold,
   never below nothing: A K = 2, K Q J = 2 (one less: the ace is out), Q J 10 = 1
   (two less), A Q J = 2 (A, then Q J against the king), K J 10 9 = 1 (K counts
   nothing; J 10 9 loses two to the A and Q). Runs headed by a nine or lower count
   nothing.
2. **From the fifth round on: long cards.** In a suit that holds at least two of
   the ace, king and queen, every card after the fourth counts one trick (the other
   players' cards of the suit are then drawn): A K x x x = 3, A K Q x x x = 5.
   Elsewhere long cards count nothing, because they are not sure.

>>> [str(t) for t in sure_tricks(Hand.parse("AK543.A2.KQ2.KQJ")).suits]
['♠ AK543: 3', '♥ A2: 1', '♦ KQ2: 1', '♣ KQJ: 2']
>>> sure_tricks(Hand.parse("AK543.A2.KQ2.KQJ")).total
7
>>> suit_sure_tricks(Hand.parse("KJT9..."), Suit.SPADES).total
1

*Doubtful tricks* (law 52) are the tutor's reading too: in each suit, every ace,
every king with at least one more card and every queen with at least two more
cards is a possible trick, as is every long card counted above; the doubtful
tricks are the possible tricks the sure count does not already include
(K x = 1 doubtful, A Q x = 1 sure + 1 doubtful).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tutor.engine.cards import PBN_SUITS, Hand, Suit
from tutor.engine.nouns import count_of

#: Rounds of a suit counted by the sequences; later cards are long cards.
SEQUENCE_ROUNDS = 4


@dataclass(frozen=True)
class SuitTricks:
    """The sure tricks of one suit, with how they were counted."""

    suit: Suit
    ranks: tuple[int, ...]  # the cards held, highest first
    sequence_tricks: int
    long_tricks: int
    doubtful: int
    runs: tuple[tuple[tuple[int, ...], int], ...]  # (run, tricks it counts), first four cards only

    @property
    def total(self) -> int:
        return self.sequence_tricks + self.long_tricks

    @property
    def holding(self) -> str:
        """The cards held, PBN style (``AKT2``)."""
        return _chars(self.ranks)

    @property
    def reason(self) -> str:
        """How the count was reached, in words for the learner."""
        parts = [f"{_pretty(_chars(run))} counts {n}" for run, n in self.runs if n]
        if self.long_tricks:
            parts.append(f"{count_of(self.long_tricks, 'long card')} after the fourth")
        return "; ".join(parts) if parts else "no sure trick"

    def __str__(self) -> str:
        return f"{self.suit.symbol} {self.holding or '—'}: {self.total}"


@dataclass(frozen=True)
class SureTricks:
    """A hand's sure tricks, suit by suit (the tutor's counting model)."""

    suits: tuple[SuitTricks, ...]  # PBN order: spades, hearts, diamonds, clubs

    @property
    def total(self) -> int:
        return sum(s.total for s in self.suits)

    @property
    def doubtful(self) -> int:
        return sum(s.doubtful for s in self.suits)

    def of(self, suit: Suit) -> SuitTricks:
        return self.suits[PBN_SUITS.index(suit)]

    def breakdown(self) -> str:
        """``♠ A K 5 4 3: 3, ♥ A 2: 1, …`` — the count per suit, for the screen."""
        return ", ".join(f"{s.suit.symbol} {_pretty(s.holding) or '—'}: {s.total}" for s in self.suits)

    def __str__(self) -> str:
        return f"{self.total} ({self.breakdown()})"


_RANK_CHARS = "23456789TJQKA"


def _chars(ranks: tuple[int, ...]) -> str:
    return "".join(_RANK_CHARS[r - 2] for r in ranks)


def _pretty(holding: str) -> str:
    return " ".join("10" if ch == "T" else ch for ch in holding)


def _runs(ranks: tuple[int, ...]) -> list[list[int]]:
    runs: list[list[int]] = []
    for rank in ranks:
        if runs and runs[-1][-1] - rank == 1:
            runs[-1].append(rank)
        else:
            runs.append([rank])
    return runs


_ACE, _KING, _QUEEN, _TEN = 14, 13, 12, 10
_S, _H, _D = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS


@lru_cache(maxsize=4 * 8192)  # a suit holds one of 8,192 sets of ranks: every hand reuses the counts
def _count_suit(suit: Suit, ranks: tuple[int, ...]) -> SuitTricks:
    """The model for one suit's ranks (highest first)."""
    counted: list[tuple[tuple[int, ...], int]] = []
    sequence = 0
    for run in _runs(ranks[:SEQUENCE_ROUNDS]):
        head = run[0]
        held_above = sum(1 for r in ranks if r > head)
        missing_above = (_ACE - head) - held_above
        tricks = max(0, len(run) - missing_above) if head >= _TEN else 0
        counted.append((tuple(run), tricks))
        sequence += tricks
    n = len(ranks)
    top_three = sum(1 for r in ranks[:3] if r >= _QUEEN)
    long_cards = max(0, n - SEQUENCE_ROUNDS) if top_three >= 2 else 0
    possible = sum(1 for r in ranks[:SEQUENCE_ROUNDS]
                   if r == _ACE or (r == _KING and n >= 2) or (r == _QUEEN and n >= 3))
    return SuitTricks(suit, ranks, sequence, long_cards, max(0, possible - sequence), tuple(counted))


def _ranks_by_suit(hand: Hand) -> tuple[tuple[int, ...], ...]:
    """Each suit's ranks as integers, highest first, in PBN order (one pass over the hand)."""
    lists: tuple[list[int], list[int], list[int], list[int]] = ([], [], [], [])
    for card in hand.cards:
        suit = card.suit
        lists[0 if suit is _S else 1 if suit is _H else 2 if suit is _D else 3].append(card.rank._value_)
    return tuple(tuple(sorted(ranks, reverse=True)) for ranks in lists)


def suit_sure_tricks(hand: Hand, suit: Suit) -> SuitTricks:
    """The sure tricks of ``hand`` in ``suit`` (see the module docstring).

    >>> suit_sure_tricks(Hand.parse("AQJ..."), Suit.SPADES).total
    2
    >>> suit_sure_tricks(Hand.parse("AKJT92..."), Suit.SPADES).total
    5
    """
    return sure_tricks(hand).of(suit)


@lru_cache(maxsize=65536)
def sure_tricks(hand: Hand) -> SureTricks:
    """The hand's sure tricks, with the per-suit breakdown the UI shows.

    >>> sure_tricks(Hand.parse("AQJ.654.AJT.KQ96")).total   # law 50's example hand
    4
    """
    return SureTricks(tuple(_count_suit(s, r) for s, r in zip(PBN_SUITS, _ranks_by_suit(hand))))
