"""Golden snapshots: what every drill kind makes from a sample of seeds, and what ``tutor advise`` answers.

The snapshots are the safety net of a redesign: ``tests/test_golden_drills.py`` and
``tests/test_golden_advise.py`` regenerate each item and compare it, field by field, with
the stored file, so a refactoring that changes no behaviour keeps them green and one
that changes an answer names the drill, the field and both values.

A deliberate change of behaviour (a fidelity fix, a reworded explanation) is recorded by
regenerating the snapshots and listing the change in the commit message:

    python tools/golden.py            # rewrite tests/data/golden/*.json
    python tools/golden.py --check    # exit 1 and list the differences

Not a test of correctness: the expectation tables (tests/data/*_expectations.yaml) say what
the book answers; the snapshots only say that nothing moved.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden"
DRILLS = GOLDEN / "drills.json"
ADVICE = GOLDEN / "advise.json"
#: Seeds per rule: a sample, enough that each rule's generator takes several paths.
SEEDS = (1, 2, 3)


def _plain(value: Any) -> Any:
    """Tuples to lists and mappings to dicts, as JSON would store them."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def drill_items() -> Iterator[tuple[str, dict[str, Any]]]:
    """``(key, drill JSON)`` for every drill kind, rule and sample seed."""
    from tutor.lessons.drill_kinds import DRILL_KINDS

    for name, kind in sorted(DRILL_KINDS.items()):
        for rule_id in sorted(kind.rule_ids()):
            for seed in SEEDS:
                yield f"{name}/{rule_id}/{seed}", _made(kind.make, rule_id, seed)


def _made(make: Any, rule_id: str, seed: int) -> dict[str, Any]:
    """The drill's JSON, or the one line a learner reads when it has none (a play convention
    that does not arise in the deals the robots bid and play for this seed)."""
    from tutor.lessons.play.scenarios import RarelyArises

    try:
        return _plain(make(rule_id, seed).to_json())  # type: ignore[no-any-return]
    except RarelyArises as err:
        return {"unavailable": str(err)}


def advice_items() -> Iterator[tuple[str, dict[str, Any]]]:
    """``(key, advise output)`` for every row of the bidding and play expectation tables."""
    from tutor.lessons.bidding.drill import advise as advise_bid
    from tutor.lessons.play.drill import advise as advise_play

    bidding = yaml.safe_load((ROOT / "tests" / "data" / "bidding_expectations.yaml").read_text("utf-8"))
    for case in bidding:
        position = {"kind": "bid", **{k: case[k] for k in ("dealer", "seat", "hand", "auction")}}
        if "score" in case:
            position["score"] = case["score"]
        yield f"bid/{case['id']}", _plain(dict(advise_bid(position)))
    play = yaml.safe_load((ROOT / "tests" / "data" / "play_expectations.yaml").read_text("utf-8"))
    for case in play["cases"]:
        yield f"play/{case['id']}", _plain(dict(advise_play({**play["defaults"], **case["position"]})))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def differences(stored: dict[str, Any], fresh: dict[str, Any]) -> list[str]:
    """One line per key added, removed or changed (with the fields that changed)."""
    lines = [f"new: {key}" for key in sorted(fresh.keys() - stored.keys())]
    lines += [f"gone: {key}" for key in sorted(stored.keys() - fresh.keys())]
    for key in sorted(stored.keys() & fresh.keys()):
        if stored[key] != fresh[key]:
            fields = sorted(f for f in {*stored[key], *fresh[key]} if stored[key].get(f) != fresh[key].get(f))
            lines.append(f"changed: {key}: {', '.join(fields)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of rewriting")
    args = parser.parse_args(argv)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    status = 0
    for path, items in ((DRILLS, drill_items), (ADVICE, advice_items)):
        fresh = dict(items())
        if args.check:
            found = differences(load(path), fresh) if path.exists() else [f"missing: {path}"]
            print("\n".join(found) or f"{path.name}: unchanged")
            status |= bool(found)
        else:
            path.write_text(json.dumps(fresh, ensure_ascii=False, indent=1, sort_keys=True) + "\n", "utf-8")
            print(f"{path.relative_to(ROOT)}: {len(fresh)} items")
    return status


if __name__ == "__main__":
    sys.exit(main())
