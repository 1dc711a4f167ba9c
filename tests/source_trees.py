"""The syntax trees of the project's own Python files, parsed once per test process.

Six test files walk every module of ``tutor/`` (no ``eval``, one evaluator, no import cycle, the count
of ``Any``, the names quoted in prose, endplay's one importer); each parsing the package again cost about
0.3 s of CPU a scan. The trees are only read (``ast.walk``, ``ast.get_docstring``): a test that changed one would
change it for the others, so none may.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


@cache
def parsed(path: Path) -> ast.Module:
    """``path``'s syntax tree (its file name in the tree's errors), parsed on first asking."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))
