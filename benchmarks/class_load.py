"""Class load (issue 30): learners answering drills and others asking sampled analyses, at once, against
two ``streamlit run`` app servers over one PostgreSQL and a Dask cluster.

What it runs (all started here, on this machine, on loopback): a PostgreSQL server (tests/pg_server.py,
Debian's package, as the unprivileged ``postgres`` user) with a teacher and an account with a
quick-login code for each learner; a Dask scheduler with two one-thread workers (tests/dask_cluster.py);
two app servers (the browser tests' harness: ``streamlit run app.py``) with ``TUTOR_DATABASE_URL``
naming the one database and ``TUTOR_DASK_SCHEDULER`` the cluster; one headless Chromium in which each
learner is a browser context of their own (own cookies, own Streamlit session), on server 1 or 2 in turn.

Every learner signs in with their code on the page and opens Play drills. Then, for ``--seconds``, each
answers the position shown (picks a card, "Play this card": the answer is recorded, and the card is
checked double dummy — on the cluster), reads for ``--think`` seconds, asks for the next position, reads
again, and so on, independently of the others (one loop drives every tab; no learner waits for
another's page). The ``--analysts`` (among the learners) switch on "price each answer on what you could
know" at their first answer: from then on each answer also prices their card and the book's on sampled
layouts (on the cluster), refined on the page to the final verdict. At the end everyone opens Progress.

An action's time is from its click until the server's ``script_finished`` reached that tab over the
websocket; an analysis's first verdict, until its first table did. It prints p95 per action, the errors
(a traceback or an error box on a page, a server that died, an action that never finished: must be 0),
the answers given (a verdict shown on a page) against the answers counted in the database, the load
average, and the CPU seconds each part used. Run:

    python benchmarks/class_load.py [--seconds 60] [--learners 20] [--analysts 4] [--think 2]

``--database URL`` and ``--scheduler ADDRESS`` use a PostgreSQL database and a Dask cluster already
running (an empty database: the accounts are created in it) instead of starting them.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from class_servers import Run, TimedApp, _p95, _sidebar_link, button, sign_in  # noqa: E402 - the paths above
from harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_FLAGS,
    DEFAULT_TIMEOUT_MS,
    DESKTOP_VIEWPORT,
    Server,
    start_server,
    stop_server,
)

ANSWER, PRICED, FIRST_VERDICT, NEXT, SWITCH = (
    "answer a drill (recorded, checked double dummy)", "answer a drill, priced on sampled layouts (final)",
    "… its first sampled verdict", "next position", "switch the pricing on (prices the answer shown)")
ACTIONS = ("sign in", "open Play drills", ANSWER, NEXT, SWITCH, PRICED, FIRST_VERDICT, "open Progress")
PRICING = "Also price each answer"
#: an action that has not finished after this long is an error (a hang, not a figure)
STUCK_SECONDS = DEFAULT_TIMEOUT_MS / 1000


class AnalysisApp(TimedApp):
    """A tab that also notes when each sampled-analysis table reached it (the page's first verdict)."""

    def __init__(self, page: Any, server: Server) -> None:
        self.tables_at: list[float] = []
        super().__init__(page, server)

    def _message(self, message: Any) -> None:  # the frame decoded once, by the harness
        super()._message(message)
        if (message.WhichOneof("type") == "delta" and message.delta.WhichOneof("type") == "new_element"
                and message.delta.new_element.WhichOneof("type") == "dataframe"):
            self.tables_at.append(time.perf_counter())


@dataclass
class Learner:
    """One learner's tab and where it is: the action in flight (if any), and what comes next."""

    tab: AnalysisApp
    analyst: bool
    rng: random.Random
    action: str = ""
    before: int = 0
    clicked: float = 0.0
    tables: int = 0
    ready_at: float = 0.0
    answered: bool = False  # the position shown was answered: next is "Next position"
    priced: bool = False  # the pricing switch is on
    done: list[str] = field(default_factory=list)

    def did_its_part(self) -> bool:
        """Answered once (an analyst: had an answer priced once), so that even a short run times the
        learners' actions and an analysis."""
        return (SWITCH if self.analyst else ANSWER) in self.done


class FreeRun(Run):
    """The learners acting independently for a while, one loop driving every tab."""

    def __init__(self, learners: list[Learner], think: float) -> None:
        super().__init__([learner.tab for learner in learners])
        self.times = {action: [] for action in ACTIONS}
        self.learners = learners
        self.think = think

    def start(self, learner: Learner) -> None:
        tab = learner.tab
        if learner.answered and learner.analyst and not learner.priced:
            action, click = SWITCH, lambda: tab.main.get_by_text(PRICING).first.click()
        elif learner.answered:
            next_button = tab.main.get_by_role("button", name=re.compile(r"^Next position")).first
            action, click = NEXT, lambda: next_button.click(no_wait_after=True)
        else:
            pick_a_card(tab, learner.rng)
            action = PRICED if learner.priced else ANSWER
            click = lambda: button("Play this card")(tab)  # noqa: E731
        learner.action, learner.before, learner.tables = action, tab.runs(), len(tab.tables_at)
        learner.clicked = time.perf_counter()
        click()

    def finish(self, learner: Learner) -> None:
        tab, action = learner.tab, learner.action
        learner.action = ""
        self.times[action].append(tab.finished_at[learner.before] - learner.clicked)
        tab.page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]').wait_for()
        # a wrong card's verdict is an error box too ("The book plays …"): the feedback, not a failure
        problems = tab.exceptions() + [e for e in tab.errors() if "The book plays" not in e]
        if problems:
            raise RuntimeError(f"{action}: on the page: {problems[0][:200]}")
        if action in (ANSWER, PRICED):
            text = tab.text()
            if "Right:" not in text and "The book plays" not in text:
                raise RuntimeError(f"{action}: no verdict on the page: {' '.join(text.split())[:300]}")
            self.given += 1
            learner.answered = True
        if action in (PRICED, SWITCH):
            if len(tab.tables_at) <= learner.tables:
                raise RuntimeError(f"{action}: no sampled table on the page")
            self.times[FIRST_VERDICT].append(tab.tables_at[learner.tables] - learner.clicked)
        learner.done.append(action)
        learner.priced |= action == SWITCH
        learner.answered &= action != NEXT
        learner.ready_at = time.perf_counter() + self.think

    def until(self, seconds: float) -> None:
        """Every learner acts until ``seconds`` have passed and it has done its part once (an answer; an
        analyst, an answer priced); the actions begun by then are finished. A learner stops at an error."""
        stop = time.perf_counter() + seconds
        live = list(self.learners)
        while live:
            now = time.perf_counter()
            for learner in list(live):
                try:
                    self._step(learner, now, stop)
                except Exception as err:  # noqa: BLE001 - counted: the benchmark's verdict
                    self.errors.append(f"{learner.action or 'between actions'}: {type(err).__name__}: "
                                       f"{str(err)[:200]}")
                    live.remove(learner)
                    self.tabs.remove(learner.tab)
                    continue
                if not learner.action and now >= stop and learner.did_its_part():
                    live.remove(learner)
            if live:
                live[0].tab.page.wait_for_timeout(20)  # lets Playwright deliver every tab's websocket events

    def _step(self, learner: Learner, now: float, stop: float) -> None:
        if learner.action:
            if learner.tab.runs() > learner.before:
                self.finish(learner)
            elif now - learner.clicked > STUCK_SECONDS:
                raise RuntimeError(f"no script run finished within {STUCK_SECONDS:.0f} s")
            elif learner.tab.server.process.poll() is not None:
                raise RuntimeError(f"the server at {learner.tab.server.url} died")
        elif now >= learner.ready_at and (now < stop or not learner.did_its_part()):
            self.start(learner)


