"""Restructure the flat ``tutor/engine`` and ``tutor/lessons`` folders into packages (issues 14 and 26).

Prefixes stand in for packages today (``play_*``, ``bidding_*``, ``progress*``, ``solo_*``,
``table_*``). This script performs the moves of :data:`MOVES` with ``git mv`` and rewrites
every reference to a moved module: ``import``/``from`` statements (``from tutor.lessons
import bidding_drill`` becomes ``from tutor.lessons.bidding import drill as bidding_drill``),
dotted names anywhere (docstrings, ``mock.patch`` strings, docs) and file paths
(``tutor/engine/play_features.py``) in ``tutor``, ``tests``, ``tools``, ``benchmarks``,
``app.py``, ``docs``, the top-level ``*.md`` and ``pyproject.toml``.

The moves come in stages (:data:`MOVES`, issue 14, made; :data:`MOVES_26`, issue 26): every
stage's old names are rewritten straight to their last new name (:func:`all_moves`), and the
module rows of DEVELOPING.md's map, which name modules relative to their layer, are rewritten too
(:func:`rewrite_map`); ``content/`` is scanned for its file headers.

A module that becomes its package's ``__init__`` keeps its dotted name, so every import of
it stands. The script is idempotent (a move already made is skipped, a reference already
rewritten no longer matches) and ``--dry-run`` prints what it would do and changes nothing.

    python tools/package_moves.py --dry-run
    python tools/package_moves.py            # then: pytest, ruff check --fix (import order), mypy
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: old module -> new module (dotted). A new name ending in a package keeps the old dotted name
#: when the module becomes that package's ``__init__``.
MOVES: dict[str, str] = {
    # the conventions: the evaluator and its two vocabularies
    "tutor.engine.conventions": "tutor.engine.conventions",  # conventions.py -> conventions/__init__.py
    "tutor.engine.vocabulary": "tutor.engine.conventions.vocabulary",
    "tutor.engine.vocabularies": "tutor.engine.conventions.vocabularies",
    "tutor.engine.features": "tutor.engine.conventions.hand_features",
    "tutor.engine.suit_choice": "tutor.engine.conventions.suit_choice",
    "tutor.engine.bidding_vocabulary": "tutor.engine.conventions.bidding_words",
    "tutor.engine.negotiation": "tutor.engine.conventions.negotiation",
    "tutor.engine.play_features": "tutor.engine.conventions.play_features",
    "tutor.engine.play_choosers": "tutor.engine.conventions.play_choosers",
    "tutor.engine.play_roles": "tutor.engine.conventions.play_roles",
    "tutor.engine.play_holdings": "tutor.engine.conventions.play_holdings",
    "tutor.engine.play_sequences": "tutor.engine.conventions.play_sequences",
    "tutor.engine.play_card_laws": "tutor.engine.conventions.play_card_laws",
    # the Vint game's play
    "tutor.engine.play": "tutor.engine.play",  # play.py -> play/__init__.py
    "tutor.engine.play_position": "tutor.engine.play.position",
    # the scoring of the book
    "tutor.engine.scoring": "tutor.engine.scoring",  # scoring.py -> scoring/__init__.py
    "tutor.engine.score_items": "tutor.engine.scoring.items",
    "tutor.engine.score_io": "tutor.engine.scoring.score_io",
    "tutor.engine.honours": "tutor.engine.scoring.honours",
    # one package per trainer, of the same shape
    "tutor.lessons.bidding_drill": "tutor.lessons.bidding.drill",
    "tutor.lessons.bidding_feedback": "tutor.lessons.bidding.feedback",
    "tutor.lessons.bidding_words": "tutor.lessons.bidding.words",
    "tutor.lessons.bidding_lessons": "tutor.lessons.bidding.lessons",
    "tutor.lessons.valuation_drill": "tutor.lessons.bidding.valuation",
    "tutor.lessons.play_drill": "tutor.lessons.play.drill",
    "tutor.lessons.play_draft": "tutor.lessons.play.draft",
    "tutor.lessons.play_feedback": "tutor.lessons.play.feedback",
    "tutor.lessons.play_rules": "tutor.lessons.play.rules",
    "tutor.lessons.play_scenarios": "tutor.lessons.play.scenarios",
    "tutor.lessons.solo": "tutor.lessons.solo",  # solo.py -> solo/__init__.py
    "tutor.lessons.solo_drill": "tutor.lessons.solo.drill",
    "tutor.lessons.solo_example": "tutor.lessons.solo.example",
    "tutor.lessons.solo_laws": "tutor.lessons.solo.laws",
    "tutor.lessons.solo_quiz": "tutor.lessons.solo.quiz",
    "tutor.lessons.progress": "tutor.lessons.progress",  # progress.py -> progress/__init__.py
    "tutor.lessons.progress_io": "tutor.lessons.progress.progress_io",
    "tutor.lessons.progress_report": "tutor.lessons.progress.report",
    "tutor.lessons.progress_schema": "tutor.lessons.progress.schema",
    "tutor.lessons.table": "tutor.lessons.table",  # table.py -> table/__init__.py
    "tutor.lessons.table_items": "tutor.lessons.table.items",
    "tutor.lessons.table_review": "tutor.lessons.table.review",
    "tutor.lessons.table_rubber": "tutor.lessons.table.rubber",
    "tutor.lessons.law_quiz": "tutor.lessons.laws.quiz",
    "tutor.lessons.study": "tutor.lessons.laws.study",
    "tutor.lessons.quiz_question": "tutor.lessons.laws.question",
    "tutor.lessons.play_advice": "tutor.lessons.play.advice",
    "tutor.engine.score_parse": "tutor.engine.scoring.score_parse",
    "tutor.lessons.way_table": "tutor.lessons.ways.table",
    "tutor.lessons.way_robots": "tutor.lessons.ways.robots",
    "tutor.lessons.way_quiz": "tutor.lessons.ways.quiz",
    "tutor.lessons.way_scoring": "tutor.lessons.ways.scoring",
    "tutor.lessons.way_review": "tutor.lessons.ways.review",
    "tutor.lessons.ledger": "tutor.lessons.cost.ledger",
    "tutor.lessons.sampling": "tutor.lessons.cost.sampling",
    "tutor.lessons.costs": "tutor.lessons.cost.prices",
}

#: The moves of issue 26: the rooms that were still flat, grouped by concept.
MOVES_26: dict[str, str] = {
    # the lessons root, 17 modules, down to answers, words, robots and pbn_export: the content...
    "tutor.lessons.content_cache": "tutor.lessons.content.cache",
    "tutor.lessons.content_kinds": "tutor.lessons.content.catalogue",
    "tutor.lessons.conventions_loader": "tutor.lessons.content.conventions",
    # ... the drills and their kinds ...
    "tutor.lessons.drills": "tutor.lessons.drills",  # drills.py -> drills/__init__.py
    "tutor.lessons.drill_kinds": "tutor.lessons.drills.kinds",
    # ... review: what is due, how each kind is served, the conventions' servers, the mistakes ...
    "tutor.lessons.review": "tutor.lessons.review",  # review.py -> review/__init__.py
    "tutor.lessons.review_servers": "tutor.lessons.review.servers",
    "tutor.lessons.conventions": "tutor.lessons.review.conventions",
    "tutor.lessons.mistakes": "tutor.lessons.review.mistakes",
    # ... the schedule beside the store that keeps it (progress imports it: review/ would cycle) ...
    "tutor.lessons.srs": "tutor.lessons.progress.srs",
    # ... and the score pad beside the scoring quizzes
    "tutor.lessons.score_pad": "tutor.lessons.scoring.pad",
    # the play words in their own sub-package
    "tutor.engine.conventions.play_card_laws": "tutor.engine.conventions.play.card_laws",
    "tutor.engine.conventions.play_choosers": "tutor.engine.conventions.play.choosers",
    "tutor.engine.conventions.play_features": "tutor.engine.conventions.play.features",
    "tutor.engine.conventions.play_history": "tutor.engine.conventions.play.history",
    "tutor.engine.conventions.play_holdings": "tutor.engine.conventions.play.holdings",
    "tutor.engine.conventions.play_roles": "tutor.engine.conventions.play.roles",
    "tutor.engine.conventions.play_sequences": "tutor.engine.conventions.play.sequences",
    # deal generation and the double-dummy solver, each a package
    "tutor.engine.dealgen": "tutor.engine.deals.generate",
    "tutor.engine.dealspec": "tutor.engine.deals.spec",
    "tutor.engine.dealbatch": "tutor.engine.deals.batch",
    "tutor.engine.dealbuild": "tutor.engine.deals.build",
    "tutor.engine.analysis": "tutor.engine.solver.analysis",
    "tutor.engine.dd_owner": "tutor.engine.solver.owner",
    "tutor.engine.dd_worker": "tutor.engine.solver.worker",
    "tutor.engine.dd_dask": "tutor.engine.solver.cluster",
}

#: Every stage of moves, in the order they were made.
STAGES: tuple[dict[str, str], ...] = (MOVES, MOVES_26)


def all_moves() -> dict[str, str]:
    """Every old module name -> its name after the last stage (a later move of a module carries
    the earlier names of that module with it)."""
    final: dict[str, str] = {}
    for stage in STAGES:
        for old, new in final.items():
            if new in stage and stage[new] != new:
                final[old] = stage[new]
        for old, new in stage.items():
            final.setdefault(old, new)
    return final


#: What each new package's ``__init__`` says when no module becomes it.
PACKAGE_DOCS: dict[str, str] = {
    "tutor.lessons.bidding": "The bidding trainer: drills, their feedback in words, guided lessons, valuation.",
    "tutor.lessons.play": "The play trainer: the play conventions, drills, their drafts and feedback.",
    "tutor.lessons.laws": "The laws trainer: study and the law quiz.",
    "tutor.lessons.ways": "Vint for two, three and five players: their tables, robots, quizzes and reviews.",
    "tutor.lessons.cost": "The cost of a choice on what the learner could know: the ledger, the sampler, the prices.",
    "tutor.engine.conventions.play": ("The play words: suit roles, situations and features, the features read from the "
                                      "earlier tricks, choosers, holdings, card laws, sequences."),
    "tutor.engine.deals": "Seeded deal generation: constraints, one deal at a time, and batches for the sampler.",
    "tutor.engine.solver": "The double-dummy solver: the endplay adapter, its worker processes and their one owner.",
}

SCAN = ("tutor", "tests", "tools", "benchmarks", "docs", "content")
TOP_FILES = ("app.py", "pyproject.toml", "README.md", "DEVELOPING.md", "CONTRIBUTING.md")
TEXT_SUFFIXES = {".py", ".md", ".toml", ".yaml", ".yml", ".txt", ".cfg", ".ini"}
SELF = Path(__file__).resolve()


def module_path(dotted: str, *, package: bool) -> Path:
    parts = dotted.split(".")
    return ROOT.joinpath(*parts, "__init__.py") if package else ROOT.joinpath(*parts[:-1], parts[-1] + ".py")


def planned_files() -> list[tuple[Path, Path]]:
    """(source, destination) of every move still to make."""
    moves = []
    for old, new in all_moves().items():
        source = module_path(old, package=False)
        destination = module_path(new, package=(old == new))
        if source.exists() and not destination.exists():
            moves.append((source, destination))
    return moves


def new_packages() -> list[Path]:
    """``__init__.py`` files to create: every package a destination lies in that has none yet."""
    wanted = set()
    moves = all_moves()
    for new in moves.values():
        parts = new.split(".")
        for i in range(2, len(parts)):
            wanted.add(".".join(parts[:i]))
    becoming = {old for old, new in moves.items() if old == new}
    return sorted(init for name in wanted - becoming
                  if not (init := module_path(name, package=True)).exists())


# -- rewriting references ------------------------------------------------------------------


def _renames() -> list[tuple[str, str]]:
    """Dotted renames, longest old name first (so ``play_features`` is never hit as ``play``)."""
    return sorted(((o, n) for o, n in all_moves().items() if o != n), key=lambda p: -len(p[0]))


def _path_renames() -> list[tuple[str, str]]:
    out = []
    for old, new in all_moves().items():
        old_path = "/".join(old.split(".")) + ".py"
        new_path = "/".join(new.split(".")) + ("/__init__.py" if old == new else ".py")
        out.append((old_path, new_path))
    return sorted(out, key=lambda p: -len(p[0]))


def _rewrite_from_parent(text: str) -> str:
    """``from tutor.lessons import bidding_drill, solo_drill`` -> one import per moved module."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    moves = all_moves()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
            continue
        moved = [a for a in node.names if f"{node.module}.{a.name}" in moves
                 and moves[f"{node.module}.{a.name}"] != f"{node.module}.{a.name}"]
        if not moved:
            continue
        indent = re.match(r"\s*", lines[node.lineno - 1]).group(0)  # type: ignore[union-attr]
        kept = [a for a in node.names if a not in moved]
        out = []
        if kept:
            names = ", ".join(a.name + (f" as {a.asname}" if a.asname else "") for a in kept)
            out.append(f"{indent}from {node.module} import {names}\n")
        for alias in moved:
            parent, _, leaf = moves[f"{node.module}.{alias.name}"].rpartition(".")
            bound = alias.asname or alias.name
            out.append(f"{indent}from {parent} import {leaf}" + (f" as {bound}" if bound != leaf else "") + "\n")
        edits.append((node.lineno - 1, node.end_lineno or node.lineno, "".join(out)))
    for start, end, replacement in sorted(edits, reverse=True):
        lines[start:end] = [replacement]
    return "".join(lines)


