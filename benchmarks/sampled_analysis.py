"""Benchmark: the sampled analysis of one decision over 100 layouts, end to end (docs/cost.md).

Decisions are taken from the robots' own deals (seeds 0 up, the played ones): the seat
to play after a number of cards drawn from a fixed seed. For each decision

* **tutor**: the layouts are sampled (:func:`tutor.lessons.cost.sampling.sample_layouts`, with
  the robots' check), then :func:`tutor.lessons.cost.prices.analyse` prices every choice over
  them (every legal card: one batch double-dummy call over the layouts,
  :func:`tutor.engine.analysis.card_values_many`, and the Vint score of each outcome), without
  the actual deal and the robots' playout — what a page waits for after the answer;
* **reference**: the same sampling, then the same layouts solved one board at a time
  (:func:`tutor.engine.analysis.card_values` per layout) and scored the same way.

Rows: play decisions in tricks 2–10, the opening lead (the costliest solve: 13 cards a
hand), a call (the robots finish the auction after each candidate call on each layout; the
contracts reached solved in one batch, against one contract at a time), and the sampling's
share. The lead and call rows also give the double-dummy workers' CPU per decision (read
from /proc) and the least wall time that CPU needs on the workers: the solver's floor.

    python benchmarks/sampled_analysis.py [--quick]     # TUTOR_BENCH_TINY=1: one play decision, only that it runs
"""

from __future__ import annotations

import itertools
import os
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


def _played(first_seed: int) -> Iterator[tuple[int, Any]]:
    """``(seed, record)`` of the robots' deals from ``first_seed`` on that are played (not passed out)."""
    from tutor.engine.cards import Seat
    from tutor.engine.dealgen import random_deal
    from tutor.lessons.robots import robot_deal

    for seed in itertools.count(first_seed):
        record = robot_deal(random_deal(random.Random(seed)), list(Seat)[seed % 4])
        if record.contract is not None:
            yield seed, record


def _auction(record: Any, calls: int | None = None) -> Any:
    """The robots' auction of ``record``, its first ``calls`` calls (all when ``None``)."""
    from tutor.engine.auction import Auction
    from tutor.engine.calls import parse_call

    auction = Auction(record.dealer)
    for decision in record.auction[:calls]:
        auction.call(parse_call(decision.action))
    return auction


def _decisions(count: int, first: int, last: int) -> list[dict[str, Any]]:
    """Views of the seat to play after ``first``–``last`` cards of the robots' deals."""
    from tutor.engine.cards import Card
    from tutor.engine.play import opening_leader
    from tutor.engine.tricks import TrickPlay
    from tutor.lessons.robots import seat_view

    rng = random.Random(2026)
    views = []
    for _, record in itertools.islice(_played(0), count):
        play = TrickPlay(record.deal, record.contract.trump, opening_leader(record.contract))
        for decision in record.play[:rng.randint(first, last)]:
            play.play(Card.parse(decision.action), decision.seat)
        views.append(seat_view(play.to_play, play.hand(play.to_play), _auction(record), None, play))
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
    from tutor.lessons.robots import seat_view

    views = []
    for seed, record in itertools.islice(_played(100), count):
        auction = _auction(record, (seed + 1) % 5)
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


def _worker_cpu() -> float:
    """CPU seconds the double-dummy workers have used so far (Linux: /proc; 0 elsewhere)."""
    from tutor.engine.analysis import solver

    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0.0
    for pid in solver().worker_pids():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def _timed(known: Any, seed: int, reference: Any) -> dict[str, Any]:
    """One decision end to end: the layouts sampled, then priced (tutor), or solved one at a time (reference)."""
    from tutor.lessons.cost.prices import analyse
    from tutor.lessons.cost.sampling import sample_layouts

    start = time.perf_counter()
    sample = sample_layouts(known, seed=seed, target=LAYOUTS)
    sampled = time.perf_counter() - start
    before = _worker_cpu()
    start = time.perf_counter()
    analyse(known, sample=sample, robots=False)
    solved = time.perf_counter() - start
    solver_cpu = _worker_cpu() - before
    start = time.perf_counter()
    reference(known, sample.layouts)
    one_at_a_time = time.perf_counter() - start
    return {"ours": sampled + solved, "reference": sampled + one_at_a_time, "sampling": sampled,
            "solver_cpu": solver_cpu, "level": sample.level}


def measure(views: list[dict[str, Any]], reference: Any) -> dict[str, list[Any]]:
    from tutor.lessons.cost.sampling import knowledge_from_view

    runs = [_timed(knowledge_from_view(view), n, reference) for n, view in enumerate(views)]
    return {key: [run[key] for run in runs] for key in runs[0]}


def _figures(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s, p95 {_p95(values):.2f} s"


def _row(what: str, runs: dict[str, list[Any]], reference: str) -> tuple[str, str, str, str, str, str]:
    ratio = _p95(runs["ours"]) / _p95(runs["reference"])
    met = "yes" if _p95(runs["ours"]) < 1.0 else "NO"
    return (what, _figures(runs["ours"]), f"{_figures(runs['reference'])} ({reference})", f"{ratio:.2f}×",
            "p95 < 1 s", met)


def _floor(runs: dict[str, list[Any]]) -> str:
    """The solver's share: its CPU per decision, and the least wall time it needs on the machine's workers."""
    from tutor.engine.analysis import solver

    cpu = statistics.median(runs["solver_cpu"])
    workers = max(1, solver().worker_count)
    return f"solver CPU median {cpu:.2f} s a decision: at least {cpu / workers:.2f} s on {workers} workers"


def rows(quick: bool) -> Iterator[tuple[str, str, str, str, str, str]]:
    """(measure, tutor, reference, ratio, goal, met) rows for benchmarks/run_all.py.

    Every time is end to end: the layouts sampled (with the robots' check), then every
    choice priced over them; the reference samples the same way and solves the same
    layouts one board (one contract) at a time.
    """
    from tutor.engine.analysis import solver

    solver().ask_all([{"op": "ping"}])  # the workers are started before anything is timed
    tiny = os.environ.get("TUTOR_BENCH_TINY", "") not in ("", "0")  # a smoke run: one play decision
    count = 1 if tiny else 4 if quick else 12
    play = measure(_decisions(count, 4, 40), _one_at_a_time)
    yield _row(f"one play decision over {LAYOUTS} layouts, sampled and priced (n={count}, tricks 2–10)", play,
               "one board at a time")
    if tiny:
        return
    lead = measure(_decisions(max(2, count // 3), 0, 0), _one_at_a_time)
    yield _row(f"the opening lead over {LAYOUTS} layouts, sampled and priced (n={len(lead['ours'])}); "
               f"{_floor(lead)}", lead, "one board at a time")
    bids = measure(_bid_views(max(2, count // 3)), _calls_one_at_a_time)
    yield _row(f"one call over {LAYOUTS} layouts: robots finish each auction (n={len(bids['ours'])}); "
               f"{_floor(bids)}", bids, "one contract at a time")
    by_level = ", ".join(f"level {k}: {play['level'].count(k)}" for k in (1, 2, 3, 4))
    yield (f"of which sampling {LAYOUTS} layouts, robots' check (play decisions; {by_level})",
           _figures(play["sampling"]), "—", "—", "—", "—")


def main() -> int:
    quick = "--quick" in sys.argv
    for row in rows(quick):
        print(" | ".join(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
