"""A number and its noun in agreement, for every sentence the tutor writes with a count in it.

"1 honour", "3 honours", "1 trick", "0 tricks": a count of one takes the singular, any other the plural.
The engine's score items, the book's explanations (``{aces:noun}``) and the pages all write counts so.
"""

from __future__ import annotations


def count_of(number: int, one: str, many: str = "") -> str:
    """``number`` and its noun (``many``: ``one`` and an "s" when not given).

    >>> count_of(1, "honour"), count_of(3, "honour"), count_of(0, "trick"), count_of(2, "hand you see", "hands you see")
    ('1 honour', '3 honours', '0 tricks', '2 hands you see')
    """
    return f"{number} {one if number == 1 else many or one + 's'}"


__all__ = ["count_of"]
