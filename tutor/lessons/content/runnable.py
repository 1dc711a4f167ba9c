"""What ``tutor check`` reads with the tutor's own run-time parsers, so that nothing it passes fails later.

A convention file's validator (:mod:`tutor.lessons.content.conventions`) checks the rules' shape and
words; some values are read only when a drill is dealt or a lesson is played. :func:`runnable_problems`
reads them as those readers do, each problem one ``file:line: id: field: message`` line:

* a bidding rule's ``drill`` hints, as the drill generator reads them (:mod:`tutor.lessons.bidding.plans`,
  :mod:`tutor.lessons.bidding.drill`): suit templates (``suit``, ``cards``, ``honours``, ``length``,
  ``name``), the rules that make the other seats' calls, the scripted namings and ``max_round``; then the
  generator's own plan building is run on them. Reported at the rule's line;
* every argument of a rule's words that is a call (``recommend: {chooser: bid, args: {call: 2NT}}``),
  parsed by :func:`tutor.engine.calls.parse_call`. Reported at the rule's line;
* the guided lessons (``lessons:`` of ``conventions/bidding.yaml``): their model
  (:class:`tutor.lessons.bidding.lessons.LessonModel`), the hand (:meth:`tutor.engine.cards.Hand.parse`,
  13 cards) and every call replayed on an auction as :func:`tutor.lessons.bidding.lessons.steps` does.
  Reported at the field's line.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping

from tutor.engine.auction import Auction
from tutor.engine.calls import parse_call
from tutor.engine.cards import Hand, Rank, Suit
from tutor.engine.conventions import Rule
from tutor.engine.errors import TutorError
from tutor.lessons.bidding.drill import KIND as BIDDING
from tutor.lessons.bidding.lessons import HERO, PARTNER, LessonModel, call_in_turn
from tutor.lessons.bidding.plans import HINT_SEATS, dealers, plan_from_conditions, plan_from_templates
from tutor.lessons.content.conventions import RULE_LIST_KEYS, ConventionSet
from tutor.lessons.content.problems import Problem
from tutor.lessons.content.registry import Document, validate_model
from tutor.lessons.content.yamlread import DataPath

#: The file whose bid rules the bidding drill deals and whose ``lessons`` the lessons play.
BIDDING_FILE = f"conventions/{BIDDING}.yaml"
#: The keys of one suit template (:func:`tutor.lessons.bidding.plans.plan_from_templates`).
TEMPLATE_KEYS = ("suit", "cards", "honours", "length", "name")
#: The keys of a scripted naming (``partner_names``: ``_Namings.from_hints`` of the drill).
NAMING_KEYS = ("suit", "times", "note", "after")
_OTHER_SEATS = tuple(k for k in HINT_SEATS if k != "self")
#: Every hint the bidding drill reads.
HINT_KEYS = ("hand", "max_round", *HINT_SEATS, *(f"{k}_hand" for k in _OTHER_SEATS),
             *(f"{k}_names" for k in HINT_SEATS))
_RANDOM_SUITS = ("any", "other")
_MAX_HONOURS = 5


def runnable_problems(rel: str, doc: Document) -> list[Problem]:
    """The problems of a validated convention file (``doc.model`` a ConventionSet) that only running it
    would meet; ``rel`` is its path relative to ``content/``."""
    model = doc.model
    if not isinstance(model, ConventionSet):
        return []
    problems: list[Problem] = []
    bid_rules = {r.id: r for r in model.rules if r.kind == "bid"}
    names = _template_names(model.drill_hints.values())
    for path, rule in _located_rules(doc.data, model):
        messages = _call_arg_problems(rule)
        if rule.id in bid_rules:
            messages += _hint_problems(model.drill_hints.get(rule.id, {}), bid_rules, names)
            if not messages:
                messages += _generator_problems(rule, model.drill_hints, bid_rules)
        problems += [Problem(doc.name, doc.line(path), rule.id, m) for m in messages]
    if rel == BIDDING_FILE:
        problems += _lesson_problems(doc)
    return problems


def _located_rules(data: object, model: ConventionSet) -> Iterator[tuple[DataPath, Rule]]:
    """Every rule of the set with the path of its item in the file (for its line)."""
    base: DataPath = ()
    items: object = data
    if isinstance(data, Mapping):
        key = next((k for k in RULE_LIST_KEYS if k in data), RULE_LIST_KEYS[0])
        base, items = (key,), data.get(key)
    by_id = {r.id: r for r in model.rules}
    for index, item in enumerate(items if isinstance(items, list) else []):
        rule = by_id.get(str(item.get("id"))) if isinstance(item, Mapping) else None
        if rule is not None:
            yield (*base, index), rule


# -- calls in the words' arguments -----------------------------------------------------------------


def _call_arg_problems(rule: Rule) -> list[str]:
    """Every argument of type ``call`` of the rule's words, parsed as the word parses it."""
    words = [("when.situation_args", rule.situation_word, rule.situation_args),
             ("recommend.args", rule.chooser_word, rule.chooser_args)]
    words += [(f"when.conditions[{n}].args", c.feature, c.args) for n, c in enumerate(rule.conditions)]
    out = []
    for where, word, args in words:
        for arg in word.args:
            if arg.type == "call" and arg.name in args:
                try:
                    parse_call(str(args[arg.name]))
                except TutorError as err:
                    out.append(f"{where}.{arg.name}: {err}")
    return out


