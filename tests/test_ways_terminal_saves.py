"""The ways' tables at the terminal are kept in the progress store (docs/table-sizes.md, "Kept in the
progress store"): a hostile audit's two findings.

* 4. ``tutor play --players 5``: the evening was read when a round began and written whole when it ended,
  with no version, so a round another ``tutor play --players 5 --round N`` saved meanwhile was overwritten
  (a lost update). A finished round is now added to the evening as it is stored at that moment (rounds are
  independent); the same round saved meanwhile with another result is refused in one line (docs/quality.md,
  issue 31: "a second writer is detected, not silently merged").
* 5. ``tutor play --players 2|3 --rubber`` was not kept at all, though "each way's table is written after
  every move ... and taken up again ... after a restart (``--rubber`` at the terminal)": a restart began a
  new random seed. It is now kept under the way's name (``"2-dummies"``, the page's key), saved after every
  move, taken up at the next ``--rubber`` of that way, and a finished rubber starts a new one. The rubber a
  learner plays at his seat of a five-player round was played with no save at all: it is kept too.

The races are made in-process by calling one command inside another (no sleeps, no threads).
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tutor.cli import main, ways_play
from tutor.cli.commands.play import _play_rubber
from tutor.cli.ways_play import play_way
from tutor.cli.ways_robots import five_rubber_record
from tutor.engine.errors import TutorError
from tutor.engine.ways.catalogue import find_way
from tutor.lessons.progress import DEFAULT_LEARNER, TableSlot, open_store
from tutor.lessons.ways.robots import robot_action
from tutor.lessons.ways.table import WayTable

FIVE = "5-sit-out"  # the evening's key in the store (docs/table-sizes.md)


def _args(**kw: Any) -> SimpleNamespace:
    base = {"players": 5, "way": None, "five_round": 0, "way_options": [], "rubber": False, "deviations": "end",
            "pbn_file": None, "db": None, "seat": "T"}
    return SimpleNamespace(**(base | kw))


def _no_reading(prompt: str) -> str:
    raise AssertionError(f"the learner sits this round out; nothing is asked: {prompt}")


def _evening(db: str) -> dict[str, Any]:
    with open_store(db) as store:
        evening = store.load_table(DEFAULT_LEARNER, way=FIVE)
    assert evening is not None
    return evening


def _pair_and_points(seed: int, round_no: int) -> list[Any]:
    """The robots' rubber of a round the learner sits out, as the evening keeps it (the pair that won, by
    its index among the round's pairs, and the difference)."""
    from tutor.engine.ways.five import five_table
    from tutor.lessons.ways.table import FIVE_NAMES

    result = five_rubber_record(seed, round_no)["result"]
    assert result["winner"] is not None  # the seeds below: rubbers the robots finish
    return [five_table(FIVE_NAMES, round_no).pairs.index(tuple(result["winner"])), result["points"]]


# --- 4. the evening: a round saved meanwhile is kept -----------------------------------------------------

def _meanwhile(monkeypatch: pytest.MonkeyPatch, other: SimpleNamespace, seed: int) -> None:
    """While this command's robots play its round, another command plays ``other``'s round to its end and
    saves it (the audit's two terminals, interleaved in the order that lost the other's round)."""
    real = ways_play.five_rubber_record
    done: list[bool] = []

    def playing(*a: Any) -> Any:
        if not done:
            done.append(True)
            assert play_way(other, seed, _no_reading, _play_rubber) == 0
        return real(*a)

    monkeypatch.setattr(ways_play, "five_rubber_record", playing)


def test_a_round_saved_by_another_terminal_meanwhile_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """T sits out rounds 0 and 5 (RO l.543): both are robots' rubbers, played at once in two terminals."""
    db = str(tmp_path / "p.db")
    _meanwhile(monkeypatch, _args(five_round=5, db=db), seed=7)
    assert play_way(_args(five_round=0, db=db), 7, _no_reading, _play_rubber) == 0
    assert _evening(db)["results"] == {"0": _pair_and_points(7, 0), "5": _pair_and_points(7, 5)}
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("The evening's running record (rounds 0, 5)")


def test_the_same_round_saved_meanwhile_with_another_result_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "p.db")
    theirs, mine = _pair_and_points(8, 0), _pair_and_points(7, 0)
    assert theirs != mine  # two results for one round: which is the evening's is not to be guessed
    _meanwhile(monkeypatch, _args(five_round=0, db=db), seed=8)
    with pytest.raises(TutorError) as refused:
        play_way(_args(five_round=0, db=db), 7, _no_reading, _play_rubber)
    assert "\n" not in str(refused.value) and "Round 0" in str(refused.value)
    assert _evening(db)["results"] == {"0": theirs}  # the other's round stays; nothing of this one written
    monkeypatch.undo()
    assert play_way(_args(five_round=0, db=db), 7, _no_reading, _play_rubber) == 0  # played again: replaced
    assert _evening(db)["results"] == {"0": mine}


# --- 5. two and three players' --rubber, and the learner's seat at five, kept after every move -----------

