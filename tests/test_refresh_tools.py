"""tools/golden.py's report and tools/refresh.py (issue 26, item 7).

The expectations are stated from what the tools promise, on small hand-made snapshots: a key
only the code now makes is *new* (nothing moved), a key whose fields differ is *changed*, a
key only the stored file has is *gone*; ``--check`` fails (1) on a change and says "only new"
(2) apart; refresh lists every doc line naming a rule that moved, whole names only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import golden  # noqa: E402
import refresh  # noqa: E402

STORED = {"lead/rule-a/1": {"answer": "SA", "laws": ["law-80"]}, "lead/rule-b/1": {"answer": "H2"}}


def test_golden_groups_changed_new_and_gone_apart() -> None:
    fresh = {"lead/rule-a/1": {"answer": "SK", "laws": ["law-80"]}, "lead/rule-c/1": {"answer": "D3"}}
    groups = golden.grouped(STORED, fresh)
    assert groups == {"changed": ["lead/rule-a/1: answer"], "new": ["lead/rule-c/1"], "gone": ["lead/rule-b/1"]}
    text = golden.report("drills.json", groups)
    assert text.splitlines()[0] == "drills.json: 1 changed, 1 new, 1 gone"
    assert text.index("changed (") < text.index("lead/rule-a/1") < text.index("new (") < text.index("lead/rule-c/1")
    assert golden.report("drills.json", golden.grouped(STORED, STORED)) == "drills.json: unchanged"


@pytest.mark.parametrize(("fresh", "status"), [
    (STORED, 0),
    ({**STORED, "lead/rule-c/1": {"answer": "D3"}}, 2),  # only a new snapshot: nothing moved
    ({**STORED, "lead/rule-a/1": {"answer": "SK", "laws": ["law-80"]}}, 1),
    ({"lead/rule-a/1": STORED["lead/rule-a/1"]}, 1),  # one gone
])
def test_golden_check_fails_on_a_change_and_tells_only_new_apart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: dict[str, Any], status: int) -> None:
    stored = tmp_path / "drills.json"
    stored.write_text(json.dumps(STORED), encoding="utf-8")
    monkeypatch.setattr(golden, "fresh_snapshots", lambda: {stored: fresh})
    assert golden.main(["--check"]) == status
    assert json.loads(stored.read_text(encoding="utf-8")) == STORED  # --check writes nothing


def test_refresh_names_the_doc_lines_of_the_rules_that_moved(tmp_path: Path) -> None:
    doc = tmp_path / "play.md"
    doc.write_text("The lead rule-a is law 80.\nrule-ab is another rule.\n"
                   "| rules drillable (positions in the bank) | 83 of 92 |\nNothing here.\n", encoding="utf-8")
    lines = refresh.docs_to_update({"rule-a"}, {"rules_banked": (83, 84)}, ["play.yaml"], (doc,))
    assert [line.split(":", 2)[1:] for line in lines[:2]] == [
        ["1", " names rule-a"], ["3", " quotes the bank's figures (rules_banked: 83 -> 84)"]]
    assert lines[2:] == ["docs/play.md: play.yaml changed: its rules' readings"]


def test_refresh_reads_bank_changes_per_rule_and_figure() -> None:
    before = {"rules": 3, "rules_banked": 2, "never_found": ["r3"], "bank": {"r1": [{"deal": 1}], "r2": [{"deal": 2}]}}
    after = {"rules": 3, "rules_banked": 3, "never_found": [], "bank": {"r1": [{"deal": 1}], "r2": [{"deal": 5}],
                                                                       "r3": [{"deal": 3}]}}
    rules, figures = refresh.bank_changes(before, after)
    assert rules == {"r2", "r3"}
    assert figures == {"rules_banked": (2, 3), "never_found": (["r3"], [])}


def test_refresh_rewrites_the_snapshots_and_lists_the_docs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    stored, doc = tmp_path / "drills.json", tmp_path / "play.md"
    stored.write_text(json.dumps(STORED), encoding="utf-8")
    doc.write_text("Only rule-b names a moved rule.\n", encoding="utf-8")
    fresh = {"lead/rule-a/1": STORED["lead/rule-a/1"], "lead/rule-b/1": {"answer": "H3"}}
    monkeypatch.setattr(golden, "fresh_snapshots", lambda: {stored: fresh})
    monkeypatch.setattr(refresh, "BANK", tmp_path / "no_bank.json")
    monkeypatch.setattr(refresh, "DOCS", (doc,))
    monkeypatch.setattr(refresh, "changed_conventions", lambda: [])
    assert refresh.main(["--skip-bank", "--skip-prices"]) == 0
    assert json.loads(stored.read_text(encoding="utf-8")) == fresh
    out = capsys.readouterr().out
    assert "drills.json: 1 changed, 0 new, 0 gone" in out and f"{doc}:1: names rule-b" in out


def test_the_prices_file_lists_only_priced_bidding_numbers_to_deal_first() -> None:
    """The page deals the file's listed numbers first and promises their line at once: a number whose
    drill the sampler could not price, for one convention or for "any convention", is not listed."""
    import precompute_prices

    from tutor.lessons.bidding import drill as bidding

    rules = bidding.rule_ids()
    keys = {f"bid {r} {s}": f"{r}/{s}" for r in rules for s in range(2)} | {"bid any 2": "any/2"}
    missing = f"{bidding.rule_of(None, 1)}/1"  # the convention "any convention" picks for number 1
    positions = {key: {"choices": []} for key in keys.values() if key not in (missing, "any/2")}
    every, first = precompute_prices._dealt_first(keys, positions, 2, 3)
    assert every == [0] and first == [0]
