"""Tests that hold the design: no import cycle, nothing registers on import, every word complete.

The expectations are properties of the source and of the tables, stated independently of
the code they hold: an import graph found with ``ast`` over the files themselves, the sizes
of the explicit tables before and after importing every other module, and for each word of
the convention language the fields DEVELOPING.md promises.
"""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from source_trees import parsed

from tutor.engine.cards import SEATS, Card, Deal, Hand
from tutor.engine.conventions import Condition
from tutor.engine.conventions.vocabularies import BIDDING, BY_KIND, PLAY, all_words
from tutor.engine.conventions.vocabulary import (
    COMPARISONS,
    ByHistory,
    CardsBetween,
    HandTest,
    NotRealisable,
    PlaceCards,
    ReadsHand,
)
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import ContentError
from tutor.lessons.content.conventions import CONVENTIONS_DIR, conventions_for, parse_conventions

ROOT = Path(__file__).resolve().parent.parent
TUTOR = ROOT / "tutor"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in TUTOR.rglob("*.py")}


def _target(name: str) -> str | None:
    """The tutor module an imported name lands in (a module, or the package holding the name)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str, path: Path) -> set[str]:
    """Every tutor module ``module`` imports, at module level or inside a function."""
    tree = parsed(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {t for a in node.names if (t := _target(a.name))}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], base]).strip(".")
            for alias in node.names:  # ``from tutor.lessons.bidding import drill as bidding_drill`` imports the submodule
                submodule = f"{base}.{alias.name}"
                found |= {t for t in ((submodule,) if submodule in MODULES else (_target(base),)) if t}
    return {m for m in found if m.startswith("tutor") and m != module}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_cycle_and_passes_a_tree() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_no_import_cycle_inside_tutor() -> None:
    graph = {m: _imports(m, p) for m, p in MODULES.items()}
    # a package imports its own submodules (re-exports); a submodule reaching back into its
    # package's __init__ is what would close a cycle, and is counted like any other import
    assert _cycles(graph) == []


def _module_level_calls(tree: ast.Module) -> list[str]:
    names = []
    for node in tree.body:
        calls = [node.value] if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else []
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            calls = [d for d in node.decorator_list if isinstance(d, ast.Call)]
        for call in calls:
            func = call.func.func if isinstance(call.func, ast.Call) else call.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            names.append(name)
    return names


def test_no_module_registers_anything_at_import() -> None:
    offenders = {m: [n for n in _module_level_calls(ast.parse(p.read_text(encoding="utf-8")))
                     if n.startswith("register") or n.startswith("_register")]
                 for m, p in MODULES.items()}
    assert {m: n for m, n in offenders.items() if n} == {}


_TABLES = """
import json, importlib, pkgutil, sys
import tutor
import tutor.engine.conventions.vocabularies as vocabularies
import tutor.lessons.content.catalogue as content_kinds
import tutor.lessons.drills.kinds as drill_kinds
import tutor.lessons.review.servers as review_servers
def sizes():
    return {"bidding": len(vocabularies.BIDDING.words), "play": len(vocabularies.PLAY.words),
            "drills": len(drill_kinds.DRILL_KINDS), "content": len(content_kinds.CONTENT_KINDS),
            "servers": len(review_servers.ITEM_SERVERS), "replayers": len(review_servers.REPLAYERS)}
before = sizes()
for info in pkgutil.walk_packages(tutor.__path__, prefix="tutor."):
    if info.name.startswith("tutor.ui") or info.name.endswith("__main__"):
        continue
    importlib.import_module(info.name)
print(json.dumps([before, sizes()]))
"""


@pytest.mark.slow
def test_importing_every_module_changes_no_table() -> None:
    result = subprocess.run([sys.executable, "-c", _TABLES], capture_output=True, text=True, check=True,
                            cwd=ROOT)
    before, after = json.loads(result.stdout.strip().splitlines()[-1])
    assert before == after and all(before.values())


def test_every_word_has_a_label_and_a_realiser_or_a_reason() -> None:
    for word in all_words():
        assert word.label.strip() and word.description.strip(), word.name
        assert word.kinds and word.kinds <= set(BY_KIND), word.name
        realiser = word.realiser
        assert isinstance(realiser, PlaceCards | ReadsHand | ByHistory | NotRealisable), word.name
        if isinstance(realiser, ByHistory | NotRealisable):
            assert len(realiser.reason.split()) >= 4, word.name
        if word.role == "chooser":  # a chooser answers; nothing makes it "true"
            assert isinstance(realiser, NotRealisable), word.name


def test_argument_names_are_unique_and_defaults_fit_their_type() -> None:
    for word in all_words():
        names = [a.name for a in word.args]
        assert len(names) == len(set(names)), word.name
        vocabulary = PLAY if word.kinds & set(PLAY.suit_names | {"lead", "second-hand", "third-hand"}) else BIDDING
        for arg in word.args:
            if arg.default is not None:
                assert arg.problem(arg.default, vocabulary) is None, (word.name, arg.name)


class _HandOnly:
    """A position that is a hand and nothing else: what a deal generator holds before any auction."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand


