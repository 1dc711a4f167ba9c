"""The double-dummy check of a play drill on a fixed deal checked by hand, and its worth in points.

Double-dummy is a check with perfect knowledge of all four hands, not the book's reason.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.engine.cards import Deal, Seat, Side
from tutor.engine.conventions import evaluate
from tutor.lessons.play.drill import PlayDrill, consequences, cost_summary, drill_from, position_from_json
from tutor.lessons.play.rules import load_play_rules

# East holds a solid seven-card heart suit; North holds every other top card.
SOLID = Deal.from_pbn("N:AKQJ.2.AKQJ.AKQJ 543.AKQJT98.54.5 T98.76.T98.T9876 762.543.7632.432")


def _lead_drill(score: dict[str, int] | None = None) -> PlayDrill:
    p = position_from_json({"seat": "E", "hand": SOLID[Seat.E].to_pbn(), "dealer": "N", "auction": ["1NT"],
                         "contract": "1NT", "declarer": "N", "score": score or {}})
    p = replace(p, deal=SOLID)
    advice = evaluate(load_play_rules(), p, p.kind)
    assert advice is not None
    return drill_from(p, advice, 0)


def test_law_86_ace_from_solid_suit_beats_a_spade_by_six_tricks() -> None:
    """By hand: ♥A runs seven hearts (1NT one down); a spade lets North take twelve tricks."""
    drill = _lead_drill()
    assert drill.answer == "HA" and drill.rule_id == "lead-86-ace-from-akq"
    book, yours = consequences(drill, "S5")
    assert (book.tricks, yours.tricks) == (6, 12)
    # By hand, level 1 (10 a trick): book - EW 70 below + 1000 penalty, NS 60;
    # the spade - EW 10, NS 120 + 1000 for twelve tricks. Honours are the same both ways.
    net_book = book.points[Side.EW.value] - book.points[Side.NS.value]
    net_yours = yours.points[Side.EW.value] - yours.points[Side.NS.value]
    assert net_book - net_yours == (70 + 1000 - 60) - (10 - 120 - 1000) == 2120
    summary = cost_summary(drill, book, yours)
    assert "6 tricks" in summary and "+2120" in summary and "not the book's reason" in summary


def test_equal_cards_cost_nothing_double_dummy() -> None:
    book, yours = consequences(_lead_drill(), "HK")
    assert book.tricks == yours.tricks == 6 and book.points == yours.points


def test_a_trick_can_decide_the_partie() -> None:
    """NS at 400 below: six tricks (60) leave them short of 500; twelve (120) finish the partie."""
    book, yours = consequences(_lead_drill({"NS": 400, "EW": 0}), "S5")
    assert "partie" not in book.summary and "North-South win the partie" in yours.summary


def test_an_illegal_choice_is_refused() -> None:
    from tutor.engine.errors import IllegalPlayError

    with pytest.raises(IllegalPlayError):
        consequences(_lead_drill(), "SA")


def test_when_both_sides_pass_500_on_the_deal_one_side_is_named_the_partie_winner() -> None:
    """Scores 490 each, simple no-trumps made with 9 tricks: both sides write enough to pass 500, and the
    line read "the partie is finished by NS and EW". One side wins a partie (note 9) and writes its 1000
    (scoring rule 7): the side named is the one whose points hold that bonus."""
    from tutor.lessons.play.drill import make

    drill = make("lead", "lead-85-cash-before-the-partie", 1)
    assert drill.position["score"] == {"NS": 490, "EW": 490}
    for outcome in consequences(drill, drill.choices[-1]):
        named = [name for side, name in (("NS", "North-South"), ("EW", "East-West"))
                 if f"{name} win the partie" in outcome.summary]
        assert len(named) == 1 and " and EW" not in outcome.summary, outcome.summary
        side = "NS" if named == ["North-South"] else "EW"
        assert outcome.points[side] >= 1000 > outcome.points["EW" if side == "NS" else "NS"], outcome
