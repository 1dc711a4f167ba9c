"""The class-mode app server of the class and sign-in tests (``test_browser_class``, ``test_browser_oidc``).

One server for both (issue 31: a ``streamlit run`` start and each page's first run cost a few seconds of
CPU, once per session now instead of once per file). It has its own database — class mode must not
reach the other browser tests, which run in single-user mode — holding the first teacher as the
command makes her (her quick-login code is the class test's) and, for ``st.login``, the accounts whose
subjects are the provider's e-mails. An ``[auth]`` secrets file names a real OpenID Connect provider
(``tests/oidc_provider.py``) on loopback, as README "Serve a class" step 7 tells a club to write it;
the quick-login form stays on the sign-in page beside the provider's button, as for such a club.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from browser.harness import Server, free_port, start_server, stop_server

if TYPE_CHECKING:
    from oidc_provider import Provider, User


def _people() -> tuple[User, User, User]:
    """The provider's teacher, learner and stranger: the learner's and the stranger's tokens both claim
    ``roles: ["teacher"]``, which the tutor must ignore (roles live in its database). Made when the server
    starts: the provider's module imports Flask and Authlib, a second of CPU no collection should pay."""
    from oidc_provider import User

    return (User("orlova@club.test", "lilac-7-harbour", "Vera Orlova"),
            User("pavel@club.test", "copper-2-meadow", "Pavel", {"roles": ["teacher"]}),
            User("guest@club.test", "amber-9-willow", "A guest", {"roles": ["teacher"]}))


@dataclass
class ClassServer:
    """The running class-mode app, its provider and its people, and the first teacher's quick-login code."""

    server: Server
    provider: Provider
    people: tuple[User, User, User]  # the provider's teacher (Orlova), learner (Pavel) and stranger
    teacher_code: str

    def stop(self) -> None:
        stop_server(self.server)
        self.provider.stop()


def start_class_server(folder: Path) -> ClassServer:
    """Accounts first (the first teacher Orlova, who also signs in at the provider, and her learner
    Pavel), then the provider and the app with the ``[auth]`` secrets pointing at it."""
    from oidc_provider import Provider

    from tutor.lessons.classroom import accounts
    from tutor.lessons.progress import open_store

    people = _people()
    teacher, learner, stranger = people
    with open_store(folder / "progress.sqlite3") as store:  # roles live here, not in the provider
        code = accounts.create_account(store, "Orlova", "teacher", oidc_subject=teacher.email)
        orlova = accounts.account(store, "Orlova")
        accounts.create_account(store, "Pavel", "learner", by=orlova, oidc_subject=learner.email)
    port = free_port()
    redirect = f"http://127.0.0.1:{port}/oauth2callback"
    client_secret = secrets.token_urlsafe(24)
    provider = Provider(list(people), "vint-tutor", client_secret, redirect).start()
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
    return ClassServer(server, provider, people, code)
