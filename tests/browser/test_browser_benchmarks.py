"""The browser benchmarks run, on a tiny budget, so they cannot rot (issue 31: ``page_bench.py`` could
not run at all — its warm-up clicked a sidebar link Streamlit had folded under "View more").

On this session's app server, Chromium and first tab (no server, browser or tab of their own, so the
check is cheap): ``page_bench``'s smoke run — two pages opened by their address, an answer on each, and the
one-line reference app — and run_all's cold start of the one-line app (the same code starts
``app.py``). Nothing here checks a figure: on a shared machine they mean nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from browser.harness import DEFAULT_TIMEOUT_MS, ROOT, Server

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]


class LentTab:
    """The session's first tab, lent to a benchmark as its browser context's ``new_page()`` (issue 31:
    a new tab starts a renderer and compiles Streamlit's front end again, a second or two of CPU; the
    smoke runs opened three). The benchmark uses it as its own page; closing it, or :meth:`restore`,
    takes back what the benchmark added: its listeners and its default timeout."""

    def __init__(self, page: Page) -> None:
        self._page = page
        self._listeners: list[tuple[str, Callable[..., object]]] = []

    def new_page(self) -> LentTab:
        return self

    def on(self, event: str, handler: Callable[..., object]) -> None:
        self._page.on(event, handler)  # type: ignore[call-overload]
        self._listeners.append((event, handler))

    def close(self) -> None:
        self.restore()

    def restore(self) -> None:
        while self._listeners:
            self._page.remove_listener(*self._listeners.pop())
        self._page.set_default_timeout(DEFAULT_TIMEOUT_MS)

    def __getattr__(self, name: str) -> Any:  # everything else is the tab's own
        return getattr(self._page, name)


@pytest.fixture
def lent_tab(first_tab: Page) -> Iterator[LentTab]:
    lent = LentTab(first_tab)
    yield lent
    lent.restore()  # also when the benchmark stopped before closing its page


@pytest.fixture
def benchmarks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "browser"))
    monkeypatch.setenv("TUTOR_BENCH_TINY", "1")


def test_page_bench_opens_pages_by_address_and_answers(benchmarks: None, server: Server, lent_tab: LentTab,
                                                        tmp_path: Path) -> None:
    import page_bench

    figures = page_bench.measure_tutor(lent_tab, tmp_path, rounds=1, smoke=True, running=server)
    assert set(figures.switch) == set(page_bench.SMOKE_PAGES)
    assert all(len(samples) == 1 for samples in figures.switch.values())
    assert len(figures.click) == 4 and all(isinstance(v, list) for v in figures.click.values()), figures.click
    (tmp_path / "ref").mkdir()
    switches, clicks = page_bench.measure_reference(lent_tab, tmp_path / "ref", rounds=1, smoke=True)
    assert len(switches) == len(clicks) == 4


def test_the_cold_start_benchmark_starts_an_app(benchmarks: None, lent_tab: LentTab, tmp_path: Path) -> None:
    import run_all

    hello = tmp_path / "hello_app.py"
    hello.write_text('import streamlit as st\n\nst.title("Hello")\n', encoding="utf-8")
    healthy, ready = run_all._cold_start(lent_tab, tmp_path, str(hello))
    assert 0 < healthy <= ready
    assert run_all.SECTIONS["coldstart"] is run_all.bench_coldstart  # the section these steps make
