"""Load and validate convention files (``content/conventions/*.yaml``) into engine rules.

A convention file holds a list of rules, either at the top level or under a
``conventions:`` key (a file may also carry ``lessons:``, guided lessons for its
kind, kept as plain data). Each rule is validated by a Pydantic model, then its
words are *resolved* in the vocabulary of its decision kind
(:func:`tutor.engine.conventions.vocabularies.vocabulary_for`): an unknown situation, feature or
chooser, one for another decision kind, or an argument the word does not take or of
the wrong type, is an error; a resolved rule holds the word records themselves. Every problem of a file is reported at once, each as
``file:line: rule-id: message``, in one :class:`~tutor.engine.errors.ContentError`.

The loader is generic over decision kinds (``bid``, ``lead``, ``discard`` …). YAML is
read with ``yaml.safe_load`` only.
"""

from __future__ import annotations

import math
import os
import re
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tutor.engine import conventions as conv
from tutor.engine.conventions.vocabularies import BY_KIND, vocabulary_for
from tutor.engine.conventions.vocabulary import (
    REQUIRED,
    ArgValue,
    PlaceCards,
    ReadsHand,
    Vocabulary,
    Word,
    WordRole,
)
from tutor.engine.errors import ContentError
from tutor.lessons.content.yamlread import listed, parse_yaml, read_content_text

if TYPE_CHECKING:  # the registry imports the validators of every kind, this one among them
    from tutor.lessons.content.problems import Problem
    from tutor.lessons.content.registry import ContentContext, Document

ROOT = Path(__file__).resolve().parents[__name__.count(".")]  # the repository, however deep this module sits
CONVENTIONS_DIR = ROOT / "content" / "conventions"

LAW_ID = re.compile(r"^(law-\d+|law-r\d+|law-r[a-z]|note-\d+|scoring-\d+|preamble-\d+|"
                    r"two-\d+|three-\d+|five-\d+|solo-\d+|tutor-\d+)$")
RULE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


# -- the schema ---------------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# The words' arguments are ``object`` (Pydantic checks nothing, as it did with Any): each word checks
# its own (Word.arg_problems), and a rule is built only when they pass (_checked_args).
class ConditionModel(_Strict):
    feature: str
    op: Literal["==", "!=", ">=", "<=", ">", "<"]
    value: bool | int | float | str
    args: dict[str, object] = Field(default_factory=dict)


class WhenModel(_Strict):
    situation: str
    situation_args: dict[str, object] = Field(default_factory=dict)
    conditions: list[ConditionModel] = Field(default_factory=list)


class RecommendModel(_Strict):
    chooser: str
    args: dict[str, object] = Field(default_factory=dict)


class RuleModel(_Strict):
    id: str = Field(pattern=RULE_ID.pattern)
    kind: str
    title: str = Field(min_length=3)
    laws: list[str] = Field(min_length=1)
    priority: int = Field(ge=0, le=1000)
    when: WhenModel
    recommend: RecommendModel
    explanation: str = Field(min_length=10)
    notes: list[str] = Field(default_factory=list)
    #: hints for the drill generator of the kind (validated by that generator)
    drill: dict[str, object] = Field(default_factory=dict)
    #: precedence: the rules (id prefixes, ``*`` for all) this one sets aside, and whether it yields to all
    overrides: list[str] = Field(default_factory=list)
    yields: bool = False


# -- what a load returns ------------------------------------------------------------------------


@dataclass(frozen=True)
class ConventionSet:
    """The rules of one or more files, with what the engine's :class:`Rule` does not hold."""

    rules: tuple[conv.Rule, ...]
    drill_hints: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    lines: Mapping[str, str] = field(default_factory=dict)  # rule id -> "file:line"
    #: the file's ``lessons`` items as written (validated by :mod:`tutor.lessons.bidding.lessons`)
    lessons: tuple[object, ...] = ()

    def rule(self, rule_id: str) -> conv.Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        known = ", ".join(r.id for r in self.rules)
        raise ContentError(f"unknown rule {rule_id!r}; known: {known}")

    def of_kind(self, kind: str) -> tuple[conv.Rule, ...]:
        return tuple(r for r in self.rules if r.kind == kind)


Path_ = tuple[str | int, ...]