def cpu_seconds(pids: dict[str, list[int]]) -> dict[str, float]:
    """CPU seconds (user + system) of each part: its processes and their children, alive now."""
    import psutil

    out: dict[str, float] = {}
    for part, roots in pids.items():
        seen: dict[int, float] = {}
        for pid in roots:
            try:
                root = psutil.Process(pid)
                for process in [root, *root.children(recursive=True)]:
                    times = process.cpu_times()
                    seen[process.pid] = times.user + times.system
            except psutil.Error:  # gone: not counted
                continue
        out[part] = sum(seen.values())
    return out


def _chromium_pids() -> list[int]:
    import psutil

    return [p.pid for p in psutil.Process().children(recursive=True) if "chrom" in p.name().lower()]


def pick_a_card(tab: TimedApp, rng: random.Random) -> None:
    """Pick one of the position's cards (not timed; the form holds it until "Play this card")."""
    choice = tab.main.locator('[data-testid="stRadio"]').filter(has_text="Your card")
    cards = choice.locator('[data-testid="stRadioOption"]')
    cards.first.wait_for()
    cards.nth(rng.randrange(cards.count())).click()
    choice.locator("input:checked").wait_for(state="attached")


def _p95_rows(times: dict[str, list[float]]) -> str:
    rows = [f"| {action} | {len(times[action])} | {_p95(times[action]) * 1000:.0f} |" for action in ACTIONS]
    return "\n".join(["| action | count | p95 (ms) |", "|---|---|---|", *rows])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--learners", type=int, default=20, help="learners answering drills")
    parser.add_argument("--analysts", type=int, default=4, help="learners whose answers are also priced")
    parser.add_argument("--think", type=float, default=2.0, help="seconds a learner reads each page")
    parser.add_argument("--database", help="an empty PostgreSQL database's URL, instead of starting a server")
    parser.add_argument("--scheduler", help="a running Dask scheduler's address, instead of starting one")
    args = parser.parse_args()
    from dask_cluster import start_cluster
    from pg_server import PgServer
    from playwright.sync_api import sync_playwright

    from tutor.lessons.classroom import accounts
    from tutor.lessons.progress import open_store

    pg = None if args.database else PgServer().start()
    cluster = None if args.scheduler else start_cluster()
    servers: list[Server] = []
    try:
        url = args.database or (pg.database() if pg else "")
        names = [f"analyst-{n:02d}" for n in range(args.analysts)] + [f"learner-{n:02d}" for n in range(args.learners)]
        with open_store(url) as store:
            accounts.create_account(store, "Teacher", "teacher")
            teacher = accounts.account(store, "Teacher")
            codes = {name: accounts.create_account(store, name, "learner", by=teacher) for name in names}
        os.environ["TUTOR_DATABASE_URL"] = url  # both servers (and only they) take the one database
        os.environ["TUTOR_DASK_SCHEDULER"] = args.scheduler or (cluster.address if cluster else "")
        servers = [start_server(Path(tempfile.mkdtemp(prefix=f"class-load-{i}-"))) for i in range(2)]
        parts = {"app servers": [s.process.pid for s in servers],
                 "Dask scheduler and workers": [p.pid for p in ([cluster.scheduler, *cluster.workers] if cluster else [])],
                 "PostgreSQL": [int((pg.data / "postmaster.pid").read_text().split()[0])] if pg else []}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS)
            tabs = []
            for n in range(len(names)):  # analysts first: they alternate between the servers too
                context = browser.new_context(viewport=DESKTOP_VIEWPORT)  # type: ignore[arg-type]
                context.set_default_timeout(DEFAULT_TIMEOUT_MS)
                tabs.append(AnalysisApp(context.new_page(), servers[n % 2]))
            run = FreeRun([Learner(tab, n < args.analysts, random.Random(n)) for n, tab in enumerate(tabs)], args.think)
            sign_in(run, codes)
            run.tabs = run.together("open Play drills", None, lambda tab: _sidebar_link(tab, "Play drills").click())
            run.learners = [learner for learner in run.learners if learner.tab in run.tabs]
            parts["Chromium"] = _chromium_pids()
            cpu_from, load_from, started = cpu_seconds(parts), os.getloadavg(), time.perf_counter()
            run.until(args.seconds)
            elapsed, cpu = time.perf_counter() - started, cpu_seconds(parts)
            load = os.getloadavg()
            run.together("open Progress", None, lambda tab: _sidebar_link(tab, "Progress").click())
            browser.close()
        with open_store(url) as store:
            counted = sum(len(store.answers(name)) for name in names)
        for server in servers:
            if server.process.poll() is not None:
                run.errors.append(f"the server at {server.url} died (exit {server.process.returncode})")
        print(_p95_rows(run.times))
        print(f"errors: {len(run.errors)}; answers given {run.given}, counted in the database {counted}"
              f" ({'equal' if run.given == counted else 'NOT EQUAL'}); {args.learners} learners and"
              f" {args.analysts} analysts over two app servers, {args.seconds:g} s asked ({elapsed:.0f} s"
              f" with the last actions), {args.think:g} s of thinking")
        print(f"load average (1 min) {load_from[0]:.1f} at the start, {load[0]:.1f} at the end; CPU seconds"
              " in that time: " + ", ".join(f"{part} {cpu[part] - cpu_from.get(part, 0.0):.0f}" for part in cpu))
        for line in run.errors[:10]:
            print(f"  error: {line}")
    finally:
        for server in servers:
            stop_server(server)
        if cluster:
            cluster.stop()
        if pg:
            pg.stop()


if __name__ == "__main__":
    main()
