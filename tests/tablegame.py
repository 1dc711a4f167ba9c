"""A learner at the practice table who follows the book but for one card (shared by the table tests)."""

from __future__ import annotations

from tutor.lessons.table import TableDeal


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
