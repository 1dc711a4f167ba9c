"""Golden snapshots of every drill kind: seed -> drill (answer, accepted answers, laws, explanation, why-not, position).

The safety net of a redesign (tools/golden.py explains it): each drill is made again from
its kind, rule and seed and must equal the stored one field by field. A deliberate change
is recorded with ``python tools/golden.py`` and listed in the commit.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import golden  # noqa: E402

STORED = golden.load(golden.DRILLS)


def _fresh_keys() -> dict[str, tuple[str, str, int]]:
    """The keys ``golden.drill_items`` makes (kind, rule, seed), without making the drills.

    Each test below makes only its own drill: every drill is made once in the whole run, on
    whichever worker runs its test, instead of all of them by every worker that runs one (a
    module fixture was set up again each time the workers' shares of this module broke off:
    three times in a run, about 4 s of CPU each).
    """
    from tutor.lessons.drills.kinds import DRILL_KINDS

    return {f"{name}/{rule_id}/{seed}": (name, rule_id, seed)
            for name, kind in sorted(DRILL_KINDS.items())
            for rule_id in sorted(kind.rule_ids())
            for seed in golden.SEEDS}


def test_every_drill_kind_and_rule_has_snapshots() -> None:
    fresh = _fresh_keys()
    assert sorted(fresh) == sorted(STORED), (sorted(set(fresh) - set(STORED))[:10],
                                             sorted(set(STORED) - set(fresh))[:10])


@pytest.mark.parametrize("key", sorted(STORED))
def test_drill_is_unchanged(key: str) -> None:
    from tutor.lessons.drills.kinds import DRILL_KINDS

    where = _fresh_keys().get(key)
    if where is None:
        pytest.fail(f"{key}: the drill kind or rule no longer exists")
    name, rule_id, seed = where
    stored, made = STORED[key], golden._made(DRILL_KINDS[name].make, rule_id, seed)
    for field in ("answer", "accepted", "laws", "explanation", "why_not", "position", "prompt", "choices",
                  "features", "deal_pbn", "rule_id"):
        assert made.get(field) == stored.get(field), f"{key}: {field} changed"
    assert made == stored
