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

Files are read by :func:`read_yaml_file` only (every loader of the tutor uses it, through
:func:`load_yaml_file` or ``registry.read_document``): at most :data:`MAX_CONTENT_BYTES`
bytes are read, so a huge file is refused at once instead of taking minutes and gigabytes,
and a file that is not UTF-8 is a problem at the line of its first bad byte. A loader's
:class:`~tutor.engine.errors.ContentError` lists at most :data:`MAX_PROBLEMS_LISTED`
problems and counts the rest (:func:`listed`).

>>> listed([f"p{n}" for n in range(25)], 3)
['p0', 'p1', 'p2', '… and 22 more problems']
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from tutor.engine.errors import ContentError
from tutor.engine.sources import open_regular

if TYPE_CHECKING:  # only named: the reader itself needs no Pydantic
    from pydantic import ValidationError

#: The largest content file read (bytes); the shipped rules.yaml is about 260 KB.
MAX_CONTENT_BYTES = 2 * 1024 * 1024
#: The most YAML events (keys, values, list items, their starts and ends) in one file; rules.yaml
#: has about 15,000. Counting them is cheap; building a million nodes would take a minute.
MAX_CONTENT_EVENTS = 100_000
#: The most problems one error message lists; the rest are counted.
MAX_PROBLEMS_LISTED = 20

#: A path into a parsed document: mapping keys and sequence indexes.
DataPath = tuple[str | int, ...]

_CORE = "tag:yaml.org,2002:"
#: libyaml's C parser when PyYAML was built with it (about ten times faster), else the pure-Python
#: one; both are the *safe* loader, which builds plain data only.
_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SAFE_TAGS = frozenset(
    _CORE + name
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp", "binary",
                 "set", "omap", "pairs", "merge", "value")
)


@dataclass
class ParsedYaml:
    """A parsed document: its data, the line of every path, and any errors (line, message)."""

    data: object = None
    lines: dict[DataPath, int] = field(default_factory=dict)
    errors: list[tuple[int, str]] = field(default_factory=list)


def short_tag(tag: str) -> str:
    """``tag:yaml.org,2002:python/object:os.system`` -> ``!!python/object:os.system``."""
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


def _walk_tags(node: yaml.Node, seen: set[int], shared: list[yaml.Node]) -> Iterator[yaml.Node]:
    """Every node once; a node met twice is an alias, collected in ``shared``."""
    if id(node) in seen:
        shared.append(node)
        return
    seen.add(id(node))
    yield node
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield from _walk_tags(key, seen, shared)
            yield from _walk_tags(value, seen, shared)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _walk_tags(item, seen, shared)


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
            if isinstance(key, yaml.ScalarNode) and key.tag == _CORE + "int" and _plain_int(name):
                child = int(name)  # else the key is reported by _scalar_problems
            out[(*path, child)] = _line(key)  # the key's line, also for nested blocks
            _record_lines(value, (*path, child), out, errors)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record_lines(item, (*path, index), out, errors)


def _plain_int(text: str) -> bool:
    digits = text.lstrip("+-")
    limit = sys.get_int_max_str_digits()
    return digits.isdigit() and digits.isascii() and not (limit and len(digits) > limit)


def _too_many_events(text: str, limit: int) -> bool:
    """True when ``text`` holds more than ``limit`` YAML events (stops counting there)."""
    try:
        for count, _ in enumerate(yaml.parse(text, Loader=_SafeLoader), 1):
            if count > limit:
                return True
    except (yaml.YAMLError, RecursionError):
        return False  # reported, with its line, by the composer
    return False


