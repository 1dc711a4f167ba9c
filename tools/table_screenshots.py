"""Refresh the four-handed practice table's screenshots in docs/: the review and the sheet, 1280 px and 390 px.

    python tools/table_screenshots.py [--seed 2]

Starts the app on a free loopback port with a scratch progress file, plays one deal by
clicking (pass at every call, the first playable card), and saves, at the end of the deal:
``docs/screenshot-table-review.png`` and ``docs/screenshot-table-sheet.png`` (1280 px wide),
``docs/screenshot-table-review-phone.png`` and ``docs/screenshot-table-sheet-phone.png`` (390 px);
mid-play, ``docs/screenshot-table-play.png`` and ``-phone.png`` (the hand as cards to click).
Uses Debian's Chromium through Playwright, as the browser tests do (tests/browser/harness.py).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser.harness import (  # noqa: E402  (the harness lives with the tests)
    CHROMIUM,
    CHROMIUM_FLAGS,
    DESKTOP_VIEWPORT,
    PHONE_VIEWPORT,
    App,
    start_server,
    stop_server,
)

PLAYABLE = '[class*="st-key-table_card_"] button:not([disabled]), [class*="st-key-table_call_"] button'


DOCS = ROOT / "docs"


def play_a_deal(app: App, seed: int, name: str) -> None:
    """Play the deal by clicks; at the learner's first card after a finished trick, save the table as seen."""
    app.open("practice_table")
    app.fill("Rubber number (the same number deals the same cards)", str(seed))
    app.click_button("Start a new rubber")
    shot = False
    for _ in range(120):
        text = app.text()
        if "Review of the deal" in text:
            return
        if not shot and "Last trick" in text and "click a card" in text:
            _top(app, "Contract:")
            app.page.screenshot(path=str(DOCS / f"screenshot-table-play{name}.png"))
            shot = True
        app.rerun_after(app.main.locator(PLAYABLE).first.click)
    raise RuntimeError("the deal did not end within 120 clicks")


def _top(app: App, text: str) -> None:
    """Scroll so that ``text`` stands at the top of the window."""
    app.main.get_by_text(text).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    app.page.wait_for_timeout(500)


def shoot(app: App, name: str) -> None:
    _top(app, "Review of the deal" if name else "The four hands")
    app.page.screenshot(path=str(DOCS / f"screenshot-table-review{name}.png"))
    _top(app, "The score sheet (this deal written)")
    app.page.screenshot(path=str(DOCS / f"screenshot-table-sheet{name}.png"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS)
        for viewport, name in ((DESKTOP_VIEWPORT, ""), (PHONE_VIEWPORT, "-phone")):
            with tempfile.TemporaryDirectory() as work:  # a fresh progress file: a new rubber each time
                server = start_server(Path(work))
                try:
                    page = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
                    page.set_default_timeout(120_000)
                    app = App(page, server)
                    play_a_deal(app, args.seed, name)
                    shoot(app, name)
                    page.close()
                finally:
                    stop_server(server)
        browser.close()
    print("saved docs/screenshot-table-{play,review,sheet}{,-phone}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
