"""``st.login`` against a real OpenID Connect provider, in Chromium (issue 30).

The provider (``tests/oidc_provider.py``: Authlib's authorization server, discovery, a sign-in form,
the token endpoint, JWKS, RS256-signed ID tokens, RP-initiated logout) runs on localhost; the app runs
under ``streamlit run`` with an ``[auth]`` secrets file pointing at it, as README "Serve a class" step 7
tells a club to write it (the class-mode server of ``class_server.py``, shared with the class test). A
person clicks the app's sign-in button, signs in at the provider and lands back in the app as the
account whose e-mail the teacher entered, with the role the tutor's database gives it: the token of
the learner and of the stranger both claim ``roles: ["teacher"]``, which the tutor must ignore. An
identity the tutor does not know gets no teacher's view; signing out ends the session at the app and
at the provider.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from browser.class_server import ClassServer
from browser.harness import App

if TYPE_CHECKING:
    from oidc_provider import Provider, User
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

SIGN_IN_BUTTON = "Sign in with your school or club account"


def _sign_in_at_provider(tab: App, provider: Provider, who: User, password: str | None = None, *,
                         from_app: bool = True) -> None:
    """Click the app's sign-in button (``from_app=False``: the tab is on the provider's form already,
    as a refused password leaves it), sign in on the provider's form, wait to be back in the app."""
    if from_app:
        tab.open("")
        tab.main.get_by_role("button", name=SIGN_IN_BUTTON).first.click()
    tab.page.wait_for_url(re.compile(re.escape(provider.issuer) + r"/authorize\?"))
    tab.page.get_by_label("E-mail").fill(who.email)
    tab.page.get_by_label("Password").fill(password or who.password)
    before = tab.runs()
    tab.page.get_by_role("button", name="Sign in at the club").click()
    if password is not None:
        return
    tab.page.wait_for_url(re.compile(re.escape(tab.server.url) + r"/?$"))
    tab.wait_run_after(before)
    tab.main.locator("h1").first.wait_for()
    if tab.main.locator("h1").first.inner_text().strip() != "Your account":  # a known account lands on Home
        tab.go("sign_in")


def _sign_out(tab: App, provider: Provider) -> None:
    """The app's sign-out button: Streamlit's logout goes through the provider's end-session endpoint
    and back to the app, signed out."""
    tab.go("sign_in")
    # the app signs the session out and shows its sign-in button at once, then goes through the
    # provider's end-session endpoint and back (/oauth2callback): wait for that return, not the button
    sign_out = tab.main.get_by_role("button", name="Sign out").first
    sign_out.wait_for()
    # click once the app is idle (the page signs in from the provider's cookie in a second run); the app
    # then only redirects: a rerun after st.logout() could drop the redirect and keep the cookie
    tab.page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]').wait_for()
    with tab.page.expect_request(lambda r: r.url.startswith(f"{tab.server.url}/oauth2callback")):
        sign_out.click()
    tab.page.wait_for_url(re.compile(re.escape(tab.server.url) + r"/?$"))
    tab.main.get_by_role("button", name=SIGN_IN_BUTTON).first.wait_for()


def test_st_login_with_a_real_provider(class_server: ClassServer, first_tab: Page, second_tab: Page,
                                      chromium: Browser) -> None:
    server, provider = class_server.server, class_server.provider
    TEACHER, LEARNER, STRANGER = class_server.people  # noqa: N806 - the provider's three people
    from browser.conftest import _context

    # a browser profile each, their own cookies: the session's two learners' tabs and a third context
    own = _context(chromium)
    teacher, learner, stranger = App(first_tab, server), App(second_tab, server), App(own.new_page(), server)
    try:
        # the teacher: signs in at the provider, is Orlova with the teacher's view
        _sign_in_at_provider(teacher, provider, TEACHER)
        assert "Signed in as Orlova (teacher)" in teacher.text()
        assert "Teacher's view" in teacher.sidebar_links()
        teacher.open("teacher")  # a new session by address: the provider's sign-in still holds
        teacher.main.get_by_text("Create the class").first.wait_for()
        assert not teacher.exceptions()

        # a wrong password at the provider: the provider refuses, nothing reaches the app
        _sign_in_at_provider(learner, provider, LEARNER, password="not-it")
        learner.page.get_by_text("Wrong e-mail or password.").wait_for()
        assert provider.signed_in == [TEACHER.email]

        # the learner, again on the form that refused him: his token claims a teacher's role, the
        # tutor's database says learner
        _sign_in_at_provider(learner, provider, LEARNER, from_app=False)
        assert "Signed in as Pavel (learner)" in learner.text()
        assert "Teacher's view" not in learner.sidebar_links()
        learner.open("teacher")  # by address: not his page, so the app shows him another
        assert "Create the class" not in learner.text() and "Join code" not in learner.text()

        # a stranger the provider knows and the tutor does not: no account, no teacher's view
        _sign_in_at_provider(stranger, provider, STRANGER)
        stranger.main.get_by_text("no account here is yours yet").first.wait_for()
        assert "Signed in as" not in stranger.text()
        assert stranger.sidebar_links() == []  # one page only: Streamlit shows no page list at all
        stranger.open("teacher")
        assert "Create the class" not in stranger.text()

        # signing out: through the provider's end-session endpoint, back to the sign-in button
        _sign_out(teacher, provider)
        assert provider.ended == [TEACHER.email]
        teacher.open("teacher")  # the cookie is gone: a new session is a visitor's
        # the address's page hands over to the sign-in page in a second run: wait for it, then read
        teacher.main.get_by_role("button", name=SIGN_IN_BUTTON).first.wait_for()
        assert "Create the class" not in teacher.text()
        assert provider.signed_in == [TEACHER.email, LEARNER.email, STRANGER.email]
    finally:
        for tab in (teacher, learner):  # the session's tabs outlive the test: no identity may stay in them
            tab.detach()
            tab.page.context.clear_cookies()
        own.close()
