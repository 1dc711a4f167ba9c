"""Reading YAML with line numbers, through the safe loader only.

Content is read with PyYAML's ``SafeLoader`` (what ``yaml.safe_load`` uses): the
document is first *composed* into nodes, which carry their start marks, then
constructed into plain data. Before construction every node's tag is checked,
so a ``!!python/object`` (or any tag the safe loader would refuse) is reported
with its line instead of surfacing as a bare constructor error. Duplicate keys,
which PyYAML silently overwrites, are reported too.

>>> doc = parse_yaml("a: 1\\nb:\\n  - x\\n  - y\\n")
>>> doc.data, doc.lines[("b", 1)]
({'a': 1, 'b': ['x', 'y']}, 4)
>>> parse_yaml("x: !!python/object:os.system ls\\n").errors
[(1, "tag '!!python/object:os.system' is not allowed: content is read with yaml.safe_load, which builds plain data only")]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml

#: A path into a parsed document: mapping keys and sequence indexes.
DataPath = tuple[str | int, ...]

_CORE = "tag:yaml.org,2002:"
_SAFE_TAGS = frozenset(
    _CORE + name
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp", "binary",
                 "set", "omap", "pairs", "merge", "value")
)


@dataclass
class ParsedYaml:
    """A parsed document: its data, the line of every path, and any errors (line, message)."""

    data: Any = None
    lines: dict[DataPath, int] = field(default_factory=dict)
    errors: list[tuple[int, str]] = field(default_factory=list)


def short_tag(tag: str) -> str:
    """``tag:yaml.org,2002:python/object:os.system`` -> ``!!python/object:os.system``."""
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


def _walk_tags(node: yaml.Node, seen: set[int]) -> Iterator[yaml.Node]:
    if id(node) in seen:  # anchors/aliases share nodes
        return
    seen.add(id(node))
    yield node
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield from _walk_tags(key, seen)
            yield from _walk_tags(value, seen)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _walk_tags(item, seen)


def _record_lines(node: yaml.Node, path: DataPath, out: dict[DataPath, int],
                  errors: list[tuple[int, str]]) -> None:
    out.setdefault(path, _line(node))
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key, value in node.value:
            name = str(key.value) if isinstance(key, yaml.ScalarNode) else f"<{key.id}>"
            if name in seen and name != "<<":
                errors.append((_line(key), f"duplicate key {name!r} (first at line {seen[name]})"))
            seen.setdefault(name, _line(key))
            child: str | int = name
            if isinstance(key, yaml.ScalarNode) and key.tag == _CORE + "int":
                child = int(key.value)
            out[(*path, child)] = _line(key)  # the key's line, also for nested blocks
            _record_lines(value, (*path, child), out, errors)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record_lines(item, (*path, index), out, errors)


def parse_yaml(text: str) -> ParsedYaml:
    """Parse one YAML document safely; ``errors`` lists what stopped or spoiled it."""
    result = ParsedYaml()
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = int(mark.line) + 1 if mark is not None else 1
        what = err.problem or err.context or "cannot be parsed"
        result.errors.append((line, f"invalid YAML: {what}"))
        return result
    except yaml.YAMLError as err:  # pragma: no cover - reader errors carry no mark
        result.errors.append((1, f"invalid YAML: {err}"))
        return result
    finally:
        loader.dispose()
    if node is None:
        return result
    unsafe = [n for n in _walk_tags(node, set()) if n.tag not in _SAFE_TAGS]
    for bad in unsafe:
        result.errors.append((
            _line(bad),
            f"tag {short_tag(bad.tag)!r} is not allowed: content is read with yaml.safe_load, "
            "which builds plain data only",
        ))
    if unsafe:
        return result
    _record_lines(node, (), result.lines, result.errors)
    try:
        result.data = yaml.SafeLoader("").construct_document(node)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = int(mark.line) + 1 if mark is not None else 1
        result.errors.append((line, f"invalid YAML: {err.problem or err.context}"))
    return result
