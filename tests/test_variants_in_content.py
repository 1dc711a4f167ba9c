"""Every switch of the engine's rules object is stated on the law it changes, under its own name (issues 3, 4, 15)."""

from __future__ import annotations

from pathlib import Path

import pytest
from plainyaml import safe_load as _safe_load

from tutor.engine.errors import TutorError
from tutor.engine.rules import VARIANTS, VARIANTS_BY_NAME, Rules, Variant
from tutor.engine.scoring.score_parse import parse_variants
from tutor.engine.solo.rules import _BY_NAME as SOLO_BY_NAME
from tutor.engine.solo.rules import SOLO_VARIANTS, SoloRules

RULES_YAML = Path(__file__).resolve().parent.parent / "content" / "rules.yaml"
ENTRIES = {e["id"]: e for e in _safe_load(RULES_YAML.read_text(encoding="utf-8"))["entries"]}


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


# -- Content variant ids are the engine's variant names (issue 15): what the learner reads as a
# variant's id is exactly what `tutor advise`, `tutor score` and `tutor solo --variant` accept.

def _content_variants() -> list[tuple[str, str]]:
    """(entry id, variant id) of every variant stated in content/rules.yaml."""
    return [(e["id"], v["id"]) for e in ENTRIES.values() for v in e.get("variants") or []]


def _engine_table(entry_id: str) -> dict[str, Variant]:
    return SOLO_BY_NAME if entry_id.startswith("solo-") else VARIANTS_BY_NAME


@pytest.mark.parametrize(("entry_id", "variant_id"), _content_variants())
def test_every_content_variant_is_an_engine_variant_of_that_law(entry_id: str, variant_id: str) -> None:
    table = _engine_table(entry_id)
    assert variant_id in table, f"{entry_id}: variant {variant_id!r} is not an engine variant ({', '.join(table)})"
    assert table[variant_id].law == entry_id, \
        f"{variant_id} switches {table[variant_id].law}, but the content states it on {entry_id}"


@pytest.mark.parametrize(("entry_id", "variant_id"), _content_variants())
def test_every_option_of_a_content_variant_is_accepted(entry_id: str, variant_id: str) -> None:
    """Each option switches the figure the variant names, through the same door the CLI uses."""
    variant = _engine_table(entry_id)[variant_id]
    for option in variant.options:
        if entry_id.startswith("solo-"):
            rules: object = SoloRules.with_variants({variant_id: option})
        else:
            rules = parse_variants({variant_id: option})  # what `tutor score` reads from its JSON
            assert Rules.with_variants({variant_id: option}) == rules  # what `tutor advise` reads
        assert variant.option_of(rules) == option


ENGINE_VARIANTS = [*VARIANTS, *SOLO_VARIANTS]


@pytest.mark.parametrize("variant", ENGINE_VARIANTS, ids=lambda v: v.name)
def test_every_engine_variant_is_a_content_variant_of_its_law(variant: Variant) -> None:
    entry = ENTRIES.get(variant.law)
    assert entry is not None, f"{variant.name}: {variant.law} is not in content/rules.yaml"
    assert variant.name in [v["id"] for v in entry.get("variants") or []], \
        f"{variant.law} does not state the variant {variant.name}"


def test_an_unknown_content_style_variant_id_is_refused() -> None:
    """The old content ids (before they were the engine's names) must not be silently accepted."""
    with pytest.raises(TutorError, match="unknown Vint variant 'trump-on-after-both-follow'"):
        Rules.with_variants({"trump-on-after-both-follow": "book"})
