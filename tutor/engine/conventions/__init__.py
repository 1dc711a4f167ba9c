"""Conventions as data: rules that say *when* they apply and *what* they recommend.

The book's advice on bidding (laws 33–52, 74 and the recovered ≈53–73) and on
play (laws 79–166) is written in ``content/conventions/*.yaml`` as rules. A rule
names the decision it is about (``bid``, ``lead``, ``second-hand``,
``third-hand``, ``discard``), the situation (a named predicate on the auction and
play so far, from the deciding seat's point of view), conditions on named hand
features, a recommendation (a named *chooser* with arguments), a priority, the
laws it rests on and an explanation template.

This module only *evaluates* rules. It knows no convention: the words it evaluates
with (:class:`~tutor.engine.conventions.vocabulary.Word`) are resolved by the loader when the YAML
is read, so a :class:`Condition` holds its feature's record and a :class:`Rule` its
situation's and chooser's; evaluation looks nothing up by name.

Evaluation: every rule of the decision's kind whose situation and conditions hold
*applies*; the applicable rule with the highest priority decides, and the engine
records which rule fired, so the tutor can always answer "why?". A position is
*audited* when the deciding rule is unique at its priority (or all rules at that
priority agree), so the drill has exactly one book-correct answer.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Protocol

from tutor.engine.conventions.vocabulary import COMPARISONS, OPERATORS, Args, FeatureValue, Requirement, Word
from tutor.engine.nouns import count_of


class Position(Protocol):
    """Whatever a decision is taken in: a bidding or a play position."""

    @property
    def kind(self) -> str: ...


@dataclass(frozen=True)
class Condition:
    """``feature(args) op value``, e.g. ``aces >= 3`` or ``sure_tricks >= 5``."""

    feature: Word
    op: str
    value: FeatureValue
    args: Args = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The feature's name, as the YAML spells it."""
        return self.feature.name

    def value_in(self, position: object) -> FeatureValue:
        return self._value(position)

    def holds(self, position: object) -> bool:
        return COMPARISONS[self.op].test(self._value(position), self.value)

    def holds_for(self, value: FeatureValue) -> bool:
        """Whether the condition holds where its feature's value is ``value``."""
        return COMPARISONS[self.op].test(value, self.value)

    @cached_property
    def value_key(self) -> tuple[object, ...]:
        """The feature and its arguments: conditions with the same key read the same value in a position."""
        return (self.feature.name, *sorted((k, repr(v)) for k, v in self.args.items()))

    def _value(self, position: object) -> FeatureValue:
        """The feature's value; a word of the hand alone is worked out once per hand and kept on it.

        The sampler of the cost analysis asks the same hand the same words many times
        (each call read backwards, then the robots' own calls), so the value is kept
        on the (immutable) hand, keyed by the word and its arguments.
        """
        key = self._hand_key
        if key is None:
            return self.feature.value(position, self.args)
        return _kept_on_hand(position, key, self.feature, self.args)

    @cached_property
    def _hand_key(self) -> tuple[object, ...] | None:
        """The key of the value on the hand, for a word that reads the hand alone; ``None`` otherwise."""
        return None if self.requirement() is None else self.value_key

    def requirement(self, position: object | None = None, *, negated: bool = False) -> Requirement | None:
        """What a deal generator must meet on the hand for this condition to hold (``None``: not the hand's).

        ``negated``: for the condition to fail instead (its comparison's negation, ``aces >= 3``
        fails as ``aces < 3``). ``position``: where a suit name (``partner``) is resolved; without
        one, a condition on a named suit is not the hand's alone. A name the position cannot
        resolve without reading the hand raises what the position raises.
        """
        op = COMPARISONS[self.op].negation if negated else self.op
        return self.feature.realiser.requirement(op, self.value, self.args, position)

    def __str__(self) -> str:
        extra = ", ".join(f"{k}={v}" for k, v in self.args.items())
        return f"{self.name}{f'({extra})' if extra else ''} {self.op} {self.value}"


