"""Three defects an audit of the terminal found, each with the input that showed it.

* a bid level written in a digit other than ASCII ``1``-``7`` (``٣H``, Arabic-Indic three; ``３H``,
  fullwidth three) was read as three hearts by ``tutor score``, ``tutor advise`` and at ``tutor play``'s
  prompt: law 31's levels are the numbers 1 to 7, written as the tutor writes them;
* ``tutor drill`` refused an illegal call (``8H``; ``3H`` after ``4H``) as "not one of the choices",
  where ``tutor advise`` names the law it breaks: law 31 (at most seven tricks above six) and law 35
  (a bid must be higher than the last);
* ``tutor score`` scored a rubber of any number of deals (150,000 passed-out deals: 9 s, 715 MB).

Work is bounded by counting calls (``tests/work_bounds.py``), never by a clock (docs/quality.md).
"""

from __future__ import annotations

import io
import json
import unicodedata
from pathlib import Path

import pytest
from test_cli_hostile_files import one_error_line
from test_fuzz_inputs import run_cli
from work_bounds import call_budget

from tutor.cli import main
from tutor.engine.calls import parse_call
from tutor.engine.errors import NotationError
from tutor.engine.scoring import ScoringError
from tutor.engine.scoring.score_io import score_request

DEAL = "N:AK543.A2.KQ2.KQJ QJT.KQJT.AJT.AT9 9876.9876.9876.8 2.543.543.765432"
#: digits that are not ASCII but that ``str.isdigit`` and ``int`` read as 3
THREES = ["\u0663", "\uff13", "\u09e9"]  # Arabic-Indic, fullwidth, Bengali


# -- 1. only the ASCII digits 1 to 7 are levels ---------------------------------------------------------

def test_no_digit_but_ascii_is_a_bid_level() -> None:
    others = [chr(c) for c in range(0x80, 0x110000)
              if 1 <= unicodedata.digit(chr(c), 0) <= 7]  # noqa: PLR2004 - law 31's levels
    assert len(others) > 100  # the test sees what it means to see
    for digit in others:
        with pytest.raises(NotationError, match="bad call"):
            parse_call(digit + "H")
    assert str(parse_call("3H")) == "3H"


@pytest.mark.parametrize("three", THREES)
def test_score_refuses_a_contract_with_a_non_ascii_level(three: str, tmp_path: Path) -> None:
    request = tmp_path / "deal.json"
    request.write_text(json.dumps({"deal": DEAL, "contract": three + "H", "declarer": "N", "tricks": 9}),
                       encoding="utf-8")
    code, out, err = run_cli(["score", str(request)])
    assert code != 0 and out == ""
    assert "bad call" in one_error_line(err)


@pytest.mark.parametrize("three", THREES)
def test_advise_refuses_an_auction_with_a_non_ascii_level(three: str, tmp_path: Path) -> None:
    position = tmp_path / "position.json"
    position.write_text(json.dumps({"kind": "bid", "dealer": "E", "seat": "S", "hand": "AK543.A2.KQ2.KQJ",
                                    "auction": [three + "H"]}), encoding="utf-8")
    code, out, err = run_cli(["advise", str(position)])
    assert code != 0 and out == ""
    assert "bad call" in one_error_line(err)


def test_the_table_refuses_a_call_with_a_non_ascii_level() -> None:
    code, out, err = run_cli(["play", "--seed", "3"], stdin="\u0663NT\nquit\n".encode())
    assert "Traceback" not in err
    assert "bad call '\u0663NT'" in out  # refused, not bid as 3NT
    assert "from 4♠ up" not in out  # the auction did not move past a bid of three


# -- 2. a drill names the law an illegal call breaks ------------------------------------------------------

def _bidding_drill(capsys: pytest.CaptureFixture[str], seed: int = 1) -> dict[str, object]:
    assert main(["drill", "bidding", "--seed", str(seed), "--json"]) == 0
    drill: dict[str, object] = json.loads(capsys.readouterr().out)
    return drill


def _lower_bid(drill: dict[str, object]) -> str:
    """A bid in the drill's auction's last bid's denomination one level lower (law 35 forbids it)."""
    position = drill["position"]
    assert isinstance(position, dict)
    bids = [c for c in position["auction"] if c[:1].isascii() and c[:1].isdigit()]
    assert bids and int(bids[-1][0]) > 1, "the seed's auction has a bid above level 1"  # noqa: PT018
    return f"{int(bids[-1][0]) - 1}{bids[-1][1:]}"


def test_drill_answer_above_seven_names_law_31(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "bidding", "--seed", "1", "--answer", "8H", "--no-consequences"]) != 0
    line = one_error_line(capsys.readouterr().err)
    assert "law 31" in line and "not one of the choices" not in line


def test_drill_answer_below_the_last_bid_names_law_35(capsys: pytest.CaptureFixture[str]) -> None:
    lower = _lower_bid(_bidding_drill(capsys))
    assert main(["drill", "bidding", "--seed", "1", "--answer", lower, "--no-consequences"]) != 0
    line = one_error_line(capsys.readouterr().err)
    assert "law 35" in line and "not one of the choices" not in line
    assert "binds" not in line  # law 75's binding is the table's: the drill takes no call


def test_drill_prompt_names_the_law_of_an_illegal_call(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    lower = _lower_bid(_bidding_drill(capsys))
    monkeypatch.setattr("sys.stdin", io.StringIO(f"8H\n{lower}\nhello\n"))
    assert main(["drill", "bidding", "--seed", "1", "--no-consequences"]) == 1  # no answer given
    refusals = [line for line in capsys.readouterr().out.split("Your answer: ") if "help: how to answer" in line]
    assert len(refusals) == 3  # noqa: PLR2004
    assert "law 31" in refusals[0] and "not one of the choices" not in refusals[0]
    assert "law 35" in refusals[1] and "not one of the choices" not in refusals[1]
    assert "'hello' is not one of the choices" in refusals[2]  # not a call: as before


# -- 3. a rubber request holds a bounded number of deals ---------------------------------------------------

def test_a_rubber_of_too_many_deals_is_refused_before_the_work() -> None:
    passed_out = {"deal": DEAL, "contract": "pass"}
    with call_budget(5_000), pytest.raises(ScoringError, match="1,000") as refused:
        score_request({"deals": [passed_out] * 1_001})
    assert "\n" not in str(refused.value)
    assert score_request({"deals": [passed_out] * 1_000})["x_marks"] == 1_000  # the bound itself is scored


def test_score_refuses_a_long_rubber_in_one_line(tmp_path: Path) -> None:
    request = tmp_path / "rubber.json"
    request.write_text(json.dumps({"deals": [{"deal": DEAL, "contract": "pass"}] * 5_000}), encoding="utf-8")
    code, out, err = run_cli(["score", str(request)])
    assert code != 0 and out == ""
    assert "1,000" in one_error_line(err)
