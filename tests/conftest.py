"""Shared test set-up."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dask_cluster import cluster
from store_backends import pg_server, store, target
from work_bounds import HANG_GUARD

#: The real servers' fixtures, declared here once for every test module. A module that assigns one to a
#: name of its own gets a fixture of its own, and with it its own PostgreSQL server (initdb and all) or
#: Dask cluster: before this, seven servers started in each test process instead of one.
__all__ = ["cluster", "pg_server", "store", "target"]

#: Compiled modules of the test run (the tutor's, the tests' as pytest rewrites them, the app
#: servers' and the CLI subprocesses'), kept in pytest's own cache folder rather than beside the
#: sources. Where the environment says not to write bytecode (``PYTHONDONTWRITEBYTECODE``, set on
#: the shared machine), every worker and every subprocess would otherwise compile and rewrite
#: everything again on each run: about 3 s of CPU per process. The source tree stays clean either way.
PYCACHE = Path(__file__).resolve().parents[1] / ".pytest_cache" / "pycache"
TESTS = Path(__file__).resolve().parent


def _cache_bytecode_outside_the_tree() -> None:
    if os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.dont_write_bytecode:
        sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
        sys.dont_write_bytecode = False
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # subprocesses: the servers, the CLI runs


_cache_bytecode_outside_the_tree()


def _endplay_without_matplotlib() -> None:
    """Tests that read endplay's own parsers and types (tests/test_pbn.py) import its submodules only:
    its package ``__init__`` loads matplotlib, about 1.4 s of CPU in every test worker (issue 28)."""
    from tutor.engine.solver.dds import lean_endplay

    lean_endplay()


_endplay_without_matplotlib()

#: Allocations of container objects between two young collections (Python's default: 700).
GC_YOUNG_THRESHOLD = 20_000


def _fewer_young_collections() -> None:
    """Set as this file is imported, before the test modules are: collecting the suite (importing every
    module, building 4,700 items) ran the collector's walks often enough to cost 0.55 s of CPU in each
    test process (3.5 s of collection, measured with and without, three runs each)."""
    import gc

    gc.set_threshold(GC_YOUNG_THRESHOLD, 10, 10)


_fewer_young_collections()


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """A helper module of the tests (``pg_server.py``, ``oidc_provider.py`` …) is collected only for its
    doctests (``--doctest-modules``): one without any is not imported at collection, where it cost every
    test process its imports (the OpenID provider's Flask and Authlib: 0.3 s of CPU). A test that needs
    a helper imports it itself; a helper that gains a doctest is collected again."""
    name = collection_path.name
    if (collection_path.suffix != ".py" or name.startswith("test_") or name in ("conftest.py", "__init__.py")
            or TESTS not in collection_path.parents):
        return None
    return ">>>" not in collection_path.read_text(encoding="utf-8") or None

#: Page scripts compiled by AppTest, by path, source text and Streamlit's magic setting.
_COMPILED_PAGES: dict[tuple[str, str, bool], Any] = {}


def _share_compiled_page_scripts() -> None:
    """AppTest makes a new script cache for every run, so each ``at.run()`` parsed, rewrote (Streamlit's
    "magic") and compiled app.py and the page again: about 10 ms a script, over a thousand runs in the
    suite. The same source compiles to the same code, so one compilation per source text serves every
    run of the process; an edited script (a different text) is compiled afresh."""
    from streamlit import config as streamlit_config
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.source_util import open_python_file

    compile_once = ScriptCache.get_bytecode

    def get_bytecode(self: ScriptCache, script_path: str) -> Any:
        path = os.path.abspath(script_path)
        with open_python_file(path) as source:
            key = (path, source.read(), bool(streamlit_config.get_option("runner.magicEnabled")))
        code = _COMPILED_PAGES.get(key)
        if code is None:
            code = _COMPILED_PAGES[key] = compile_once(self, path)
        return code

    ScriptCache.get_bytecode = get_bytecode  # type: ignore[method-assign]


def _apptest_timeouts_guard_hangs_only() -> None:
    """AppTest fails a script run that takes longer than its timeout. On a loaded machine a page run can
    take a minute and the test would fail at random: the timeout is a guard against a hang, so it is never
    below :data:`work_bounds.HANG_GUARD` (issue 31). The page tests make their AppTests in
    ``tests/app_pages.py``, with that guard; this holds any other to it too (``run(timeout=...)`` as well)."""
    from streamlit.testing.v1.app_test import AppTest

    run = AppTest._run

    def guarded(self: AppTest, widget_state: Any = None, timeout: float | None = None) -> AppTest:
        floor = max(timeout or 0.0, self.default_timeout, float(HANG_GUARD))
        return run(self, widget_state, timeout=floor)

    AppTest._run = guarded  # type: ignore[method-assign]


def _await_script_runs_without_polling() -> None:
    """AppTest waits for a script run by looking every millisecond whether it has ended: the test's
    thread wakes a thousand times a second and takes the interpreter's lock from the page being run.
    The run ends with its thread, so joining the thread waits for the same moment without a poll:
    on the page-test files, 3-6 % less CPU and wall time (measured back to back, stop 56). A run
    that outlives the timeout is stopped and refused as AppTest does."""
    import threading

    from streamlit.testing.v1 import local_script_runner

    poll = local_script_runner.require_widgets_deltas

    def require_widgets_deltas(runner: Any, timeout: float = 3) -> None:
        thread = getattr(runner, "_script_thread", None)
        if not isinstance(thread, threading.Thread):  # another Streamlit: its own wait
            poll(runner, timeout)
            return
        thread.join(timeout)
        if runner.script_stopped():
            return
        runner.request_stop()
        runner.join()
        raise RuntimeError(f"AppTest script run timed out after {timeout}(s)")

    local_script_runner.require_widgets_deltas = require_widgets_deltas


def _scan_installed_components_once() -> None:
    """Each new AppTest looks for Streamlit components in every installed package, reading the
    metadata of all of them: about 0.1 s of CPU, and the suite makes some two hundred AppTests
    (26 s of CPU measured, issue 31). The installed packages do not change while the tests run, so
    one scan per process serves every AppTest; the app's own server still scans at its start."""
    from streamlit.components.v2 import manifest_scanner

    scan = manifest_scanner.scan_component_manifests
    found: list[Any] = []

    def scan_once(max_workers: int | None = None) -> list[Any]:
        if not found:  # max_workers only spreads the reading over threads: the result is the same
            found.append(scan(max_workers))
        return list(found[0])

    manifest_scanner.scan_component_manifests = scan_once


def _seeded_fuzzing() -> None:
    """Every Hypothesis test draws the same examples on every run (``derandomize``: seeded by the
    test's own source) and has no deadline (a wall-clock limit per example, which fails at random
    on a shared machine); what a fuzz test tries is bounded by its ``max_examples``."""
    from hypothesis import settings

    settings.register_profile("tutor", derandomize=True, deadline=None, database=None, print_blob=True)
    settings.load_profile("tutor")


_seeded_fuzzing()


def pytest_configure(config: pytest.Config) -> None:
    # in the processes that run tests: a worker, or the only process (not the controller of -n 2)
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        _share_compiled_page_scripts()
        _apptest_timeouts_guard_hangs_only()
        _await_script_runs_without_polling()
        _scan_installed_components_once()


def pytest_collection_finish(session: pytest.Session) -> None:
    _freeze_what_collection_loaded()


def _freeze_what_collection_loaded() -> None:
    """The cyclic garbage collector took 0.7-2.5 s of CPU per test file (measured with gc.callbacks): it
    walks the young objects every 700 allocations and, now and then, everything alive - the modules,
    the content, the cached syntax trees. What is alive once the tests are collected stays alive, so it
    is frozen out of the collector's walks (``gc.freeze``); with the young collections every 20,000
    allocations (:func:`_fewer_young_collections`) that leaves 0.5-0.8 s per file. Collection still
    happens, only less often; reference counting frees everything that is not in a cycle at once."""
    import gc

    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _progress_db_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test writes the learner's real progress database: TUTOR_DB points at a temporary file."""
    path = tmp_path_factory.getbasetemp() / "tutor-progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(path))
    return path


class _ArrowFallbacks(logging.Handler):
    """Records Streamlit's note that a table needed its automatic column fixes (see the fixture below)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.tables: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if "Serialization of dataframe to Arrow table was unsuccessful" in record.getMessage():
            self.tables.append(str(record.exc_info[1]) if record.exc_info else "")


@pytest.fixture(autouse=True)
def _tables_are_arrow_as_built() -> Iterator[None]:
    """No page shows a table whose column mixes kinds (a number column with a '—' in it): Streamlit then
    logs a traceback on the server at every run and turns the column into text behind the page's back.
    Every page run by a test is held to this, whatever the test itself checks."""
    log = logging.getLogger("streamlit.dataframe_util")
    handler, level = _ArrowFallbacks(), log.level
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        yield
    finally:
        log.removeHandler(handler)
        log.setLevel(level)
    assert not handler.tables, f"a table needed Streamlit's column fixes: {handler.tables[0]}"
