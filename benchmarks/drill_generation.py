"""Play drill generation from robot deals: cost per drill, how often each rule arises, drill realism.

    python benchmarks/drill_generation.py [--seeds N]            # the bank (the default path)
    python benchmarks/drill_generation.py --stream [--seeds N] [--deals M]

**The bank** (the drills' path for every rule the bank of tools/play_bank.py holds): for
seeds 0..N-1, every banked rule's drill is made cold (``play_drill.make``, nothing read
before: the bank entry ``seed % len`` replayed by the robots up to its decision, checked,
and the drill built with its feedback), and "any convention" of each kind. Printed: the
coverage (rules with banked positions, of all), p50 / p95 / max per drill (wall time, and the
process's CPU time: on a shared machine the wall time includes waiting for a core), the drills whose
entry was stale, and the realism of the drills (contract levels, strains, declarer void or
singleton in trumps).

**--stream** (the search the bank replaces, and the fallback for a rule without entries):
for seeds 0..N-1 (a fresh memory per seed, as a new session has), every play rule's
drill is made in turn (``make_position``: the seed's stream of robot deals, each bid and
played once and read for every rule, until the rule decides; at most M deals). Printed:

1. **cost**: milliseconds per robot deal scanned; per drill, p50 / p95 / max of the time
   taken in a session that makes the rules in turn (later rules find the deals already
   read) and of the cold time (the deals up to the rule's position, read afresh:
   deal index + 1 times the cost of a deal) - the figures of docs/play.md;
2. **rate**: per rule, the share of the stream's robot deals in which it decides a card
   with one book answer, over every deal scanned, and the rules not found in the bound;
3. **realism** of the drills found: contract levels and strains, and the share of suit
   contracts where the declarer is void or singleton in trumps (the robots' own rate is
   0.9 %, docs/robots.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence

from tutor.engine.calls import Contract
from tutor.engine.cards import SEATS, Deal
from tutor.engine.conventions import Rule
from tutor.engine.deals.generate import random_deal
from tutor.lessons.play import scenarios as play_scenarios
from tutor.lessons.play.drill import KINDS, audit, make
from tutor.lessons.play.rules import load_play_rules
from tutor.lessons.play.scenarios import (
    Auditor,
    RarelyArises,
    RobotPosition,
    banked_rules,
    find_position,
    robot_positions,
    scan,
)


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return round(values[int(q * (len(values) - 1))], 1) if values else float("nan")


def natural_rates(deals: int) -> Counter[str]:
    """Per rule: the plain random deals (seeds 0..deals-1, dealer rotating N, E, S, W, as
    benchmarks/robot_realism.py) in which it decides a robot's card with one book answer."""
    conventions = load_play_rules()
    by_id = {r.id: r for r in conventions}
    counts: Counter[str] = Counter()
    for seed in range(deals):
        seen: set[str] = set()
        for found in robot_positions(random_deal(random.Random(seed)), SEATS[seed % 4]):
            rule = by_id.get(str(found.answer.rule))
            if rule is not None and rule.id not in seen and deciding(rule, found, conventions, audit):
                seen.add(rule.id)
        counts.update(seen)
    return counts


def deciding(rule: Rule, found: RobotPosition, conventions: Sequence[Rule], auditor: Auditor) -> bool:
    return auditor(rule, found.position, conventions) is not None


def run_bank(seeds: int) -> dict[str, object]:
    """Cold ``make`` of every banked rule's drill and of "any convention" per kind, seeds 0..N-1."""
    rules = load_play_rules()
    banked = banked_rules()
    per_drill: list[float] = []
    per_drill_cpu: list[float] = []  # CPU time: the wall time on a shared machine includes waiting for a core
    any_kind: list[float] = []
    levels: Counter[int] = Counter()
    strains: Counter[str] = Counter()
    suit = short = stale = 0
    make(KINDS[0], None, seeds)  # the content and the bank load once per process, outside the measurement
    for seed in range(seeds):
        for rule in rules:
            if rule.id not in banked:
                continue
            play_scenarios._KEPT.clear()  # cold: no deal read before
            t0, c0 = time.perf_counter(), time.process_time()
            try:
                drill = make(rule.kind, rule.id, seed)
            except RarelyArises:
                stale += 1
                continue
            per_drill.append((time.perf_counter() - t0) * 1000)
            per_drill_cpu.append((time.process_time() - c0) * 1000)
            deal = Deal.from_pbn(drill.deal_pbn)
            contract = Contract.parse(drill.position["contract"], drill.position["declarer"])
            levels[contract.level] += 1
            strains[contract.strain.name.lower()] += 1
            if contract.trump is not None:
                suit += 1
                short += deal[contract.declarer].length(contract.trump) <= 1
        for kind in KINDS:
            play_scenarios._KEPT.clear()
            t0 = time.perf_counter()
            make(kind, None, seed)
            any_kind.append((time.perf_counter() - t0) * 1000)
    return {
        "rules with banked positions": f"{len(banked & {r.id for r in rules})} of {len(rules)}",
        "drills made": len(per_drill), "stale entries (fell back to the stream)": stale,
        "named convention, cold, ms p50 / p95 / max": (_pct(per_drill, 0.5), _pct(per_drill, 0.95),
                                                       _pct(per_drill, 1.0)),
        "named convention, cold, CPU ms p50 / p95 / max": (_pct(per_drill_cpu, 0.5), _pct(per_drill_cpu, 0.95),
                                                           _pct(per_drill_cpu, 1.0)),
        "any convention of a kind, cold, ms p50 / p95 / max": (_pct(any_kind, 0.5), _pct(any_kind, 0.95),
                                                               _pct(any_kind, 1.0)),
        "levels": dict(sorted(levels.items())), "strains": dict(strains),
        "suit contracts": suit, "declarer void or singleton in trumps": short,
        "not banked": sorted(r.id for r in rules if r.id not in banked),
    }


