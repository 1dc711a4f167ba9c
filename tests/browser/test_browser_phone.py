"""The tutor reads well on a phone: at 390 px wide no page scrolls sideways.

That no page overflows is checked in ``test_browser_crawl`` (one visit of every page, shared
with the outside-request check); here, the bidding table and the compass in detail. Wide content (a deal diagram in a code block, a table) may scroll inside its own box;
what must never happen is the page itself, or an element outside such a box, running
past the right edge of the screen.
"""

from __future__ import annotations

import re

import pytest

from browser.harness import PHONE_VIEWPORT, App

pytestmark = pytest.mark.browser

def _cells_outside(app: App, table: object) -> list[str]:
    """Texts of the table's cells that reach past the window's right edge, or sit in a table
    that scrolls sideways inside its box (part of it hidden until scrolled)."""
    found = app.page.evaluate(
        """(table) => {
            const width = document.documentElement.clientWidth;
            const out = [];
            for (let p = table; p && p !== document.body; p = p.parentElement)
                if (p.scrollWidth > p.clientWidth + 1 && getComputedStyle(p).overflowX !== 'visible')
                    out.push(`scrolls sideways: ${p.scrollWidth} > ${p.clientWidth}`);
            for (const cell of table.querySelectorAll('th, td')) {
                const r = cell.getBoundingClientRect();
                if (r.width > 0 && r.right > width + 1) out.push(`${cell.innerText} right=${Math.round(r.right)}`);
            }
            return out;
        }""",
        table.element_handle(),  # type: ignore[attr-defined]
    )
    return [str(x) for x in found]


@pytest.mark.app_page("bidding_drill")
def test_the_bidding_table_and_the_compass_show_every_seat_on_a_390_px_phone(app: App) -> None:
    app.page.set_viewport_size(PHONE_VIEWPORT)  # type: ignore[arg-type]
    app.open("bidding_drill?rule=law-41-no-trumps-three-or-four-aces&position=5")
    auction = app.main.locator("table").filter(has_text="West").first
    auction.wait_for()  # the run's end is heard a moment before the page draws its last element
    heads = [h.strip() for h in auction.locator("th").all_inner_texts()]
    assert [h.split(" ")[0] for h in heads] == ["West", "North", "East", "South"]
    assert not _cells_outside(app, auction)
    app.choose_select("Your call", re.compile(r"^pass$"), rerun=False)
    app.click_button("Make this call")
    compass = app.main.locator("table").filter(has_text="East").filter(has_text="♠").last
    compass.wait_for()
    text = compass.inner_text()
    for seat in ("North", "West", "East", "South"):
        assert seat in text
    assert text.count("♠") == 4  # four hands, a spade line each
    assert not _cells_outside(app, compass), "a hand of the compass is cut off at 390 px"
    assert not app.horizontal_overflow()
