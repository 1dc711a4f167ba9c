"""The browser-test harness: start the real app under ``streamlit run`` and drive it like a learner.

Used by ``conftest.py`` (fixtures) and by ``benchmarks/`` (cold start). Nothing here
needs pytest.

The app runs on a free loopback port with its own progress database (``TUTOR_DB``);
the browser is Debian's Chromium (``/usr/bin/chromium``) driven through Playwright's
Python API, with the flags known to work on a closed-network machine and a new,
empty profile. Playwright's own browser downloads are never used.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from leftovers import Watcher, watch  # tests/ (a test's, a benchmark's and a tool's path have it)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page, Request, WebSocket


def _playwright_timeout() -> type[Exception]:
    """Playwright's TimeoutError, imported when a wait needs it: importing playwright at collection
    costs every pytest worker about half a second of CPU (issue 31), browser tests or not."""
    try:
        from playwright.sync_api import TimeoutError as timeout_error
    except ImportError:  # the tests are skipped without playwright; keep this module importable
        return TimeoutError
    return timeout_error


def _playwright_error() -> type[Exception]:
    """Playwright's base Error (a closed socket, a timeout), imported when a wait needs it."""
    try:
        from playwright.sync_api import Error as playwright_error
    except ImportError:
        return RuntimeError
    return playwright_error


ROOT = Path(__file__).resolve().parents[2]
#: Debian's headless shell when installed (.ci/run installs it), else the full Chromium: the shell is the
#: same Blink without the browser's GPU process and UI, about 9 % less CPU on the learner's and the table's
#: tests measured back to back on the idle machine (issue 31; docs/quality.md).
HEADLESS_SHELL, FULL_CHROMIUM = Path("/usr/bin/chromium-headless-shell"), Path("/usr/bin/chromium")
CHROMIUM = Path(os.environ.get("TUTOR_CHROMIUM") or (HEADLESS_SHELL if HEADLESS_SHELL.exists() else FULL_CHROMIUM))
#: Flags known to work on this kind of machine (closed network, running as root, no GPU).
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The tests' browser only: V8 without its top tier (TurboFan), which compiles hot JavaScript on background
#: threads for speed a page reloaded every few seconds seldom repays. Chromium's CPU on the table, ways
#: and learner files, five pairs alternated on the idle machine: 21.0-22.4 s with it, 19.3-20.8 s without,
#: lower in every pair (docs/quality.md, 2026-12-06 late). The benchmarks keep the browser as a learner's.
TEST_CHROMIUM_FLAGS = [*CHROMIUM_FLAGS, "--js-flags=--max-opt=2"]
#: Guards against a hang, never speed claims (tests/work_bounds.py HANG_GUARD, 600 s): on a loaded
#: machine a server start or a page run may take a minute, and a test must not fail for that (issue 31).
SERVER_START_TIMEOUT = 600.0
#: Playwright's timeout for every wait, in milliseconds (a passing wait returns at once).
DEFAULT_TIMEOUT_MS = 600_000
#: Seconds after an action in which the tab must send the server something, else the action was lost
#: in the browser and is done again (:meth:`App.rerun_after`), at most ``LOST_ACTION_RETRIES`` times.
#: A click sends its message in the same browser task; this is the margin for a starved machine.
LOST_ACTION_SECONDS = 20.0
LOST_ACTION_RETRIES = 2
#: Milliseconds for a selectbox's list to open after a click, before the click is taken as lost and made
#: again (a click during a layout change, e.g. the sidebar sliding away, can be lost: the list then never
#: opens, and the 30 s each attempt waited before cost a journey 30-50 s); the last attempt waits the guard.
LIST_OPEN_MS = 3_000
SELECT_ATTEMPTS = 4
PHONE_VIEWPORT = {"width": 390, "height": 844}
DESKTOP_VIEWPORT = {"width": 1280, "height": 900}


def missing_reason() -> str | None:
    """Why the browser tests cannot run here, or ``None`` when they can."""
    if not CHROMIUM.exists():
        return f"Chromium not found at {CHROMIUM} (apt-get install chromium-headless-shell, or chromium)"
    if importlib.util.find_spec("playwright") is None:  # found, not imported: collection stays light
        return "the playwright Python package is not installed (pip install -e '.[test]')"
    return None