@dataclass(frozen=True)
class Rule:
    """One convention of the book, as data, its words resolved."""

    id: str
    kind: str
    laws: tuple[str, ...]
    situation_word: Word
    conditions: tuple[Condition, ...]
    chooser_word: Word
    priority: int
    explanation: str
    title: str = ""
    situation_args: Args = field(default_factory=dict)
    chooser_args: Args = field(default_factory=dict)
    #: the features the explanation's ``{placeholders}`` name, resolved at load
    placeholders: Mapping[str, Word] = field(default_factory=dict, compare=False)
    #: precedence beyond the priority, stated in the rule's YAML: the rules of its kind the book lets
    #: it set aside when they answer otherwise (``*``: every one; else id prefixes) …
    overrides: tuple[str, ...] = ()
    #: … and whether it gives way to every other rule of its kind that applies (≈96: "if you have
    #: neither a game nor support")
    yields: bool = False

    @property
    def situation(self) -> str:
        """The situation's name, as the YAML spells it."""
        return self.situation_word.name

    @property
    def chooser(self) -> str:
        """The chooser's name, as the YAML spells it."""
        return self.chooser_word.name

    def in_situation(self, position: object) -> bool:
        return self.situation_word.holds(position, self.situation_args)

    def applies(self, position: object) -> bool:
        if not self.situation_word.holds(position, self.situation_args):
            return False
        return self.conditions_hold(position)

    def conditions_hold(self, position: object) -> bool:
        """Whether every condition holds (the situation apart: a caller that has tested it already)."""
        for condition in self.conditions:  # noqa: SIM110 - a loop, not all() over a generator: every robot decision comes here
            if not condition.holds(position):
                return False
        return True

    def recommend(self, position: object) -> object:  # a Call for bidding, a PlayChoice for play
        return self.chooser_word.answer(position, self.chooser_args)

    def sets_aside(self, other: Rule) -> bool:
        """Whether the book lets this rule stand where ``other`` applies with another answer
        (its ``overrides``, or ``other``'s ``yields``): the precedence the drill audit reads."""
        if other.yields and other.kind == self.kind:
            return True
        return "*" in self.overrides or any(other.id.startswith(mark) for mark in self.overrides)

    def explain(self, position: object, answer: object) -> str:
        """The explanation with ``{feature}`` and ``{answer}`` placeholders filled in; ``{feature:noun}``
        writes a counted feature's number with its noun, one or many ("1 ace", "3 aces")."""
        values: dict[str, object] = {"answer": answer}
        values.update({name: _Count.of(_placeholder_value(word, position), word)
                       for name, word in self.placeholders.items()})
        return fill_template(self.explanation, values)


def _placeholder_value(word: Word, position: object) -> FeatureValue:
    """A placeholder's value: a word of the hand alone that takes no argument (no suit named by the
    auction) is read from what the conditions kept on the hand (the key of a condition without
    arguments), as most explanations name a count the deciding rule's conditions have just read
    ("{sure_tricks}"), and a robot's every call explains itself."""
    if word.reads_hand_only and not word.args:
        return _kept_on_hand(position, (word.name,), word, {})
    return word.value(position, {})


def _kept_on_hand(position: object, key: tuple[object, ...], word: Word, args: Args) -> FeatureValue:
    """``word``'s value with ``args`` in ``position``, for a word of the hand alone: worked out once per
    hand and kept on the (immutable) hand under ``key``."""
    hand = position.hand  # type: ignore[attr-defined]  # a word of the hand: its positions hold one
    values: dict[tuple[object, ...], FeatureValue] = hand.__dict__.setdefault("_word_values", {})
    if key not in values:
        values[key] = word.value(position, args)
    return values[key]


#: The one format a placeholder may ask for: the number with the feature's noun (``{aces:noun}``).
NOUN_FORMAT = "noun"


def is_counted(word: Word) -> bool:
    """Whether an explanation may write ``word``'s value with its noun: a count with nouns of its own
    (not those of a suit's feature, which name the suit: "card in {suit}")."""
    nouns = word.nouns
    return len(nouns) == 3 and "{" not in nouns[0]  # noqa: PLR2004 -- one, many, who has them


class _Count(int):
    """A counted feature's value in an explanation: plain, or with the feature's noun (:data:`NOUN_FORMAT`),
    so that no sentence reads "1 aces" (the nouns are the vocabulary's, one and many)."""

    nouns: tuple[str, str]

    @classmethod
    def of(cls, value: object, word: Word) -> object:
        if not is_counted(word) or isinstance(value, bool) or not isinstance(value, int):
            return value
        count = cls(value)
        one, many, _ = word.nouns or ("", "", "")
        count.nouns = (one, many)
        return count

    def __format__(self, spec: str) -> str:
        if spec == NOUN_FORMAT:
            return count_of(int(self), *self.nouns)
        return format(int(self), spec)


