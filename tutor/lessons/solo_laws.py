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

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tutor.engine.errors import ContentError
from tutor.lessons.content import content_dir
from tutor.lessons.content.models import Entry, QuizFile
from tutor.lessons.content.yamlread import parse_yaml

SECTION = "solo-whist"
PART = Path("_parts") / "rules-solo.yaml"
QUIZ = Path("quizzes") / "solo.yaml"


def _read(path: Path) -> Any:
    try:
        parsed = parse_yaml(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise ContentError(f"{path}: cannot read: {err}") from None
    if parsed.errors:
        line, message = parsed.errors[0]
        raise ContentError(f"{path}:{line}: {message}")
    return parsed.data


def load_solo_laws(root: Path | None = None) -> list[Entry]:
    """The Solo Whist laws, in order (from rules.yaml, else from the writers' part)."""
    root = root or content_dir()
    entries: list[Any] = []
    rules = root / "rules.yaml"
    if rules.exists():
        data = _read(rules)
        entries = [e for e in (data or {}).get("entries", []) if isinstance(e, dict) and e.get("section") == SECTION]
    if not entries and (root / PART).exists():
        entries = list((_read(root / PART) or {}).get("entries", []))
    laws = []
    for item in entries:
        try:
            laws.append(Entry.model_validate(item))
        except ValidationError as err:
            raise ContentError(f"{rules}: Solo Whist law {item.get('id', '?')}: {err}") from None
    if not laws:
        raise ContentError(f"{root}: no Solo Whist laws found (section {SECTION!r})")
    return laws


def load_solo_quiz(root: Path | None = None) -> QuizFile:
    """The Solo Whist law quiz."""
    path = (root or content_dir()) / QUIZ
    try:
        return QuizFile.model_validate(_read(path))
    except ValidationError as err:
        raise ContentError(f"{path}: {err}") from None
