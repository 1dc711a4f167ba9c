"""No test compares a wall-clock time with a threshold (issue 31): on a shared machine such a test
fails at random and can stop the suite. Speed goes in benchmarks/ (as ratios, results in the README);
a test that must show something is cheap bounds the work instead (tests/work_bounds.py: a count of
calls, a peak of memory, a budget), and a wait that guards against a hang is never below HANG_GUARD.

This scans every test module, conftest and helper under tests/, and the doctests of tutor/, for:

* a comparison in which a clock reading takes part (``time.monotonic()``, ``perf_counter``,
  ``time.time``, ``process_time``, their ``_ns`` forms, or a name assigned from one);
* a ``timeout=`` (or ``timeout_ms=``) given as a number below the hang guard.
"""

from __future__ import annotations

import ast
import doctest
from collections.abc import Iterator
from pathlib import Path

import pytest
from work_bounds import HANG_GUARD

ROOT = Path(__file__).resolve().parent.parent
CLOCKS = {"monotonic", "perf_counter", "time", "process_time", "thread_time", "monotonic_ns",
          "perf_counter_ns", "time_ns", "process_time_ns"}
#: Keywords that give a wall-clock limit, and the unit of each (seconds or milliseconds).
TIMEOUT_KEYWORDS = {"timeout": 1, "timeout_ms": 1000, "default_timeout": 1}
#: AppTest's default_timeout is floored at HANG_GUARD by tests/conftest.py, whatever a test passes.
FLOORED = {"default_timeout"}
#: Helpers whose clock comparisons are deadlines of waits that raise after HANG_GUARD, and whose short
#: timeouts are polls that are retried or stops that fall back to a kill (hang guards, not speed claims).
GUARD_LOOPS = {"tests/browser/harness.py", "tests/test_dd_dask.py"}
#: Calls whose timeout is the behaviour under test, not a limit on the test: the store's wait for a lock
#: that another connection holds throughout (it must give up; no race with the machine's speed); the
#: distributed solver's connection to a scheduler that is not there; the tests' wait for an AppTest run
#: that is never to end by itself (it must stop the run and refuse it).
BEHAVIOUR = {"ProgressStore", "DaskOwner", "require_widgets_deltas"}  # DaskOwner: an unreachable scheduler must give up


def _is_clock_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    base = func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else "time"
    return name in CLOCKS and base in ("time", "_time")


def _clock_names(tree: ast.AST) -> set[str]:
    """Names assigned, anywhere in the module, from an expression that reads a clock."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None
                and any(_is_clock_call(n) for n in ast.walk(node.value))):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def timed_comparisons(source: str, where: str) -> Iterator[str]:
    """Each comparison of a clock reading, and each short timeout, in ``source``."""
    tree = ast.parse(source)
    clock_names = _clock_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and where not in GUARD_LOOPS:
            parts = [node.left, *node.comparators]
            if any(_is_clock_call(n) or (isinstance(n, ast.Name) and n.id in clock_names)
                   for part in parts for n in ast.walk(part)):
                yield f"{where}:{node.lineno}: a clock reading is compared: {ast.unparse(node)[:80]}"
        if isinstance(node, ast.Call) and where not in GUARD_LOOPS and _call_name(node) not in BEHAVIOUR:
            for key in node.keywords:
                value = key.value
                if (key.arg in TIMEOUT_KEYWORDS and key.arg not in FLOORED and isinstance(value, ast.Constant)
                        and isinstance(value.value, int | float)
                        and value.value / TIMEOUT_KEYWORDS[key.arg] < HANG_GUARD):
                    yield f"{where}:{node.lineno}: {key.arg}={value.value} is below the hang guard ({HANG_GUARD} s)"


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _test_sources() -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if path.name not in ("test_no_timed_assertions.py", "work_bounds.py"):
            yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def _doctest_sources() -> Iterator[tuple[str, str]]:
    parser = doctest.DocTestParser()
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if ">>>" not in text:
            continue
        for node in ast.walk(ast.parse(text)):
            doc = ast.get_docstring(node) if isinstance(
                node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef) else None
            if doc and ">>>" in doc:
                code = "\n".join(e.source for e in parser.get_examples(doc))
                yield f"{path.relative_to(ROOT).as_posix()} (doctest)", code


def test_no_test_compares_a_wall_clock_time_with_a_threshold() -> None:
    found = [line for where, source in [*_test_sources(), *_doctest_sources()]
             for line in timed_comparisons(source, where)]
    assert not found, "timed assertions (use tests/work_bounds.py or a benchmark):\n" + "\n".join(found)


@pytest.mark.parametrize("source", [
    "import time\nstarted = time.monotonic()\nf()\nassert time.monotonic() - started < 0.1\n",
    "import time\nt0 = time.perf_counter()\nf()\nelapsed = time.perf_counter() - t0\nassert elapsed < 5\n",
    "from time import monotonic\nassert monotonic() < 3\n",
    "subprocess.run(['x'], timeout=60)\n",
    "page.wait_for(timeout_ms=3000)\n",
])
def test_the_scan_finds_each_form_of_timed_assertion(source: str) -> None:
    """The scan itself: each form the issue names (a time difference, a timeout) is found."""
    assert list(timed_comparisons(source, "example.py"))


def test_the_scan_lets_bounds_on_work_pass() -> None:
    source = ("with call_budget(1000), memory_budget(10_000):\n    f()\n"
              "subprocess.run(['x'], timeout=HANG_GUARD)\nAppTest.from_file('a.py', default_timeout=30)\n")
    assert not list(timed_comparisons(source, "example.py"))
