"""Every kind of content file the tutor checks, in one table.

``tutor check`` and the app validate ``content/`` with :data:`CONTENT_KINDS`: each
entry is a glob pattern (relative to ``content/``), the validator of its files and a
name. A new kind of content adds one line here; nothing registers on import.
"""

from __future__ import annotations

from pathlib import Path

from tutor.lessons import scoring
from tutor.lessons.content import BUILTIN_KINDS, ContentKind, ContentReport, Validator
from tutor.lessons.content import check_content as check_with
from tutor.lessons.content import kind_for as kind_in
from tutor.lessons.content.conventions import validate_conventions_document
from tutor.lessons.content.problems import Problem
from tutor.lessons.content.registry import ContentContext, Document
from tutor.lessons.content.runnable import runnable_problems
from tutor.lessons.play import rules as play_rules
from tutor.lessons.solo import example as solo_example



def _and_runnable(validator: Validator, rel: str) -> Validator:
    """``validator``, then what only running the file would meet, once it validates
    (:mod:`tutor.lessons.content.runnable`: the drill generator's, the engine's and the lessons' own
    readings, so that nothing ``tutor check`` passes fails at run time)."""
    def validate(doc: Document, ctx: ContentContext) -> list[Problem]:
        problems = list(validator(doc, ctx))
        return problems if doc.model is None else [*problems, *runnable_problems(rel, doc)]
    return validate


CONTENT_KINDS: tuple[ContentKind, ...] = (
    *BUILTIN_KINDS,
    ContentKind(scoring.QUIZ_FILE, scoring.validate_scoring_quiz, "scoring-quiz"),
    ContentKind(scoring.READINGS_FILE, scoring.validate_readings, "scoring-readings"),
    ContentKind("conventions/bidding.yaml", _and_runnable(validate_conventions_document, "conventions/bidding.yaml"),
                "bidding conventions"),
    ContentKind("conventions/play.yaml", _and_runnable(play_rules.validate_play_conventions, "conventions/play.yaml"),
                "play conventions"),
    ContentKind(solo_example.EXAMPLE_FILE, solo_example.validate_solo_example, "solo-example"),
)


def check_content(root: Path) -> ContentReport:
    """Validate every content file under ``root`` with the tutor's kinds; ALL problems, sorted."""
    return check_with(root, CONTENT_KINDS)


def kind_for(relpath: str) -> ContentKind | None:
    """The tutor's kind that validates ``relpath`` (relative to ``content/``)."""
    return kind_in(relpath, CONTENT_KINDS)


__all__ = ["CONTENT_KINDS", "check_content", "kind_for"]
