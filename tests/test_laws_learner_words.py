"""Learner-visible content speaks the learner's language (issue 20, "Words"): no "seed" for the
sources, no seed file names (000_….txt), no YAML paths and no rule ids in the text the pages show."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from plainyaml import safe_load as _safe_load

CONTENT = Path(__file__).resolve().parent.parent / "content"

#: Per file: the keys whose string values a page or the terminal shows to the learner. Citations
#: (`sources`, `source`, `ref`, `file`), ids and law lists are data, not prose.
VISIBLE: dict[str, frozenset[str]] = {
    "rules.yaml": frozenset({"title", "text", "notes", "en"}),
    "glossary.yaml": frozenset({"en", "definition"}),
    "quizzes/laws.yaml": frozenset({"title", "description", "prompt", "options", "answer", "explanation"}),
    "quizzes/solo.yaml": frozenset({"title", "description", "prompt", "options", "answer", "explanation"}),
    "quizzes/scoring.yaml": frozenset({"title", "description", "label"}),
    "scoring-readings.yaml": frozenset({"title", "reading"}),
    "solo_example.yaml": frozenset({"title", "reconstruction", "note", "text", "summary"}),
}

BANNED = {
    "the word 'seed'": re.compile(r"\bseed(s|'s)?\b", re.I),
    "a seed file name": re.compile(r"\b00[0-4]_[0-9a-f]{6,}|\.txt\b"),
    "a YAML path": re.compile(r"[\w/.-]+\.ya?ml\b"),
    "a rule id": re.compile(r"\b(law-r?[0-9a-z]+|solo-\d+|scoring-\d+|note-\d+|preamble-\d+|two-\d+|three-\d+|five-\d+)\b"),
}


def _strings(node: Any, keys: frozenset[str], key: str = "") -> Iterator[tuple[str, str]]:
    """(key, text) of every string under a visible key, at any depth."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("sources", "source", "laws", "related", "id", "law", "cites"):
                continue
            yield from _strings(v, keys, str(k))
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v, keys, key)
    elif isinstance(node, str) and key in keys:
        yield key, node


@cache  # read once per file, not once per banned word (each test only reads the list)
def _visible(relpath: str) -> list[tuple[str, str]]:
    data = _safe_load((CONTENT / relpath).read_text(encoding="utf-8"))
    return list(_strings(data, VISIBLE[relpath]))


@pytest.mark.parametrize("relpath", list(VISIBLE))
@pytest.mark.parametrize("what", list(BANNED))
def test_learner_visible_content_has_no_machine_words(relpath: str, what: str) -> None:
    found = [(k, text[:90]) for k, text in _visible(relpath) if BANNED[what].search(text)]
    assert not found, f"{relpath}: {what} in {len(found)} field(s), e.g. {found[:3]}"


def test_the_check_sees_the_fields_it_claims_to() -> None:
    """The test above could fail: it reads hundreds of texts, and a planted one is caught."""
    assert len(_visible("rules.yaml")) > 700 and len(_visible("quizzes/laws.yaml")) > 200
    planted = {"entries": [{"id": "law-1", "text": "see seed 000_3fb8f71f4f530558.txt and content/rules.yaml"}]}
    texts = [t for _, t in _strings(planted, VISIBLE["rules.yaml"])]
    assert all(BANNED[w].search(texts[0]) for w in ("the word 'seed'", "a seed file name", "a YAML path"))


def test_section_titles_use_the_tutors_terms() -> None:
    sections = _safe_load((CONTENT / "rules.yaml").read_text(encoding="utf-8"))["sections"]
    titles = " ".join(s["title"] for s in sections)
    assert "independent designations" not in titles and "Cutting: the finesse" not in titles
    assert "The finesse" in titles
