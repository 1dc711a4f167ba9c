"""Shared test set-up."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _progress_db_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test writes the learner's real progress database: TUTOR_DB points at a temporary file."""
    path = tmp_path_factory.getbasetemp() / "tutor-progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(path))
    return path
