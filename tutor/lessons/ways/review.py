"""The end-of-deal review at a way's table (two and three players): the learner's deviations, each with its law.

A deviation is a learner's action that differs from what the way's robot chooses in his place, on
his own player's view (:func:`~tutor.lessons.ways.robots.robot_action`): the book's convention where
the book has one for the position (its laws), else the tutor's stated default for the way (marked
so). Each is priced as the four-handed table's robots' line is (:mod:`tutor.lessons.table.review`):
the robots finish the deal from that moment once with the robot's choice and once with the
learner's, and the learner's side's net points of the deal (its whole score less the other side's)
are compared. The double-dummy line of the four-handed review is not computed: the ways' play
(tricks of two cards, the buy-in's hands) is not a four-handed deal for the solver.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine.cards import Side
from tutor.engine.ways.game import WayGame
from tutor.engine.ways.result import game_score
from tutor.lessons.ways.robots import WayDecision, play_by_robots, robot_action
from tutor.lessons.ways.table import WayTable
from tutor.lessons.words import laws_named, pretty_cards, spoken_call


@dataclass(frozen=True)
class WayDeviation:
    """The learner's action ``given`` at step ``index`` where the robot chose ``robot.action``."""

    index: int
    given: str
    robot: WayDecision
    points: tuple[int, int]  # the learner side's net points: (the robot's choice, the learner's)

    @property
    def points_lost(self) -> int:
        """Points the learner's choice cost by the robots' playout (negative: it gained)."""
        return self.points[0] - self.points[1]

    def sentences(self) -> tuple[str, str]:
        """What was chosen against whom (with the law or the stated default), and what it cost."""
        whose = "the tutor's default for this way" if self.robot.default else "the book"
        laws = laws_named(self.robot.laws)
        return (f"You chose {said(self.given)}; {whose}: {said(self.robot.action)} ({laws}).",
                f"The robots' playout from here: the robot's choice {self.points_lost:+} points for your side.")

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "given": self.given, "robot": self.robot.to_json(),
                "points": {"robot": self.points[0], "given": self.points[1]}, "points_lost": self.points_lost}


def said(action: str) -> str:
    """An action as the learner reads it: a call spoken, a card with its suit symbol, else as written."""
    if action[:1].isdigit() or action == "P":
        return spoken_call(action)
    head, _, rest = action.partition(" ")
    if head in ("swap", "give"):
        return f"{head} {pretty_cards(rest.split()[0])}" + (f" to {rest.split()[1]}" if len(rest.split()) > 1 else "")
    return pretty_cards(action)


def way_deviations(table: WayTable) -> tuple[WayDeviation, ...]:
    """Every action of the learner that differs from the robot's in his place, priced by the robots' playout."""
    if table.learner is None:
        return ()
    steps = table.game.steps
    found = []
    for index, (player, action) in enumerate(steps):
        if player != table.learner:
            continue
        before = WayGame(table.setup, steps[:index])
        decision = robot_action(before)
        if decision.action == action:
            continue
        points = (_playout(before, decision.action, table.learner), _playout(before, action, table.learner))
        found.append(WayDeviation(index, action, decision, points))
    return tuple(found)


def _playout(before: WayGame, action: str, learner: str) -> int:
    """The learner side's net points when ``action`` is taken here and robots play every place after."""
    game = WayGame(before.setup, before.steps)
    game.act(learner, action)
    play_by_robots(game)
    score = game_score(game)
    side = game.seat_of(learner).side
    return score.total(side) - score.total(Side.EW if side is Side.NS else Side.NS)


__all__ = ["WayDeviation", "said", "way_deviations"]
