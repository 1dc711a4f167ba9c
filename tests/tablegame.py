"""A learner at the practice table who follows the book but for one move (shared by the table tests, four
players and the other table sizes)."""

from __future__ import annotations

from tutor.lessons.table import TableDeal
from tutor.lessons.ways.robots import WayDecision, robot_action
from tutor.lessons.ways.table import WayTable


def deviate_once(table: TableDeal) -> int:
    """Play ``table`` to its end taking the book's answer (as a hint), except at the learner's first
    play turn with two or more legal cards where the book's own rule answers (not the tutor's stated
    default, which is never a mistake), where another card is played; return that step's index
    (-1 if no such turn came)."""
    index = -1
    while table.phase != "over":
        table.run_robots()
        if not table.learners_turn:
            continue
        book = table.hint()
        choice = book.get("call") or book["card"]
        legal = table.legal_actions()
        if index < 0 and table.phase == "play" and len(legal) > 1 and not book.get("default"):
            choice = next(c for c in legal if c not in book.get("cards", [choice]))
            index = len(table.steps)
        table.act(choice)
    return index


def deviate_once_at_way(table: WayTable, phase: str, *, judged_only: bool = False) -> tuple[int, WayDecision | None]:
    """Play a way's ``table`` to its end taking the robot's action at every turn of the learner (without
    asking for it), except at his first turn in ``phase`` where the robot allows only some of the legal
    actions - with ``judged_only``, only where the book's own rule answers, not the way's stated default -
    where he takes the first action it does not allow; return that step's index and the robot's decision
    there ((-1, None) if no such turn came)."""
    index, book = -1, None
    while table.phase != "over":
        table.run_robots()
        if not table.learners_turn:
            continue
        decision = robot_action(table.game)
        others = [a for a in table.game.legal_actions() if not decision.allows(a)]
        if index < 0 and table.phase == phase and others and not (judged_only and decision.default):
            index, book = len(table.game.steps), decision
            table.act(others[0])
        else:
            table.act(decision.action)
    return index, book
