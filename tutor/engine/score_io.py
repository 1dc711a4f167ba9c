"""The JSON formats of ``tutor score``: a deal (or a rubber of deals) in, the itemized score out.

In, one deal::

    {"deal": "N:AKQ.… … … …", "contract": "3H" | "4NT" | "pass", "declarer": "N",
     "tricks": 9, "variants": {"partie-bonus": "summaries"},
     "revoke": "EW", "dealer": "S", "dealer_extra_card": true}

``tricks`` are the tricks the declaring side took (0-13). ``declarer`` is not needed
for ``"pass"``; when a passed-out deal is played out (variant ``passed-out``), ``tricks``
are those of the declarer's side, NS when no declarer is given. ``variants``,
``revoke``, ``revokes``, ``dealer``, ``dealer_extra_card`` and ``count`` are optional.
``revoke`` is one revoke, by a side (``"EW"``) or a player (``"E"``); ``revokes`` lists
several, each a side, a seat or ``{"seat": "E", "personal": "law-153"}`` (``personal``:
``law-153`` or ``law-157``, the laws under which the player alone answers for it).
``count`` is ``"large"`` (the book's, in tens: the default) or ``"small"`` (the simple
count of the preamble: every figure divided by ten). A rubber is
``{"deals": [deal, …], "variants": {…}, "count": …}`` (variants and count once).

Out: ``below`` and ``above`` per side, the ``items`` (side, line, kind, points, laws,
text), ``revokes`` (side, seat, personal, charged_to, cost), ``count``, and for a rubber
also ``deal``/``partie`` on each item and revoke, ``games``, ``rubber_winner``,
``x_marks``, ``total``, ``result`` and ``settlement`` (each player's result).

Bad input raises :class:`~tutor.engine.scoring.ScoringError` naming the field
(``deals[2].tricks: 14 is not a trick count from 0 to 13``).

>>> out = score_request({"deal": "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
...                      "contract": "3C", "declarer": "S", "tricks": 9})
>>> out["below"]
{'NS': 270, 'EW': 120}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tutor.engine.calls import Bid, Contract
from tutor.engine.cards import Deal, Seat, Side
from tutor.engine.errors import NotationError, TutorError
from tutor.engine.rubber import RubberDeal, score_rubber
from tutor.engine.rules import Rules
from tutor.engine.score_items import COUNTS, PERSONAL_REVOKE_LAWS, Revoke, in_count
from tutor.engine.scoring import ScoringError, score_deal, scoring_variants

DEAL_FIELDS = frozenset({"deal", "contract", "declarer", "tricks", "variants", "revoke", "revokes", "dealer",
                         "dealer_extra_card", "count"})
RUBBER_FIELDS = frozenset({"deals", "variants", "count"})
REVOKE_FIELDS = frozenset({"side", "seat", "personal"})
PASS_WORDS = frozenset({"pass", "p", "passed", "x"})
SEAT_LETTERS = ("N", "E", "S", "W")


def _field(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def _unknown(obj: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise ScoringError(_field(where, extra[0]), f"unknown field; expected one of {', '.join(sorted(allowed))}")


def parse_variants(value: Any, where: str = "") -> Rules:
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


def _side(value: Any, name: str) -> Side:
    text = str(value).strip().upper()
    if text in ("NS", "EW"):
        return Side(text)
    if text in SEAT_LETTERS:
        return Seat(text).side
    raise ScoringError(name, f"{value!r} is not a side (NS or EW) or a seat (N, E, S, W)")


def _one_revoke(value: Any, name: str) -> Revoke:
    """A side (``"EW"``), a seat (``"E"``) or ``{"seat": "E", "personal": "law-153"}``."""
    if isinstance(value, str):
        text = value.strip().upper()
        return Revoke(Seat(text).side, Seat(text)) if text in SEAT_LETTERS else Revoke(_side(value, name))
    if not isinstance(value, dict):
        raise ScoringError(name, f"{value!r}: expected a side, a seat or an object with a seat")
    _unknown(value, REVOKE_FIELDS, name)
    seat = _seat(value["seat"], f"{name}.seat") if value.get("seat") is not None else None
    side = _side(value["side"], f"{name}.side") if value.get("side") is not None else None
    if seat is None and side is None:
        raise ScoringError(name, "give the seat of the player who revoked (or at least the side)")
    personal = value.get("personal")
    if personal is not None and personal not in PERSONAL_REVOKE_LAWS:
        raise ScoringError(f"{name}.personal", f"{personal!r}: expected {' or '.join(PERSONAL_REVOKE_LAWS)}")
    owner = side if side is not None else seat.side if seat is not None else Side.NS
    try:
        return Revoke(owner, seat, personal)
    except TutorError as err:
        raise ScoringError(name, str(err).removeprefix("revoke: ")) from None


def _revokes(obj: Mapping[str, Any], where: str) -> tuple[Revoke, ...]:
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


def parse_count(value: Any, where: str = "") -> str:
    """``"large"`` (the book's count, in tens) or ``"small"`` (simple count, preamble)."""
    if value is None:
        return "large"
    if value not in COUNTS:
        raise ScoringError(_field(where, "count"), f"{value!r}: expected \"large\" (the book's) or \"small\"")
    return str(value)


def parse_deal_request(obj: Any, where: str = "") -> tuple[RubberDeal, Rules | None]:
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
        raise ScoringError(_field(where, "tricks"), f"{tricks!r} is not a trick count from 0 to 13")
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


def _seat(value: Any, name: str) -> Seat:
    text = str(value).strip().upper()
    if text not in SEAT_LETTERS:
        raise ScoringError(name, f"{value!r} is not a seat: expected N, E, S or W")
    return Seat(text)


def _contract(obj: Mapping[str, Any], where: str) -> Contract | None:
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


def scoring_choices(rules: Rules) -> dict[str, str]:
    """The option of every scoring variant (``book`` where the default is kept)."""
    return {v.name: v.option_of(rules) for v in scoring_variants()}


def _side_map(fn: Callable[[Side], int]) -> dict[str, int]:
    return {s.value: int(fn(s)) for s in Side}


def score_request(obj: Any) -> dict[str, Any]:
    """Score a request object (one deal, or ``{"deals": […]}``) and return the output object."""
    if isinstance(obj, dict) and "players" in obj:
        from tutor.engine.settlement import settlement_request

        return settlement_request(obj)
    if isinstance(obj, dict) and "deals" in obj:
        return _rubber_request(obj)
    played, rules = parse_deal_request(obj)
    count = parse_count(obj.get("count"))
    score = score_deal(played.deal, played.contract, played.declarer_tricks, rules or Rules(),
                       revoke=played.revoke, dealer_extra_card=played.dealer_extra_card,
                       dealer=played.dealer, passed_side=played.passed_side)
    return _in_count({
        "below": _side_map(score.below),
        "above": _side_map(score.above),
        "items": [i.to_json() for i in score.items],
        "revokes": [c.to_json() for c in score.charges],
        "x_mark": score.x_mark,
        "made": score.made,
        "notes": list(score.notes),
        "readings": list(score.readings) + (["small-honours"] if count == "small" else []),
        "variants": scoring_choices(rules or Rules()),
        "count": count,
    }, count)


#: The keys of the output whose numbers are points (converted to the small count on request).
_POINT_KEYS = frozenset({"below", "above", "total", "points", "cost", "margin", "settlement"})


def _in_count(out: dict[str, Any], count: str) -> dict[str, Any]:
    """The output with every figure written in ``count`` (item texts keep the book's figures)."""
    if count == "large":
        return out

    def convert(key: str, value: Any) -> Any:
        if isinstance(value, dict):
            return {k: convert(k if key not in _POINT_KEYS else key, v) for k, v in value.items()}
        if isinstance(value, list):
            return [convert(key, v) for v in value]
        if key in _POINT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            return in_count(value, count)
        return value

    converted = {k: convert(k, v) for k, v in out.items()}
    converted["notes"] = [*converted.get("notes", []), "Counted with small honours (the preamble's simple count): "
                          "every figure is the book's large figure divided by ten; the item texts keep the "
                          "large figures."]
    return converted


def _rubber_request(obj: dict[str, Any]) -> dict[str, Any]:
    _unknown(obj, RUBBER_FIELDS, "")
    deals = obj["deals"]
    if not isinstance(deals, list) or not deals:
        raise ScoringError("deals", "expected a non-empty list of deals")
    rules = parse_variants(obj.get("variants"))
    count = parse_count(obj.get("count"))
    played = []
    for index, item in enumerate(deals):
        where = f"deals[{index}]"
        one, own_rules = parse_deal_request(item, where)
        if own_rules is not None:
            raise ScoringError(f"{where}.variants", "give the variants once, for the whole rubber")
        if "count" in item:
            raise ScoringError(f"{where}.count", "give the count once, for the whole rubber")
        played.append(one)
    rubber = score_rubber(played, rules)
    leader, margin = rubber.result()
    return _in_count({
        "below": _side_map(rubber.below),
        "above": _side_map(rubber.above),
        "total": _side_map(rubber.total),
        "items": [{**e.item.to_json(), "deal": e.deal_no, "partie": e.partie} for e in rubber.entries],
        "games": [s.value for s in rubber.games],
        "rubber_winner": rubber.winner.value if rubber.winner else None,
        "x_marks": rubber.x_marks,
        "result": {"leader": leader.value if leader else None, "margin": margin},
        "revokes": [{**c.to_json(), "deal": n} for n, s in enumerate(rubber.scores, 1) for c in s.charges],
        "settlement": {seat.value: points for seat, points in rubber.settlement().items()},
        "readings": list(rubber.readings) + (["small-honours"] if count == "small" else []),
        "variants": scoring_choices(rules),
        "count": count,
    }, count)
