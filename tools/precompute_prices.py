"""Work out the drills' sampled prices ahead: tutor/lessons/data/prices.jsonl (docs/cost.md).

    python tools/precompute_prices.py [--per-rule N] [--bid-seeds N] [--any-bid-seeds N] [--out PATH]
                                      [--only-missing]

For every play rule of the play bank, its first ``--per-rule`` entries (default: all; a play
drill of seed ``s`` is entry ``s % len`` of its rule's bank, so every drill the page deals);
for every bidding rule the drills of position numbers ``0 .. --bid-seeds - 1``, and for "any
convention" those of ``0 .. --any-bid-seeds - 1`` (the page deals these first): the drill is
made as the page makes it, and its position (with the deal) analysed with the pages' knobs
(:mod:`tutor.lessons.cost.precomputed`: seed, layouts, budget), every choice priced on
every layout so that any answer of the learner finds its line and its verdict. Run it
after the play bank is rebuilt (the same refresh step): a changed convention changes the
drills, and a position no longer in the file is simply worked out live on the page.
Deterministic: the same bank, conventions and arguments give the same file but its date.
A full run takes about an hour on two cores. The file's first line lists the bidding numbers
the page deals first: only those priced (a drill the sampler could not deal is left out).

``--only-missing`` keeps the lines of the existing file (``--out``) whose positions are still
drilled and prices only the others; positions no longer drilled are dropped. A position's line
depends on the position alone, so the file is the one a full run writes (but for its date and
seconds): after the play bank is rebuilt, only the rules whose entries changed are priced again.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _positions(per_rule: int | None, bid_seeds: int, any_bid_seeds: int) -> list[tuple[str, dict[str, Any]]]:
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
        for seed in range(bid_seeds):
            bid_drill = bidding.make(rule_id, seed)
            out.append((f"bid {rule_id} {seed}", {**bid_drill.position, "deal": bid_drill.deal_pbn}))
    for seed in range(bid_seeds, any_bid_seeds):  # below bid_seeds, "any convention" is one of the above
        bid_drill = bidding.make(None, seed)
        out.append((f"bid any {seed}", {**bid_drill.position, "deal": bid_drill.deal_pbn}))
    return out


#: A long run writes what it has priced so far this often (positions), so a stop keeps it.
WRITE_EVERY = 50


def build(per_rule: int | None, bid_seeds: int, any_bid_seeds: int, out: Path | None = None,
          kept: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The file's first line and its positions; written to ``out`` every :data:`WRITE_EVERY` positions
    too (a long run keeps what it priced). ``kept``: lines already worked out, by position key, taken
    as they are when still drilled."""
    from tutor.engine.errors import TutorError
    from tutor.lessons.cost.precomputed import BUDGET, LAYOUTS, SEED, position_key, write_prices
    from tutor.lessons.cost.prices import analyse
    from tutor.lessons.cost.sampling import knowledge_from_view

    start = time.perf_counter()
    positions: dict[str, Any] = {}
    skipped: list[str] = []
    drills = _positions(per_rule, bid_seeds, any_bid_seeds)
    keys = {label: position_key(view) for label, view in drills}
    kept = kept or {}
    positions.update({key: kept[key] for key in keys.values() if key in kept})
    todo = [(label, view) for label, view in drills if keys[label] not in positions]
    print(f"{len(positions)} positions kept, {len(todo)} to price", file=sys.stderr)

    def header() -> dict[str, Any]:
        return _header(per_rule, _dealt_first(keys, positions, bid_seeds, any_bid_seeds), start, skipped)

    for label, view in todo:
        try:
            analysis = analyse(knowledge_from_view(view), seed=SEED, layouts=LAYOUTS, budget=BUDGET, every=True)
        except TutorError as err:  # e.g. a position the sampler cannot deal: the page says so live
            skipped.append(f"{label}: {err}")
            continue
        positions[keys[label]] = analysis.to_json()
        print(f"{label}: {analysis.sample.level_words[:40]} …", file=sys.stderr)
        if out is not None and len(positions) % WRITE_EVERY == 0:
            write_prices(out, header(), positions)
    return header(), positions


def _dealt_first(keys: dict[str, str], positions: dict[str, Any], bid_seeds: int,
                 any_bid_seeds: int) -> tuple[list[int], list[int]]:
    """The bidding position numbers the page may deal first: only those priced (for every convention,
    and for "any convention"), so that a drill dealt first always finds its line."""
    from tutor.lessons.bidding import drill as bidding

    rules = bidding.rule_ids()
    every = [s for s in range(bid_seeds) if all(keys[f"bid {r} {s}"] in positions for r in rules)]
    any_keys = {s: keys[f"bid {bidding.rule_of(None, s)} {s}" if s < bid_seeds else f"bid any {s}"]
                for s in range(any_bid_seeds)}
    return every, [s for s, key in any_keys.items() if key in positions]


def _header(per_rule: int | None, dealt_first: tuple[list[int], list[int]], start: float,
            skipped: list[str]) -> dict[str, Any]:
    from tutor.lessons.cost.precomputed import BUDGET, LAYOUTS, SEED

    return {"made_by": "tools/precompute_prices.py", "date": datetime.date.today().isoformat(), "seed": SEED,
            "layouts": LAYOUTS, "budget": BUDGET, "per_rule": per_rule, "bid_seeds": dealt_first[0],
            "any_bid_seeds": dealt_first[1], "seconds": round(time.perf_counter() - start), "skipped": skipped}


def main(argv: list[str] | None = None) -> int:
    from tutor.lessons.cost.precomputed import (
        ANY_BID_SEEDS,
        BID_SEEDS,
        PRICES_PATH,
        read_positions,
        write_prices,
    )

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-rule", type=int, default=None, help="play bank entries per rule (default: all)")
    parser.add_argument("--bid-seeds", type=int, default=len(BID_SEEDS),
                        help="bidding drills of position numbers 0 .. N-1 of every convention")
    parser.add_argument("--any-bid-seeds", type=int, default=len(ANY_BID_SEEDS),
                        help='bidding drills of position numbers 0 .. N-1 of "any convention"')
    parser.add_argument("--out", type=Path, default=PRICES_PATH)
    parser.add_argument("--only-missing", action="store_true",
                        help="keep the lines of --out still drilled; price only the positions it lacks")
    args = parser.parse_args(argv)
    kept = read_positions(args.out) if args.only_missing else None
    header, positions = build(args.per_rule, args.bid_seeds, args.any_bid_seeds, args.out, kept)
    write_prices(args.out, header, positions)
    print(f"{len(positions)} positions priced in {header['seconds']} s; {len(header['skipped'])} skipped; "
          f"{args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
