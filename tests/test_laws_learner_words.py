"""Learner-visible content speaks the learner's language (issue 20, "Words"): no "seed" for the
sources, no seed file names (000_….txt), no YAML, source or docs paths, no names of the code and no rule ids in the text the pages show."""

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
    "a source or docs path": re.compile(r"[\w/.-]+\.(py|md)\b|\b(tutor|docs|content)/"),
    "a constant of the code": re.compile(r"\b[A-Z]{2,}_[A-Z_]{2,}\b"),
    "a rule id": re.compile(r"\b(law-r?[0-9a-z]+|solo-\d+|scoring-\d+|note-\d+|preamble-\d+|two-\d+|three-\d+|five-\d+)\b"),
}


#: At the terminal and on the pages, also the writers' number of a known conflict of the sources ("Conflict
#: C5: …"): the content keeps it (the laws' tests read it), the learner reads "The sources differ: …".
SHOWN_BANNED = {**BANNED, "a conflict number": re.compile(r"\bConflict C\d+")}


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


def test_every_law_at_the_terminal_is_in_the_learners_words() -> None:
    """``tutor laws N`` shows a law as the laws page does: no file name, YAML path or rule id (it showed
    ``[law-28]``, ``000_3fb8f71f4f530558.txt (law 28, l.91)`` and ``torgovlya (content/glossary.yaml:211)``)."""
    from tutor.cli.commands.laws import load_guide, show_entry

    guide = load_guide(None)
    shown = {entry.id: show_entry(guide, entry) for entry in guide.entries}
    assert len(shown) > 200  # noqa: PLR2004 -- every entry of the laws (248 as this was written)
    found = [(law, what) for law, text in shown.items()
             for what in ("a seed file name", "a YAML path", "a rule id", "a conflict number")
             if SHOWN_BANNED[what].search(text)]
    assert not found, found[:5]


def test_every_solo_whist_rule_at_the_terminal_is_in_the_learners_words(capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor solo rules N`` too (it showed ``solo-9`` and ``002_c68374d8f015d64a.txt (l.23)``); its sources are
    the Thai file's first lines, the Solo Whist rules, not the Vint book that file goes on with."""
    from tutor.cli import main
    from tutor.lessons.solo.laws import load_solo_laws

    laws = load_solo_laws()
    for number in range(1, len(laws) + 1):
        assert main(["solo", "rules", str(number)]) == 0
        text = capsys.readouterr().out
        found = [what for what in ("a seed file name", "a YAML path", "a rule id", "a conflict number")
                 if SHOWN_BANNED[what].search(text)]
        assert not found and "the Solo Whist rules (Thai)" in text, (number, found, text[-300:])
    assert main(["solo", "rules"]) == 0
    assert not BANNED["a rule id"].search(capsys.readouterr().out)


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
