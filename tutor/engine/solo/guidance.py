"""Which call does a hand support? The seed's bidding guidance and the tutor's counting model.

The seed gives a little guidance: a proposal is usually made with **four sure
tricks counting trumps** (l.27); Alexey bids solo because his six trumps make the
five tricks easy (l.65); abundance means nine tricks in a suit of one's choosing
(l.37, l.67); a declared abundance needs a hand that takes every trick (l.53);
open misère is hard to win with the cards shown (l.45). "Sure tricks" are never
defined, so the tutor counts them with one explicit model (tutor's reading):

* **Sure tricks in a suit** — the unbroken run from the ace (A = 1, A K = 2, …).
* **Long trumps** — in the trump suit, each card beyond that run and three more
  also counts (A K x x x x: 2 + 1 = 3).
* **A safe misère suit** — a void, or cards whose lowest is at most the 2, the
  next at most the 4, then the 6, the 8, the 10, the queen (a card beyond the
  number the others hold in the suit is free). Such a suit can
  never be used to force a trick on you: whatever the others lead in it, you have
  a lower card (:func:`tutor.engine.solo.solver.misere_safe_by_suits` proves it).
  Each card that breaks the ladder is a **danger card**.

The recommended call is the highest game the hand supports: declared abundance
(13 sure tricks without trumps), open misère (no danger card), abundance (9 sure
tricks with the best trump suit), misère (one danger card at most), solo (5 sure
tricks with the turned-up trumps), proposal (4), otherwise pass. The model does not
weigh the opening lead, nor what others have bid: it answers for the eldest hand,
who speaks first.

>>> from tutor.engine.cards import Hand, Suit
>>> h = Hand.parse("A2.AKQJT9.T9.A53")
>>> sure_tricks(h, Suit.HEARTS), recommend(h, Suit.HEARTS).game
(8, <SoloGame.SOLO: 'solo'>)
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import PBN_SUITS, Hand, Rank, Suit
from tutor.engine.nouns import count_of
from tutor.engine.solo import laws
from tutor.engine.solo.calls import SoloGame, spec

#: Sure tricks with the turned-up trumps for a proposal (seed l.27) and for a solo (l.33, l.65).
PROPOSAL_SURE_TRICKS = 4
#: A trump beyond the top run and this many more counts as a long-trump trick.
LONG_TRUMP_AFTER = 3


def top_run(hand: Hand, suit: Suit) -> int:
    """The length of the unbroken run from the ace held in ``suit``.

    >>> top_run(Hand.parse("AKJ..."), Suit.SPADES)
    2
    """
    ranks = {c.rank for c in hand.suit_cards(suit)}
    run = 0
    for rank in sorted(Rank, reverse=True):
        if rank not in ranks:
            break
        run += 1
    return run


def suit_sure_tricks(hand: Hand, suit: Suit, trump: Suit | None) -> int:
    run = top_run(hand, suit)
    if suit is trump:
        run += max(0, hand.length(suit) - run - LONG_TRUMP_AFTER)
    return run


def sure_tricks(hand: Hand, trump: Suit | None) -> int:
    """Sure tricks counting trumps, in the tutor's model (see the module docstring)."""
    return sum(suit_sure_tricks(hand, s, trump) for s in PBN_SUITS)


def danger_cards(hand: Hand, suit: Suit) -> int:
    """Cards of ``suit`` that break the misère ladder (i-th lowest at most 2i).

    Only the first ``13 - length`` cards can be led against: the others hold no more.

    >>> danger_cards(Hand.parse("...8742"), Suit.CLUBS), danger_cards(Hand.parse("...K"), Suit.CLUBS)
    (1, 1)
    """
    ranks = sorted(int(c.rank) for c in hand.suit_cards(suit))
    outside = 13 - len(ranks)
    return sum(1 for i, rank in enumerate(ranks, start=1) if i <= outside and rank > 2 * i)


def misere_danger(hand: Hand) -> int:
    """All danger cards of the hand: 0 is an open-misère hand, 1 a misère hand (tutor's model)."""
    return sum(danger_cards(hand, s) for s in PBN_SUITS)


def best_abundance_suit(hand: Hand) -> tuple[Suit, int]:
    """The trump suit that gives the most sure tricks, and how many."""
    best = max(PBN_SUITS, key=lambda s: (sure_tricks(hand, s), hand.length(s)))
    return best, sure_tricks(hand, best)


@dataclass(frozen=True)
class Advice:
    """The call the model recommends, why, and the hand's figures."""

    game: SoloGame | None  # None: pass
    reason: str
    laws: tuple[str, ...]
    features: dict[str, str]
    trump: Suit | None = None  # the suit to name for an abundance

    @property
    def call_name(self) -> str:
        return spec(self.game).name if self.game else "pass"

    @property
    def answer(self) -> str:
        return self.game.value if self.game else "pass"


def features(hand: Hand, turned_up: Suit) -> dict[str, str]:
    suit, best = best_abundance_suit(hand)
    return {
        "sure tricks with the turned-up trumps": str(sure_tricks(hand, turned_up)),
        "sure tricks without trumps": str(sure_tricks(hand, None)),
        f"sure tricks with {suit.english} as trumps (best)": str(best),
        "misère danger cards": str(misere_danger(hand)),
        f"{turned_up.english} (turned up) held": str(hand.length(turned_up)),
    }


def recommend(hand: Hand, turned_up: Suit) -> Advice:
    """The highest game ``hand`` supports for the eldest hand, with the reason."""
    feats = features(hand, turned_up)
    if sure_tricks(hand, None) == 13:
        return Advice(SoloGame.DECLARED_ABUNDANCE, "every card is a master without trumps: all 13 tricks "
                      "are sure, and the bidder leads", (laws.LAW_DECLARED_ABUNDANCE,), feats)
    danger = misere_danger(hand)
    if danger == 0:
        return Advice(SoloGame.OPEN_MISERE, "no danger card: in every suit you can always play under what "
                      "is led, even with your hand face up", (laws.LAW_OPEN_MISERE,), feats)
    suit, best = best_abundance_suit(hand)
    if best >= spec(SoloGame.ABUNDANCE).target:
        return Advice(SoloGame.ABUNDANCE, f"{best} sure tricks with {suit.english} as trumps: nine or more "
                      f"with the trump suit you name", (laws.LAW_ABUNDANCE,), feats, suit)
    if danger == 1:
        return Advice(SoloGame.MISERE, "one danger card only: a closed misère is a fair risk, the hand is "
                      "not safe enough to show", (laws.LAW_MISERE,), feats)
    with_trumps = sure_tricks(hand, turned_up)
    if with_trumps >= spec(SoloGame.SOLO).target:
        return Advice(SoloGame.SOLO, f"{with_trumps} sure tricks with {turned_up.english} trumps: five or "
                      f"more alone", (laws.LAW_SOLO,), feats)
    if with_trumps >= PROPOSAL_SURE_TRICKS:
        return Advice(SoloGame.PROPOSAL, f"{with_trumps} sure tricks counting trumps: the four a proposal "
                      f"usually needs", (laws.LAW_PROPOSAL,), feats)
    return Advice(None, f"only {count_of(with_trumps, 'sure trick')} with {turned_up.english} trumps and "
                  f"{danger} danger cards: nothing to bid", (laws.LAW_PROPOSAL, laws.LAW_PASS_IS_FINAL), feats)
