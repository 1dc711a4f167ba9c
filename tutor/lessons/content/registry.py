"""Content kinds, the document wrapper, and the checker that runs them all.

A *content kind* is a glob pattern relative to ``content/`` plus a validator::

    ContentKind("conventions/play.yaml", validate_play_conventions, "play conventions")

The tutor's kinds are listed in one table, :data:`tutor.lessons.content.catalogue.CONTENT_KINDS`.

A validator receives a :class:`Document` (the parsed data with the line of every
path) and the :class:`ContentContext` (the valid entries of ``rules.yaml`` and
every known law id), and returns a list of :class:`Problem`. It may set
``doc.model`` to the object it built, so the app can use it. Use
:func:`validate_model` to run a Pydantic model over part of a document with
every error mapped to ``file:line: id: message``.

Whatever the kind, :func:`check_content` afterwards checks every law id cited
under a key named ``law``, ``laws``, ``related`` or ``cites`` anywhere in the
document against ``rules.yaml`` (the tutor's convention kinds also read what their
files hold for the drills and lessons with those readers' own parsers: the
catalogue's validators, :mod:`tutor.lessons.content.runnable`).

Where several patterns match a file, the most specific wins (fewest wildcards,
then the longest pattern): ``quizzes/scoring.yaml`` beats ``quizzes/*.yaml``.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from tutor.lessons.content.models import Entry, GlossaryFile, QuizFile, RulesFile
from tutor.lessons.content.problems import NO_ID, Problem
from tutor.lessons.content.yamlread import DataPath, read_yaml_file

#: Keys whose values are law ids, wherever they appear in a content file.
LAW_REF_KEYS = frozenset({"law", "laws", "related", "cites"})

#: Folders of ``content/`` that are not content themselves (the writers' parts are merged).
SKIPPED_DIRS = frozenset({"_parts"})

RULES_FILE = "rules.yaml"


@dataclass
class Document:
    """A parsed content file: its data, the line of every path in it, and what a validator built."""

    path: Path
    name: str
    data: object
    lines: Mapping[DataPath, int] = field(default_factory=dict)
    #: what the kind's validator built (a model, or None); readers check its class
    model: object = None

    def line(self, path: Iterable[str | int] = ()) -> int:
        """The line of ``path``, or of its nearest enclosing item when it has none (a missing key)."""
        parts = tuple(path)
        while parts and parts not in self.lines:
            parts = parts[:-1]
        return self.lines.get(parts, 1)

    def item_id(self, path: Iterable[str | int] = ()) -> str:
        """The ``id`` of the innermost item on ``path`` that has one, else ``-``."""
        found = NO_ID
        node = self.data
        for part in (None, *tuple(path)):
            if part is not None:
                try:
                    node = child(node, part)
                except (KeyError, IndexError, TypeError):
                    break
            if isinstance(node, dict) and isinstance(node.get("id"), str | int):
                found = str(node["id"])
        return found

    def problem(self, path: Iterable[str | int], message: str, item: str | None = None) -> Problem:
        """A problem at ``path``, named after the enclosing item unless ``item`` is given."""
        parts = tuple(path)
        return Problem(self.name, self.line(parts), item if item is not None else self.item_id(parts), message)


def child(node: object, part: str | int) -> object:
    """``node[part]`` for parsed YAML: KeyError, IndexError or TypeError when ``node`` has no such part."""
    if isinstance(node, Mapping):
        return node[part]
    if isinstance(node, Sequence) and isinstance(part, int):
        return node[part]
    raise TypeError(f"a {type(node).__name__} has no part {part!r}")


@dataclass(frozen=True)
class ContentContext:
    """What every validator may rely on: the valid entries of ``rules.yaml``."""

    entries: Mapping[str, Entry] = field(default_factory=dict)
    #: ids written in rules.yaml, valid or not (a broken law is reported once, in rules.yaml)
    declared: frozenset[str] = frozenset()
    #: False when rules.yaml could not be read at all: citations are then not checked
    rules_loaded: bool = False

    @property
    def law_ids(self) -> frozenset[str]:
        """Every id a citation may name."""
        return self.declared | frozenset(self.entries)


Validator = Callable[[Document, ContentContext], list[Problem]]


@dataclass(frozen=True)
class ContentKind:
    pattern: str
    validator: Validator
    name: str

    @property
    def specificity(self) -> tuple[int, int]:
        wildcards = sum(self.pattern.count(c) for c in "*?[")
        return (wildcards, -len(self.pattern))


def kind_for(relpath: str, kinds: Sequence[ContentKind]) -> ContentKind | None:
    """The kind of ``kinds`` that validates ``relpath`` (relative to ``content/``), the most specific match."""
    for kind in sorted(kinds, key=lambda k: k.specificity):
        if fnmatch.fnmatchcase(relpath, kind.pattern):
            return kind
    return None


M = TypeVar("M", bound=BaseModel)


def _error_message(err: ErrorDetails) -> str:
    loc = [p for p in err["loc"] if isinstance(p, str | int)]
    names = [p for p in loc if isinstance(p, str)]
    fieldname = names[-1] if names else ""
    if loc and isinstance(loc[-1], int) and fieldname:  # an item of a list: options[2]
        fieldname = f"{fieldname}[{loc[-1]}]"
    ctx = err.get("ctx") or {}
    kind = err["type"]
    if kind == "extra_forbidden":
        return f"unknown field {fieldname!r}"
    if kind == "missing":
        return f"missing field {fieldname!r}"
    if kind == "literal_error":
        message = f"{err['input']!r} is not one of {ctx.get('expected', '')}".replace(" or ", ", ")
    elif kind == "too_short" and fieldname == "sources":
        message = "at least one source is required"
    elif kind == "too_short":
        message = f"at least {ctx.get('min_length', 1)} item(s) required"
    elif kind == "value_error":
        message = str(ctx.get("error", err["msg"]))
    else:
        message = str(err["msg"])
    return f"{fieldname}: {message}" if fieldname else message


def validate_model(doc: Document, model: type[M], path: DataPath = ()) -> tuple[M | None, list[Problem]]:
    """Validate the data at ``path`` with ``model``; every error becomes a located :class:`Problem`."""
    node = doc.data
    for part in path:
        node = child(node, part)
    try:
        return model.model_validate(node), []
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = tuple(p for p in err["loc"] if isinstance(p, str | int))
            # a model-level check (no field in loc) belongs to the item itself
            problems.append(doc.problem((*path, *loc), _error_message(err)))
        return None, problems


def law_refs(data: object, path: DataPath = ()) -> Iterator[tuple[DataPath, object]]:
    """Every value cited as a law (under a key in :data:`LAW_REF_KEYS`), with its path."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in LAW_REF_KEYS:
                if isinstance(value, list):
                    for index, item in enumerate(value):
                        yield (*path, key, index), item
                elif value is not None:
                    yield (*path, key), value
            else:
                yield from law_refs(value, (*path, key))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from law_refs(item, (*path, index))


