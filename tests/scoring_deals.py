"""Helpers for the scoring tests: deals with chosen cards in chosen hands, the rest seeded."""

from __future__ import annotations

import random
from collections.abc import Iterable

from tutor.engine.calls import Contract
from tutor.engine.cards import Card, Deal, Seat, Side
from tutor.engine.deals.generate import deal_with
from tutor.engine.scoring.items import DealScore, ScoreItem


def deal(seed: int = 0, **hands: str | Iterable[str]) -> Deal:
    """A deal where ``N="HA HK SA"`` (and so on) holds those cards; the rest are dealt from ``seed``."""
    fixed = {}
    for seat, cards in hands.items():
        text = cards.split() if isinstance(cards, str) else list(cards)
        fixed[Seat(seat)] = [Card.parse(c) for c in text]
    return deal_with(random.Random(seed), fixed)


def contract(text: str) -> Contract:
    """``"3H S"`` -> three hearts declared by South."""
    bid, seat = text.split()
    return Contract.parse(bid, seat)


def items(score: DealScore, kind: str, side: Side | None = None) -> list[ScoreItem]:
    return [i for i in score.items if i.kind == kind and (side is None or i.side is side)]


def points(score: DealScore, kind: str, side: Side) -> int:
    return sum(i.points for i in items(score, kind, side))


def run(suit: str, length: int) -> list[str]:
    """The first ``length`` cards of ``suit`` from the ace down: ``run("S", 3)`` -> SA SK SQ."""
    return [f"{suit}{r}" for r in "AKQJT98765432"[:length]]
