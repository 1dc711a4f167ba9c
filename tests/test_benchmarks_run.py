"""Every benchmark in benchmarks/ runs, on a tiny budget, so that none can rot (issue 31: the page
benchmark could not run at all, and nobody knew). Nothing here checks a figure: a benchmark's
figures are for the README, measured by hand on a quiet machine; these runs only show that each
one still goes from start to end and prints its rows.

``TUTOR_BENCH_TINY=1`` cuts every section of ``run_all.py`` (and ``sampled_analysis.py``) to a
couple of samples. The browser benchmarks (``page_bench.py``, run_all's cold start) run in
``tests/browser/test_browser_benchmarks.py``, on the session's server and Chromium.
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import class_app
import pytest
from work_bounds import HANG_GUARD

from tutor.lessons.classroom import accounts

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
#: Every benchmark script, run by a test here or in tests/browser/test_browser_benchmarks.py: add a new one.
COVERED = {"run_all.py", "page_bench.py", "sampled_analysis.py", "book_audit.py", "drill_generation.py",
           "robot_realism.py", "page_profile.py", "dealer_ref.py", "robot_match.py",
           "class_load.py",  # tests/test_class_load_bench.py (it needs the PostgreSQL server)
           "class_servers.py",  # tests/browser/test_browser_class_servers.py (PostgreSQL and Chromium)
           "suite_cpu.py", "heavy_learner.py"}


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Callable[..., str]:
    """Run a benchmark's ``main`` in this process (its imports are already loaded) with a tiny budget."""
    monkeypatch.setenv("TUTOR_BENCH_TINY", "1")
    monkeypatch.syspath_prepend(str(BENCH))
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "browser"))

    def run(script: str, *args: str) -> str:
        module = importlib.import_module(script)
        monkeypatch.setattr(sys, "argv", [f"{script}.py", *args])
        code = module.main()
        assert code in (0, None)
        return capsys.readouterr().out
    return run


def test_every_benchmark_script_is_run_here() -> None:
    assert {p.name for p in BENCH.glob("*.py")} == COVERED


@pytest.mark.slow
def test_the_engine_benchmarks_run_on_a_tiny_budget(tiny: Callable[..., str]) -> None:
    """run_all's sections without a browser (dealer_ref.py serves the dealbatch section)."""
    out = tiny("run_all", "--quick", "--no-write", "--only", "dealgen,dealbatch,drills,dd,scoring")
    for section in ("deal generation", "batch deals", "drills", "double dummy", "scoring"):
        assert section in out, out[-2000:]
    assert "failed" not in out, out[-2000:]
    out = tiny("sampled_analysis", "--quick")
    assert "one play decision (tricks 2–10), n=1: first verdict" in out, out[-2000:]
    assert "n=1: the kept choices solved alone on the same layouts" in out, out[-2000:]
    # one kind's rows, for an A/B pair (docs/cost.md): here its first verdict alone, the cheapest row
    calls = tiny("sampled_analysis", "--only", "call", "--first-only", "--count", "1")
    assert "one call (robots finish each auction), n=1: first verdict" in calls, calls[-2000:]
    assert "play decision" not in calls and "opening lead" not in calls and "learner(s) analyse" not in calls
    # the drills' shipped prices: every drill drawn as the pages draw them is found (issue 28)
    shipped = tiny("sampled_analysis", "--precomputed")
    assert shipped.count("(found for 3 of 3)") == 2, shipped[-2000:]


@pytest.mark.slow
def test_the_drill_and_robot_benchmarks_run_on_a_tiny_budget(tiny: Callable[..., str], monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert "invariants held on 2 deals" in tiny("robot_realism", "--deals", "2")
    assert "play drills from the bank (1 seeds" in tiny("drill_generation", "--seeds", "1")
    profiled = tiny("page_profile", "glossary", "sign_in")  # a class-mode page too: run as its own script
    assert "glossary" in profiled and "sign_in" in profiled
    assert "sampler decisions:" in tiny("robot_match", "--pairs", "1", "--layouts", "2", "--budget", "2")
    heavy = tiny("heavy_learner")  # 200 answers, Home and Review once each
    assert "200 answers of one learner" in heavy and "| home |" in heavy and "| review |" in heavy, heavy
    # the teacher's view of two learners with 50 answers each, signed in once (codes hashed at the least cost)
    monkeypatch.setattr(accounts, "_HASHER", class_app.cheap_hasher())
    teacher = tiny("heavy_learner", "--class", "5")
    assert "a class of 2 learners with 50 answers each" in teacher and "| teacher |" in teacher, teacher


@pytest.mark.slow
def test_the_book_audit_runs_on_one_convention(tiny: Callable[..., str]) -> None:
    from book_audit import audit_rule

    from tutor.lessons.play.rules import rules_of_kind

    rule = rules_of_kind("lead")[0]
    row = audit_rule("lead", rule.id, 1, 4, 4)
    assert row["rule"] == rule.id and row["positions"] <= 1


#: A command that burns 0.5 s of CPU by its own clock after its child has burnt as much and ended; it exits
#: without reaping the child, which is handed to the tool as an orphan (the daemon's case).
BURN = """
import os, subprocess, sys, time
def burn(seconds):
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass
if sys.argv[1:] == ["child"]:
    burn(0.5)
else:
    child = subprocess.Popen([sys.executable, __file__, "child"])
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)
    burn(0.5)
    os._exit(0)
"""


def test_suite_cpu_counts_every_process_of_the_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command and its orphaned child each burn 0.5 s of CPU by their own clocks: the tool, which reads
    /proc instead, finds both (at least 1 s, and no more than a start-up's worth beyond it), and reads a
    process's kind from its command line."""
    script = tmp_path / "burn.py"
    script.write_text(BURN, encoding="utf-8")
    done = subprocess.run([sys.executable, str(BENCH / "suite_cpu.py"), "--", sys.executable, str(script)],
                          capture_output=True, text=True, timeout=HANG_GUARD, check=False)
    assert done.returncode == 0, done.stderr
    rows = dict(re.findall(r"^\| (other: python[^|]*) \| ([\d.]+) \|$", done.stdout, re.M))
    assert 1.0 <= sum(map(float, rows.values())) <= 2.5, done.stdout
    monkeypatch.syspath_prepend(str(BENCH))
    from suite_cpu import kind_of
    assert kind_of(["/usr/lib/chromium/chromium", "--type=renderer"], "chromium") == "Chromium"
    assert kind_of(["postgres: checkpointer "], "postgres") == "PostgreSQL"
    assert kind_of(["python", "-u", "-c", "import sys"], "python3") == "pytest's xdist workers"
    assert kind_of(["python", "-m", "tutor.cli", "score", "/tmp/pytest-of-root/x"], "python3") == "tutor commands"