def _resolve(model: RuleModel) -> tuple[conv.Rule | None, list[tuple[Path_, str]]]:
    """The rule with its words resolved in its kind's vocabulary, or every problem of its words."""
    errors: list[tuple[Path_, str]] = [
        (("laws", n), f"bad law id {law!r} (law-N, law-rN, scoring-N …)")
        for n, law in enumerate(model.laws) if not LAW_ID.match(law)]
    if model.kind not in BY_KIND:
        return None, [*errors, (("kind",), f"unknown decision kind {model.kind!r}; known: {', '.join(BY_KIND)}")]
    vocabulary = vocabulary_for(model.kind)
    situation = _word(vocabulary, "situation", model.when.situation, model.kind, model.when.situation_args,
                      ("when", "situation"), errors)
    chooser = _word(vocabulary, "chooser", model.recommend.chooser, model.kind, model.recommend.args,
                    ("recommend", "chooser"), errors)
    conditions = []
    for n, c in enumerate(model.when.conditions):
        word = _word(vocabulary, "feature", c.feature, model.kind, c.args, ("when", "conditions", n, "feature"), errors)
        if word is not None:
            errors += [(("when", "conditions", n, key), m) for key, m in _value_problems(word, c.op, c.value)]
            conditions.append(conv.Condition(word, c.op, c.value, _checked_args(c.args)))
    explanation = " ".join(model.explanation.split())
    placeholders, problems = _placeholders(explanation, vocabulary, model.kind)
    errors += [(("explanation",), m) for m in problems]
    if errors or situation is None or chooser is None:
        return None, errors
    return conv.Rule(
        id=model.id, kind=model.kind, laws=tuple(model.laws), situation_word=situation,
        conditions=tuple(conditions), chooser_word=chooser, priority=model.priority,
        explanation=explanation, title=model.title,
        situation_args=_checked_args(model.when.situation_args), chooser_args=_checked_args(model.recommend.args),
        placeholders=placeholders, overrides=tuple(model.overrides), yields=model.yields,
    ), errors


#: The comparisons that order their values: they compare numbers.
ORDERING = frozenset({">=", "<=", ">", "<"})
#: What a feature's value is, as its word declares it (:func:`value_kind`).
ValueKind = Literal["whole number", "true or false", "text"]
_DECLARED: Mapping[object, ValueKind] = {"int": "whole number", "bool": "true or false", "str": "text",
                                         int: "whole number", bool: "true or false", str: "text"}


def value_kind(word: Word) -> ValueKind | None:
    """What ``word``'s value is, as the vocabulary declares it: a whole number when it counts (it has
    nouns, or its realiser counts cards), true or false when it has a clause, else what its function
    declares it returns (``-> int``, ``-> bool``, ``-> str``); ``None`` when it declares nothing."""
    realiser = word.realiser
    if word.nouns or isinstance(realiser, PlaceCards) or (isinstance(realiser, ReadsHand) and realiser.counted):
        return "whole number"
    if word.clause:
        return "true or false"
    return _declared(word.fn)


def _declared(fn: object) -> ValueKind | None:
    """The kind ``fn``'s return annotation names (``None``: it names none)."""
    annotation = getattr(fn, "__annotations__", {}).get("return")
    return _DECLARED.get(annotation) if isinstance(annotation, str | type) else None


def _shown(value: object) -> str:
    """A condition's value as the YAML spells it."""
    return ("true" if value else "false") if isinstance(value, bool) else repr(value)


def _value_problems(word: Word, op: str, value: object) -> list[tuple[str, str]]:
    """Why ``feature op value`` cannot be compared at run time, as (field, message): a value not of the kind
    the feature declares, a number that is not finite, or an ordering of what is not a number."""
    name, shown, kind = word.name, _shown(value), value_kind(word)
    if isinstance(value, float) and not math.isfinite(value):
        return [("value", f"value: {shown} is not a finite number ({name} is compared with it)")]
    if kind == "whole number" and (isinstance(value, bool) or not isinstance(value, int)):
        return [("value", f"value: {shown} is not a whole number ({name} counts)")]
    if kind == "true or false" and not isinstance(value, bool):
        return [("value", f"value: {shown} is not true or false ({name} is yes or no)")]
    if kind == "text" and not isinstance(value, str):
        return [("value", f"value: {shown} is not text ({name} is a text, compared with == or !=)")]
    if op in ORDERING and kind in ("true or false", "text"):
        return [("op", f"op: {op!r} compares numbers, and {name} is {kind}: use == or !=")]
    if op in ORDERING and isinstance(value, bool | str):
        return [("value", f"value: {shown} is not a number, which {op!r} compares ({name})")]
    return []