# -- the bidding drill's hints -------------------------------------------------------------------------


def _template_names(all_hints: Iterable[Mapping[str, object]]) -> frozenset[str]:
    """The suit names the templates of the file give (``name: partners``); any hand may use them."""
    found = set()
    for hints in all_hints:
        for key, value in hints.items():
            if (key == "hand" or str(key).endswith("_hand")) and isinstance(value, list):
                found |= {str(t["name"]) for t in value if isinstance(t, Mapping) and isinstance(t.get("name"), str)}
    return frozenset(found)


def _templates(value: object) -> list[Mapping[str, object]]:
    """A hint's suit templates (checked before the generator reads them; anything else: none)."""
    return [t for t in value if isinstance(t, Mapping)] if isinstance(value, list) else []


def _whole(value: object, low: int, high: int | None = None) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)


def _suit_problem(where: str, value: object, names: frozenset[str], random_ok: bool) -> str | None:
    if isinstance(value, str) and ((len(value) == 1 and value.upper() in "SHDC") or value in names
                                   or (random_ok and value in _RANDOM_SUITS)):
        return None
    allowed = "a suit letter (S H D C), " + ("any, other, " if random_ok else "") + "or a name a template gives"
    return f"{where}: suit must be {allowed}, got {value!r}"


def _template_problems(where: str, value: object, names: frozenset[str]) -> list[str]:
    """Suit templates as :func:`~tutor.lessons.bidding.plans.plan_from_templates` reads them."""
    if not isinstance(value, list):
        return [f"{where}: expected a list of suit templates such as {{suit: any, cards: AK}}, got {value!r}"]
    out: list[str] = []
    for n, template in enumerate(value):
        at = f"{where}[{n}]"
        if not isinstance(template, Mapping):
            out.append(f"{at}: expected a suit template such as {{suit: any, cards: AK}}, got {template!r}")
            continue
        out += [f"{at}: unknown key {k!r}; known: {', '.join(TEMPLATE_KEYS)}" for k in template if k not in TEMPLATE_KEYS]
        if (problem := _suit_problem(at, template.get("suit", "any"), names, True)) is not None:
            out.append(problem)
        if "name" in template and not (isinstance(template["name"], str) and template["name"]):
            out.append(f"{at}: name must be text, got {template['name']!r}")
        out += _cards_problems(at, template.get("cards", ""))
        if not _whole(template.get("honours", 0), 0, _MAX_HONOURS):
            out.append(f"{at}: honours must be a whole number from 0 to {_MAX_HONOURS}, got {template['honours']!r}")
        length = template.get("length", [0, 13])
        if not (isinstance(length, list) and len(length) == 2 and _whole(length[0], 0, 13)
                and _whole(length[1], 0, 13) and length[0] <= length[1]):
            out.append(f"{at}: length must be [low, high], whole numbers with 0 <= low <= high <= 13, "
                       f"got {length!r}")
    return out


def _cards_problems(at: str, cards: object) -> list[str]:
    if not isinstance(cards, str | int) or isinstance(cards, bool):
        return [f"{at}: cards must be rank letters such as AK, got {cards!r}"]
    ranks = []
    for char in str(cards):
        try:
            ranks.append(Rank.parse(char))
        except TutorError as err:
            return [f"{at}: cards: {err}"]
    return [f"{at}: cards names a rank twice: {cards!r}"] if len(set(ranks)) < len(ranks) else []


