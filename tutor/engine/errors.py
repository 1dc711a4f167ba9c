"""The tutor's error hierarchy.

Every error a learner or a content author can cause is a :class:`TutorError`, a
``ValueError`` subclass, so the UI and the CLI can show its message instead of a
traceback. Messages carry the bad input, its context and, for rules, the law.

A message never echoes an input whole: :func:`shorten` keeps the head and tail of
each line (the field named first, the reason last) and says how much it left out,
and every ``TutorError`` passes its message through it, so a 20 MB deal gives a
short line. :func:`echo` quotes a value for a message, cut the same way.

>>> message = str(NotationError("bad deal " + "A" * 10_000 + ": needs four hands"))
>>> len(message) <= MAX_LINE_CHARS, message.endswith(": needs four hands")
(True, True)
>>> message[260:310]
'AAAAAAAAAA… (9,667 characters left out) …AAAAAAAAA'
>>> echo("x" * 100, limit=8)
"'xxxxxxxx'… (100 characters)"
"""

from __future__ import annotations

import re

from tutor.engine.nouns import numbered_law

#: The longest line of a TutorError's message; a longer line keeps its head and tail.
MAX_LINE_CHARS = 400
#: The longest message (a content error lists up to 20 problems, one a line).
MAX_MESSAGE_CHARS = 10_000
#: The longest stretch of an input value quoted in a message.
MAX_ECHO_CHARS = 80


def shorten(text: str, limit: int = MAX_LINE_CHARS) -> str:
    """``text`` if it fits in ``limit`` characters, else its head and tail around a count of what is left out."""
    if len(text) <= limit:
        return text
    keep = max(limit - 40, 2)
    head, tail = keep * 3 // 4, keep // 4
    left_out = len(text) - head - tail
    return f"{text[:head]}… ({left_out:,} characters left out) …{text[len(text) - tail:]}"


def echo(value: object, limit: int = MAX_ECHO_CHARS) -> str:
    """``repr(value)`` for a message, cut after ``limit`` characters with the length of the whole."""
    if isinstance(value, str) and len(value) > limit:  # never build the repr of a 20 MB string
        return f"{value[:limit]!r}… ({len(value):,} characters)"
    shown = repr(value)
    return shown if len(shown) <= limit else f"{shown[:limit]}… ({len(shown):,} characters)"


class TutorError(ValueError):
    """Base class of every error the tutor raises on purpose; the message is cut by :func:`shorten`."""

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MAX_LINE_CHARS:
            lines = "\n".join(shorten(line) for line in args[0].split("\n"))
            args = (shorten(lines, MAX_MESSAGE_CHARS),)
        super().__init__(*args)


class NotationError(TutorError):
    """A card, hand, deal or call could not be parsed."""


def law_in_words(law: str) -> str:
    """A law as an error message names it: "law 28", "Solo Whist rule 12", or its id when it has no number."""
    return numbered_law(law) or law


def _citing(message: str, law: str) -> str:
    """``message`` ending with the law it breaks, unless it names that law already (a way's refusal
    read "each bid must be higher (law 35) (law 35)")."""
    name = law_in_words(law)
    if re.search(rf"(?<![\w≈]){re.escape(name)}(?!\d)", message):
        return message
    return f"{message} ({name})"


class IllegalCallError(TutorError):
    """A call breaks a law of the auction; ``law`` names the law it breaks (its id; the message names
    it as the learner reads it, "law 28")."""

    def __init__(self, message: str, *, law: str) -> None:
        super().__init__(_citing(message, law))
        self.law = law


class InsufficientBidError(IllegalCallError):
    """A bid no higher than the last one (law 75): it binds as the ``corrected`` bid."""

    def __init__(self, message: str, *, law: str, corrected: object) -> None:
        super().__init__(message, law=law)
        self.corrected = corrected


class IllegalPlayError(TutorError):
    """A card play breaks a law of the play; ``law`` names the law it breaks (its id; the message names
    it as the learner reads it, "law 167": ``tutor advise`` printed "(law-167)")."""

    def __init__(self, message: str, *, law: str) -> None:
        super().__init__(_citing(message, law))
        self.law = law


class DealGenerationError(TutorError):
    """No deal satisfying the constraints was found within the allowed attempts."""


class ContentError(TutorError):
    """A content file is malformed; the message names the file, line and field."""
