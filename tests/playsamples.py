"""Play drills a test may look at: the drills a rule gives on a few seeds, or the documentation that
it hardly arises from the book's auctions (docs/play.md, "Conventions that hardly arise")."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from tutor.engine.conventions import Advice
from tutor.engine.play.position import PlayPosition
from tutor.lessons.play.drill import PlayDrill, make, make_position
from tutor.lessons.play.rules import rule_named
from tutor.lessons.play.scenarios import RarelyArises

ROOT = Path(__file__).parent.parent
#: The golden snapshots' seeds (tools/golden.py): a worker reads their deals once for both.
SEEDS = (1, 2, 3)


def documented_rare() -> set[str]:
    """The rule ids docs/play.md lists as hardly arising from the book's auctions."""
    text = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    section = text.split("## Conventions that hardly arise", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`((?:lead|second|third|discard|ruff)-[a-z0-9-]+)`", section))


def positions(rule_id: str, seeds: Iterable[int] = SEEDS) -> list[tuple[PlayPosition, Advice]]:
    """The rule's drill positions on ``seeds``; none only for a rule documented as hardly arising."""
    out = []
    for seed in seeds:
        try:
            out.append(make_position(rule_named(rule_id), seed))
        except RarelyArises:
            continue
    assert out or rule_id in documented_rare(), f"{rule_id}: no drill on seeds {seeds} and not documented"
    return out


def drills(kind: str, rule_id: str, seeds: Iterable[int] = SEEDS) -> list[PlayDrill]:
    """The rule's drills on ``seeds``; none only for a rule documented as hardly arising."""
    out = []
    for seed in seeds:
        try:
            out.append(make(kind, rule_id, seed))
        except RarelyArises:
            continue
    assert out or rule_id in documented_rare(), f"{rule_id}: no drill on seeds {seeds} and not documented"
    return out
