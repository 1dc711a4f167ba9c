"""The play drills' ``advise``: the book's card (the book alone, no stated default) for a play
position given as ``tutor advise`` JSON.

The JSON is read by the one reader of a seat's view (:mod:`tutor.engine.record.view_json`) and
answered by the book (:meth:`tutor.engine.book.Book.card_in`); the robots add the stated defaults
on top of the same book (:func:`tutor.lessons.robots.card_in`).
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.book import card_order
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject, JsonValue
from tutor.engine.play.position import PlayPosition
from tutor.engine.record.view_json import check_kind, play_view
from tutor.engine.rules import Rules
from tutor.lessons.play.rules import load_play_rules
from tutor.lessons.robots import the_book


def position_from_json(payload: Mapping[str, JsonValue], rules: Rules | None = None) -> PlayPosition:
    """A position from ``tutor advise`` JSON (:func:`tutor.engine.record.view_json.play_view`)."""
    return play_view(payload, rules).play_position(load_play_rules())


def advise(payload: Mapping[str, JsonValue]) -> JsonObject:
    """The book's card for a play position: ``{"card", "cards", "rule", "laws", "explanation"}``.

    ``payload["kind"]`` may be ``lead``, ``discard`` or ``card`` (any card within a trick).
    """
    return advise_on(position_from_json(payload), str(payload.get("kind", "card")))


def checked_position(payload: Mapping[str, JsonValue]) -> PlayPosition:
    """The position of ``tutor advise`` JSON, checked against the kind it says it is."""
    view = play_view(payload)
    check_kind(view, str(payload.get("kind", "card")))
    return view.play_position(load_play_rules())


def check_asked(position: PlayPosition, asked: str) -> None:
    """A clear error when the JSON's ``kind`` is not the position's decision."""
    if asked == "lead" and position.kind != "lead":
        raise TutorError(f"kind 'lead' but {len(position.trick.plays)} card(s) are already in the trick")
    if asked == "discard" and position.kind != "discard":
        raise TutorError("kind 'discard' but the player can follow suit (law ≈108: he must)")
    if asked == "card" and position.kind == "lead":
        raise TutorError("kind 'card' needs the cards of the current trick in 'trick'; for a lead use 'lead'")


def advise_on(position: PlayPosition, asked: str = "card") -> JsonObject:
    """:func:`advise` on a position already built: the book alone (``card`` ``None`` where it is silent)."""
    check_asked(position, asked)
    advice = the_book().card_in(position)
    if advice is None:
        return {"kind": position.kind.value, "card": None, "cards": [], "rule": None, "laws": [],
                "explanation": "No convention of the book covers this position."}
    return {
        "kind": position.kind.value, "card": str(advice.card), "cards": [str(c) for c in advice.cards],
        "rule": advice.rule.id, "title": advice.rule.title, "laws": list(advice.laws),
        "explanation": advice.explanation, "unique": advice.unique,
        "also": [r.id for r in advice.applicable if r.id != advice.rule.id],
    }


__all__ = ["advise", "advise_on", "card_order", "check_asked", "checked_position", "position_from_json"]
