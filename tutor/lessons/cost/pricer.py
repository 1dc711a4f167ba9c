"""The one pricer: what a deal's outcome is worth, in Vint points, with the position's rubber score.

Every number the tutor shows for a choice — double dummy, sampled layouts, the robots'
playout; on the drill pages, in the table's review and from ``tutor analyse`` — is
priced here, one way: the deal is scored (:func:`tutor.engine.scoring.score_deal`:
tricks, honours, aces and coronets found in the hands, slams) and written to the rubber
as the position's score left it (:meth:`tutor.engine.rubber.Rubber.resumed`: below the
line in this partie, parties won). A deal that takes a side to the partie's 500 also
scores it the partie bonus, and its second partie the rubber bonus (scoring 4 and 7).
A passed-out deal scores as the law says (an X). X marks of earlier passed-out deals are
not part of a position, so none is valued. No score is a fresh rubber.

The hands count in a score only through their honours (:func:`honours_key`: each side's
trump honours, each hand's aces and its coronets), so :func:`net_points` keeps what it
priced by that key: a sampled analysis prices a hundred layouts that mostly share it
(issue 28: the scoring was a third of this process's work for a play decision).
"""

from __future__ import annotations

import threading

from tutor.engine.bidding import ScoreState
from tutor.engine.calls import Contract, Strain
from tutor.engine.cards import PBN_SUITS, SEATS, Card, Deal, Rank, Side
from tutor.engine.rules import Rules

#: a card's code is its suit's base plus its rank (2 to 14: the ace), as :class:`Card` computes it
_ACE = int(Rank.ACE)
_SUIT_BASES = tuple(Card(suit, Rank.TWO)._code - int(Rank.TWO) for suit in PBN_SUITS)
_HONOUR_RANKS = tuple(int(r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN))
#: the most net points kept at once (then forgotten, all at once)
_KEPT = 20_000
_priced: dict[tuple[object, ...], int] = {}
_lock = threading.Lock()


def side_points(deal: Deal, contract: Contract | None, declarer_tricks: int, score: ScoreState | None,
                rules: Rules) -> dict[Side, int]:
    """Each side's points from this deal, bonuses of the partie and the rubber included."""
    from tutor.engine.rubber import Rubber
    from tutor.engine.scoring import score_deal

    state = score or ScoreState()
    rubber = Rubber.resumed(state.below, state.parties, rules)
    rubber.write_score(score_deal(deal, contract, declarer_tricks, rules, below_before=dict(state.below)))
    out = {side: 0 for side in Side}
    for item in rubber.deal_items(1):
        out[item.side] += item.points
    return out


def honours_key(deal: Deal, strain: Strain | None) -> tuple[object, ...]:
    """All that a score reads of the hands (:mod:`tutor.engine.scoring.honours`), side by side: the
    hands' sizes; each side's trump honours (A K Q J 10; none at no-trumps, or for a passed-out deal)
    and aces; the most aces in one of its hands when three or four (a coronet of aces; at no-trumps,
    aces that score only so under a variant); and its runs from an ace of three cards or more
    (coronets), by suit and length. Two deals with the same key score the same. This restates, on the
    cards' codes, what that module reads: a change there changes this key with it (tests/test_pricer_memo.py)."""
    trump = strain.trump if strain is not None else None
    # on the cards' codes (suit index * 16 + rank, ace 14): integers, where a card's own equality is Python's
    honours = _SUIT_BASES[PBN_SUITS.index(trump)] if trump is not None else -1
    sizes = []
    held = {Side.NS: [0, 0, 0], Side.EW: [0, 0, 0]}  # trump honours, aces, aces in one hand (3 or 4)
    runs: list[tuple[str, int, int]] = []
    for seat in SEATS:
        cards = deal[seat].cards
        codes = {card._code for card in cards}
        sizes.append(len(cards))
        counts = held[seat.side]
        if honours >= 0:
            counts[0] += sum(honours + rank in codes for rank in _HONOUR_RANKS)
        aces = 0
        for base in _SUIT_BASES:
            if base + _ACE in codes:
                aces += 1
                rank = _ACE - 1
                while base + rank in codes:
                    rank -= 1
                if _ACE - rank >= 3:  # noqa: PLR2004 -- A K Q, the shortest coronet
                    runs.append((seat.side.value, base, _ACE - rank))
        counts[1] += aces
        if aces >= 3:  # noqa: PLR2004 -- three aces in one hand, the fewest that count so
            counts[2] = aces
    return (tuple(sizes), tuple(held[Side.NS]), tuple(held[Side.EW]), tuple(sorted(runs)))


def net_points(deal: Deal, contract: Contract | None, declarer_tricks: int, side: Side, score: ScoreState | None,
               rules: Rules) -> int:
    """``side``'s points from this deal less the other side's (:func:`side_points`), kept by the deal's
    :func:`honours_key`: the same key, contract, tricks, side, score and rules score the same."""
    key = (honours_key(deal, contract.strain if contract is not None else None), contract, declarer_tricks, side,
           _score_key(score), rules)
    found = _priced.get(key)
    if found is not None:
        return found
    points = side_points(deal, contract, declarer_tricks, score, rules)
    net = points[side] - points[side.other]
    with _lock:
        if len(_priced) >= _KEPT:
            _priced.clear()
        _priced[key] = net
    return net


def _score_key(score: ScoreState | None) -> tuple[object, ...]:
    """The score's figures, as a key (in the score's own order: another order is only another key)."""
    state = score or ScoreState()
    return tuple(state.below.items()), tuple(state.parties.items())


__all__ = ["honours_key", "net_points", "side_points"]
