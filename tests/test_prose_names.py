"""The prose stays true: every module path and dotted name the docs quote still exists (issue 26, item 7).

A package move rewrites imports, but prose is read by people, not by the interpreter: the old
path of the law quiz in a content header or a retired module name in DEVELOPING.md
sends a reader to nothing. The prose read here is README.md, DEVELOPING.md, docs/*.md, the
comment header of every content YAML file, and the docstrings and comments of every Python file
of tutor/, tests/, tools/ and benchmarks/. What it quotes is checked against the source tree
itself, read with ``ast`` (nothing is imported, so no page runs):

- a path ``tutor/…`` names a file or folder that exists (``*`` globs match at least one);
- a dotted name ``tutor.x.y`` is a module, or a name a module defines (a function, class,
  assignment or import, a class's member);
- a module name the package moves retired (:data:`tools/package_moves.py`'s old names) is not
  quoted bare (``score_items.py``, ``play_scenarios.banked_position``) unless the code still binds
  that name (an import alias).
"""

from __future__ import annotations

import ast
import glob
import io
import re
import sys
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from source_trees import parsed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import package_moves  # noqa: E402

#: Names issue 14's package moves retired, spelt in pieces so that the move tool, which rewrites
#: every old name it finds, leaves these examples stale.
RETIRED_MODULE = "tutor.engine." + "features"  # now conventions.hand_features
RETIRED_PATH = "tutor/lessons/" + "law_quiz.py"  # now laws/quiz.py
RETIRED_STEM = "score_" + "items"  # now scoring/items.py

DOTTED = re.compile(r"(?<![\w./-])tutor(?:\.[A-Za-z_]\w*)+")
PATH = re.compile(r"(?<![\w./-])tutor/[\w/.*-]*[\w*/]")
PYTHON_DIRS = ("tutor", "tests", "tools", "benchmarks")
#: Files that quote retired names on purpose: this test's own examples, and the move tool's table.
QUOTES_OLD_NAMES = ("tests/test_prose_names.py", "tools/package_moves.py")


#: Node types, as tuples: ``ast.Import | ast.ImportFrom`` in isinstance builds a union on every test,
#: and these tests are run on every node of every file.
_DOCUMENTED = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_STATEMENT_LISTS = (ast.stmt, ast.excepthandler, ast.match_case)
_IMPORTS = (ast.Import, ast.ImportFrom)


def _python_prose(path: Path) -> str:
    """A Python file's docstrings and comments, one after another (nothing else of the code)."""
    text = path.read_text(encoding="utf-8")
    tree = parsed(path)
    parts = [doc for node in (tree, *_statements(tree))
             if isinstance(node, _DOCUMENTED)
             and (doc := ast.get_docstring(node, clean=False))]
    parts += [tok.string for tok in tokenize.generate_tokens(io.StringIO(text).readline)
              if tok.type == tokenize.COMMENT]
    return "\n".join(parts)


def _statements(tree: ast.Module) -> Iterator[ast.AST]:
    """Every statement of a module, nested ones too (a function's, a branch's, a handler's), without
    visiting the expressions: where definitions, docstrings and imports are. (``ast.walk`` visits every
    node, ten times as many, and the files are many.)"""
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        for _, value in ast.iter_fields(node):
            if isinstance(value, list):
                inner = [v for v in value if isinstance(v, _STATEMENT_LISTS)]
                todo += inner
                yield from (v for v in inner if isinstance(v, ast.stmt))


def _yaml_header(text: str) -> str:
    """The comment block at the top of a content file (its header), up to the first data line."""
    lines = []
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines)


def prose() -> Iterator[tuple[str, str]]:
    """``(file, prose)`` for every text this test reads."""
    for path in [ROOT / "README.md", ROOT / "DEVELOPING.md", *sorted((ROOT / "docs").glob("*.md"))]:
        yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "content").rglob("*.yaml")):
        yield path.relative_to(ROOT).as_posix(), _yaml_header(path.read_text(encoding="utf-8"))
    for top in PYTHON_DIRS:
        for path in sorted((ROOT / top).rglob("*.py")):
            if path.relative_to(ROOT).as_posix() in QUOTES_OLD_NAMES:
                continue
            yield path.relative_to(ROOT).as_posix(), _python_prose(path)


