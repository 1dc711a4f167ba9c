"""The vocabulary of laws 119, 122, 125, 128, 135 and ≈100: who named what, tricks played, the long suit."""

from __future__ import annotations

from playsamples import drills

from tutor.engine.calls import Contract
from tutor.engine.cards import Card, Hand, Rank, Seat
from tutor.engine.conventions import evaluate
from tutor.engine.conventions.play.choosers import _any_but, _long_suit, forbidden_suits
from tutor.engine.conventions.play.features import (
    _suits_named,
    _two_suits_one_supported,
    role_suits,
)
from tutor.engine.conventions.play.history import _tricks_played
from tutor.engine.conventions.play.holdings import matches
from tutor.engine.play.position import PlayPosition
from tutor.engine.rules import Rules
from tutor.lessons.play.rules import argument_problems, load_play_rules, rule_named


def _position(hand: str, calls: list[str], contract: str, seat: str, played: list[str] | None = None,
              declarer: str = "N") -> PlayPosition:
    return PlayPosition.from_cards(
        seat=Seat.parse(seat), hand=Hand.parse(hand), dealer=Seat.N, calls=calls,
        contract=Contract.parse(contract, declarer), played=[Card.parse(c) for c in played or []],
        conventions=load_play_rules())


def test_two_suits_one_supported_needs_the_trumps_supported_and_the_other_suit_not() -> None:
    # North named diamonds and hearts, South hearts only: law 135's auction
    assert _two_suits_one_supported(_position("AKQ4.862.T98.532", ["1D", "P", "1H", "P", "3H"], "3H", "E"), {})
    # South supported both suits: not "only one"
    both = ["1D", "P", "1H", "P", "2H", "P", "3D", "P", "3H"]
    assert not _two_suits_one_supported(_position("AKQ4.862.T98.532", both, "3H", "E"), {})
    # the supported suit is not the trumps: the tutor's reading asks for "their trumps"
    assert not _two_suits_one_supported(_position("AKQ4.862.T98.532", ["1D", "P", "1H", "P", "2D", "P", "3S"],
                                                  "3S", "E"), {})
    # at no-trumps there are no trumps to draw
    assert not _two_suits_one_supported(_position("AKQ4.862.T98.532", ["1D", "P", "1H", "P", "3NT"], "3NT", "E"),
                                        {})


def test_law_135_lead_outranks_law_80_and_names_the_trump_suit() -> None:
    p = _position("AKQ4.862.T98.532", ["1D", "P", "1H", "P", "3H"], "3H", "E")
    advice = evaluate(load_play_rules(), p, "lead")
    assert advice is not None and advice.rule.id.startswith("lead-135")
    assert {c.suit.value for c in advice.answer.cards} == {"H"}
    # the collision the tutor resolves: North, on East's right, bid the trumps, so law 80 forbids them
    assert {s.value for s in forbidden_suits(p, rule_named("lead-80-never-rhos-suit"))} == {"D", "H"}


def test_suits_named_and_partner_other_exclude_the_trumps() -> None:
    p = _position("QJ98532.43.KQ4.", ["1C", "P", "P", "P", "3H"], "3H", "S", played=["D2", "DA", "D5", "D3"])
    assert _suits_named(p, {"seat": "partner"}) == 2
    assert [s.value for s in role_suits(p, "partner_other")] == ["C"]
    assert _tricks_played(p, {}) == 1
    answer = _any_but(p, {"suit": "trump"})
    assert answer is not None and {c.suit.value for c in answer.cards} == {"S", "D"}


def test_long_suit_prefers_length_then_high_cards_and_refuses_a_full_tie() -> None:
    longer = _position("7.AJ95.QT6.J853", ["1S", "P", "P", "P", "2H"], "2H", "S", played=["D2", "DA", "D3", "D4"])
    answer = _long_suit(longer, {"suit": "side"})
    assert answer is not None and answer.suits == frozenset({Card.parse("C2").suit})
    stronger = _position("K2.AJ95.QJ6.853", ["2H"], "2H", "S", played=["C2", "CA", "C7", "C9"])
    answer = _long_suit(stronger, {"suit": "side"})
    assert answer is not None and answer.suits == frozenset({Card.parse("D2").suit})
    tied = _position("K2.AJ95.Q86.Q53", ["2H"], "2H", "S", played=["C2", "CA", "C7", "C9"])
    assert _long_suit(tied, {"suit": "side"}) is None


def test_law_125_drill_accepts_every_card_but_a_trump() -> None:
    for drill in drills("lead", "lead-125-not-trumps-when-void-in-partners-other-suit"):
        trump = drill.position["contract"][-1]
        assert drill.accepted and all(c[0] != trump for c in drill.accepted)
        assert 1 <= len({c[0] for c in drill.accepted}) <= 2  # the suits partner did not name, that he holds
        trumps = [c for c in drill.choices if c[0] == trump]
        assert 2 <= len(trumps) <= 3 and not any(drill.is_correct(c) for c in trumps)


def test_blank_ace_or_king_pattern_of_law_128() -> None:
    rules = Rules()
    assert matches("blank-AK", (Rank.ACE,), rules) and matches("blank-AK", (Rank.KING,), rules)
    assert not matches("blank-AK", (Rank.QUEEN,), rules) and not matches("blank-AK", (Rank.ACE, Rank.TWO), rules)


def test_law_119_is_not_the_opening_lead() -> None:
    opening = _position("AK54.Q96.832.J94", ["3NT"], "3NT", "E")
    assert _tricks_played(opening, {}) == 0
    advice = evaluate(load_play_rules(), opening, "lead")
    assert advice is None or not advice.rule.id.startswith("lead-119")


def test_unknown_or_mistyped_drill_hints_are_reported() -> None:
    items = [{"id": "x", "recommend": {"chooser": "any_but", "args": {"suit": "trump"}},
              "drill": {"several_suit": True, "avoid": "AKQ"}},
             {"id": "y", "recommend": {"chooser": "any_but", "args": {"suit": "trump"}},
              "drill": {"several_suits": True, "avoid": ["AKQ"]}}]
    problems = argument_problems(items)
    assert {(rid, path[-1]) for path, rid, _ in problems} == {("x", "several_suit"), ("x", "avoid")}
    assert any("several_suits" in m for _, _, m in problems)  # the message lists the known hints


def test_an_override_must_name_a_rule_of_the_file() -> None:
    """Precedence is stated in the YAML (docs/play.md, "Precedence"): a mark that names no rule
    would silently set nothing aside, so tutor check reports it at its line."""
    items = [{"id": "lead-1-a", "overrides": ["lead-2"]}, {"id": "lead-2-b", "overrides": ["*", "lead-9"]}]
    problems = argument_problems(items)
    assert [(rid, path[-1]) for path, rid, _ in problems] == [("lead-2-b", "overrides")]
