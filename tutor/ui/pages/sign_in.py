"""Class mode: sign in with a quick-login code (or the identity provider), join a class, see your assignments."""

from __future__ import annotations

from datetime import UTC, datetime

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.lessons.classroom import accounts
from tutor.lessons.classroom import classes as cls
from tutor.lessons.progress.report import Names
from tutor.ui import access
from tutor.ui import state as _state
from tutor.ui.common import page_header, show_error, text_md


def _sign_in_form() -> None:
    if access.oidc_configured():
        if getattr(st.user, "is_logged_in", False):
            st.warning("You are signed in with your provider, but no account here is yours yet: "
                       "ask your teacher to add you.")
        elif st.button("Sign in with your school or club account", key="signin_oidc"):
            st.login()
    with st.form("signin_form"):
        name = st.text_input("Your name, as your teacher wrote it", max_chars=40, key="signin_name")
        code = st.text_input("Your quick-login code", max_chars=20, type="password", key="signin_code")
        go = st.form_submit_button("Sign in")
    if go:
        try:
            access.sign_in_as(accounts.sign_in(_state.store(), name, code))
            st.rerun()
        except TutorError as err:
            show_error(err)


def _join(who: accounts.Account) -> None:
    st.subheader("Join a class")
    with st.form("join_form", clear_on_submit=True):
        code = st.text_input("The class's join code", max_chars=12, key="join_code")
        consent = st.checkbox(cls.CONSENT, key="join_consent")
        go = st.form_submit_button("Join")
    if go:
        try:
            joined = cls.join(_state.store(), who, code, consent=consent)
            st.success(f"You joined {text_md(joined.name)}.")
        except TutorError as err:
            show_error(err)
    _leave(who)


def _leave(who: accounts.Account) -> None:
    """The learner's classes, and leaving one — an archived member too: the consent they gave is withdrawn
    with it. The form is cleared on each submit, so each leaving needs its own tick (a second click left
    another class unasked)."""
    memberships = cls.classes_to_leave(_state.store(), who)
    if not memberships:
        return
    with st.expander("Leave a class"):
        st.caption("Your teacher will no longer see your answers, reviews and table deals; your record stays "
                   "yours. You can join again later with the class's code.")
        with st.form("leave_form", clear_on_submit=True):
            names = {c.id: c.name + (" (archived by your teacher)" if archived else "") for c, archived in memberships}
            chosen = st.selectbox("Class", list(names), format_func=lambda i: names.get(i, i), key="leave_class")
            sure = st.checkbox("I want to leave this class", key="leave_sure")
            go = st.form_submit_button("Leave the class")
        if go:
            try:
                if not sure:
                    raise TutorError("tick the box to leave the class")
                left = cls.leave(_state.store(), who, str(chosen))
                st.success(f"You left {text_md(left.name)}.")
                memberships = [(c, archived) for c, archived in memberships if c.id != left.id]
            except TutorError as err:
                show_error(err)
    joined = [c for c, archived in memberships if not archived]
    if joined:  # after the form: a class left in this run is no longer listed
        st.caption("Your classes: " + ", ".join(text_md(c.name) for c in joined))


def _my_assignments(who: accounts.Account) -> None:
    store = _state.store()
    tasks = [a for class_id in cls.active_classes(store, who) for a in cls.assignments(store, class_id, who.name)]
    if not tasks:
        return
    st.subheader("Your assignments")
    mine = store.answers(who.name, since=min(a.created_at for a in tasks))  # a status reads no older answer
    now = datetime.now(UTC)
    names = Names.read()
    found = cls.statuses(tasks, mine, now)  # one pass over the answers (cls.status: each assignment x each answer)
    st.dataframe([{"assignment": a.title, "due": a.due.astimezone().strftime("%Y-%m-%d %H:%M"),
                   "items": "; ".join(cls.item_words(item, names) for item in a.items),
                   "status": found[a.id]}
                  for a in tasks], hide_index=True, key="signin_assignments")


page_header("Your account", "Sign in with the name and quick-login code your teacher gave you.")
try:
    who = access.signed_in()
    if who is None:
        _sign_in_form()
    else:
        st.markdown(f"Signed in as **{text_md(who.name)}** ({who.role}).")
        if st.button("Sign out", key="signin_out"):
            access.sign_out()
            if access.oidc_configured() and getattr(st.user, "is_logged_in", False):
                st.logout()  # sends the browser to the provider's sign-out; a rerun here could drop that
            else:
                st.rerun()
        _join(who)
        _my_assignments(who)
except TutorError as err:
    show_error(err)
