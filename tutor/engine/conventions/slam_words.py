"""Law 36's negotiation after a direct "three": partner states his sure tricks, the side raises to the slam.

Law 36 (RO l.107): with eight sure tricks say "three" directly, with nine also "three", "so that
partner can state his sure tricks and, after negotiation, raise the game to a slam"; if partner
passes, the nine add one trick he is counted on for and say "four". The Russian summary's
dialogue (RU l.409) has partner state his sure tricks and the bidder let him speak to the end:
"thus the game may rise to four, five and the slam".

The tutor's reading, stated in ``content/conventions/bidding.yaml``: partner states his tricks
by the level of his answer in the bidder's suit. The "three" told eight sure tricks, so partner
with ``k`` sure tricks names the level the side's ``8 + k`` tricks make (law 31: a game of ``L``
is ``6 + L`` tricks), up to the grand slam; the bidder then counts his own tricks against the
eight his "three" told (a ninth raises once more). This module gives the words:

* ``three_negotiation`` — where the player stands: 1 partner's direct "three" is the last
  bid and he has not bid; 2 he said the direct "three" and partner's answer in its suit is
  the last bid; 3 he answered partner's "three" and partner has bid the suit again; 0 otherwise;
* ``partner_stated_tricks`` — the sure tricks partner's calls have told (8 for the "three";
  his answer's level less two for an answer);
* the chooser ``negotiated_bid`` — the suit at the level the side's stated and own sure tricks
  make, if higher than the last bid and legal (else the rule does not apply).

>>> p = BidPosition.parse("S", "32.AK2.AK32.5432", "N", ["3S", "P"])
>>> stage(p), partner_stated(p), str(_negotiated(p, {"strain": "partner"}))
(1, 8, '6S')
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.bidding import KIND, BidPosition
from tutor.engine.calls import Bid, Call
from tutor.engine.conventions.hand_features import sure_tricks
from tutor.engine.conventions.vocabulary import (
    HISTORY,
    REQUIRED,
    Arg,
    Args,
    CallShape,
    Word,
    chooser,
    feature,
)
from tutor.engine.rules import BOOK_TRICKS

#: The sure tricks a direct "three" tells (law 36: eight, or nine).
THREE_TELLS = 8
#: The level of a direct "three" (law 36).
THREE = 3
#: The highest level, the grand slam (law 31).
GRAND = 7


def _direct_three(bids: tuple[Bid, ...]) -> Bid | None:
    """The player's first bid, when it is a "three" in a suit (law 36's direct call)."""
    first = bids[0] if bids else None
    return first if first is not None and first.level == THREE and first.strain.trump is not None else None


def stage(p: BidPosition) -> int:
    """Where ``p``'s player stands in law 36's negotiation (module docstring); 0 outside it."""
    last = p.last_bid
    if last is None or last.seat is not p.seat.partner or not isinstance(last.call, Bid):
        return 0
    theirs, mine = _direct_three(p.partner_bids), _direct_three(p.own_bids)
    if theirs is not None and not p.own_bids and len(p.partner_bids) == 1 and _opened_side(p, partner=True):
        return 1
    if mine is not None and len(p.own_bids) == 1 and len(p.partner_bids) == 1 and _opened_side(p, partner=False):
        answer = p.partner_bids[0]
        return 2 if answer.strain is mine.strain and answer.level > THREE else 0
    if (theirs is not None and len(p.own_bids) == 1 and p.own_bids[0].strain is theirs.strain
            and p.own_bids[0].level > THREE and p.partner_bids[-1].strain is theirs.strain):
        return 3
    return 0


def _opened_side(p: BidPosition, *, partner: bool) -> bool:
    """The "three" was the side's first bid (a direct call, not an answer to the other's suit)."""
    opener = p.partner if partner else p.own
    other = p.own if partner else p.partner
    first = next(r.index for r in opener if isinstance(r.call, Bid))
    return not any(isinstance(r.call, Bid) and r.index < first for r in other)


def partner_stated(p: BidPosition) -> int:
    """The sure tricks partner's calls have told in the negotiation (0 outside it)."""
    where = stage(p)
    if where == 1:
        return THREE_TELLS
    if where == 2:
        # his answer of level L made 6 + L tricks with the eight the "three" told: L - 2 are his
        return p.partner_bids[0].level + BOOK_TRICKS - THREE_TELLS
    return 0


def own_tricks(p: BidPosition) -> int:
    """This hand's sure tricks in the side's trump suit's game (0 outside the negotiation).

    The bidder of the "three" counts his whole model (his suit is the trumps). The answering
    partner counts the sequences of every suit, but long cards (from the fifth round on) only
    in the bidder's suit: a side suit's long cards are sure only when it is trumps.
    """
    where = stage(p)
    counted = sure_tricks(p.hand)
    if where == 1:
        trumps = p.partner_bids[0].strain.trump
        return sum(t.sequence_tricks + (t.long_tricks if t.suit is trumps else 0) for t in counted.suits)
    return counted.total if where == 2 else 0


def _negotiated(p: BidPosition, args: Args) -> Call | None:
    strain = p.resolve_strain(str(args.get("strain", "")))
    stated = partner_stated(p)
    if strain is None or stated == 0:
        return None
    level = min(GRAND, stated + own_tricks(p) - BOOK_TRICKS)
    return p.lowest_bid(strain, level, level)


def _gives(args: Mapping[str, object]) -> frozenset[CallShape]:
    return frozenset(("suit", level) for level in range(THREE + 1, GRAND + 1))


def own_direct_three(p: BidPosition) -> bool:
    """This player's first bid was law 36's direct "three": a suit at three, his side's first bid."""
    return _direct_three(p.own_bids) is not None and _opened_side(p, partner=False)


WORDS: tuple[Word, ...] = (
    feature("own_direct_three", "your first bid was a direct 'three' in a suit, your side's first bid (law 36)",
            lambda position, args: own_direct_three(position), (KIND,), realiser=HISTORY,
            clause="you said 'three' directly"),
    feature("three_negotiation",
            "where you stand after a direct 'three' (law 36): 1 partner said it, 2 you said it and partner "
            "answered, 3 you answered and partner bid again; 0 otherwise",
            lambda position, args: stage(position), (KIND,), realiser=HISTORY, short="law 36's negotiation"),
    feature("partner_stated_tricks",
            "the sure tricks partner's calls have told after a direct 'three' (law 36): eight for the 'three', "
            "his answer's level less two for an answer",
            lambda position, args: partner_stated(position), (KIND,), realiser=HISTORY,
            nouns=("sure trick partner has stated", "sure tricks partner has stated", "partner has told of")),
    feature("negotiation_tricks",
            "your sure tricks in the side's game after a direct 'three' (law 36): when you answer it, the "
            "sequences of every suit and long cards only in partner's suit",
            lambda position, args: own_tricks(position), (KIND,), realiser=HISTORY,
            nouns=("sure trick for the side's game", "sure tricks for the side's game", "your hand has")),
    chooser("negotiated_bid",
            "the suit (`strain`) at the level your sure tricks and partner's stated ones make (law 36: "
            "six tricks and the level), up to seven, if higher than the last bid",
            _negotiated, (KIND,), (Arg("strain", "suit", REQUIRED),), gives=_gives),
)

__all__ = ["WORDS", "own_direct_three", "own_tricks", "partner_stated", "stage"]