def _placeholders(explanation: str, vocabulary: Vocabulary, kind: str) -> tuple[dict[str, Word], list[str]]:
    """The features an explanation's ``{fields}`` name, and every problem of its fields. A field is
    ``{answer}`` or the plain name of a feature of the rule's kind that takes no argument; it may ask
    for one format, the number with its noun (``{aces:noun}``), of a counted feature. Anything else
    (``{0}``, ``{aces.__class__}``, ``{aces[0]}``, a brace without its pair) is refused here: the
    explanation is filled with plain names only (:func:`tutor.engine.conventions.fill_template`)."""
    try:
        fields = [(name, spec or "", conversion) for _, name, spec, conversion in string.Formatter().parse(explanation)
                  if name is not None]
    except ValueError as err:
        return {}, [f"explanation: {err} (a brace without its pair; write {{{{ or }}}} for a brace itself)"]
    placeholders: dict[str, Word] = {}
    problems: list[str] = []
    for name, spec, conversion in fields:
        written = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
        word = vocabulary.get("feature", name) if name.isidentifier() else None
        if not name or name.isdigit():
            problems.append(f"explanation {written}: a positional field; name a feature ({{aces}}) or {{answer}}")
        elif not name.isidentifier():
            problems.append(f"explanation {written}: only the plain name of a feature may stand in braces "
                            "(no '.' or '[' after it)")
        elif conversion:
            problems.append(f"explanation {written}: no conversion ('!{conversion}') may follow a name")
        elif name != "answer" and (word is None or kind not in word.kinds):
            problems.append(f"explanation {written}: {name!r} is not a feature of kind {kind!r} nor {{answer}}")
        elif word is not None and name != "answer" and any(a.default is REQUIRED for a in word.args):
            problems.append(f"explanation {written}: {name!r} needs an argument, which an explanation cannot give")
        elif spec and spec != conv.NOUN_FORMAT:
            problems.append(f"explanation {written}: the only format is '{conv.NOUN_FORMAT}', the number with "
                            "its noun ({aces:noun})")
        elif spec and (word is None or not conv.is_counted(word)):
            problems.append(f"explanation {written}: {name!r} is not a counted feature with a noun "
                            "(aces, sure_tricks …)")
        elif word is not None and name != "answer":
            placeholders[name] = word
    return placeholders, problems


def _checked_args(args: Mapping[str, object]) -> dict[str, ArgValue]:
    """The arguments as the engine takes them. A rule is built only when its words found no problem
    in their arguments (Word.arg_problems: every value an int, a bool or a text), so none is left out."""
    return {key: value for key, value in args.items() if isinstance(value, int | float | bool | str)}


def _word(vocabulary: Vocabulary, role: WordRole, name: str, kind: str, args: Mapping[str, object],
          path: Path_, errors: list[tuple[Path_, str]]) -> Word | None:
    """The word ``name`` resolved, its arguments checked; problems go to ``errors``."""
    word = vocabulary.get(role, name)
    if word is None:
        elsewhere = sorted({k for v in BY_KIND.values() if (w := v.get(role, name)) for k in w.kinds})
        errors.append((path, f"{role} {name!r} is not for kind {kind!r} (it serves {', '.join(elsewhere)})"
                       if elsewhere else f"unknown {role} {name!r}"))
        return None
    if kind not in word.kinds:
        errors.append((path, f"{role} {name!r} is not for kind {kind!r} (it serves {', '.join(sorted(word.kinds))})"))
    errors += [((*path[:-1], "args"), m) for m in word.arg_problems(args, vocabulary)]
    return word


#: A problem before it is placed in a file: (path inside the document, item id, message).
RawProblem = tuple[tuple[str | int, ...], str, str]
RULE_LIST_KEYS = ("conventions", "rules")


def _split(data: object) -> tuple[str | None, list[object], list[object], list[RawProblem]]:
    """The rule list's key, the rules, the lessons, and any problem with the file's shape."""
    if isinstance(data, list):
        return None, data, [], []
    if not isinstance(data, Mapping):
        return None, [], [], [((), "-", "expected a list of rules or a 'conventions:' mapping")]
    unknown = set(data) - {*RULE_LIST_KEYS, "lessons"}
    if unknown:
        return None, [], [], [((), "-", f"unknown top-level key(s) {', '.join(sorted(map(str, unknown)))}; "
                               "expected 'conventions' (or 'rules') and optionally 'lessons'")]
    key = next((k for k in RULE_LIST_KEYS if k in data), "conventions")
    items, lessons = data.get(key) or [], data.get("lessons") or []
    if not isinstance(items, list) or not isinstance(lessons, list):
        return key, [], [], [((key,), "-", "expected a list")]
    return key, items, lessons, []


def _pydantic_problems(err: ValidationError) -> list[tuple[tuple[str | int, ...], str]]:
    out = []
    for e in err.errors():
        loc = tuple(p for p in e["loc"] if isinstance(p, str | int))
        field_name = ".".join(str(p) for p in loc) or "rule"
        out.append((loc, f"{field_name}: {e['msg']}"))
    return out


