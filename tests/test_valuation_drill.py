"""The hand-valuation drill: sure tricks counted suit by suit, checked against the hand-worked
examples of docs/bidding.md's model statement ("Sure tricks — the tutor's reading")."""

from __future__ import annotations

import json

import pytest

from tutor.engine.cards import Hand
from tutor.engine.errors import TutorError
from tutor.lessons.bidding import valuation as v
from tutor.lessons.drills.kinds import DRILL_KINDS

#: docs/bidding.md, the model's examples: holding -> sure tricks (x = a small card)
DOC_HOLDINGS = [
    ("AK", 2), ("AKQ", 3), ("KQJ", 2), ("QJT", 1), ("AQJ", 2), ("AJT", 1), ("KJT9", 1), ("K3", 0),
    ("AK432", 3), ("AKQ432", 5), ("KQJT32", 5),
]
#: docs/bidding.md: law 49's hand holds 3 + 1 + 1 + 2 = 7; law 50's hand 2 + 0 + 1 + 1 = 4
DOC_HANDS = [("AK543.A2.KQ2.KQJ", (3, 1, 1, 2)), ("AQJ.654.AJT.KQ96", (2, 0, 1, 1))]
SMALL = "98765432"


def _hand_with_spades(spades: str) -> Hand:
    """``spades`` in spades, the rest small cards (nine or lower: "count nothing", the docs say)."""
    rest = 13 - len(spades)
    hearts, diamonds, clubs = SMALL[: min(rest, 8)], "", ""
    rest -= len(hearts)
    diamonds = SMALL[:rest] if rest else ""
    return Hand.parse(f"{spades}.{hearts}.{diamonds}.{clubs}")


@pytest.mark.parametrize(("holding", "tricks"), DOC_HOLDINGS)
def test_each_holding_of_the_model_statement_counts_as_the_docs_say(holding: str, tricks: int) -> None:
    drill = v.drill_for_hand(_hand_with_spades(holding))
    spades = drill.questions[0]
    assert spades.suit.value == "S" and spades.answer == tricks
    assert [q.answer for q in drill.questions[1:]] == [0, 0, 0]
    assert drill.total == tricks


@pytest.mark.parametrize(("hand", "per_suit"), DOC_HANDS)
def test_the_law_49_and_law_50_hands_count_suit_by_suit(hand: str, per_suit: tuple[int, ...]) -> None:
    drill = v.drill_for_hand(Hand.parse(hand))
    assert tuple(q.answer for q in drill.questions) == per_suit
    right = drill.check(dict(zip("SHDC", per_suit)))
    assert right.correct and right.summary.startswith(f"Right: {sum(per_suit)} sure tricks")


def test_a_wrong_suit_is_answered_with_the_models_count_and_the_rest_confirmed() -> None:
    drill = v.drill_for_hand(Hand.parse("AK543.A2.KQ2.KQJ"))  # law 49's hand: 3 + 1 + 1 + 2
    feedback = drill.check({"S": 5, "H": 1, "D": 1, "C": 2})  # five for A K x x x: long cards too many
    assert not feedback.correct and feedback.given_total == 9
    spades, hearts, *_ = feedback.lines
    assert "you counted 5; the model counts 3" in spades and "long card" in spades
    assert "right" in hearts
    assert "the model counts 7" in feedback.summary
    assert "law 36" in feedback.summary  # seven sure tricks: the direct "two" of law 36
    record = feedback.answer(4.0)
    assert (record.given, record.expected, record.correct) == ("5 1 1 2", "3 1 1 2", False)


def test_five_sure_tricks_are_a_simple_games_values_and_four_are_not() -> None:
    """Law 33: five sure tricks for a simple game (docs/bidding.md)."""
    assert "law 33" in v.what_it_allows(5) and "simple game's values" in v.what_it_allows(5)
    assert "not a simple game's values" in v.what_it_allows(4)


def test_seven_sure_tricks_allow_a_direct_two_and_eight_or_nine_a_three() -> None:
    """Law 36 (RO l.107): with seven sure tricks "two" straight away; with eight "three"; with nine also "three"."""
    assert '"two"' in v.what_it_allows(7) and "three" not in v.what_it_allows(7)
    for total in (8, 9):
        assert '"three"' in v.what_it_allows(total) and '"two"' not in v.what_it_allows(total)


def test_the_same_seed_deals_the_same_hand_and_seeds_differ() -> None:
    assert v.make(11) == v.make(11)
    hands = {v.make(seed).hand for seed in range(30)}
    assert len(hands) == 30
    for seed in range(30):
        drill = v.make(seed)
        assert len(Hand.parse(drill.hand)) == 13
        assert sum(q.answer for q in drill.questions) == drill.total


def test_counts_are_read_in_several_notations_and_bad_ones_refused() -> None:
    expected = {"S": 3, "H": 1, "D": 1, "C": 2}
    assert v.parse_counts("3 1 1 2") == v.parse_counts("S3 H1 D1 C2") == v.parse_counts("♠3 ♥1 ♦1 ♣2") == expected
    for bad in ("3 1 1", "three", "3 1 1 2 5", "x" * 1000):
        with pytest.raises(TutorError):
            v.parse_counts(bad)
    with pytest.raises(TutorError, match="every suit"):
        v.make(1).check({"S": 1})
    with pytest.raises(TutorError, match="0 to 13"):
        v.make(1).check({"S": 14, "H": 0, "D": 0, "C": 0})


def test_registered_as_a_drill_kind_with_the_total_as_its_answer(capsys: pytest.CaptureFixture[str]) -> None:
    kind = DRILL_KINDS["valuation"]
    drill = kind.make(None, 3)
    assert drill.answer == str(v.make(3).total) and drill.answer in drill.choices
    assert "law-" not in drill.explanation and "valuation-" not in drill.prompt
    from tutor.cli import main

    assert main(["drill", "valuation", "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["answer"] == drill.answer
