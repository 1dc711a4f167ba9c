"""The engine's game for each way of Vint for two, three and five players (laws two-1 … five-2).

Expectations come from the seed lines cited in each test (RO = 000_…txt, the Romanian book;
EN = 004_…txt, the English two-player text) or from properties stated independently (52
cards always accounted for, every hand 13 cards at the play).
"""

from __future__ import annotations

import random
import re

import pytest

from tutor.engine.calls import Bid
from tutor.engine.cards import SEATS, Card, Seat
from tutor.engine.errors import IllegalCallError, IllegalPlayError, TutorError
from tutor.engine.ways.bidding import WayAuction
from tutor.engine.ways.catalogue import ALL_WAYS, find_way, ways_for
from tutor.engine.ways.five import five_record, five_table
from tutor.engine.ways.game import WayGame, deal_way
from tutor.engine.ways.result import game_score
from tutor.engine.ways.score import honours_written

SEATED = [w for w in ALL_WAYS if w.players in (2, 3)]


def _play_out(game: WayGame, rng: random.Random) -> None:
    """Random legal actions to the end, checking the invariants at every step."""
    while (turn := game.to_act) is not None:
        actions = game.legal_actions()
        assert actions, f"{game.way.name}: a player in turn with no legal action"
        action = actions[0] if game.phase == "auction" and rng.random() < 0.5 else rng.choice(actions)
        game.act(turn[0], action)
        cards = sum(len(game.hand(s)) for s in SEATS)
        if game.play is not None:
            cards += len(game.play.played_cards())
        assert cards <= 52


def test_the_ways_the_sources_give() -> None:
    """RO l.441-515 and EN l.3-29: five two-player ways (EN's third only in the summaries);
    RO l.517-539: two three-player ways; RO l.541-547: five players."""
    assert [w.law for w in ways_for(2)] == ["two-1", "two-2", "two-5", "two-3", "two-4"]
    assert [w.law for w in ways_for(3)] == ["three-1", "three-2"]
    assert [w.law for w in ways_for(5)] == ["five-1"]
    with pytest.raises(TutorError, match="2, 3 and 5"):
        ways_for(4)
    with pytest.raises(TutorError, match="one of"):
        find_way(2, "bridge")


def test_buy_in_way_deals_twelve_each_and_four_to_the_buy_in() -> None:
    """RO l.499: 'divided not by thirteen but by twelve cards, four in the middle form the buy-in'."""
    setup = deal_way(find_way(2, "buy-in"), random.Random(3))
    assert [len(setup.hands[s]) for s in SEATS] == [12, 12, 12, 12]
    assert len(setup.buy_in) == 4
    assert len({c for h in setup.hands.values() for c in h} | set(setup.buy_in)) == 52


def test_buy_in_way_allows_nothing_below_three() -> None:
    """RO l.509: 'no small designations are made, less than three may not be announced'."""
    auction = WayAuction("alternate", (Seat.S, Seat.W), min_level=3, law="two-4")
    with pytest.raises(IllegalCallError) as err:
        auction.call(Bid.parse("2NT"))
    assert err.value.law == "two-4"
    auction.call(Bid.parse("3S"))
    with pytest.raises(IllegalCallError) as err2:
        auction.call(Bid.parse("3S"))
    assert err2.value.law == "law-35"


def test_buy_in_way_partie_needs_600() -> None:
    """RO l.513: 'to end the game or the rubber you must have not 500 but 600 below the line'."""
    assert find_way(2, "buy-in").partie_target == 600
    assert all(w.partie_target == 500 for w in ALL_WAYS if w.name != "buy-in")


def _to_buy(seed: int = 1) -> WayGame:
    game = WayGame(deal_way(find_way(2, "buy-in"), random.Random(seed)))
    game.act("A", "3NT")
    game.act("B", "P")
    return game


