"""Shared test set-up."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

#: Compiled modules of the test run (the tutor's, the tests' as pytest rewrites them, the app
#: servers' and the CLI subprocesses'), kept in pytest's own cache folder rather than beside the
#: sources. Where the environment says not to write bytecode (``PYTHONDONTWRITEBYTECODE``, set on
#: the shared machine), every worker and every subprocess would otherwise compile and rewrite
#: everything again on each run: about 3 s of CPU per process. The source tree stays clean either way.
PYCACHE = Path(__file__).resolve().parents[1] / ".pytest_cache" / "pycache"


def _cache_bytecode_outside_the_tree() -> None:
    if os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.dont_write_bytecode:
        sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
        sys.dont_write_bytecode = False
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # subprocesses: the servers, the CLI runs


_cache_bytecode_outside_the_tree()


@pytest.fixture(autouse=True)
def _progress_db_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test writes the learner's real progress database: TUTOR_DB points at a temporary file."""
    path = tmp_path_factory.getbasetemp() / "tutor-progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(path))
    return path
