"""The sources' words looked up: the glossary finds a term by any of its names, and a search of the laws
for a word of the translations ("bribes", "crowns") lists the laws on the term it renders.

The expectations are the glossary file's own (``content/glossary.yaml``, read here with ``yaml.safe_load``)
and the laws' own text, not the code that searches them."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml
from app_pages import script_test

from tutor.cli import main
from tutor.lessons.content.cache import content_report
from tutor.lessons.laws.glossary import term_named

ROOT = Path(__file__).resolve().parent.parent
TERMS = yaml.safe_load((ROOT / "content/glossary.yaml").read_text(encoding="utf-8"))["terms"]


def test_every_rendering_of_one_term_names_that_term() -> None:
    renderings = Counter(word.casefold() for term in TERMS for word in term.get("also_seen_as", []))
    glossary = content_report().glossary
    checked = 0
    for term in TERMS:
        for word in (term["ru"], term["translit"], *term.get("also_seen_as", [])):
            if renderings[word.casefold()] == 1 and sum(word.casefold() in (t["ru"].casefold(), t["translit"].casefold())
                                                          for t in TERMS) <= 1:
                found = term_named(glossary, word.upper() if word.isascii() else word)
                assert found is not None and found.id == term["id"], (word, term["id"], found)
                checked += 1
    assert checked > 100  # noqa: PLR2004 -- the renderings of 35 terms, not a handful
    assert term_named(glossary, "xyzzy") is None


def _listed(out: str) -> list[str]:
    return re.findall(r"^(Law [≈\d]+(?: \(recovered\))?|[A-Z][a-z]+(?: [a-z]+)? \d+) ", out, re.M)


def test_searching_the_laws_for_the_sources_word_lists_the_laws_on_its_term(capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor laws --search bribes`` found no law: the book's English says "trick"."""
    assert main(["laws", "--search", "trick"]) == 0
    on_tricks = _listed(capsys.readouterr().out)
    assert main(["laws", "--search", "bribes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("“bribes” is the sources' word for trick (взятка)"), out
    listed = _listed(out)
    assert on_tricks and listed[:len(on_tricks)] == on_tricks


def test_the_glossary_at_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    trick = next(t for t in TERMS if "bribe" in t.get("also_seen_as", []))
    assert main(["glossary", "Bribes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{trick['en']} — {trick['ru']} ({trick['translit']})"), out
    assert main(["glossary"]) == 0
    assert f"{len(TERMS)} terms" in capsys.readouterr().out
    assert main(["glossary", "xyzzy"]) == 1
    assert "No term is named 'xyzzy'" in capsys.readouterr().err  # a refusal, on standard error


def test_the_laws_page_searches_the_sources_words() -> None:
    at = script_test("tutor/ui/pages/laws.py").run()
    at.radio(key="laws_mode").set_value("Search").run()
    at.text_input(key="laws_search").input("crowns").run()
    assert not at.exception
    captions = [c.value for c in at.caption]
    assert any("sources' word for coronet" in c for c in captions), captions
    hits = [b.label for b in at.button if str(b.key).startswith("laws_hit_")]
    assert any("oronet" in label for label in hits), hits
