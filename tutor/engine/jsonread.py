"""The one bounded JSON reader: every JSON the tutor accepts from outside goes through it.

``tutor score``, ``tutor advise``, the progress import (terminal and the Progress
page) read their JSON here, with the same limits (see docs/quality.md, "Limits"):

* **size**: at most :data:`MAX_JSON_BYTES` bytes; a stream is read up to the limit
  plus one byte, so ``/dev/zero`` or endless standard input stop at once;
* **nesting**: at most :data:`MAX_JSON_DEPTH` arrays and objects inside each other
  (checked before parsing, so no ``RecursionError``);
* **integers**: at most :data:`MAX_JSON_DIGITS` digits;
* **numbers**: ``Infinity``, ``-Infinity``, ``NaN`` and floats that overflow (``1e999``)
  are refused — JSON has no such numbers, and Python's reader accepts them by default.

A violation is a :class:`JsonInputError` naming the source and the limit.

>>> parse_json('{"tricks": 9}', "deal.json")
{'tricks': 9}
>>> def first_problem(text: str) -> str:
...     try:
...         return repr(parse_json(text, "deal.json"))
...     except JsonInputError as err:
...         return str(err)
>>> first_problem('{"score": NaN}')
'deal.json: NaN is not a JSON number (a number must be finite)'
>>> first_problem("[" * 100 + "]" * 100)
'deal.json: nested deeper than 64 arrays or objects (the limit)'
>>> first_problem("7" * 50)
'deal.json: an integer of 50 digits is longer than 40 digits (the limit)'
"""

from __future__ import annotations

import json
import math
import re
from array import array
from itertools import accumulate
from typing import Any, NoReturn

from tutor.engine.errors import TutorError, echo, shorten
from tutor.engine.sources import STDIN_NAME, read_bytes

#: The largest JSON input accepted (bytes): a progress export of some 50,000 answers.
MAX_JSON_BYTES = 16 * 1024 * 1024
#: The deepest nesting of arrays and objects accepted (the tutor's formats need 4).
MAX_JSON_DEPTH = 64
#: The most digits an integer may have (a seed has at most 19).
MAX_JSON_DIGITS = 40

