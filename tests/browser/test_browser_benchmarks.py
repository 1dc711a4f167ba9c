"""The browser benchmarks run, on a tiny budget, so they cannot rot (issue 31: ``page_bench.py`` could
not run at all — its warm-up clicked a sidebar link Streamlit had folded under "View more").

On this session's app server and Chromium (no server or browser of their own, so the check is
cheap): ``page_bench``'s smoke run — two pages opened by their address, an answer on each, and the
one-line reference app — and run_all's cold start of the one-line app (the same code starts
``app.py``). Nothing here checks a figure: on a shared machine they mean nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from browser.harness import ROOT, Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def benchmarks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "browser"))
    monkeypatch.setenv("TUTOR_BENCH_TINY", "1")


def test_page_bench_opens_pages_by_address_and_answers(benchmarks: None, server: Server, browser_context,  # type: ignore[no-untyped-def]
                                                        tmp_path: Path) -> None:
    import page_bench

    figures = page_bench.measure_tutor(browser_context, tmp_path, rounds=1, smoke=True, running=server)
    assert set(figures.switch) == set(page_bench.SMOKE_PAGES)
    assert all(len(samples) == 1 for samples in figures.switch.values())
    assert figures.click and all(isinstance(v, list) for v in figures.click.values()), figures.click
    (tmp_path / "ref").mkdir()
    switches, clicks = page_bench.measure_reference(browser_context, tmp_path / "ref", rounds=1)
    assert len(switches) == len(clicks) == 4


def test_the_cold_start_benchmark_starts_an_app(benchmarks: None, browser_context, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import run_all

    hello = tmp_path / "hello_app.py"
    hello.write_text('import streamlit as st\n\nst.title("Hello")\n', encoding="utf-8")
    healthy, ready = run_all._cold_start(browser_context, tmp_path, str(hello))
    assert 0 < healthy <= ready
    assert run_all.SECTIONS["coldstart"] is run_all.bench_coldstart  # the section these steps make
