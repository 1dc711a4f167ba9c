"""The built-in content kinds: ``rules.yaml``, ``glossary.yaml`` and ``quizzes/*.yaml``.

Each validator checks its file item by item, so one broken entry is reported
and left out while the rest of the file stays usable, and sets ``doc.model``.

>>> sorted(numbers_in("at least five cards; 2 000 points, or 1,000"))
[5, 1000, 2000]
"""

from __future__ import annotations

import re
from typing import TypeVar

from pydantic import BaseModel

from tutor.lessons.content.models import (
    Entry,
    GlossaryFile,
    GlossaryTerm,
    QuizFile,
    QuizQuestionModel,
    RulesFile,
    Section,
    entry_number,
)
from tutor.lessons.content.problems import Problem
from tutor.lessons.content.registry import (
    RULES_FILE,
    ContentContext,
    Document,
    declared_ids,
    ContentKind,
    validate_model,
)

_NUMBER_WORDS = {
    "zero": 0, "none": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "single": 1, "once": 1, "twice": 2, "thrice": 3, "half": 50,
}
_DIGITS_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:[ ,\u00a0\u202f]\d{3})+|\d+)(?![\d])")
_WORD_RE = re.compile(r"[a-z]+")
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
             "eighth": 8, "ninth": 9, "tenth": 10, "twelfth": 12, "thirteenth": 13, "fourteenth": 14}


def numbers_in(text: str) -> set[int]:
    """Every whole number a text states, in digits (``2000``, ``2 000``, ``2,000``) or in words."""
    found = {int(re.sub(r"\D", "", m)) for m in _DIGITS_RE.findall(text)}
    for word in _WORD_RE.findall(text.lower()):
        if word in _NUMBER_WORDS:
            found.add(_NUMBER_WORDS[word])
        elif word in _ORDINALS:
            found.add(_ORDINALS[word])
    return found


def _top_level(doc: Document, allowed: tuple[str, ...], required: tuple[str, ...]) -> list[Problem]:
    """The top of a file must be a mapping with exactly the allowed keys."""
    if not isinstance(doc.data, dict):
        return [doc.problem((), f"expected a mapping with {', '.join(repr(k) for k in allowed)}")]
    problems = [doc.problem((key,), f"unknown field {key!r}") for key in doc.data if key not in allowed]
    problems += [doc.problem((), f"missing field {key!r}") for key in required if key not in doc.data]
    return problems


def _items(doc: Document, key: str) -> tuple[list[tuple[int, object]], list[Problem]]:
    value = doc.data.get(key) if isinstance(doc.data, dict) else None
    if value is None:
        return [], []
    if not isinstance(value, list):
        return [], [doc.problem((key,), f"{key}: expected a list")]
    return list(enumerate(value)), []


Item = TypeVar("Item", bound=BaseModel)


def _validated_items(doc: Document, key: str, model: type[Item]) -> tuple[list[tuple[int, Item]], list[Problem]]:
    """Validate each item of the list ``key``; duplicates of an id are reported and left out."""
    pairs, problems = _items(doc, key)
    valid: list[tuple[int, Item]] = []
    first_line: dict[str, int] = {}
    for index, _ in pairs:
        item, item_problems = validate_model(doc, model, (key, index))
        problems += item_problems
        if item is None:
            continue
        item_id = getattr(item, "id", None)
        if isinstance(item_id, str):
            line = doc.line((key, index))
            if item_id in first_line:
                problems.append(doc.problem((key, index, "id"),
                                            f"duplicate id {item_id!r} (first at line {first_line[item_id]})"))
                continue
            first_line[item_id] = line
        valid.append((index, item))
    return valid, problems