def test_the_buyer_says_where_he_buys_before_the_buy_in_is_turned_up() -> None:
    """RO l.505: 'always obliged, before opening the buy-in, to say exactly where he buys'."""
    game = _to_buy()
    assert game.phase == "buy" and game.legal_actions() == ("hand", "dummy")
    buy_in = set(game.setup.buy_in)
    assert not any(buy_in & set(h) for h in game.visible("A").values())
    with pytest.raises(IllegalCallError) as err:
        game.act("A", "SA N")
    assert err.value.law == "two-4"
    game.act("A", "dummy")
    assert buy_in <= set(game.hand(Seat.N))  # A's dummy sits opposite him, at N
    assert len(game.hand(Seat.N)) == 16


def test_the_buyer_gives_one_card_to_each_other_hand_then_bids_finally() -> None:
    """RO l.507 (garbled; tutor's reading on law two-4): three surplus cards, one to each other hand,
    then 'the final designation is made' — every hand 13 cards."""
    game = _to_buy()
    game.act("A", "hand")
    card = next(iter(game.hand(Seat.S)))
    game.act("A", f"give {card} W")
    with pytest.raises(IllegalCallError, match="each of the three other hands"):
        game.act("A", f"give {next(iter(game.hand(Seat.S)))} W")
    for seat in ("N", "E"):
        game.act("A", f"give {next(iter(game.hand(Seat.S)))} {seat}")
    assert game.phase == "final"
    assert all(len(game.hand(s)) == 13 for s in SEATS)
    with pytest.raises(IllegalCallError):
        game.act("A", "3H")  # not above 3NT
    game.act("A", "4S")
    assert str(game.contract) == "4S by S" and game.phase == "play"
    assert game.play is not None and game.play.to_play is Seat.W  # B, who gave way, leads (RO l.491)


def test_two_dummies_first_lead_is_the_declarers_and_blind() -> None:
    """RO l.449: 'the first lead belongs to the partner who designated the game and is made in the
    dark, with the dummies not yet uncovered'."""
    game = WayGame(deal_way(find_way(2, "dummies"), random.Random(5)))
    game.act("A", "P")
    game.act("B", "2H")
    game.act("A", "P")
    assert game.play is not None and game.play.to_play is Seat.W
    assert game.exposed() == frozenset()
    assert Seat.N in game.visible("A") and Seat.E not in game.visible("A")  # his own dummy only
    game.act("B", game.legal_actions()[0])
    assert game.exposed() == {Seat.N, Seat.E}


def test_dummy_auction_way_dealers_dummy_open_the_others_closed_even_to_him() -> None:
    """RO l.489 / EN l.22: the dealer opens his dummy at once; 'the second player, without looking
    at the dummy's cards' bids; after the auction the closed dummy is opened and the one who gave way
    leads from himself (RO l.491)."""
    game = WayGame(deal_way(find_way(2, "dummy-auction"), random.Random(2)))
    assert game.exposed() == {Seat.N}  # A deals the first deal; his dummy lies opposite him
    assert Seat.E not in game.visible("B")
    game.act("A", "1S")
    game.act("B", "P")
    assert game.exposed() == {Seat.N, Seat.E}
    assert game.play is not None and game.play.to_play is Seat.W


def test_exchange_way_the_pile_on_the_right_replaces_the_hand() -> None:
    """RO l.465-469: throw the cards away and buy those on the right; no using the discarded cards,
    and a player who did not exchange may not look at the pile."""
    game = WayGame(deal_way(find_way(2, "exchange"), random.Random(4)))
    pile = set(game.setup.hands[Seat.E])
    assert set(game.visible("A")) == {Seat.S}
    game.act("A", "exchange")
    assert set(game.hand(Seat.S)) == pile
    game.act("B", "keep")
    assert set(game.visible("B")) == {Seat.W}
    assert game.phase == "auction"


