"""Benchmark: the sampled analysis of one decision over 100 layouts, end to end (docs/cost.md).

Decisions are taken from the robots' own deals (seeds 0 up, the played ones): the seat
to play after a number of cards drawn from a fixed seed. For each decision

* **tutor**: the layouts are sampled (:func:`tutor.lessons.cost.sampling.sample_layouts`, with
  the robots' check), then :func:`tutor.lessons.cost.prices.analyse` prices every choice over
  them (every legal card: one batch double-dummy call over the layouts,
  :func:`tutor.engine.solver.analysis.card_values_many`, and the Vint score of each outcome), without
  the actual deal and the robots' playout — what a page waits for after the answer;
* **reference**: the same sampling, then the same layouts solved one board at a time
  (:func:`tutor.engine.solver.analysis.card_values` per layout) and scored the same way.

Rows: play decisions in tricks 2–10, the opening lead (the costliest solve: 13 cards a
hand), a call (the robots finish the auction after each candidate call on each layout; the
contracts reached solved in one batch, against one contract at a time), and the sampling's
share. The lead and call rows also give the double-dummy workers' CPU per decision (read
from /proc) and the least wall time that CPU needs on the workers: the solver's floor.

    python benchmarks/sampled_analysis.py [--quick]     # TUTOR_BENCH_TINY=1: one play decision, only that it runs
    python benchmarks/sampled_analysis.py --first-only [--count N]   # the first verdicts only, N decisions a kind
    python benchmarks/sampled_analysis.py --only call   # one kind's rows (play, lead or call), for an A/B pair

``--first-only`` times only the first verdict (and the CPU it needs), on ``N`` decisions of each
kind (16 by default): a p95 of 4 decisions is their slowest one, so the first look's size of
each kind (:data:`tutor.lessons.cost.verdict.FIRST_LOOK`) is chosen on more.
"""

from __future__ import annotations

import gc
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
    from tutor.engine.deals.generate import random_deal
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
    from tutor.engine.solver.analysis import card_values
    from tutor.lessons.cost.choices import card_boards, card_choices, net_points

    contract = known.contract
    mine = known.seat.side
    won = sum(1 for t in known.tricks if t.winner(contract.trump).side is mine)
    for layout, board in zip(layouts, card_boards(known, layouts)):
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
    from tutor.engine.calls import parse_call
    from tutor.engine.solver.analysis import dd_tricks
    from tutor.lessons.cost.choices import call_choices, complete, net_points

    for layout in layouts:
        for call in call_choices(known):
            contract = complete(known, layout, parse_call(call)).contract
            tricks = 0 if contract is None else dd_tricks(layout, contract.strain, contract.declarer)
            net_points(layout, contract, tricks, known)


def _worker_cpu() -> float:
    """CPU seconds the double-dummy workers have used so far, by their own clocks (to the nanosecond:
    /proc's ticks of 10 ms were two or three a play decision, so its floor was mostly rounding)."""
    from tutor.engine.solver.analysis import solver

    return solver().workers_cpu()


def _first(known: Any, seed: int) -> dict[str, Any]:
    """The first verdict on a learner's choice: its wall time, and the CPU it needs."""
    from tutor.lessons.cost.prices import analyse_stream

    learner = _learners_choice(known)
    gc.collect()  # the earlier decisions' garbage, not this one's (see _timed)
    start, cpu, workers = time.perf_counter(), time.process_time(), _worker_cpu()
    first = next(iter(analyse_stream(known, seed=seed, robots=False, choices=learner)))
    first_time = time.perf_counter() - start
    # the CPU it needs, which the load of a shared machine does not change: this process's (the
    # sampling, then the scoring) and the workers' spread over the workers (the solving, after the
    # sampling) -- about the wall time it takes on the idle machine
    first_cpu = time.process_time() - cpu + (_worker_cpu() - workers) / _workers()
    decided = sum(c.against_book is not None and c.against_book.verdict != "undecided" for c in first.choices)
    return {"first": first_time, "first_cpu": first_cpu, "first_decided": decided}


