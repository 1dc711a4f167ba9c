"""Benchmarks of the Vint tutor, each measured side by side with a reference in the same run.

Run by hand (they are not tests)::

    python benchmarks/run_all.py            # everything, prints a table, writes benchmarks/RESULTS.md
    python benchmarks/run_all.py --quick    # fewer repetitions, for a smoke check
    python benchmarks/run_all.py --only dealgen,dd --no-write
    TUTOR_BENCH_TINY=1 python benchmarks/run_all.py --quick --no-write   # a few samples each: only that it runs

``TUTOR_BENCH_TINY=1`` cuts every section to a couple of samples, so that a test
(``tests/test_benchmarks_run.py``) runs each benchmark and it cannot rot; its figures mean nothing.

Sections (see docs/quality.md):

* ``dealgen`` — constrained deal generation (:func:`tutor.engine.deals.generate.constrained_deal`)
  against ``endplay.dealer.generate_deals`` on the same constraints, in deals per second.
* ``dealbatch`` — batch deal generation (:func:`tutor.engine.deals.batch.deal_batch`), 20,000
  deals per constraint, against the C program ``dealer`` (``apt-get install dealer``) on the same
  constraints and count; skipped, with the reason, where ``dealer`` is not installed.
* ``drills`` — drill generation including the single-correct-answer audit, per registered
  drill kind (:mod:`tutor.lessons.drills`), median and p95 per drill, no double-dummy.
* ``dd`` — double-dummy value of every possible opening lead of one deal
  (:func:`tutor.engine.solver.analysis.card_values`), per deal, against endplay's ``solve_board`` called bare.
* ``scoring`` — :func:`tutor.engine.scoring.score_deal` throughput against endplay's bridge
  ``Contract.score`` (a much simpler game's scoring, as a yardstick).
* ``pages`` — page switch and click → feedback in headless Chromium for every page and play
  drill kind, median and p95, against a one-line two-page app (``benchmarks/page_bench.py``).
* ``sampled`` — the sampled analysis of one decision over 100 layouts (docs/cost.md) against the
  same layouts solved one board at a time (``benchmarks/sampled_analysis.py``).
* ``coldstart`` — ``streamlit run app.py`` to the first interactive page in headless Chromium,
  against a one-line Streamlit app started the same way.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from tutor.engine.cards import FULL_PACK, SEATS, Rank, Seat  # noqa: E402
from tutor.engine.deals.generate import CardCount, constrained_deal, random_deal  # noqa: E402

RESULTS = ROOT / "benchmarks" / "RESULTS.md"
ACES = frozenset(c for c in FULL_PACK if c.rank is Rank.ACE)


@dataclass
class Row:
    """One line of the results table."""

    section: str
    what: str
    ours: str
    reference: str
    ratio: str
    goal: str
    met: str

    def cells(self) -> list[str]:
        return [self.section, self.what, self.ours, self.reference, self.ratio, self.goal, self.met]


HEADER = ["section", "measure", "tutor", "reference", "ratio", "goal", "met"]


def tiny() -> bool:
    """Whether the benchmarks run on a tiny budget (``TUTOR_BENCH_TINY=1``): a smoke run, not figures."""
    return os.environ.get("TUTOR_BENCH_TINY", "") not in ("", "0")


def _size(quick: bool, small: int, full: int, smoke: int = 2) -> int:
    """How many samples: ``small`` with ``--quick``, ``full`` without, ``smoke`` on a tiny budget."""
    return smoke if tiny() else small if quick else full


def _verdict(ok: bool | None) -> str:
    return "—" if ok is None else ("yes" if ok else "NO")


def _rate(fn: Callable[[], Any], count: int, min_seconds: float = 0.0) -> float:
    """Calls per second of ``fn`` over at least ``count`` calls and ``min_seconds``."""
    if tiny():
        count, min_seconds = min(count, 3), 0.0
    done, start = 0, time.perf_counter()
    while done < count or time.perf_counter() - start < min_seconds:
        fn()
        done += 1
    return done / (time.perf_counter() - start)


def _times(fn: Callable[[int], Any], seeds: range) -> list[float]:
    out = []
    for seed in seeds[:3] if tiny() else seeds:
        start = time.perf_counter()
        fn(seed)
        out.append(time.perf_counter() - start)
    return out


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _ratio(value: float) -> str:
    return f"{value:,.0f}×" if value >= 10 else f"{value:.2f}×"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


# --- deal generation ----------------------------------------------------------------


def bench_dealgen(quick: bool) -> Iterator[Row]:
    from endplay.dealer import generate_deals
    from endplay.types import Rank as EpRank

    cases = [
        ("unconstrained", {}, None, 2000, None),
        ("North ≥ 3 aces", {Seat.N: [CardCount(ACES, 3)]}, "aces(north) >= 3", 300, 3),
        ("North all four aces", {Seat.N: [CardCount(ACES, 4, 4)]}, "aces(north) == 4", 40, 4),
    ]
    for name, ours_constraints, ep_constraint, ep_count, min_aces in cases:
        n = _size(quick, 500, 3000)
        ours = _rate(functools.partial(constrained_deal, random.Random(1), ours_constraints), n, 0.5)
        for seed in range(20):  # the output meets the constraint, as endplay's does
            deal = constrained_deal(random.Random(seed), ours_constraints)
            assert min_aces is None or len(deal[Seat.N].cards & ACES) >= min_aces
        count = _size(quick, max(10, ep_count // 4), ep_count)
        args = (ep_constraint,) if ep_constraint else ()
        start = time.perf_counter()
        deals = list(generate_deals(*args, produce=count, seed=1, max_attempts=-1))
        ep_rate = len(deals) / (time.perf_counter() - start)
        if min_aces is not None:
            assert all(sum(c.rank == EpRank.RA for c in d.north) >= min_aces for d in deals)
        ratio = ours / ep_rate
        goal, met = ("≥ 100×", _verdict(ratio >= 100)) if min_aces == 4 else ("—", "—")
        yield Row("deal generation", name, f"{ours:,.0f} deals/s", f"{ep_rate:,.1f} deals/s (endplay)",
                  _ratio(ratio), goal, met)


# --- batch deal generation against the C program dealer ------------------------------


def _batch_cases() -> list[tuple[str, dict[Seat, list[Any]], str, Callable[[Any], bool], bool]]:
    """(name, tutor constraints, dealer condition, an independent check of one deal, 10× goal)."""
    from tutor.engine.cards import Suit
    from tutor.engine.deals.batch import aces, suit_length

    def n_aces(deal: Any, seat: Seat) -> int:
        return sum(1 for c in deal[seat].cards if c.rank is Rank.ACE)

    return [
        ("unconstrained", {}, "1", lambda d: d.is_complete, False),
        ("North ≥ 3 aces", {Seat.N: [aces(3)]}, "aces(north) >= 3", lambda d: n_aces(d, Seat.N) >= 3, False),
        ("North all four aces", {Seat.N: [aces(4)]}, "aces(north) == 4", lambda d: n_aces(d, Seat.N) == 4, True),
        ("ledger: North 5–7 spades and 2+ aces", {Seat.N: [suit_length(Suit.SPADES, 5, 7), aces(2)]},
         "spades(north) >= 5 && spades(north) <= 7 && aces(north) >= 2",
         lambda d: 5 <= d[Seat.N].length(Suit.SPADES) <= 7 and n_aces(d, Seat.N) >= 2, False),
        ("two seats: North 5+ spades, South 3+ aces",
         {Seat.N: [suit_length(Suit.SPADES, 5)], Seat.S: [aces(3)]},
         "spades(north) >= 5 && aces(south) >= 3",
         lambda d: d[Seat.N].length(Suit.SPADES) >= 5 and n_aces(d, Seat.S) >= 3, True),
    ]


def bench_dealbatch(quick: bool) -> Iterator[Row]:
    from dealer_ref import dealer_seconds, missing_reason

    from tutor.engine.deals import batch as dealbatch

    count = _size(quick, 2_000, 20_000, smoke=100)
    runs = _size(quick, 1, 3, smoke=1)
    reason = missing_reason()
    for name, constraints, condition, check, rare in _batch_cases():
        times = []
        for run in range(runs):
            dealbatch._plan.cache_clear()  # the plan is part of the cost
            start = time.process_time()  # CPU time, as for dealer: the machine is shared
            batch = dealbatch.deal_batch(run + 1, count, constraints)
            times.append(time.process_time() - start)
        assert all(check(batch.deal(i)) for i in range(0, count, max(1, count // 500)))
        ours = count / statistics.median(times)
        goal = "≥ 10×" if rare else "≥ 1.5×"  # issue 28: the sampler's input must not be slower than C
        what = f"batch of {count:,}: {name}"
        if reason:
            yield Row("batch deals", what, f"{ours:,.0f} deals/CPU-s", f"skipped: {reason}", "—", goal, "—")
            continue
        ref = count / statistics.median(dealer_seconds(condition, count, seed=run + 1) for run in range(runs))
        ratio = ours / ref
        yield Row("batch deals", what, f"{ours:,.0f} deals/CPU-s", f"{ref:,.0f} deals/CPU-s (dealer)",
                  _ratio(ratio), goal, _verdict(ratio >= (10 if rare else 1.5)))


# --- drills ---------------------------------------------------------------------------


def bench_drills(quick: bool) -> Iterator[Row]:
    from tutor.lessons.drills.kinds import DRILL_KINDS

    kinds = dict(DRILL_KINDS)
    if not kinds:
        yield Row("drills", "no drill kind registered yet", "skipped", "—", "—", "p95 < 50 ms", "—")
        return
    # reference: one plain random deal, the floor of any generated drill
    ref = statistics.median(_times(lambda s: random_deal(random.Random(s)), range(300)))
    n = _size(quick, 40, 200)
    for name, kind in sorted(kinds.items()):
        kind.make(None, 0)  # warm caches (content loading) outside the measurement
        try:
            times = _times(lambda s, k=kind: k.make(None, s), range(1, n + 1))  # type: ignore[misc]
        except Exception as err:
            yield Row("drills", f"{name}: failed", f"{type(err).__name__}: {err}"[:60], "—", "—",
                      "p95 < 50 ms", "NO")
            continue
        med, p95 = statistics.median(times), _p95(times)
        yield Row("drills", f"{name}: make + audit (n={n})", f"median {_ms(med)}, p95 {_ms(p95)}",
                  f"{ref * 1e6:.0f} µs (one random deal)", _ratio(med / ref), "p95 < 50 ms",
                  _verdict(p95 < 0.050))


# --- double dummy -------------------------------------------------------------------


def bench_dd(quick: bool) -> Iterator[Row]:
    from endplay import dds
    from endplay import types as ep

    from tutor.engine.calls import Strain
    from tutor.engine.solver.analysis import card_values

    strains = list(Strain)
    deals = [(random_deal(random.Random(s)), strains[s % len(strains)], SEATS[s % 4]) for s in range(_size(quick, 12, 40))]
    card_values(*deals[0])  # load the solver outside the measurement
    ours = _times(lambda i: card_values(*deals[i]), range(len(deals)))
    leads = [len(card_values(*d)) for d in deals[:3]]

    denoms = {Strain.SPADES: ep.Denom.spades, Strain.HEARTS: ep.Denom.hearts,
              Strain.DIAMONDS: ep.Denom.diamonds, Strain.CLUBS: ep.Denom.clubs, Strain.NO_TRUMPS: ep.Denom.nt}

    def bare(i: int) -> None:
        deal, strain, leader = deals[i]
        board = ep.Deal(deal.to_pbn())
        board.trump = denoms[strain]
        board.first = ep.Player.find(leader.value)
        list(dds.solve_board(board))

    ref = _times(bare, range(len(deals)))
    med, p95 = statistics.median(ours), _p95(ours)
    yield Row("double dummy", f"every opening lead of one deal ({leads[0]} cards), {len(deals)} deals",
              f"median {_ms(med)}, p95 {_ms(p95)}", f"median {_ms(statistics.median(ref))} (endplay bare)",
              f"{med / statistics.median(ref):.2f}×", "p95 < 1 s", _verdict(p95 < 1.0))


# --- scoring --------------------------------------------------------------------------


def bench_scoring(quick: bool) -> Iterator[Row]:
    try:
        from tutor.engine.calls import Contract, all_bids
        from tutor.engine.scoring import score_deal
    except ImportError as err:
        yield Row("scoring", "score_deal not available yet", "skipped", str(err)[:40], "—", "—", "—")
        return
    from endplay import types as ep

    rng = random.Random(5)
    bids = all_bids()
    cases = [(random_deal(rng), Contract(rng.choice(bids), rng.choice(SEATS)), rng.randrange(14))
             for _ in range(500)]
    n = _size(quick, 3000, 20000)
    it = iter(range(10**9))
    ours = _rate(lambda: score_deal(*cases[next(it) % len(cases)]), n, 0.5)
    ep_contracts = [ep.Contract(f"{c.level}{'N' if c.strain.value == 'NT' else c.strain.value}"
                                f"{c.declarer.value}=") for _, c, _ in cases]
    it2 = iter(range(10**9))
    ref = _rate(lambda: ep_contracts[next(it2) % len(ep_contracts)].score(ep.Vul.none), n, 0.5)
    yield Row("scoring", "score_deal (honours, coronets, slams found in the hands)",
              f"{ours:,.0f} deals/s", f"{ref:,.0f} contracts/s (endplay bridge score)",
              f"{ours / ref:.2f}×", "—", "—")


# --- cold start ---------------------------------------------------------------------


def _cold_start(context: Any, workdir: Path, script: str) -> tuple[float, float]:
    """Seconds from spawning ``streamlit run`` to (server healthy, first page interactive)."""
    from harness import App, start_server, stop_server, wait_healthy

    start = time.perf_counter()
    server = start_server(workdir, wait=False, script=script)
    try:
        wait_healthy(server)
        healthy = time.perf_counter() - start
        page = context.new_page()
        App(page, server).open()
        ready = time.perf_counter() - start
        page.close()
    finally:
        stop_server(server)
    return healthy, ready


def bench_coldstart(quick: bool) -> Iterator[Row]:
    from harness import CHROMIUM, CHROMIUM_FLAGS, missing_reason

    reason = missing_reason()
    if reason:
        yield Row("cold start", "app to first interactive page", "skipped", reason[:50], "—", "< 3 s", "—")
        return
    from playwright.sync_api import sync_playwright

    runs = _size(quick, 2, 5, smoke=1)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        hello = Path(tmp) / "hello_app.py"
        hello.write_text('import streamlit as st\n\nst.title("Hello")\n', encoding="utf-8")
        context = pw.chromium.launch_persistent_context(
            str(Path(tmp) / "profile"), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS
        )
        ours: list[tuple[float, float]] = []
        ref: list[tuple[float, float]] = []
        for i in range(runs):
            for script, out in (("app.py", ours), (str(hello), ref)):
                workdir = Path(tmp) / f"run{i}-{len(out)}-{Path(script).stem}"
                workdir.mkdir()
                out.append(_cold_start(context, workdir, script))
        context.close()
    med_ready = statistics.median(r for _, r in ours)
    med_healthy = statistics.median(h for h, _ in ours)
    ref_ready = statistics.median(r for _, r in ref)
    yield Row("cold start", f"`streamlit run app.py` → Home interactive, median of {runs}",
              f"{med_ready:.2f} s (server up {med_healthy:.2f} s)", f"{ref_ready:.2f} s (one-line app)",
              f"{med_ready / ref_ready:.2f}×", "< 3 s", _verdict(med_ready < 3.0))


def bench_pages(quick: bool) -> Iterator[Row]:
    from page_bench import rows

    for what, ours, ref, ratio, goal, met in rows(_size(quick, 2, 5, smoke=1), smoke=tiny()):
        yield Row("pages", what, ours, ref or "—", ratio, goal, met)


def bench_sampled(quick: bool) -> Iterator[Row]:
    from sampled_analysis import rows as sampled_rows

    for what, ours, ref, ratio, goal, met in sampled_rows(quick):
        yield Row("sampled analysis", what, ours, ref, ratio, goal, met)


SECTIONS: dict[str, Callable[[bool], Iterator[Row]]] = {
    "dealgen": bench_dealgen,
    "dealbatch": bench_dealbatch,
    "drills": bench_drills,
    "dd": bench_dd,
    "scoring": bench_scoring,
    "coldstart": bench_coldstart,
    "pages": bench_pages,
    "sampled": bench_sampled,
}


# --- report -------------------------------------------------------------------------


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        import endplay
        ep_version = getattr(endplay, "__version__", "?")
    except ImportError:  # pragma: no cover
        ep_version = "absent"
    try:
        chromium = subprocess.run(["/usr/bin/chromium", "--version"], capture_output=True, text=True,
                                  timeout=20).stdout.strip().splitlines()[-1]
    except (OSError, subprocess.SubprocessError, IndexError):
        chromium = "absent"
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f", {kb / 1024 / 1024:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    import streamlit

    return (f"{os.cpu_count()} cores (nproc), {cpu}{mem}; {platform.system()} {platform.machine()}; "
            f"Python {platform.python_version()}; endplay {ep_version}; streamlit {streamlit.__version__}; "
            f"{chromium}")


def markdown_table(rows: list[Row]) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in r.cells()) + " |" for r in rows]
    return "\n".join(lines)


def plain_table(rows: list[Row]) -> str:
    cells = [HEADER, *[r.cells() for r in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(HEADER))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in cells)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke check)")
    parser.add_argument("--only", default="", help=f"comma-separated sections: {', '.join(SECTIONS)}")
    parser.add_argument("--no-write", action="store_true",
                        help=f"do not write {RESULTS.relative_to(ROOT)} (only a full run writes it)")
    args = parser.parse_args(argv)
    chosen = [s.strip() for s in args.only.split(",") if s.strip()] or list(SECTIONS)
    unknown = [s for s in chosen if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section(s): {', '.join(unknown)}")
    rows: list[Row] = []
    for name in chosen:
        print(f"running {name} …", file=sys.stderr, flush=True)
        start = time.perf_counter()
        rows.extend(SECTIONS[name](args.quick))
        print(f"  {time.perf_counter() - start:.1f} s", file=sys.stderr)
    described = machine()
    print(f"\nMachine: {described}\n")
    print(plain_table(rows))
    if not args.no_write and not args.quick and chosen == list(SECTIONS):
        RESULTS.write_text(
            "# Benchmark results\n\n"
            f"Measured on {date.today().isoformat()} with `python benchmarks/run_all.py` "
            "(see docs/quality.md for what each line measures).\n\n"
            f"Machine: {described}.\n\n"
            "Each ratio is tutor ÷ the reference measured in the same run: for a speed "
            "(deals/s) above 1 means the tutor is faster, for a time (ms, s) above 1 means it is slower.\n\n"
            f"{markdown_table(rows)}\n",
            encoding="utf-8",
        )
        print(f"\nwritten to {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
