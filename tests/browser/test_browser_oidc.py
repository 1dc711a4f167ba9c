"""``st.login`` against a real OpenID Connect provider, in Chromium (issue 30).

The provider (``tests/oidc_provider.py``: Authlib's authorization server, discovery, a sign-in form,
the token endpoint, JWKS, RS256-signed ID tokens, RP-initiated logout) runs on localhost; the app runs
under ``streamlit run`` with an ``[auth]`` secrets file pointing at it, as README "Serve a class" step 7
tells a club to write it. A person clicks the app's sign-in button, signs in at the provider and lands
back in the app as the account whose e-mail the teacher entered, with the role the tutor's database
gives it: the token of the learner and of the stranger both claim ``roles: ["teacher"]``, which the
tutor must ignore. An identity the tutor does not know gets no teacher's view; signing out ends the
session at the app and at the provider.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from oidc_provider import Provider, User

from browser.harness import App, Server, free_port, start_server, stop_server
from tutor.lessons.classroom import accounts
from tutor.lessons.progress import open_store

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

TEACHER = User("orlova@club.test", "lilac-7-harbour", "Vera Orlova")
LEARNER = User("pavel@club.test", "copper-2-meadow", "Pavel", {"roles": ["teacher"]})
STRANGER = User("guest@club.test", "amber-9-willow", "A guest", {"roles": ["teacher"]})
SIGN_IN_BUTTON = "Sign in with your school or club account"


@pytest.fixture(scope="module")
def oidc_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Provider]]:
    folder = tmp_path_factory.mktemp("oidc-server")
    port = free_port()
    redirect = f"http://127.0.0.1:{port}/oauth2callback"
    client_secret = secrets.token_urlsafe(24)
    provider = Provider([TEACHER, LEARNER, STRANGER], "vint-tutor", client_secret, redirect).start()
    with open_store(folder / "progress.sqlite3") as store:  # roles live here, not in the provider
        accounts.create_account(store, "Orlova", "teacher", oidc_subject=TEACHER.email)
        orlova = accounts.account(store, "Orlova")
        accounts.create_account(store, "Pavel", "learner", by=orlova, oidc_subject=LEARNER.email)
    secrets_file = folder / "secrets.toml"
    secrets_file.write_text(
        "[auth]\n"
        f'redirect_uri = "{redirect}"\n'
        f'cookie_secret = "{secrets.token_urlsafe(32)}"\n'
        'client_id = "vint-tutor"\n'
        f'client_secret = "{client_secret}"\n'
        f'server_metadata_url = "{provider.issuer}/.well-known/openid-configuration"\n', encoding="utf-8")
    try:
        server = start_server(folder, port, options=("--secrets.files", str(secrets_file)))
    except BaseException:
        provider.stop()
        raise
    yield server, provider
    stop_server(server)
    provider.stop()


def _sign_in_at_provider(tab: App, provider: Provider, who: User, password: str | None = None) -> None:
    """Click the app's sign-in button, sign in on the provider's form, wait to be back in the app."""
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
        _go(tab, "Your account")


def _go(tab: App, title: str) -> None:
    """Open a page from the sidebar, in the same session (loading an address starts a new one)."""
    link = tab.page.locator('[data-testid="stSidebarNav"]').get_by_role("link", name=title).first
    if not link.is_visible():
        _sidebar_links(tab)  # unfolds "View N more"
    tab.rerun_after(link.click)
    tab.main.locator("h1").first.wait_for()


def _sidebar_links(tab: App) -> list[str]:
    nav = tab.page.locator('[data-testid="stSidebarNav"]')
    more = nav.get_by_text(re.compile(r"^View \d+ more$"))
    if more.count():
        more.first.click()  # unfolds the list in the browser; no rerun
    # a link reads "<icon's name>\n\n<title>": its title is its last line
    return [str(t).strip().splitlines()[-1] for t in nav.get_by_role("link").all_inner_texts()]


def _sign_out(tab: App, provider: Provider) -> None:
    """The app's sign-out button: Streamlit's logout goes through the provider's end-session endpoint
    and back to the app, signed out."""
    _go(tab, "Your account")
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


def test_st_login_with_a_real_provider(oidc_app: tuple[Server, Provider], chromium: Browser) -> None:
    server, provider = oidc_app
    from browser.conftest import _context

    people = [_context(chromium) for _ in range(3)]  # a browser profile each: their own cookies
    teacher, learner, stranger = (App(c.new_page(), server) for c in people)
    try:
        # the teacher: signs in at the provider, is Orlova with the teacher's view
        _sign_in_at_provider(teacher, provider, TEACHER)
        assert "Signed in as Orlova (teacher)" in teacher.text()
        assert "Teacher's view" in _sidebar_links(teacher)
        teacher.open("teacher")  # a new session by address: the provider's sign-in still holds
        teacher.main.get_by_text("Create the class").first.wait_for()
        assert not teacher.exceptions()

        # a wrong password at the provider: the provider refuses, nothing reaches the app
        _sign_in_at_provider(learner, provider, LEARNER, password="not-it")
        learner.page.get_by_text("Wrong e-mail or password.").wait_for()
        assert provider.signed_in == [TEACHER.email]

        # the learner: his token claims a teacher's role, the tutor's database says learner
        _sign_in_at_provider(learner, provider, LEARNER)
        assert "Signed in as Pavel (learner)" in learner.text()
        assert "Teacher's view" not in _sidebar_links(learner)
        learner.open("teacher")  # by address: not his page, so the app shows him another
        assert "Create the class" not in learner.text() and "Join code" not in learner.text()

        # a stranger the provider knows and the tutor does not: no account, no teacher's view
        _sign_in_at_provider(stranger, provider, STRANGER)
        stranger.main.get_by_text("no account here is yours yet").first.wait_for()
        assert "Signed in as" not in stranger.text()
        assert _sidebar_links(stranger) == []  # one page only: Streamlit shows no page list at all
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
        for context in people:
            context.close()
