"""The deals play drills are drawn from: a seeded stream, dealt so that the robots bid.

Play drill ``seed`` looks for its position in the deals ``stream_deal(seed, 0)``,
``stream_deal(seed, 1)`` … (:mod:`tutor.lessons.play_scenarios`), which the book robots
bid and play. Every deal of the stream is random but for one thing: one seat, drawn at
random, holds the high cards of an opening hand (:data:`OPENING_POINTS`, A 4 K 3 Q 2 J 1
— a yardstick of the dealing only: the robots bid by the book's laws). The book passes
out nearly half of all random deals (law 33 asks five sure tricks for a game;
docs/robots.md) and a passed-out deal has no play to drill; with the strong seat about
a quarter are. Nothing else is placed: the auction, the contract, who declares and which
suits are named are the robots', so the play conventions, which rest on the auction
("partner's suit", "the suit named on your right"), meet the auctions the book's bidding
makes for the hands.

The stream is shared by every play rule (one seed's deals serve all 92 conventions, so
the robots bid and play each deal once: see ``scan`` in :mod:`tutor.lessons.play_scenarios`).
Steering each rule's deals toward its own conditions was built first and measured (docs/play.md):
it found a rule's drill in fewer deals, but no deal served two rules, so a rule that does
not arise cost its whole bound every time it was asked for.
"""

from __future__ import annotations

import random

from tutor.engine.cards import SEATS, Deal, Seat
from tutor.engine.dealgen import Points, constrained_deal

#: High-card points dealt to one seat of every stream deal, so that the robots bid.
OPENING_POINTS = 13


def stream_deal(seed: int, index: int) -> tuple[Deal, Seat]:
    """Deal ``index`` of play drill seed ``seed``'s stream, and its dealer (deterministic)."""
    rng = random.Random(f"play-stream:{seed}:{index}")
    dealer = rng.choice(SEATS)
    strong = rng.choice(SEATS)
    return constrained_deal(rng, {strong: [Points(OPENING_POINTS)]}), dealer
