"""Scoring and settlement of each way through `tutor score` (RO = 000_…txt, EN = 004_…txt).

Expectations: the seeds' figures (W3: "three" with 9 tricks writes 270, the defenders 120;
"simple" 7 tricks 70, 6 tricks 60 — scoring 5), the book's five-player line, and the laws'
statements (600 in the buy-in way, the first to 500 ends the three-handed partie).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tutor.cli import main
from tutor.engine.calls import Contract
from tutor.engine.cards import Hand, Seat, Side
from tutor.engine.scoring.score_io import score_request
from tutor.engine.ways.score import duel_score

#: the scoring engine's own example deal (3C by S, 9 tricks: 270 and 120, W3)
DEAL = "N:T98.T98.T98.T987 765.765.765.6543 432.432.432.AKQJ AKQJ.AKQJ.AKQJ.2"
THREE_CLUBS = {"deal": DEAL, "contract": "3C", "declarer": "S", "tricks": 9}


def _score(tmp_path: Path, capsys: pytest.CaptureFixture[str], request: dict[str, Any]) -> Any:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(request), "utf-8")
    assert main(["score", str(path)]) == 0
    return json.loads(capsys.readouterr().out)


def test_three_player_auction_records_defenders_both_write_and_500_ends_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RO l.535-537: independent records; the first to 500 below ends the partie and the rubber; the
    defenders' entries are written by both separately. 3 clubs made with 9 tricks: 270 and 120 (W3)."""
    deal = {**THREE_CLUBS, "seats": {"A": "S", "B": "W", "C": "E"}}
    deal.pop("declarer")
    out = _score(tmp_path, capsys, {"players": 3, "way": "auction", "deals": [deal]})
    assert out["below"] == {"A": 270, "B": 120, "C": 120}
    assert out["above"]["B"] == out["above"]["C"]
    assert out["over"] is False
    strong = {**deal, "deal": "N:AKQJ.AKQJ.AKQJ.2 T98.T98.T98.T987 432.432.432.AKQJ 765.765.765.6543"}
    two = score_request({"players": 3, "way": "auction", "deals": [strong, strong]})
    assert two["below"] == {"A": 540, "B": 240, "C": 240} and two["over"] is True
    winner = max(two["total"], key=lambda n: two["total"][n])
    assert {p["to"] for p in two["payments"]} == {winner}
    assert sorted(p["points"] for p in two["payments"]) == sorted(
        two["total"][winner] - two["total"][n] for n in "ABC" if n != winner)
    with pytest.raises(Exception, match="partie is over"):
        score_request({"players": 3, "way": "auction", "deals": [deal, deal, deal]})


def test_three_player_book_example_as_totals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RO l.539: A 4135, B 1065, C 2700 - A wins 3070 from B and 1435 from C."""
    out = _score(tmp_path, capsys, {"players": 3, "totals": {"A": 4135, "B": 1065, "C": 2700}})
    assert sorted((p["from"], p["to"], p["points"]) for p in out["payments"]) == [
        ("B", "A", 3070), ("C", "A", 1435)]


def test_buy_in_way_needs_600_below_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RO l.513: 'to end the game or the rubber you must have not 500 but 600 under the line'. Two deals
    of 270 below (W3) end a partie at 540 in the other ways, not in the buy-in way."""
    usual = _score(tmp_path, capsys, {"players": 2, "way": "dummies", "deals": [THREE_CLUBS, THREE_CLUBS]})
    assert usual["below"]["A"] == 540 and usual["parties"] == ["A"]
    buy_in = _score(tmp_path, capsys, {"players": 2, "way": "buy-in", "deals": [THREE_CLUBS, THREE_CLUBS]})
    assert buy_in["parties"] == [] and buy_in["partie_target"] == 600
    three = score_request({"players": 2, "way": "buy-in", "deals": [THREE_CLUBS] * 3})
    assert three["below"]["A"] == 810 and three["parties"] == ["A"]


def test_two_handed_way_scores_tricks_and_two_honours_against_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RO l.471 (law two-2): honours for five, four, three and even two, two only against one or none.
    A simple game: 7 tricks write 70, 6 write 60 (scoring 5, W3)."""
    hands = {"A": "AK5432.AK2.2.432", "B": "QJT9.Q543.543.65"}
    deal = {"hands": hands, "contract": "1H", "declarer": "A", "tricks": 7}
    out = _score(tmp_path, capsys, {"players": 2, "way": "exchange", "deals": [deal]})
    assert out["below"] == {"A": 70, "B": 60}
    # hearts: A holds A K (2), B holds Q (1): A writes 2 honours at 100 a level (scoring 11)
    score = duel_score({Seat.S: Hand.parse(hands["A"]), Seat.W: Hand.parse(hands["B"])},
                       Contract.parse("1H", "S"), {Seat.S: 7, Seat.W: 6})
    assert [(i.side, i.points) for i in score.of_kind("honours")] == [(Side.NS, 200)]


def test_two_handed_way_penalty_per_trick_short() -> None:
    """Scoring 21: each trick short in "two" costs 2000, written by the opponent."""
    hands = {Seat.S: Hand.parse("AK5432.AK2.2.432"), Seat.W: Hand.parse("QJT9.Q543.543.65")}
    score = duel_score(hands, Contract.parse("2S", "W"), {Seat.W: 6, Seat.S: 7})
    assert [(i.side, i.points) for i in score.of_kind("penalty")] == [(Side.NS, 4000)]


def test_five_player_record_reaches_the_books_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RO l.545: 'T.-55. A.+109. K.+16. F.-33. N.-37.' Five rubbers, seated by law five-1 (T sits out
    first, then each comes back with the lowest card still playing), each worked by hand:
    r1 A K v F N, F N win 8:      A -8   K -8   F +8   N +8
    r2 T N v K F, K F win 110:    T -110 N -102 K +102 F +118
    r3 A N v T F, A N win 31:     A +23  N -71  T -141 F +87
    r4 K N v T A, K N win 34:     K +136 N -37  T -175 A -11
    r5 F K v T A, T A win 120:    F -33  K +16  T -55  A +109"""
    results = [{"winner": 1, "points": 8}, {"winner": 1, "points": 110}, {"winner": 0, "points": 31},
               {"winner": 0, "points": 34}, {"winner": 1, "points": 120}]
    out = _score(tmp_path, capsys, {"players": 5, "order": ["T", "A", "K", "F", "N"], "results": results})
    assert out["line"] == "T.-55. A.+109. K.+16. F.-33. N.-37."
    assert sum(out["record"].values()) == 0


def test_bad_way_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"players": 2, "way": "bridge", "totals": {"A": 1, "B": 2}}), "utf-8")
    assert main(["score", str(path)]) != 0
    err = capsys.readouterr().err.strip()
    assert "bridge" in err and "dummies" in err and len(err.splitlines()) == 1