def _timed(known: Any, seed: int, reference: Any) -> dict[str, Any]:
    """One decision: the first verdict (sampling and one batch), the whole 100-layout analysis
    (only the choices that matter priced after the first batch), and the reference: every choice
    on every layout (the analysis before issue 28), on the same sample."""
    from tutor.lessons.cost.prices import analyse
    from tutor.lessons.cost.sampling import sample_layouts

    first = _first(known, seed)
    start = time.perf_counter()
    sample = sample_layouts(known, seed=seed, target=LAYOUTS)
    sampled = time.perf_counter() - start
    # the garbage of the decisions before is collected now, not inside this pricing: a full collection
    # of what the earlier analyses left took 0.2 s of this process's CPU, and which decision's window it
    # fell in decided a row (2026-12-06: a call at 1.24x or 1.42x by that alone)
    gc.collect()
    before, own = _worker_cpu(), time.process_time()
    start = time.perf_counter()
    full = analyse(known, sample=sample, layouts=LAYOUTS, robots=False)
    solved = time.perf_counter() - start
    solver_cpu, own_cpu = _worker_cpu() - before, time.process_time() - own
    start = time.perf_counter()
    analyse(known, sample=sample, layouts=LAYOUTS, robots=False, every=True)
    every = time.perf_counter() - start
    del reference  # the one-board-at-a-time reference of the previous stop is no longer the comparison
    verdicts = [c.against_book.verdict for c in full.choices
                if c.against_book is not None and c.sampled.layouts == len(sample.layouts)]
    kept = [c.choice for c in full.choices if c.sampled.layouts == len(sample.layouts)]
    alone = {} if known.is_bid else _solved_alone(known, sample.layouts, kept)
    return {**first, "ours": sampled + solved, "reference": sampled + every, "sampling": sampled, "pricing": solved,
            "solver_cpu": solver_cpu, "own_cpu": own_cpu, "level": sample.level,
            "decided": sum(v != "undecided" for v in verdicts), "compared": len(verdicts), **alone}


def _solved_alone(known: Any, layouts: Any, kept: list[str]) -> dict[str, float]:
    """The solver's part of a card decision's pricing alone: the choices the analysis kept to the end,
    each played on every layout and the rest solved, in one batch on boards built beforehand -- no
    sampling, no boards of the layouts written in the timing, nothing scored. Its wall time against the
    same floor is what the pipes to the workers and their sharing of the cores cost by themselves."""
    from tutor.engine.cards import Card
    from tutor.engine.solver.analysis import card_tricks_many
    from tutor.lessons.cost.choices import card_boards, card_choices, equal_groups

    heads = equal_groups(known, card_choices(known))
    wanted = list(dict.fromkeys(heads[Card.parse(c)] for c in kept))
    boards = card_boards(known, layouts)
    gc.collect()
    before, start = _worker_cpu(), time.perf_counter()
    card_tricks_many(boards, [wanted] * len(boards))
    return {"alone": time.perf_counter() - start, "alone_cpu": _worker_cpu() - before}


def _learners_choice(known: Any) -> tuple[str, ...]:
    """A choice other than the book's, as a learner's wrong answer (the pages pass the learner's choice);
    the book's own when it is the only one (a call whose only candidate is pass): the page passes
    the learner's answer all the same, and its first answer comes from the first look's sample."""
    from tutor.lessons.cost.choices import call_choices, card_choices
    from tutor.lessons.robots import advise_view

    answer = advise_view(known.view)
    book = str(answer.get("call") if known.is_bid else answer.get("card"))
    names = call_choices(known) if known.is_bid else tuple(str(c) for c in card_choices(known))
    return (*(n for n in names if n != book), book)[:1]


def _workers() -> int:
    from tutor.engine.solver.analysis import solver

    return max(1, solver().worker_count)


def measure(views: list[dict[str, Any]], reference: Any, first_only: bool = False) -> dict[str, list[Any]]:
    from tutor.lessons.cost.sampling import knowledge_from_view

    runs = [_first(knowledge_from_view(view), n) if first_only else _timed(knowledge_from_view(view), n, reference)
            for n, view in enumerate(views)]
    return {key: [run[key] for run in runs] for key in runs[0]}


def _figures(values: list[float], unit: str = "s") -> str:
    return f"median {statistics.median(values):.2f} {unit}, p95 {_p95(values):.2f} {unit}"


def _row(what: str, runs: dict[str, list[Any]], reference: str) -> tuple[str, str, str, str, str, str]:
    ratio = _p95(runs["ours"]) / _p95(runs["reference"])
    decided = f"{sum(runs['decided'])} of {sum(runs['compared'])} verdicts decided at {LAYOUTS} layouts"
    return (f"{what}; whole analysis; {decided}", _figures(runs["ours"]), f"{_figures(runs['reference'])} "
            f"({reference})", f"{ratio:.2f}×", "—", "—")


def _first_row(what: str, runs: dict[str, list[Any]], layouts: int) -> tuple[str, str, str, str, str, str]:
    met = "yes" if _p95(runs["first"]) < 1.0 else "NO"
    cpu = _figures(runs["first_cpu"])
    return (f"{what}: first verdict on a learner's choice (its own sample of the first look: {layouts} layouts); "
            f"the CPU it needs: {cpu}; load average {os.getloadavg()[0]:.1f}", _figures(runs["first"]), "—", "—",
            "p95 < 1 s", met)