def check_law_refs(doc: Document, ctx: ContentContext) -> list[Problem]:
    """Every cited law id must be an entry of ``rules.yaml``."""
    problems = []
    known = ctx.law_ids
    for path, value in law_refs(doc.data):
        if not isinstance(value, str) or value not in known:
            key = next(p for p in reversed(path) if isinstance(p, str))
            problems.append(doc.problem(path, f"{key}: unknown law id {value!r}"))
    return problems


def declared_ids(data: object) -> frozenset[str]:
    """The ids of ``entries`` in a parsed rules file, whether or not the entries are valid."""
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        return frozenset()
    return frozenset(e["id"] for e in entries if isinstance(e, dict) and isinstance(e.get("id"), str))


@dataclass
class ContentReport:
    """Everything ``content/`` holds that validated, and every problem found."""

    root: Path
    documents: dict[str, Document] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def rules(self) -> RulesFile | None:
        doc = self.documents.get(RULES_FILE)
        return doc.model if doc is not None and isinstance(doc.model, RulesFile) else None

    @property
    def glossary(self) -> GlossaryFile | None:
        doc = self.documents.get("glossary.yaml")
        return doc.model if doc is not None and isinstance(doc.model, GlossaryFile) else None

    @property
    def quizzes(self) -> dict[str, QuizFile]:
        return {rel: d.model for rel, d in self.documents.items() if isinstance(d.model, QuizFile)}

    def problems_in(self, relpath: str) -> list[Problem]:
        doc = self.documents.get(relpath)
        name = doc.name if doc is not None else self._display(relpath)
        return [p for p in self.problems if p.file == name]

    def _display(self, relpath: str) -> str:
        return f"{self.root.name}/{relpath}"


