"""benchmarks/class_servers.py runs, on a tiny budget, so it cannot rot (issue 30): two ``streamlit run``
servers over one real PostgreSQL, two learners in Chromium, one on each. The database is on this test
process's own PostgreSQL server (``pg_server``, shared with the store's tests: a server of the
benchmark's own cost the run one more ``initdb``). Its own verdicts are checked — no error, and the
answers counted in the database equal the answers the pages showed a verdict for — and each action was
timed once per learner (the numbers asked for on its command line). No figure is checked: on a shared
machine they mean nothing."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from pg_server import PgServer
from work_bounds import HANG_GUARD

from browser.harness import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.slow]
LEARNERS, ROUNDS = 2, 1


def test_two_app_servers_over_one_postgresql_lose_no_answer(pg_server: PgServer) -> None:
    done = subprocess.run([sys.executable, "benchmarks/class_servers.py", "--learners", str(LEARNERS),
                           "--rounds", str(ROUNDS), "--database", pg_server.database()], cwd=ROOT, capture_output=True, text=True, timeout=HANG_GUARD,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "errors: 0;" in done.stdout, done.stdout
    assert f"answers given {LEARNERS * ROUNDS}, counted in the database {LEARNERS * ROUNDS} (equal)" in done.stdout
    counts = dict(re.findall(r"^\| ([a-z][^|]*?) \| (\d+) \|", done.stdout, re.M))
    assert counts == {"sign in": str(LEARNERS), "open the law quiz": str(LEARNERS),
                      "check an answer (recorded)": str(LEARNERS * ROUNDS),
                      "next question": str(LEARNERS * ROUNDS), "open Progress": str(LEARNERS)}, done.stdout