def run(seeds: int, deals: int) -> dict[str, object]:
    rules = load_play_rules()
    session: list[float] = []
    cold: list[float] = []
    missing: Counter[str] = Counter()
    arises: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    strains: Counter[str] = Counter()
    suit = short = scanned = 0
    scan_ms: list[float] = []
    for seed in range(seeds):
        play_scenarios._KEPT.clear()  # a new session: no deal read yet
        for index in range(deals):  # the cost of reading one deal, and which rules it holds
            t0 = time.perf_counter()
            found = scan(seed, index, rules, audit)
            scan_ms.append((time.perf_counter() - t0) * 1000)
            arises.update(list(found))
            scanned += 1
        play_scenarios._KEPT.clear()
        per_deal = statistics.mean(scan_ms)
        for rule in rules:
            t0 = time.perf_counter()
            try:
                hit, _ = find_position(rule, seed, rules, audit, deals=deals, bank={})
            except RarelyArises:
                missing[rule.id] += 1
                continue
            session.append((time.perf_counter() - t0) * 1000)
            index = next(i for i in range(deals) if rule.id in scan(seed, i, rules, audit))
            cold.append((index + 1) * per_deal)
            contract = hit.position.contract
            levels[contract.level] += 1
            strains[contract.strain.name.lower()] += 1
            if contract.trump is not None:
                suit += 1
                short += hit.deal[contract.declarer].length(contract.trump) <= 1
    return {
        "ms per robot deal read": round(statistics.mean(scan_ms), 1),
        "drills found": len(session), "drills not found in the bound": sum(missing.values()),
        "session ms p50 / p95 / max": (_pct(session, 0.5), _pct(session, 0.95), _pct(session, 1.0)),
        "cold ms p50 / p95 / max": (_pct(cold, 0.5), _pct(cold, 0.95), _pct(cold, 1.0)),
        "levels": dict(sorted(levels.items())), "strains": dict(strains),
        "suit contracts": suit, "declarer void or singleton in trumps": short,
        "rates": {r.id: arises[r.id] / scanned for r in rules}, "missing": dict(missing),
        "scanned": scanned,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5, help="seeds 0..N-1, every rule drilled for each")
    parser.add_argument("--deals", type=int, default=play_scenarios.DEALS, help="the bound: deals per seed")
    parser.add_argument("--natural", type=int, default=400, help="plain random robot deals for the natural rate")
    parser.add_argument("--stream", action="store_true", help="measure the stream search, not the bank")
    args = parser.parse_args()
    t0 = time.perf_counter()
    if not args.stream:
        bank_figures = run_bank(args.seeds)
        print(f"play drills from the bank ({args.seeds} seeds, {time.perf_counter() - t0:.0f} s):")
        for key, value in bank_figures.items():
            print(f"  {key}: {value}")
        return
    figures = run(args.seeds, args.deals)
    rates, missing, scanned = figures.pop("rates"), figures.pop("missing"), figures.pop("scanned")
    assert isinstance(rates, dict) and isinstance(missing, dict)
    print(f"play drills from robot deals ({args.seeds} seeds x {args.deals} deals, "
          f"{time.perf_counter() - t0:.0f} s):")
    for key, value in figures.items():
        print(f"  {key}: {value}")
    natural = natural_rates(args.natural)
    print(f"\nthe rules not drilled on every seed (markdown, for docs/play.md): deals in which the rule "
          f"decides a card, per 1,000 - in {args.natural} plain robot deals, and in the {scanned} "
          f"stream deals; seeds with a drill")
    print("\n| rule | plain deals | stream deals | seeds with a drill |\n|---|---|---|---|")
    for rule in load_play_rules():
        if missing.get(rule.id):
            print(f"| `{rule.id}` | {1000 * natural[rule.id] / args.natural:.1f} | "
                  f"{1000 * rates[rule.id]:.1f} | {args.seeds - missing[rule.id]} of {args.seeds} |")


if __name__ == "__main__":
    main()
