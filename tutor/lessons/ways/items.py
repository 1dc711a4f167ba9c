"""A way's judged decisions as review items (issue 29), recorded as the four-handed table's are.

At the four-handed table (:mod:`tutor.lessons.table.items`) every decision of the learner the book
judges is written to the progress store, right ones included, and a wrong one comes back under
FSRS. At a way's table the same decisions are judged as the review judges them
(:mod:`tutor.lessons.ways.review`): where the way's robot in the learner's place answers by the
book's convention (not the tutor's stated default for the way, which is never a mistake), the
learner's action is right when it is the book's, or a card the book allows alike.

Each record is attributed as the four-handed table's: ``item_kind`` ``convention`` and ``item_id``
the book's rule, with the laws the book's choice cites (so the rule and each law are review units,
and mastery counts them); a rule of the ways' own (the three-handed dummy's lead, law "three-1") is
not a drill of the four-handed book, so its record is the law's (``item_kind`` ``law``). The key is
the table's uid and every action up to the decision (:func:`~tutor.lessons.table.items.record_key`):
a deal recorded again — the page run again, the table restored after a restart, an action taken
back and made again — is the same record. ``extra["source"]`` is ``ways``, and ``position`` the
way's table up to that moment, so the mistakes queue asks that very position again
(:func:`exercise_of_way`).
"""

from __future__ import annotations

import json

from tutor.engine.cards import Hand
from tutor.engine.errors import TutorError
from tutor.engine.jsonread import parse_json
from tutor.lessons.answers import Answer
from tutor.lessons.review import Exercise, NotReplayable, not_replayable_message
from tutor.lessons.robots import the_book
from tutor.lessons.table.items import play_kind, record_key
from tutor.lessons.ways.narrate import auction_rows, trick_line
from tutor.lessons.ways.review import said
from tutor.lessons.ways.robots import WayDecision, robot_action, robot_along
from tutor.lessons.ways.table import WayTable
from tutor.lessons.words import hand_line, laws_named, learner_words

SOURCE = "ways"


def way_answers(table: WayTable) -> list[Answer]:
    """One record per action of the learner the book judges, right ones included (see the module)."""
    if table.learner is None:
        return []
    steps = table.game.steps
    answers = []
    for index, action, decision in robot_along(table.setup, steps, lambda player: player == table.learner):
        if decision.default:
            continue
        right = decision.allows(action)
        kind, item = _item(decision)
        answers.append(Answer(
            item_kind=kind, item_id=item, correct=right, given=action, expected=action if right else decision.action,
            laws=decision.laws, seed=table.seed, position=position_of(table, index),
            extra={"source": SOURCE, "kind": "bid" if decision.kind == "bid" else play_kind(decision.kind),
                   "way": f"{table.way.players}-{table.way.name}"},
            retry=right and index in table.hinted, key=record_key(SOURCE, table.uid, [a for _, a in steps[:index + 1]]),
        ))
    return answers


def way_mistakes(table: WayTable) -> list[Answer]:
    """The records of the learner's mistakes at ``table`` alone."""
    return [a for a in way_answers(table) if not a.correct]


def _item(decision: WayDecision) -> tuple[str, str]:
    """The review unit a decision is recorded under: the book's rule, else the first law it cites."""
    if decision.rule in the_book().by_id or not decision.laws:
        return "convention", decision.rule
    return "law", decision.laws[0]


def position_of(table: WayTable, index: int) -> str:
    """The way's table at the moment before step ``index``, as :meth:`WayTable.from_json` reads it."""
    way = table.way
    return json.dumps({
        "players": way.players, "way": way.name, "options": dict(way.options), "seed": table.seed,
        "deal_no": table.deal_no, "rubber": table.rubber, "first_dealer": table.first_dealer,
        "learner": table.learner, "uid": table.uid,
        "steps": [{"player": p, "action": a} for p, a in table.game.steps[:index]],
    }, ensure_ascii=False, sort_keys=True)


def exercise_of_way(answer: Answer) -> Exercise:
    """The stored position asked again: the same way, deal and actions; the robot's answer rechecked."""
    data = parse_json(answer.position, "the stored table position")
    if not isinstance(data, dict):
        raise TutorError("the stored table position is damaged")
    table = WayTable.from_json(data, reasons=False)
    turn = table.game.to_act
    if turn is None or turn[0] != table.learner:
        raise NotReplayable(not_replayable_message(answer))
    decision = robot_action(table.game)
    if not decision.allows(answer.expected):
        raise NotReplayable(not_replayable_message(answer))
    return Exercise(answer.item_kind, answer.item_id, prompt=describe(table), expected=answer.expected,
                    explanation=learner_words(decision.explanation),
                    short=f"Right — {said(answer.expected)} ({laws_named(decision.laws)}).",
                    laws=decision.laws, seed=answer.seed, position=answer.position, extra=dict(answer.extra))


def describe(table: WayTable) -> str:
    """The position in words: the way, whose turn, the hands the learner's player sees, the calls, the trick."""
    game = table.game
    turn = game.to_act
    assert turn is not None
    lines = [f"From the table for {table.way.players} players ({table.way.title}). You are {table.learner}; "
             f"{table.setup.dealer} dealt."]
    lines += [f"{table.label(seat).capitalize()}: {hand_line(Hand.parse(hand))}" for seat, hand in table.seen().items()]
    if game.auction.records:
        header, rows = auction_rows(game)
        lines.append("The calls (" + ", ".join(header) + "): "
                     + "; ".join(", ".join(c or "—" for c in row) for row in rows))
    if game.phase == "play" and game.contract is not None:
        lines.append(f"Contract {game.contract.bid.spoken} by {game.declarer}.")
        lines.append(trick_line(game, table.learner))
        lines.append(f"Your card, from {table.label(turn[1])}?")
    else:
        lines.append("Your call?" if game.phase == "auction" else "Your choice?")
    return "\n".join(lines)


__all__ = ["SOURCE", "describe", "exercise_of_way", "position_of", "way_answers", "way_mistakes"]
