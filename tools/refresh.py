"""After a convention change: rebuild the play bank, the drills' prices, the golden snapshots, and say which docs to update.

A change to ``content/conventions/*.yaml``, the vocabulary or the robots moves answers on
purpose. Four things are then out of date, in this order:

1. the play bank (``tutor/lessons/data/play_bank.json``, :mod:`tools.play_bank`): play drills
   are positions found in it, so it is rebuilt first (the slow step; ``--skip-bank`` leaves it);
2. the drills' precomputed prices (``tutor/lessons/data/prices.jsonl``,
   :mod:`tools.precompute_prices` with ``--only-missing``): the lines of the positions still
   drilled are kept, the new positions priced (a full run is an hour; ``--skip-prices`` leaves it);
3. the golden snapshots (``tests/data/golden/*.json``, :mod:`tools.golden`): every drill and
   ``tutor advise`` answer, made again from the new bank and content; the report separates the
   answers that *changed* (list them in the commit) from the *new* snapshots and the *gone* ones;
4. the docs: every doc line that names a rule whose snapshots or bank entries moved, or that
   quotes the bank's figures (rules banked, rules never found) when those changed, and the
   convention file's own doc for every convention file changed since ``HEAD``.

    python tools/refresh.py                      # bank, prices, snapshots, then the docs to update
    python tools/refresh.py --skip-bank          # prices, snapshots and docs (the bank is current)
    python tools/refresh.py --skip-bank --skip-prices   # snapshots and docs only
    python tools/refresh.py --bank-args "--seeds 6 --deals 60 --targeted 240 --plain 40"
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import golden  # noqa: E402

BANK = ROOT / "tutor" / "lessons" / "data" / "play_bank.json"
DOCS = (ROOT / "README.md", ROOT / "DEVELOPING.md", *sorted((ROOT / "docs").glob("*.md")))
#: The doc that explains each convention file's rules.
CONVENTION_DOCS = {"bidding.yaml": "docs/bidding.md", "play.yaml": "docs/play.md"}
#: The bank's header figures the docs quote.
BANK_FIGURES = ("rules", "rules_banked", "never_found")


def _bank() -> dict[str, Any]:
    if not BANK.exists():
        return {}
    data: dict[str, Any] = json.loads(BANK.read_text(encoding="utf-8"))
    return data


def bank_changes(before: dict[str, Any], after: dict[str, Any]) -> tuple[set[str], dict[str, tuple[Any, Any]]]:
    """The rules whose banked positions differ, and the header figures that changed (before, after)."""
    old, new = before.get("bank", {}), after.get("bank", {})
    rules = {r for r in old.keys() | new.keys() if old.get(r) != new.get(r)}
    figures = {f: (before.get(f), after.get(f)) for f in BANK_FIGURES if before.get(f) != after.get(f)}
    return rules, figures


def rule_of(key: str) -> str:
    """The rule (or expectation row) a snapshot key names: ``lead/lead-partner-suit/3`` -> ``lead-partner-suit``."""
    parts = key.split("/")
    return parts[1] if len(parts) >= 2 else key


def changed_conventions() -> list[str]:
    """Convention files changed since HEAD (staged or not): their docs explain their rules."""
    out = subprocess.run(["git", "diff", "--name-only", "HEAD", "--", "content/conventions"], cwd=ROOT,
                         capture_output=True, text=True, check=False).stdout
    return sorted(Path(line).name for line in out.splitlines() if line.endswith(".yaml"))


def docs_to_update(rules: set[str], figures: dict[str, tuple[Any, Any]], conventions: list[str],
                   docs: tuple[Path, ...] | None = None) -> list[str]:
    """``file:line: why`` for every doc line to reread, then one line per convention file's doc."""
    named = {r: re.compile(rf"(?<![\w-]){re.escape(r)}(?![\w-])") for r in sorted(rules)}
    lines = []
    for path in DOCS if docs is None else docs:
        if not path.exists():
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            hits = [rule for rule, pattern in named.items() if pattern.search(line)]
            why = [f"names {', '.join(hits)}"] if hits else []
            if figures and "bank" in line and re.search(r"\d", line):
                why.append("quotes the bank's figures (" + "; ".join(
                    f"{f}: {_short(a)} -> {_short(b)}" for f, (a, b) in figures.items()) + ")")
            if why:
                shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                lines.append(f"{shown}:{n}: {'; '.join(why)}")
    lines += [f"{CONVENTION_DOCS[c]}: {c} changed: its rules' readings" for c in conventions if c in CONVENTION_DOCS]
    return lines


def _short(value: Any) -> str:
    return str(len(value)) if isinstance(value, list) else str(value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-bank", action="store_true", help="keep the play bank as it is")
    parser.add_argument("--bank-args", default="", help="arguments for tools/play_bank.py (quoted)")
    parser.add_argument("--skip-prices", action="store_true", help="keep the drills' precomputed prices as they are")
    args = parser.parse_args(argv)

    before = _bank()
    if not args.skip_bank:
        print("1. the play bank: python tools/play_bank.py " + args.bank_args, flush=True)
        subprocess.run([sys.executable, str(ROOT / "tools" / "play_bank.py"), *shlex.split(args.bank_args)],
                       cwd=ROOT, check=True)
    bank_rules, figures = bank_changes(before, _bank())

    if not args.skip_prices:
        print("2. the drills' prices: python tools/precompute_prices.py --only-missing", flush=True)
        subprocess.run([sys.executable, str(ROOT / "tools" / "precompute_prices.py"), "--only-missing"],
                       cwd=ROOT, check=True)

    print("3. the golden snapshots", flush=True)
    moved: set[str] = set()
    for path, fresh in golden.fresh_snapshots().items():
        groups = golden.grouped(golden.load(path), fresh) if path.exists() else {"changed": [], "new": list(fresh),
                                                                                    "gone": []}
        print(golden.report(path.name, groups))
        moved |= {rule_of(item.split(":")[0]) for group in groups.values() for item in group}
        golden.write(path, fresh)

    print("4. the docs to update", flush=True)
    found = docs_to_update(moved | bank_rules, figures, changed_conventions())
    print("\n".join(found) if found else "none: no doc names a rule that moved")
    return 0


if __name__ == "__main__":
    sys.exit(main())
