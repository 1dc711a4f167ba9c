"""`tutor drill bidding` and `tutor advise` (tutor/cli/commands/drill.py, advise.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.lessons.bidding.drill import make

RULE = "law-41-no-trumps-three-or-four-aces"


def test_drill_json_prints_the_whole_drill_without_asking(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "bidding", "--rule", RULE, "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rule_id"] == RULE and data["answer"] == "1NT" and data["laws"] == ["law-41"]
    assert data["position"]["kind"] == "bid" and data["choices"][0] == "P"
    assert data == json.loads(json.dumps(make(RULE, 3).to_json()))


def test_drill_asks_on_stdin_and_says_right(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("nonsense\n1nt\n"))
    assert main(["drill", "bidding", "--rule", RULE, "--seed", "3", "--no-consequences"]) == 0
    out = capsys.readouterr().out
    assert "not one of the choices" in out and "Right." in out and "law 41" in out and "law-41" not in out
    assert "sure tricks" in out


def test_help_at_a_drills_prompt_says_how_to_answer_and_asks_again(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """"help" was "'help' is not one of the choices." and nothing more."""
    monkeypatch.setattr("sys.stdin", io.StringIO("help\n1nt\n"))
    assert main(["drill", "bidding", "--rule", RULE, "--seed", "3", "--no-consequences"]) == 0
    out = capsys.readouterr().out
    assert "not one of the choices" not in out and "Right." in out
    assert out.count("Your answer:") == 2 and "1S or P" in out  # it asked again, having said how a call is typed


def test_drill_wrong_answer_exits_3_and_shows_the_consequences(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("pass\n"))
    assert main(["drill", "bidding", "--rule", RULE, "--seed", "3"]) == 3
    out = capsys.readouterr().out
    assert "Not the book's answer" in out and "Why not pass" in out
    assert "double-dummy" in out and "The deal: N:" in out


def test_drill_unknown_kind_or_rule_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "bridge"]) == 2
    assert "unknown drill kind 'bridge'" in capsys.readouterr().err
    assert main(["drill", "bidding", "--rule", "law-999"]) == 2
    err = capsys.readouterr().err
    # one short line that says where the IDs are, not 2,500 characters of them cut off
    assert "no bidding convention has the ID 'law-999'" in err and "tutor drill bidding --list" in err
    assert err.count("\n") == 1 and len(err) < 200, err


@pytest.mark.parametrize("kind", ["bidding", "lead", "discard", "solo-bidding", "valuation"])
def test_drill_list_shows_each_id_the_drill_takes_with_the_title_the_pages_show(
        kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.lessons.robots import the_book
    from tutor.lessons.solo.drill import RULES

    assert main(["drill", kind, "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()[1:]
    listed = {line.split()[0]: line.split(None, 1)[1] for line in lines}
    # the titles the drill pages show: the book's rules, Solo Whist's kinds of hand, the valuation page
    shown = {**{r.id: r.title for r in (*the_book().bidding, *the_book().play)},
             **{f"solo-bid-{call}": "a hand" for call in RULES.values()},
             "valuation-sure-tricks": "Count the sure tricks"}
    assert listed and all(shown[i] in title for i, title in listed.items())
    for rule_id in listed:  # every ID listed is one --rule takes (a convention the book's own play never
        # leaves deciding is refused in the line the drill page shows for it)
        if main(["drill", kind, "--rule", rule_id, "--seed", "1", "--json"]) == 0:
            assert json.loads(capsys.readouterr().out)["rule_id"] == rule_id
        else:
            assert "has no drill of its own" in capsys.readouterr().err, rule_id


def test_advise_reads_a_file_and_gives_call_rule_laws(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"kind": "bid", "dealer": "S", "seat": "S", "hand": "AK543.A2.KQ2.KQJ",
                                "auction": []}), encoding="utf-8")
    assert main(["advise", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    # law 49's hand (RU l.397): seven sure tricks but five spades - law 37 (RO l.109) keeps it to "one"
    assert out["call"] == "1S" and out["rule"] == "law-37-simple-game-without-six-trumps-for-two-or-three"
    assert {"law-33", "law-37"} <= set(out["laws"])


def test_advise_reads_standard_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(
        {"kind": "bid", "dealer": "N", "seat": "S", "hand": "A32.KQ2.J432.432", "auction": ["1NT", "P"]})))
    assert main(["advise", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["laws"] == ["law-44"]


@pytest.mark.parametrize(("payload", "message"), [
    ("not json", "not valid JSON"),
    ("[1, 2]", "expected a JSON object"),
    ('{"dealer": "S"}', "needs a \\\"kind\\\""),
    ('{"kind": "poker"}', "unknown position kind 'poker'"),
    ('{"kind": "bid", "dealer": "S", "seat": "S", "hand": "AK", "auction": []}', "bad hand"),
    ('{"kind": "bid", "dealer": "S", "seat": "W", "hand": "AK543.A2.KQ2.KQJ", "auction": []}', "turn"),
])
def test_advise_bad_input_exits_non_zero_with_a_clear_message(
        payload: str, message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(payload))
    assert main(["advise", "-"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message.replace("\\", "") in err


def test_advise_missing_file_exits_non_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "/nonexistent/position.json"]) == 2
    assert "cannot read" in capsys.readouterr().err
