"""The types of JSON inside the tutor: what :mod:`tutor.engine.jsonread` returns and what the edges write.

JSON is typed where it enters (the bounded reader, the store, the page's session) and read into
typed records as soon as possible; these aliases name what it is in between, so that no value
is left untyped (``Any``). A reader narrows a :data:`JsonValue` with ``isinstance`` before use.
"""

from __future__ import annotations

from typing import TypeAlias

#: any JSON value, nested (the reader bounds the nesting: jsonread.MAX_JSON_DEPTH)
JsonValue: TypeAlias = "str | int | float | bool | None | list[JsonValue] | dict[str, JsonValue]"
#: a JSON object
JsonObject: TypeAlias = "dict[str, JsonValue]"

__all__ = ["JsonObject", "JsonValue"]
