"""`tutor score FILE`: JSON in and out exactly as issue 3 specifies; bad input is one line naming the field."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from work_bounds import HANG_GUARD

from tutor.cli import main
from tutor.engine.errors import TutorError
from tutor.engine.scoring.score_io import score_request

ROOT = Path(__file__).resolve().parent.parent
PBN = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _score(tmp_path: Path, request: Any, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    path = tmp_path / "in.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    code = main(["score", str(path), *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_score_one_deal_outputs_below_above_and_items(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _score(tmp_path, {"deal": PBN, "contract": "3C", "declarer": "S", "tricks": 9}, capsys)
    assert code == 0
    result = json.loads(out)
    assert result["below"] == {"NS": 270, "EW": 120}  # scoring 5 (W3)
    assert set(result["above"]) == {"NS", "EW"}
    for item in result["items"]:
        assert set(item) == {"side", "line", "kind", "points", "laws", "text"}
        assert item["side"] in ("NS", "EW") and item["line"] in ("above", "below")
    assert sum(i["points"] for i in result["items"] if i["side"] == "NS" and i["line"] == "above") \
        == result["above"]["NS"]


def test_score_failed_small_slam_shows_the_books_23000(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _score(tmp_path, {"deal": PBN, "contract": "6NT", "declarer": "N", "tricks": 9}, capsys)
    kinds = {i["kind"]: i for i in json.loads(out)["items"] if i["side"] == "EW" and i["line"] == "above"}
    assert code == 0
    assert kinds["penalty"]["points"] + kinds["slam_failed"]["points"] == 23000  # scoring 22
    assert "scoring-22" in kinds["slam_failed"]["laws"]


def test_score_reads_standard_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    request = {"deal": PBN, "contract": "pass", "tricks": 0}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(request)))
    assert main(["score", "-"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["x_mark"] is True and result["items"] == []


def test_score_variants_change_the_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    request = {"deal": PBN, "contract": "1C", "declarer": "N", "tricks": 7, "dealer": "E",
               "dealer_extra_card": True, "variants": {"dealer-14th-card": "summaries"}}
    code, out, _ = _score(tmp_path, request, capsys)
    result = json.loads(out)
    assert code == 0 and result["variants"]["dealer-14th-card"] == "summaries"
    assert [i["points"] for i in result["items"] if i["kind"] == "dealer_extra_card"] == [20]  # law 24, C4


def test_score_a_rubber_adds_games_bonuses_and_x_marks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals = [{"deal": PBN, "contract": "pass"},
             {"deal": PBN, "contract": "5S", "declarer": "N", "tricks": 11},
             {"deal": PBN, "contract": "3H", "declarer": "E", "tricks": 9},
             {"deal": PBN, "contract": "5H", "declarer": "S", "tricks": 11, "revoke": "EW"}]
    code, out, _ = _score(tmp_path, {"deals": deals}, capsys)
    result = json.loads(out)
    assert code == 0
    assert result["games"] == ["NS", "NS"] and result["rubber_winner"] == "NS"
    by_kind = [(i["kind"], i["side"], i["points"]) for i in result["items"] if i["kind"] in
               ("partie", "rubber", "x_mark")]
    assert by_kind == [("partie", "NS", 1000), ("partie", "NS", 1000), ("rubber", "NS", 2000), ("x_mark", "NS", 500)]
    assert all({"deal", "partie"} <= set(i) for i in result["items"])
    assert result["total"]["NS"] == result["below"]["NS"] + result["above"]["NS"]


def test_score_sheet_prints_the_two_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _score(tmp_path, {"deal": PBN, "contract": "3C", "declarer": "S", "tricks": 9}, capsys, "--sheet")
    assert code == 0 and "NS (we)" in out and "EW (they)" in out and "270" in out


@pytest.mark.parametrize(("request_", "field"), [
    ({"deal": "N:AKQ", "contract": "3H", "declarer": "N", "tricks": 9}, "deal"),           # malformed PBN
    ({"deal": PBN, "contract": "3H", "declarer": "N", "tricks": 14}, "tricks"),            # impossible tricks
    ({"deal": PBN, "contract": "3H", "declarer": "N", "tricks": -1}, "tricks"),
    ({"deal": PBN, "contract": "3H", "declarer": "N", "tricks": "9"}, "tricks"),
    ({"deal": PBN, "contract": "8H", "declarer": "N", "tricks": 9}, "contract"),           # unknown contract
    ({"deal": PBN, "contract": "3X", "declarer": "N", "tricks": 9}, "contract"),
    ({"deal": PBN, "contract": "3H", "tricks": 9}, "declarer"),
    ({"deal": PBN, "contract": "3H", "declarer": "Q", "tricks": 9}, "declarer"),
    ({"deal": PBN, "contract": "3H", "declarer": "N"}, "tricks"),
    ({"contract": "3H", "declarer": "N", "tricks": 9}, "deal"),
    ({"deal": PBN, "contract": "3H", "declarer": "N", "tricks": 9, "variants": {"nope": "x"}}, "variants"),
    ({"deal": PBN, "contract": "3H", "declarer": "N", "tricks": 9, "colour": 1}, "colour"),
    ({"deal": PBN, "contract": "3H", "declarer": "N", "tricks": 9, "revoke": "NE"}, "revoke"),
    ({"deals": [{"deal": PBN, "contract": "3H", "declarer": "N", "tricks": 9},
                {"deal": PBN, "contract": "3H", "declarer": "N", "tricks": 20}]}, "deals[1].tricks"),
    ({"deals": []}, "deals"),
    ([1, 2], "input"),
])
def test_bad_input_exits_non_zero_with_one_line_naming_the_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], request_: Any, field: str) -> None:
    code, out, err = _score(tmp_path, request_, capsys)
    assert code != 0 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"error: {field}:"), lines[0]


def test_invalid_json_and_missing_file_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["score", str(bad)]) == 2
    assert capsys.readouterr().err.startswith(f"error: {bad}: not valid JSON")  # the file named
    assert main(["score", str(tmp_path / "missing.json")]) == 2
    assert capsys.readouterr().err.startswith("error: FILE: cannot read")


def test_tutor_score_runs_as_a_command(tmp_path: Path) -> None:
    path = tmp_path / "in.json"
    path.write_text(json.dumps({"deal": PBN, "contract": "2NT", "declarer": "W", "tricks": 8}), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tutor.cli", "score", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=HANG_GUARD)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["below"] == {"EW": 160, "NS": 100}


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["deal", "contract", "declarer", "tricks", "variants", "revoke", "deals", "dealer",
                         "dealer_extra_card", "x"]), inner, max_size=6),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(_json)
def test_score_request_fuzz_raises_only_tutor_errors(value: Any) -> None:
    with contextlib.suppress(TutorError):
        score_request(value)


_deal_request = st.fixed_dictionaries(
    {"deal": st.just(PBN)},
    optional={
        "contract": st.sampled_from(["1S", "3NT", "7H", "pass", "P", "0C", "8NT", "", "3", 3]),
        "declarer": st.sampled_from(["N", "E", "S", "W", "X", "", None, 1]),
        "tricks": st.one_of(st.integers(-3, 16), st.booleans(), st.none(), st.text(max_size=3)),
        "revoke": st.sampled_from(["NS", "EW", "N", "W", "", None, 5]),
        "dealer": st.sampled_from(["N", "S", "Z", None]),
        "dealer_extra_card": st.one_of(st.booleans(), st.none(), st.integers(0, 1)),
        "variants": st.dictionaries(st.sampled_from(["partie-bonus", "passed-out", "x", "x-values"]),
                                    st.sampled_from(["book", "summaries", "play_out", "vint_signs", "?"]),
                                    max_size=2),
    },
)


@settings(max_examples=300, deadline=None)
@given(_deal_request)
def test_score_request_fuzz_near_valid_deals_raises_only_tutor_errors(value: Any) -> None:
    try:
        out = score_request(value)
    except TutorError as err:
        assert "\n" not in str(err)
        return
    assert set(out["below"]) == {"NS", "EW"}
