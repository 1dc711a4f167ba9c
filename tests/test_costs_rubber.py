"""A choice's points are priced with the rubber score: the partie and rubber bonuses it wins.

The expectations are the book's figures (scoring 7, seed 000 line 393): "those who finished
the partie credit 1000 points to their record 'for the end', and 2000 points for the end of
the rubber"; a partie is 500 below the line (scoring 4). The same deal, contract and tricks
are priced from three scores that differ only in what the rubber stood at before the deal.
"""

from __future__ import annotations

from tutor.engine.bidding import ScoreState
from tutor.engine.calls import Contract
from tutor.engine.cards import Deal, Seat, Side
from tutor.engine.rules import Rules
from tutor.engine.scoring import score_deal
from tutor.lessons.cost.prices import net_points
from tutor.lessons.cost.sampling import Knowledge

PARTIE_BONUS = 1000  # scoring 7 (RO l.393): "for the end" of the partie
RUBBER_BONUS = 2000  # scoring 7 (RO l.393): for the end of the rubber
DEAL = Deal.from_pbn("N:AKQJ.AKQ.AK.T987 T98.T98.T98.AKQJ 765.765.765.6543 432.J432.QJ432.2")
FOUR_SPADES = Contract.parse("4S", "N")  # North-South take eleven tricks: well past 500 below from 400


def _known(seat: Seat, below: dict[Side, int], parties: dict[Side, int]) -> Knowledge:
    return Knowledge(seat, Seat.N, (), DEAL[seat], ScoreState(below, parties), Rules(), FOUR_SPADES)


def _points(seat: Seat, below_ns: int, parties_ns: int = 0, parties_ew: int = 0) -> int:
    known = _known(seat, {Side.NS: below_ns, Side.EW: 0}, {Side.NS: parties_ns, Side.EW: parties_ew})
    return net_points(DEAL, FOUR_SPADES, 11, known)


def test_the_deals_own_points_when_it_ends_no_partie() -> None:
    score = score_deal(DEAL, FOUR_SPADES, 11)
    assert sum(i.points for i in score.items if i.line == "below" and i.side is Side.NS) < 500
    assert _points(Seat.N, 0) == score.total(Side.NS) - score.total(Side.EW)


def test_the_deal_that_reaches_500_below_adds_the_partie_bonus() -> None:
    assert _points(Seat.N, 400) - _points(Seat.N, 0) == PARTIE_BONUS
    assert _points(Seat.E, 400) - _points(Seat.E, 0) == -PARTIE_BONUS  # the other side's view


def test_the_second_partie_adds_the_rubber_bonus_too() -> None:
    assert _points(Seat.N, 400, parties_ns=1) - _points(Seat.N, 0) == PARTIE_BONUS + RUBBER_BONUS
    # one partie each: the deal that wins the third partie wins the rubber
    assert _points(Seat.S, 400, parties_ns=1, parties_ew=1) - _points(Seat.S, 0) == PARTIE_BONUS + RUBBER_BONUS
    # the opponents' partie won earlier brings nothing to this side's deal
    assert _points(Seat.N, 400, parties_ew=1) - _points(Seat.N, 0) == PARTIE_BONUS
