"""Reading the JSON of ``tutor score``: one deal object, its variants, revokes and count.

Split from :mod:`tutor.engine.scoring.score_io` so the settlements of the other table sizes
(:mod:`tutor.engine.ways.requests`) read a deal exactly as ``tutor score`` does without
importing the request dispatcher that, in turn, hands them the ``players`` requests.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.calls import Bid, Contract
from tutor.engine.cards import Deal, Seat, Side
from tutor.engine.errors import NotationError, TutorError
from tutor.engine.jsonread import json_shown
from tutor.engine.rubber import RubberDeal
from tutor.engine.rules import Rules
from tutor.engine.scoring import ScoringError
from tutor.engine.scoring.items import COUNTS, PERSONAL_REVOKE_LAWS, Revoke

DEAL_FIELDS = frozenset({"deal", "contract", "declarer", "tricks", "variants", "revoke", "revokes", "dealer",
                         "dealer_extra_card", "count"})
RUBBER_FIELDS = frozenset({"deals", "variants", "count"})
REVOKE_FIELDS = frozenset({"side", "seat", "personal"})
PASS_WORDS = frozenset({"pass", "p", "passed", "x"})
SEAT_LETTERS = ("N", "E", "S", "W")


def _field(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def _unknown(obj: Mapping[str, object], allowed: frozenset[str], where: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise ScoringError(_field(where, extra[0]), f"unknown field; expected one of {', '.join(sorted(allowed))}")


def parse_variants(value: object, where: str = "") -> Rules:
    """``{"name": "option"}`` -> the rules with those variants switched on."""
    name = _field(where, "variants")
    if value is None:
        return Rules()
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ScoringError(name, 'expected an object of variant names and options, e.g. {"partie-bonus": "summaries"}')
    try:
        return Rules.with_variants(value)
    except TutorError as err:
        raise ScoringError(name, str(err)) from None


def _side(value: object, name: str) -> Side:
    text = str(value).strip().upper()
    if text in ("NS", "EW"):
        return Side(text)
    if text in SEAT_LETTERS:
        return Seat(text).side
    raise ScoringError(name, f"{json_shown(value)} is not a side (NS or EW) or a seat (N, E, S, W)")


def _one_revoke(value: object, name: str) -> Revoke:
    """A side (``"EW"``), a seat (``"E"``) or ``{"seat": "E", "personal": "law-153"}``."""
    if isinstance(value, str):
        text = value.strip().upper()
        return Revoke(Seat(text).side, Seat(text)) if text in SEAT_LETTERS else Revoke(_side(value, name))
    if not isinstance(value, dict):
        raise ScoringError(name, f"{json_shown(value)}: expected a side, a seat or an object with a seat")
    _unknown(value, REVOKE_FIELDS, name)
    seat = _seat(value["seat"], f"{name}.seat") if value.get("seat") is not None else None
    side = _side(value["side"], f"{name}.side") if value.get("side") is not None else None
    if seat is None and side is None:
        raise ScoringError(name, "give the seat of the player who revoked (or at least the side)")
    personal = value.get("personal")
    if personal is not None and (not isinstance(personal, str) or personal not in PERSONAL_REVOKE_LAWS):
        raise ScoringError(f"{name}.personal",
                           f"{json_shown(personal)}: expected {' or '.join(PERSONAL_REVOKE_LAWS)}")
    owner = side if side is not None else seat.side if seat is not None else Side.NS
    try:
        return Revoke(owner, seat, personal)
    except TutorError as err:
        raise ScoringError(name, str(err).removeprefix("revoke: ")) from None


def _revokes(obj: Mapping[str, object], where: str) -> tuple[Revoke, ...]:
    if obj.get("revoke") is not None and obj.get("revokes") is not None:
        raise ScoringError(_field(where, "revokes"), 'give either "revoke" (one) or "revokes" (a list), not both')
    if obj.get("revoke") is not None:
        return (_one_revoke(obj["revoke"], _field(where, "revoke")),)
    listed = obj.get("revokes")
    if listed is None:
        return ()
    if not isinstance(listed, list):
        raise ScoringError(_field(where, "revokes"), "expected a list of revokes")
    return tuple(_one_revoke(v, f"{_field(where, 'revokes')}[{n}]") for n, v in enumerate(listed))


def parse_count(value: object, where: str = "") -> str:
    """``"large"`` (the book's count, in tens) or ``"small"`` (simple count, preamble)."""
    if value is None:
        return "large"
    if not isinstance(value, str) or value not in COUNTS:  # a list or object is no key (it was a TypeError)
        raise ScoringError(_field(where, "count"),
                           f"{json_shown(value)}: expected \"large\" (the book's) or \"small\"")
    return str(value)


def parse_deal_request(obj: object, where: str = "") -> tuple[RubberDeal, Rules | None]:
    """One deal object -> what :func:`score_deal` needs, and its variants (if it gave any)."""
    if not isinstance(obj, dict):
        raise ScoringError(where or "input", "expected a JSON object")
    _unknown(obj, DEAL_FIELDS, where)
    for required in ("deal", "contract"):
        if required not in obj:
            raise ScoringError(_field(where, required), "missing")
    if not isinstance(obj["deal"], str):
        raise ScoringError(_field(where, "deal"), "expected a PBN deal string")
    try:
        deal = Deal.from_pbn(obj["deal"])
    except NotationError as err:
        raise ScoringError(_field(where, "deal"), str(err)) from None
    contract = _contract(obj, where)
    tricks = obj.get("tricks", 0 if contract is None else None)
    if tricks is None:
        raise ScoringError(_field(where, "tricks"), "missing (tricks won by the declaring side, 0-13)")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ScoringError(_field(where, "tricks"), f"{json_shown(tricks)} is not a trick count from 0 to 13")
    revoke = _revokes(obj, where) or None
    dealer = _seat(obj["dealer"], _field(where, "dealer")) if obj.get("dealer") is not None else None
    extra = obj.get("dealer_extra_card", False)
    if not isinstance(extra, bool):
        raise ScoringError(_field(where, "dealer_extra_card"), "expected true or false")
    if extra and dealer is None:
        raise ScoringError(_field(where, "dealer"), "needed when dealer_extra_card is true (law 24)")
    passed_side = Side.NS
    if contract is None and obj.get("declarer") is not None:
        passed_side = _seat(obj["declarer"], _field(where, "declarer")).side
    rules = parse_variants(obj["variants"], where) if "variants" in obj else None
    return RubberDeal(deal, contract, tricks, revoke, extra, dealer, passed_side), rules


def _seat(value: object, name: str) -> Seat:
    text = str(value).strip().upper()
    if text not in SEAT_LETTERS:
        raise ScoringError(name, f"{json_shown(value)} is not a seat: expected N, E, S or W")
    return Seat(text)


def _contract(obj: Mapping[str, object], where: str) -> Contract | None:
    text = obj["contract"]
    if not isinstance(text, str):
        raise ScoringError(_field(where, "contract"), 'expected a string such as "3H", "4NT" or "pass"')
    if text.strip().lower() in PASS_WORDS:
        return None
    try:
        bid = Bid.parse(text)
    except NotationError as err:
        raise ScoringError(_field(where, "contract"), f"{err}; or \"pass\"") from None
    if obj.get("declarer") is None:
        raise ScoringError(_field(where, "declarer"), "missing (N, E, S or W)")
    return Contract(bid, _seat(obj["declarer"], _field(where, "declarer")))