#: DEVELOPING.md's module tables and the folder their rows' paths are relative to.
MAP_TABLES = {"Engine modules": "tutor/engine", "Lessons modules": "tutor/lessons"}


def _map_renames(base: str) -> list[tuple[str, str]]:
    """``(old, new)`` paths relative to ``base`` of every move inside it, longest first."""
    return [(old[len(base) + 1:], new[len(base) + 1:]) for old, new in _path_renames()
            if old.startswith(base + "/") and new.startswith(base + "/")]


def rewrite_map(text: str) -> str:
    """The rows of DEVELOPING.md's module tables name modules relative to their layer
    (```dealgen.py```, ```conventions/play_roles.py```): rewrite those with the moves inside that layer."""
    out, base = [], None
    for line in text.splitlines(keepends=True):
        if line.startswith("## "):
            base = None
        base = next((b for title, b in MAP_TABLES.items() if line.startswith(title)), base)
        if base is not None and line.startswith("| `"):
            cell, bar, rest = line.partition(" | ")  # the module column only: the prose is the prose's
            for old, new in _map_renames(base):
                cell = cell.replace(f"`{old}`", f"`{new}`")
            line = cell + bar + rest
        out.append(line)
    return "".join(out)


_FROM_IMPORT = re.compile(r"\bfrom (tutor(?:\.\w+)*) import (\w+)(?: as (\w+))?(?![\w,])")