def fill_template(template: str, values: Mapping[str, object]) -> str:
    """``template`` with each ``{name}`` (or ``{name:noun}``, of a counted value) filled from ``values``.

    Only a plain name is looked up, and only in ``values``: no field can reach an attribute or an item
    of a value (``{aces.__class__}``, ``{aces[0]}``), whatever the template, checked or not. Any other
    field - positional, with access, with a conversion or another format, or an unknown name - stays as
    written, and a template whose braces do not pair is given back as it is (``tutor check`` refuses
    them all, :mod:`tutor.lessons.content.conventions`).
    """
    parts = _template_parts(template)
    if parts is None:
        return template
    out: list[str] = []
    for literal, name, spec, conversion in parts:
        out.append(literal)
        if name is None:
            continue
        value = values.get(name) if name.isidentifier() and not conversion else None
        if value is not None and (not spec or (spec == NOUN_FORMAT and isinstance(value, _Count))):
            out.append(format(value, spec))
        else:
            out.append("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return "".join(out)


@lru_cache(maxsize=1024)
def _template_parts(template: str) -> tuple[tuple[str, str | None, str, str | None], ...] | None:
    """The literal texts and fields of a template (``None``: its braces do not pair)."""
    try:
        return tuple((literal, name, spec or "", conversion)
                     for literal, name, spec, conversion in string.Formatter().parse(template))
    except ValueError:
        return None


@dataclass(frozen=True)
class Advice:
    """What the rules say about a position, and which rule said it."""

    answer: Any  # a Call for bidding, a PlayChoice for play
    rule: Rule
    explanation: str
    applicable: tuple[Rule, ...]
    #: True when the deciding priority holds one answer only (the drill is sound).
    unique: bool

    @property
    def laws(self) -> tuple[str, ...]:
        return self.rule.laws


def evaluate(rules: Sequence[Rule], position: object, kind: str) -> Advice | None:
    """The advice of the highest-priority applicable rule of ``kind``, or ``None``."""
    return evaluate_ordered(deciding_order(rules, kind), position)


def deciding_order(rules: Sequence[Rule], kind: str) -> tuple[Rule, ...]:
    """The rules of ``kind`` in the order :func:`evaluate` asks them: highest priority first, ties in
    the order given."""
    return tuple(sorted((r for r in rules if r.kind == kind), key=lambda r: -r.priority))


def evaluate_ordered(ordered: Sequence[Rule], position: object, *, in_situation: bool = False,
                     deciding_only: bool = False) -> Advice | None:
    """:func:`evaluate` over rules already in its :func:`deciding_order`: the same advice, without sorting
    them again (the book keeps them so, :mod:`tutor.engine.book`). ``in_situation``: the rules' situations
    are known to hold in ``position`` (the book tested them once per group) and are not tested again.
    ``deciding_only``: the rules below the deciding priority are not asked - the answer, its rule, its
    explanation and whether it is unique are the same, but ``applicable`` then lists only the rules at the
    deciding priority (for a robot's call, which shows no why-nots)."""
    candidates: list[tuple[Rule, object]] = []
    for rule in ordered:
        if deciding_only and candidates and rule.priority < candidates[0][0].priority:
            break
        if rule.conditions_hold(position) if in_situation else rule.applies(position):
            answer = rule.recommend(position)
            if answer is not None:
                candidates.append((rule, answer))
    return _advice(candidates, position)


def _advice(candidates: list[tuple[Rule, object]], position: object) -> Advice | None:
    if not candidates:
        return None
    rule, answer = candidates[0]
    top = [a for r, a in candidates if r.priority == rule.priority]
    unique = all(a == answer for a in top)
    return Advice(answer, rule, rule.explain(position, answer), tuple(r for r, _ in candidates), unique)

__all__ = ["NOUN_FORMAT", "OPERATORS", "Advice", "Condition", "Position", "Rule", "deciding_order", "evaluate",
           "evaluate_ordered", "fill_template", "is_counted"]
