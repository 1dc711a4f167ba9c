"""Every benchmark in benchmarks/ runs, on a tiny budget, so that none can rot (issue 31: the page
benchmark could not run at all, and nobody knew). Nothing here checks a figure: a benchmark's
figures are for the README, measured by hand on a quiet machine; these runs only show that each
one still goes from start to end and prints its rows.

``TUTOR_BENCH_TINY=1`` cuts every section of ``run_all.py`` (and ``sampled_analysis.py``) to a
couple of samples; ``page_bench.py --smoke`` opens two pages by address and answers on them.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from work_bounds import HANG_GUARD

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
#: Every benchmark script and the test below that runs it: a new script must be added here.
COVERED = {"run_all.py", "page_bench.py", "sampled_analysis.py", "book_audit.py", "drill_generation.py",
           "robot_realism.py", "page_profile.py", "dealer_ref.py"}


def _run(*args: str) -> str:
    """Run a benchmark script in a subprocess with a tiny budget; its output, after checking it ended well."""
    done = subprocess.run([sys.executable, *args], cwd=ROOT, env={**os.environ, "TUTOR_BENCH_TINY": "1"},
                          capture_output=True, text=True, timeout=HANG_GUARD)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    return done.stdout


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
    assert "one play decision over 100 layouts" in out, out[-2000:]


@pytest.mark.slow
def test_the_drill_and_robot_benchmarks_run_on_a_tiny_budget(tiny: Callable[..., str],
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert "invariants held on 2 deals" in tiny("robot_realism", "--deals", "2")
    assert "play drills from the bank (1 seeds" in tiny("drill_generation", "--seeds", "1")
    assert "glossary" in tiny("page_profile", "glossary")


@pytest.mark.slow
def test_the_book_audit_runs_on_one_convention(tiny: Callable[..., str]) -> None:
    from book_audit import audit_rule

    from tutor.lessons.play.rules import rules_of_kind

    rule = rules_of_kind("lead")[0]
    row = audit_rule("lead", rule.id, 1, 4, 4)
    assert row["rule"] == rule.id and row["positions"] <= 1


@pytest.mark.slow
@pytest.mark.browser
def test_the_browser_benchmarks_run_on_a_tiny_budget() -> None:
    """page_bench (pages opened by address, never by a sidebar link) and the cold start, in Chromium.
    ``page_bench.py --smoke`` runs the same rows (``main`` only parses its two options)."""
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    try:
        from harness import missing_reason
    finally:
        sys.path.remove(str(ROOT / "tests" / "browser"))
    if missing_reason():
        pytest.skip(missing_reason())
    # one command for both (page_bench's rows with --smoke's pages, as run_all calls it): one start-up
    out = _run("benchmarks/run_all.py", "--quick", "--no-write", "--only", "pages,coldstart")
    assert "page open → laws" in out and "click → feedback, laws" in out, out[-2000:]
    assert "cold start" in out, out[-2000:]
    assert "not measured" not in out and "skipped" not in out, out[-2000:]
