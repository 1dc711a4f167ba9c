"""Class mode: the teacher's view — accounts and codes, classes and join codes, each learner's record,
mastery by law and convention, assignments and their status, who needs attention, the class's CSV.
Read fresh on every request for the signed-in teacher only (no cache shared across users)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.lessons.classroom import accounts, dashboard
from tutor.lessons.classroom import classes as cls
from tutor.lessons.progress.report import Names
from tutor.lessons.review import KIND_NAMES
from tutor.lessons.words import law_name
from tutor.ui import access
from tutor.ui import state as _state
from tutor.ui.common import page_header, show_error, text_md
from tutor.ui.roster_view import roster_section


def _accounts(teacher: accounts.Account) -> None:
    with st.expander("Accounts and quick-login codes"):
        with st.form("teacher_new_account", clear_on_submit=True):
            name = st.text_input("Learner's name", max_chars=40, key="teacher_account_name")
            role = st.selectbox("Role", ["learner", "teacher"], key="teacher_account_role")
            hours = st.number_input("The code lasts (hours)", min_value=1, max_value=accounts.MAX_HOURS,
                                    value=accounts.DEFAULT_HOURS, key="teacher_account_hours")
            subject = st.text_input("Their e-mail at the identity provider (optional)", max_chars=200,
                                    key="teacher_account_subject")
            create = st.form_submit_button("Create the account")
        again = st.text_input("A new code for (name)", max_chars=40, key="teacher_code_for")
        renew = st.button("Issue a new code", key="teacher_code_button")
        try:
            if create:
                code = accounts.create_account(_state.store(), name, "teacher" if role == "teacher" else "learner",
                                               by=teacher, hours=int(hours), oidc_subject=subject.strip() or None)
                st.success(f"Account {text_md(name.strip())} created. Give them this code (shown once):")
                st.code(code, language=None)
            if renew and again:
                code = accounts.new_code(_state.store(), again.strip(), by=teacher)
                st.success(f"A new code for {text_md(again.strip())} (the old one no longer works):")
                st.code(code, language=None)
        except TutorError as err:
            show_error(err)


def _pick_class(teacher: accounts.Account) -> cls.Class | None:
    with st.form("teacher_new_class", clear_on_submit=True):
        name = st.text_input("A new class", max_chars=80, key="teacher_class_name")
        if st.form_submit_button("Create the class") and name:
            try:
                cls.create_class(_state.store(), teacher, name)
            except TutorError as err:
                show_error(err)
    mine = cls.classes_of(_state.store(), teacher)
    if not mine:
        st.info("No class yet: create one above, then give its join code to your learners.")
        return None
    chosen = st.selectbox("Class", [c.id for c in mine], key="teacher_class",
                          format_func=lambda i: next(c.name for c in mine if c.id == i))
    found = next(c for c in mine if c.id == chosen)
    st.markdown(f"Join code: **{found.join_code}** — learners type it on *Your account* and agree to share.")
    return found


def _assign(teacher: accounts.Account, chosen: cls.Class, learners: list[str]) -> None:
    with st.expander("Set an assignment"), st.form("teacher_assign", clear_on_submit=True):
        title = st.text_input("Title", max_chars=80, key="teacher_assign_title")
        items = st.text_area("Items: a kind and an id each, comma-separated (law 35, drill lead, table 17)",
                             max_chars=2000, key="teacher_assign_items",
                             help="Kinds: law and its number (law 35); convention and its id, as the mastery "
                                  "table below or tutor drill KIND --list shows it; quiz, scoring, solo; drill "
                                  "and a drill kind (drill lead: any lead drill answered right); table and a "
                                  "rubber number (table 17: play a deal of the practice table's rubber 17).")
        due = st.date_input("Due", value=datetime.now().date() + timedelta(days=7), key="teacher_assign_due")
        to = st.selectbox("To", ["the whole class", *learners], key="teacher_assign_to")
        if st.form_submit_button("Set it"):
            try:
                when = datetime.combine(due, time(23, 59)).astimezone(UTC)
                cls.assign(_state.store(), teacher, chosen.id, title, cls.parse_items(items), when,
                           learner=None if to == "the whole class" else str(to))
                st.success("Assignment set.")
            except TutorError as err:
                show_error(err)


#: the learners' table's period (the selectbox's key)
PERIOD = "teacher_period"
#: the learners' table's own columns, before one per assignment (:func:`_columns`)
LEARNER_COLUMNS = ("learner", "answers", "right", "mastered", "reviews due", "drills", "table deals", "deviations",
                   "mistakes by law")


def _columns(tasks: list[cls.Assignment]) -> dict[str, str]:
    """Each assignment's column in the learners' table: its title and due date, and a number when two are
    still alike; never one of the table's own columns. A title was the column: "answers" replaced the answers,
    and two called "Homework" showed as one."""
    taken, out = set(LEARNER_COLUMNS), {}
    for task in tasks:
        label = base = f"{task.title} (due {task.due.astimezone():%Y-%m-%d})"
        number = 1
        while label in taken:
            number += 1
            label = f"{base} #{number}"
        taken.add(label)
        out[task.id] = label
    return out


def _report(teacher: accounts.Account, chosen: cls.Class) -> None:
    learners = cls.members(_state.store(), teacher, chosen.id)
    _assign(teacher, chosen, learners)  # first: an assignment set in this run is in the table below
    # the period's box is drawn below, but its value (this run's) is known now: both reports from one read
    period = st.session_state.get(PERIOD)
    view = dashboard.class_view(_state.store(), teacher, chosen.id, period if period in dashboard.PERIODS else None)
    roster_section(teacher, chosen, learners)
    st.subheader("Needs attention")
    lagging = dashboard.needs_attention(view.whole)  # on the whole record: a quiet week is itself a reason
    for learner, reason in lagging:
        st.text(f"{learner}: {reason}")
    if not lagging:
        st.caption("No one is lagging.")
    st.subheader("Learners")
    st.selectbox("Answers over", dashboard.PERIODS, index=len(dashboard.PERIODS) - 1, key=PERIOD,
                 format_func=lambda d: "everything" if d is None else f"the last {count_of(d, 'day')}")
    st.caption("Answers, right, drills, table deals, deviations and mistakes count the period chosen; mastery, "
               "reviews due and the assignments' status are the whole record.")
    columns = _columns(view.tasks)
    st.dataframe([dict(zip(LEARNER_COLUMNS, (
        r.learner, r.answers, None if r.accuracy is None else round(r.accuracy, 2), f"{r.mastered} / {r.units}",
        r.due, r.drills, r.table_deals, r.deviations,
        ", ".join(f"{law_name(law)} ×{n}" for law, n in r.mistakes_by_law)), strict=True),
        **{columns[t]: s for t, s in r.statuses.items()}) for r in view.period],
        hide_index=True, key="teacher_learners")
    st.subheader("Mastery by law and convention")
    names = Names.read()  # the item as the learners read it; its id beside it, to assign it
    st.dataframe([{"kind": KIND_NAMES.get(k, k), "item": names.item(k, i), "id": i, "mastered": m, "learning": n}
                  for k, i, m, n in view.mastery],
                 hide_index=True, key="teacher_mastery")
    if st.button("Prepare the class's answers as CSV", key="teacher_csv_prepare"):
        st.download_button("Download the CSV", dashboard.class_csv(_state.store(), teacher, chosen.id),
                           file_name="vint-class.csv", mime="text/csv", key="teacher_csv")


page_header("Teacher's view", "Your classes: who joined, what they answered, what is due, who needs attention.")
teacher = access.require_teacher()
try:
    _accounts(teacher)
    chosen = _pick_class(teacher)
    if chosen is not None:
        _report(teacher, chosen)
except TutorError as err:
    show_error(err)
