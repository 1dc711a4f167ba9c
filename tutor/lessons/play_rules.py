"""The play conventions of ``content/conventions/play.yaml``, loaded as engine rules.

The file has the schema of every convention file and is read by the generic loader
(:mod:`tutor.lessons.conventions_loader`) with the play vocabulary of
:mod:`tutor.engine.play_features`. On top of the loader's checks, the arguments the
play vocabulary understands are checked too: every holding ``pattern`` must be one
of :mod:`tutor.engine.play_holdings` and every suit role one of the roles of
:mod:`tutor.engine.play_features`. ``tutor check`` reports every problem with its
line (content kind ``conventions/play.yaml``).

A rule's ``drill`` mapping holds what the drill audit needs beyond the rule itself:
``overrides``, the conventions the book lets this one set aside ("*" for all of
lower priority, else id prefixes) — see :mod:`tutor.lessons.play_drill`; ``avoid``,
holding patterns a prohibition's drills never put in the forbidden suit (law 80: A K Q);
``several_suits: true``, for a rule whose book answer is only "not that suit" (law 125:
"not trumps but another suit"), so its drills accept the cards of several suits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import tutor.engine.play_features as play_features
from tutor.engine.conventions import Rule
from tutor.engine.errors import ContentError
from tutor.engine.play_holdings import PATTERNS
from tutor.lessons.content import ContentContext, Document, Problem, register_content_kind
from tutor.lessons.conventions_loader import (
    ConventionSet,
    conventions_for,
    register_vocabulary_module,
    validate_conventions_document,
)

register_vocabulary_module("tutor.engine.play_features")

NAME = "play"
_SUIT_ARGS = ("suit", "suits")
#: Roles only a prohibition understands (suits the book forbids by their holding).
_AVOID_ROLES = ("weak_kq",)
_CHECKED: set[int] = set()
#: What a rule's ``drill`` mapping may hold, and the type of each value.
_DRILL_HINTS: Mapping[str, type] = {"overrides": list, "avoid": list, "several_suits": bool}


def _arg_problems(args: Mapping[str, Any]) -> list[str]:
    problems = []
    pattern = args.get("pattern")
    if pattern is not None and pattern not in PATTERNS:
        problems.append(f"unknown holding pattern {pattern!r}; known: {', '.join(PATTERNS)}")
    roles = play_features.vocabulary_names()["roles"]
    for key in _SUIT_ARGS:
        role = args.get(key)
        if role is not None and role not in roles and role not in _AVOID_ROLES:
            problems.append(f"unknown suit role {role!r}; known: {', '.join((*roles, *_AVOID_ROLES))}")
    return problems


def argument_problems(items: Sequence[Any]) -> list[tuple[tuple[str | int, ...], str, str]]:
    """Problems in the vocabulary arguments of the raw rule items: (path, rule id, message)."""
    out: list[tuple[tuple[str | int, ...], str, str]] = []
    for n, item in enumerate(items):
        if not isinstance(item, Mapping):
            continue
        rid = str(item.get("id", "-"))
        when = item.get("when") or {}
        for k, cond in enumerate(when.get("conditions") or []):
            if isinstance(cond, Mapping):
                out += [((n, "when", "conditions", k, "args"), rid, m) for m in _arg_problems(cond.get("args") or {})]
        recommend = item.get("recommend") or {}
        out += [((n, "recommend", "args"), rid, m) for m in _arg_problems(recommend.get("args") or {})]
        drill = item.get("drill") or {}
        out += [((n, "drill", key), rid, m) for key, m in _drill_hint_problems(drill)]
        avoid = drill.get("avoid", []) if isinstance(drill, Mapping) else []
        out += [((n, "drill", "avoid"), rid, m) for pattern in (avoid if isinstance(avoid, list) else [avoid])
                for m in _arg_problems({"pattern": pattern})]
    return out


def _drill_hint_problems(drill: Any) -> list[tuple[str, str]]:
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
    """The validated play conventions (cached by the loader); a bad argument is a ContentError."""
    conventions = conventions_for(NAME)
    if id(conventions) in _CHECKED:
        return conventions
    problems = [f"{conventions.lines.get(r.id, NAME)}: {r.id}: {m}" for r in conventions.rules
                for args in (r.chooser_args, *(c.args for c in r.conditions)) for m in _arg_problems(args)]
    if problems:
        raise ContentError("\n".join(problems))
    _CHECKED.add(id(conventions))
    return conventions


def load_play_rules() -> tuple[Rule, ...]:
    """The play conventions in force, highest priority first (sorted once per loaded set)."""
    rules = play_conventions().rules
    cached = _SORTED.get(id(rules))
    if cached is None or cached[0] is not rules:
        _SORTED.clear()
        cached = _SORTED[id(rules)] = (rules, _sorted(rules))
    return cached[1]


_SORTED: dict[int, tuple[Sequence[Rule], tuple[Rule, ...]]] = {}


def _sorted(rules: Sequence[Rule]) -> tuple[Rule, ...]:
    return tuple(sorted(rules, key=lambda r: -r.priority))


def drill_hints(rule_id: str) -> Mapping[str, Any]:
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


register_content_kind("conventions/play.yaml", validate_play_conventions, name="play conventions")
