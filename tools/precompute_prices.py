"""Work out the drills' sampled prices ahead: tutor/lessons/data/prices.json (docs/cost.md).

    python tools/precompute_prices.py [--per-rule N] [--bid-seeds 1,2,3] [--out PATH] [--only-missing]

For every play rule of the play bank, its first ``--per-rule`` entries (a play drill of
seed ``s`` is entry ``s % len`` of its rule's bank, so seeds ``0 .. N-1``), and for every
bidding rule the drills of ``--bid-seeds``: the drill is made as the page makes it, and
its position (with the deal) analysed with the pages' knobs
(:mod:`tutor.lessons.cost.precomputed`: seed, layouts, budget), every choice priced on
every layout so that any answer of the learner finds its line and its verdict. Run it
after the play bank is rebuilt (the same refresh step): a changed convention changes the
drills, and a position no longer in the file is simply worked out live on the page.
Deterministic: the same bank, conventions and arguments give the same file but its date.

``--only-missing`` keeps the lines of the existing file (``--out``) whose positions are still
drilled and prices only the others; positions no longer drilled are dropped. A position's line
depends on the position alone, so the file is the one a full run writes (but for its date and
seconds): after the play bank is rebuilt, only the rules whose entries changed are priced again.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _positions(per_rule: int | None, bid_seeds: list[int]) -> list[tuple[str, dict[str, Any]]]:
    """``(label, view with its deal)`` of every drill to price, in a fixed order."""
    from tutor.lessons.bidding import drill as bidding
    from tutor.lessons.play import drill as play
    from tutor.lessons.play.rules import rules_of_kind
    from tutor.lessons.play.scenarios import load_bank

    out = []
    bank = load_bank()
    for kind in reversed(play.KINDS):  # the cheapest decisions first (a lead values 13 cards)
        for rule in rules_of_kind(kind):
            entries = len(bank.get(rule.id, ()))
            for seed in range(min(entries, per_rule) if per_rule is not None else entries):
                drill = play.make(kind, rule.id, seed)
                out.append((f"play {rule.id} {seed}", {**drill.position, "deal": drill.deal_pbn}))
    for rule_id in bidding.rule_ids():
        for seed in bid_seeds:
            bid_drill = bidding.make(rule_id, seed)
            out.append((f"bid {rule_id} {seed}", {**bid_drill.position, "deal": bid_drill.deal_pbn}))
    return out


def build(per_rule: int | None, bid_seeds: list[int], out: Path | None = None,
          kept: dict[str, Any] | None = None) -> dict[str, Any]:
    """The file's content; written to ``out`` after every position too (a long run keeps what it priced).
    ``kept``: lines already worked out, by position key, taken as they are when still drilled."""
    from tutor.engine.errors import TutorError
    from tutor.lessons.cost.precomputed import BUDGET, LAYOUTS, SEED, position_key
    from tutor.lessons.cost.prices import analyse
    from tutor.lessons.cost.sampling import knowledge_from_view

    start = time.perf_counter()
    positions: dict[str, Any] = {}
    skipped = []
    todo = _positions(per_rule, bid_seeds)
    kept = kept or {}
    reused = {position_key(view): kept[position_key(view)] for _, view in todo if position_key(view) in kept}
    positions.update(reused)
    todo = [(label, view) for label, view in todo if position_key(view) not in reused]
    print(f"{len(reused)} positions kept, {len(todo)} to price", file=sys.stderr)
    for label, view in todo:
        try:
            analysis = analyse(knowledge_from_view(view), seed=SEED, layouts=LAYOUTS, budget=BUDGET, every=True)
        except TutorError as err:  # e.g. a position the sampler cannot deal: the page says so live
            skipped.append(f"{label}: {err}")
            continue
        positions[position_key(view)] = analysis.to_json()
        print(f"{label}: {analysis.sample.level_words[:40]} …", file=sys.stderr)
        data = _data(per_rule, bid_seeds, start, skipped, positions)
        if out is not None:
            _write(out, data)
    return _data(per_rule, bid_seeds, start, skipped, positions)


def _data(per_rule: int | None, bid_seeds: list[int], start: float, skipped: list[str],
          positions: dict[str, Any]) -> dict[str, Any]:
    from tutor.lessons.cost.precomputed import BUDGET, LAYOUTS, PRICES_VERSION, SEED

    return {"version": PRICES_VERSION, "made_by": "tools/precompute_prices.py",
            "date": datetime.date.today().isoformat(), "seed": SEED, "layouts": LAYOUTS, "budget": BUDGET,
            "per_rule": per_rule, "bid_seeds": bid_seeds, "seconds": round(time.perf_counter() - start),
            "skipped": skipped, "positions": dict(sorted(positions.items()))}


def _kept(path: Path) -> dict[str, Any]:
    """The lines of an existing file made with the pages' knobs (none from another file or knobs)."""
    from tutor.lessons.cost.precomputed import BUDGET, LAYOUTS, PRICES_VERSION, SEED

    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if (data.get("version"), data.get("seed"), data.get("layouts"), data.get("budget")) != (
            PRICES_VERSION, SEED, LAYOUTS, BUDGET):
        return {}
    return dict(data.get("positions") or {})


def _write(out: Path, data: dict[str, Any]) -> None:
    partial = out.with_suffix(".partial")
    partial.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    partial.replace(out)


def main(argv: list[str] | None = None) -> int:
    from tutor.lessons.cost.precomputed import PRICES_PATH

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-rule", type=int, default=None, help="play bank entries per rule (default: all)")
    parser.add_argument("--bid-seeds", default="1,2,3", help="bidding drill seeds, comma-separated")
    parser.add_argument("--out", type=Path, default=PRICES_PATH)
    parser.add_argument("--only-missing", action="store_true",
                        help="keep the lines of --out still drilled; price only the positions it lacks")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.bid_seeds.split(",") if s.strip()]
    data = build(args.per_rule, seeds, args.out, _kept(args.out) if args.only_missing else None)
    _write(args.out, data)
    print(f"{len(data['positions'])} positions priced in {data['seconds']} s; {len(data['skipped'])} skipped; "
          f"{args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
