"""Invariants over a few hundred seeded deals the four book robots bid and play (the hardening issue).

Each record is re-checked against the laws, written out here rather than taken from the
engine that made it: the calls go in strict rotation from the dealer and the auction
ends (four opening passes, or the last bid followed by eight passes: the tutor's reading
of law 76) with every call legal when replayed (laws 28-35); the play has 52 cards,
each card once, suit followed while a player can (law 147), the trick's winner leading
the next (law 167), 13 tricks; and the score is the one ``tutor score`` prints for the
deal, contract, declarer and tricks (a sample through the command line itself, every deal
through its function). The thousands are in benchmarks/robot_realism.py.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tutor.cli import main
from tutor.engine.auction import Auction
from tutor.engine.cards import Card, Seat, Side
from tutor.engine.deals.generate import random_deal
from tutor.engine.scoring.score_io import score_request
from tutor.lessons.robots import RobotDeal, robot_deal

DEALS = 200
SEATS = "NESW"

pytestmark = pytest.mark.slow


def _records() -> list[RobotDeal]:
    return [robot_deal(random_deal(random.Random(10_000 + n)), Seat(SEATS[n % 4])) for n in range(DEALS)]


def _winner(trick: list[tuple[str, Card]], trump: str | None) -> str:
    led = trick[0][1].suit.value

    def power(card: Card) -> int:
        if trump is not None and card.suit.value == trump:
            return 100 + int(card.rank)
        return int(card.rank) if card.suit.value == led else 0

    return max(trick, key=lambda sc: power(sc[1]))[0]


def _request(record: RobotDeal) -> dict[str, Any]:
    request: dict[str, Any] = {"deal": record.deal.to_pbn(), "dealer": record.dealer.value}
    if record.contract is None:
        request["contract"] = "pass"
    else:
        request.update(contract=str(record.contract.bid), declarer=record.contract.declarer.value,
                       tricks=record.tricks[record.contract.declarer.side])
    return request


def _auctions_are_legal_in_rotation_and_end(records: list[RobotDeal]) -> None:
    for record in records:
        calls = [d.action for d in record.auction]
        assert Auction.from_calls(record.dealer, calls).is_complete  # raises on an illegal call
        order = record.dealer.rotation()
        assert [d.seat for d in record.auction] == [order[i % 4] for i in range(len(calls))]
        bids = [c for c in calls if c != "P"]
        if not bids:
            assert calls == ["P"] * 4 and record.contract is None
        else:
            assert calls[-8:] == ["P"] * 8 and calls[-9] == bids[-1] == str(record.contract.bid)


def _plays_are_thirteen_legal_tricks(records: list[RobotDeal]) -> None:
    played = [r for r in records if r.contract is not None]
    assert len(played) >= DEALS // 4, "most seeded deals should reach a contract"
    for record in played:
        assert record.contract is not None
        hands = {seat.value: set(record.deal[seat]) for seat in Seat}
        trump = record.contract.trump.value if record.contract.trump else None
        leader = record.contract.declarer.lho.value  # the declarer's left-hand opponent leads first
        won = {"NS": 0, "EW": 0}
        plays = [(d.seat.value, Card.parse(d.action)) for d in record.play]
        assert len(plays) == 52 and len({c for _, c in plays}) == 52
        for n in range(13):
            trick = plays[4 * n:4 * n + 4]
            assert [s for s, _ in trick] == [SEATS[(SEATS.index(leader) + k) % 4] for k in range(4)]
            led = trick[0][1].suit
            for seat, card in trick:
                assert card in hands[seat]
                assert card.suit is led or all(c.suit is not led for c in hands[seat]), f"revoke by {seat}"
                hands[seat].remove(card)
            leader = _winner(trick, trump)
            won["NS" if leader in "NS" else "EW"] += 1
        assert won == {s.value: record.tricks[s] for s in Side} and sum(won.values()) == 13


def _scores_are_tutor_scores(records: list[RobotDeal]) -> None:
    for record in records:
        assert score_request(_request(record)) == record.to_json()["score"]


def test_robot_deals_keep_every_invariant(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """One test, so that the deals are bid and played once (test workers do not share fixtures)."""
    records = _records()
    _auctions_are_legal_in_rotation_and_end(records)
    _plays_are_thirteen_legal_tricks(records)
    _scores_are_tutor_scores(records)
    for record in records[::40]:
        path = tmp_path / "deal.json"
        path.write_text(json.dumps(_request(record)), encoding="utf-8")
        assert main(["score", str(path)]) == 0
        assert json.loads(capsys.readouterr().out) == record.to_json()["score"]