def _floor_row(what: str, runs: dict[str, list[Any]]) -> tuple[str, str, str, str, str, str]:
    """The pricing's wall time against the solver's floor: its CPU spread over the workers, same run.

    Also the least ratio this process's own CPU in the pricing allows (the robots' auctions after a
    call, each outcome's Vint score, the boards written and read) when the workers have the machine's
    cores: the wall time cannot be below (its CPU + the workers') / the cores."""
    workers, cores = _workers(), os.cpu_count() or 1
    floors, ratio = _against_floor(runs["pricing"], runs["solver_cpu"])
    own, solving = statistics.median(runs["own_cpu"]), statistics.median(runs["solver_cpu"])
    least = max(1.0, (own + solving) / min(cores, workers) / max(1e-9, solving / workers)) if cores <= workers else 1.0
    return (f"{what}: pricing {LAYOUTS} layouts against the solver's floor (its CPU / {workers} workers); this "
            f"process's CPU in the pricing: median {own:.3f} s against the solver's {solving:.3f} s, so on "
            f"{cores} cores the least ratio is {least:.2f}×",
            _figures(runs["pricing"]), _figures(floors), f"{ratio:.2f}×", "≤ 1.2×", "yes" if ratio <= 1.2 else "NO")


def _against_floor(walls: list[float], solver_cpus: list[float]) -> tuple[list[float], float]:
    """Each decision's floor (the solver's CPU spread over the workers) and the median wall time against
    the median floor."""
    workers = _workers()
    floors = [cpu / workers for cpu in solver_cpus]
    return floors, statistics.median(walls) / max(1e-9, statistics.median(floors))


def _alone_row(what: str, runs: dict[str, list[Any]]) -> tuple[str, str, str, str, str, str]:
    """The solver's part alone (:func:`_solved_alone`) against its own floor: the least ratio the pricing
    could reach with nothing of its own around the solving."""
    workers = _workers()
    floors, ratio = _against_floor(runs["alone"], runs["alone_cpu"])
    return (f"{what}: the kept choices solved alone on the same layouts (boards built beforehand, nothing "
            f"scored) against the solver's floor (its CPU / {workers} workers)",
            _figures(runs["alone"]), _figures(floors), f"{ratio:.2f}×", "—", "—")


def concurrent_rows(quick: bool) -> Iterator[tuple[str, str, str, str, str, str]]:
    """A drill's feedback (the double-dummy check of one position) while 0, 1, 2 or 4 learners analyse leads."""
    import threading

    from tutor.engine.solver.analysis import card_values
    from tutor.engine.solver.learners import as_learner
    from tutor.lessons.cost.choices import card_boards
    from tutor.lessons.cost.prices import analyse
    from tutor.lessons.cost.sampling import knowledge_from_view

    leads = [knowledge_from_view(v) for v in _decisions(4, 0, 0)]
    drill = knowledge_from_view(_decisions(1, 8, 8)[0])
    board = card_boards(drill, [drill.deal or _layout(drill)])[0]
    for learners in (0, 1, 2, 4):
        stop = threading.Event()

        def analyse_leads(n: int, stop: threading.Event = stop) -> None:
            with as_learner(f"learner-{n}"):
                for k in itertools.count():
                    if stop.is_set():
                        return
                    analyse(leads[(n + k) % len(leads)], seed=k, layouts=LAYOUTS, robots=False)

        threads = [threading.Thread(target=analyse_leads, args=(n,), daemon=True) for n in range(learners)]
        for t in threads:
            t.start()
        time.sleep(1.0 if learners else 0)  # the analyses are under way
        waits = []
        with as_learner("drill"):
            for _ in range(6 if quick else 15):
                start = time.perf_counter()
                card_values(board.deal, board.strain, board.leader, board.played)
                waits.append(time.perf_counter() - start)
                time.sleep(0.2)
        stop.set()
        for t in threads:
            t.join()
        goal, met = ("p95 < 0.5 s", "yes" if _p95(waits) < 0.5 else "NO") if learners == 4 else ("—", "—")
        yield (f"a drill's double-dummy feedback while {learners} learner(s) analyse opening leads "
               f"(n={len(waits)})", _figures(waits), "—", "—", goal, met)


