"""One visit of every page at 390 px, two checks on what it saw: nothing runs past a phone's edge,
and nothing is fetched from an outside host (issue 13: the tutor works offline).

Loading a page is the dear part of a browser test (Chromium runs Streamlit's whole front
end, about 0.7 s of CPU a load), so the phone check (``test_browser_phone``) and the
outside-request check (``test_browser_offline``), which used to visit the pages one after
the other, share one visit per page. Each keeps its assertions in a subtest of its own,
so a failure of one is reported under its own name and never hides the other.

- Phone: at 390 px wide no page scrolls sideways. Wide content (a deal diagram in a
  code block, a table) may scroll inside its own box; what must never happen is the
  page itself, or an element outside such a box, running past the right edge.
- Offline: every request the pages make (documents, scripts, fonts, images, the
  favicon, the websocket) goes to the app's own server. The favicon used to come from
  a font server (a Material icon as page icon is fetched from fonts.gstatic.com).
  Requests do not depend on the window's width; the crawl also answers a bidding drill,
  so it records more requests than a plain visit would.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from browser.harness import PHONE_VIEWPORT, ROOT, App, page_listed
from browser.test_browser_offline import PAGES, outside

pytestmark = pytest.mark.browser

#: URL paths of the pages a learner opens most, in the order of a first session.
PHONE_PAGES = ["", "laws", "law_quiz", "bidding_drill", "play_drill", "scoring_quiz", "scoring",
               "solo_whist", "review", "progress"]


@dataclass
class Crawl:
    """What one visit of every page saw: each page's width and overflow, every request."""

    visited: list[str] = field(default_factory=list)  # URL paths, "" for Home
    widths: dict[str, int] = field(default_factory=dict)  # document.documentElement.clientWidth
    overflow: dict[str, list[str]] = field(default_factory=dict)  # page -> what runs past the edge
    requested: list[str] = field(default_factory=list)  # every request and websocket the pages opened
    favicon: str = ""  # the last page's shortcut icon


def crawl(app: App) -> Crawl:
    """Open every listed page of :data:`PHONE_PAGES` at 390 px, recording what each check needs."""
    seen = Crawl()
    app.on("request", lambda request: seen.requested.append(request.url))
    app.on("websocket", lambda socket: seen.requested.append(socket.url))
    app.page.set_viewport_size(PHONE_VIEWPORT)  # type: ignore[arg-type]
    for path in PHONE_PAGES:
        if path and not page_listed(path):
            continue
        if seen.visited:
            app.go(path)  # by the sidebar, as a learner moves on: no page load of Streamlit's front end
        else:
            app.open(path)
        seen.widths[path] = int(app.page.evaluate("() => document.documentElement.clientWidth"))
        found = app.horizontal_overflow()
        if path == "bidding_drill":  # the answer brings tables and the whole deal: check those too
            app.choose_select("Your call", re.compile(r"^pass$"), rerun=False)
            app.click_button("Make this call")
            found += app.horizontal_overflow()
        if found:
            seen.overflow[path or "home"] = found
        seen.visited.append(path)
    app.page.wait_for_timeout(500)  # late requests: fonts, the favicon
    seen.favicon = str(app.page.evaluate("() => document.querySelector(\"link[rel='shortcut icon']\")?.href ?? ''"))
    return seen


def _photograph(app: App, pages: list[str]) -> None:
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    for path in pages:
        app.open("" if path == "home" else path)
        app.page.screenshot(path=str(artifacts / f"phone-{path}.png"), full_page=True)


def test_every_page_fits_a_390_px_phone_and_asks_no_outside_host(app: App, subtests: pytest.Subtests) -> None:
    seen = crawl(app)
    with subtests.test(msg="no page overflows horizontally on a 390 px phone"):
        for path in seen.visited:
            assert seen.widths[path] <= PHONE_VIEWPORT["width"], (path or "home", seen.widths[path])
        if seen.overflow:
            _photograph(app, list(seen.overflow))
            checked = ", ".join(path or "home" for path in seen.visited)
            pytest.fail(f"pages wider than {PHONE_VIEWPORT['width']} px (checked {checked}): {seen.overflow}")
    with subtests.test(msg="no page makes a request to an outside host"):
        missed = [path or "home" for path in PAGES if path not in seen.visited]
        assert not missed, f"the crawl did not open {missed}"
        assert seen.requested, "the recorder saw the pages load"
        assert [url for url in seen.requested if outside(url)] == []
        assert seen.favicon and not outside(seen.favicon), seen.favicon
