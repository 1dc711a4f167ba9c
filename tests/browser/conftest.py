"""Fixtures for the end-to-end tests: one real app server and one headless Debian Chromium per session.

(Per xdist worker: a worker that runs a browser test starts its own server, with its own
progress database, and its own Chromium. With ``--dist worksteal`` the browser tests, which
are collected first, normally all start on the first worker.)

Each test loads its pages in the learner's one tab: every load is a fresh Streamlit session. When a test fails, a
full-page screenshot and the server's log tail are saved to ``test-artifacts/``.
Every test here is marked ``browser``; all are skipped, with the reason, when
Chromium or the Playwright package is missing, and a test marked
``app_page("laws")`` is skipped while ``app.py`` does not list that page yet.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from browser.class_server import ClassServer, start_class_server
from browser.harness import (
    CHROMIUM,
    DEFAULT_TIMEOUT_MS,
    DESKTOP_VIEWPORT,
    ROOT,
    TEST_CHROMIUM_FLAGS,
    App,
    Server,
    missing_reason,
    page_listed,
    start_server,
    stop_server,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Playwright

ARTIFACTS = ROOT / "test-artifacts"
HERE = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "app_page(url_path): the test needs tutor/ui/pages/<url_path>.py listed in app.py"
    )
    config.addinivalue_line("markers", "browser_cannot_run(reason): under CI, fail with the reason")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip, with the reason, when Chromium/Playwright is missing or a page has not landed yet."""
    reason = missing_reason()
    here: dict[Path, bool] = {}  # each file resolved once, not each of its items (0.35 s of collection)
    for item in items:
        if item.path not in here:
            here[item.path] = HERE in item.path.resolve().parents
        if not here[item.path]:
            continue
        if reason is not None:
            # Under CI a browser test that cannot run is a failure, never a silent skip.
            if os.environ.get("CI"):
                item.add_marker(pytest.mark.browser_cannot_run(reason))
            else:
                item.add_marker(pytest.mark.skip(reason=reason))
            continue
        for mark in item.iter_markers("app_page"):
            if not page_listed(mark.args[0]):
                item.add_marker(pytest.mark.skip(reason=f"page {mark.args[0]!r} is not listed in app.py yet"))


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Under CI, fail (never skip) a browser test that cannot run, before its fixtures start."""
    for mark in item.iter_markers("browser_cannot_run"):
        pytest.fail(f"browser tests cannot run under CI: {mark.args[0]}", pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the item, so the ``app`` fixture knows whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("streamlit"))
    yield running
    stop_server(running)


@pytest.fixture(scope="session")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    """The class-mode server of the class and sign-in tests, started once (``class_server.py``)."""
    running = start_class_server(tmp_path_factory.mktemp("class-server"))
    yield running
    running.stop()


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Playwright]:
    """One Playwright driver for the session (the sync API allows one per thread)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def chromium(playwright_driver: Playwright) -> Iterator[Browser]:
    """The one headless Debian Chromium of the session: every learner is a context of it (issue 31:
    one browser process per worker, not one per learner)."""
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=TEST_CHROMIUM_FLAGS)
    yield browser
    browser.close()


def _context(browser: Browser) -> BrowserContext:
    """A new, empty browser context: its own cookies, storage and cache, as a new profile would be."""
    context = browser.new_context(viewport=DESKTOP_VIEWPORT)  # type: ignore[arg-type]
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    return context


@pytest.fixture(scope="session")
def browser_context(chromium: Browser) -> Iterator[BrowserContext]:
    """The first learner: a context with nothing stored."""
    context = _context(chromium)
    yield context
    context.close()


@pytest.fixture(scope="session")
def second_browser_context(chromium: Browser) -> Iterator[BrowserContext]:
    """A second learner: another context of the same browser (own cookies, own Streamlit session)."""
    context = _context(chromium)
    yield context
    context.close()


@pytest.fixture(scope="session")
def first_tab(browser_context: BrowserContext) -> Iterator[Page]:
    """The first learner's one tab, which every test loads its pages in (issue 31: a new tab starts a
    new renderer process and compiles Streamlit's front end again, about 1 s of CPU a test). Loading a
    page still starts a new Streamlit session, as a new tab did; storage was shared by the context
    before as now."""
    page = browser_context.new_page()
    yield page
    page.close()


@pytest.fixture(scope="session")
def second_tab(second_browser_context: BrowserContext) -> Iterator[Page]:
    """The second learner's one tab (see ``first_tab``)."""
    page = second_browser_context.new_page()
    yield page
    page.close()


def _release(app: App) -> None:
    """Leave the reused tab as a new one would be for the next test: no listener of this test's and the
    desktop window (its next page load starts a new Streamlit session)."""
    app.detach()
    if app.page.viewport_size != DESKTOP_VIEWPORT:
        app.page.set_viewport_size(DESKTOP_VIEWPORT)  # type: ignore[arg-type]


@pytest.fixture
def second_app(server: Server, second_tab: Page) -> Iterator[App]:
    """The second learner's tab on the app."""
    app = App(second_tab, server)
    yield app
    _release(app)


@pytest.fixture
def app(server: Server, first_tab: Page, request: pytest.FixtureRequest) -> Iterator[App]:
    """The first learner's tab on the app; on failure, a screenshot and logs go to test-artifacts/."""
    app = App(first_tab, server)
    page_errors: list[str] = []
    app.on("pageerror", lambda exc: page_errors.append(str(exc)))
    yield app
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        with contextlib.suppress(Exception):
            app.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        (ARTIFACTS / f"{name}.log").write_text(
            f"url: {app.page.url}\npage errors: {page_errors}\n\nstreamlit log tail:\n{server.log_tail()}\n",
            encoding="utf-8",
        )
    _release(app)
