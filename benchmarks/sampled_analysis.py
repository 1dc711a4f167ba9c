"""Benchmark: the sampled analysis of one decision over 100 layouts (docs/cost.md).

Decisions are taken from the robots' own deals (seeds 0 up, the played ones): the seat
to play after a number of cards drawn from a fixed seed. For each decision, 100 layouts
are sampled once (:func:`tutor.lessons.cost.sampling.sample_layouts`); then

* **tutor**: :func:`tutor.lessons.cost.prices.analyse` on those layouts (every legal card: one
  batch double-dummy call over the layouts, :func:`tutor.engine.analysis.card_values_many`,
  and the Vint score of each outcome), without the actual deal and without the robots'
  playout — the sampled numbers only;
* **reference**: the same layouts solved one board at a time
  (:func:`tutor.engine.analysis.card_values` per layout) and scored the same way.

Rows: play decisions in tricks 2–10, the opening lead (the costliest solve: 13 cards a
hand), a call (the robots finish the auction after each candidate call on each layout;
the contracts reached solved in one batch, against one contract at a time), and the
sampling itself (with the robots' check) for the play decisions.

    python benchmarks/sampled_analysis.py [--quick]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LAYOUTS = 100


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _decisions(count: int, first: int, last: int) -> list[dict[str, Any]]:
    """Views of the seat to play after ``first``–``last`` cards of the robots' deals."""
    from tutor.engine.auction import Auction
    from tutor.engine.calls import parse_call
    from tutor.engine.cards import Card, Seat
    from tutor.engine.dealgen import random_deal
    from tutor.engine.play import opening_leader
    from tutor.engine.tricks import TrickPlay
    from tutor.lessons.robots import robot_deal, seat_view

    rng = random.Random(2026)
    views, seed = [], 0
    while len(views) < count:
        record = robot_deal(random_deal(random.Random(seed)), list(Seat)[seed % 4])
        seed += 1
        if record.contract is None:
            continue
        auction = Auction(record.dealer)
        for decision in record.auction:
            auction.call(parse_call(decision.action))
        play = TrickPlay(record.deal, record.contract.trump, opening_leader(record.contract))
        for decision in record.play[:rng.randint(first, last)]:
            play.play(Card.parse(decision.action), decision.seat)
        views.append(seat_view(play.to_play, play.hand(play.to_play), auction, None, play))
    return views


def _one_at_a_time(known: Any, layouts: Any) -> None:
    """The reference: every layout solved by its own call, then scored as the analysis scores it."""
    from tutor.engine.analysis import card_values
    from tutor.lessons.cost.prices import _boards, card_choices, net_points

    contract = known.contract
    mine = known.seat.side
    won = sum(1 for t in known.tricks if t.winner(contract.trump).side is mine)
    for layout, board in zip(layouts, _boards(known, layouts)):
        values = card_values(board.deal, board.strain, board.leader, board.played)
        for card in card_choices(known):
            tricks = won + values[card]
            net_points(layout, contract, tricks if contract.declarer.side is mine else 13 - tricks, known)


def _bid_views(count: int) -> list[dict[str, Any]]:
    """Views of the seat to call at the robots' first or second round (deals that are played)."""
    from tutor.engine.auction import Auction
    from tutor.engine.calls import parse_call
    from tutor.engine.cards import Seat
    from tutor.engine.dealgen import random_deal
    from tutor.lessons.robots import robot_deal, seat_view

    views, seed = [], 100
    while len(views) < count:
        record = robot_deal(random_deal(random.Random(seed)), list(Seat)[seed % 4])
        seed += 1
        if record.contract is None:
            continue
        auction = Auction(record.dealer)
        for decision in record.auction[:seed % 5]:
            auction.call(parse_call(decision.action))
        views.append(seat_view(auction.to_call, record.deal[auction.to_call], auction, None))
    return views


def _calls_one_at_a_time(known: Any, layouts: Any) -> None:
    from tutor.engine.analysis import dd_tricks
    from tutor.engine.calls import parse_call
    from tutor.lessons.cost.prices import _complete, call_choices, net_points

    for layout in layouts:
        for call in call_choices(known):
            contract = _complete(known, layout, parse_call(call)).contract
            tricks = 0 if contract is None else dd_tricks(layout, contract.strain, contract.declarer)
            net_points(layout, contract, tricks, known)


def measure_bids(count: int) -> dict[str, Any]:
    from tutor.lessons.cost.prices import analyse
    from tutor.lessons.cost.sampling import knowledge_from_view, sample_layouts

    ours, reference = [], []
    for n, view in enumerate(_bid_views(count)):
        known = knowledge_from_view(view)
        sample = sample_layouts(known, seed=n, target=LAYOUTS)
        start = time.perf_counter()
        analyse(known, sample=sample, robots=False)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        _calls_one_at_a_time(known, sample.layouts)
        reference.append(time.perf_counter() - start)
    return {"ours": ours, "reference": reference}


def measure(count: int, first: int, last: int) -> dict[str, Any]:
    from tutor.lessons.cost.prices import analyse
    from tutor.lessons.cost.sampling import knowledge_from_view, sample_layouts

    ours, reference, sampling, levels = [], [], [], []
    for n, view in enumerate(_decisions(count, first, last)):
        known = knowledge_from_view(view)
        start = time.perf_counter()
        sample = sample_layouts(known, seed=n, target=LAYOUTS)
        sampling.append(time.perf_counter() - start)
        levels.append(sample.level)
        start = time.perf_counter()
        analyse(known, sample=sample, robots=False)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        _one_at_a_time(known, sample.layouts)
        reference.append(time.perf_counter() - start)
    return {"ours": ours, "reference": reference, "sampling": sampling, "levels": levels}


def _figures(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s, p95 {_p95(values):.2f} s"


def rows(quick: bool) -> Iterator[tuple[str, str, str, str, str, str]]:
    """(measure, tutor, reference, ratio, goal, met) rows for benchmarks/run_all.py."""
    from tutor.engine.analysis import solver

    solver().ask_all([{"op": "ping"}])  # the workers are started before anything is timed
    count = 4 if quick else 12
    play = measure(count, 4, 40)
    ratio = _p95(play["ours"]) / _p95(play["reference"])
    yield (f"one play decision over {LAYOUTS} layouts (n={count}, tricks 2–10)", _figures(play["ours"]),
           f"{_figures(play['reference'])} (one board at a time)", f"{ratio:.2f}×", "p95 < 1 s",
           "yes" if _p95(play["ours"]) < 1.0 else "NO")
    lead = measure(max(2, count // 3), 0, 0)
    ratio = _p95(lead["ours"]) / _p95(lead["reference"])
    yield (f"the opening lead over {LAYOUTS} layouts (n={len(lead['ours'])})", _figures(lead["ours"]),
           f"{_figures(lead['reference'])} (one board at a time)", f"{ratio:.2f}×", "—", "—")
    bids = measure_bids(max(2, count // 4))
    ratio = _p95(bids["ours"]) / _p95(bids["reference"])
    yield (f"one call over {LAYOUTS} layouts: robots finish each auction (n={len(bids['ours'])})",
           _figures(bids["ours"]), f"{_figures(bids['reference'])} (one contract at a time)", f"{ratio:.2f}×",
           "—", "—")
    by_level = ", ".join(f"level {k}: {play['levels'].count(k)}" for k in (1, 2, 3))
    yield (f"sampling {LAYOUTS} layouts, robots' check (n={count}; {by_level})", _figures(play["sampling"]),
           "—", "—", "—", "—")


def main() -> int:
    quick = "--quick" in sys.argv
    for row in rows(quick):
        print(" | ".join(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
