"""The JSON of ``tutor score`` for the ways' records over several deals.

* ``{"players": 2, "way": NAME, "deals": [...]}`` — a two-player rubber. Ways with dummies:
  each deal as ``tutor score`` takes a four-handed one (``deal``, ``contract``, ``declarer``
  seat, ``tricks``); player A is N-S (his hand S, his dummy N), B is E-W. Ways without
  dummies: ``{"hands": {"A": PBN hand, "B": PBN hand}, "contract": "3H", "declarer": "A",
  "tricks": 9}`` (the declarer's tricks of 13).
* ``{"players": 3, "way": "auction", "deals": [...]}`` — the three independent records:
  each deal as four-handed, the declarer at S opposite the dummy (N), with ``"seats":
  {"A": "S", "B": "W", "C": "E"}`` naming who sat where.
* ``{"players": 5, "order": [...], "results": [{"winner": 0|1, "points": n}, ...]}`` — the
  running record with the pairs of each rubber found by :func:`~tutor.engine.ways.five.five_table`.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.calls import Bid, Contract
from tutor.engine.cards import Hand, Seat
from tutor.engine.errors import NotationError, TutorError
from tutor.engine.rubber import RubberDeal
from tutor.engine.rules import Rules
from tutor.engine.scoring import score_deal
from tutor.engine.scoring.items import DealScore
from tutor.engine.scoring.score_parse import DEAL_FIELDS, parse_deal_request
from tutor.engine.ways.catalogue import Way, find_way
from tutor.engine.ways.five import five_record
from tutor.engine.ways.records import ThreeRecords, seats_of, two_player_rubber
from tutor.engine.ways.score import duel_score, way_rules

MAX_DEALS = 200
TWO = ("A", "B")
THREE = ("A", "B", "C")


#: the fields each request may carry; any other is refused in one line, never ignored
TWO_DEALS_FIELDS = frozenset({"players", "way", "deals", "options"})
THREE_DEALS_FIELDS = frozenset({"players", "way", "deals"})
FIVE_RESULTS_FIELDS = frozenset({"players", "order", "results"})
#: a deal of a rubber: the four-handed deal's fields but "count" (a count of deals is not a rubber's)
FOUR_DEAL_FIELDS = DEAL_FIELDS - {"count"}
DUEL_FIELDS = frozenset({"hands", "contract", "declarer", "tricks", "revoke"})


def refuse_unknown(obj: Mapping[str, object], allowed: frozenset[str], where: str = "") -> None:
    """One clear line for a field the request does not use (nothing a user writes is silently ignored)."""
    unknown = sorted(str(k) for k in obj if k not in allowed)
    if unknown:
        at = f"{where}: " if where else ""
        raise TutorError(f"{at}{', '.join(repr(k) for k in unknown)} not used here; the fields are "
                         f"{', '.join(sorted(allowed))}")


def way_options(obj: Mapping[str, object]) -> dict[str, str]:
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise TutorError("options: the way's switches, e.g. {\"dummy-transfer\": \"transfer\"}")
    return {str(k): str(v) for k, v in options.items()}


def deals_request(obj: Mapping[str, object]) -> dict[str, object]:
    players = obj.get("players")
    deals = obj.get("deals")
    if not isinstance(deals, list) or not deals or len(deals) > MAX_DEALS:
        raise TutorError(f"deals: a list of 1 to {MAX_DEALS} deals")
    if players == 2:  # noqa: PLR2004
        refuse_unknown(obj, TWO_DEALS_FIELDS)
        way = find_way(2, str(obj.get("way", "dummies")), way_options(obj))
        scores = [_two_deal(way, d, f"deals[{n}]") for n, d in enumerate(deals)]
        return {"players": 2, "way": way.name, "options": dict(way.options),
                **two_player_rubber(TWO, scores, way)}
    refuse_unknown(obj, THREE_DEALS_FIELDS)
    way = find_way(3, str(obj.get("way", "auction")))
    if way.name != "auction":
        raise TutorError("way: the dummy way settles a rubber's difference in halves — give "
                         "{\"players\": 3, \"way\": \"dummy\", \"dummy_player\": .., \"opponents\": [..], "
                         "\"difference\": n}")
    records = ThreeRecords(THREE)
    for n, data in enumerate(deals):
        where = f"deals[{n}]"
        if not isinstance(data, dict):
            raise TutorError(f"{where}: expected a deal object")
        seats = seats_of(data.get("seats") or {}, THREE, f"{where}.seats")
        if Seat.N in seats.values():
            raise TutorError(f"{where}.seats: N is the dummy's place; the declarer sits at S opposite it")
        declarer = next(p for p, s in seats.items() if s is Seat.S)
        refuse_unknown(data, FOUR_DEAL_FIELDS | {"seats"}, where)
        one, rules = parse_deal_request({k: v for k, v in data.items() if k != "seats"} | {"declarer": "S"}, where)
        score = _four_score(one, rules or Rules())
        records.add(declarer, score)
    return {"players": 3, "way": "auction", **records.to_json()}


def _four_score(one: RubberDeal, rules: Rules) -> DealScore:
    return score_deal(one.deal, one.contract, one.declarer_tricks, rules, revoke=one.revoke,
                      dealer_extra_card=one.dealer_extra_card, dealer=one.dealer, passed_side=one.passed_side)


def _two_deal(way: Way, data: object, where: str) -> DealScore:
    if not isinstance(data, dict):
        raise TutorError(f"{where}: expected a deal object")
    if not way.two_handed_play:
        refuse_unknown(data, FOUR_DEAL_FIELDS, where)
        one, rules = parse_deal_request(data, where)
        return _four_score(one, way_rules(way, rules))
    refuse_unknown(data, DUEL_FIELDS, where)
    if data.get("contract") == "pass":  # thrown in: an X, as in the four-handed game (scoring 8)
        extra = sorted(k for k in data if k not in ("contract", "hands"))
        if extra:
            raise TutorError(f"{where}: a deal thrown in (\"contract\": \"pass\") has no {', '.join(extra)}")
        return DealScore((), x_mark=True, notes=("Nobody bid: an X is written (scoring 8).",))
    hands = data.get("hands")
    if not isinstance(hands, dict):
        raise TutorError(f"{where}.hands: the two players' hands, {{\"A\": PBN, \"B\": PBN}}")
    seat = {"A": Seat.S, "B": Seat.W}
    try:
        parsed = {seat[n]: Hand.parse(str(hands.get(n, ""))) for n in TWO}
        bid = Bid.parse(str(data.get("contract", "")))
    except NotationError as err:
        raise TutorError(f"{where}: {err}") from None
    declarer = str(data.get("declarer", ""))
    tricks = data.get("tricks")
    if declarer not in seat or isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise TutorError(f"{where}: declarer \"A\" or \"B\" and tricks 0-13")
    if any(len(h) != 13 for h in parsed.values()) or parsed[Seat.S].cards & parsed[Seat.W].cards:  # noqa: PLR2004
        raise TutorError(f"{where}.hands: two hands of 13 different cards")
    other = Seat.W if declarer == "A" else Seat.S
    revoke = data.get("revoke")
    if revoke is not None and revoke not in seat:
        raise TutorError(f"{where}.revoke: {revoke!r}; the player who revoked, \"A\" or \"B\" (RO l.483)")
    return duel_score(parsed, Contract(bid, seat[declarer]), {seat[declarer]: tricks, other: 13 - tricks},
                      revoke=seat[revoke] if revoke is not None else None)


def five_results_request(obj: Mapping[str, object]) -> dict[str, object]:
    refuse_unknown(obj, FIVE_RESULTS_FIELDS)
    order, results = obj.get("order"), obj.get("results")
    if not isinstance(order, list) or not isinstance(results, list) or len(results) > MAX_DEALS:
        raise TutorError("five players: \"order\" (names by the cards drawn, highest first) and \"results\" "
                         "(each rubber's {\"winner\": 0 or 1, \"points\": n}, pair 0 being N-S)")
    parsed = []
    for n, item in enumerate(results):
        if not isinstance(item, dict) or item.get("winner") not in (0, 1):
            raise TutorError(f"results[{n}]: {{\"winner\": 0 or 1, \"points\": n}}")
        refuse_unknown(item, frozenset({"winner", "points"}), f"results[{n}]")
        points = item.get("points")
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise TutorError(f"results[{n}].points: a whole number of points")
        parsed.append((int(item["winner"]), points))
    record = five_record([str(x) for x in order], parsed)
    return {"players": 5, **record.to_json()}


__all__ = ["deals_request", "five_results_request"]
