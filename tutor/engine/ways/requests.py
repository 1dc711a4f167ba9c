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
from typing import Any

from tutor.engine.calls import Bid, Contract
from tutor.engine.cards import Hand, Seat
from tutor.engine.errors import NotationError, TutorError
from tutor.engine.scoring import score_deal
from tutor.engine.scoring.items import DealScore
from tutor.engine.scoring.score_parse import parse_deal_request
from tutor.engine.ways.catalogue import find_way
from tutor.engine.ways.five import five_record
from tutor.engine.ways.records import ThreeRecords, seats_of, two_player_rubber
from tutor.engine.ways.score import duel_score, way_rules

MAX_DEALS = 200
TWO = ("A", "B")
THREE = ("A", "B", "C")


def deals_request(obj: Mapping[str, Any]) -> dict[str, Any]:
    players = obj.get("players")
    deals = obj.get("deals")
    if not isinstance(deals, list) or not deals or len(deals) > MAX_DEALS:
        raise TutorError(f"deals: a list of 1 to {MAX_DEALS} deals")
    if players == 2:  # noqa: PLR2004
        way = find_way(2, str(obj.get("way", "dummies")))
        scores = [_two_deal(way.two_handed_play, d, f"deals[{n}]", way.name) for n, d in enumerate(deals)]
        return {"players": 2, "way": way.name, **two_player_rubber(TWO, scores, way.partie_target)}
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
        one, _ = parse_deal_request({k: v for k, v in data.items() if k != "seats"} | {"declarer": "S"}, where)
        score = score_deal(one.deal, one.contract, one.declarer_tricks)
        records.add(declarer, score)
    return {"players": 3, "way": "auction", **records.to_json()}


def _two_deal(two_handed: bool, data: Any, where: str, way: str) -> DealScore:
    if not isinstance(data, dict):
        raise TutorError(f"{where}: expected a deal object")
    if not two_handed:
        one, _ = parse_deal_request(data, where)
        return score_deal(one.deal, one.contract, one.declarer_tricks, way_rules(find_way(2, way)))
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
    return duel_score(parsed, Contract(bid, seat[declarer]), {seat[declarer]: tricks, other: 13 - tricks})


def five_results_request(obj: Mapping[str, Any]) -> dict[str, Any]:
    order, results = obj.get("order"), obj.get("results")
    if not isinstance(order, list) or not isinstance(results, list) or len(results) > MAX_DEALS:
        raise TutorError("five players: \"order\" (names by the cards drawn, highest first) and \"results\" "
                         "(each rubber's {\"winner\": 0 or 1, \"points\": n}, pair 0 being N-S)")
    parsed = []
    for n, item in enumerate(results):
        if not isinstance(item, dict) or item.get("winner") not in (0, 1):
            raise TutorError(f"results[{n}]: {{\"winner\": 0 or 1, \"points\": n}}")
        points = item.get("points")
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise TutorError(f"results[{n}].points: a whole number of points")
        parsed.append((int(item["winner"]), points))
    record = five_record([str(x) for x in order], parsed)
    return {"players": 5, **record.to_json()}


__all__ = ["deals_request", "five_results_request"]
