"""Deals exported as PBN from the practice table and from the drills read back with what the learner saw."""

from __future__ import annotations

import random

from tutor.engine.cards import Deal, Seat
from tutor.engine.deals.generate import random_deal
from tutor.engine.pbn import loads
from tutor.lessons.drills.kinds import DRILL_KINDS
from tutor.lessons.pbn_export import drill_pbn, table_pbn
from tutor.lessons.table import TableDeal


def test_a_table_deal_exports_its_calls_and_cards_so_far() -> None:
    table = TableDeal(random_deal(random.Random(2)), Seat.N, Seat.S)
    table.finish_by_robots()
    game = loads(table_pbn(table))[0]
    assert game.deal == table.deal and game.dealer is Seat.N
    assert list(game.calls) == [s.action for s in table.steps[:table.auction_length]]
    assert [str(c) for c in game.play] == [s.action for s in table.steps[table.auction_length:]]
    contract = table.contract
    assert contract is not None and game.final_contract == contract
    assert game.tags["Result"] == str(table.tricks_won()[contract.declarer.side])


def test_every_drill_kind_exports_its_deal_dealer_and_calls() -> None:
    for name in ("bidding", "lead", "third-hand", "discard"):
        kind = DRILL_KINDS[name]
        drill = kind.make(None, 5)
        game = loads(drill_pbn(drill))[0]
        assert game.deal == Deal.from_pbn(drill.deal_pbn)
        assert game.dealer is Seat.parse(drill.position["dealer"])
        assert list(game.calls) == list(drill.position["auction"])
