"""Golden snapshots: what every drill kind makes from a sample of seeds, and what ``tutor advise`` answers.

The snapshots are the safety net of a redesign: ``tests/test_golden_drills.py`` and
``tests/test_golden_advise.py`` regenerate each item and compare it, field by field, with
the stored file, so a refactoring that changes no behaviour keeps them green and one
that changes an answer names the drill, the field and both values.

A deliberate change of behaviour (a fidelity fix, a reworded explanation) is recorded by
regenerating the snapshots and listing the change in the commit message:

    python tools/golden.py            # rewrite tests/data/golden/*.json
    python tools/golden.py --check    # list the differences: changed, new and gone apart
                                      # (exit 1: an answer changed or is gone; 2: only new ones)

After a convention change, ``python tools/refresh.py`` rebuilds the play bank and these
snapshots in the right order and says which docs to update.

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
    from tutor.lessons.drills.kinds import DRILL_KINDS

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


def grouped(stored: dict[str, Any], fresh: dict[str, Any]) -> dict[str, list[str]]:
    """The differences by what they mean: ``changed`` (a stored answer moved: the fields that did),
    ``new`` (no snapshot yet: a new rule, drill kind or expectation row) and ``gone`` (a snapshot
    whose rule or row no longer exists)."""
    changed = []
    for key in sorted(stored.keys() & fresh.keys()):
        if stored[key] != fresh[key]:
            fields = sorted(f for f in {*stored[key], *fresh[key]} if stored[key].get(f) != fresh[key].get(f))
            changed.append(f"{key}: {', '.join(fields)}")
    return {"changed": changed, "new": sorted(fresh.keys() - stored.keys()),
            "gone": sorted(stored.keys() - fresh.keys())}


def differences(stored: dict[str, Any], fresh: dict[str, Any]) -> list[str]:
    """One line per key added, removed or changed (with the fields that changed)."""
    groups = grouped(stored, fresh)
    return ([f"new: {k}" for k in groups["new"]] + [f"gone: {k}" for k in groups["gone"]]
            + [f"changed: {k}" for k in groups["changed"]])


#: What each group of a report means, for the reader of ``--check``.
MEANING = {
    "changed": "a stored answer moved: say which and why in the commit",
    "new": "no snapshot yet (a new rule, drill kind or expectation row): nothing moved, record it",
    "gone": "the rule or row no longer exists",
}


def report(name: str, groups: dict[str, list[str]]) -> str:
    """``--check``'s report of one file: a count line, then the changed, the new and the gone apart."""
    counts = ", ".join(f"{len(groups[g])} {g}" for g in MEANING)
    if not any(groups.values()):
        return f"{name}: unchanged"
    lines = [f"{name}: {counts}"]
    for group, meaning in MEANING.items():
        if groups[group]:
            lines.append(f"  {group} ({meaning}):")
            lines += [f"    {item}" for item in groups[group]]
    return "\n".join(lines)


def fresh_snapshots() -> dict[Path, dict[str, Any]]:
    """Every snapshot file and what the code makes for it now."""
    return {path: dict(items()) for path, items in ((DRILLS, drill_items), (ADVICE, advice_items))}


def write(path: Path, fresh: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(fresh, ensure_ascii=False, indent=1, sort_keys=True) + "\n", "utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare instead of rewriting: exit 1 if a stored answer changed or is gone, "
                             "2 if there are only new snapshots")
    args = parser.parse_args(argv)
    status = 0
    for path, fresh in fresh_snapshots().items():
        if args.check:
            if not path.exists():
                print(f"missing: {path}")
                status = 1
                continue
            groups = grouped(load(path), fresh)
            print(report(path.name, groups))
            if groups["changed"] or groups["gone"]:
                status = 1
            elif groups["new"] and status == 0:
                status = 2
        else:
            write(path, fresh)
            print(f"{path.relative_to(ROOT)}: {len(fresh)} items")
    return status


if __name__ == "__main__":
    sys.exit(main())