def parse_yaml(text: str, max_events: int = MAX_CONTENT_EVENTS) -> ParsedYaml:
    """Parse one YAML document safely; ``errors`` lists what stopped or spoiled it.

    Any input gives a result, never an exception: characters YAML forbids, tags
    with bad values, nesting too deep to walk and aliases (which could make a
    small file expand enormously) are all reported as errors with a line.
    """
    result = ParsedYaml()
    if _too_many_events(text, max_events):
        result.errors.append((1, f"more than {max_events:,} keys, values and list items (the limit for a "
                                 "content file)"))
        return result
    node = _compose(text, result)
    if node is None:
        return result
    try:
        shared: list[yaml.Node] = []
        nodes = list(_walk_tags(node, set(), shared))  # walked once: the tags, then the values
        unsafe = [n for n in nodes if n.tag not in _SAFE_TAGS]
        for bad in unsafe:
            result.errors.append((
                _line(bad),
                f"tag {short_tag(bad.tag)!r} is not allowed: content is read with yaml.safe_load, "
                "which builds plain data only",
            ))
        if shared:
            result.errors.append((_line(shared[0]), "anchors and aliases are not allowed in content files"))
        if unsafe or shared:
            return result
        _record_lines(node, (), result.lines, result.errors)
        # numbers of more digits than Python reads first (cheap); every other bad value is looked for
        # only when the document cannot be built, not built twice when it can
        bad_values = list(_scalar_problems(nodes, build=False))
        if not bad_values:
            try:
                result.data = yaml.SafeLoader("").construct_document(node)
            except (yaml.YAMLError, ValueError, IndexError, KeyError, AttributeError, TypeError):
                bad_values = list(_scalar_problems(nodes))
                if not bad_values:
                    raise
        result.errors += bad_values
    except RecursionError:
        result.errors.append((1, "invalid YAML: the document is nested too deeply"))
    except yaml.MarkedYAMLError as err:
        result.errors.append((_mark_line(err), f"invalid YAML: {err.problem or err.context}"))
    except (yaml.YAMLError, ValueError, IndexError, KeyError, AttributeError, TypeError) as err:
        # PyYAML's safe constructors raise plain errors for a core tag with a bad value (`!!int x`)
        result.errors.append((1, f"invalid YAML: a tagged value cannot be read ({type(err).__name__}: {err})"))
    return result


#: What a scalar of each core tag must be, said to an author when its text is not one.
_SCALAR_KINDS = {"int": "not a whole number", "float": "not a number", "bool": "not true or false",
                 "null": "not null (~)", "timestamp": "not a date (YYYY-MM-DD) or a time",
                 "binary": "not base64 data"}


def _scalar_problems(nodes: Sequence[yaml.Node], build: bool = True) -> Iterator[tuple[int, str]]:
    """Every scalar of ``nodes`` whose tag the safe constructor cannot build (``!!int abc``, ``!!timestamp abc``, a
    number of more digits than Python reads), at its own line, in plain words (``build=False``: only the
    numbers too long, without building any value)."""
    constructor = yaml.SafeLoader("")
    limit = sys.get_int_max_str_digits()
    for node in nodes:
        kind = node.tag[len(_CORE):] if node.tag.startswith(_CORE) else ""
        if not isinstance(node, yaml.ScalarNode) or kind not in _SCALAR_KINDS:
            continue
        text = str(node.value)
        digits = sum(ch.isdigit() for ch in text)
        if kind in ("int", "float") and limit and digits > limit:
            yield _line(node), f"{_shown(text)} is a number of more than {limit:,} digits"
            continue
        if not build:
            continue
        try:
            constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, IndexError, KeyError, AttributeError, TypeError, OverflowError):
            yield _line(node), f"{_shown(text)} is {_SCALAR_KINDS[kind]} (tag !!{kind})"


def _shown(text: str, width: int = 40) -> str:
    return repr(text if len(text) <= width else text[:width] + "…")


def _compose(text: str, result: ParsedYaml) -> yaml.Node | None:
    """The document's node tree, or ``None`` with the reason in the result's ``errors``."""
    loader: yaml.SafeLoader | None = None
    try:
        loader = _SafeLoader(text)
        node: yaml.Node | None = loader.get_single_node()
        return node
    except yaml.MarkedYAMLError as err:
        what = err.problem or err.context or "cannot be parsed"
        result.errors.append((_mark_line(err), f"invalid YAML: {what}"))
    except yaml.reader.ReaderError as err:  # a character YAML forbids; the reader's mark is a position
        char = chr(err.character) if isinstance(err.character, int) else err.character
        result.errors.append((text.count("\n", 0, err.position) + 1,
                              f"invalid YAML: character {char!r} is not allowed"))
    except RecursionError:
        result.errors.append((1, "invalid YAML: the document is nested too deeply"))
    except yaml.YAMLError as err:
        result.errors.append((1, f"invalid YAML: {err}"))
    finally:
        if loader is not None:
            loader.dispose()
    return None


