"""PBN with auction and play (tutor.engine.pbn): round trips, and files written by another program.

The independent reference is endplay's own PBN writer and reader (a bridge library): a
board it writes is read here with the same deal, dealer, calls, contract and cards in
order of play, and a file written here is read back by endplay with the same deal and play.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Bid as EBid
from endplay.types import Board as EBoard
from endplay.types import Card as ECard
from endplay.types import Contract as EContract
from endplay.types import Deal as EDeal
from endplay.types import Player

from tutor.engine.cards import Card, Deal, Seat
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import NotationError
from tutor.engine.pbn import PbnGame, dumps, loads
from tutor.lessons.robots import RobotDeal, robot_deal

SEEDS = range(12)


@cache
def _record(seed: int) -> RobotDeal:
    """The robots' deal for ``seed``, made when a test first needs it (not by every worker at collection)."""
    return robot_deal(random_deal(random.Random(seed)), Seat("NESW"[seed % 4]))


def _game(record) -> PbnGame:  # type: ignore[no-untyped-def]
    return PbnGame(record.deal, record.dealer, tuple(d.action for d in record.auction),
                   tuple(Card.parse(d.action) for d in record.play))


@pytest.mark.parametrize("seed", SEEDS, ids=[f"seed{n}" for n in SEEDS])
def test_a_robot_deal_round_trips_with_its_auction_and_play(seed: int) -> None:
    record = _record(seed)
    game = _game(record)
    back = loads(dumps(game))[0]
    assert back == game
    assert back.final_contract == record.contract
    if record.contract is not None:
        assert back.tags["Result"] == str(record.tricks[record.contract.declarer.side])


def test_a_board_written_by_endplay_is_read_with_its_play_in_order() -> None:
    deal_text = "N:AK32.Q54.KJ9.A76 QJ4.K987.A2.KJ32 T98.AJ3.Q8743.Q5 765.T62.T65.T984"
    board = EBoard(EDeal(deal_text), dealer=Player.east)
    board.auction = [EBid(b) for b in ("pass", "1NT", "pass", "pass", "pass")]
    board.contract = EContract("1NTS")
    # East leads (declarer South's left-hand opponent is West in bridge; in Vint too): a bridge
    # program writes whatever was played; we feed it four legal tricks, West leading.
    order = ["S5", "SA", "SQ", "S8", "CA", "C2", "C5", "C4", "H4", "HK", "HA", "H2", "HJ", "H6", "HQ", "H7"]
    board.play = [ECard(c) for c in order]
    text = endplay_pbn.dumps([board])
    game = loads(text)[0]
    assert game.deal == Deal.from_pbn(deal_text)
    assert game.dealer is Seat.E
    assert game.calls == ("P", "1NT", "P", "P", "P")
    assert not game.complete  # three passes end a bridge auction; Vint's needs eight (law 76, the tutor's reading)
    assert str(game.final_contract) == str(game.contract) and game.contract is not None
    assert (str(game.contract.bid), game.contract.declarer) == ("1NT", Seat.S)
    assert [str(c) for c in game.play] == order


def test_a_file_written_here_is_read_by_endplay_with_the_same_deal_and_play() -> None:
    record = next(r for r in map(_record, SEEDS) if r.contract is not None)
    board = endplay_pbn.loads(dumps(_game(record)))[0]
    assert board.deal.to_pbn().split(":")[1].split() == record.deal.to_pbn(Seat.N).split(":")[1].split()
    assert [str(Card.parse(str(c))) for c in board.play] == [d.action for d in record.play]


@pytest.mark.parametrize("calls, words", [("1S X Pass", "no double"), ("1S XX", "no double"),
                                          ("1C 1S", "line"), ("8S", "line")])
def test_a_bad_auction_names_its_line_and_law(calls: str, words: str) -> None:
    text = f'[Dealer "N"]\n[Deal "{_record(0).deal.to_pbn()}"]\n[Auction "N"]\n{calls}\n'
    with pytest.raises(NotationError, match=words):
        loads(text)


def test_all_pass_completes_the_auction_by_vints_rule() -> None:
    text = f'[Dealer "N"]\n[Deal "{_record(0).deal.to_pbn()}"]\n[Auction "N"]\n1H AP\n'
    game = loads(text)[0]
    assert game.calls == ("1H",) + ("P",) * 8 and game.complete


@pytest.mark.parametrize("text, words", [
    ("", "no \\[Deal\\]"),
    ('[Deal "N:AKQ"]\n', "4 hands"),
    ('[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543"]\n', "13 cards"),
    ("not a tag\n", "line 1"),
    ("x" * 2_000_001, "at most"),
])
def test_bad_pbn_is_one_clear_error(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        loads(text)
