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
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("TUTOR_CHROMIUM", "/usr/bin/chromium"))
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
SERVER_START_TIMEOUT = 60.0
#: Playwright's timeout for every wait, in milliseconds.
DEFAULT_TIMEOUT_MS = 20_000
PHONE_VIEWPORT = {"width": 390, "height": 844}
DESKTOP_VIEWPORT = {"width": 1280, "height": 900}


def missing_reason() -> str | None:
    """Why the browser tests cannot run here, or ``None`` when they can."""
    if not CHROMIUM.exists():
        return f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
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

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


def start_server(workdir: Path, port: int | None = None, *, wait: bool = True, script: str = "app.py") -> Server:
    """Start ``script`` (the app) on a free loopback port with a fresh ``TUTOR_DB`` in ``workdir``."""
    port = port or free_port()
    db = workdir / "progress.sqlite3"
    log = workdir / "streamlit.log"
    env = {**os.environ, "TUTOR_DB": str(db), "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
    command = [
        sys.executable, "-m", "streamlit", "run", script,
        "--server.headless", "true",
        "--server.port", str(port),
        "--server.address", "127.0.0.1",
        "--server.fileWatcherType", "none",
        "--browser.gatherUsageStats", "false",
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", process, log, db)
    if wait:
        wait_healthy(server)
    return server


def wait_healthy(server: Server, timeout: float = SERVER_START_TIMEOUT) -> None:
    """Poll ``/_stcore/health`` until the server answers; stop it and raise if it never does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"streamlit exited with {server.process.returncode}:\n{server.log_tail()}")
        with contextlib.suppress(OSError, urllib.error.URLError):
            with urllib.request.urlopen(f"{server.url}/_stcore/health", timeout=2) as reply:
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


class App:
    """A learner's tab on the app, with the waits Streamlit needs."""

    def __init__(self, page: Page, server: Server) -> None:
        self.page = page
        self.server = server

    def open(self, path: str = "", settle_ms: int = 200) -> App:
        """Load a page (``""`` for Home, else its URL path, e.g. ``"laws"``) and wait until it has run."""
        self.page.goto(f"{self.server.url}/{path}", wait_until="domcontentloaded")
        self.page.locator('[data-testid="stApp"]').wait_for()
        self.wait_idle(settle_ms)
        self.main.locator("h1").first.wait_for()
        return self

    def wait_idle(self, settle_ms: int = 200) -> None:
        """Wait until the script run triggered by the last action has finished."""
        self.page.wait_for_timeout(settle_ms)
        self.page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]').wait_for()

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
        self.main.get_by_role("button", name=label).first.click()
        self.wait_idle()

    def choose_radio(self, option: str | re.Pattern[str], group: Locator | None = None) -> None:
        """Pick a radio option by its visible label (Streamlit hides the input itself)."""
        scope = group if group is not None else self.main.locator('[data-testid="stRadio"]').first
        scope.locator("label").filter(has_text=option).first.click()
        self.wait_idle()

    def choose_select(self, label: str | re.Pattern[str], option: str | re.Pattern[str]) -> None:
        """Pick ``option`` in the selectbox labelled ``label``."""
        box = self.main.locator('[data-testid="stSelectbox"]').filter(has_text=label).first
        box.locator('[data-baseweb="select"]').click()
        self.page.get_by_role("option", name=option).first.click()
        self.wait_idle()

    def fill(self, label: str | re.Pattern[str], value: str) -> None:
        """Type ``value`` into the text or number input labelled ``label`` and commit it (Enter)."""
        field = self.main.get_by_label(label).first
        field.fill(value)
        field.press("Enter")
        self.wait_idle()

    def horizontal_overflow(self) -> list[str]:
        """Elements wider than the window (a phone must never scroll sideways); empty when none."""
        found = self.page.evaluate(
            """() => {
                const width = document.documentElement.clientWidth;
                const out = [];
                if (document.documentElement.scrollWidth > width + 1)
                    out.push(`document scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
                for (const el of document.querySelectorAll('[data-testid="stMain"] *')) {
                    const r = el.getBoundingClientRect();
                    if (r.width === 0 || r.height === 0) continue;
                    let p = el.parentElement, clipped = false;
                    while (p) {
                        const s = getComputedStyle(p);
                        if (['auto', 'scroll', 'hidden', 'clip'].includes(s.overflowX)) {
                            const pr = p.getBoundingClientRect();
                            if (pr.right <= width + 1) { clipped = true; break; }
                        }
                        p = p.parentElement;
                    }
                    if (!clipped && r.right > width + 1)
                        out.push(`${el.tagName.toLowerCase()}[data-testid=${el.dataset.testid || ''}] ` +
                                 `right=${Math.round(r.right)}: ${(el.innerText || '').slice(0, 40)}`);
                }
                return out.slice(0, 10);
            }"""
        )
        return [str(x) for x in found]