def _content_files(root: Path) -> list[Path]:
    # every path named like a content file, a regular file or not: a FIFO, a folder or a link to a device
    # named rules.yaml is reported by the reader ("not a regular file"), not passed over as if absent
    files = [p for p in root.rglob("*") if p.suffix in (".yaml", ".yml")]
    return sorted(
        p for p in files
        if not any(part in SKIPPED_DIRS or part.startswith(".") for part in p.relative_to(root).parts[:-1])
    )


def read_document(path: Path, relpath: str, display: str) -> tuple[Document | None, list[Problem]]:
    """Parse one file (through the bounded safe reader); ``None`` when it is not usable YAML."""
    parsed = read_yaml_file(path)
    problems = [Problem(display, line, NO_ID, message) for line, message in parsed.errors]
    if parsed.data is None and not problems:
        problems.append(Problem(display, 1, NO_ID, "the file is empty"))
    if parsed.data is None:
        return None, problems
    return Document(path, display, parsed.data, parsed.lines), problems


def _run_kind(kind: ContentKind, doc: Document, ctx: ContentContext) -> list[Problem]:
    try:
        return list(kind.validator(doc, ctx))
    except Exception as err:  # a validator's bug must not hide the other files' problems
        return [doc.problem((), f"validator {kind.name!r} failed: {type(err).__name__}: {err}")]


def rules_loaded(data: object) -> bool:
    """Whether a parsed rules file holds a list of entries to check citations against: when it
    does not (``entries: hello``), that one problem is reported, not every citation of every file."""
    entries = data.get("entries") if isinstance(data, dict) else None
    return isinstance(entries, list) and (not entries or bool(declared_ids(data)))


def check_content(root: Path, kinds: Sequence[ContentKind]) -> ContentReport:
    """Validate every content file under ``root`` with ``kinds``; the report holds ALL problems, sorted.

    The tutor's kinds are the table :data:`tutor.lessons.content.catalogue.CONTENT_KINDS`
    (its ``check_content`` passes them).
    """
    root = Path(root)
    report = ContentReport(root)
    if not root.is_dir():
        report.problems.append(Problem(str(root), 1, NO_ID, "content folder not found"))
        return report
    docs: list[tuple[str, Document]] = []
    for path in _content_files(root):
        rel = path.relative_to(root).as_posix()
        doc, problems = read_document(path, rel, report._display(rel))
        report.problems.extend(problems)
        if doc is not None:
            report.documents[rel] = doc
            docs.append((rel, doc))
    if RULES_FILE not in report.documents and not (root / RULES_FILE).exists():
        report.problems.append(Problem(report._display(RULES_FILE), 1, NO_ID, "file is missing"))
    ctx = ContentContext()
    # rules.yaml first: every other kind cites it
    rules_doc = report.documents.get(RULES_FILE)
    rules_kind = kind_for(RULES_FILE, kinds)
    if rules_doc is not None and rules_kind is not None:
        report.problems.extend(_run_kind(rules_kind, rules_doc, ctx))
        if isinstance(rules_doc.model, RulesFile):
            ctx = ContentContext({e.id: e for e in rules_doc.model.entries}, declared_ids(rules_doc.data),
                                 rules_loaded(rules_doc.data))
    for rel, doc in docs:
        if rel == RULES_FILE:
            continue
        kind = kind_for(rel, kinds)
        if kind is None:
            report.problems.append(Problem(
                doc.name, 1, NO_ID, "no content kind is registered for this file (see CONTENT_KINDS "
                                    "in tutor/lessons/content/catalogue.py)"))
            continue
        report.problems.extend(_run_kind(kind, doc, ctx))
        if ctx.rules_loaded:  # else every citation would be reported, burying the real problem
            report.problems.extend(check_law_refs(doc, ctx))
    report.problems.sort()
    return report