def validate_data(data: object) -> tuple[ConventionSet, list[RawProblem]]:
    """Validate parsed convention data; every problem with its path, item id and message."""
    key, items, lessons, problems = _split(data)
    base: tuple[str | int, ...] = (key,) if key else ()
    rules: list[conv.Rule] = []
    hints: dict[str, Mapping[str, object]] = {}
    notes: dict[str, tuple[str, ...]] = {}
    seen: dict[str, int] = {}
    for index, item in enumerate(items):
        path = (*base, index)
        rid = str(item.get("id", "-")) if isinstance(item, Mapping) else "-"
        if not isinstance(item, Mapping):
            problems.append((path, rid, f"expected a mapping, got {type(item).__name__}"))
            continue
        try:
            model = RuleModel.model_validate(item)
        except ValidationError as err:
            problems += [((*path, *loc), rid, m) for loc, m in _pydantic_problems(err)]
            continue
        if model.id in seen:
            problems.append(((*path, "id"), rid, f"duplicate id (first as item {seen[model.id] + 1})"))
            continue
        seen[model.id] = index
        rule, errors = _resolve(model)
        problems += [((*path, *loc), rid, m) for loc, m in errors]
        if rule is not None:
            rules.append(rule)
        hints[model.id] = model.drill
        notes[model.id] = tuple(" ".join(n.split()) for n in model.notes)
    return ConventionSet(tuple(rules), hints, notes, {}, tuple(lessons)), problems


def parse_conventions(text: str, source: str = "<string>") -> ConventionSet:
    """Validate convention YAML ``text``; raise one ContentError listing every problem."""
    parsed = parse_yaml(text)  # the safe reader: bad YAML, tags, aliases, size are problems at their lines
    if parsed.errors:
        raise ContentError("\n".join(listed([f"{source}:{line}: {message}" for line, message in parsed.errors])))
    data = parsed.data
    result, problems = validate_data(data)
    key = _split(data)[0]
    base = 1 if key else 0

    def line_of(path: tuple[str | int, ...]) -> int:
        """The line of the rule (list item) a problem belongs to, from the safe reader's line map."""
        index = path[base] if len(path) > base else None
        return parsed.lines.get((*((key,) if key else ()), index), 1) if isinstance(index, int) else 1

    if problems:
        raise ContentError("\n".join(listed([f"{source}:{line_of(p)}: {rid}: {m}" for p, rid, m in problems])))
    where = {r.id: f"{source}:{line_of((*((key,) if key else ()), n))}" for n, r in enumerate(result.rules)}
    return ConventionSet(result.rules, result.drill_hints, result.notes, where, result.lessons)


def load_conventions(paths: Sequence[Path | str] | Path | str) -> ConventionSet:
    """Load one or several convention files into one set (ids must be unique across them)."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    sets = []
    for path in map(Path, paths):
        sets.append(parse_conventions(read_content_text(path, _display(path)), _display(path)))
    return merge(sets)


def merge(sets: Sequence[ConventionSet]) -> ConventionSet:
    seen: dict[str, str] = {}
    problems = []
    for s in sets:
        for rule in s.rules:
            if rule.id in seen:
                problems.append(f"{s.lines[rule.id]}: {rule.id}: duplicate id (first at {seen[rule.id]})")
            seen.setdefault(rule.id, s.lines[rule.id])
    if problems:
        raise ContentError("\n".join(problems))
    return ConventionSet(
        tuple(r for s in sets for r in s.rules),
        {k: v for s in sets for k, v in s.drill_hints.items()},
        {k: v for s in sets for k, v in s.notes.items()},
        {k: v for s in sets for k, v in s.lines.items()},
        tuple(x for s in sets for x in s.lessons),
    )


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def conventions_for(name: str) -> ConventionSet:
    """The validated conventions of ``<content>/conventions/<name>.yaml`` (cached per file).

    ``<content>`` is ``$TUTOR_CONTENT_DIR`` when set (see :mod:`tutor.lessons.content`). Keyed by
    that setting and the name, so the robots' two lookups per decision build no path.
    """
    from tutor.lessons.content import CONTENT_ENV_VAR  # the package imports this module

    return _for_setting(os.environ.get(CONTENT_ENV_VAR), name)


@lru_cache(maxsize=16)
def _for_setting(setting: str | None, name: str) -> ConventionSet:
    return _cached(str(_content_root() / "conventions" / f"{name}.yaml"))


def _content_root() -> Path:
    try:
        from tutor.lessons.content import content_dir
    except ImportError:  # pragma: no cover - the content package ships with the tutor
        return ROOT / "content"
    return content_dir()


@lru_cache(maxsize=8)
def _cached(path: str) -> ConventionSet:
    return load_conventions(path)


def validate_conventions_document(doc: Document, ctx: ContentContext) -> list[Problem]:
    """``tutor check`` validator: every problem of a convention file, at its line."""
    result, problems = validate_data(doc.data)
    if not problems:
        doc.model = result
    return [doc.problem(path, message, item=rid) for path, rid, message in problems]


__all__ = [
    "CONVENTIONS_DIR", "ConventionSet", "RuleModel", "conventions_for",
    "load_conventions", "merge", "parse_conventions", "validate_data",
    "validate_conventions_document",
]