def test_one_card_way_buys_the_top_of_the_pile_for_each_card_thrown() -> None:
    """EN l.16-17: discard the worst card, 'buy the topmost card from the pile lying to his right',
    and so on; he may stop as soon as the cards suit him."""
    setup = deal_way(find_way(2, "one-card"), random.Random(6))
    game = WayGame(setup)
    thrown = Card.parse(game.legal_actions()[1].split()[1])
    game.act("A", f"swap {thrown}")
    assert thrown not in game.hand(Seat.S) and setup.hands[Seat.E][0] in game.hand(Seat.S)
    with pytest.raises(TutorError, match=r"two-player rule 5\b"):
        game.act("A", f"swap {thrown}")
    game.act("A", "stop")
    assert game.to_act is not None and game.to_act[0] == "B"


def test_two_handed_play_has_tricks_of_two_cards_and_follows_suit() -> None:
    """RO l.459-461: no dummies, no open cards, the two players opposite — only two hands play."""
    game = WayGame(deal_way(find_way(2, "exchange"), random.Random(4)))
    for player, action in (("A", "keep"), ("B", "keep"), ("A", "1NT"), ("B", "P")):
        game.act(player, action)
    assert game.play is not None and game.play.to_play is Seat.S  # the declarer leads
    lead = Card.parse(game.legal_actions()[-1])
    game.act("A", str(lead))
    follow = [c for c in game.hand(Seat.W) if c.suit is lead.suit]
    if follow:
        other = next((c for c in game.hand(Seat.W) if c.suit is not lead.suit), None)
        if other is not None:
            with pytest.raises(IllegalPlayError) as err:
                game.act("B", str(other))
            assert err.value.law == "law-147"
    game.act("B", game.legal_actions()[0])
    assert len(game.play.tricks) == 1


def test_three_players_dummy_way_partners_bid_then_the_dummy_player_overcalls_once() -> None:
    """RO l.521: the partners bid first; the dummy player lets them play or overcalls; 'after this
    designation the partners may no longer raise'."""
    game = WayGame(deal_way(find_way(3, "dummy"), random.Random(1)))
    d = game.setup.dummy_player
    assert d is not None and game.seat_of(d) is Seat.S  # the first dummy-player, with the dummy at N
    left, right = (next(p for p in "ABC" if game.seat_of(p) is s) for s in (Seat.W, Seat.E))
    for player, call in ((left, "1H"), (right, "P"), (left, "P"), (right, "P"), (left, "P")):
        game.act(player, call)
    assert game.to_act == (d, Seat.S)
    game.act(d, "2S")
    assert game.phase == "play" and str(game.contract) == "2S by S"
    assert game.play is not None and game.play.to_play is Seat.W  # after the designator (RO l.525)
    assert game.exposed() == frozenset()  # the first trick almost blind
    for _ in range(4):
        turn = game.to_act
        assert turn is not None
        game.act(turn[0], game.legal_actions()[-1])
    assert game.exposed() == {Seat.N}


def test_three_players_auction_way_the_winner_moves_opposite_the_open_dummy() -> None:
    """RO l.533-535: all three bid for the open dummy; the winner moves opposite it; the first lead
    is the player's on the dummy's right."""
    game = WayGame(deal_way(find_way(3, "auction"), random.Random(7)))
    assert game.exposed() == {Seat.N}
    hand_b = set(game.hand(game.seat_of("B")))
    for player, call in (("A", "P"), ("B", "1D"), ("C", "P"), ("A", "P")):
        game.act(player, call)
    assert game.seat_of("B") is Seat.S and set(game.hand(Seat.S)) == hand_b
    assert game.declarer == "B" and game.play is not None
    assert game.play.to_play is Seat.N.rho  # on the dummy's right