def _naming_problems(where: str, value: object, names: frozenset[str]) -> list[str]:
    if not isinstance(value, Mapping):
        return [f"{where}: expected a mapping of {', '.join(NAMING_KEYS)}, got {value!r}"]
    out = [f"{where}: unknown key {k!r}; known: {', '.join(NAMING_KEYS)}" for k in value if k not in NAMING_KEYS]
    if "suit" not in value:
        out.append(f"{where}: missing key 'suit'")
    elif (problem := _suit_problem(where, value["suit"], names, False)) is not None:
        out.append(problem)
    out += [f"{where}: {k} must be a whole number, got {value[k]!r}" for k in ("times", "after")
            if k in value and not _whole(value[k], 0)]
    if not isinstance(value.get("note", ""), str):
        out.append(f"{where}: note must be text, got {value['note']!r}")
    return out


def _hint_problems(hints: Mapping[str, object], bid_rules: Mapping[str, Rule], names: frozenset[str]) -> list[str]:
    """A bid rule's ``drill`` mapping, key by key, as the drill generator reads it."""
    out: list[str] = []
    for key, value in hints.items():
        where = f"drill.{key}"
        if key not in HINT_KEYS:
            out.append(f"drill: unknown hint {key!r}; known: {', '.join(HINT_KEYS)}")
        elif key == "hand" or key.endswith("_hand"):
            out += _template_problems(where, value, names)
        elif key.endswith("_names"):
            out += _naming_problems(where, value, names)
        elif key == "max_round":
            if not _whole(value, 1):
                out.append(f"{where}: expected a whole number of rounds (1 or more), got {value!r}")
        elif not (isinstance(value, str) and value in bid_rules):
            out.append(f"{where}: {value!r} is not the id of a bidding rule of this file")
    return out


def _generator_problems(rule: Rule, all_hints: Mapping[str, Mapping[str, object]],
                        bid_rules: Mapping[str, Rule]) -> list[str]:
    """The drill generator's own reading of the hints (the plans of every hinted seat), on one seed."""
    hints: Mapping[str, object] = all_hints.get(rule.id, {})
    rng = random.Random(0)
    suits: dict[str, Suit] = {}
    try:
        for key in _OTHER_SEATS:
            name = hints.get(key)
            if isinstance(name, str) and name in bid_rules:
                other = bid_rules[name]
                other_hints = all_hints.get(other.id, {})
                plan_from_templates([*_templates(hints.get(f"{key}_hand")), *_templates(other_hints.get("hand"))],
                                    rng, suits)
                plan_from_conditions(other.conditions)
            elif f"{key}_hand" in hints:
                plan_from_templates(_templates(hints[f"{key}_hand"]), rng, suits)
        plan_from_templates(_templates(hints.get("hand")), rng, suits)
        plan_from_conditions(rule.conditions)
        dealers(hints)
    except Exception as err:  # what a drill would meet: reported, never raised
        return [f"drill: the drill generator cannot read these hints ({err})"]
    return []


# -- the guided lessons ------------------------------------------------------------------------------------


def _lesson_problems(doc: Document) -> list[Problem]:
    """Each lesson as :func:`tutor.lessons.bidding.lessons.steps` plays it: its model, hand and calls."""
    lessons = doc.data.get("lessons") if isinstance(doc.data, Mapping) else None
    problems: list[Problem] = []
    first: dict[str, int] = {}
    for index, _ in enumerate(lessons if isinstance(lessons, list) else []):
        path: DataPath = ("lessons", index)
        lesson, found = validate_model(doc, LessonModel, path)
        problems += found
        if lesson is None:
            continue
        if lesson.id in first:
            problems.append(doc.problem((*path, "id"), f"id: duplicate lesson id {lesson.id!r} "
                                                       f"(first at line {first[lesson.id]})"))
        first.setdefault(lesson.id, doc.line(path))
        problems += [doc.problem((*path, *where), message) for where, message in _replay_problems(lesson)]
    return problems


def _replay_problems(lesson: LessonModel) -> list[tuple[DataPath, str]]:
    try:
        hand = Hand.parse(lesson.hand)
    except TutorError as err:
        return [(("hand",), f"hand: {err}")]
    if len(hand) != 13:
        return [(("hand",), f"hand: a hand holds 13 cards, this one holds {len(hand)}")]
    auction = Auction(HERO)
    for number, rnd in enumerate(lesson.rounds):
        for field, text, seat in (("you", rnd.you, HERO), ("partner", rnd.partner, PARTNER)):
            if text is None:
                continue
            try:
                call_in_turn(auction, parse_call(text), seat)
            except TutorError as err:
                return [(("rounds", number, field), f"rounds[{number}].{field}: {err}")]
    return []


__all__ = ["BIDDING_FILE", "HINT_KEYS", "runnable_problems"]
