"""The play position (law 79: what each player must follow) and the play vocabulary."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tutor.engine.calls import Contract
from tutor.engine.cards import Card, Hand, Rank, Seat, Suit
from tutor.engine.conventions.play.features import PlayChoice, role_suits, top_tricks
from tutor.engine.conventions.play.holdings import PATTERNS, matches
from tutor.engine.errors import IllegalPlayError, NotationError, TutorError
from tutor.engine.play.position import PlayPosition
from tutor.engine.rules import Rules
from tutor.lessons.content import content_dir
from tutor.lessons.content.catalogue import check_content
from tutor.lessons.content.conventions import validate_data
from tutor.lessons.play.rules import load_play_rules


def _ranks(text: str) -> tuple[Rank, ...]:
    return tuple(Rank.parse(ch) for ch in text)


def _position(hand: str, calls: list[str], contract: str, seat: str = "E", played: list[str] | None = None,
              trick: list[str] | None = None, declarer: str = "N") -> PlayPosition:
    return PlayPosition.from_cards(
        seat=Seat.parse(seat), hand=Hand.parse(hand), dealer=Seat.N, calls=calls,
        contract=Contract.parse(contract, declarer), played=[Card.parse(c) for c in played or []],
        trick=[Card.parse(c) for c in trick or []])


@pytest.mark.parametrize(("pattern", "holding", "expected"), [
    ("AKQ", "AKQ", True), ("AKQ", "AKQ52", True), ("AKQ", "AKJ", False),          # law 86
    ("KQ+", "KQ5", True), ("KQ+", "KQ", False), ("KQ+", "AKQ", False),            # law 87
    ("AKx", "AK5", True), ("AK", "AK", True), ("AK4+", "AK54", True),             # ≈88, ≈92
    ("QJT", "QJT4", True), ("QJT", "KQJT", False),                                # ≈90
    ("Axxx", "A754", True), ("Axxx", "AT54", False),                              # ≈95: small = 2-9
    ("blank-honour", "Q", True), ("blank-honour", "J", False),                    # law 127
    ("weak-KQ", "K9", True), ("weak-KQ", "K95", True), ("weak-KQ", "Q952", True),  # ≈97
    ("AJT", "AJT", True), ("AJT", "AKJT", False), ("AQT", "AQT5", True),         # laws 141-142
    ("AKJ", "AKJ5", True), ("AKJ", "AKJ65", False), ("AKJ+", "AKJ65", True),      # law 144
])
def test_holding_patterns_of_the_play_laws(pattern: str, holding: str, expected: bool) -> None:
    assert matches(pattern, _ranks(holding), Rules()) is expected


def test_law_139_c12_variant_changes_the_aq_holding() -> None:
    assert matches("AQ+2", _ranks("AQ75"), Rules())
    russian = Rules.with_variants({"cut-aq-length": "russian"})
    assert matches("AQ+2", _ranks("AQ7"), russian) and not matches("AQ+2", _ranks("AQ75"), russian)


def test_every_pattern_is_described() -> None:
    assert all(p.description for p in PATTERNS.values())


def test_law_79_position_knows_who_named_what() -> None:
    p = _position("632.J74.T982.532", ["1S", "P", "2H", "P", "3S"], "3S")
    assert p.kind == "lead" and p.rho is Seat.N and p.lho is Seat.S
    assert role_suits(p, "rho") == (Suit.SPADES,)
    assert role_suits(p, "lho_unsupported") == (Suit.HEARTS,)
    assert role_suits(p, "partner") == ()


def test_law_146_partners_discard_is_remembered() -> None:
    p = _position("QJT5.A9.8.9865", ["1NT"], "1NT", seat="W", played=["C2", "C3", "C4", "CA", "D2", "S2", "D3", "DA"])
    assert p.kind == "lead" and p.discards(Seat.E) == (Card.parse("S2"),)
    assert role_suits(p, "partner_discarded") == (Suit.SPADES,)


def test_kind_follows_the_trick_second_third_and_discard() -> None:
    assert _position("T987.K73.Q98.432", ["2S"], "2S", seat="S", trick=["H4"]).kind == "second-hand"
    assert _position("T98.K73.Q985.432", ["2S"], "2S", seat="W", trick=["H4", "H2"]).kind == "third-hand"
    assert _position("T98..QJ9853.5432", ["2S"], "2S", seat="W", trick=["H4", "H2"]).kind == "discard"


def test_sure_tricks_count_the_cards_already_played() -> None:
    p = _position("Q987..AK85.A976", ["2NT"], "2NT", seat="W", played=["HA", "H2", "S2", "H3"], trick=["HQ", "H4"])
    assert [top_tricks(p, s) for s in (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)] == [0, 2, 1]


def test_position_refuses_inconsistent_input_with_our_errors() -> None:
    with pytest.raises(IllegalPlayError, match="turn"):
        _position("T987.K73.Q98.432", ["2S"], "2S", seat="W", trick=["H4"])
    with pytest.raises(NotationError, match="already played"):
        _position("T987.K73.Q98.432", ["2S"], "2S", seat="S", trick=["HK"])
    with pytest.raises(NotationError, match="whole tricks"):
        _position("T987.K73.Q98.43", ["2S"], "2S", seat="S", played=["H4"])
    with pytest.raises(TutorError):
        _position("T987.K73.Q98.432", ["2S", "1H"], "2S", seat="S", trick=["H4"])


def test_play_choice_compares_cards_only() -> None:
    a = PlayChoice(frozenset({Card.parse("HA")}), "the ace")
    assert a == PlayChoice(frozenset({Card.parse("HA")}), "")
    assert str(a) == "♥A" and a.card == Card.parse("HA")


def test_play_conventions_load_and_cite_laws() -> None:
    rules = load_play_rules()
    assert len(rules) >= 50
    assert {r.kind for r in rules} == {"lead", "second-hand", "third-hand", "discard"}
    assert all(r.laws and r.title and "{answer}" in r.explanation for r in rules)


def test_tutor_check_accepts_play_yaml() -> None:
    report = check_content(content_dir())
    assert not report.problems_in("conventions/play.yaml"), report.problems_in("conventions/play.yaml")


def test_bad_pattern_and_role_are_reported() -> None:
    items = [{"id": "x", "kind": "second-hand", "title": "A bad rule", "laws": ["law-110"], "priority": 1,
              "explanation": "Play {answer}, by the book.",
              "when": {"situation": "second_hand",
                       "conditions": [{"feature": "holding", "op": "==", "value": True,
                                       "args": {"suit": "nobody", "pattern": "AKQZ"}}]},
              "recommend": {"chooser": "follow", "args": {}}}]
    messages = [m for _, _, m in validate_data(items)[1]]
    assert any("AKQZ" in m for m in messages) and any("nobody" in m for m in messages)


def test_tutor_check_reports_a_bad_holding_with_its_line(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(content_dir(), root)
    play = root / "conventions" / "play.yaml"
    play.write_text(play.read_text(encoding="utf-8").replace("pattern: AKQ}", "pattern: AKQZ}", 1), encoding="utf-8")
    problems = check_content(root).problems_in("conventions/play.yaml")
    assert any("AKQZ" in p.message and p.line > 1 for p in problems), problems
