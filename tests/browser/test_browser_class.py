"""Class mode end to end in Chromium (issue 30): a teacher creates a class, two learners' accounts and
an assignment; the two learners sign in in their own browsers, join with consent and answer a law
quiz question; the teacher's CSV holds exactly their answers; a learner cannot open the teacher's
view (nor another learner's record) by its address.

The class runs on the class-mode server (``class_server.py``, shared with the sign-in test: its own
database, since class mode must not reach the other browser tests, which run in single-user mode).
The learners use the session's two learners' tabs; the teacher a third browser context."""

from __future__ import annotations

import csv
import io
import re
from typing import TYPE_CHECKING

import pytest

from browser.class_server import ClassServer
from browser.harness import App

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser


def _sign_in(tab: App, name: str, code: str) -> None:
    tab.open("")  # signed out, the sign-in page is the only page: the app's first address
    tab.fill("Your name, as your teacher wrote it", name, rerun=False)
    tab.fill("Your quick-login code", code, rerun=False)
    tab.click_button(re.compile(r"^Sign in$"))  # not the provider's "Sign in with your school …"
    tab.main.get_by_text(f"Signed in as {name}").first.wait_for()


def _answer_one_quiz_question(tab: App) -> str:
    """Answer the first question of the law quiz (the first option, or 0); returns the page's verdict."""
    tab.go("law_quiz")
    tab.main.locator('[data-testid="stNumberInput"], [data-testid="stRadio"]').first.wait_for()
    if tab.main.locator('[data-testid="stNumberInput"]').count():
        tab.fill("Your answer", "0")
    else:
        tab.rerun_after(tab.main.locator('[data-testid="stRadio"] [role="radiogroup"] label').first.click)
    tab.click_button("Check")
    tab.main.get_by_text(re.compile(r"^(Right\.|Not quite)")).first.wait_for()
    return "1" if "Right." in tab.text() else "0"


def test_a_class_end_to_end(class_server: ClassServer, first_tab: Page, second_tab: Page, chromium: Browser) -> None:
    server, teacher_code = class_server.server, class_server.teacher_code
    from browser.conftest import _context

    third = _context(chromium)  # the teacher: a third context of the session's one browser
    teacher = App(third.new_page(), server)
    learners = [App(first_tab, server), App(second_tab, server)]
    try:
        _sign_in(teacher, "Orlova", teacher_code)
        teacher.go("teacher")
        teacher.fill("A new class", "Thursday club", rerun=False)
        teacher.click_button("Create the class")
        join_code = re.search(r"Join code: (\w+)", teacher.text()).group(1)  # type: ignore[union-attr]
        codes = {}
        teacher.main.get_by_text("Accounts and quick-login codes").first.click()  # open the expander
        for name in ("anna", "bob"):
            teacher.fill("Learner's name", name, rerun=False)
            teacher.click_button("Create the account")
            codes[name] = teacher.main.locator('[data-testid="stCode"]').first.inner_text().strip()
        teacher.main.get_by_text("Set an assignment").first.click()  # open the expander
        teacher.fill("Title", "First homework", rerun=False)
        teacher.main.get_by_label(re.compile("^Items")).first.fill("law law-12, law law-35")
        teacher.click_button("Set it")
        teacher.main.get_by_text("Assignment set.").first.wait_for()
        verdicts = {}
        for tab, name in zip(learners, ("anna", "bob"), strict=True):
            _sign_in(tab, name, codes[name])
            tab.fill("The class's join code", join_code, rerun=False)
            tab.main.get_by_text("I agree that the teacher").first.click()
            tab.click_button("Join")
            tab.main.get_by_text("You joined Thursday club").first.wait_for()
            verdicts[name] = _answer_one_quiz_question(tab)
        teacher.go("teacher")
        teacher.click_button("Prepare the class's answers as CSV")
        with teacher.page.expect_download() as download:
            teacher.main.get_by_role("button", name="Download the CSV").first.click()
        rows = list(csv.DictReader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))  # noqa: SIM115
        assert sorted((r["learner"], r["correct"]) for r in rows) == sorted(verdicts.items())
        anna = learners[0]
        assert not anna.page.locator('[data-testid="stSidebarNav"]').get_by_role("link", name="Teacher's view").count()
        anna.go("progress")  # her own record only: no profile picker, nothing of bob's
        assert "Signed in as anna" in anna.text() and "bob" not in anna.text()
        assert not anna.main.get_by_role("combobox", name="Learner profile").count()
        # a learner types the teacher's address: a new session, which is shown the sign-in page only
        anna.open("teacher")
        anna.main.get_by_label("Your quick-login code").wait_for()  # the sign-in page, not a blank moment
        assert "Join code" not in anna.text() and "Create the class" not in anna.text()
    finally:
        for tab in learners:
            tab.detach()  # the session's tabs outlive the test
        third.close()
