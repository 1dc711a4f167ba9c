"""Every switch of the engine's rules object is stated on the law it changes (issue 3, 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutor.engine.rules import VARIANTS, Rules, Variant

RULES_YAML = Path(__file__).resolve().parent.parent / "content" / "rules.yaml"
ENTRIES = {e["id"]: e for e in yaml.safe_load(RULES_YAML.read_text(encoding="utf-8"))["entries"]}


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_each_engine_variant_is_stated_on_its_law(variant: Variant) -> None:
    entry = ENTRIES.get(variant.law)
    assert entry is not None, f"{variant.name}: {variant.law} is not in content/rules.yaml"
    stated = [v.get("conflict") for v in entry.get("variants") or []] + \
             [v.get("id") for v in entry.get("variants") or []]
    notes = " ".join(entry.get("notes") or [])
    key = variant.conflict or variant.name
    assert key in stated or key in notes, f"{variant.name}: {variant.law} does not mention {key}"


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_book_option_is_the_default(variant: Variant) -> None:
    assert "book" in variant.options
    assert variant.option_of(Rules()) == "book"
    for option in variant.options:
        assert variant.option_of(variant.apply(Rules(), option)) == option
