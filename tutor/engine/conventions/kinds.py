"""The decisions a Vint player takes, one enum: a call, or a card of one of five kinds.

A convention names the decision it is about (``content/conventions/*.yaml``, ``kind:``), a
position says which decision it is (``BidPosition.kind``, ``PlayPosition.kind``) and a seat's
view of a deal says which decision is due (:meth:`tutor.engine.record.SeatView.kind`). The
play kinds follow from the trick (laws 79, 167, ≈108): no card yet — a lead; the player cannot
follow the suit led — a discard (he may ruff or throw a card); otherwise his place in the trick.

The values are the YAML's and the JSON's spelling, and a :class:`DecisionKind` equals its
string, so a rule loaded with ``kind: lead`` and ``DecisionKind.LEAD`` are the same key.

>>> DecisionKind.parse("third-hand") is DecisionKind.THIRD_HAND
True
>>> DecisionKind.LEAD == "lead", DecisionKind.BID.is_play
(True, False)
"""

from __future__ import annotations

from enum import StrEnum

from tutor.engine.errors import TutorError


class DecisionKind(StrEnum):
    """One decision: the call in the auction, or the card of a lead, a follow or a discard."""

    BID = "bid"
    LEAD = "lead"
    SECOND_HAND = "second-hand"
    THIRD_HAND = "third-hand"
    FOURTH_HAND = "fourth-hand"
    DISCARD = "discard"

    @classmethod
    def parse(cls, text: str) -> DecisionKind:
        """The kind spelled ``text``; a :class:`TutorError` naming the known ones otherwise."""
        try:
            return cls(text)
        except ValueError:
            raise TutorError(f"unknown decision kind {text!r}; known: {', '.join(k.value for k in cls)}") from None

    @property
    def is_play(self) -> bool:
        return self is not DecisionKind.BID

    @classmethod
    def following(cls, place: int) -> DecisionKind:
        """The kind of the card played ``place``-th to a trick (2, 3 or 4) by a player who follows suit."""
        return (cls.SECOND_HAND, cls.THIRD_HAND, cls.FOURTH_HAND)[place - 2]


#: Every decision a play position may be (``PlayPosition.kind``).
PLAY_DECISIONS: tuple[DecisionKind, ...] = (DecisionKind.LEAD, DecisionKind.SECOND_HAND, DecisionKind.THIRD_HAND,
                                            DecisionKind.FOURTH_HAND, DecisionKind.DISCARD)
#: The play decisions the book's conventions speak of (it has no fourth-hand conventions).
PLAY_KINDS: tuple[DecisionKind, ...] = (DecisionKind.LEAD, DecisionKind.SECOND_HAND, DecisionKind.THIRD_HAND,
                                        DecisionKind.DISCARD)
#: Decisions whose positions hold a hand: the hand's own words serve them all.
HAND_KINDS: tuple[DecisionKind, ...] = (DecisionKind.BID, *PLAY_KINDS)
LEAD_KINDS: tuple[DecisionKind, ...] = (DecisionKind.LEAD,)
FOLLOW_KINDS: tuple[DecisionKind, ...] = (DecisionKind.SECOND_HAND, DecisionKind.THIRD_HAND)
#: What a seat's view may say in its JSON ``kind``: a decision, or ``card`` (any card within a trick).
VIEW_KINDS: frozenset[str] = frozenset({*(k.value for k in DecisionKind), "card"})

__all__ = ["FOLLOW_KINDS", "HAND_KINDS", "LEAD_KINDS", "PLAY_DECISIONS", "PLAY_KINDS", "VIEW_KINDS", "DecisionKind"]
