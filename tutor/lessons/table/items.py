"""The practice table's judged decisions as review items: each replays exactly the position it was made in.

Every decision the table judges is recorded, right ones included (:func:`decision_answers`),
so practising at the table raises the learner's "right" share as well as lowering it.

A deviation is stored like a missed drill — ``item_kind`` ``convention``, ``item_id`` the
rule the book answered by — so its convention comes back in spaced review as fresh
drills; its ``position`` holds the learner's whole view at that moment (the ``tutor
advise`` JSON) and ``extra["source"]`` is ``table``, so the mistakes queue replays that
very position (:func:`exercise_of_view`) rather than a new deal.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from tutor.engine.cards import Card, Hand
from tutor.engine.conventions.kinds import PLAY_KINDS, DecisionKind
from tutor.engine.errors import TutorError
from tutor.engine.jsonread import parse_json
from tutor.lessons.answers import Answer
from tutor.lessons.review import Exercise
from tutor.lessons.robots import advise_view
from tutor.lessons.table import TableDeal
from tutor.lessons.words import hand_line

SOURCE = "table"


def decision_answers(table: TableDeal) -> list[Answer]:
    """One record per decision of the learner the table judges, right ones included.

    A decision is judged where the book's own rule answers (:func:`~tutor.lessons.table.review.is_judged`);
    where only the tutor's stated default speaks, no choice is right or wrong and nothing is
    recorded. A decision made after asking for the hint is recorded as a retry when it follows
    the book (it counts for nothing), and as a mistake when it still differs.
    """
    from tutor.lessons.table.review import is_judged

    answers = []
    for index, step in enumerate(table.steps):
        if not is_judged(step):
            continue
        right = not step.deviates
        view = table.from_step(index).view(step.seat)
        book = step.book or {}
        kind = "bid" if view["kind"] == "bid" else play_kind(book.get("kind"))
        answers.append(Answer(
            item_kind="convention", item_id=str(book.get("rule") or "table"), correct=right,
            given=step.action, expected=step.book_action or "", laws=tuple(book.get("laws", ())),
            seed=table.seed if table.seed is not None else 0,
            position=json.dumps(view, ensure_ascii=False, sort_keys=True),
            extra={"source": SOURCE, "kind": kind}, retry=right and step.hinted, key=deviation_key(table, index),
        ))
    return answers


def deviation_answers(table: TableDeal) -> list[Answer]:
    """The records of the learner's mistakes in ``table`` alone (the judged decisions that differ)."""
    return [a for a in decision_answers(table) if not a.correct]


def deviation_key(table: TableDeal, index: int) -> str:
    """The idempotency key of the deviation at step ``index``: the deal's uid and every action up to
    it. "Play on from here" keeps the uid, so an earlier deviation recorded again is the same record
    (issue 31); a different action there, or a later one after other play, is a new one."""
    return record_key(SOURCE, table.uid, [step.action for step in table.steps[:index + 1]])


def record_key(source: str, uid: str, actions: Sequence[str]) -> str:
    """A table's record's idempotency key: the table (``source``), the deal's uid and the actions up to
    the decision, hashed (the same at any table: the four-handed one, a way's)."""
    return f"{source}:{uid}:{hashlib.sha256('|'.join(actions).encode()).hexdigest()[:32]}"


def play_kind(kind: object) -> str:
    """A card's decision kind as the mistakes queue words it (one of the play drills' kinds)."""
    text = str(kind or "lead")
    return text if text in PLAY_KINDS else DecisionKind.THIRD_HAND.value


def is_table_answer(answer: Answer) -> bool:
    return answer.extra.get("source") == SOURCE


def exercise_of_view(answer: Answer) -> Exercise:
    """The stored view asked again: the same hand, calls and cards; the book's answer rechecked."""
    view = parse_json(answer.position, "the stored table position")
    if not isinstance(view, dict):
        raise TutorError("the stored table position is damaged")
    book = advise_view(view)
    expected = str(book.get("call") or book.get("card") or "")
    if expected != answer.expected and answer.expected not in book.get("cards", []):
        from tutor.lessons.review import NotReplayable, not_replayable_message

        raise NotReplayable(not_replayable_message(answer))
    return Exercise("convention", answer.item_id, prompt=describe_view(view), expected=expected,
                    explanation=str(book.get("explanation", "")), laws=tuple(book.get("laws", ())),
                    seed=answer.seed, position=answer.position, extra=dict(answer.extra))


def describe_view(view: Mapping[str, Any]) -> str:
    """The position in words: seat, hand, the calls, and the cards played so far."""
    hand = Hand.parse(str(view["hand"]))
    lines = [f"From the practice table. You sit {view['seat']}; {view['dealer']} dealt.",
             "Your hand: " + hand_line(hand),
             "The calls: " + (", ".join("pass" if c == "P" else c for c in view.get("auction", [])) or "none yet")]
    if view.get("kind") != "bid":
        lines.append(f"Contract {view['contract']} by {view['declarer']}.")
        played = view.get("played", [])
        if played:
            lines.append("Cards played: " + ", ".join(Card.parse(c).pretty for c in played))
        trick = view.get("trick", [])
        lines.append("This trick: " + (", ".join(Card.parse(c).pretty for c in trick) or "you lead"))
        lines.append("Your card?")
    else:
        lines.append("Your call?")
    return "\n".join(lines)