@pytest.mark.parametrize("way", SEATED, ids=lambda w: w.name)
def test_every_way_plays_to_the_end_with_legal_moves_only(way: object) -> None:
    from tutor.engine.ways.catalogue import Way

    assert isinstance(way, Way)
    for seed in range(6):
        rng = random.Random(seed)
        game = WayGame(deal_way(way, rng, deal_no=seed))
        _play_out(game, rng)
        assert game.phase == "over"
        score = game_score(game)
        if game.play is not None:
            assert sum(score.tricks.values()) == 13
            declarer = game.declarer
            assert declarer is not None
            defender = next(p for p in game.setup.players if game.seat_of(p).side is not game.seat_of(declarer).side)
            assert game.tricks_of(declarer) + game.tricks_of(defender) == 13
        replay = WayGame(game.setup, game.steps)
        assert replay.steps == game.steps and replay.phase == "over"


def test_two_handed_honours_two_count_only_against_one_or_none() -> None:
    """RO l.471: 'for five, four, three and even two — but these last only when one player has two
    and the other one or none'."""
    assert honours_written(5, 0) == 5 and honours_written(3, 2) == 3
    assert honours_written(2, 1) == 2 and honours_written(2, 0) == 2
    assert honours_written(2, 2) == 0 and honours_written(1, 0) == 0 and honours_written(1, 2) == 0


def test_five_players_the_highest_card_sits_out_first_and_comes_back_with_the_lowest() -> None:
    """RO l.543: 'whoever drew the highest card goes out first, and then each player who comes in
    plays with the one who drew the lowest'."""
    order = ("T", "A", "K", "F", "N")  # the book's record order: highest card first
    first = five_table(order, 0)
    assert first.sitting_out == "T"
    assert five_table(order, 1).sitting_out == "A"
    assert "T" in five_table(order, 1).pairs[0] and "N" in five_table(order, 1).pairs[0]
    for n in range(10):
        table = five_table(order, n)
        players = [p for pair in table.pairs for p in pair]
        assert sorted(players + [table.sitting_out]) == sorted(order)


def test_five_player_running_record_sums_to_zero_and_keeps_the_drawn_order() -> None:
    """RO l.545-547: the record (T -55, A +109, K +16, F -33, N -37) sums to zero; the highest card first."""
    record = five_record(("T", "A", "K", "F", "N"), [(0, 37), (1, 18), (0, 54)])
    assert sum(record.balance.values()) == 0
    assert record.line().startswith("T.") and record.line().split()[-1].startswith("N.")
    assert sum((-55, 109, 16, -33, -37)) == 0


@pytest.mark.parametrize("way", SEATED, ids=lambda w: w.name)
def test_every_refused_call_or_card_names_the_law_it_breaks_once(way: object) -> None:
    """At each turn of random games, calls and cards that are not legal are refused by a message
    naming the law they break, once (a way's insufficient bid read "must be higher (law 35) (law 35)")."""
    from tutor.engine.calls import all_bids
    from tutor.engine.cards import FULL_PACK
    from tutor.engine.nouns import numbered_law
    from tutor.engine.ways.catalogue import Way

    assert isinstance(way, Way)
    refused = 0
    for seed in range(3):
        rng = random.Random(seed)
        game = WayGame(deal_way(way, rng, deal_no=seed))
        while (turn := game.to_act) is not None:
            legal = set(game.legal_actions())
            tries = ["P", *(str(b) for b in all_bids())] if game.phase == "auction" else \
                [str(c) for c in FULL_PACK] if game.phase == "play" else []
            illegal = [t for t in tries if t not in legal]
            for action in rng.sample(illegal, min(4, len(illegal))):
                with pytest.raises(TutorError) as caught:
                    WayGame(game.setup, game.steps).act(turn[0], action)
                law = getattr(caught.value, "law", None)
                if law is not None:
                    refused += 1
                    name = numbered_law(law) or law
                    assert len(re.findall(rf"(?<![\w≈]){re.escape(name)}(?!\d)", str(caught.value))) == 1, \
                        str(caught.value)
            game.act(turn[0], rng.choice(sorted(legal)))
    assert refused > 20
