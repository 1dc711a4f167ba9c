"""Random whole games for the invariant tests (OpenSpiel-style): auction, play, score, rubber.

The book's bidding robots do not exist yet, so the auction is a *model* with a bias
toward passing, not the book's bidding: each seat has a ceiling, the level its
partnership could stand by its combined high-card points (A 4, K 3, Q 2, J 1; the
model peeks at the partner's hand); in turn it bids, with probability
``BID_PROBABILITY``, its longest suit (or no-trumps with no singleton or void) at the
lowest sufficient level, sometimes one level more, never above its ceiling; otherwise
it passes. Contracts therefore land mostly at the levels hands can make, and about
one deal in forty is passed out (all four pass).

The play is random but legal, except that on about one deal in twenty-five one
player, able to follow suit, deliberately revokes once (laws 145-151) — recorded in
the play's log and charged in the score. A passed-out deal under the ``play_out``
variant (scoring 10) is played at no-trumps from the dealer's left: the laws do not
say how such a deal is played, and its score only counts tricks (the test's choice).

``python tests/randomgame.py [DEALS]`` prints the figures of ``tally`` for the docs.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from tutor.engine.auction import Auction
from tutor.engine.calls import Bid, Call, Contract, Pass, Strain
from tutor.engine.cards import SEATS, Deal, Hand, Rank, Seat, Suit
from tutor.engine.rules import VARIANTS, Rules
from tutor.engine.tricks import TrickPlay

#: Without a deal, the old uniform model: pass with this probability, else any legal call.
PASS_PROBABILITY = 0.7
BID_PROBABILITY = 0.55
JUMP_PROBABILITY = 0.15
#: Deals on which one player revokes once, when a chance comes (about one in twenty-five).
REVOKE_DEALS = 0.04
POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


@lru_cache(maxsize=4096)  # the auction model asks again on every call of a seat
def high_card_points(hand: Hand) -> int:
    return sum(POINTS.get(card.rank, 0) for card in hand)


#: The highest level a partnership bids to, by its combined high-card points (bridge players'
#: rule of thumb: 25 for a game of nine tricks, 33 for twelve, 37 for thirteen).
LEVEL_BY_POINTS = ((37, 7), (33, 6), (30, 5), (28, 4), (25, 3), (23, 2))


def ceiling(hand: Hand, partner: Hand) -> int:
    """The highest level this seat bids to in the model (it peeks at its partner's hand)."""
    points = high_card_points(hand) + high_card_points(partner)
    return next((level for least, level in LEVEL_BY_POINTS if points >= least), 1)


@lru_cache(maxsize=4096)  # (callers only read the list)
def favourite_strains(hand: Hand) -> list[Strain]:
    """The longest suit(s), and no-trumps when the hand has no singleton or void."""
    longest = max(hand.length(s) for s in Suit)
    strains = [Strain(s.value) for s in Suit if hand.length(s) == longest]
    if min(hand.length(s) for s in Suit) >= 2:
        strains.append(Strain.NO_TRUMPS)
    return strains


def model_call(auction: Auction, hand: Hand, partner: Hand, rng: random.Random) -> Call:
    """Pass, or the lowest sufficient bid (sometimes one level higher) in a favourite strain."""
    if rng.random() >= BID_PROBABILITY:
        return Pass()
    strain = rng.choice(favourite_strains(hand))
    lowest = auction.lowest_sufficient(Bid(1, strain))
    if lowest is None:
        return Pass()
    level = lowest.level + (1 if rng.random() < JUMP_PROBABILITY else 0)
    if level > ceiling(hand, partner):
        return Pass()
    return Bid(level, strain)


def random_auction(rng: random.Random, deal: Deal | None = None, rules: Rules | None = None) -> Auction:
    """A legal auction from a random dealer, played to its end; the model's calls when ``deal`` is given."""
    auction = Auction(rng.choice(SEATS), rules)
    while not auction.is_complete:
        if deal is not None:
            seat = auction.to_call
            auction.call(model_call(auction, deal[seat], deal[seat.partner], rng))
        else:
            legal = auction.legal_calls()
            auction.call(Pass() if rng.random() < PASS_PROBABILITY else rng.choice(legal))
        assert len(auction.calls) < 400, "the auction must end"
    return auction


def random_rules(rng: random.Random) -> Rules:
    """Every variant switched to one of its options at random (the book's or another)."""
    return Rules.with_variants({v.name: rng.choice(sorted(v.options)) for v in VARIANTS})


def random_play(play: TrickPlay, rng: random.Random, revoke_once: bool) -> TrickPlay:
    """Play to the end at random; with ``revoke_once``, the first player able to revoke does so, once."""
    pending = revoke_once
    while not play.is_complete:
        legal = play.legal_cards()
        if pending and play.current_trick.plays:
            others = play.hand(play.to_play).cards - legal  # held, but not of the suit led
            if others:
                play.play(rng.choice(sorted(others, key=hash)), allow_revoke=True)
                pending = False
                continue
        play.play(rng.choice(sorted(legal, key=hash)))  # a card's hash is its fixed code: a stable order
    return play


@dataclass
class Tally:
    """What the games actually did: the figures docs/quality.md records."""

    deals: int = 0
    played: int = 0
    thrown_in: int = 0
    played_out: int = 0
    revokes: int = 0
    rubbers: int = 0
    contracts: Counter[int] = field(default_factory=Counter)
    made: Counter[int] = field(default_factory=Counter)
    options: Counter[tuple[str, str]] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        for name in ("deals", "played", "thrown_in", "played_out", "revokes", "rubbers"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.contracts.update(other.contracts)
        self.made.update(other.made)
        self.options.update(other.options)

    def report(self) -> str:
        total = sum(self.contracts.values())
        lines = [f"deals {self.deals}; played {self.played} (contracts {total}, passed and played out "
                 f"{self.played_out}); thrown in with an X {self.thrown_in}; revokes {self.revokes}; "
                 f"rubbers finished {self.rubbers}",
                 "| level | contracts | share | made | made % |", "|---|---|---|---|---|"]
        for level in range(1, 8):
            n, m = self.contracts[level], self.made[level]
            lines.append(f"| {level} | {n} | {100 * n / max(1, total):.1f} % | {m} | {100 * m / max(1, n):.1f} % |")
        made = sum(self.made.values())
        lines.append(f"| all | {total} | 100 % | {made} | {100 * made / max(1, total):.1f} % |")
        return "\n".join(lines)


def contract_made(contract: Contract, declarer_tricks: int) -> bool:
    return declarer_tricks >= contract.tricks_needed


def passed_out_play(deal: Deal, dealer: Seat) -> TrickPlay:
    """A passed-out deal played out (scoring 10): at no-trumps from the dealer's left (the test's choice)."""
    return TrickPlay(deal, None, dealer.lho)


if __name__ == "__main__":
    from test_invariants_10k import BLOCKS, DEALS, play_block  # the test's own blocks: the test's figures

    deals = int(sys.argv[1]) if len(sys.argv) > 1 else DEALS
    size = deals // BLOCKS
    tally = Tally()
    for block in range(BLOCKS):
        tally.add(play_block(range(block * size, (block + 1) * size)))
    print(tally.report())