# -- resolving a dotted name without importing it ------------------------------------------


def _module_file(dotted: str) -> Path | None:
    base = ROOT.joinpath(*dotted.split("."))
    return next((p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()), None)


def _bound(body: list[ast.stmt]) -> dict[str, ast.stmt]:
    """The names a module or class body binds, with the statement that binds each."""
    names: dict[str, ast.stmt] = {}
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[node.name] = node
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id: node for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0]: node for a in node.names}
        elif isinstance(node, ast.If | ast.Try | ast.With):
            for block in (node.body, getattr(node, "orelse", []),
                          *(h.body for h in getattr(node, "handlers", []))):
                names |= _bound(block)
    return names


def resolves(dotted: str) -> bool:
    """A module, or a name bound in one (through classes; an imported or assigned name ends the walk)."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        if (path := _module_file(".".join(parts[:i]))) is not None:
            break
    else:
        return False
    body: list[ast.stmt] = parsed(path).body
    for name in parts[i:]:
        node = _bound(body).get(name)
        if node is None:
            # a package's submodule not imported by its __init__ is still a name
            return path.name == "__init__.py" and _module_file(".".join([*parts[:i], name])) is not None
        if not isinstance(node, ast.ClassDef):
            return True
        body = node.body
    return True


def test_the_resolver_tells_a_name_from_a_stale_one() -> None:
    """Names read off the tree: cards.py defines Seat and Seat defines partner; nothing defines the rest."""
    assert resolves("tutor.engine.cards") and resolves("tutor.engine.cards.Seat.partner")
    assert resolves("tutor.engine.conventions.vocabulary.Word")
    assert not resolves(RETIRED_MODULE)
    assert not resolves("tutor.engine.cards.NoSuchName") and not resolves("tutor.nowhere")


# -- former module names -------------------------------------------------------------------


@cache
def _retired_stems() -> frozenset[str]:
    """Last components of the modules the package moves retired, that no module or alias now binds."""
    moves = package_moves.all_moves()
    old = {o.rpartition(".")[2] for o, n in moves.items() if o != n}
    modules = {p.stem for p in (ROOT / "tutor").rglob("*.py")} | {p.name for p in (ROOT / "tutor").rglob("*")
                                                                   if p.is_dir()}
    aliases = {a.asname for p in (ROOT / "tutor").rglob("*.py") for n in _statements(parsed(p))
               if isinstance(n, _IMPORTS) for a in n.names if a.asname}
    return frozenset(s for s in old - modules - aliases if s != "__init__")


@cache
def _short_names() -> dict[str, str]:
    """Short names that stand for one module: an import alias bound to one module only
    (``bidding_drill``), or a module's own last name when no other module has it."""
    modules: dict[str, set[str]] = {}
    for path in (ROOT / "tutor").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if parts[1] in ("engine", "lessons"):  # the commands and pages have names a variable has too
            modules.setdefault(name.rpartition(".")[2], set()).add(name)
        for node in _statements(parsed(path)):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for a in node.names:
                    if a.asname and _module_file(f"{node.module}.{a.name}"):
                        modules.setdefault(a.asname, set()).add(f"{node.module}.{a.name}")
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname and _module_file(a.name):
                        modules.setdefault(a.asname, set()).add(a.name)
    return {short: next(iter(full)) for short, full in modules.items() if len(full) == 1}


SHORT = re.compile(r"(?<![\w./-])([a-z_]\w*)\.([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?![\w(])")


def stale(file: str, text: str) -> list[str]:
    found = [m.group(0).rstrip(".") for m in DOTTED.finditer(text)]
    bad = [n for n in found if not resolves(n)]
    for m in PATH.finditer(text):
        path = m.group(0).rstrip("/.")
        if not glob.glob(str(ROOT / path), recursive=True):
            bad.append(path)
    retired = _retired_stems()
    if retired:
        bare = re.compile(r"(?<![\w./-])(" + "|".join(sorted(retired, key=len, reverse=True))
                          + r")\.(py\b|[A-Za-z_]\w*)")
        bad += [m.group(0) for m in bare.finditer(text)]
    short = _short_names()
    for m in re.finditer(r"`+([^`\n]+)`+", text):  # quoted code: ``module.name``
        for q in SHORT.finditer(m.group(1)):
            module, rest = q.group(1), q.group(2)
            if module in short and rest not in ("py", "yaml", "json", "md", "sqlite3") and not resolves(f"{short[module]}.{rest}"):
                bad.append(q.group(0))
    return sorted(set(bad))


