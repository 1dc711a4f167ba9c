"""Golden snapshots of ``tutor advise`` over the bidding and play expectation tables.

The expectation tests check the book's call or card; these check everything else the
adviser answers (rule, laws, explanation, the other applicable rules), so a redesign
provably changes no answer. ``python tools/golden.py`` records a deliberate change.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import golden  # noqa: E402

STORED = golden.load(golden.ADVICE)


@pytest.fixture(scope="module")
def fresh() -> dict[str, Any]:
    return dict(golden.advice_items())


def test_every_expectation_row_has_a_snapshot(fresh: dict[str, Any]) -> None:
    assert sorted(fresh) == sorted(STORED), golden.differences(STORED, fresh)[:20]


@pytest.mark.parametrize("key", sorted(STORED))
def test_advice_is_unchanged(key: str, fresh: dict[str, Any]) -> None:
    if key not in fresh:
        pytest.fail(f"{key}: the expectation row no longer exists")
    assert fresh[key] == STORED[key], f"{key}: {golden.differences({key: STORED[key]}, {key: fresh[key]})}"
