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
