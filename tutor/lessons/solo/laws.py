"""The Solo Whist laws and law quiz, read straight from the content files.

The laws are the ``solo-whist`` section of ``content/rules.yaml`` (merged from
``content/_parts/rules-solo.yaml`` by ``tools/merge_rules.py``); before a merge
the part itself is read. The law quiz is ``content/quizzes/solo.yaml``. Both are
read with the safe loader and validated by the content models; a broken file is a
:class:`~tutor.engine.errors.ContentError` naming it.

>>> [e.id for e in load_solo_laws()][:3]
['solo-1', 'solo-2', 'solo-3']
"""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import ValidationError

from tutor.engine.errors import ContentError
from tutor.lessons.content import content_dir
from tutor.lessons.content.laws import file_stamp
from tutor.lessons.content.models import Entry, QuizFile
from tutor.lessons.content.yamlread import ParsedYaml, expect_mapping, listed, model_problems, read_yaml_file

SECTION = "solo-whist"
PART = Path("_parts") / "rules-solo.yaml"
QUIZ = Path("quizzes") / "solo.yaml"


def _read(path: Path) -> ParsedYaml:
    """One content file through the safe reader; any problem is a ContentError at its line."""
    parsed = read_yaml_file(path)
    if parsed.errors:
        raise ContentError("\n".join(listed([f"{path}:{line}: {message}" for line, message in parsed.errors])))
    return parsed


def load_solo_laws(root: Path | None = None) -> list[Entry]:
    """The Solo Whist laws, in order (from rules.yaml, else from the writers' part).

    Read once while the files keep their times and sizes, as the laws are
    (:func:`tutor.lessons.content.laws.law_entries`): ``tutor solo rules`` and its tests read them
    for every rule shown, and rules.yaml takes some 70 ms to read and check."""
    root = root or content_dir()
    stamps = tuple((str(path), *file_stamp(path)) for path in (root / "rules.yaml", root / PART))
    return list(_read_laws(root, stamps))


@functools.lru_cache(maxsize=4)
def _read_laws(root: Path, stamps: tuple[tuple[str, int, int], ...]) -> tuple[Entry, ...]:
    """The laws of ``root`` as its files stood at ``stamps`` (part of the key only: an edit reads again)."""
    del stamps
    found: list[tuple[int, object]] = []
    source = root / "rules.yaml"
    parsed = ParsedYaml()
    if source.exists():
        parsed = _read(source)
        found = [(n, e) for n, e in enumerate(_entries(parsed.data, source)) if _is_solo(e)]
    if not found and (root / PART).exists():
        source = root / PART
        parsed = _read(source)
        found = list(enumerate(_entries(parsed.data, source)))
    laws, problems = [], []
    for index, item in found:
        try:
            laws.append(Entry.model_validate(item))
        except ValidationError as err:
            problems += model_problems(err, parsed.lines, str(source), ("entries", index))
    if problems:
        raise ContentError("\n".join(listed(problems)))
    if not laws:
        raise ContentError(f"{root}: no Solo Whist laws found (section {SECTION!r})")
    return tuple(laws)


def _is_solo(entry: object) -> bool:
    return isinstance(entry, dict) and entry.get("section") == SECTION


def _entries(data: object, path: Path) -> list[object]:
    entries = expect_mapping(data, str(path), "a mapping with 'entries'").get("entries", [])
    if not isinstance(entries, list):
        raise ContentError(f"{path}:1: 'entries' must be a list of laws, not a {type(entries).__name__}")
    return entries


def load_solo_quiz(root: Path | None = None) -> QuizFile:
    """The Solo Whist law quiz."""
    path = (root or content_dir()) / QUIZ
    parsed = _read(path)
    try:
        return QuizFile.model_validate(parsed.data)
    except ValidationError as err:
        raise ContentError("\n".join(listed(model_problems(err, parsed.lines, str(path))))) from None