def precomputed_rows() -> Iterator[tuple[str, str, str, str, str, str]]:
    """A drill's three numbers when its position was precomputed: the lookup, the verdict's sentence
    and the ledger's sentences (what the page adds to the feedback), for play drills of position
    numbers drawn as the page draws them, and for the bidding drills the page deals first."""
    from tutor.engine.seeds import APP_MAX_SEED
    from tutor.lessons.bidding import drill as bidding
    from tutor.lessons.cost.precomputed import priced_bid_seeds
    from tutor.lessons.play import drill as play

    tiny = os.environ.get("TUTOR_BENCH_TINY", "") not in ("", "0")  # a smoke run: a few of each
    draw = random.Random(28)
    plays = [play.make(draw.choice(play.KINDS), None, draw.randrange(APP_MAX_SEED)) for _ in range(3 if tiny else 100)]
    priced = priced_bid_seeds(None)
    bids = [bidding.make(None, seed) for seed in draw.sample(priced, min(3 if tiny else 50, len(priced)))]
    for what, drills in (("a play drill (position numbers drawn as the page draws them)", plays),
                         ("a bidding drill (the numbers the page deals first)", bids)):
        waits = [wait for drill in drills if (wait := _three_numbers(drill)) is not None]
        met = "yes" if waits and _p95(waits) < 0.3 else "NO"
        yield (f"{what}: its three numbers, precomputed: lookup, verdict and ledger "
               f"(found for {len(waits)} of {len(drills)})", _figures(waits) if waits else "—", "—", "—",
               "p95 < 300 ms", met)


def _three_numbers(drill: Any) -> float | None:
    """Seconds to read a drill's precomputed line and say its verdict and ledger (``None``: not priced)."""
    from tutor.lessons.cost.precomputed import lookup
    from tutor.lessons.cost.prices import verdict_of
    from tutor.lessons.cost.sampling import knowledge_from_view, ledger_of

    view = {**drill.position, "deal": drill.deal_pbn}
    start = time.perf_counter()
    found = lookup(view)
    if found is None:
        return None
    right = {drill.answer, *getattr(drill, "accepted", ())}  # a play drill may accept equal cards
    verdict_of(found, next((c for c in drill.choices if c not in right), drill.answer))
    ledger = ledger_of(knowledge_from_view(view))
    [line for seat in ledger.calls for line in ledger.sentences(seat)]
    return time.perf_counter() - start


def _layout(known: Any) -> Any:
    from tutor.lessons.cost.sampling import sample_layouts

    return sample_layouts(known, seed=0, target=1).layouts[0]


def rows(quick: bool, first_only: bool = False, count: int = 0,
         only: str = "") -> Iterator[tuple[str, str, str, str, str, str]]:
    """(measure, tutor, reference, ratio, goal, met) rows for benchmarks/run_all.py.

    Per decision kind: the first verdict's time, the whole analysis against pricing every
    choice on every layout, and the pricing against the solver's CPU floor; then a drill's
    feedback under the load of other learners' analyses. ``first_only``: the first verdicts
    only, on ``count`` decisions of each kind. ``only``: that kind's rows alone (``play``, ``lead``
    or ``call``), without the concurrent learners.
    """
    from tutor.engine.solver.analysis import solver
    from tutor.lessons.cost.verdict import FIRST_LOOK

    solver().ask_all([{"op": "ping"}])  # the workers are started before anything is timed
    tiny = os.environ.get("TUTOR_BENCH_TINY", "") not in ("", "0")  # a smoke run: one play decision
    count = 1 if tiny else count or (16 if first_only else 4 if quick else 8)
    # the whole analyses of leads and calls take seconds each (a smoke run of one kind: one decision)
    few = count if first_only or tiny else max(2, count // 2)
    kinds = [("one play decision (tricks 2–10)", "play", _decisions(count, 4, 40), _one_at_a_time),
             ("the opening lead", "lead", _decisions(few, 0, 0), _one_at_a_time),
             ("one call (robots finish each auction)", "call", _bid_views(few), _calls_one_at_a_time)]
    for what, kind, views, reference in kinds:
        if only and kind != only:
            continue
        runs = measure(views, reference, first_only)
        name = f"{what}, n={len(views)}"
        yield _first_row(name, runs, FIRST_LOOK[kind])
        if not first_only:
            yield _row(name, runs, "every choice on every layout")
            yield _floor_row(name, runs)
            if "alone" in runs:
                yield _alone_row(name, runs)
        if tiny:
            return
    if not first_only and not only:
        yield from concurrent_rows(quick)


def main() -> int:
    quick = "--quick" in sys.argv
    if "--precomputed" in sys.argv:
        for row in precomputed_rows():
            print(" | ".join(row))
        return 0
    count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 0
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
    if only not in ("", "play", "lead", "call"):
        print(f"--only takes play, lead or call, not {only!r}", file=sys.stderr)
        return 2
    for row in rows(quick, "--first-only" in sys.argv, count, only):
        print(" | ".join(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
