"""The scoring quiz's levels for two, three and five players (issue 19), inside the Scoring quiz page.

A question (:func:`~tutor.lessons.ways.scoring.make_way_question`) is a seeded deal or rubber of the
way played by robots; the learner fills in the figures that way keeps, each checked and explained
with the engine's items and their laws (named as a learner reads them).
"""

from __future__ import annotations

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.lessons.answers import answer_record
from tutor.lessons.ways.scoring import (
    WayScoringQuestion,
    check_way,
    make_way_question,
)
from tutor.ui import state as _state
from tutor.ui.common import show_error
from tutor.ui.scoresheet import show_checked_entries

RESULTS = "scoring_quiz_way_results"


def _field_key(question: WayScoringQuestion, blank_key: str) -> str:
    return f"scoring_quiz_way_{question.id}_{blank_key.replace(':', '_')}"


def _form(question: WayScoringQuestion) -> dict[str, int | None] | None:
    with st.form(key=f"scoring_quiz_way_form_{question.id}"):
        st.caption("Write 0 where a player writes or pays nothing; a minus where it says so.")
        columns = st.columns(2)
        for n, blank in enumerate(question.blanks):
            columns[n % 2].number_input(blank.label, step=10, value=0, key=_field_key(question, blank.key))
        pressed = st.form_submit_button("Check", type="primary", key=f"scoring_quiz_way_check_{question.id}")
    if not pressed:
        return None
    return {b.key: st.session_state.get(_field_key(question, b.key)) for b in question.blanks}


def render(level_id: str, seed: int, started_key: str) -> None:
    """The question of ``level_id`` and ``seed``, its form and, once checked, the itemized answers."""
    try:
        with st.spinner("The robots play the deals …"):
            question = make_way_question(level_id, seed)
    except TutorError as err:
        show_error(err)
        return
    for line in question.story:
        st.text(line)
    given = _form(question)
    if given is not None:
        results = check_way(question, given)
        # the first Check counts; a second one, after the right figures were shown, is a retry (issue 32)
        _state.record_once(f"scoring:{question.id}", answer_record(question, results, _state.seconds_since(started_key)))
        st.session_state[RESULTS] = (question.id, results)
    stored = st.session_state.get(RESULTS)
    if stored and stored[0] == question.id:
        show_checked_entries(stored[1])


__all__ = ["render"]
