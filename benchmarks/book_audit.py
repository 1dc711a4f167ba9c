"""The book audit: for each play convention, how often the sampled analysis prefers another card.

For every play convention of the book (``content/conventions/play.yaml``) the play drills
make positions where it decides (:func:`tutor.lessons.play.drill.make`, seeds 0 up); each
position is analysed over layouts the learner could not tell apart
(:func:`tutor.lessons.cost.prices.analyse`, no robots' playout). A position **prefers another**
card when the card with the highest mean Vint points over the layouts is not one the
book allows; the **gap** is that card's mean less the best of the book's cards, in
points and in tricks. It is **clear** when the gap, compared layout by layout (the
choices are priced on the same layouts), has a 95 % interval above zero
(:meth:`~tutor.lessons.cost.prices.Analysis.paired_gap`). It reports where the book's
advice is contested on the numbers; it never changes the advice.

    python benchmarks/book_audit.py [--positions 5] [--layouts 40] [--budget 60] [--kinds lead,discard]

prints a Markdown table (docs/cost.md holds the last run).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def audit_rule(kind: str, rule_id: str, positions: int, layouts: int, budget: int) -> dict[str, Any]:
    """The audit of one convention over ``positions`` drills (seeds 0 up)."""
    from tutor.engine.errors import TutorError
    from tutor.lessons.cost.prices import analyse
    from tutor.lessons.cost.sampling import knowledge_from_view
    from tutor.lessons.play.drill import make

    made = contested = clear = 0
    gaps: list[float] = []
    tricks: list[float] = []
    levels: list[int] = []
    for seed in range(positions):
        try:
            drill = make(kind, rule_id, seed)
            known = knowledge_from_view(drill.position)
            analysis = analyse(known, seed=seed, layouts=layouts, budget=budget, robots=False, every=True)
        except TutorError:
            continue
        made += 1
        levels.append(analysis.sample.level)
        by_card = {c.choice: c.sampled for c in analysis.choices}
        best = max(by_card, key=lambda c: by_card[c].points)
        book = max((c for c in drill.accepted if c in by_card), key=lambda c: by_card[c].points)
        if best not in drill.accepted and by_card[best].points > by_card[book].points:
            contested += 1
            gap, half = analysis.paired_gap(best, book)
            clear += gap - half > 0
            gaps.append(gap)
            tricks.append(by_card[best].tricks - by_card[book].tricks)
    return {"kind": kind, "rule": rule_id, "positions": made, "contested": contested, "clear": clear,
            "gap": statistics.mean(gaps) if gaps else 0.0, "tricks": statistics.mean(tricks) if tricks else 0.0,
            "levels": levels}


def main(argv: list[str] | None = None) -> int:
    from tutor.lessons.play.drill import KINDS
    from tutor.lessons.play.rules import rules_of_kind
    from tutor.lessons.words import laws_named

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5, help="positions per convention (default 5)")
    parser.add_argument("--layouts", type=int, default=40, help="layouts per position (default 40)")
    parser.add_argument("--budget", type=int, default=60,
                        help="candidates whose cards the robots re-play, per position (default 60)")
    parser.add_argument("--kinds", default=",".join(KINDS), help="play drill kinds, comma-separated")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    print("| decision | convention | laws | positions | another card preferred | of which clear "
          "| mean gap (points) | mean gap (tricks) |")
    print("|---|---|---|---|---|---|---|---|")
    total = contested = clear = 0
    levels: list[int] = []
    for kind in args.kinds.split(","):
        for rule in rules_of_kind(kind):
            row = audit_rule(kind, rule.id, args.positions, args.layouts, args.budget)
            total += row["positions"]
            contested += row["contested"]
            clear += row["clear"]
            levels += row["levels"]
            share = f"{row['contested']} ({row['contested'] / row['positions']:.0%})" if row["positions"] else "—"
            gap = f"{row['gap']:+.0f}" if row["contested"] else "—"
            gap_tricks = f"{row['tricks']:+.2f}" if row["contested"] else "—"
            print(f"| {kind} | {rule.title} | {laws_named(rule.laws)} | {row['positions']} | {share} "
                  f"| {row['clear'] if row['contested'] else '—'} | {gap} | {gap_tricks} |", flush=True)
    by_level = ", ".join(f"level {n}: {levels.count(n)}" for n in (1, 2, 3, 4))
    print(f"\n{contested} of {total} positions prefer another card, {clear} of them clearly; "
          f"layouts drawn at {by_level}; {time.perf_counter() - start:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