def validate_rules(doc: Document, ctx: ContentContext) -> list[Problem]:
    """``rules.yaml``: sections, entries, ids, sources, section order, variants, related ids."""
    problems = _top_level(doc, ("sections", "entries"), ("sections", "entries"))
    if not isinstance(doc.data, dict):
        return problems
    sections, found = _validated_items(doc, "sections", Section)
    problems += found
    order = {s.id: n for n, (_, s) in enumerate(sections)}
    entries, found = _validated_items(doc, "entries", Entry)
    problems += found
    ids = declared_ids(doc.data)
    kept: list[Entry] = []
    last_section = -1
    variant_lines: dict[str, int] = {}
    for index, entry in entries:
        path = ("entries", index)
        if entry.section not in order:
            problems.append(doc.problem((*path, "section"), f"section: unknown section {entry.section!r}"))
            continue
        if order[entry.section] < last_section:
            problems.append(doc.problem((*path, "section"),
                                        f"section: {entry.section!r} is out of the book's order "
                                        "(entries follow the order of the sections)"))
        last_section = max(last_section, order[entry.section])
        if entry.number is None and entry_number(entry.id) is not None:
            problems.append(doc.problem(path, f"missing field 'number' ({entry.id} has a book number)"))
        for n, variant in enumerate(entry.variants):
            vpath = (*path, "variants", n, "id")
            if variant.id in variant_lines:
                problems.append(doc.problem(vpath, f"duplicate variant id {variant.id!r} "
                                                   f"(first at line {variant_lines[variant.id]})"))
            variant_lines.setdefault(variant.id, doc.line(vpath))
        for n, ref in enumerate(entry.related):
            if ref not in ids:
                problems.append(doc.problem((*path, "related", n), f"related: unknown law id {ref!r}"))
            elif ref == entry.id:
                problems.append(doc.problem((*path, "related", n), "related: an entry cannot cite itself"))
        kept.append(entry)
    doc.model = RulesFile.model_construct(sections=[s for _, s in sections], entries=kept)
    return problems


def validate_glossary(doc: Document, ctx: ContentContext) -> list[Problem]:
    """``glossary.yaml``: terms with unique ids (their ``law`` is checked like every citation)."""
    problems = _top_level(doc, ("terms",), ("terms",))
    if not isinstance(doc.data, dict):
        return problems
    terms, found = _validated_items(doc, "terms", GlossaryTerm)
    doc.model = GlossaryFile.model_construct(terms=[t for _, t in terms])
    return problems + found


def _numeric_answer_problem(doc: Document, path: tuple[str | int, ...], question: QuizQuestionModel,
                            ctx: ContentContext) -> Problem | None:
    """A numeric answer must be a figure stated by one of the laws the question cites."""
    cited = [ctx.entries[law] for law in question.laws if law in ctx.entries]
    if not cited or question.kind != "numeric":
        return None
    assert isinstance(question.answer, int)
    if any(question.answer in numbers_in(f"{e.title} {e.text}") for e in cited):
        return None
    laws = ", ".join(e.id for e in cited)
    return doc.problem((*path, "answer"), f"answer: {question.answer} is not a figure stated by {laws}")


def validate_quiz(doc: Document, ctx: ContentContext) -> list[Problem]:
    """``quizzes/*.yaml``: questions tied to laws; numeric answers must be figures of those laws."""
    problems = _top_level(doc, ("title", "description", "questions"), ("title", "questions"))
    if not isinstance(doc.data, dict):
        return problems
    questions, found = _validated_items(doc, "questions", QuizQuestionModel)
    problems += found
    kept = []
    for index, question in questions:
        problem = _numeric_answer_problem(doc, ("questions", index), question, ctx)
        if problem is not None:
            problems.append(problem)
        elif all(law in ctx.entries for law in question.laws):  # unknown laws: reported by check_law_refs
            kept.append(question)
    title = doc.data.get("title")
    description = doc.data.get("description", "")
    if not isinstance(title, str):
        if "title" in doc.data:
            problems.append(doc.problem(("title",), "title: expected text"))
        title = doc.path.stem
    doc.model = QuizFile.model_construct(title=title, description=str(description or ""), questions=kept)
    return problems


#: The kinds of the laws' own content (the tutor's whole table is ``tutor.lessons.content.catalogue``).
BUILTIN_KINDS: tuple[ContentKind, ...] = (
    ContentKind(RULES_FILE, validate_rules, "rules"),
    ContentKind("glossary.yaml", validate_glossary, "glossary"),
    ContentKind("quizzes/*.yaml", validate_quiz, "quiz"),
)
