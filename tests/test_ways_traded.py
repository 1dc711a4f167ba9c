"""The traded dummies of the two-player ways (book's third and fourth ways, laws two-3 and two-4).

RO = 000_…txt, the Romanian book; EN = 004_…txt, the English text. "This Vint also has two
dummies, but they are traded in a special way" (RO l.487); the dealer's dummy is opened at once
and bid on (RO l.491, EN l.22); "when the game is settled, the player who conceded takes the
closed dummy, reveals its cards and leads from himself; the first lead is always from the hand
of the non-declarer" (RO l.493, EN l.23); the dummies are not moved, so when the non-dealer
declares both dummies lie beside the players (RO l.495, EN l.24) — "it is also played with the
transfer, but this is much more boring" (RO l.495).
"""

from __future__ import annotations

import random

import pytest

from tutor.engine.cards import Seat
from tutor.engine.tricks import TrickPlay
from tutor.engine.ways.catalogue import find_way
from tutor.engine.ways.game import WayGame, deal_way
from tutor.lessons.ways.robots import play_by_robots

SEEDS = range(40)


def _played(name: str, seed: int, options: dict[str, str] | None = None) -> WayGame:
    way = find_way(2, name, options)
    game = WayGame(deal_way(way, random.Random(seed), deal_no=seed))
    play_by_robots(game)
    return game


@pytest.mark.parametrize("name", ["dummy-auction", "buy-in"])
def test_the_declarer_plays_the_dummy_he_bid_on_in_every_robot_deal(name: str) -> None:
    """RO l.491-493: the dealer's open dummy goes to the declarer, the closed one to the conceder."""
    played = 0
    for seed in SEEDS:
        game = _played(name, seed)
        contract = game.play_contract
        if contract is None:
            continue
        played += 1
        declarer = game.declarer
        assert declarer is not None
        other = next(p for p in game.setup.players if p != declarer)
        dealer = game.setup.dealer
        open_dummy = game.seat_of(dealer).partner  # dealt opposite the dealer, opened at once
        closed = game.seat_of(next(p for p in game.setup.players if p != dealer)).partner
        assert game.dummy_of(declarer) is open_dummy
        assert game.dummy_of(other) is closed
        # every card from the open dummy was played by the declarer, from the closed one by the other
        assert isinstance(game.play, TrickPlay)
        cards = [(r.seat, r.card) for r in game.play.log]
        steps = game.steps[len(game.steps) - len(cards):]
        for (seat, card), (player, action) in zip(cards, steps, strict=True):
            assert action == str(card)
            if seat is open_dummy:
                assert player == declarer
            if seat is closed:
                assert player == other
        # the first lead from the non-declarer's own hand (RO l.493)
        assert game.play.first_leader is game.seat_of(other)
    assert played >= 5  # the property was tried on played deals, not only thrown-in ones


def test_non_dealer_declaring_the_dummies_lie_beside_the_players() -> None:
    """RO l.495: the dummies are not moved: the declarer's dummy sits beside him, not opposite."""
    seen = 0
    for seed in SEEDS:
        game = _played("dummy-auction", seed)
        if game.play_contract is None or game.declarer == game.setup.dealer:
            continue
        seen += 1
        declarer = game.declarer
        assert declarer is not None
        mine = game.dummy_of(declarer)
        assert mine is not None and mine is not game.seat_of(declarer).partner
        assert mine in (game.seat_of(declarer).lho, game.seat_of(declarer).rho)
        assert not game.partners_opposite
    assert seen >= 1


