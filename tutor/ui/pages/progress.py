"""Progress: accuracy over time per section and per convention, items due, export/import."""

from __future__ import annotations

import json

import altair as alt
import streamlit as st

from tutor.engine.errors import TutorError
from tutor.lessons.progress.progress_io import csv_text, import_bytes
from tutor.lessons.progress.report import SHOWN_UNIT_COLUMNS, LearnerRecord, learner_record
from tutor.ui.access import class_mode
from tutor.ui.common import MAX_UPLOAD_MB, page_header, show_error, upload_bytes
from tutor.ui.state import learner_selector, session, store

page_header("Progress", "Your record: accuracy over time, what is due, what is mastered.")


def _charts(record: LearnerRecord) -> None:
    daily, units = record.daily, record.units
    if daily.empty:
        st.info("No answers recorded yet for this profile: study a law, take a quiz or a drill.",
                icon=":material/info:")
        return
    st.subheader("Accuracy over time")
    chart = alt.Chart(daily).mark_line(point=True).encode(
        x=alt.X("day:T", title="day"),
        y=alt.Y("accuracy:Q", title="accuracy", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%")),
        color=alt.Color("kind:N", title="kind"),
        tooltip=["day:T", "kind:N", "answers:Q", alt.Tooltip("accuracy:Q", format=".0%")],
    )
    st.altair_chart(chart, width="stretch")

    st.subheader("Per section and per convention")
    st.dataframe(record.areas, hide_index=True, key="progress_area_table",
                 column_config={"accuracy": st.column_config.ProgressColumn(
                     "accuracy", min_value=0.0, max_value=1.0, format="percent")})

    st.subheader("Items due")
    due = units[units["due_now"]] if not units.empty else units
    if due.empty:
        st.caption("Nothing is due now.")
    else:
        counts = due.groupby("area").size().reset_index(name="due")
        st.altair_chart(alt.Chart(counts).mark_bar().encode(
            x=alt.X("due:Q", title="items due"), y=alt.Y("area:N", sort="-x", title=None),
            tooltip=["area:N", "due:Q"]), width="stretch")
    with st.expander("Every item and its next review"):
        st.dataframe(units[SHOWN_UNIT_COLUMNS], hide_index=True, key="progress_units_table")  # named, no ids


EXPORT = "progress_export"


def _export_import(learner: str) -> None:
    """This profile's record only, built when asked (issue 31: not the whole database on every visit)."""
    st.subheader("Export and import")
    kept = st.session_state.get(EXPORT)
    built = kept[1] if isinstance(kept, tuple) and kept[0] == learner else None  # never another profile's
    if st.button("Prepare my record for download", key="progress_prepare_export"):
        built = store().export_record(learner)
        st.session_state[EXPORT] = (learner, built)
    if built is not None:
        left, right = st.columns(2)
        left.download_button("Download my record (JSON)", json.dumps(built, indent=1),
                             file_name="vint-progress.json", mime="application/json", key="progress_export_json")
        right.download_button("Download my answers (CSV)", csv_text(store(), learner), file_name="vint-answers.csv",
                              mime="text/csv", key="progress_export_csv")
    upload = st.file_uploader("Import a record exported before (JSON)", type=["json"],
                              key="progress_import_file", max_upload_size=MAX_UPLOAD_MB)
    if upload is not None and st.button("Import", key="progress_import_button"):
        signed_in = session().account or None  # class mode: only the account's own record (docs/classes.md)
        added = import_bytes(store(), upload_bytes(upload), upload.name, only=signed_in)  # bounded reader
        st.success(f"Imported {added} new answers.")
    if not class_mode():  # on a class's server the database is the administrator's: no host or file to learners
        st.caption(f"Your progress is kept in `{store().path}`")


try:
    learner = learner_selector(key="progress_learner")
    record = learner_record(store(), learner)  # this learner's rows only, read once (issue 30)
    s = record.summary
    cols = st.columns(5)
    cols[0].metric("Answers", s.answers)
    cols[1].metric("Right", f"{s.accuracy:.0%}" if s.accuracy is not None else "—")
    cols[2].metric("Due now", s.due)
    cols[3].metric("Mastered", f"{s.mastered} / {s.units}")
    cols[4].metric("Streak", f"{s.streak_days} d")
    _charts(record)
    _export_import(learner)
except TutorError as err:
    show_error(err)
