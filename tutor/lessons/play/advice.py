"""The book's card for a play position given as ``tutor advise`` JSON — the one reading of a
play position shared by ``tutor advise``, the robots and the play drills.

Kept apart from :mod:`tutor.lessons.play.drill` because the robots (:mod:`tutor.lessons.robots`)
answer with it and the play drills are built from the robots' deals: living in the drill module,
it closed an import cycle drill → scenarios → robots → drill.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.engine.calls import Bid, Contract
from tutor.engine.cards import Card, Hand, Seat, Side
from tutor.engine.conventions import evaluate
from tutor.engine.conventions.play_features import PlayChoice
from tutor.engine.errors import NotationError, TutorError, echo
from tutor.engine.jsonread import json_int
from tutor.engine.play.position import PlayPosition
from tutor.engine.rules import Rules
from tutor.lessons.play.rules import load_play_rules


def card_order(card: Card) -> tuple[int, int]:
    return ("SHDC".index(card.suit.value), -card.rank)


def position_from_json(payload: Mapping[str, Any], rules: Rules | None = None) -> PlayPosition:
    """A position from ``tutor advise`` JSON: seat, hand, dealer, auction, contract, declarer,
    played (whole tricks, in order) and trick (the cards of the unfinished trick)."""
    try:
        seat = Seat.parse(str(payload["seat"]))
        hand_data = payload["hand"]
        hand = Hand.parse(hand_data) if isinstance(hand_data, str) else Hand(Card.parse(c) for c in hand_data)
        dealer = Seat.parse(str(payload.get("dealer", payload.get("declarer", "N"))))
        contract = Contract.parse(str(payload["contract"]), str(payload["declarer"]))
    except KeyError as err:
        raise NotationError(f"the play position lacks {err.args[0]!r}; expected seat, hand, dealer, "
                            f"auction, contract, declarer (and played, trick)") from None
    calls = [str(c) for c in payload.get("auction", [])]
    variants = payload.get("variants") or {}
    rules = rules or Rules.with_variants({str(k): str(v) for k, v in dict(variants).items()})
    score = payload.get("score") or {}
    if not isinstance(score, dict) or not set(score) <= {"NS", "EW"}:
        raise NotationError(f"score: expected {{'NS': points, 'EW': points}}, got {echo(score)}")
    below = {Side(k): json_int(v, f"score.{k}", 0, 10**6) for k, v in score.items()}
    position = PlayPosition.from_cards(
        seat=seat, hand=hand, dealer=dealer, calls=calls, contract=contract,
        played=[Card.parse(str(c)) for c in payload.get("played", [])],
        trick=[Card.parse(str(c)) for c in payload.get("trick", [])],
        below=below, rules=rules, conventions=load_play_rules())
    last = [r for r in position.auction if isinstance(r.call, Bid)]
    if last and (str(last[-1].call) != str(contract.bid) or last[-1].seat is not contract.declarer):
        raise NotationError(f"the auction's last bid is {last[-1].call} by {last[-1].seat.value}, "
                            f"but the contract is {contract}")
    return position


def advise(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The book's card for a play position: ``{"card", "cards", "rule", "laws", "explanation"}``.

    ``payload["kind"]`` may be ``lead``, ``discard`` or ``card`` (any card within a trick).
    """
    return advise_on(position_from_json(payload), str(payload.get("kind", "card")))


def advise_on(position: PlayPosition, asked: str = "card") -> dict[str, Any]:
    """:func:`advise` on a position already built (the robots build it once per decision)."""
    if asked == "lead" and position.kind != "lead":
        raise TutorError(f"kind 'lead' but {len(position.trick.plays)} card(s) are already in the trick")
    if asked == "discard" and position.kind != "discard":
        raise TutorError("kind 'discard' but the player can follow suit (law ≈108: he must)")
    if asked == "card" and position.kind == "lead":
        raise TutorError("kind 'card' needs the cards of the current trick in 'trick'; for a lead use 'lead'")
    advice = evaluate(load_play_rules(), position, position.kind)
    if advice is None:
        return {"kind": position.kind, "card": None, "cards": [], "rule": None, "laws": [],
                "explanation": "No convention of the book covers this position."}
    choice: PlayChoice = advice.answer
    return {
        "kind": position.kind, "card": str(choice.card),
        "cards": [str(c) for c in sorted(choice.cards, key=card_order)],
        "rule": advice.rule.id, "title": advice.rule.title, "laws": list(advice.laws),
        "explanation": advice.explanation, "unique": advice.unique,
        "also": [r.id for r in advice.applicable if r.id != advice.rule.id],
    }


__all__ = ["advise", "advise_on", "card_order", "position_from_json"]
