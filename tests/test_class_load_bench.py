"""benchmarks/class_load.py runs, on a tiny budget, so it cannot rot (issue 31): its own verdicts —
no error, answers counted in the database equal to answers acknowledged — are checked here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pg_server import PgServer
from work_bounds import HANG_GUARD

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
@pytest.mark.postgres
def test_the_class_load_benchmark_runs_and_loses_nothing() -> None:
    why = PgServer.missing()
    if why:
        (pytest.fail if os.environ.get("CI") else pytest.skip)(why)
    done = subprocess.run([sys.executable, "benchmarks/class_load.py", "--seconds", "2", "--learners", "2",
                           "--analysts", "1"], cwd=ROOT, capture_output=True, text=True, timeout=HANG_GUARD, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "errors: 0;" in done.stdout and "(equal)" in done.stdout, done.stdout
