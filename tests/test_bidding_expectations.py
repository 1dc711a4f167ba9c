"""The book's bidding examples and rules as an expectation table (tests/data/bidding_expectations.yaml).

Each position comes from a seed example or rule (W16, W17, laws 33-52, the recovered
≈53-≈63; the ``source`` field cites the seed lines); the engine must give the book's
call, decided by a rule that cites the law, with no other rule of equal priority
disagreeing. The guided lessons (laws 49 and 50) must agree with the rules call by call.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from plainyaml import safe_load as _safe_load

from tutor.lessons.bidding.drill import advise
from tutor.lessons.bidding.lessons import agreement, lessons, steps

TABLE = _safe_load((Path(__file__).parent / "data" / "bidding_expectations.yaml").read_text("utf-8"))


@pytest.mark.parametrize("case", TABLE, ids=[c["id"] for c in TABLE])
def test_book_call_for_each_seed_position(case: dict[str, Any]) -> None:
    position = {"kind": "bid", **{k: case[k] for k in ("dealer", "seat", "hand", "auction")}}
    for key in ("score", "variants"):
        if key in case:
            position[key] = case[key]
    answer = advise(position)
    assert answer["call"] == case["call"], (case["source"], answer)
    assert set(case["laws"]) <= set(answer["laws"]), (case["source"], answer)
    assert answer["unique"], answer
    if "rule" in case:
        assert answer["rule"] == case["rule"]


def test_expectation_table_covers_the_issue_laws() -> None:
    cited = {law for case in TABLE for law in case["laws"]}
    for law in ("law-33", "law-35", "law-36", "law-37", "law-38", "law-39", "law-40", "law-41", "law-42",
                "law-43", "law-44", "law-45", "law-46", "law-48", "law-49", "law-50", "law-51", "law-52", "law-r53",
                "law-r54", "law-r55", "law-r57", "law-r58", "law-r59", "law-r60", "law-r61", "law-r62",
                "law-r63", "law-47", "law-rb"):
        assert law in cited, law


def test_law_38_the_same_hand_bids_only_when_the_deal_ends_the_partie() -> None:
    base = {"kind": "bid", "dealer": "S", "seat": "S", "hand": "AK765.Q2.KQ2.432", "auction": []}
    near = advise({**base, "score": {"below": {"NS": 430, "EW": 0}, "parties": {"NS": 0, "EW": 0}}})
    far = advise({**base, "score": {"below": {"NS": 420, "EW": 0}, "parties": {"NS": 0, "EW": 0}}})
    assert (near["call"], near["laws"][0]) == ("1S", "law-38")  # 430 + 70 for a simple game = 500
    assert far["call"] == "P"


@pytest.mark.parametrize("lesson_id", ["law-49-spades-dialogue", "law-50-short-suits"])
def test_law_49_and_50_dialogues_are_the_calls_the_conventions_make(lesson_id: str) -> None:
    lesson = lessons()[lesson_id]
    assert agreement(lesson) == []
    assert all(lesson_id.split("-")[1] in " ".join(s.laws) or s.number == 1 for s in steps(lesson))
