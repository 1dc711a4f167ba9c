"""A second audit of the ways' tables at the terminal (docs/table-sizes.md, "Kept in the progress store",
"At the terminal"): "the next ``--rubber`` of that way goes on with it …, a finished rubber, another
``--seed`` or ``--new`` starts a new one, and a ``--seat``, ``--dealer``, ``--round`` or ``--way-option``
other than the rubber's is refused in one line".

1. The rubber's own ``--seed`` given again threw the rubber away (2, 3 and 5 players): the seed typed on
   the command line (text) was compared with the stored number. Driven through the real parser here.
2. A damaged stored way table could not be replaced, not even with ``--new``; and ``WayTable.from_json``
   took deal numbers and rounds of any size or sign and a "finished" deal that was not over.
3. ``--round 0`` typed against a kept rubber of another round was passed over (0 read as "not given").
4. A damaged five-player evening (a round key "²", or one of 300,000,000) broke every later round.
5. ``--new`` without ``--rubber`` was accepted silently for two or three players (four players refuse it).
"""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tutor.cli import main
from tutor.cli.ways_robots import five_rubber_record
from tutor.engine.errors import TutorError
from tutor.engine.ways.catalogue import find_way
from tutor.engine.ways.five import five_table
from tutor.lessons.progress import DEFAULT_LEARNER, TableSlot, open_store
from tutor.lessons.ways.rubber import FIVE_KEY, evening_from, evening_record
from tutor.lessons.ways.table import FIVE_NAMES, MAX_ROUND, MAX_RUBBER_DEALS, WayTable


def _stdin(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    data = "".join(f"{line}\n" for line in lines).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def _kept(db: str, way: str) -> dict[str, Any]:
    with open_store(db) as store:
        stored = store.open_table(TableSlot(DEFAULT_LEARNER, way))
    assert stored is not None, f"no table of {way} is kept"
    return stored.state


def _damage(db: str, way: str, text: str) -> None:
    """A hand-edited store: the table of ``way`` replaced by ``text`` as it stands."""
    with sqlite3.connect(db) as conn:
        done = conn.execute("UPDATE tables SET state = ? WHERE learner = ? AND way = ?", (text, DEFAULT_LEARNER, way))
        assert done.rowcount == 1


def _play(monkeypatch: pytest.MonkeyPatch, argv: list[str], lines: tuple[str, ...] = ("quit",)) -> int:
    _stdin(monkeypatch, list(lines))
    return main(["play", *argv])


# --- 1. the rubber's own --seed goes on with it -------------------------------------------------------------

@pytest.mark.parametrize(("players", "way"), [("2", "dummies"), ("3", "auction")])
def test_the_rubbers_own_seed_given_again_goes_on_with_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str], players: str,
                                                          way: str) -> None:
    db = str(tmp_path / "p.db")
    argv = ["--players", players, "--way", way, "--rubber", "--db", db]
    assert _play(monkeypatch, [*argv, "--seed", "5"]) == 0
    first = _kept(db, f"{players}-{way}")
    capsys.readouterr()
    assert _play(monkeypatch, [*argv, "--seed", "5"]) == 0  # the same seed, typed as a learner types it
    out = capsys.readouterr().out
    assert "Going on with your rubber" in out and "replaced" not in out
    again = _kept(db, f"{players}-{way}")
    assert (again["seed"], again["uid"]) == (5, first["uid"])  # the same table, not a fresh deal of seed 5
    assert _play(monkeypatch, [*argv, "--seed", "6"]) == 0  # another seed still starts another
    assert "replaced by a new one" in capsys.readouterr().out and _kept(db, f"{players}-{way}")["seed"] == 6


