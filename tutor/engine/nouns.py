"""Numbers in the learner's sentences: a count with its noun, a list of words, and a numbered law by its name.

"1 honour", "3 honours", "1 trick", "0 tricks": a count of one takes the singular, any other the plural.
The engine's score items, the book's explanations (``{aces:noun}``) and the pages all write counts so.
A law is named in a sentence by its number, "law 35", "law ≈53", "scoring rule 17" — never its id
(:func:`tutor.lessons.words.law_name` adds the title of a law without a number).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: what each id's prefix is called in a sentence
_PREFIXES = {"law": "law", "note": "note", "scoring": "scoring rule", "preamble": "preamble",
             "two": "two-player rule", "three": "three-player rule", "five": "five-player rule",
             "solo": "Solo Whist rule"}
_ID = re.compile(r"^(?P<prefix>[a-z]+)-(?P<recovered>r)?(?P<number>\d+)$")


def count_of(number: int, one: str, many: str = "") -> str:
    """``number`` and its noun (``many``: ``one`` and an "s" when not given).

    >>> count_of(1, "honour"), count_of(3, "honour"), count_of(0, "trick"), count_of(2, "hand you see", "hands you see")
    ('1 honour', '3 honours', '0 tricks', '2 hands you see')
    """
    return f"{number} {one if number == 1 else many or one + 's'}"


def listed(words: Sequence[str]) -> str:
    """Words in a sentence's list: ``a``, ``a and b``, ``a, b and c``.

    >>> listed(["law 35"]), listed(["a run", "three aces"]), listed(["10", "9", "8"])
    ('law 35', 'a run and three aces', '10, 9 and 8')
    """
    return words[-1] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def numbered_law(law_id: str) -> str | None:
    """A numbered law's name in a sentence (``None`` for an id without a number, such as ``law-rf``).

    >>> numbered_law("law-86"), numbered_law("law-r90"), numbered_law("scoring-17"), numbered_law("law-rf")
    ('law 86', 'law ≈90', 'scoring rule 17', None)
    """
    match = _ID.match(law_id)
    if not match or match["prefix"] not in _PREFIXES:
        return None
    if match["recovered"]:
        return f"law ≈{match['number']}"
    return f"{_PREFIXES[match['prefix']]} {match['number']}"


#: a numbered law's id inside a text (``law-147``, ``law-r53``, ``scoring-17``)
_ID_IN_TEXT = re.compile(rf"\b(?:{'|'.join(_PREFIXES)})-r?\d+\b")


def ids_named(text: str) -> str:
    """``text`` with each numbered law's id named as :func:`numbered_law` names it.

    >>> ids_named("must follow suit (law-147); see scoring-17")
    'must follow suit (law 147); see scoring rule 17'
    """
    return _ID_IN_TEXT.sub(lambda m: numbered_law(m.group(0)) or m.group(0), text)


__all__ = ["count_of", "ids_named", "numbered_law"]
