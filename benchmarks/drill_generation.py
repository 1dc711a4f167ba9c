"""Play drill generation from robot deals: cost per drill, how often each rule arises, drill realism.

    python benchmarks/drill_generation.py [--seeds N] [--deals M]

For seeds 0..N-1 (a fresh memory per seed, as a new session has), every play rule's
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
import statistics
import time
from collections import Counter

from tutor.lessons import play_scenarios
from tutor.lessons.play_drill import audit
from tutor.lessons.play_rules import load_play_rules
from tutor.lessons.play_scenarios import RarelyArises, find_position, scan


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return round(values[int(q * (len(values) - 1))], 1) if values else float("nan")


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
                hit, _ = find_position(rule, seed, rules, audit, deals=deals)
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
        "rates": {r.id: arises[r.id] / scanned for r in rules}, "never found": sorted(
            r.id for r in rules if missing[r.id] == seeds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5, help="seeds 0..N-1, every rule drilled for each")
    parser.add_argument("--deals", type=int, default=play_scenarios.DEALS, help="the bound: deals per seed")
    args = parser.parse_args()
    t0 = time.perf_counter()
    figures = run(args.seeds, args.deals)
    rates = figures.pop("rates")
    print(f"play drills from robot deals ({args.seeds} seeds x {args.deals} deals, "
          f"{time.perf_counter() - t0:.0f} s):")
    for key, value in figures.items():
        print(f"  {key}: {value}")
    print("share of robot deals in which each rule decides a card (rarest first):")
    assert isinstance(rates, dict)
    for rule_id, rate in sorted(rates.items(), key=lambda kv: (kv[1], kv[0])):
        print(f"  {rate:.3f}  {rule_id}")


if __name__ == "__main__":
    main()