def test_with_the_transfer_the_dummy_bid_on_moves_opposite_the_declarer() -> None:
    """RO l.495: 'it is also played with the transfer': the cards of the dummy bid on lie opposite him."""
    seen = 0
    for seed in SEEDS:
        game = _played("dummy-auction", seed, {"dummy-transfer": "transfer"})
        if game.play_contract is None or game.declarer == game.setup.dealer:
            continue
        seen += 1
        declarer = game.declarer
        assert declarer is not None
        dealer_dummy_cards = set(game.setup.hands[game.seat_of(game.setup.dealer).partner])
        opposite = game.seat_of(declarer).partner
        assert game.dummy_of(declarer) is opposite and game.partners_opposite
        assert set(game.final_hands()[opposite]) == dealer_dummy_cards
    assert seen >= 1


def test_the_closed_dummy_is_seen_by_nobody_until_the_contract() -> None:
    """EN l.22: the second player bids 'without looking at the dummy's cards'; RO l.493: turned up after."""
    game = WayGame(deal_way(find_way(2, "dummy-auction"), random.Random(2)))
    dealer = game.setup.dealer
    other = next(p for p in game.setup.players if p != dealer)
    closed = game.seat_of(other).partner
    for player in game.setup.players:
        assert closed not in game.visible(player)
        assert game.seat_of(dealer).partner in game.visible(player)  # the open dummy, for both
    assert game.exposed() == {game.seat_of(dealer).partner}
    assert Seat.N in game.dummy_seats() and Seat.E in game.dummy_seats()


def test_the_hint_counts_the_dummy_the_player_may_see() -> None:
    """RO l.445: 'each player looks at his cards and his dummy' while bidding: where his own hand alone
    would pass and his dummy's would open, the robot's call (the hint) is not a pass."""
    from tutor.lessons.ways.robots import _book_call, robot_action

    found = 0
    for seed in range(120):
        game = WayGame(deal_way(find_way(2, "dummies"), random.Random(seed)))
        turn = game.to_act
        assert turn is not None
        player, seat = turn
        dummy = game.dummy_of(player)
        assert dummy is not None and dummy in game.visible(player)
        own, theirs = _book_call(game, seat, seat)["call"], _book_call(game, seat, dummy)["call"]
        if own == "P" and theirs != "P":
            found += 1
            decision = robot_action(game)
            assert decision.action == theirs and "dummy" in decision.explanation
    assert found >= 1


def test_the_sheet_reads_each_player_with_the_dummy_he_played() -> None:
    """RO l.495 ('records and calculations are the usual'): with the dummies beside the players, the
    tricks and the honours are counted for a player and the dummy he played, not the seats opposite."""
    from tutor.engine.cards import HONOUR_RANKS
    from tutor.engine.ways.result import game_score

    checked = 0
    for seed in SEEDS:
        game = _played("dummy-auction", seed)
        contract = game.play_contract
        if contract is None or game.partners_opposite:
            continue
        checked += 1
        score = game_score(game)
        declarer = game.declarer
        assert declarer is not None
        side = game.seat_of(declarer).side
        assert score.tricks[side] == game.tricks_of(declarer)
        trump = contract.trump
        for item in (i for i in score.items if i.kind == "honours" and trump is not None):
            player = next(p for p in game.setup.players if game.seat_of(p).side is item.side)
            held = sum(1 for s in game.side_seats(player) for c in game.final_hands()[s]
                       if c.suit is trump and c.rank in HONOUR_RANKS)
            assert held >= 3  # the side writing honours holds most of them in its two hands
    assert checked >= 1


@pytest.mark.parametrize("name,options", [("dummies", {"announcement": "single"}),
                                          ("dummy-auction", {"dummy-transfer": "transfer"}),
                                          ("buy-in", {"dummy-transfer": "transfer", "buy-in-five": "600-only"})])
def test_every_switched_way_plays_to_the_end_with_52_cards(name: str, options: dict[str, str]) -> None:
    from tutor.engine.ways.result import game_score

    for seed in range(12):
        game = _played(name, seed, options)
        assert game.phase == "over"
        score = game_score(game)
        if game.play is not None:
            assert len(game.play.played_cards()) == 52 and sum(score.tricks.values()) == 13