@pytest.mark.parametrize("name", [n for n, w in BIDDING.features.items() if isinstance(w.realiser, PlaceCards)])
def test_placed_cards_meet_their_condition_exactly(name: str) -> None:
    """A card count the generator places holds exactly when the condition does (counted on random hands)."""
    word = BIDDING.feature(name)
    rng = random.Random(name)
    for _ in range(60):
        hand = random_deal(rng)[rng.choice(SEATS)]
        for op in COMPARISONS:
            for value in range(5):
                cond = Condition(word, op, value)
                requirement = cond.requirement()
                if isinstance(requirement, CardsBetween):
                    held = sum(1 for c in requirement.cards if c in hand)
                    assert (requirement.low <= held <= requirement.high) == cond.holds(_HandOnly(hand))
                else:
                    assert isinstance(requirement, HandTest)  # "!=" is not a range: the hand is tested


def test_a_named_suit_is_not_a_requirement_on_the_hand_but_a_letter_is() -> None:
    length = BIDDING.feature("length")
    assert Condition(length, ">=", 4, {"suit": "partner"}).requirement() is None
    assert isinstance(Condition(length, ">=", 4, {"suit": "S"}).requirement(), HandTest)
    assert Condition(BIDDING.feature("partner_passed"), "==", True).requirement() is None


@pytest.mark.parametrize("name", sorted(p.stem for p in CONVENTIONS_DIR.glob("*.yaml")))
def test_every_word_the_yaml_names_resolves_in_its_kinds_vocabulary(name: str) -> None:
    rules = conventions_for(name).rules
    assert rules
    for rule in rules:
        vocabulary = BY_KIND[rule.kind]
        assert vocabulary.get("situation", rule.situation) is rule.situation_word
        assert vocabulary.get("chooser", rule.chooser) is rule.chooser_word
        assert all(vocabulary.get("feature", c.name) is c.feature for c in rule.conditions)


_RULE = """\
- id: open-three-aces
  kind: bid
  title: Three aces
  laws: [law-36]
  priority: 10
  when:
    situation: first_call
    conditions:
      - {feature: {feature}, op: ">=", value: 3{args}}
  recommend: {chooser: lowest_bid, args: {strain: NT, max_level: 3}}
  explanation: With three aces bid {answer}.
"""


@pytest.mark.parametrize(("feature", "args", "expected"), [
    ("acess", "", "unknown feature 'acess'"),
    ("long_suits", ", args: {min: five}", "argument 'min' must be a whole number"),
    ("length", ", args: {suit: nobody}", "unknown suit 'nobody'"),
    ("aces", ", args: {suit: S}", "aces takes no argument 'suit'"),
    ("length", "", "length needs the argument 'suit'"),
])
def test_a_misspelt_word_or_bad_argument_is_a_problem_at_its_line(feature: str, args: str, expected: str) -> None:
    text = _RULE.replace("{feature}", feature, 1).replace("{args}", args)
    with pytest.raises(ContentError) as err:
        parse_conventions(text, "sample.yaml")
    assert "sample.yaml:1: open-three-aces: " in str(err.value) and expected in str(err.value)


def test_a_well_formed_rule_resolves_to_records_not_names() -> None:
    rule = parse_conventions(_RULE.replace("{feature}", "aces", 1).replace("{args}", ""), "s.yaml").rules[0]
    assert rule.conditions[0].feature is BIDDING.feature("aces") and rule.conditions[0].name == "aces"
    assert rule.situation == "first_call" and rule.situation_word is BIDDING.get("situation", "first_call")
    assert Card.parse("SA") in Hand.parse("A...").cards


def test_a_deal_cannot_be_changed_through_its_hands_and_its_hash_stays() -> None:
    """A frozen Deal's hands are read-only, and the mapping it was built from is copied."""
    rng = random.Random(14)
    source = dict(random_deal(rng).hands)
    deal = Deal(source)
    before = hash(deal)
    with pytest.raises(TypeError):
        deal.hands[SEATS[0]] = Hand.parse("...")  # type: ignore[index]
    source[SEATS[0]] = Hand.parse("...")  # the caller's dict is not the deal's
    assert hash(deal) == before and len(deal[SEATS[0]]) == 13


def test_variant_options_are_closed_sets_the_variants_table_agrees_with() -> None:
    """Every worded option of a Vint variant is one of its attribute's literal values (rules.py)."""
    import typing

    from tutor.engine import rules as rules_module

    hints = typing.get_type_hints(rules_module.Rules, vars(rules_module))
    for variant in rules_module.VARIANTS:
        allowed = typing.get_args(hints[variant.attribute])
        if allowed and all(isinstance(a, str) for a in allowed):
            assert {o.value for o in variant.options.values()} == set(allowed), variant.name
