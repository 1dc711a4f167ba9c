"""Stored text as the terminal shows it: as text, never as a command to the terminal.

A learner's answer, an item's name or a law read back from the progress database may hold
control characters: an older tutor stored what was typed or imported as it was, and a database
can be edited. Printed raw, ESC starts a sequence the terminal obeys (clear the screen, set the
title, colour what follows) and a line break forges a line of the tutor's own ("error: …").
:func:`shown` writes each control character (C0, DEL, C1) as its escape (``\\x1b``, ``\\n``), so
the line reads as what is stored; so are the bidirectional embeddings, overrides and isolates
(U+202A-U+202E, U+2066-U+2069), which reorder what follows them on the line (a stored U+202E shows
"5 :rewsna ruoy" for "your answer: 5"). Every other character (Cyrillic, the suits ♠♥♦♣, accents,
the right-to-left marks a Hebrew or Arabic text may hold) is left as it is. A stored text longer than :data:`MAX_SHOWN` characters is cut around the middle,
saying how much was left out (a 15 MB answer printed whole filled the terminal).

>>> shown("\\x1b]0;pwned\\x07\\x1b[2JRED\\nforged line")
'\\\\x1b]0;pwned\\\\x07\\\\x1b[2JRED\\\\nforged line'
>>> shown("Ход ♠A, déjà vu")
'Ход ♠A, déjà vu'
"""

from __future__ import annotations

import re

from tutor.engine.errors import shorten

#: the longest line of stored text printed (a mistake's line names two typed answers of at most 200 characters)
MAX_SHOWN = 1_000

#: C0 control characters, DEL and C1 (Unicode's ``Cc``), and the bidirectional embeddings, overrides and isolates
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
#: the same but a line break and a tab: what a text of several lines (an exercise's prompt) may hold
_CONTROL_IN_LINES = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    return _NAMED.get(char) or (f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}")


def shown(text: str, limit: int = MAX_SHOWN) -> str:
    """One line of stored text for the terminal: control characters escaped, cut at ``limit`` characters."""
    return _CONTROL.sub(_escape, shorten(text, limit))


def shown_lines(text: str) -> str:
    """A text of several lines (an exercise's prompt and feedback, which may quote a stored position):
    its line breaks and tabs kept, every other control character escaped."""
    return _CONTROL_IN_LINES.sub(_escape, text)
