"""Where a page's time goes: each page run in-process (Streamlit's AppTest), profiled.

    python benchmarks/page_profile.py                 # every page: first run and a rerun, in ms
    python benchmarks/page_profile.py laws --top 25   # one page: the rerun's cProfile, tutor code first

The first run of a page in a process pays its imports and content loading; a rerun
(every click) pays only what the page recomputes each time, and ``--top`` shows where. Not a test: a tool to
find the causes the browser benchmark (``page_bench.py``) measures.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import pstats
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def page_paths() -> list[str]:
    sys.path.insert(0, str(ROOT / "tests"))
    from test_app_pages import _page_paths

    return list(_page_paths())


def _class_pages() -> set[str]:
    """The pages app.py lists only in class mode: run as scripts of their own (as the tests run them)."""
    from test_app_pages import CLASS_PAGES

    return set(CLASS_PAGES)


def measure(page: str, profile: bool, top: int) -> tuple[float, float, float, str]:
    from streamlit.testing.v1 import AppTest

    start = time.perf_counter()
    if page in _class_pages():
        at = AppTest.from_file(str(ROOT / page), default_timeout=120)
    else:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        at.run()
        at.switch_page(page)
    first_start = time.perf_counter()
    at.run()
    first = time.perf_counter() - first_start
    cold = time.perf_counter() - start
    profiler = cProfile.Profile()
    with _profiled(profiler if profile else None):
        rerun_start = time.perf_counter()
        at.run()
        rerun = time.perf_counter() - rerun_start
    report = ""
    if profile:
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out).sort_stats("cumulative")
        stats.print_stats(r"tutor|yaml|pydantic|pandas|altair|endplay|cache", top)
        report = out.getvalue()
    return cold, first, rerun, report


@contextlib.contextmanager
def _profiled(profiler: cProfile.Profile | None) -> Iterator[None]:
    """Profile the page's script run, which AppTest executes in a thread of its own.

    cProfile follows only the thread that enables it, so the function Streamlit runs
    the page through is wrapped for the duration.
    """
    from streamlit.runtime.scriptrunner import script_runner

    original = script_runner.exec_func_with_error_handling
    if profiler is not None:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            return profiler.runcall(original, *args, **kwargs)
        script_runner.exec_func_with_error_handling = wrapped  # type: ignore[assignment]
    try:
        yield
    finally:
        script_runner.exec_func_with_error_handling = original


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help="page names (laws, law_quiz, …); all when none")
    parser.add_argument("--top", type=int, default=0, help="print the rerun's top N cProfile lines")
    args = parser.parse_args()
    paths = [p for p in page_paths() if not args.pages or Path(p).stem in args.pages]
    print(f"{'page':<22}{'process start+first':>20}{'page first run':>16}{'rerun':>10}")
    for path in paths:
        cold, first, rerun, report = measure(path, args.top > 0, args.top)
        print(f"{Path(path).stem:<22}{cold * 1000:>18.0f} ms{first * 1000:>13.0f} ms{rerun * 1000:>7.0f} ms")
        if report:
            print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