def _mark_line(err: yaml.MarkedYAMLError) -> int:
    mark = err.problem_mark or err.context_mark
    return int(mark.line) + 1 if mark is not None else 1


def _read_text(path: Path, max_bytes: int) -> tuple[str | None, list[tuple[int, str]]]:
    """The text of a content file, or why it cannot be had (unreadable, too large, not UTF-8, not a
    regular file: a FIFO, a directory or a device is refused before it is opened, never waited on)."""
    try:
        with open_regular(Path(path)) as stream:
            data = stream.read(max_bytes + 1)
    except OSError as err:
        return None, [(1, f"cannot read: {err.strerror or err}")]
    if len(data) > max_bytes:
        return None, [(1, f"larger than {max_bytes:,} bytes (the limit for a content file)")]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        return None, [(line, f"not UTF-8 text (byte {err.start}, {data[err.start:err.start + 1]!r}); "
                             "save the file as UTF-8")]


def read_content_text(path: Path, display: str | None = None, max_bytes: int = MAX_CONTENT_BYTES) -> str:
    """The text of a content file (for a loader that parses it itself with :func:`parse_yaml`)."""
    text, errors = _read_text(path, max_bytes)
    if text is None:
        shown = display or str(path)
        raise ContentError("\n".join(f"{shown}:{line}: {message}" for line, message in errors))
    return text


def read_yaml_file(path: Path, max_bytes: int = MAX_CONTENT_BYTES,
                   max_events: int = MAX_CONTENT_EVENTS) -> ParsedYaml:
    """Read one content file and parse it; whatever stops it (unreadable, too large, not UTF-8,
    bad YAML) is in ``errors`` with its line, never an exception."""
    text, errors = _read_text(path, max_bytes)
    if text is None:
        return ParsedYaml(errors=errors)
    return parse_yaml(text, max_events)


def listed(problems: Sequence[str], limit: int = MAX_PROBLEMS_LISTED) -> list[str]:
    """The first ``limit`` problems, then one line counting the rest."""
    if len(problems) <= limit:
        return list(problems)
    return [*problems[:limit], f"… and {len(problems) - limit:,} more problems"]


def load_yaml_file(path: Path, display: str | None = None, max_bytes: int = MAX_CONTENT_BYTES) -> object:
    """The data of one content file; any problem is a :class:`ContentError` listing ``file:line: message``."""
    shown = display or str(path)
    parsed = read_yaml_file(path, max_bytes)
    if parsed.errors:
        raise ContentError("\n".join(listed([f"{shown}:{line}: {message}" for line, message in parsed.errors])))
    return parsed.data


def expect_mapping(data: object, display: str, what: str = "a mapping of keys and values") -> dict[object, object]:
    """``data`` if the file's top level is a mapping; else a ContentError at line 1 saying what it is."""
    if not isinstance(data, dict):
        got = "empty" if data is None else f"a {type(data).__name__}"
        raise ContentError(f"{display}:1: expected {what} at the top of the file, but it is {got}")
    return data


def model_problems(err: ValidationError, lines: dict[DataPath, int], display: str, base: DataPath = ()) -> list[str]:
    """A Pydantic ``ValidationError`` as ``file:line: field: message`` lines (the nearest known line)."""
    out = []
    for e in err.errors(include_url=False):
        loc = tuple(p for p in e["loc"] if isinstance(p, str | int))
        path = (*base, *loc)
        while path and path not in lines:
            path = path[:-1]
        where = ".".join(str(p) for p in loc) or "(top)"
        out.append(f"{display}:{lines.get(path, 1)}: {where}: {e['msg']}")
    return out
