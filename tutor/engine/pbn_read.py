"""Reading a PBN file's text into games' tags and sections: one pass, bounded before any parsing.

PBN 2.1 (section 3) writes a file as games separated by empty lines, each a run of tags
``[Name "value"]``, a tag's section lines under it (``Auction``, ``Play``), and comments: ``;`` to
the end of its line, ``{…}`` across any number of lines, and ``%`` lines (escapes and the
header). This module only cuts the text into those pieces; :mod:`tutor.engine.pbn` turns a
piece into a deal, an auction and a play.

Every path here is linear in the text, and a file is refused in one line, with no parsing
done, when it is larger than :data:`MAX_TEXT` characters or holds more than :data:`MAX_GAMES`
games (counted as the cheap pieces are cut, before any deal is built). A ``{`` comment that is
never closed is refused with its line (read naively, such a comment made the reader scan the
rest of the text again at every ``{``: a 100 kB file took minutes). Numbers are read as ASCII
digits only, and never more than a few (``int()`` of 5,000 digits or of ``²`` raises).

>>> [b.tags["Deal"][0] for b in blocks('[Deal "N:A..."] {a note\\nover two lines}\\n\\n[Deal "E:K..."]')]
['N:A...', 'E:K...']
>>> small_number("12"), small_number("²"), small_number("1" * 5000)
(12, None, None)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from tutor.engine.errors import NotationError, echo

#: The largest PBN text read, in characters (a game is about 400; a file of a few hundred games fits).
MAX_TEXT = 2_000_000
#: The most games read from one file.
MAX_GAMES = 1000
#: The most words in one game's auction or play section (an auction of Vint has at most a few hundred
#: calls, a play 52 cards with a few annotations each); beyond it the section is refused.
MAX_SECTION_WORDS = 2000

_TAG = re.compile(r'\[(\w+)\s+"([^"]*)"\]')
#: Code up to the next comment: anything but ``{`` and ``;``, and quoted strings whole (even unclosed).
#: Possessive (``*+``): nothing to backtrack into, so no memory kept per repetition.
_CODE = re.compile(r'[^"{;]*+(?:"[^"]*+"?[^"{;]*+)*+')
_DIGITS = re.compile(r"[0-9]{1,3}")
#: the byte-order mark an editor may write at the head of a UTF-8 file
BOM = "\ufeff"


@dataclass
class Block:
    """One game's tags (value and line) and the lines of its ``Auction`` and ``Play`` sections."""

    tags: dict[str, tuple[str, int]] = field(default_factory=dict)
    sections: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    first_line: int = 0


def check_size(text: str) -> None:
    """Refuse a text larger than :data:`MAX_TEXT` before reading any of it."""
    if len(text) > MAX_TEXT:
        raise NotationError(f"the PBN text is {len(text):,} characters; at most {MAX_TEXT:,} are read")


def small_number(text: str) -> int | None:
    """``text`` as a whole number of at most three ASCII digits, else ``None`` (``²``, ``12a``, 5,000 digits)."""
    return int(text) if _DIGITS.fullmatch(text) else None


def blocks(text: str) -> list[Block]:
    """Every game's :class:`Block`, in order; a :class:`NotationError` names the line of a bad one.

    A leading byte-order mark (``\\ufeff``, which some editors write at the head of a UTF-8 file) is
    not part of the text, as for the JSON reader."""
    check_size(text)
    text = text.removeprefix(BOM)
    found: list[Block] = []
    block, section = Block(), ""
    for number, line in _code_lines(text):
        if not line or line.startswith("%"):
            if not line and block.tags:
                found.append(_counted(block, len(found)))
                block, section = Block(), ""
            continue
        match = _TAG.fullmatch(line)
        if match:
            section = match.group(1)
            block.tags[section] = (match.group(2), number)
            block.first_line = block.first_line or number
            continue
        if section in ("Auction", "Play"):
            block.sections.setdefault(section, []).append((line, number))
        elif not section:
            raise NotationError(f"line {number}: {echo(line, 60)} is neither a tag nor in a section")
        # else: the body of a section the tutor does not read (OptimumResultTable …)
    if block.tags:
        found.append(_counted(block, len(found)))
    return found


def _counted(block: Block, before: int) -> Block:
    """``block``, unless it is one game too many or one of its sections is too long."""
    if before >= MAX_GAMES:
        raise NotationError(f"more than {MAX_GAMES:,} games in one file (line {block.first_line}); "
                            f"at most {MAX_GAMES:,} are read")
    for name, rows in block.sections.items():
        words = sum(len(line.split()) for line, _ in rows)
        if words > MAX_SECTION_WORDS:
            raise NotationError(f"line {rows[0][1]}: the [{name}] section has {words:,} words; "
                                f"at most {MAX_SECTION_WORDS:,} are read")
    return block


def _code_lines(text: str) -> Iterator[tuple[int, str]]:
    """Each line's number and its text without comments, stripped; one pass over ``text``, lazily
    (a file of too many games is refused at the game past the limit, not after its last line).

    A ``{`` comment may run over several lines (its lines give ``%``, so a comment never ends a
    game); ``;`` ends the line; both are text inside a tag's quoted value. Each piece of a line is
    matched once, by a regular expression that cannot backtrack (:data:`_CODE`).
    """
    opened = 0  # the line where the open { comment began, 0 when none is open
    for number, raw in enumerate(text.splitlines(), start=1):
        pos = 0
        if opened:
            pos = raw.find("}") + 1
            if not pos:
                yield number, "%"  # inside a comment: neither code nor a game's end
                continue
            opened = 0
        kept: list[str] = []
        while True:
            end = _CODE.match(raw, pos).end()  # type: ignore[union-attr]  # matches the empty string
            kept.append(raw[pos:end])
            if end == len(raw) or raw[end] == ";":
                break
            close = raw.find("}", end + 1)  # raw[end] opens a { comment
            if close < 0:
                opened = number
                break
            kept.append(" ")
            pos = close + 1
        code = "".join(kept).strip()
        # a line of comments only is not the empty line that ends a game
        yield number, (code if code or not raw.strip() else "%")
    if opened:
        raise NotationError(f"line {opened}: a {{ comment is opened and never closed")
