"""Content of the tutor: Pydantic models, a line-aware safe YAML loader, and the checker.

``check_content(Path("content"))`` validates every file of ``content/`` and returns
a :class:`ContentReport` with the validated models and ALL problems, each shown as
``file:line: id: message``, for the kinds it is given; the tutor's kinds are the table
:data:`tutor.lessons.content.catalogue.CONTENT_KINDS` (see ``DEVELOPING.md``).
"""

from __future__ import annotations

import os
from pathlib import Path

from tutor.lessons.content.kinds import BUILTIN_KINDS
from tutor.lessons.content.models import (
    KINDS,
    SEED_FILES,
    Entry,
    GlossaryFile,
    GlossaryTerm,
    QuizFile,
    QuizQuestionModel,
    RulesFile,
    RuleVariant,
    Section,
    Source,
    Term,
)
from tutor.lessons.content.problems import NO_ID, Problem
from tutor.lessons.content.registry import (
    LAW_REF_KEYS,
    ContentContext,
    ContentKind,
    ContentReport,
    Document,
    Validator,
    check_content,
    check_law_refs,
    kind_for,
    validate_model,
)

#: The shipped content folder (``content/`` beside the ``tutor`` package).
DEFAULT_CONTENT_DIR = Path(__file__).resolve().parents[3] / "content"

#: Environment variable naming another content folder (tests, authors trying a draft).
CONTENT_ENV_VAR = "TUTOR_CONTENT_DIR"


def content_dir() -> Path:
    """The content folder the app and the commands read: ``$TUTOR_CONTENT_DIR`` or the shipped one."""
    chosen = os.environ.get(CONTENT_ENV_VAR)
    return Path(chosen) if chosen else DEFAULT_CONTENT_DIR


def content_signature(root: Path) -> tuple[tuple[str, float, int], ...]:
    """Names, times and sizes of the content files: a cache key that changes when a file is edited."""
    files = sorted(p for p in Path(root).rglob("*.y*ml") if p.is_file())
    return tuple((str(p), p.stat().st_mtime, p.stat().st_size) for p in files)


__all__ = [
    "CONTENT_ENV_VAR", "content_dir", "content_signature",
    "DEFAULT_CONTENT_DIR", "KINDS", "LAW_REF_KEYS", "NO_ID", "SEED_FILES", "ContentContext",
    "ContentKind", "ContentReport", "Document", "Entry", "GlossaryFile", "GlossaryTerm", "Problem",
    "QuizFile", "QuizQuestionModel", "RuleVariant", "RulesFile", "Section", "Source", "Term",
    "BUILTIN_KINDS", "Validator", "check_content", "check_law_refs", "kind_for", "validate_model",
]
