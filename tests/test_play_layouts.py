"""``tutor play --layouts N``: the terminal's review priced on what the learner could know, at every table size;
and the four-handed terminal's decisions written to the review queue.

Expectations (docs/robots.md, docs/cost.md, docs/table-sizes.md; not read from the code): ``--layouts`` is a
whole number from 0 to 100, anything else refused in one line naming the flag and its range; a deal with
one deliberate deviation says its sampled line — "the average over N layouts", with the verdict in words
and its 95 % interval — only when ``--layouts`` is given; where a way cannot price a sampled line (tricks
of two cards; the buy-in still to come after the auction) the review says so for that deviation rather than
refusing the flag. At four players the deal's judged decisions go to the review queue as the page's do:
the deliberate deviation is the one mistake, asked again by ``tutor review``; recording the same deal again
adds nothing, and the same deal played again leaves one item in the queue.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from tablegame import deviate_once_at_way

from tutor.cli import main
from tutor.cli.table_options import MAX_REVIEW_LAYOUTS, review_layouts
from tutor.engine.cards import Seat
from tutor.engine.deals.generate import random_deal
from tutor.engine.ways.catalogue import find_way
from tutor.lessons.progress import open_store
from tutor.lessons.table import TableDeal
from tutor.lessons.table.review import book_answer
from tutor.lessons.ways.table import WayTable

#: the sampled line's verdict, in the words of docs/cost.md: the paired comparison with its 95 % interval, or
#: a gap with no spread said as what it was on each layout (no interval to give)
VERDICT = re.compile(r"(scores (more|less) than the book's choice|cannot be told apart).*95 % interval"
                     r"|score the same on every layout|on each of those \d+ layouts: (too few layouts|a points gap)")


@pytest.mark.parametrize("value", ["101", "-1", "1000", "ten", "2.5", ""])
@pytest.mark.parametrize("players", [[], ["--players", "3"]])
def test_layouts_out_of_bounds_are_refused_in_one_line(value: str, players: list[str],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "1", *players, "--layouts", value]) == 2  # noqa: PLR2004
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--layouts" in err and "0 to 100" in err


def test_layouts_bounds_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert MAX_REVIEW_LAYOUTS == 100  # noqa: PLR2004
    assert review_layouts("0") == 0 and review_layouts("100") == 100 and review_layouts(" 7 ") == 7  # noqa: PLR2004
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    helptext = " ".join(capsys.readouterr().out.split())
    assert "--layouts N" in helptext and "what you could know" in helptext and "0 to 100" in helptext


def _four_handed_moves(seed: int, deviation: str) -> list[str]:
    """South's actions on the seed's deal (North deals): the book's everywhere, but ``deviation`` at his
    first decision where the book's own rule answers otherwise."""
    table = TableDeal(random_deal(random.Random(seed)), Seat.N, Seat.S, seed=seed)
    moves: list[str] = []
    done = False
    while True:
        table.run_robots()
        if not table.learners_turn:
            return moves
        book = book_answer(table)
        action = str(book.get("call") or book.get("card"))
        if not done and not book.get("default") and action != deviation:
            action, done = deviation, True
        moves.append(action)
        table.act(action)


def _feed(monkeypatch: pytest.MonkeyPatch, moves: list[str]) -> None:
    left = list(moves)
    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", lambda prompt: left.pop(0))


