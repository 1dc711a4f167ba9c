"""Class load over HTTP, in lockstep: two ``streamlit run`` app servers over one PostgreSQL, driven by
simulated learners in Chromium (issue 30). The issue's whole benchmark — the learners at their own pace,
analysts on a Dask cluster — is benchmarks/class_load.py, which takes this module's browser pieces.

What it runs (all started here, on this machine, on loopback): a PostgreSQL server (tests/pg_server.py,
Debian's package, as the unprivileged ``postgres`` user; or ``--database``, an empty database of a
running one, as its test gives it), a teacher and ``--learners`` accounts with
quick-login codes in its database, two app servers (the tests' harness: ``streamlit run app.py`` with
``TUTOR_DATABASE_URL`` naming the one database), and one headless Chromium in which each learner is a
browser context of their own (own cookies, own Streamlit session) on server 1 or 2 in turn. Every
learner signs in with their code on the page, opens the law quiz from the sidebar, and for
``--rounds`` rounds answers a question (Check) and asks for the next; then opens their Progress page.
The learners act at the same moment: each step's clicks go to every tab, then each tab's rerun is
awaited, and an action's time is from its click to the moment the server's ``script_finished``
message reached that tab over the websocket.

It prints p95 per action, the errors (a traceback on a page, a server that died, a step that never
finished: must be 0), and whether the answers counted in the database equal the answers given (a
verdict shown on a page). Run:

    python benchmarks/class_servers.py [--learners 6] [--rounds 5] [--database URL]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import (  # noqa: E402 - the path above
    CHROMIUM,
    CHROMIUM_FLAGS,
    DEFAULT_TIMEOUT_MS,
    DESKTOP_VIEWPORT,
    App,
    Server,
    start_server,
    stop_server,
)

ACTIONS = ("sign in", "open the law quiz", "check an answer (recorded)", "next question", "open Progress")


class TimedApp(App):
    """A tab that notes when each of its script runs finished (the websocket message's arrival)."""

    def __init__(self, page: Any, server: Server) -> None:
        self.finished_at: list[float] = []
        super().__init__(page, server)

    def _frame(self, payload: bytes | str) -> None:
        before = self._finished
        super()._frame(payload)
        if self._finished > before:
            self.finished_at.append(time.perf_counter())


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 20 else max(values, default=0.0)  # noqa: PLR2004


def _sidebar_link(tab: App, title: str) -> Any:
    nav = tab.page.locator('[data-testid="stSidebarNav"]')
    link = nav.get_by_role("link", name=title).first
    if not link.is_visible():
        more = nav.get_by_text(re.compile(r"^View \d+ more$"))
        if more.count():
            more.first.click()
            link.wait_for()
    return link


class Run:
    """The learners' tabs, the times per action and the errors."""

    def __init__(self, tabs: list[TimedApp]) -> None:
        self.tabs = tabs
        self.times: dict[str, list[float]] = {a: [] for a in ACTIONS}
        self.errors: list[str] = []
        self.given = 0

    def together(self, action: str, prepare: Callable[[TimedApp], Any] | None,
                 click: Callable[[TimedApp], Any]) -> list[TimedApp]:
        """Each live tab: ``prepare`` (not timed), then every tab's click at once; wait for each rerun."""
        started: list[tuple[TimedApp, int, float]] = []
        for tab in self.tabs:
            try:
                if prepare is not None:
                    prepare(tab)
                before = tab.runs()
                click_at = time.perf_counter()
                click(tab)
                started.append((tab, before, click_at))
            except Exception as err:  # noqa: BLE001 - counted: the benchmark's verdict
                self.errors.append(f"{action}: {type(err).__name__}: {str(err)[:200]}")
        done = []
        for tab, before, click_at in started:
            try:
                tab.wait_run_after(before)
                if tab.exceptions():
                    raise RuntimeError(f"a traceback on the page: {tab.exceptions()[0][:200]}")
                self.times[action].append(tab.finished_at[before] - click_at)
                done.append(tab)
            except Exception as err:  # noqa: BLE001
                self.errors.append(f"{action}: {type(err).__name__}: {str(err)[:200]}")
        return done


def _answer(tab: App) -> None:
    """Pick an answer to the question shown (the first option, or 0): not timed."""
    tab.main.locator('[data-testid="stNumberInput"], [data-testid="stRadio"]').first.wait_for()
    if tab.main.locator('[data-testid="stNumberInput"]').count():
        tab.fill("Your answer", "0")
    else:
        tab.rerun_after(tab.main.locator('[data-testid="stRadio"] [role="radiogroup"] label').first.click)


def button(label: str) -> Callable[[App], Any]:
    """A click on the page's button ``label`` that does not wait for what follows (the run is awaited)."""
    return lambda tab: tab.main.get_by_role("button", name=label, exact=True).first.click(no_wait_after=True)


def sign_in(run: Run, codes: dict[str, str]) -> None:
    """Every tab (the learners of ``codes``, in order) opens the app and signs in with its code, at once."""
    names = dict(zip(run.tabs, codes, strict=True))
    for tab in run.tabs:
        tab.open("")  # signed out, the sign-in page is the only page (not timed: a page load)

    def fill_code(tab: TimedApp) -> None:
        tab.fill("Your name, as your teacher wrote it", names[tab], rerun=False)
        tab.fill("Your quick-login code", codes[names[tab]], rerun=False)

    run.tabs = run.together("sign in", fill_code, button("Sign in"))


def learners_session(tabs: list[TimedApp], codes: dict[str, str], rounds: int) -> Run:
    run = Run(tabs)
    sign_in(run, codes)
    run.tabs = run.together("open the law quiz", None, lambda tab: _sidebar_link(tab, "Quiz on the laws").click())
    for _ in range(rounds):
        run.tabs = run.together("check an answer (recorded)", _answer, button("Check"))
        for tab in run.tabs:
            if re.search(r"Right\.|Not quite", tab.text()):
                run.given += 1
            else:
                run.errors.append("check an answer: no verdict on the page")
        run.tabs = run.together("next question", None, button("Next question →"))
    run.together("open Progress", None, lambda tab: _sidebar_link(tab, "Progress").click())
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database", help="an empty PostgreSQL database's URL, instead of starting a server")
    args = parser.parse_args()
    from pg_server import PgServer
    from playwright.sync_api import sync_playwright

    from tutor.lessons.classroom import accounts
    from tutor.lessons.progress import open_store

    pg = None if args.database else PgServer().start()
    servers: list[Server] = []
    try:
        url = args.database or (pg.database() if pg else "")
        with open_store(url) as store:
            accounts.create_account(store, "Teacher", "teacher")
            teacher = accounts.account(store, "Teacher")
            codes = {f"learner-{n:02d}": accounts.create_account(store, f"learner-{n:02d}", "learner", by=teacher)
                     for n in range(args.learners)}
        os.environ["TUTOR_DATABASE_URL"] = url  # both servers (and only they) take the one database
        servers = [start_server(Path(tempfile.mkdtemp(prefix=f"class-server-{i}-"))) for i in range(2)]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS)
            tabs = []
            for n in range(args.learners):
                context = browser.new_context(viewport=DESKTOP_VIEWPORT)  # type: ignore[arg-type]
                context.set_default_timeout(DEFAULT_TIMEOUT_MS)
                tabs.append(TimedApp(context.new_page(), servers[n % 2]))
            run = learners_session(tabs, codes, args.rounds)
            browser.close()
        with open_store(url) as store:
            counted = sum(len(store.answers(name)) for name in codes)
        for s in servers:
            if s.process.poll() is not None:
                run.errors.append(f"the server at {s.url} died (exit {s.process.returncode})")
        print("| action | count | p95 (ms) |\n|---|---|---|")
        for action in ACTIONS:
            print(f"| {action} | {len(run.times[action])} | {_p95(run.times[action]) * 1000:.0f} |")
        print(f"errors: {len(run.errors)}; answers given {run.given}, counted in the database {counted}"
              f" ({'equal' if run.given == counted else 'NOT EQUAL'}); {args.learners} learners over two app"
              f" servers, {args.rounds} rounds")
        for line in run.errors[:10]:
            print(f"  error: {line}")
    finally:
        for s in servers:
            stop_server(s)
        if pg is not None:
            pg.stop()


if __name__ == "__main__":
    main()