def _rewrite_from_parent_in_strings(text: str) -> str:
    """``from tutor.engine import analysis`` written in a string (code a test runs in a child process):
    the one-name form, rewritten as the AST step rewrites real imports."""
    moves = all_moves()

    def one(m: re.Match[str]) -> str:
        old = f"{m.group(1)}.{m.group(2)}"
        if moves.get(old, old) == old:
            return m.group(0)
        parent, _, leaf = moves[old].rpartition(".")
        bound = m.group(3) or m.group(2)
        return f"from {parent} import {leaf}" + (f" as {bound}" if bound != leaf else "")

    return _FROM_IMPORT.sub(one, text)


def rewrite(text: str, *, python: bool) -> str:
    if python:
        text = _rewrite_from_parent(text)
    text = _rewrite_from_parent_in_strings(text)
    for old, new in _renames():
        text = re.sub(rf"(?<![\w.]){re.escape(old)}(?![\w])", new, text)
    for old, new in _path_renames():
        text = re.sub(rf"(?<![\w/]){re.escape(old)}(?![\w])", new, text)
    return text


def text_files() -> Iterator[Path]:
    for top in SCAN:
        base = ROOT / top
        if base.is_dir():
            for path in sorted(base.rglob("*")):
                if path.is_file() and path.suffix in TEXT_SUFFIXES and path.resolve() != SELF \
                        and "__pycache__" not in path.parts:
                    yield path
    for name in TOP_FILES:
        if (ROOT / name).is_file():
            yield ROOT / name


