"""The play conventions of ``content/conventions/play.yaml``, loaded as engine rules.

The file has the schema of every convention file and is read by the generic loader
(:mod:`tutor.lessons.content.conventions`), which resolves its words in the play
vocabulary (:data:`tutor.engine.conventions.vocabularies.PLAY`) and checks their arguments (every
holding ``pattern`` one of :mod:`tutor.engine.conventions.play.holdings`, every suit role one of
:mod:`tutor.engine.conventions.play.roles`). On top of that, this module checks the rules' ``drill``
hints. ``tutor check`` reports every problem with its line (content kind
``conventions/play.yaml``).

A rule's precedence beyond its priority is part of the rule (``overrides``: the conventions
the book lets it set aside, "*" for all, else id prefixes; ``yields``: it gives way to every
other — :meth:`tutor.engine.conventions.Rule.sets_aside`). Its ``drill`` mapping holds what
the drill audit needs beyond the rule itself: ``avoid``,
holding patterns a prohibition's drills never put in the forbidden suit (law 80: A K Q);
``several_suits: true``, for a rule whose book answer is only "not that suit" (law 125:
"not trumps but another suit"), so its drills accept the cards of several suits;
``no_drill``, for a rule the book's own play never leaves as the one deciding rule, the
learner's words saying why and where its positions are drilled instead (≈89's K Q J is law
87's K Q and more, with the same card).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tutor.engine.conventions import Rule
from tutor.engine.conventions.play.holdings import PATTERNS
from tutor.engine.errors import ContentError
from tutor.lessons.content import ContentContext, Document, Problem
from tutor.lessons.content.conventions import (
    ConventionSet,
    conventions_for,
    validate_conventions_document,
)

NAME = "play"
#: What a rule's ``drill`` mapping may hold, and the type of each value.
_DRILL_HINTS: Mapping[str, type] = {"avoid": list, "several_suits": bool, "no_drill": str}


def _pattern_problems(pattern: object) -> list[str]:
    if pattern in PATTERNS:
        return []
    return [f"unknown holding pattern {pattern!r}; known: {', '.join(PATTERNS)}"]


def argument_problems(items: Sequence[object]) -> list[tuple[tuple[str | int, ...], str, str]]:
    """Problems in the ``drill`` hints and the ``overrides`` of the raw rule items: (path, rule id, message)."""
    out: list[tuple[tuple[str | int, ...], str, str]] = []
    ids = [str(item.get("id", "")) for item in items if isinstance(item, Mapping)]
    for n, item in enumerate(items):
        if not isinstance(item, Mapping):
            continue
        rid = str(item.get("id", "-"))
        marks = item.get("overrides") or []
        out += [((n, "overrides"), rid, f"overrides {mark!r} names no rule of this file (an id prefix, or \"*\")")
                for mark in (marks if isinstance(marks, list) else []) if mark != "*"
                and not any(other.startswith(str(mark)) and other != rid for other in ids)]
        drill = item.get("drill") or {}
        out += [((n, "drill", key), rid, m) for key, m in _drill_hint_problems(drill)]
        avoid = drill.get("avoid", []) if isinstance(drill, Mapping) else []
        out += [((n, "drill", "avoid"), rid, m) for pattern in (avoid if isinstance(avoid, list) else [avoid])
                for m in _pattern_problems(pattern)]
    return out


def _drill_hint_problems(drill: object) -> list[tuple[str, str]]:
    if not isinstance(drill, Mapping):
        return [("drill", f"expected a mapping of {', '.join(_DRILL_HINTS)}, got {type(drill).__name__}")]
    out = []
    for key, value in drill.items():
        wanted = _DRILL_HINTS.get(str(key))
        if wanted is None:
            out.append((str(key), f"unknown drill hint {key!r}; known: {', '.join(_DRILL_HINTS)}"))
        elif not isinstance(value, wanted):
            out.append((str(key), f"drill hint {key!r} must be a {wanted.__name__}, got {value!r}"))
    return out


def play_conventions() -> ConventionSet:
    """The validated play conventions (cached by the loader, which checks every word's arguments)."""
    return conventions_for(NAME)


def load_play_rules() -> tuple[Rule, ...]:
    """The play conventions in force, highest priority first (sorted once per loaded set)."""
    rules = play_conventions().rules
    if not _SORTED or _SORTED[0][0] is not rules:  # one slot, held: a reloaded file sorts afresh
        _SORTED[:] = [(rules, _sorted(rules))]
    return _SORTED[0][1]


_SORTED: list[tuple[Sequence[Rule], tuple[Rule, ...]]] = []


def _sorted(rules: Sequence[Rule]) -> tuple[Rule, ...]:
    return tuple(sorted(rules, key=lambda r: -r.priority))


def drill_hints(rule_id: str) -> Mapping[str, object]:
    return play_conventions().drill_hints.get(rule_id, {})


def rules_of_kind(kind: str, rules: Sequence[Rule] | None = None) -> tuple[Rule, ...]:
    return tuple(r for r in (rules if rules is not None else load_play_rules()) if r.kind == kind)


def rule_named(rule_id: str) -> Rule:
    for rule in load_play_rules():
        if rule.id == rule_id:
            return rule
    known = ", ".join(r.id for r in load_play_rules())
    raise ContentError(f"unknown play convention {rule_id!r}; known: {known}")


def validate_play_conventions(doc: Document, ctx: ContentContext) -> list[Problem]:
    """``tutor check`` for ``content/conventions/play.yaml``: the loader's checks plus the play arguments."""
    problems: list[Problem] = list(validate_conventions_document(doc, ctx))
    items = doc.data.get("rules") if isinstance(doc.data, Mapping) else doc.data
    if isinstance(items, list):
        base = ("rules",) if isinstance(doc.data, Mapping) else ()
        problems += [doc.problem((*base, *path), message, item=rid)
                     for path, rid, message in argument_problems(items)]
    return problems


