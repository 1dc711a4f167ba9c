"""Golden snapshots of every drill kind: seed -> drill (answer, accepted answers, laws, explanation, why-not, position).

The safety net of a redesign (tools/golden.py explains it): each drill is made again from
its kind, rule and seed and must equal the stored one field by field. A deliberate change
is recorded with ``python tools/golden.py`` and listed in the commit.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import golden  # noqa: E402

STORED = golden.load(golden.DRILLS)


@pytest.fixture(scope="module")
def fresh() -> dict[str, Any]:
    return dict(golden.drill_items())


def test_every_drill_kind_and_rule_has_snapshots(fresh: dict[str, Any]) -> None:
    assert sorted(fresh) == sorted(STORED), golden.differences(STORED, fresh)[:20]


@pytest.mark.parametrize("key", sorted(STORED))
def test_drill_is_unchanged(key: str, fresh: dict[str, Any]) -> None:
    if key not in fresh:
        pytest.fail(f"{key}: the drill kind or rule no longer exists")
    stored, made = STORED[key], fresh[key]
    for field in ("answer", "accepted", "laws", "explanation", "why_not", "position", "prompt", "choices",
                  "features", "deal_pbn", "rule_id"):
        assert made.get(field) == stored.get(field), f"{key}: {field} changed"
    assert made == stored
