"""A call's outcomes are solved a few layouts at a time while the robots bid the next ones (issue 28,
choices.AUCTIONS_AHEAD): the outcome on each layout must be what that layout gives alone — the
robots' auction after the call (``complete``), its contract solved double dummy by itself
(``dd_tricks``) and scored by the one pricer."""

from __future__ import annotations

from test_costs import RECORDS, bid_view

from tutor.engine.calls import parse_call
from tutor.engine.solver.analysis import dd_tricks
from tutor.lessons.cost import choices
from tutor.lessons.cost.choices import call_choices, call_outcomes, complete, net_points
from tutor.lessons.cost.sampling import knowledge_from_view, sample_layouts


def test_each_layouts_outcome_is_what_it_gives_alone() -> None:
    known = knowledge_from_view(bid_view(RECORDS[1], 2))
    layouts = sample_layouts(known, seed=3, target=2 * choices.AUCTIONS_AHEAD + 2, budget=60).layouts
    assert len(layouts) > choices.AUCTIONS_AHEAD  # more than one group, the last one short
    names = call_choices(known, ("P",))
    out = call_outcomes(known, layouts, names)
    mine = known.seat.side
    for layout, row in zip(layouts, out, strict=True):
        for name, outcome in zip(names, row, strict=True):
            contract = complete(known, layout, parse_call(name)).contract
            if contract is None:
                assert (outcome.tricks, outcome.points) == (0, net_points(layout, None, 0, known))
                continue
            declarer = dd_tricks(layout, contract.strain, contract.declarer)
            tricks = declarer if contract.declarer.side is mine else 13 - declarer
            assert (outcome.tricks, outcome.points) == (tricks, net_points(layout, contract, declarer, known))
