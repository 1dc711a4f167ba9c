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

from tutor.engine.cards import Side
from tutor.engine.rubber import score_rubber
from tutor.engine.rules import Rules
from tutor.engine.scoring import ScoringError, score_deal, scoring_variants
from tutor.engine.scoring.items import in_count
from tutor.engine.scoring.score_parse import (  # the formats are read there
    RUBBER_FIELDS,
    _unknown,
    parse_count,
    parse_deal_request,
    parse_variants,
)


def scoring_choices(rules: Rules) -> dict[str, str]:
    """The option of every scoring variant (``book`` where the default is kept)."""
    return {v.name: v.option_of(rules) for v in scoring_variants()}


def _side_map(fn: Callable[[Side], int]) -> dict[str, int]:
    return {s.value: int(fn(s)) for s in Side}


def score_request(obj: object) -> dict[str, object]:
    """Score a request object (one deal, or ``{"deals": […]}``) and return the output object."""
    if isinstance(obj, dict) and "players" in obj:
        from tutor.engine.settlement_request import settlement_request

        return settlement_request(obj)
    if isinstance(obj, dict) and "deals" in obj:
        return _rubber_request(obj)
    played, rules = parse_deal_request(obj)
    count = parse_count(obj.get("count") if isinstance(obj, dict) else None)  # parse_deal_request refused a non-object
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


def _in_count(out: dict[str, object], count: str) -> dict[str, object]:
    """The output with every figure written in ``count`` (item texts keep the book's figures)."""
    if count == "large":
        return out

    def convert(key: str, value: object) -> object:
        if isinstance(value, dict):
            return {k: convert(k if key not in _POINT_KEYS else key, v) for k, v in value.items()}
        if isinstance(value, list):
            return [convert(key, v) for v in value]
        if key in _POINT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            return in_count(value, count)
        return value

    converted = {k: convert(k, v) for k, v in out.items()}
    notes = converted.get("notes", [])
    converted["notes"] = [*(notes if isinstance(notes, list) else []), "Counted with small honours (the preamble's simple count): "
                          "every figure is the book's large figure divided by ten; the item texts keep the "
                          "large figures."]
    return converted


#: The most deals a rubber request may hold. A rubber ends when one side wins two games, which takes
#: a few dozen deals at most in practice (passed-out deals and part-scores included); a thousand is
#: generous, and bounds the work and memory of one request (150,000 passed-out deals took 9 s and 715 MB).
MAX_RUBBER_DEALS = 1_000


def _rubber_request(obj: Mapping[str, object]) -> dict[str, object]:
    _unknown(obj, RUBBER_FIELDS, "")
    deals = obj["deals"]
    if not isinstance(deals, list) or not deals:
        raise ScoringError("deals", "expected a non-empty list of deals")
    if len(deals) > MAX_RUBBER_DEALS:
        raise ScoringError("deals", f"{len(deals):,} deals: a rubber is scored from at most {MAX_RUBBER_DEALS:,} "
                                    "deals (one ends after a few dozen in practice)")
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