def _stdin(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    data = "".join(f"{line}\n" for line in lines).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def _learners_moves(seed: int, count: int) -> tuple[list[str], list[tuple[tuple[str, str], ...]]]:
    """``count`` moves of player A at the two-handed default way's first deal of ``seed`` (an opening bid,
    then the first legal action), and the deal's steps after each with the robots' answers: what the
    table must hold, by the way's rule that the steps replay the deal exactly."""
    table = WayTable(find_way(2, None, {}), seed, learner="A")
    moves, steps = [], []
    for n in range(count):
        table.run_robots()
        assert table.learners_turn  # the deal is not over within these moves
        legal = table.game.legal_actions()
        move = legal[1] if n == 0 and len(legal) > 1 else legal[0]
        table.act(move)
        table.run_robots()
        moves.append(move)
        steps.append(table.game.steps)
    return moves, steps


def _kept(db: str, way: str) -> dict[str, Any]:
    with open_store(db) as store:
        stored = store.open_table(TableSlot(DEFAULT_LEARNER, way))
    assert stored is not None, f"no table of {way} is kept"
    return stored.state


def test_a_two_player_rubber_is_kept_after_every_move_and_taken_up_after_a_restart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "p.db")
    way = find_way(2, None, {})
    key = f"2-{way.name}"  # the page's key for the way's table (docs/table-sizes.md: "2-exchange")
    moves, steps = _learners_moves(5, 4)
    _stdin(monkeypatch, [*moves[:2], "quit"])
    assert main(["play", "--players", "2", "--rubber", "--seed", "5", "--db", db]) == 0
    first = WayTable.from_json(_kept(db, key), reasons=False)
    assert (first.seed, first.deal_no, first.game.steps) == (5, 0, steps[1])
    capsys.readouterr()

    _stdin(monkeypatch, [*moves[2:], "quit"])  # the next start, no seed given: the same table goes on
    assert main(["play", "--players", "2", "--rubber", "--db", db]) == 0
    assert "Going on with your rubber" in capsys.readouterr().out
    again = WayTable.from_json(_kept(db, key), reasons=False)
    assert (again.seed, again.deal_no, again.uid, again.game.steps) == (5, 0, first.uid, steps[3])

    _stdin(monkeypatch, ["quit"])  # --new starts another, deal 1 of a fresh rubber
    assert main(["play", "--players", "2", "--rubber", "--new", "--seed", "6", "--db", db]) == 0
    fresh = WayTable.from_json(_kept(db, key), reasons=False)
    assert (fresh.seed, fresh.deal_no, fresh.finished) == (6, 0, [])


def test_a_finished_rubber_is_not_taken_up_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.lessons.ways.rubber import rubber_of

    db = str(tmp_path / "p.db")
    way = find_way(2, None, {})
    table = WayTable(way, 5, learner="A")  # the robot's move in the learner's place, deal after deal
    while True:
        table.run_robots()
        while table.learners_turn:
            table.act(robot_action(table.game).action)
            table.run_robots()
        if rubber_of(table).over:
            break
        table = table.next_deal()
    with open_store(db) as store:
        store.save_table(table.to_json(), DEFAULT_LEARNER, way=f"2-{way.name}")
    _stdin(monkeypatch, ["quit"])
    assert main(["play", "--players", "2", "--rubber", "--db", db]) == 0
    assert "Going on" not in capsys.readouterr().out
    new = WayTable.from_json(_kept(db, f"2-{way.name}"), reasons=False)
    assert (new.deal_no, new.finished, new.game.steps) == (0, [], ())


def test_a_three_player_rubber_is_kept_under_its_ways_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "p.db")
    _stdin(monkeypatch, ["quit"])
    assert main(["play", "--players", "3", "--way", "auction", "--rubber", "--seed", "9", "--db", db]) == 0
    kept = WayTable.from_json(_kept(db, "3-auction"), reasons=False)
    assert (kept.way.players, kept.way.name, kept.seed) == (3, "auction", 9)


def test_the_learners_seat_at_five_is_kept_after_every_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A (the default learner) plays round 0 at his seat; he passes once and stops: the pass is kept, and
    the next start of that round goes on with the same rubber (not a new random one)."""
    from tutor.lessons.table.rubber import PracticeRubber

    db = str(tmp_path / "p.db")
    _stdin(monkeypatch, ["P", "quit"])
    assert main(["play", "--players", "5", "--round", "0", "--seed", "3", "--db", db]) == 0
    assert "not over" in capsys.readouterr().out

    def kept_rubber() -> PracticeRubber:
        state = [v for k, v in _kept_any(db).items() if k.startswith("5-") and k != FIVE]
        assert len(state) == 1, "the rubber at the learner's seat is kept"
        return PracticeRubber.from_json(state[0]["rubber"])

    def moves(rubber: PracticeRubber) -> list[tuple[int, str, str]]:
        """Every step of the rubber so far, deal by deal (a deal passed out by the learner's pass is finished)."""
        deals = [*rubber.finished, *([rubber.current] if rubber.current else [])]
        return [(n, s.seat.value, s.action) for n, deal in enumerate(deals) for s in deal.steps]

    def learners(rubber: PracticeRubber) -> list[str]:
        deals = [*rubber.finished, *([rubber.current] if rubber.current else [])]
        return [s.action for deal in deals for s in deal.steps if s.learner]

    first = kept_rubber()
    assert first.seed == 3 and learners(first) == ["P"]  # the pass typed before the quit is kept
    _stdin(monkeypatch, ["quit"])
    assert main(["play", "--players", "5", "--round", "0", "--db", db]) == 0  # no seed: a random one, were it new
    assert re.search(r"Going on with your rubber .*seed 3", capsys.readouterr().out)
    again = kept_rubber()
    assert again.seed == 3 and moves(again) == moves(first) and learners(again) == ["P"]
    with open_store(db) as store:  # the round is not over: nothing in the evening's record for it
        evening = store.load_table(DEFAULT_LEARNER, way=FIVE)
    assert not (evening or {}).get("results")


def _kept_any(db: str) -> dict[str, dict[str, Any]]:
    """Every table kept for the default profile, by its way's key."""
    import json
    import sqlite3

    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT way, state FROM tables WHERE learner = ?", (DEFAULT_LEARNER,)).fetchall()
    return {str(way): json.loads(state) for way, state in rows}
