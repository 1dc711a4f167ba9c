"""``tutor play`` / ``tutor robots`` for two, three and five players at the terminal (issue 29).

Expectations: the flags a way honours (a player named by --seat and --dealer, --rubber to the
rubber's end, --round for the rotating dummy and the five players' evening) and the ones it
refuses in one line; the table told as the learner follows it — each card with whose hand it
came from (RO l.493: the conceder leads "from himself"), each trick's winner, the end of the deal
item by item; the five players' running record continued round after round (RO l.545-547).
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from test_cli_play import help_words

from tutor.cli import main
from tutor.cli.commands.play import _play_rubber
from tutor.cli.ways_play import play_way
from tutor.lessons.progress import open_store
from tutor.lessons.ways.rubber import FIVE_KEY


def auto(limit: int = 3000) -> Any:
    """A learner who opens the bidding at his first call and otherwise takes the first legal move."""
    state = {"n": 0, "opened": False}

    def read(prompt: str) -> str:
        state["n"] += 1
        if state["n"] > limit:
            return "quit"
        match = re.search(r"\] (.*?) \(or hint", prompt)
        assert match, prompt
        options = [o for o in match.group(1).replace(" …", "").split(", ") if o]
        if "[auction" in prompt and not state["opened"] and len(options) > 1:
            state["opened"] = True
            return options[1]
        return options[0]

    return read


def _args(**kw: Any) -> SimpleNamespace:
    base = {"players": 2, "way": None, "five_round": 0, "way_options": [], "rubber": False, "deviations": "end",
            "pbn_file": None, "db": None}
    return SimpleNamespace(**(base | kw))


def test_a_deal_told_card_by_card_with_each_tricks_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert play_way(_args(way="dummy-auction", seat="B"), 4, auto(), _play_rubber) == 0
    out = capsys.readouterr().out
    assert "You are B" in out and "Tricks:" in out  # seed 4: the deal is played
    cards = re.findall(r"plays? [♠♥♦♣](?:10|[2-9JQKA]) from (your hand|your dummy|A's hand|A's dummy)", out)
    assert len(cards) == 52
    assert len(re.findall(r"Trick \d+ to ", out)) == 13
    assert "The score, item by item:" in out and "Records of this deal:" in out


def test_dealer_and_seat_name_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert play_way(_args(players=3, way="auction", seat="C", dealer="B"), 2, auto(40), _play_rubber) == 0
    out = capsys.readouterr().out
    assert "You are C; B deals" in out


@pytest.mark.parametrize("argv,word", [
    (["play", "--players", "2", "--seat", "N", "--seed", "1"], "--seat"),
    (["play", "--players", "2", "--dealer", "C", "--seed", "1"], "--dealer"),
    (["play", "--players", "2", "--way", "exchange", "--round", "2", "--seed", "1"], "--round"),
    (["play", "--players", "2", "--pbn-file", "x.pbn", "--seed", "1"], "--pbn-file"),
    (["play", "--players", "2", "--way-option", "dummy-transfer=transfer", "--seed", "1"], "dummy-transfer"),
    (["play", "--players", "2", "--way", "dummy-auction", "--way-option", "dummy-transfer", "--seed", "1"],
     "NAME=CHOICE"),
    (["robots", "--players", "2", "--seed", "1", "--pbn"], "--pbn"),
    (["robots", "--players", "5", "--seed", "1", "--dealer", "T"], "--dealer"),
    (["robots", "--players", "5", "--seed", "1", "--db", "x.db"], "--db"),
    (["robots", "--players", "3", "--way", "auction", "--seed", "1", "--round", "1"], "--round"),
])
def test_a_flag_a_way_cannot_honour_is_one_line(argv: list[str], word: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and word in err[0]


def test_robots_honour_the_dealer_and_the_transfer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["robots", "--players", "2", "--way", "dummy-auction", "--seed", "3", "--dealer", "B",
                 "--way-option", "dummy-transfer=transfer", "--json"]) == 0
    import json

    record = json.loads(capsys.readouterr().out)
    assert record["dealer"] == "B" and record["options"] == {"dummy-transfer": "transfer"}


@pytest.mark.slow
def test_rubber_plays_the_way_to_its_end_and_pays(capsys: pytest.CaptureFixture[str]) -> None:
    """The race to 500 below the line, partie by partie; the payments only at the end."""
    assert play_way(_args(players=3, way="dummy", rubber=True), 11, auto(), _play_rubber) == 0
    out = capsys.readouterr().out
    assert "The rubber so far:" in out and "of 500 below" in out
    assert "The rubber is over. Payments:" in out and re.search(r"pays \w+ \d", out)


def test_five_players_rounds_continue_the_evening_in_the_store(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """T sits out rounds 0 and 5 (RO l.543: the highest card sits out first, then in turn); a learner who
    chose T watches them, and each round the robots finish is written to the one running record, which
    sums to zero (RO l.545)."""
    db = str(tmp_path / "p.db")
    for round_no in (0, 5):
        assert play_way(_args(players=5, five_round=round_no, db=db, seat="T"), 7, auto(), _play_rubber) == 0
    out = capsys.readouterr().out
    with open_store(db) as store:
        evening = store.load_table("default", way=FIVE_KEY)
    assert evening is not None and set(evening["results"]) <= {"0", "5"} and evening["results"]
    line = out.strip().splitlines()[-1]
    assert line.startswith("The evening's running record")
    values = [int(v) for v in re.findall(r"\.([+-]?\d+)\.", line)]
    assert len(values) == 5 and sum(values) == 0


def test_at_five_the_learner_plays_the_first_round_unless_he_chooses_the_player_who_sits_it_out() -> None:
    """RO l.543: "the one who drew the highest card sits out first" (T); the learner, unless he names
    another player, is one of the four who play that first rubber, so he is dealt in at once."""
    from tutor.engine.ways.five import five_table
    from tutor.lessons.ways.table import FIVE_LEARNER, FIVE_NAMES

    first = five_table(FIVE_NAMES, 0)
    assert first.sitting_out == FIVE_NAMES[0]  # the highest card
    assert first.sitting_out != FIVE_LEARNER and FIVE_LEARNER in FIVE_NAMES


def test_the_issues_deal_b_plays_the_dummy_he_bid_on(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's example (seed 3): A deals and passes, B bids no-trumps on A's open dummy (RO l.491) —
    B then plays that dummy, dealt at N, and A the closed one (RO l.493)."""
    import json

    assert main(["robots", "--players", "2", "--way", "dummy-auction", "--seed", "3", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["dealer"] == "A" and record["declarer"] == "B"
    dealt_n = set(record["dealt"]["N"].split())  # A's seat is S: the dummy dealt opposite him, opened at once
    from_b_dummy = {m for m in re.findall(r"B plays (\S+) from B's dummy", "\n".join(record["told"]))}
    pretty = {c.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C").replace("10", "T")
              for c in from_b_dummy}
    assert pretty and pretty <= dealt_n


def test_help_at_a_ways_table_lists_words_it_understands_and_the_calls_read_as_written(
        capsys: pytest.CaptureFixture[str]) -> None:
    """"help" at the 3-player table was "bad call 'help'"; its calls read "P, 1S, 1C" and a refusal named
    its law twice ("each bid must be higher (law 35) (law 35)")."""
    script = ["help", "pass"]
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return script.pop(0) if script else "quit"

    assert play_way(_args(players=3, way=None, seat="A"), 2, read, _play_rubber) == 0
    out = capsys.readouterr().out
    words = help_words(out)
    assert {"hint", "undo", "quit"} <= set(words)
    assert "pass, 1♠, 1♣" in prompts[0]  # as the learner writes them, and as the four-handed table shows them
    script[:] = [w for w in words if w != "quit"] + ["pass", "1S"]  # 1S does not outrank B's simple hearts (seed 2)
    prompts.clear()
    assert play_way(_args(players=3, way=None, seat="A"), 2, read, _play_rubber) == 0
    out = capsys.readouterr().out
    refusals = re.findall(r"Not allowed: (.*)", out)
    assert len(refusals) == 1 and refusals[0].count("law 35") == 1, refusals


def test_four_players_is_the_books_game_and_a_ways_flag_needs_another_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``--players 4`` was refused ("choose from 2, 3, 5"), and ``--way``/``--round`` without another size
    were ignored without a word."""
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    assert main(["robots", "--seed", "2"]) == 0
    plain = capsys.readouterr().out
    assert main(["robots", "--seed", "2", "--players", "4"]) == 0
    assert capsys.readouterr().out == plain
    for stray in (["--way", "dummy"], ["--round", "2"], ["--way-option", "dummy-transfer=transfer"]):
        for command in (["robots", "--seed", "2"], ["play", "--seed", "2"]):
            assert main([*command, "--players", "4", *stray]) == 2  # noqa: PLR2004
            err = capsys.readouterr().err
            assert err.startswith(f"error: {stray[0]}") and "--players 2, 3 or 5" in err and err.count("\n") == 1


@pytest.mark.parametrize(("players", "way"), [(2, "one-card"), (2, "buy-in"), (2, "exchange"), (2, "dummies"),
                                             (3, "dummy"), (3, "auction")])
def test_every_ways_actions_read_with_their_cards_and_are_taken_as_shown(
        players: int, way: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A way's own actions read "A: swap H3", "give D2 E" (the engine's spelling); they read as every card
    does ("swap ♥3"), and typed back as the prompt shows them they are taken (no "Not allowed")."""
    assert play_way(_args(players=players, way=way, seat="A"), 4, auto(), _play_rubber) == 0
    out = capsys.readouterr().out
    assert "Not allowed" not in out, out
    assert not re.findall(r"\b(?:swap|give|discard) [SHDC](?:[2-9TJQKA])\b", out), out
