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
"""

from __future__ import annotations

from tutor.engine.bidding import ScoreState
from tutor.engine.calls import Contract
from tutor.engine.cards import Deal, Side
from tutor.engine.rules import Rules


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


def net_points(deal: Deal, contract: Contract | None, declarer_tricks: int, side: Side, score: ScoreState | None,
               rules: Rules) -> int:
    """``side``'s points from this deal less the other side's (:func:`side_points`)."""
    points = side_points(deal, contract, declarer_tricks, score, rules)
    return points[side] - points[side.other]


__all__ = ["net_points", "side_points"]
