"""Refresh the practice table's screenshots in docs/: the review and the sheet at every table size, 1280 px and 390 px.

    python tools/table_screenshots.py [--seed 2]

Starts the app on a free loopback port with a scratch progress file for each picture set, and
plays one deal by clicking:

* four players (pass at every call, the first playable card): at the end of the deal
  ``docs/screenshot-table-review.png`` and ``docs/screenshot-table-sheet.png`` (1280 px wide),
  the same with ``-phone`` (390 px); mid-play ``docs/screenshot-table-play.png`` (the hand as cards);
* two players (``dummy-auction``) and three (``auction``): the learner clicks his first legal card
  and lets the robot make his other moves; ``screenshot-table-review-2players.png`` (the review
  beside the four hands) and ``screenshot-table-sheet-2players.png`` (the deal's records and the
  rubber so far), likewise ``-3players``, each with ``-phone``;
* five players: the learner plays his seat of the first rubber at the four-handed table
  (``screenshot-table-review-5players.png``), and the robots play a rubber for the evening's
  running record (``screenshot-table-sheet-5players.png``), each with ``-phone``.

Uses Debian's Chromium through Playwright, as the browser tests do (tests/browser/harness.py).
"""

from __future__ import annotations

import argparse
import re
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
    play_way_deal,
    start_server,
    stop_server,
)

PLAYABLE = '[class*="st-key-table_card_"] button:not([disabled]), [class*="st-key-table_call_"] button'
#: the two- and three-player deal pictured: A, the learner, declares 1NT there (``tutor robots
#: --players 2 --way dummy-auction --seed 4``; likewise three players, ``auction``), so it is played
WAY_DEAL = 4


DOCS = ROOT / "docs"


def play_a_deal(app: App, seed: int, name: str) -> None:
    """Play the deal by clicks; at the learner's first card after a finished trick, save the table as seen."""
    app.open("practice_table")
    app.fill("Rubber number (the same number deals the same cards)", str(seed))
    app.click_button("Start a new rubber")
    click_through(app, name)


def click_through(app: App, name: str | None) -> None:
    """Click the four-handed table's first call or card until the review; ``name``: save the play once."""
    shot = name is None
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


def play_a_way(app: App, players: str, way: str) -> None:
    """A deal of a two- or three-player way by clicks (the first legal card; the robot's other moves)."""
    app.open("practice_table")
    app.choose_select("Players at the table", players)
    app.choose_select("Way", re.compile(f"^{way}:"))
    app.fill("Deal number (the same number deals the same cards)", str(WAY_DEAL))
    play_way_deal(app)
    if "Review of the deal" not in app.text():
        raise RuntimeError(f"the {way} deal did not end within 80 moves")


def shoot_way(app: App, size: str, name: str) -> None:
    _top(app, "Review of the deal")
    app.page.screenshot(path=str(DOCS / f"screenshot-table-review-{size}{name}.png"))
    _top(app, "This deal's records")
    app.page.screenshot(path=str(DOCS / f"screenshot-table-sheet-{size}{name}.png"))


def five_players(app: App, seed: int, name: str) -> None:
    """The evening's running record after the robots' rubber, then the learner's seat of the first rubber."""
    app.open("practice_table")
    app.choose_select("Players at the table", "5 players")
    app.click_button("Let the robots play this rubber")
    _top(app, "The running record")
    app.page.screenshot(path=str(DOCS / f"screenshot-table-sheet-5players{name}.png"))
    app.click_button(re.compile(r"Play your seat"))
    click_through(app, None)
    _top(app, "Review of the deal" if name else "The four hands")
    app.page.screenshot(path=str(DOCS / f"screenshot-table-review-5players{name}.png"))


def _pictures(app: App, seed: int, name: str, size: str) -> None:
    if size == "4":
        play_a_deal(app, seed, name)
        shoot(app, name)
    elif size == "5":
        five_players(app, seed, name)
    else:
        play_a_way(app, f"{size} players", "dummy-auction" if size == "2" else "auction")
        shoot_way(app, f"{size}players", name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--sizes", default="4,2,3,5", help="the table sizes to picture, comma-separated")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS)
        for size in args.sizes.split(","):
            for viewport, name in ((DESKTOP_VIEWPORT, ""), (PHONE_VIEWPORT, "-phone")):
                with tempfile.TemporaryDirectory() as work:  # a fresh progress file: a new rubber each time
                    server = start_server(Path(work))
                    try:
                        page = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
                        page.set_default_timeout(120_000)
                        _pictures(App(page, server), args.seed, name, size)
                        page.close()
                    finally:
                        stop_server(server)
        browser.close()
    print("saved docs/screenshot-table-{play,review,sheet}{,-2players,-3players,-5players}{,-phone}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
