"""Robots play every way to the end (issue 19): seeded, with the invariants of each way checked at
every step; `tutor robots --players N --json` and `tutor play --players N` at the terminal.

Invariants stated independently of the code: the 52 cards are always accounted for; a robot acts
only for a seat its player holds; a dummy's cards are exposed exactly when its way says (RO l.449,
489-491, 525, 533); thirteen tricks are played; the five-player record sums to zero (RO l.545).
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from tutor.cli import main
from tutor.engine.cards import SEATS, Seat
from tutor.engine.ways.catalogue import ALL_WAYS, Way, find_way
from tutor.engine.ways.game import WayGame
from tutor.lessons.ways.robots import robot_action
from tutor.lessons.ways.table import WayTable

SEATED = [w for w in ALL_WAYS if w.players in (2, 3)]


def _expected_exposed(game: WayGame) -> set[Seat]:
    """The dummies each way's law turns up, stated from the seed lines, not from the engine."""
    way, play = game.way, game.play
    dummies = {Seat.N, Seat.E} if way.dummies == 2 else ({Seat.N} if way.dummies == 1 else set())
    if way.name == "dummies":  # RO l.449: the first lead is blind, then the game is open
        return dummies if play is not None and play.played_cards() else set()
    if way.name in ("dummy-auction", "buy-in"):  # RO l.489-491: dealer's dummy at once, the other after
        dealer_dummy = game.seat_of(game.setup.dealer).partner
        return dummies if game.phase not in ("auction",) else {dealer_dummy}
    if way.name == "dummy":  # RO l.525: the first trick almost blind
        return dummies if play is not None and play.tricks else set()
    return dummies  # the auction way: the open dummy (RO l.533); no dummies: nothing


def _robots_to_the_end(way: Way, seed: int) -> WayGame:
    table = WayTable(way, seed, learner=None)
    game = table.game
    while (turn := game.to_act) is not None:
        assert game.exposed() == _expected_exposed(game), (way.name, game.phase)
        decision = robot_action(game)
        # a decision that calls itself the tutor's default is marked so: a review counts only the book's
        # own calls and cards as a learner's mistakes
        assert decision.default or "the tutor's default" not in decision.explanation, decision
        player, seat = turn
        assert decision.player == player and game.owner(seat) == player or game.phase == "exchange"
        game.act(decision.player, decision.action)
        held = sum(len(game.hand(s)) for s in SEATS) + (len(game.play.played_cards()) if game.play else 0)
        assert held + (len(game.setup.buy_in) if game.phase in ("auction",) and way.buy_in else 0) <= 52
    return game


@pytest.mark.parametrize("way", SEATED, ids=lambda w: w.name)
def test_robots_play_every_way_to_the_end(way: Way) -> None:
    played = 0
    for seed in range(12):
        game = _robots_to_the_end(way, seed)
        assert game.phase == "over"
        if game.play is not None:
            played += 1
            assert len(game.play.tricks) == 13
    assert played, f"no seeded deal of the {way.name} way reached the play"


def test_three_player_partners_lead_into_the_dummys_weak_and_strong_suits() -> None:
    """RO l.527: the partner on the left of the open cards leads the dummy's weak suit, the one on
    the right its strong suits. Some seeded deal shows both leads."""
    from tutor.lessons.ways.robots import play_by_robots, suit_strength

    seen = set()
    for seed in range(30):
        table = WayTable(find_way(3, "dummy"), seed, learner=None)
        for decision in play_by_robots(table.game):
            if decision.rule.startswith("three-dummy-lead"):
                seen.add((decision.seat, decision.rule))
        if len(seen) == 2:  # noqa: PLR2004
            break
    assert seen == {(Seat.E, "three-dummy-lead-weak"), (Seat.W, "three-dummy-lead-strong")}
    from tutor.engine.cards import Hand, Suit

    dummy = Hand.parse("AKQ2.543.5432.J2")  # hearts: no points, three cards
    assert max(Suit, key=lambda s: suit_strength(dummy, s)) is Suit.SPADES
    assert min(Suit, key=lambda s: suit_strength(dummy, s)) is Suit.HEARTS


@pytest.mark.parametrize("players,way", [(2, "dummies"), (2, "exchange"), (2, "one-card"),
                                         (2, "dummy-auction"), (2, "buy-in"), (3, "dummy"), (3, "auction")])
def test_tutor_robots_plays_a_seeded_deal_of_the_way(players: int, way: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["robots", "--players", str(players), "--way", way, "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["way"] == way and out["phase"] == "over"
    assert main(["robots", "--players", str(players), "--way", way, "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == out  # the same seed, the same record
    if out["contract"]:
        assert sum(out["tricks"][p] for p in out["tricks"] if out["seats"][p] in ("S", "W")) == 13


def test_tutor_robots_five_players_rubber_and_record(capsys: pytest.CaptureFixture[str]) -> None:
    """RO l.543-545: T (the highest card) sits out first; the record sums to zero."""
    assert main(["robots", "--players", "5", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["sitting_out"] == "T"
    assert sum(out["record"]["record"].values()) == 0
    if out["over"]:
        assert out["record"]["record"]["T"] == 0
        winners = out["result"]["winner"]
        assert all(out["record"]["record"][w] == out["result"]["points"] for w in winners)


def test_a_bad_way_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["robots", "--players", "3", "--way", "bridge", "--seed", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "dummy, auction" in err


def test_tutor_play_two_players_at_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    """The learner (A) acts where the robots leave him, refused with the law when illegal."""
    from tutor.cli.commands.play import _play_rubber
    from tutor.cli.ways_cli import play_way

    answers = iter(["1S", "quit"])
    args = SimpleNamespace(players=2, way="buy-in", five_round=0)
    assert play_way(args, 7, lambda _: next(answers), _play_rubber) == 0
    out = capsys.readouterr().out
    assert "Not allowed" in out and "two-player rule 4" in out and "two-4" not in out  # nothing below three, named


def test_learner_sees_only_what_his_player_may() -> None:
    """RO l.489 / EN l.22: in the dummy-auction way the non-dealer bids without his dummy."""
    table = WayTable(find_way(2, "dummy-auction"), 5, deal_no=0, learner="B")
    table.run_robots()
    if table.game.phase == "auction":
        assert Seat.E not in table.seen() and Seat.N in table.seen()


def test_tutor_play_five_players_seats_the_learner_by_the_rotation(capsys: pytest.CaptureFixture[str]) -> None:
    """RO l.543: T (the highest card) sits out the first rubber and comes back with the lowest card
    still playing (N): in round 1 T and N are partners (the learner here chose T)."""
    from tutor.cli.commands.play import _play_rubber
    from tutor.cli.ways_cli import play_way

    args = SimpleNamespace(players=5, way=None, five_round=1, seat="T")
    assert play_way(args, 4, lambda _: "quit", _play_rubber) == 0
    out = capsys.readouterr().out
    assert "A sits out" in out and "with N opposite" in out


def test_way_table_replays_from_its_json_and_undoes_the_learners_move() -> None:
    table = WayTable(find_way(3, "auction"), 11, learner="B")
    table.run_robots()
    assert table.learners_turn
    before = table.game.steps
    table.act(table.game.legal_actions()[0])
    table.run_robots()
    again = WayTable.from_json(table.to_json())
    assert again.game.steps == table.game.steps and again.phase == table.phase
    assert table.undo() and table.game.steps == before
    with pytest.raises(Exception, match="damaged"):
        WayTable.from_json({"players": 3})