def test_a_stale_name_is_found_in_each_form() -> None:
    text = (f"See {RETIRED_PATH} and :func:`{RETIRED_MODULE}.sure_tricks`; ``{RETIRED_STEM}.KINDS``; "
            "tutor/engine/cards.py, tutor.engine.cards.Card and tutor/ui/pages/*.py stand.")
    assert stale("x.md", text) == sorted([f"{RETIRED_STEM}.KINDS", f"{RETIRED_MODULE}.sure_tricks", RETIRED_PATH])


def test_every_quoted_path_and_name_resolves() -> None:
    """Every file at once, so one run lists every stale name (file: names)."""
    assert {file: found for file, text in prose() if (found := stale(file, text))} == {}


# -- DEVELOPING.md's module map --------------------------------------------------------------

#: The map's tables and the folder their first column is relative to (the rows name modules as
#: ``x.py``, ``pkg/x.py``, or ``pkg/`` followed by its modules in brackets: ``pkg/` (`__init__`, `a`)``).
MAP_TABLES = {"Engine modules": "tutor/engine", "Lessons modules": "tutor/lessons"}
_ROW_TOKEN = re.compile(r"`([\w/.]+)`(?:\s*\(((?:`[\w]+`(?:,\s*)?)+)\))?")


def map_listed(text: str) -> set[str]:
    """The files DEVELOPING.md's map names: the layer diagram's ``tutor/…`` paths (globs allowed)
    and the first column of the two module tables."""
    layers = text.split("## Layers", 1)[1].split("```")[1]
    listed = {Path(p).relative_to(ROOT).as_posix()
              for m in PATH.finditer(layers) for p in glob.glob(str(ROOT / m.group(0))) if p.endswith(".py")}
    base = None
    for line in text.split("## House rules", 1)[0].splitlines():
        base = next((b for title, b in MAP_TABLES.items() if line.startswith(title)), base)
        if base is None or not line.startswith("| `"):
            continue
        for token, inner in _ROW_TOKEN.findall(line.split(" | ")[0]):
            if token.endswith("/") and inner:
                listed |= {f"{base}/{token}{name}.py" for name in re.findall(r"`(\w+)`", inner)}
            elif token.endswith("/"):
                listed.add(f"{base}/{token}__init__.py")
            else:
                listed.add(f"{base}/{token}")
    return listed


def _needs_a_line(path: Path) -> bool:
    """Every module, but a package's ``__init__`` that holds only its docstring."""
    body = parsed(path).body
    return path.name != "__init__.py" or any(not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))
                                             for n in body)


def test_the_map_reader_reads_each_form_of_a_row() -> None:
    text = ("## Layers\n```\ntutor/ui/pages/*.py  pages\n```\nEngine modules, one concept each:\n"
            "| module | what |\n|---|---|\n| `cards.py` | cards |\n| `solo/` (`__init__`, `calls`), `play/position.py` | x |\n"
            "Lessons modules\n| `scoring/` | quizzes |\n## House rules\n| `ignored.py` | after the map |\n")
    assert map_listed(text) == {
        "tutor/engine/cards.py", "tutor/engine/solo/__init__.py", "tutor/engine/solo/calls.py",
        "tutor/engine/play/position.py", "tutor/lessons/scoring/__init__.py",
        *(p.relative_to(ROOT).as_posix() for p in (ROOT / "tutor/ui/pages").glob("*.py")),
    }


def test_developing_map_lists_every_module_and_only_modules() -> None:
    """DEVELOPING.md's map names every module of tutor/, and every file it names exists."""
    listed = map_listed((ROOT / "DEVELOPING.md").read_text(encoding="utf-8"))
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tutor").rglob("*.py") if _needs_a_line(p)}
    assert (sorted(modules - listed), sorted(p for p in listed if not (ROOT / p).is_file())) == ([], [])
