"""Conventions as data: rules that say *when* they apply and *what* they recommend.

The book's advice on bidding (laws 33–52, 74 and the recovered ≈53–73) and on
play (laws 79–166) is written in ``content/conventions/*.yaml`` as rules. A rule
names the decision it is about (``bid``, ``lead``, ``second-hand``,
``third-hand``, ``discard``), the situation (a named predicate on the auction and
play so far, from the deciding seat's point of view), conditions on named hand
features, a recommendation (a named *chooser* with arguments), a priority, the
laws it rests on and an explanation template.

This module only *evaluates* rules. It knows no convention: the vocabulary it
evaluates with — situations, features and choosers — is registered by the modules
that define them (:mod:`tutor.engine.features` and friends) through
:func:`register_situation`, :func:`register_feature` and :func:`register_chooser`.

Evaluation: every rule of the decision's kind whose situation and conditions hold
*applies*; the applicable rule with the highest priority decides, and the engine
records which rule fired, so the tutor can always answer "why?". A position is
*audited* when the deciding rule is unique at its priority (or all rules at that
priority agree), so the drill has exactly one book-correct answer.
"""

from __future__ import annotations

import operator
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tutor.engine.errors import TutorError


class Position(Protocol):
    """Whatever a decision is taken in: a bidding or a play position."""

    @property
    def kind(self) -> str: ...


FeatureValue = int | bool | str | float
FeatureFn = Callable[[Any, Mapping[str, Any]], FeatureValue]
SituationFn = Callable[[Any, Mapping[str, Any]], bool]
ChooserFn = Callable[[Any, Mapping[str, Any]], Any]


@dataclass(frozen=True)
class Vocabulary:
    """A named function the rules may mention, with its learner-facing description."""

    name: str
    fn: Callable[[Any, Mapping[str, Any]], Any]
    description: str
    kinds: frozenset[str]


_FEATURES: dict[str, Vocabulary] = {}
_SITUATIONS: dict[str, Vocabulary] = {}
_CHOOSERS: dict[str, Vocabulary] = {}


def _register(table: dict[str, Vocabulary], name: str, description: str,
              kinds: Sequence[str]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        if name in table and table[name].fn is not fn:
            raise TutorError(f"{name!r} is registered twice")
        table[name] = Vocabulary(name, fn, description, frozenset(kinds))
        return fn
    return decorate


def register_feature(name: str, description: str, kinds: Sequence[str] = ("bid",)) -> Callable[
        [Callable[..., Any]], Callable[..., Any]]:
    """Register a named hand/position feature: ``fn(position, args) -> value``."""
    return _register(_FEATURES, name, description, kinds)


def register_situation(name: str, description: str, kinds: Sequence[str] = ("bid",)) -> Callable[
        [Callable[..., Any]], Callable[..., Any]]:
    """Register a named situation: ``fn(position, args) -> bool``."""
    return _register(_SITUATIONS, name, description, kinds)


def register_chooser(name: str, description: str, kinds: Sequence[str] = ("bid",)) -> Callable[
        [Callable[..., Any]], Callable[..., Any]]:
    """Register a named recommendation: ``fn(position, args) -> Call | Card | None``."""
    return _register(_CHOOSERS, name, description, kinds)


def features() -> Mapping[str, Vocabulary]:
    return dict(_FEATURES)


def situations() -> Mapping[str, Vocabulary]:
    return dict(_SITUATIONS)


def choosers() -> Mapping[str, Vocabulary]:
    return dict(_CHOOSERS)


_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq, "!=": operator.ne, ">=": operator.ge,
    "<=": operator.le, ">": operator.gt, "<": operator.lt,
}
OPERATORS = frozenset(_OPS)


@dataclass(frozen=True)
class Condition:
    """``feature(args) op value``, e.g. ``aces >= 3`` or ``sure_tricks >= 5``."""

    feature: str
    op: str
    value: FeatureValue
    args: Mapping[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.feature

    def holds(self, position: Any) -> bool:
        return _OPS[self.op](feature_value(self.feature, position, self.args), self.value)

    def __str__(self) -> str:
        extra = ", ".join(f"{k}={v}" for k, v in self.args.items())
        return f"{self.feature}{f'({extra})' if extra else ''} {self.op} {self.value}"


@dataclass(frozen=True)
class Rule:
    """One convention of the book, as data."""

    id: str
    kind: str
    laws: tuple[str, ...]
    situation: str
    conditions: tuple[Condition, ...]
    chooser: str
    priority: int
    explanation: str
    title: str = ""
    situation_args: Mapping[str, Any] = field(default_factory=dict)
    chooser_args: Mapping[str, Any] = field(default_factory=dict)

    def applies(self, position: Any) -> bool:
        situation = _lookup(_SITUATIONS, self.situation, "situation")
        if not situation.fn(position, self.situation_args):
            return False
        return all(c.holds(position) for c in self.conditions)

    def recommend(self, position: Any) -> Any:
        return _lookup(_CHOOSERS, self.chooser, "chooser").fn(position, self.chooser_args)

    def explain(self, position: Any, answer: Any) -> str:
        """The explanation with ``{feature}`` and ``{answer}`` placeholders filled in."""
        values: dict[str, Any] = {"answer": answer}
        for _, name, _, _ in string.Formatter().parse(self.explanation):
            if name and name != "answer" and name in _FEATURES:
                values[name] = feature_value(name, position, {})
        return self.explanation.format_map(_Defaulting(values))


class _Defaulting(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def feature_value(name: str, position: Any, args: Mapping[str, Any]) -> FeatureValue:
    value: FeatureValue = _lookup(_FEATURES, name, "feature").fn(position, args)
    return value


def _lookup(table: Mapping[str, Vocabulary], name: str, what: str) -> Vocabulary:
    if name not in table:
        raise TutorError(f"unknown {what} {name!r}; known: {', '.join(sorted(table))}")
    return table[name]


@dataclass(frozen=True)
class Advice:
    """What the rules say about a position, and which rule said it."""

    answer: Any
    rule: Rule
    explanation: str
    applicable: tuple[Rule, ...]
    #: True when the deciding priority holds one answer only (the drill is sound).
    unique: bool

    @property
    def laws(self) -> tuple[str, ...]:
        return self.rule.laws


def evaluate(rules: Sequence[Rule], position: Any, kind: str) -> Advice | None:
    """The advice of the highest-priority applicable rule of ``kind``, or ``None``."""
    candidates = []
    for rule in sorted((r for r in rules if r.kind == kind), key=lambda r: -r.priority):
        if rule.applies(position):
            answer = rule.recommend(position)
            if answer is not None:
                candidates.append((rule, answer))
    if not candidates:
        return None
    rule, answer = candidates[0]
    top = [a for r, a in candidates if r.priority == rule.priority]
    unique = all(a == answer for a in top)
    return Advice(answer, rule, rule.explain(position, answer), tuple(r for r, _ in candidates), unique)