#: A JSON string, whose brackets do not count for the nesting (an escape is taken as two characters), or a
#: string left open, then to the end of the text. Once started it cannot fail (a lone backslash can only be
#: the last character) and it never gives back what it took, so a search never starts again inside a string:
#: a pattern that failed on an open string was tried again from every quote after it (quadratic time).
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+(?:"|\\?\Z)', re.DOTALL)
#: The text before the first string left open (all of it when every string is closed), in one pass.
_CLOSED = re.compile(r'[^"]*+(?:"[^"\\]*+(?:\\.[^"\\]*+)*+"[^"]*+)*+', re.DOTALL)
#: Brackets as steps of the nesting, as signed bytes: ``[`` and ``{`` 1, ``]`` and ``}`` -1; other bytes go.
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_NOT_BRACKETS = bytes(sorted(set(range(256)) - set(b"[]{}")))


class JsonInputError(TutorError):
    """JSON input that is unreadable, invalid, or over one of the reader's limits.

    ``reason`` is the message without the source; ``unreadable`` is true when the file
    could not be read at all (missing, a folder, no permission).
    """

    def __init__(self, source: str, reason: str, *, unreadable: bool = False) -> None:
        super().__init__(f"{source}: {reason}")
        self.source = source
        self.reason = reason
        self.unreadable = unreadable


def read_json_source(source: str, *, max_bytes: int | None = None, max_depth: int | None = None,
                     max_digits: int | None = None) -> Any:
    """The JSON of a file named ``source``, or of standard input when ``source`` is ``-``
    (read by :func:`tutor.engine.sources.read_bytes`: a regular file only; closed standard input is
    :class:`~tutor.engine.sources.NoInput`)."""
    max_bytes = MAX_JSON_BYTES if max_bytes is None else max_bytes
    limits = {"max_bytes": max_bytes, "max_depth": max_depth, "max_digits": max_digits}
    try:  # a regular file only (a FIFO or a directory is refused before it is read), or standard input
        data = read_bytes(source, max_bytes)
    except OSError as err:
        raise JsonInputError(source, f"cannot read: {err.strerror or err}", unreadable=True) from None
    return parse_json_bytes(data, "standard input" if source == STDIN_NAME else source, **limits)


def parse_json_bytes(data: bytes, source: str, *, max_bytes: int | None = None,
                     max_depth: int | None = None, max_digits: int | None = None) -> Any:
    """Parse UTF-8 JSON bytes (an upload, a file's content) within the limits."""
    max_bytes = MAX_JSON_BYTES if max_bytes is None else max_bytes
    if len(data) > max_bytes:
        raise JsonInputError(source, f"larger than {max_bytes:,} bytes (the limit for JSON input)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise JsonInputError(source, f"not UTF-8 text (byte {err.start}): expected JSON") from None
    return parse_json(text, source, max_depth=max_depth, max_digits=max_digits)


def parse_json(text: str, source: str, *, max_depth: int | None = None,
               max_digits: int | None = None) -> Any:
    """Parse JSON text within the nesting and number limits (the size is the caller's).

    A limit left as ``None`` is the module's (:data:`MAX_JSON_DEPTH`, :data:`MAX_JSON_DIGITS`),
    read when called, so a test may lower it.
    """
    depth_limit = MAX_JSON_DEPTH if max_depth is None else max_depth
    digit_limit = MAX_JSON_DIGITS if max_digits is None else max_digits
    _check_depth(text, source, depth_limit)

    def integer(digits: str) -> int:
        if len(digits.lstrip("-")) > digit_limit:
            _refuse(source, f"an integer of {len(digits.lstrip('-')):,} digits is longer than {digit_limit} "
                            "digits (the limit)")
        return int(digits)

    def real(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):
            _refuse(source, f"{digits[:40]} is too large for a number")
        return value

    def constant(name: str) -> NoReturn:
        _refuse(source, f"{name} is not a JSON number (a number must be finite)")

    try:
        return json.loads(text, parse_int=integer, parse_float=real, parse_constant=constant)
    except json.JSONDecodeError as err:  # err.msg "Invalid control character at" read "… at at line 1"
        reason = err.msg.removesuffix(" at")
        if reason.startswith("Invalid control character"):
            reason = ("a control character (a line break, tab or NUL) inside a string; write it as \\n, \\t "
                      "or \\u0000")
        raise JsonInputError(source, f"not valid JSON at line {err.lineno}, column {err.colno}: {reason[:1].lower()}"
                                     f"{reason[1:]}") from None
    except RecursionError:  # the depth check makes this unreachable; kept as a guard
        _refuse(source, f"nested deeper than {depth_limit} arrays or objects (the limit)")


def json_kind(value: object) -> str:
    """What a JSON value is, in the words of JSON and not of Python (``NoneType``, ``str``): ``null``,
    ``true``, ``false``, ``a number``, ``text``, ``a list`` or ``an object``.

    >>> json_kind(None), json_kind([1]), json_kind("x"), json_kind(3), json_kind(False)
    ('null', 'a list', 'text', 'a number', 'false')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "a list"
    return "an object" if isinstance(value, dict) else "not a JSON value"


def json_shown(value: object) -> str:
    """A JSON value quoted in a message as the file writes it (``true``, ``null``, ``14``), a string
    quoted and cut (:func:`~tutor.engine.errors.echo`), a list or object by its kind.

    >>> json_shown(True), json_shown(None), json_shown(14), json_shown("NS"), json_shown({"a": 1})
    ('true', 'null', '14', "'NS'", 'an object')
    """
    if value is None or isinstance(value, bool | list | tuple | dict):
        return json_kind(value)
    return echo(value)


def position_problem(kind: object, err: Exception) -> str:
    """What a position reader's stray exception says of a JSON position (``tutor advise``, ``tutor analyse``)
    in the learner's words: the field missing (it read "bad 'solo' position: KeyError('hand')"), else the
    reason, never an exception's name."""
    if isinstance(err, KeyError) and err.args:
        return f"the {echo(kind)} position lacks the field {echo(err.args[0])}"
    if isinstance(err, ValueError):
        return f"bad {echo(kind)} position: {shorten(str(err), 300)}"
    return f"bad {echo(kind)} position: a field holds a value of the wrong kind (text, a number, a list...)"


def json_int(value: object, field: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (a JSON field where an integer is expected).

    ``true``, ``2.5``, ``"7"`` and numbers out of range are a :class:`JsonInputError` naming
    the field and the range.

    >>> json_int(450, "score.NS", 0, 10**6)
    450
    >>> try:
    ...     json_int(1e300, "score.NS", 0, 10**6)
    ... except JsonInputError as err:
    ...     print(err)
    score.NS: expected a whole number from 0 to 1000000, got 1e+300
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise JsonInputError(field, f"expected a whole number from {low} to {high}, got {json_shown(value)}")
    return value


def _check_depth(text: str, source: str, max_depth: int) -> None:
    """Refuse nesting deeper than ``max_depth`` without recursing (strings do not count).

    Linear in the length of the text, with no Python loop over its characters or brackets: the strings
    are taken out by at most two passes of a regular expression (:func:`_outside_strings`), then the depth
    after each bracket is a running sum of the brackets as signed bytes (a ``]`` or ``}`` too many makes it
    negative, as before).
    """
    if text.count("[") + text.count("{") <= max_depth:
        return
    outside = _outside_strings(text).encode("utf-8", "surrogatepass")  # a bracket: one byte, in no other
    steps = array("b", outside.translate(_STEPS, _NOT_BRACKETS))
    if max(accumulate(steps), default=0) > max_depth:
        _refuse(source, f"nested deeper than {max_depth} arrays or objects (the limit)")


def _outside_strings(text: str) -> str:
    r"""``text`` with each closed string written ``""``, and a string left open kept as it is to the end
    (its brackets count: ``json.loads`` refuses the text anyway), in time linear in the length.

    >>> _outside_strings(r'[{"a]": "\"}"}, "[b\"] [')
    '[{"": ""}, "[b\\"] ['
    """
    stripped = _STRING.sub('""', text)
    if stripped.endswith('""'):  # the last string may be one left open: it was written "" too
        closed = _CLOSED.match(text)  # it matches any text, at least the empty start
        start = closed.end() if closed else len(text)
        if start < len(text):
            stripped = stripped[:-2] + text[start:]
    return stripped


def _refuse(source: str, reason: str) -> NoReturn:
    raise JsonInputError(source, reason)