def run(dry_run: bool) -> int:
    moves, packages = planned_files(), new_packages()
    for init in packages:
        print(f"create  {init.relative_to(ROOT)}")
        if not dry_run:
            init.parent.mkdir(parents=True, exist_ok=True)
            name = ".".join(init.relative_to(ROOT).parent.parts)
            init.write_text(f'"""{PACKAGE_DOCS.get(name, name)}"""\n', encoding="utf-8")
            subprocess.run(["git", "add", str(init)], cwd=ROOT, check=True)
    for source, destination in moves:
        print(f"git mv  {source.relative_to(ROOT)} -> {destination.relative_to(ROOT)}")
        if not dry_run:
            destination.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["git", "mv", str(source), str(destination)], cwd=ROOT, check=True)
    changed = 0
    for path in text_files():
        before = path.read_text(encoding="utf-8")
        after = rewrite(before, python=path.suffix == ".py")
        if path.name == "DEVELOPING.md":
            after = rewrite_map(after)
        if after != before:
            changed += 1
            print(f"rewrite {path.relative_to(ROOT)}")
            if not dry_run:
                path.write_text(after, encoding="utf-8")
    print(f"{len(packages)} package(s), {len(moves)} move(s), {changed} file(s) rewritten"
          + (" (dry run: nothing changed)" if dry_run else ""))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="print the moves and rewrites, change nothing")
    return run(parser.parse_args(argv).dry_run)


if __name__ == "__main__":
    sys.exit(main())
