"""The ``{"players": 2|3|5, …}`` requests of ``tutor score``: read, checked, and answered by
:mod:`tutor.engine.settlement` (payments, the five-player record) or, for whole deals and
rubbers of a way, by :mod:`tutor.engine.ways.requests`.

Apart from the settlement arithmetic because the ways' own modules use that arithmetic: one
module doing both closed an import cycle settlement → ways → settlement.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.errors import TutorError
from tutor.engine.settlement import (
    MAX_POINTS,
    THREE_WAYS,
    Payment,
    RubberResult,
    dummy_player_payments,
    five_player_record,
    three_player_payments,
    two_player_payments,
)
from tutor.engine.ways.catalogue import find_way
from tutor.engine.ways.requests import deals_request, five_results_request, refuse_unknown


def settlement_request(obj: Mapping[str, object]) -> dict[str, object]:
    """``{"players": 2|3|5, …}`` -> the payments (or the five-player record), for ``tutor score``."""
    players = obj.get("players")
    if players in (2, 3) and "deals" in obj:
        return deals_request(obj)
    if players == 5 and "results" in obj:
        return five_results_request(obj)
    if players == 3:
        way = obj.get("way", "auction")
        if way == "auction":
            refuse_unknown(obj, frozenset({"players", "way", "totals"}))
            return {"players": 3, "way": "auction", "payments": _payments(three_player_payments(_totals(obj)))}
        if way == "dummy":
            refuse_unknown(obj, frozenset({"players", "way", "dummy_player", "opponents", "difference"}))
            opponents = obj.get("opponents")
            if not isinstance(opponents, list) or not all(isinstance(o, str) for o in opponents):
                raise TutorError("opponents: the dummy-player's two opponents, e.g. [\"B\", \"C\"]")
            payments = dummy_player_payments(str(obj.get("dummy_player", "")), opponents,
                                             _integer(obj.get("difference"), "difference"))
            return {"players": 3, "way": "dummy", "payments": _payments(payments)}
        raise TutorError(f"way: {way!r}; three players play one of {', '.join(THREE_WAYS)}")
    if players == 2:
        refuse_unknown(obj, frozenset({"players", "way", "totals"}))
        way_name = find_way(2, str(obj.get("way", "dummies"))).name  # every way: the usual records
        return {"players": 2, "way": way_name, "payments": _payments(two_player_payments(_totals(obj)))}
    if players == 5:
        refuse_unknown(obj, frozenset({"players", "order", "rubbers"}))
        order = obj.get("order")
        rubbers = obj.get("rubbers")
        if not isinstance(order, list) or not isinstance(rubbers, list) or len(rubbers) > 1000:
            raise TutorError("five players: give \"order\" (names by the cards drawn) and \"rubbers\" "
                             "(at most 1,000 of {\"winners\": [..], \"losers\": [..], \"points\": n})")
        return {"players": 5, **five_player_record([str(n) for n in order], [_rubber(r, i) for i, r in
                                                                            enumerate(rubbers)]).to_json()}
    raise TutorError(f"players: {players!r}; the other table sizes are 2, 3 and 5 (four is a deal or a rubber)")


def _totals(obj: Mapping[str, object]) -> dict[str, int]:
    totals = obj.get("totals")
    if not isinstance(totals, dict):
        raise TutorError("totals: each player's record, e.g. {\"A\": 4135, \"B\": 1065, \"C\": 2700}")
    return {str(k): _integer(v, f"totals.{k}") for k, v in totals.items()}


def _integer(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_POINTS:
        raise TutorError(f"{field}: {value!r} is not a whole number of points up to {MAX_POINTS:,}")
    return value


def _rubber(data: object, n: int) -> RubberResult:
    if not isinstance(data, dict):
        raise TutorError(f"rubbers[{n}]: expected {{\"winners\": [..], \"losers\": [..], \"points\": n}}")
    refuse_unknown(data, frozenset({"winners", "losers", "points"}), f"rubbers[{n}]")
    winners, losers = data.get("winners"), data.get("losers")
    if not (isinstance(winners, list) and isinstance(losers, list) and len(winners) == 2 == len(losers)):
        raise TutorError(f"rubbers[{n}]: two winners and two losers")
    return RubberResult((str(winners[0]), str(winners[1])), (str(losers[0]), str(losers[1])),
                        _integer(data.get("points"), f"rubbers[{n}].points"))


def _payments(payments: tuple[Payment, ...]) -> list[dict[str, object]]:
    return [p.to_json() for p in payments]
