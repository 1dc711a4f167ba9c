"""Server defaults for a local learning app (issue 13): nothing leaves this computer, no developer toolbar.

- Every request the pages make (documents, scripts, fonts, images, the favicon,
  the websocket) goes to the app's own server: the tutor works offline and tells
  no outside host who is learning. Checked in ``test_browser_crawl``, on the same
  visit of every page as the phone check (one page load each instead of two).
- The toolbar has no Deploy button and no developer menu (``client.toolbarMode``).
- Started with the project's ``.streamlit/config.toml`` alone, the server listens
  on this computer only (``server.address``): reachable on the loopback address,
  refused on the machine's network address.
- The resolved settings are read back from Streamlit itself (``streamlit config
  show``), so a misspelt option, which Streamlit would ignore, fails here.
"""

from __future__ import annotations

import contextlib
import re
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest
from work_bounds import HANG_GUARD

from browser.harness import ROOT, App, start_server, stop_server

pytestmark = pytest.mark.browser

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
#: Pages that draw the most kinds of element: icons, tables, charts, code, dialogs (the crawl
#: of ``test_browser_crawl`` must open each of them).
PAGES = ("", "laws", "bidding_drill", "play_drill", "scoring", "progress")


def outside(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme in ("data", "blob", "about"):
        return False  # made in the page itself: no network
    return parsed.hostname not in LOCAL_HOSTS


def test_the_toolbar_has_no_deploy_button_and_no_developer_menu(app: App) -> None:
    app.open("")
    header = app.page.locator('[data-testid="stHeader"]')
    header.wait_for()
    assert app.page.get_by_role("button", name=re.compile("deploy", re.I)).count() == 0
    assert app.page.locator('[data-testid="stAppDeployButton"]').count() == 0
    assert app.page.locator('[data-testid="stMainMenu"]').count() == 0, "minimal toolbar: no menu"
    assert "Deploy" not in header.inner_text()


def test_the_resolved_settings_are_the_projects() -> None:
    shown = subprocess.run([sys.executable, "-m", "streamlit", "config", "show"], cwd=ROOT, check=True,
                           capture_output=True, text=True, timeout=HANG_GUARD).stdout
    settings = dict(re.findall(r"^(\w+) = (.+)$", shown, flags=re.M))
    assert settings["address"] == '"localhost"'
    assert settings["showErrorDetails"] == '"none"'
    assert settings["toolbarMode"] == '"minimal"'
    assert settings["gatherUsageStats"] == "false"
    assert settings["maxUploadSize"] == "16"  # MB: the largest file the tutor reads (16 MiB of JSON)


def _network_address() -> str | None:
    """This machine's address on its network (no packet is sent), or None when it has only loopback."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
        except OSError:
            return None
        address = str(probe.getsockname()[0])
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def _answers(url: str, timeout: float = HANG_GUARD) -> bool:
    """Whether ``url`` answers its health check (``timeout``: a guard against a hang, not a speed claim)."""
    with contextlib.suppress(OSError), urllib.request.urlopen(f"{url}/_stcore/health", timeout=timeout) as reply:
        return bool(reply.status == 200)
    return False


def test_by_default_the_server_listens_on_this_computer_only(tmp_path: Path) -> None:
    server = start_server(tmp_path, address=None)  # the address comes from .streamlit/config.toml
    try:
        assert _answers(server.url), "reachable on the loopback address"
        outside = _network_address()
        if outside is None:
            pytest.skip("this machine has no network address to try")
        port = urlparse(server.url).port
        assert not _answers(f"http://{outside}:{port}"), f"refused on {outside}"
    finally:
        stop_server(server)
