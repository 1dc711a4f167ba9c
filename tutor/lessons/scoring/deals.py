"""The deals of the scoring quiz: contracts that fit the hands, drawn from a seeded generator.

Contracts are **plausible for the hands** (:func:`plausible`, the tutor's rule, stated to
the learner in :data:`PLAUSIBLE_RULE`): the deal is drawn so that the declarer holds at
least five trumps and his side at least eight (law 129: "at least five trumps, his strong
supporter four"), a no-trump declaring side holds at least three aces (laws 41 and 44:
three aces call for no-trumps), and the declaring side holds at least 20 high-card points
(A 4, K 3, Q 2, J 1) for a simple game and two more a level (32 for a grand slam).
"""

from __future__ import annotations

import random

from tutor.engine.calls import Bid, Contract, Strain
from tutor.engine.cards import PBN_SUITS, SEAT_NAMES, SEATS, SIDE_NAMES, Card, Deal, Rank, Seat
from tutor.engine.deals.generate import deal_with
from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.engine.scoring import RevokeArg, as_revokes
from tutor.lessons.scoring.content import LevelModel
from tutor.lessons.words import action_text

PLAUSIBLE_ATTEMPTS = 200
HIGH_CARD_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
MIN_TRUMPS_DECLARER, MIN_TRUMPS_SIDE, MIN_ACES_NO_TRUMPS = 5, 8, 3
PLAUSIBLE_RULE = (
    "Quiz contracts fit the hands (the tutor's rule for its quizzes): in a trump game the declarer holds at "
    "least five trumps and his side at least eight (law 129); at no-trumps the declaring side holds at least "
    "three aces (laws 41 and 44); and the declaring side holds at least 20 points of high cards (ace 4, "
    "king 3, queen 2, jack 1) for a simple game, two more for each level above (32 for a grand slam).")



def describe_play(contract: Contract | None, tricks: int, revoke: RevokeArg = None) -> str:
    """One sentence: who declared what, how many tricks the declaring side took, and who revoked."""
    if contract is None:
        return "All four passed: the deal is passed out."
    seat = SEAT_NAMES[contract.declarer]
    side = SIDE_NAMES[contract.declarer.side]
    text = (f"{seat} declared \"{contract.bid.spoken}\" ({action_text(str(contract.bid))}, {contract.tricks_needed} tricks); "
            f"{side} took {count_of(tricks, 'trick')}.")
    for one in as_revokes(revoke):
        who = SEAT_NAMES[one.seat] if one.seat else SIDE_NAMES[one.side]
        alone = " and answers for it alone" if one.personal else ""
        text += f" {who} revoked{alone}."
    return text


def side_points(deal: Deal, seat: Seat) -> int:
    """High-card points (A 4, K 3, Q 2, J 1) of ``seat`` and his partner together."""
    return sum(HIGH_CARD_POINTS.get(c.rank, 0) for s in (seat, seat.partner) for c in deal.hands[s])


def min_points(level: int) -> int:
    """The fewest high-card points the declaring side holds for a contract of ``level``.

    >>> min_points(1), min_points(4), min_points(7)
    (20, 26, 32)
    """
    return 20 + 2 * (level - 1)


def plausible(deal: Deal, contract: Contract) -> bool:
    """Whether the contract fits the hands by :data:`PLAUSIBLE_RULE`."""
    seat, strain = contract.declarer, contract.strain
    if strain is Strain.NO_TRUMPS:
        aces = sum(c.rank is Rank.ACE for s in (seat, seat.partner) for c in deal.hands[s])
        if aces < MIN_ACES_NO_TRUMPS:
            return False
    else:
        mine = sum(c.suit == strain.trump for c in deal.hands[seat])
        side = mine + sum(c.suit == strain.trump for c in deal.hands[seat.partner])
        if mine < MIN_TRUMPS_DECLARER or side < MIN_TRUMPS_SIDE:
            return False
    return side_points(deal, seat) >= min_points(contract.level)


def _seeded_cards(rng: random.Random, contract: Contract, fixed: dict[Seat, list[Card]]) -> dict[Seat, list[Card]]:
    """Cards given to the declaring side so that the contract is plausible (then dealt at random)."""
    seat, partner = contract.declarer, contract.declarer.partner
    placed = {s: list(cards) for s, cards in fixed.items()}
    for s in (seat, partner):
        placed.setdefault(s, [])
    taken = {c for cards in placed.values() for c in cards}
    trump = contract.strain.trump
    if trump is not None:
        trumps = [Card(trump, r) for r in Rank if Card(trump, r) not in taken]
        rng.shuffle(trumps)
        for s, want in ((seat, MIN_TRUMPS_DECLARER), (partner, MIN_TRUMPS_SIDE - MIN_TRUMPS_DECLARER)):
            while sum(c.suit == trump for c in placed[s]) < want and trumps:
                placed[s].append(trumps.pop())
        taken = {c for cards in placed.values() for c in cards}
    honours = [Card(suit, r) for suit in PBN_SUITS for r in HIGH_CARD_POINTS if Card(suit, r) not in taken]
    rng.shuffle(honours)
    honours.sort(key=lambda c: c.rank is not Rank.ACE)  # aces first: no-trumps needs three
    points = sum(HIGH_CARD_POINTS.get(c.rank, 0) for s in (seat, partner) for c in placed[s])
    for card in honours:
        if points >= min_points(contract.level) + rng.randint(0, 3):
            break
        room = [s for s in (seat, partner) if len(placed[s]) < 13]
        if not room:
            break
        placed[rng.choice(room)].append(card)
        points += HIGH_CARD_POINTS[card.rank]
    return placed


def plausible_deal(rng: random.Random, contract: Contract, fixed: dict[Seat, list[Card]] | None = None) -> Deal:
    """A random deal for which ``contract`` is plausible (:func:`plausible`), keeping ``fixed`` cards."""
    for _ in range(PLAUSIBLE_ATTEMPTS):
        deal = deal_with(rng, _seeded_cards(rng, contract, fixed or {}))
        if plausible(deal, contract):
            return deal
    raise TutorError(f"no plausible deal found for {contract.bid} by {contract.declarer.value} "
                     f"in {PLAUSIBLE_ATTEMPTS} attempts")


def draw_contract(rng: random.Random, level: LevelModel) -> Contract:
    lo, hi = level.contract.levels
    strain = Strain.parse(rng.choice(level.contract.strains))
    return Contract(Bid(rng.randint(lo, hi), strain), rng.choice(SEATS))


def draw_tricks(rng: random.Random, need: int, result: str) -> int:
    if result == "made":
        return rng.randint(need, min(13, need + 2))
    if result == "failed":
        return rng.randint(max(0, need - 3), need - 1)
    if result == "slam":
        return rng.randint(max(0, need - 3), 13)
    return rng.randint(max(0, need - 3), min(13, need + 2))


def draw_deal(rng: random.Random, kind: str, contract: Contract) -> Deal:
    """A deal that fits ``contract``; the "coronet" kind also gives some hand A K Q of a suit."""
    if kind == "coronet":
        seat, suit = rng.choice(SEATS), rng.choice(PBN_SUITS)
        return plausible_deal(rng, contract, {seat: [Card(suit, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN)]})
    return plausible_deal(rng, contract)
