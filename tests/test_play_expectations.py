"""The expectation table: every lead, discard and finesse holding the seeds give (tests/data/play_expectations.yaml).

Each case is a play position as ``tutor advise`` takes it and the card (or cards) the
book plays, with the rule that decides and the seed lines it rests on. Laws 79-87, the
recovered ≈88-≈106, 110-144 and 160-166 (digest W21, W22), and the declaring side's
leads 123-124, 130-133.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from plainyaml import safe_load as _safe_load

from tutor.lessons.play.drill import advise

TABLE = Path(__file__).parent / "data" / "play_expectations.yaml"
DATA = _safe_load(TABLE.read_text(encoding="utf-8"))


def _cases() -> list[Any]:
    return [pytest.param(case, id=case["id"]) for case in DATA["cases"]]


@pytest.mark.parametrize("case", _cases())
def test_book_card_for_seed_holding(case: dict[str, Any]) -> None:
    payload = {**DATA["defaults"], **case["position"]}
    out = advise(payload)
    expect = case["expect"]
    if "card" in expect and expect["card"] is None:
        assert out["card"] is None, f"{case['id']} ({case['source']}): no book rule expected, got {out}"
        return
    wanted = [expect["card"]] if "card" in expect else expect["cards"]
    assert sorted(out["cards"]) == sorted(wanted), f"{case['id']} ({case['source']}): {out}"
    if "rule" in expect:
        assert out["rule"] == expect["rule"], f"{case['id']}: decided by {out['rule']}, also {out['also']}"
    assert out["laws"], "every answer cites its law"


def test_table_covers_every_lead_discard_and_finesse_law() -> None:
    """W21/W22: the table holds a case for each holding the seeds give."""
    ids = " ".join(case["id"] for case in DATA["cases"])
    for law in ("86", "87", "r88", "r89", "r90", "r92", "r93", "r95", "r96", "r97", "r98", "r99", "80", "81",
                "82", "83", "84", "85", "126", "127", "118", "r101", "r104", "r105", "110", "113", "114",
                "138", "139", "140", "141", "142", "143", "144", "145", "111", "112", "r107", "115", "116", "161", "162", "163", "164",
                "165", "166",
                "123", "124", "130", "131", "132", "133", "136", "r109"):
        assert f"law-{law}-" in ids or f"-{law}-" in ids, f"no expectation for law {law}"
