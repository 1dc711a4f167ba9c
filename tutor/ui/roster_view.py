"""The teacher's view's roster: archive, restore and move several learners at once (issue 30).

The buttons act in callbacks, which run before the next page run: each reads the signed-in account
again from the database (a stale or tampered session acts as no one), passes the picked names and the
class ids to :mod:`tutor.lessons.classroom.roster` — which checks, in one transaction, that both
classes are that teacher's and every name a member — and empties the pick, so the lists drawn after
it are the database's. What was done, or refused, is said once on the next run.
"""

from __future__ import annotations

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.lessons.classroom import classes as cls
from tutor.lessons.classroom import roster
from tutor.lessons.classroom.accounts import Account
from tutor.ui import access
from tutor.ui import state as _state
from tutor.ui.common import text_md

PICK, TO, ARCHIVED, SAID = "teacher_roster_pick", "teacher_roster_to", "teacher_roster_archived", "teacher_roster_said"


def _act(act: str, class_id: str) -> None:
    """A button's callback: do ``act`` as the teacher signed in now, or say why not."""
    ss = st.session_state
    who = access.signed_in() if access.class_mode() else None
    picked = [str(n) for n in (ss.get(ARCHIVED if act == "restore" else PICK) or [])]
    try:
        if who is None or not who.is_teacher:
            raise TutorError("the roster is open to a signed-in teacher only")
        store = _state.store()
        if act == "archive":
            done, line = roster.archive(store, who, class_id, picked), "Archived"
        elif act == "restore":
            done, line = roster.restore(store, who, class_id, picked), "Restored"
        else:
            done, line = roster.move(store, who, class_id, str(ss.get(TO) or ""), picked), "Moved"
        ss[SAID] = ("success", f"{line}: {', '.join(done)}.")
    except TutorError as err:
        ss[SAID] = ("error", str(err))
    finally:  # the lists drawn next are the database's, not a pick that may name anyone
        ss[ARCHIVED if act == "restore" else PICK] = []


def roster_section(teacher: Account, chosen: cls.Class, current: list[str]) -> None:
    """The roster's expander for ``chosen`` (``current``: its members now, archived ones apart)."""
    said = st.session_state.pop(SAID, None)
    with st.expander("Archive or move learners", expanded=said is not None):
        if said is not None:
            (st.success if said[0] == "success" else st.error)(text_md(said[1]))
        st.multiselect("Learners", current, key=PICK, placeholder="Pick one or more learners")
        st.button("Archive them", key="teacher_roster_archive_button", on_click=_act, args=("archive", chosen.id),
                  help="They stay in your records, no longer listed or assigned; restore them below.")
        others = [c for c in cls.classes_of(_state.store(), teacher) if c.id != chosen.id]
        if others:
            names = {c.id: c.name for c in others}
            st.selectbox("Move them to", list(names), key=TO, format_func=lambda i: names.get(i, "?"))
            st.button("Move them", key="teacher_roster_move_button", on_click=_act, args=("move", chosen.id))
        gone = roster.archived(_state.store(), teacher, chosen.id)
        if gone:
            st.multiselect("Archived learners", gone, key=ARCHIVED, placeholder="Pick learners to restore")
            st.button("Restore them", key="teacher_roster_restore_button", on_click=_act,
                      args=("restore", chosen.id))
