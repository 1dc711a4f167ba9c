"""Vint for three and five players settled as the book's examples do (RO = 000_…txt, TH = 002_…txt)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.errors import TutorError
from tutor.engine.settlement import (
    RubberResult,
    dummy_player_payments,
    five_player_record,
    three_player_payments,
)


def test_three_players_the_books_example() -> None:
    """RO l.539, TH l.927: A 4135, B 1065, C 2700 - A wins 3070 from B and 1435 from C."""
    payments = three_player_payments({"A": 4135, "B": 1065, "C": 2700})
    assert {(p.payer, p.payee, p.points) for p in payments} == {("B", "A", 3070), ("C", "A", 1435)}


def test_tutor_score_answers_the_three_player_request(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three.json"
    path.write_text(json.dumps({"players": 3, "totals": {"A": 4135, "B": 1065, "C": 2700}}), "utf-8")
    assert main(["score", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["way"] == "auction"
    assert sorted(out["payments"], key=lambda p: p["from"]) == [
        {"from": "B", "to": "A", "points": 3070}, {"from": "C", "to": "A", "points": 1435}]


def test_the_dummy_player_wins_from_both_and_pays_for_himself_and_the_dummy() -> None:
    """RO l.527, TH l.917: "playing for a hundred, the dummy's partner answers for fifty"."""
    won = dummy_player_payments("A", ["B", "C"], 100)
    assert [(p.payer, p.payee, p.points) for p in won] == [("B", "A", 50), ("C", "A", 50)]
    lost = dummy_player_payments("A", ["B", "C"], -100)
    assert [(p.payer, p.payee, p.points) for p in lost] == [("A", "B", 50), ("A", "C", 50)]


def test_the_five_player_record_is_written_in_the_books_order_and_sums_to_zero() -> None:
    """RO l.543-547: the record "T.-55. A.+109. K.+16. F.-33. N.-37." is written in one place, the
    player who drew the highest card first. Each rubber's result is worked by hand in its comment."""
    order = ["T", "A", "K", "F", "N"]
    rubbers = [
        RubberResult(("A", "K"), ("T", "N"), 37),  # T-37 A+37 K+37 N-37
        RubberResult(("A", "F"), ("T", "K"), 18),  # T-55 A+55 K+19 F+18
        RubberResult(("A", "N"), ("K", "F"), 3),   # A+58 K+16 F+15 N-34
        RubberResult(("A", "T"), ("F", "N"), 0),   # no change (a drawn rubber)
        RubberResult(("A", "N"), ("F", "T"), 0),
    ]
    record = five_player_record(order, rubbers)
    assert sum(record.balance.values()) == 0
    assert record.line() == "T.-55. A.+58. K.+16. F.+15. N.-34."
    # the record sums to zero, as the book's own line does: -55 + 109 + 16 - 33 - 37 = 0


@pytest.mark.parametrize("request_, words", [
    ({"players": 3, "totals": {"A": 1, "B": 2}}, "three records"),
    ({"players": 3, "totals": {"A": 10, "B": 10, "C": 2}}, "equal"),
    ({"players": 3, "totals": {"A": 10**12, "B": 1, "C": 2}}, "points up to"),
    ({"players": 3, "way": "dummy", "dummy_player": "A", "opponents": ["B"], "difference": 100}, "two opponents"),
    ({"players": 5, "order": ["A", "B"], "rubbers": []}, "five players"),
    ({"players": 5, "order": list("TAKFN"), "rubbers": [{"winners": ["A", "A"], "losers": ["T", "N"],
                                                          "points": 5}]}, "four different"),
    ({"players": 4}, "players"),
])
def test_bad_settlement_requests_are_one_clear_line(request_: dict[str, object], words: str) -> None:
    from tutor.engine.settlement_request import settlement_request

    with pytest.raises(TutorError, match=words):
        settlement_request(request_)