def test_the_seat_rubber_at_five_goes_on_with_its_own_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "p.db")
    argv = ["--players", "5", "--round", "0", "--db", db]
    assert _play(monkeypatch, [*argv, "--seed", "3"], ("P", "quit")) == 0
    capsys.readouterr()
    assert _play(monkeypatch, [*argv, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Going on with your rubber of round 0 (seed 3)" in out and "replaced" not in out



def test_a_damaged_seat_rubber_at_five_is_replaced_with_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The rubber at the learner's seat of a five-player round, as a way's table: --new does not read it."""
    db = str(tmp_path / "p.db")
    argv = ["--players", "5", "--round", "0", "--db", db, "--seed", "3"]
    assert _play(monkeypatch, argv, ("P", "quit")) == 0
    _damage(db, "5-sit-out-seat", '{"round": 0, "player": "A", "rubber": {"junk": 1}}')
    capsys.readouterr()
    assert _play(monkeypatch, argv) != 0  # without --new: refused in one line that names --new
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "damaged" in err and "--new" in err
    assert _play(monkeypatch, [*argv, "--new"]) == 0
    assert _kept(db, "5-sit-out-seat")["rubber"]["seed"] == 3  # a new rubber, readable again


# --- 2. a damaged way table: --new replaces it; without --new, one line naming --new ----------------------

DAMAGES = {"not JSON": "{broken", "a list": "[1, 2]", "a bad seed": '{"players": 2, "way": "dummies", "seed": "x"}',
           "a step with no action": None, "an illegal step": None}


def _damaged_text(db: str, kind: str) -> str:
    text = DAMAGES[kind]
    if text is not None:
        return text
    state = _kept(db, "2-dummies")
    state["steps"] = [{"player": "A"}] if kind == "a step with no action" else [{"player": "A", "action": "9NT"}]
    return json.dumps(state)


@pytest.mark.parametrize("kind", list(DAMAGES))
def test_a_damaged_way_table_is_replaced_with_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str], kind: str) -> None:
    db = str(tmp_path / "p.db")
    argv = ["--players", "2", "--way", "dummies", "--rubber", "--db", db]
    assert _play(monkeypatch, [*argv, "--seed", "5"]) == 0
    _damage(db, "2-dummies", _damaged_text(db, kind))
    capsys.readouterr()
    assert _play(monkeypatch, argv) != 0  # without --new: refused in one line that names --new
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "damaged" in err and "--new" in err
    assert _play(monkeypatch, [*argv, "--new", "--seed", "6"]) == 0
    fresh = WayTable.from_json(_kept(db, "2-dummies"), reasons=False)
    assert (fresh.seed, fresh.deal_no, fresh.finished, fresh.game.steps) == (6, 0, [], ())


def _stored(**changes: Any) -> dict[str, Any]:
    state = WayTable(find_way(2, "dummies", {}), 5, learner="A").to_json()
    return state | changes


@pytest.mark.parametrize("changes", [
    {"deal_no": 10**21}, {"deal_no": -5}, {"deal_no": MAX_RUBBER_DEALS + 1}, {"deal_no": True},
    {"rubber": -3}, {"rubber": MAX_ROUND + 1},
    # legal steps (A bids 7NT, B passes: the auction ends and the play begins) but not a finished deal
    {"deal_no": 1, "finished": [{"deal_no": 0, "steps": [{"player": "A", "action": "7NT"},
                                                          {"player": "B", "action": "pass"}]}]},
    {"deal_no": 1, "finished": [{"deal_no": 0, "steps": [{"player": "A", "action": "9NT"}]}]},
    {"deal_no": 1, "finished": [{"deal_no": "zz", "steps": 5}]},
], ids=["huge deal", "negative deal", "deal past the rubber's last", "deal true", "negative round",
        "round past --round's last", "a finished deal not over", "an illegal finished step", "garbage"])
def test_from_json_refuses_numbers_out_of_bounds_and_unfinished_deals(changes: dict[str, Any]) -> None:
    with pytest.raises(TutorError, match="damaged"):
        WayTable.from_json(_stored(**changes), reasons=False)


def test_from_json_still_reads_the_bounds_themselves() -> None:
    assert WayTable.from_json(_stored(deal_no=MAX_RUBBER_DEALS), reasons=False).deal_no == MAX_RUBBER_DEALS
    dummy = WayTable(find_way(3, "dummy", {}), 5, learner="A", rubber=MAX_ROUND).to_json()
    assert WayTable.from_json(dummy, reasons=False).rubber == MAX_ROUND


# --- 3. --round 0 against a kept rubber of another round ----------------------------------------------------

def test_round_zero_typed_against_a_kept_rubber_of_round_two_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "p.db")
    argv = ["--players", "3", "--way", "dummy", "--rubber", "--db", db]
    assert _play(monkeypatch, [*argv, "--seed", "7", "--round", "2"]) == 0
    capsys.readouterr()
    assert _play(monkeypatch, [*argv, "--round", "0"]) != 0
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "--round 0" in err and "round 2" in err and "--new" in err
    assert _play(monkeypatch, argv) == 0  # --round left out: the kept rubber goes on
    assert "Going on with your rubber" in capsys.readouterr().out
    assert _kept(db, "3-dummy")["rubber"] == 2


# --- 4. a damaged five-player evening ---------------------------------------------------------------------

@pytest.mark.parametrize("key", ["²", "٣", "300000000", str(MAX_ROUND + 1), "07"])
def test_the_evening_keeps_only_round_keys_the_command_takes(key: str) -> None:
    """ASCII digits, written as a number is written, 0 to ``--round``'s last (a key of 300,000,000 made the
    running record build that many rounds; "²" passed ``isdigit()`` and broke ``int()``)."""
    evening = evening_from({"results": {"0": [0, 10], key: [0, 5]}, "pending": None})
    assert evening["results"] == {"0": [0, 10]}
    assert len(evening_record(evening, FIVE_NAMES).line()) < 1000


@pytest.mark.parametrize("result", [[True, 5], [0, -1], [1], [0, 5.5], [2, 5], "0, 5"])
def test_the_evening_keeps_only_results_of_the_right_shape(result: object) -> None:
    evening = evening_from({"results": {"0": [0, 10], "1": result}, "pending": None})
    assert evening["results"] == {"0": [0, 10]}


@pytest.mark.parametrize("key", ["²", str(MAX_ROUND + 1)])
def test_a_damaged_evening_is_cleaned_and_said_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str], key: str) -> None:
    """T sits out round 5 (RO l.543): the robots' rubber is written to the evening, the damage left out."""
    db = str(tmp_path / "p.db")
    with open_store(db) as store:
        store.save_table({"results": {"0": [0, 10], key: [0, 5]}, "pending": None}, DEFAULT_LEARNER, way=FIVE_KEY)
    assert _play(monkeypatch, ["--players", "5", "--seat", "T", "--round", "5", "--seed", "7", "--db", db], ()) == 0
    out = capsys.readouterr().out
    assert out.count("cannot be read") == 1
    result = five_rubber_record(7, 5)["result"]
    assert result["winner"] is not None  # this seed: a rubber the robots finish
    won = [five_table(FIVE_NAMES, 5).pairs.index(tuple(result["winner"])), result["points"]]
    assert _kept(db, FIVE_KEY)["results"] == {"0": [0, 10], "5": won}
    assert "(rounds 0, 5)" in out


# --- 5. --new without --rubber ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", ["2", "3"])
def test_new_without_rubber_is_refused_as_at_four(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str], players: str) -> None:
    db = str(tmp_path / "p.db")
    assert _play(monkeypatch, ["--new", "--db", db]) != 0
    four = capsys.readouterr().err.strip()
    assert _play(monkeypatch, ["--players", players, "--new", "--db", db]) != 0
    assert capsys.readouterr().err.strip() == four
