"""Only the cards wanted are played (card_tricks_many): a card not held, or one that does not follow
suit, is refused as the board after it would be (the rule stated in its docstring: cards must be
legal on their board), before anything is sent to the solver."""

from __future__ import annotations

import pytest

from tutor.engine.calls import Strain
from tutor.engine.cards import Card, Deal, Seat
from tutor.engine.errors import TutorError
from tutor.engine.solver.analysis import DDBoard, card_tricks_many

DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def test_a_card_not_held_is_refused() -> None:
    with pytest.raises(TutorError, match="does not hold it"):
        card_tricks_many([DDBoard(DEAL, Strain.SPADES, Seat.N)], [[Card.parse("ST")]])


def test_a_card_that_does_not_follow_suit_is_refused() -> None:
    board = DDBoard(DEAL, Strain.SPADES, Seat.N, (Card.parse("HA"),))
    with pytest.raises(TutorError, match="must follow suit"):
        card_tricks_many([board], [[Card.parse("ST")]])
