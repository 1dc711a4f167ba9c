"""A whole deal at the practice table in the real app: start a rubber, call and play to the end, read the review."""

from __future__ import annotations

import re

import pytest

from browser.harness import App

pytestmark = pytest.mark.browser


@pytest.mark.app_page("practice_table")
def test_a_full_deal_at_the_practice_table(app: App) -> None:
    app.open("practice_table")
    assert "Practice table" in app.main.locator("h1").first.inner_text()
    app.click_button("Start a new rubber")
    for _ in range(40):  # 13 cards and a few calls; each click lets the robots act until it is our turn
        if "Review of the deal" in app.text():
            break
        app.click_button(re.compile(r"Make this (call|card)"))
        assert not app.exceptions(), app.exceptions()
    text = app.text()
    assert "Review of the deal" in text
    assert "West" in text and "North" in text and "East" in text and "South" in text  # the bidding table
    assert "the line" in text or "=====" in text  # the score sheet
    assert not app.errors()
