"""Who may open which page, checked on the server on every request (issue 30, class mode).

``navigation_for`` is what ``app.py`` hands to ``st.navigation``: with no account in the database and
no identity provider configured, every page as before (single-user mode, unchanged). In class mode a
visitor who has not signed in gets only the sign-in page — any other page's address leads there — a
learner gets the tutor's pages and their account page, a teacher also the teacher's view. The
account is read again from the database on every request, so a removed account or a changed role
takes effect at once, and nothing a browser sends (an address, a widget value) names the account:
it lives in the server's session state only.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st
from streamlit.navigation.page import StreamlitPage

from tutor.engine.errors import TutorError
from tutor.lessons.classroom import accounts
from tutor.lessons.classroom.accounts import Account
from tutor.lessons.progress import DEFAULT_LEARNER
from tutor.lessons.progress.connection import database_url
from tutor.ui import state


def oidc_configured() -> bool:
    """Whether an identity provider is set up for ``st.login`` (``[auth]`` in Streamlit's secrets)."""
    try:
        return "auth" in st.secrets
    except Exception:  # noqa: BLE001 - no secrets file at all: not configured
        return False


def class_mode() -> bool:
    """Whether accounts are in use. A database not yet created has none (and is not created here);
    one that cannot be read is left to the pages, which say why (no record can be read from it)."""
    if oidc_configured():
        return True
    if not database_url() and not state.session().db_path and not state.db_path().exists():
        return False
    try:
        return accounts.any_accounts(state.store())
    except TutorError:
        return False


def signed_in() -> Account | None:
    """The account of this session, as the database says now (``None``: not signed in)."""
    s = state.session()
    if not s.account and oidc_configured() and getattr(st.user, "is_logged_in", False):
        subject = identity_subject(st.user.to_dict())
        found = accounts.account_for_subject(state.store(), subject) if subject else None
        if found is not None:
            sign_in_as(found)
    if not s.account:
        return None
    found = accounts.account(state.store(), s.account)
    if found is None:
        sign_out()
    return found


def identity_subject(claims: Mapping[str, object]) -> str:
    """What the tutor's accounts are matched on (their ``oidc_subject``, which the teacher enters): the
    e-mail only when the provider vouches for it (``email_verified``) - a provider that lets anyone set
    an unverified address would otherwise let him sign in as the teacher who owns it; without an e-mail
    claim, the provider's own ``sub``; an unverified e-mail matches nothing."""
    email, sub = claims.get("email"), claims.get("sub")
    if email:
        return str(email) if claims.get("email_verified") in (True, "true") else ""
    return str(sub or "")


def sign_in_as(who: Account) -> None:
    s = state.session()
    s.account, s.learner, s.picked = who.name, who.name, True


def sign_out() -> None:
    s = state.session()
    s.account, s.picked = "", False
    s.learner = DEFAULT_LEARNER


def navigation_for(pages: dict[str, list[StreamlitPage]], sign_in_page: StreamlitPage,
                   teacher_page: StreamlitPage) -> dict[str, list[StreamlitPage]]:
    """The pages this request may open (see the module's docstring)."""
    if not class_mode():
        return pages
    who = signed_in()
    if who is None:
        return {"Class": [sign_in_page]}
    return {**pages, "Class": [sign_in_page, *([teacher_page] if who.is_teacher else [])]}


def require_teacher() -> Account:
    """The signed-in teacher, or the page stops here with one line (a learner, or no one, by URL)."""
    who = signed_in() if class_mode() else None
    if who is None or not who.is_teacher:
        st.error("The teacher's view is open to a signed-in teacher only.", icon=":material/lock:")
        st.stop()
    return who
