"""The range of seeds, checked wherever a seed enters (command line, app, URL, import).

A seed is stored with the learner's answer (an SQLite ``INTEGER``, 64 bits signed)
so the position can be replayed, hence ``0 <= seed < 2**63``. A seed outside the
range is a :class:`SeedError` naming the field and the range, never a traceback
when the answer is recorded.

>>> check_seed(4711)
4711
>>> seed_from_text(" 924153 ")
924153
>>> for bad in (2**63, -1, True, "12a"):
...     try:
...         seed_from_text(bad) if isinstance(bad, str) else check_seed(bad)
...     except SeedError as err:
...         print(err)
seed: 9223372036854775808 is outside 0 to 9223372036854775807 (the seed range)
seed: -1 is outside 0 to 9223372036854775807 (the seed range)
seed: True is not a whole number
seed: '12a' is not a whole number
"""

from __future__ import annotations

from tutor.engine.errors import TutorError, echo

#: Seeds are 0 <= seed < MAX_SEED: what an SQLite INTEGER holds.
MAX_SEED = 2**63
#: The most characters a seed written as text may have (MAX_SEED - 1 has 19 digits).
MAX_SEED_DIGITS = 19
#: The app's position and rubber numbers: within the seed range, short enough to type (a class's
#: assignment of a practice-table rubber is bounded by it too, or the learner could never play it).
APP_MAX_SEED = 10**6


class SeedError(TutorError):
    """A seed that is not a whole number in the seed range."""


def check_seed(value: object, field: str = "seed") -> int:
    """``value`` if it is an integer with ``0 <= value < MAX_SEED``; else a :class:`SeedError`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeedError(f"{field}: {echo(value)} is not a whole number")
    if not 0 <= value < MAX_SEED:
        shown = str(value) if abs(value) < 10**40 else f"a number of {len(str(abs(value)))} digits"
        raise SeedError(f"{field}: {shown} is outside 0 to {MAX_SEED - 1} (the seed range)")
    return value


def seed_from_text(text: str, field: str = "seed") -> int:
    """A seed typed or passed as text (``--seed``, a URL parameter); checked like :func:`check_seed`."""
    clean = text.strip()
    digits = clean[1:] if clean[:1] in ("+", "-") else clean  # one sign at most
    if not digits.isascii() or not digits.isdigit():
        raise SeedError(f"{field}: {echo(text)} is not a whole number")
    if len(digits.lstrip("0")) > MAX_SEED_DIGITS:
        raise SeedError(f"{field}: a number of {len(digits):,} digits is outside 0 to {MAX_SEED - 1} "
                        "(the seed range)")
    return check_seed(int(clean), field)

