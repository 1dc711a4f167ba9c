"""Solo Whist (seed ``002_c68374d8f015d64a.txt``, lines 1–97): calls, auction, play, settlement.

The modules, one concept each, lowest first:

* :mod:`~tutor.engine.solo.laws` — the law ids (``solo-N``) every error cites;
* :mod:`~tutor.engine.solo.calls` — the call ladder as data, calls, the contract;
* :mod:`~tutor.engine.solo.rules` — the tutor's readings and the English variants;
* :mod:`~tutor.engine.solo.dealing` — choosing the dealer, dealing, the turned-up card;
* :mod:`~tutor.engine.solo.auction` — the auction state machine;
* :mod:`~tutor.engine.solo.solver` — can the bidder still be beaten (claims);
* :mod:`~tutor.engine.solo.play` — contract play on the shared :class:`~tutor.engine.tricks.TrickPlay`;
* :mod:`~tutor.engine.solo.settlement` — who pays whom, in exact fractions.
"""

from __future__ import annotations

from tutor.engine.solo.auction import Phase, SoloAuction
from tutor.engine.solo.calls import (
    LADDER,
    CallKind,
    GameSpec,
    SoloCall,
    SoloContract,
    SoloGame,
    TrumpRule,
    spec,
)
from tutor.engine.solo.dealing import SOLO_CUT_SUITS, SoloDeal, choose_dealer, deal_pack, random_solo_deal
from tutor.engine.solo.play import Fate, SoloPlay, SoloResult, first_leader
from tutor.engine.solo.rules import SOLO_VARIANTS, AllPass, SoloRules
from tutor.engine.solo.settlement import Payment, Settlement, format_points, settle, settle_result

__all__ = [
    "LADDER", "SOLO_CUT_SUITS", "SOLO_VARIANTS", "AllPass", "CallKind", "Fate", "GameSpec", "Payment",
    "Phase", "Settlement", "SoloAuction", "SoloCall", "SoloContract", "SoloDeal", "SoloGame", "SoloPlay",
    "SoloResult", "SoloRules", "TrumpRule", "choose_dealer", "deal_pack", "first_leader", "format_points",
    "random_solo_deal", "settle", "settle_result", "spec",
]