def page_listed(url_path: str) -> bool:
    """Whether app.py lists ``tutor/ui/pages/<url_path>.py`` (pages land one by one)."""
    source = (ROOT / "app.py").read_text(encoding="utf-8")
    return f"tutor/ui/pages/{url_path}.py" in source


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A running ``streamlit run app.py``: its address, process, log file and database."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path
    db: Path
    #: stops the server if the process that started it dies without :func:`stop_server`
    watcher: Watcher | None = None

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


def start_server(workdir: Path, port: int | None = None, *, wait: bool = True, script: str = "app.py",
                 address: str | None = "127.0.0.1", options: tuple[str, ...] = ()) -> Server:
    """Start ``script`` (the app) on a free loopback port with a fresh ``TUTOR_DB`` in ``workdir``.

    ``address=None`` leaves the listening address to the project's ``.streamlit/config.toml``;
    ``options`` are more ``streamlit run`` options (e.g. ``("--secrets.files", PATH)``).
    """
    port = port or free_port()
    db = workdir / "progress.sqlite3"
    log = workdir / "streamlit.log"
    env = {**os.environ, "TUTOR_DB": str(db), "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
    command = [
        sys.executable, "-m", "streamlit", "run", script,
        "--server.headless", "true",
        "--server.port", str(port),
        "--server.fileWatcherType", "none",
        "--browser.gatherUsageStats", "false",
        *(["--server.address", address] if address is not None else []),
        *options,
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", process, log, db, watch(pids=[process.pid]))
    if wait:
        wait_healthy(server)
    return server


def wait_healthy(server: Server, timeout: float = SERVER_START_TIMEOUT) -> None:
    """Poll ``/_stcore/health`` until the server answers; stop it and raise if it never does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"streamlit exited with {server.process.returncode}:\n{server.log_tail()}")
        with contextlib.suppress(OSError, urllib.error.URLError), \
                urllib.request.urlopen(f"{server.url}/_stcore/health", timeout=2) as reply:
            if reply.status == 200:
                return
        time.sleep(0.05)
    stop_server(server)
    raise RuntimeError(f"streamlit did not answer within {timeout:.0f} s:\n{server.log_tail()}")


def stop_server(server: Server) -> None:
    """Stop the server this harness started (by its own process handle)."""
    if server.process.poll() is None:
        server.process.terminate()
        try:
            server.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait(timeout=10)
    if server.watcher is not None:
        server.watcher.release()


class App:
    """A learner's tab on the app, with the waits Streamlit needs.

    Every action that makes Streamlit rerun the page (a button, a widget outside a form,
    Enter in an input) waits for that run to finish: the server's ``script_finished``
    messages are counted on the page's websocket, so the next action never races a page
    that is being redrawn, however fast or slow the run.
    """

    def __init__(self, page: Page, server: Server) -> None:
        self.page = page
        self.server = server
        self._finished = 0
        self._sent = 0  # messages the tab sent the server: a click that reached Streamlit sends one
        #: actions done again because the tab sent nothing after them (see :meth:`rerun_after`)
        self.lost_actions = 0
        #: the latest messages' kinds and when they came (monotonic seconds): what a hang's report shows
        self._seen: list[tuple[float, str]] = []
        self._socket: WebSocket | None = None
        self._listeners: list[tuple[str, Callable[..., object]]] = []
        self._crashed = False
        page.on("websocket", self._watch)
        self.on("crash", self._crash)
        self.on("request", self._navigating)

    def _crash(self, _page: object) -> None:
        self._crashed = True  # the tab's renderer died: no run can end in it

    def _navigating(self, request: Request) -> None:
        """A new document in the tab (a page load, a reload, the sign-in's redirect back): its app opens a
        new websocket, and the old one delivers nothing more -- waiting on it sat out the whole second of
        :meth:`_next_run_end` on every page load (measured: a page open took 1.1 s, Streamlit's own
        one-line app too; 0.25-0.48 s with this). Only a new document asks for one; a link inside the app
        changes the address without a request, and its websocket stays."""
        if not request.is_navigation_request():
            return
        try:
            main = request.frame == self.page.main_frame
        except _playwright_error():  # a frame (an iframe, a popup) asked for before it exists: not the tab's
            return
        if main:
            self._socket = None

    def _watch(self, socket: WebSocket) -> None:
        self._socket = socket
        socket.on("framereceived", self._frame)
        socket.on("framesent", self._frame_sent)

    def _frame_sent(self, _payload: bytes | str) -> None:
        self._sent += 1

    def on(self, event: str, handler: Callable[..., object]) -> None:
        """Listen to the tab's ``event`` while this App drives it (removed by :meth:`detach`)."""
        self.page.on(event, handler)  # type: ignore[call-overload]
        self._listeners.append((event, handler))

    def detach(self) -> None:
        """Stop listening to the tab, which outlives the test (the fixtures reuse one tab per learner)."""
        for event, handler in self._listeners:
            self.page.remove_listener(event, handler)
        self.page.remove_listener("websocket", self._watch)
        if self._socket is not None:
            self._socket.remove_listener("framereceived", self._frame)
            self._socket.remove_listener("framesent", self._frame_sent)

    def _frame(self, payload: bytes | str) -> None:
        from google.protobuf.message import DecodeError
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        if isinstance(payload, str):
            return
        try:
            message = ForwardMsg.FromString(payload)
        except DecodeError:
            return
        self._message(message)

    def _message(self, message: Any) -> None:
        """One decoded ForwardMsg from the server (a subclass that watches more extends this)."""
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        kind = str(message.WhichOneof("type"))
        if kind != "delta":
            self._seen = [*self._seen[-19:], (time.monotonic(), kind)]
        if (kind == "script_finished"
                and message.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN):
            self._finished += 1

    def sent(self) -> int:
        """Messages the tab has sent the server (a click, a widget's change) since it opened."""
        return self._sent

    def runs(self) -> int:
        """Script runs finished (not cut short by another rerun) since the tab opened."""
        return self._finished

    def open(self, path: str = "") -> App:
        """Load a page (``""`` for Home, else its URL path, e.g. ``"laws"``) and wait until it has run."""
        before = self.runs()
        self.page.goto(f"{self.server.url}/{path}", wait_until="domcontentloaded")
        self._wait_run_after(before)
        self.fold_sidebar_on_a_phone()
        self.main.locator("h1").first.wait_for()
        return self

    def _wait_run_after(self, before: int, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> None:
        """Wait for a script run to finish after the count ``before``, and for the app to show it."""
        deadline = time.monotonic() + timeout_ms / 1000
        while self._finished <= before:
            if self.server.process.poll() is not None:
                raise RuntimeError(f"the app server died (exit {self.server.process.returncode}):\n"
                                   f"{self.server.log_tail()}")
            if time.monotonic() > deadline or self._crashed:
                raise _playwright_timeout()(f"no script run finished within {timeout_ms} ms; {self._hang_report()}")
            self._next_run_end(before)
        self.page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]').wait_for()

    def _hang_report(self) -> str:
        """What the tab and the server were doing when a run did not end: to tell a lost click (no
        message after it) from a run that hangs (started, never finished) or a lost connection."""
        now = time.monotonic()
        seen = ", ".join(f"{kind} {now - at:.0f} s ago" for at, kind in self._seen[-8:]) or "none"
        socket = self._socket
        state: object = "unread"
        connection: object = "unread"
        with contextlib.suppress(_playwright_error()):  # a crashed tab answers nothing
            state = self.page.locator('[data-testid="stApp"]').first.get_attribute("data-test-script-state",
                                                                                timeout=5000)
            connection = self.page.locator('[data-testid="stStatusWidget"]').all_inner_texts()
        return (f"{'the tab crashed; ' if self._crashed else ''}the last messages: {seen}; the websocket {'closed' if socket is None or socket.is_closed() else 'open'}; "
                f"the page's script state {state!r}, status {connection!r}; the server's log:\n"
                f"{self.server.log_tail()}")

    def _next_run_end(self, before: int) -> None:
        """Block until the websocket delivers the end of a run after ``before``, or for a second at most
        (the caller then checks the server and the hang guard). Waiting on the frame itself, not polling:
        a 25 ms poll cost the driver and pytest 0.1 s of CPU per second of waiting (issue 31)."""
        socket = self._socket
        if socket is None or socket.is_closed():  # a page load: its new websocket is not open yet
            self.page.wait_for_timeout(25)  # lets Playwright deliver the "websocket" event
            return
        try:
            socket.wait_for_event("framereceived", predicate=lambda _: self._finished > before, timeout=1000)
        except _playwright_timeout():
            return  # a second without the run's end: the caller checks the server and the guard
        except _playwright_error():
            if not socket.is_closed():  # a reload closed this socket while we waited: wait on the next
                raise

    def wait_run_after(self, before: int, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> None:
        """Wait for a run after the count ``before`` (from :meth:`runs`): to drive several tabs at once."""
        self._wait_run_after(before, timeout_ms)

    def rerun_after(self, action: Callable[[], object]) -> None:
        """Do ``action`` (which makes the page rerun) and wait until the rerun has finished.

        A click the browser never delivers is done again: when the tab sent the server nothing
        within :data:`LOST_ACTION_SECONDS` of it (a button re-drawn between Playwright's last check
        and its click, as Streamlit's own tests have met), the server never heard of it, and a
        learner would click again. Anything sent means the action arrived: it is never repeated
        then (a card played twice would be a different deal)."""
        before, sent = self.runs(), self._sent
        action()
        for _ in range(LOST_ACTION_RETRIES):
            if self._heard(before, sent):
                break
            self.lost_actions += 1
            action()
        self._wait_run_after(before)

    def _heard(self, before: int, sent: int) -> bool:
        """Whether the tab sent the server anything (or a run ended) since the counts ``before``, ``sent``:
        waited for up to :data:`LOST_ACTION_SECONDS`, returning at once in the usual case."""
        deadline = time.monotonic() + LOST_ACTION_SECONDS
        while self._sent == sent and self._finished <= before:
            if time.monotonic() > deadline:
                return False
            self.page.wait_for_timeout(50)  # lets Playwright deliver the socket's events
        return True

    def sidebar_links(self) -> list[str]:
        """The titles of the sidebar's page links, those folded under "View N more" unfolded first."""
        nav = self.page.locator('[data-testid="stSidebarNav"]')
        more = nav.get_by_text(re.compile(r"^View \d+ more$"))
        if more.count():
            more.first.click()  # unfolds the list in the browser; no rerun
        # a link reads "<icon's name>\n\n<title>": its title is its last line
        return [str(t).strip().splitlines()[-1] for t in nav.get_by_role("link").all_inner_texts()]

    def go(self, path: str) -> None:
        """Open the page at URL ``path`` (as for :meth:`open`) by its sidebar link, in the same session:
        a rerun, about half the CPU of a page load, which runs Streamlit's front end again (issue 31).
        As a learner would: the sidebar opened first on a phone, the links under "View N more" unfolded."""
        expand = self.page.locator('[data-testid="stExpandSidebarButton"]')
        folded = expand.is_visible()
        if folded:
            expand.click()
        link = self.page.locator(f'[data-testid="stSidebarNav"] a[href="{self.server.url}/{path}"]')
        if not link.count():
            self.sidebar_links()
        self.rerun_after(link.first.click)
        self.fold_sidebar_on_a_phone()
        self.main.locator("h1").first.wait_for()

    def fold_sidebar_on_a_phone(self) -> None:
        """On a phone an open sidebar covers the page, and every click meant for the page lands on it:
        fold it away, as a learner does. It is open after a link was followed, and also on a page load
        when the tab left it open at a desktop width (Streamlit keeps that choice in the tab's storage)."""
        sidebar = self.page.locator('[data-testid="stSidebar"]')
        if not self.on_a_phone() or not sidebar.count() or sidebar.first.get_attribute("data-collapsed") != "false":
            return
        self.page.locator('[data-testid="stSidebarCollapseButton"]').click()
        self.page.wait_for_function(  # slid out of the window, not half-way
            """() => document.querySelector('[data-testid="stSidebar"]').getBoundingClientRect().right <= 0""")

    def on_a_phone(self) -> bool:
        """Whether the tab is as narrow as :data:`PHONE_VIEWPORT` (where Streamlit's sidebar covers the page)."""
        size = self.page.viewport_size
        return size is not None and size["width"] <= PHONE_VIEWPORT["width"]

    @property
    def main(self) -> Locator:
        return self.page.locator('[data-testid="stMain"]')

    def text(self) -> str:
        return str(self.main.inner_text())

    def exceptions(self) -> list[str]:
        return [str(t) for t in self.page.locator('[data-testid="stException"]').all_inner_texts()]

    def errors(self) -> list[str]:
        """Texts of ``st.error`` boxes on the page."""
        return [str(t) for t in self.main.locator('[data-testid="stAlertContentError"]').all_inner_texts()]

    def click_button(self, label: str | re.Pattern[str]) -> None:
        """Click a button (a form's submit button too); every button reruns the page."""
        self.rerun_after(self.main.get_by_role("button", name=label).first.click)

    def choose_radio(self, option: str | re.Pattern[str], group: Locator | None = None,
                     *, rerun: bool = True) -> None:
        """Pick a radio option by its visible label; ``rerun=False`` inside a form."""
        scope = group if group is not None else self.main.locator('[data-testid="stRadio"]').first
        click = scope.locator("label").filter(has_text=option).first.click
        if rerun:
            self.rerun_after(click)
        else:
            click()

    def choose_select(self, label: str | re.Pattern[str], option: str | re.Pattern[str],
                      *, rerun: bool = True) -> None:
        """Pick ``option`` in the selectbox labelled ``label``; ``rerun=False`` inside a form.

        The list closes when the page scrolls, so the box is scrolled into view first and
        opened again if a late scroll closed it.
        """
        box = self.main.get_by_role("combobox", name=label).first
        wanted = self.page.get_by_role("option", name=option).first
        for attempt in range(SELECT_ATTEMPTS):
            last = attempt == SELECT_ATTEMPTS - 1
            box.scroll_into_view_if_needed()
            self.page.wait_for_timeout(150)
            if box.get_attribute("aria-expanded") != "true":
                box.click()
            try:  # retried: the click may have been lost, or the list closed on a late scroll
                wanted.wait_for(timeout=DEFAULT_TIMEOUT_MS if last else LIST_OPEN_MS)
                break
            except _playwright_timeout():
                if last:
                    raise
        if rerun:
            self.rerun_after(wanted.click)
        else:
            wanted.click()

    def fill(self, label: str | re.Pattern[str], value: str, *, rerun: bool = True) -> None:
        """Type ``value`` into the input labelled ``label``; commit with Enter (Tab inside a form)."""
        field = self.main.get_by_label(label).first
        field.fill(value)
        if rerun:
            self.rerun_after(lambda: field.press("Enter"))
        else:
            field.press("Tab")

    def horizontal_overflow(self) -> list[str]:
        """What runs past the right edge of the window (a phone must never scroll sideways).

        Flags the page-level containers (html, body, the app, its main area) when they
        scroll sideways, and any element past the right edge that is not inside an inner
        box of its own that scrolls or clips (a code block, a table), where wide content
        is expected. Empty when the page fits.
        """
        found = self.page.evaluate(
            """() => {
                const width = document.documentElement.clientWidth;
                const pageLevel = new Set([document.documentElement, document.body,
                    ...document.querySelectorAll('[data-testid="stApp"], [data-testid="stAppViewContainer"],' +
                        '[data-testid="stMain"], [data-testid="stMainBlockContainer"]')]);
                const out = [];
                for (const el of pageLevel)
                    if (el.scrollWidth > el.clientWidth + 1)
                        out.push(`${el.dataset.testid || el.tagName.toLowerCase()} scrolls sideways: ` +
                                 `${el.scrollWidth} > ${el.clientWidth}`);
                const main = document.querySelector('[data-testid="stMain"]');
                for (const el of main ? main.querySelectorAll('*') : []) {
                    const r = el.getBoundingClientRect();
                    if (r.width === 0 || r.height === 0 || r.right <= width + 1) continue;
                    let p = el.parentElement, inner = false;
                    while (p && !pageLevel.has(p)) {
                        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) {
                            inner = true;
                            break;
                        }
                        p = p.parentElement;
                    }
                    if (!inner)
                        out.push(`${el.tagName.toLowerCase()}[${el.dataset.testid || el.className}] ` +
                                 `right=${Math.round(r.right)}: ${(el.innerText || '').slice(0, 40)}`);
                }
                return out.slice(0, 10);
            }"""
        )
        return [str(x) for x in found]


#: a card of the two- and three-player tables, as its button reads (the learner's legal cards are enabled)
WAY_CARD = re.compile(r"^[♠♥♦♣](10|[2-9JQKA])$")


def play_way_deal(app: App, moves: int = 80) -> int:
    """Click through a deal of a two- or three-player way: the learner's first legal card when he has
    one, else "Let the robot make this move", until the review (or ``moves`` clicks); no click may end in
    a traceback. Returns how many cards the learner clicked (the browser tests and the screenshots)."""
    clicked = 0
    for _ in range(moves):
        if "Review of the deal" in app.text():
            break
        card = app.main.get_by_role("button", name=WAY_CARD, disabled=False)
        if card.count():
            app.rerun_after(card.first.click)
            clicked += 1
        else:
            app.click_button("Let the robot make this move")
        assert not app.exceptions(), app.exceptions()
    return clicked
