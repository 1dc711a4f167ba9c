"""The play of a Vint deal (laws 77–78, 110–159, tutor's reading of the first lead).

Laws 77–78 imply that a defender makes the opening lead but none says which; the
tutor's reading (stated in ``content/rules.yaml`` on law 77) is the defender on the
declarer's left. The declarer is the player who made the final bid. Both sides
count the tricks they take (scoring 1); the trick machinery itself is shared with
Solo Whist in :mod:`tutor.engine.tricks`.

>>> from tutor.engine.cards import Deal
>>> from tutor.engine.calls import Contract
>>> d = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> p = vint_play(d, Contract.parse("7NT", "N"))
>>> p.to_play
<Seat.E: 'E'>
"""

from __future__ import annotations

from tutor.engine.calls import Contract
from tutor.engine.cards import Deal, Seat
from tutor.engine.tricks import TrickPlay


def opening_leader(contract: Contract) -> Seat:
    """The defender on the declarer's left (tutor's reading of laws 77–78)."""
    return contract.declarer.lho


def vint_play(deal: Deal, contract: Contract) -> TrickPlay:
    """A fresh play of ``deal`` under ``contract``: trumps from its strain."""
    return TrickPlay(deal, contract.trump, opening_leader(contract))
