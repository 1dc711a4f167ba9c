"""A learner opens the tutor: the home page says what it offers, without an error."""

from __future__ import annotations

import pytest

from browser.harness import App

pytestmark = pytest.mark.browser


def test_home_page_opens_and_says_what_the_tutor_offers(app: App) -> None:
    app.open()
    heading = app.main.locator("h1").first
    assert "Vint tutor" in heading.inner_text()
    text = app.text()
    assert "Study the laws" in text and "Solo Whist" in text
    assert not app.exceptions()
    assert app.page.title()  # the tab has a title


def test_a_click_the_browser_drops_is_done_again_and_a_delivered_one_never(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness's guard against a lost click (the CI hang of 2026-12-03): an action after which
    the tab sends the server nothing is done again; one the server heard is never repeated."""
    from browser import harness

    app.open()
    link = app.main.get_by_role("link", name="Solo Whist").first
    tries: list[int] = []

    def dropped_the_first_time() -> None:  # as a click the browser never delivers
        tries.append(1)
        if len(tries) > 1:
            link.click()

    with monkeypatch.context() as short:
        short.setattr(harness, "LOST_ACTION_SECONDS", 1.0)
        app.rerun_after(dropped_the_first_time)
    assert len(tries) == 2 and app.lost_actions == 1
    assert app.page.url.endswith("/solo_whist")
    app.open()
    clicks: list[int] = []
    sent = app.sent()
    app.rerun_after(lambda: (clicks.append(1), app.main.get_by_role("link", name="Solo Whist").first.click()))
    assert clicks == [1] and app.lost_actions == 1 and app.page.url.endswith("/solo_whist")
    assert app.sent() > sent  # heard by the message the click sent, not only by the run's end
