"""The types of JSON inside the tutor: what :mod:`tutor.engine.jsonread` returns and what the edges write.

JSON is typed where it enters (the bounded reader, the store, the page's session) and read into
typed records as soon as possible; these aliases name what it is in between, so that no value
is left untyped (``Any``). A reader narrows a :data:`JsonValue` with ``isinstance`` before use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

#: any JSON value, nested (the reader bounds the nesting: jsonread.MAX_JSON_DEPTH)
JsonValue: TypeAlias = "str | int | float | bool | None | list[JsonValue] | dict[str, JsonValue]"
#: a JSON object
JsonObject: TypeAlias = "dict[str, JsonValue]"



def as_json(value: object) -> JsonValue:
    """``value`` checked to be JSON all the way down (a typed record's ``to_json`` built of plain
    dicts, lists, text, numbers, booleans and ``None``); anything else is a :class:`TypeError`.

    >>> as_json({"auction": ["1S", "P"], "score": {"NS": 60}})
    {'auction': ['1S', 'P'], 'score': {'NS': 60}}
    """
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, list):
        return [as_json(v) for v in value]
    if isinstance(value, dict):
        return as_json_object(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


def as_json_object(value: Mapping[str, object]) -> JsonObject:
    """A mapping checked to be a JSON object (:func:`as_json` for each value)."""
    return {str(k): as_json(v) for k, v in value.items()}


__all__ = ["JsonObject", "JsonValue", "as_json", "as_json_object"]
