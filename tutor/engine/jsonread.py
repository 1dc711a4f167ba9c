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
import sys
from pathlib import Path
from typing import Any, BinaryIO, NoReturn

from tutor.engine.errors import TutorError, echo

#: The largest JSON input accepted (bytes): a progress export of some 50,000 answers.
MAX_JSON_BYTES = 16 * 1024 * 1024
#: The deepest nesting of arrays and objects accepted (the tutor's formats need 4).
MAX_JSON_DEPTH = 64
#: The most digits an integer may have (a seed has at most 19).
MAX_JSON_DIGITS = 40

#: JSON strings, whose brackets do not count for the nesting (escapes included).
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


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
    """The JSON of a file named ``source``, or of standard input when ``source`` is ``-``."""
    max_bytes = MAX_JSON_BYTES if max_bytes is None else max_bytes
    limits = {"max_bytes": max_bytes, "max_depth": max_depth, "max_digits": max_digits}
    if source == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is None:  # a text stream with no bytes under it (a test's StringIO)
            return parse_json_bytes(sys.stdin.read(max_bytes + 1).encode("utf-8"), "standard input", **limits)
        return read_json_stream(stdin, "standard input", **limits)
    try:
        with Path(source).open("rb") as stream:
            data = stream.read(max_bytes + 1)
    except OSError as err:
        raise JsonInputError(source, f"cannot read: {err.strerror or err}", unreadable=True) from None
    return parse_json_bytes(data, source, **limits)


def read_json_stream(stream: BinaryIO, source: str, *, max_bytes: int | None = None,
                     max_depth: int | None = None, max_digits: int | None = None) -> Any:
    """Read at most ``max_bytes`` (plus one, to notice more) from ``stream`` and parse them."""
    max_bytes = MAX_JSON_BYTES if max_bytes is None else max_bytes
    data = stream.read(max_bytes + 1)
    return parse_json_bytes(data, source, max_bytes=max_bytes, max_depth=max_depth, max_digits=max_digits)


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
    except json.JSONDecodeError as err:
        raise JsonInputError(source, f"not valid JSON: {err.msg} at line {err.lineno}, column {err.colno}") \
            from None
    except RecursionError:  # the depth check makes this unreachable; kept as a guard
        _refuse(source, f"nested deeper than {depth_limit} arrays or objects (the limit)")


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
        raise JsonInputError(field, f"expected a whole number from {low} to {high}, got {echo(value)}")
    return value


def _check_depth(text: str, source: str, max_depth: int) -> None:
    """Refuse nesting deeper than ``max_depth`` without recursing (strings do not count)."""
    if text.count("[") + text.count("{") <= max_depth:
        return
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub('""', text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > max_depth:
            _refuse(source, f"nested deeper than {max_depth} arrays or objects (the limit)")


def _refuse(source: str, reason: str) -> NoReturn:
    raise JsonInputError(source, reason)
