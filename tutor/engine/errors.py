"""The tutor's error hierarchy.

Every error a learner or a content author can cause is a :class:`TutorError`, a
``ValueError`` subclass, so the UI and the CLI can show its message instead of a
traceback. Messages carry the bad input, its context and, for rules, the law.
"""

from __future__ import annotations


class TutorError(ValueError):
    """Base class of every error the tutor raises on purpose."""


class NotationError(TutorError):
    """A card, hand, deal or call could not be parsed."""


class IllegalCallError(TutorError):
    """A call breaks a law of the auction; ``law`` names the law it breaks."""

    def __init__(self, message: str, *, law: str) -> None:
        super().__init__(f"{message} ({law})")
        self.law = law


class InsufficientBidError(IllegalCallError):
    """A bid no higher than the last one (law 75): it binds as the ``corrected`` bid."""

    def __init__(self, message: str, *, law: str, corrected: object) -> None:
        super().__init__(message, law=law)
        self.corrected = corrected


class IllegalPlayError(TutorError):
    """A card play breaks a law of the play; ``law`` names the law it breaks."""

    def __init__(self, message: str, *, law: str) -> None:
        super().__init__(f"{message} ({law})")
        self.law = law


class DealGenerationError(TutorError):
    """No deal satisfying the constraints was found within the allowed attempts."""


class ContentError(TutorError):
    """A content file is malformed; the message names the file, line and field."""
