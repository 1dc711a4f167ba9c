"""The tutor reads well on a phone: at 390 px wide no page scrolls sideways.

Wide content (a deal diagram in a code block, a table) may scroll inside its own box;
what must never happen is the page itself, or an element outside such a box, running
past the right edge of the screen.
"""

from __future__ import annotations

import re

import pytest

from browser.harness import PHONE_VIEWPORT, App, page_listed

pytestmark = pytest.mark.browser

#: URL paths of the pages a learner opens most, in the order of a first session.
PHONE_PAGES = ["", "laws", "law_quiz", "bidding_drill", "play_drill", "scoring_quiz", "scoring",
               "solo_whist", "review", "progress"]


def test_no_page_overflows_horizontally_on_a_390_px_phone(app: App) -> None:
    app.page.set_viewport_size(PHONE_VIEWPORT)  # type: ignore[arg-type]
    checked, problems = [], {}
    for path in PHONE_PAGES:
        if path and not page_listed(path):
            continue
        app.open(path)
        assert app.page.evaluate("() => document.documentElement.clientWidth") <= PHONE_VIEWPORT["width"]
        found = app.horizontal_overflow()
        if path == "bidding_drill":  # the answer brings tables and the whole deal: check those too
            app.choose_select("Your call", re.compile(r"^P — "), rerun=False)
            app.click_button("Make this call")
            found += app.horizontal_overflow()
        if found:
            problems[path or "home"] = found
        checked.append(path or "home")
    if not problems:
        return
    from browser.harness import ROOT

    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    for path in problems:
        app.open("" if path == "home" else path)
        app.page.screenshot(path=str(artifacts / f"phone-{path}.png"), full_page=True)
    pytest.fail(f"pages wider than {PHONE_VIEWPORT['width']} px (checked {', '.join(checked)}): {problems}")
