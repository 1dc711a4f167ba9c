"""Settling Vint for three and for five players: who pays whom at the end of a rubber.

The book describes, after the four-handed game (RO = 000_…txt, the Romanian book; TH =
002_…txt, the Thai one):

* **Three players, the second way** ("with an auction", RO l.531–539, TH l.921–927): the
  three keep independent records; the first to 500 below the line ends the partie and the
  rubber; "the one with the largest number wins. For example: A has 4135 points, B 1065,
  C 2700. So A wins from B 3070, from C 1435." — :func:`three_player_payments`. The book
  gives only the winner's gains; the tutor's reading is that each other player pays the
  winner the difference of their records and that the other two settle nothing between
  them (the book is silent on it).
* **Three players, the first way** (a rotating dummy, RO l.529, TH l.917): "the one who
  plays with the dummy, when he wins, receives from both opponents, and when he loses, pays
  equally for himself and for the dummy. So, for example, playing for a hundred, the
  dummy's partner answers for fifty." — :func:`dummy_player_payments`. The tutor's
  reading of the example: the rubber's difference is split in two halves, one for the
  dummy-player's own seat and one for the dummy's; each opponent pays (or receives) half.
* **Five players** (RO l.541–547, TH l.929–933): four play, one sits out in turn; "the
  pluses and minuses of the players are written in one place, for example: T −55, A +109,
  K +16, F −33, N −37", the player who drew the highest card first and the rest by the
  seniority of the cards drawn. :func:`five_player_record` adds each rubber's result to
  that running record: each winner of a rubber writes the difference as a plus, each loser
  as a minus, the player sitting out nothing — so the record always sums to zero.

>>> [(p.payer, p.payee, p.points) for p in three_player_payments({"A": 4135, "B": 1065, "C": 2700})]
[('B', 'A', 3070), ('C', 'A', 1435)]
>>> five_player_record(["T", "A", "K", "F", "N"], [RubberResult(("A", "K"), ("T", "N"), 37)]).line()
'T.-37. A.+37. K.+37. F.0. N.-37.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.errors import TutorError

#: A record larger than this is not a Vint score (a rubber of grand slams stays far below it).
MAX_POINTS = 10**9


@dataclass(frozen=True)
class Payment:
    """``payer`` pays ``payee`` ``points``."""

    payer: str
    payee: str
    points: int
    #: half a point more: half of an odd difference (the book's records end in 5: 4135, 1065)
    half: bool = False

    @property
    def amount(self) -> float:
        return self.points + 0.5 if self.half else self.points

    def to_json(self) -> dict[str, object]:
        return {"from": self.payer, "to": self.payee, "points": self.amount}


def three_player_payments(totals: Mapping[str, int]) -> tuple[Payment, ...]:
    """The three-player auction way: each other player pays the highest record the difference."""
    if len(totals) != 3:
        raise TutorError(f"three players keep three records, got {len(totals)}")
    for name, points in totals.items():
        _check_points(f"totals.{name}", points)
    ranking = sorted(totals, key=lambda name: -totals[name])
    winner = ranking[0]
    if totals[ranking[0]] == totals[ranking[1]]:
        raise TutorError("two records are equal and highest: the book names one winner and says "
                         "nothing of a tie")
    return tuple(Payment(name, winner, totals[winner] - totals[name]) for name in totals if name != winner)


def dummy_player_payments(dummy_player: str, opponents: Sequence[str], difference: int) -> tuple[Payment, ...]:
    """The rotating-dummy way: ``difference`` won (positive) or lost (negative) by the dummy-player's side.

    Each opponent pays, or receives, half of it (the book's "for a hundred, fifty"); half of an odd
    difference carries a half point (the tutor's reading: records end in 5, as the book's 4135 and
    1065 do, so a difference may be odd; the book does not round).

    >>> [p.to_json()["points"] for p in dummy_player_payments("A", ["B", "C"], 3070 - 1065)]
    [1002.5, 1002.5]
    """
    if len(opponents) != 2 or dummy_player in opponents:
        raise TutorError("the dummy-player plays against two opponents")
    _check_points("difference", abs(difference))
    half, odd = divmod(abs(difference), 2)
    if difference >= 0:
        return tuple(Payment(o, dummy_player, half, bool(odd)) for o in opponents)
    return tuple(Payment(dummy_player, o, half, bool(odd)) for o in opponents)


@dataclass(frozen=True)
class RubberResult:
    """One rubber of the five-player game: the winning pair, the losing pair, the difference."""

    winners: tuple[str, str]
    losers: tuple[str, str]
    points: int


@dataclass(frozen=True)
class RunningRecord:
    """The five-player record: each player's plus or minus, in the order of the cards drawn."""

    order: tuple[str, ...]
    balance: Mapping[str, int]

    def line(self) -> str:
        """As the book writes it: ``T.-55. A.+109. K.+16. F.-33. N.-37.``"""
        return " ".join(f"{name}.{self.balance[name]:+d}." if self.balance[name] else f"{name}.0."
                        for name in self.order)

    def to_json(self) -> dict[str, object]:
        return {"order": list(self.order), "record": {n: self.balance[n] for n in self.order},
                "line": self.line()}


def five_player_record(order: Sequence[str], rubbers: Sequence[RubberResult]) -> RunningRecord:
    """The running record after ``rubbers``; ``order`` is the players by the cards they drew, highest first."""
    if len(order) != 5 or len(set(order)) != 5:
        raise TutorError(f"five players, each named once, are needed; got {list(order)}")
    balance = dict.fromkeys(order, 0)
    for n, rubber in enumerate(rubbers):
        four = (*rubber.winners, *rubber.losers)
        if len(set(four)) != 4 or not set(four) <= set(order):
            raise TutorError(f"rubbers[{n}]: four different players of {', '.join(order)} play a rubber")
        _check_points(f"rubbers[{n}].points", rubber.points)
        for name in rubber.winners:
            balance[name] += rubber.points
        for name in rubber.losers:
            balance[name] -= rubber.points
    return RunningRecord(tuple(order), balance)


def _check_points(field: str, points: object) -> None:
    if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= MAX_POINTS:
        raise TutorError(f"{field}: {points!r} is not a record of 0 to {MAX_POINTS:,} points")


def two_player_payments(totals: Mapping[str, int]) -> tuple[Payment, ...]:
    """Two players (every way of 004): records "in the usual manner", so the lower pays the difference."""
    if len(totals) != 2:
        raise TutorError(f"two players keep two records, got {len(totals)}")
    for name, points in totals.items():
        _check_points(f"totals.{name}", points)
    high, low = sorted(totals, key=lambda name: -totals[name])
    return () if totals[high] == totals[low] else (Payment(low, high, totals[high] - totals[low]),)


# -- the JSON of `tutor score` for other table sizes ---------------------------------------------

THREE_WAYS = ("auction", "dummy")
#: at most this many deals in one request (a rubber is far shorter)
MAX_DEALS = 200