def test_four_handed_review_prices_the_deviation_on_layouts_only_when_asked(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    moves = _four_handed_moves(2, "P")  # seed 2: South holds an opening one diamond (tests/test_cli_play.py)
    _feed(monkeypatch, moves)
    assert main(["play", "--seed", "2", "--deviations", "end"]) == 0
    plain = capsys.readouterr().out
    assert "Review: You passed; the book bids" in plain and "layouts" not in plain
    _feed(monkeypatch, moves)
    assert main(["play", "--seed", "2", "--deviations", "end", "--layouts", "6"]) == 0
    out = capsys.readouterr().out
    (review,) = [line for line in out.splitlines() if line.startswith("Review: You passed")]
    assert "on what you could know (the average over 6 layouts" in review
    assert VERDICT.search(review), review
    assert review.startswith("Review: " + plain.split("Review: ")[1].split(" Seen with every card")[0])  # same choice


def test_four_handed_terminal_writes_the_deviation_to_the_review_queue_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.cli.rubber_store import recorder
    from tutor.lessons.review import Exercise
    from tutor.lessons.review.mistakes import replay_mistakes

    db = str(tmp_path / "p.db")
    moves = _four_handed_moves(2, "P")
    _feed(monkeypatch, moves)
    assert main(["play", "--seed", "2", "--db", db, "--learner", "anna"]) == 0
    assert "1 mistake of yours written to your review queue (tutor review)." in capsys.readouterr().out
    with open_store(db) as store:
        (mistake,) = store.mistakes("anna")
        assert (mistake.answer.given, mistake.answer.expected) == ("P", "1D")
        assert mistake.answer.extra["source"] == "table"
        answers = len(store.answers("anna"))
        assert answers == len(moves)  # every decision of South's the book judges: here his one call
        ((_, exercise),) = list(replay_mistakes(store, "anna"))  # tutor review asks the very position
        assert isinstance(exercise, Exercise) and exercise.expected == "1D"
        # the same finished deal recorded again (a restart of the terminal's rubber): nothing is added
        table = TableDeal(random_deal(random.Random(2)), Seat.N, Seat.S, seed=2)
        for move in moves:
            table.run_robots()
            table.act(move)
        table.run_robots()
        record = recorder(store, "anna")
        record(table)
        count = len(store.answers("anna"))
        record(table)
        record(TableDeal.from_json(table.to_json()))
        assert len(store.answers("anna")) == count
    _feed(monkeypatch, moves)  # the same deal played again at the terminal: still one item in the queue
    assert main(["play", "--seed", "2", "--db", db, "--learner", "anna"]) == 0
    with open_store(db) as store:
        assert len(store.mistakes("anna")) == 1


def _way_moves(players: int, way: str, phase: str) -> tuple[int, list[str]]:
    """A seed and the learner's (A's) actions: the robot's in his place everywhere but at his first turn in
    ``phase`` with an action the robot does not allow, where he takes that other action."""
    for seed in range(40):
        table = WayTable(find_way(players, way), seed)
        if deviate_once_at_way(table, phase)[0] >= 0:
            return seed, [a for p, a in table.game.steps if p == "A"]
    raise AssertionError(f"no seed gave a {phase} turn with another action")


def test_a_ways_review_prices_a_card_on_layouts_only_when_asked(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    seed, moves = _way_moves(3, "auction", "play")
    run = ["play", "--players", "3", "--way", "auction", "--seed", str(seed), "--deviations", "end"]
    _feed(monkeypatch, moves)
    assert main(run) == 0
    plain = capsys.readouterr().out
    assert "Review of your moves:" in plain and "layouts" not in plain
    _feed(monkeypatch, moves)
    assert main([*run, "--layouts", "5"]) == 0
    review = capsys.readouterr().out.split("Review of your moves:")[1]
    assert "the average over 5 layouts of the cards you could not see" in review
    assert VERDICT.search(review), review
    assert "not priced here" not in review


@pytest.mark.parametrize("players,way,phase,why", [
    (2, "exchange", "play", "tricks have two cards"),
    (2, "buy-in", "auction", "the buy-in still follows the auction"),
])
def test_a_way_that_cannot_sample_says_so_for_the_deviation(players: int, way: str, phase: str, why: str,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    seed, moves = _way_moves(players, way, phase)
    _feed(monkeypatch, moves)
    assert main(["play", "--players", str(players), "--way", way, "--seed", str(seed), "--deviations", "end",
                 "--layouts", "4"]) == 0  # the flag is honoured: never refused for the way
    review = capsys.readouterr().out.split("Review of your moves:")[1]
    assert "On what you could know it is not priced here: " in review and why in review, review
