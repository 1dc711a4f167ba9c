"""The project's own promises: two set-up commands, CI runs the README's, layering holds."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from source_trees import parsed
from work_bounds import HANG_GUARD

ROOT = Path(__file__).resolve().parent.parent


def _setup_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", section, flags=re.S)


def test_readme_gives_exactly_two_setup_commands() -> None:
    commands = _setup_commands()
    assert len(commands) == 2, commands
    assert "streamlit run app.py" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    match = re.search(r"^TEST_COMMAND='(.+)'$", ci, flags=re.M)
    assert match is not None
    assert match.group(1) == _setup_commands()[1]
    assert "exit 5" in ci or '-eq 5' in ci  # "no tests" must not pass silently


def test_setup_commands_make_their_own_virtual_environment() -> None:
    """Both commands work where the system Python refuses pip (externally-managed-environment)."""
    for command in _setup_commands():
        assert command.startswith("python3 -m venv .venv && "), command
        assert " pip install" not in command.replace(".venv/bin/python -m pip install", ""), command


def test_under_ci_a_browser_test_that_cannot_run_fails_instead_of_skipping(tmp_path: Path) -> None:
    env = {**os.environ, "CI": "true", "TUTOR_CHROMIUM": str(tmp_path / "no-chromium")}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n0", "-q", "-p", "no:cacheprovider",
         "tests/browser/test_browser_home.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=HANG_GUARD,
    )
    assert run.returncode != 0, run.stdout[-2000:]
    assert "browser tests cannot run under CI" in run.stdout
    assert "skipped" not in run.stdout.splitlines()[-1]


def _imports(path: Path) -> set[str]:
    tree = parsed(path)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


ENGINE_FILES = sorted((ROOT / "tutor" / "engine").rglob("*.py"))


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_is_pure_no_streamlit_no_upper_layers(path: Path) -> None:
    for name in _imports(path):
        assert not name.startswith("streamlit"), name
        assert not name.startswith(("tutor.lessons", "tutor.ui", "tutor.cli")), name


@pytest.mark.parametrize(
    "path", sorted((ROOT / "tutor" / "lessons").rglob("*.py")), ids=lambda p: p.name
)
def test_lessons_do_not_import_the_ui(path: Path) -> None:
    for name in _imports(path):
        assert not name.startswith(("tutor.ui", "tutor.cli")), name


def test_only_endplay_adapter_imports_endplay() -> None:
    """endplay is behind one adapter: its DDS side (tutor/engine/solver/dds.py) is the only importer."""
    users = [p.relative_to(ROOT).as_posix() for p in ROOT.joinpath("tutor").rglob("*.py")
             if any(n.startswith("endplay") for n in _imports(p))]
    assert users == ["tutor/engine/solver/dds.py"]
