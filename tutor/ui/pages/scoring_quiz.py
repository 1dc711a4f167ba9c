"""Scoring quiz: a generated deal (or rubber); fill in the entries, checked item by item with their laws."""

from __future__ import annotations

import streamlit as st

from tutor.engine.cards import Side
from tutor.engine.errors import TutorError
from tutor.lessons.content import content_dir
from tutor.lessons.scoring import (
    PLAUSIBLE_RULE,
    BlankResult,
    ScoringQuestion,
    answer_record,
    check,
    describe_play,
    load_quiz,
    make_question,
)
from tutor.lessons.ways.scoring import WAY_LEVELS
from tutor.ui import state as _state
from tutor.ui.common import law_labels, page_header, show_error
from tutor.ui.scoresheet import show_checked_entries, show_deal, show_readings
from tutor.ui.way_scoring_view import render as render_way_level

LEVEL, SEED, RESULTS, STARTED = "scoring_quiz_level", "scoring_quiz_seed", "scoring_quiz_results", "scoring_quiz_t0"


EXERCISE = _state.SeededExercise(SEED, RESULTS, STARTED, "scoring_quiz_new")


def _field_key(question: ScoringQuestion, blank_key: str) -> str:
    return f"scoring_quiz_{question.id}_{blank_key.replace(':', '_')}"


def _show_question(question: ScoringQuestion) -> None:
    if question.rubber is None:
        assert question.deal is not None
        show_deal(question.deal)
        st.markdown(describe_play(question.contract, question.declarer_tricks, question.revoke))
        return
    st.markdown(f"**A rubber of {len(question.rubber_deals)} deals.** The entries after each deal are "
                "given; work out the rest of the sheet.")
    for view in question.rubber_deals:
        p = view.played
        st.markdown(f"**Deal {view.number}.** {describe_play(p.contract, p.declarer_tricks, p.revoke)}")
        for item in view.shown:
            st.markdown(f"- given: {item.text} ({law_labels(item.laws)})")


def _form(question: ScoringQuestion) -> dict[str, int | None] | None:
    """The entries, two columns per group (NS, EW); returns the figures when 'Check' is pressed."""
    with st.form(key=f"scoring_quiz_form_{question.id}"):
        st.caption("Write 0 where a side writes nothing.")
        groups = list(dict.fromkeys(b.group for b in question.blanks))
        for group in groups:
            blanks = [b for b in question.blanks if b.group == group]
            columns = st.columns(len(blanks))
            for column, blank in zip(columns, blanks):
                column.number_input(f"{blank.label} — {blank.side.value}", min_value=0, step=10, value=0,
                                    key=_field_key(question, blank.key))
        pressed = st.form_submit_button("Check", type="primary", key=f"scoring_quiz_check_{question.id}")
    if not pressed:
        return None
    return {b.key: st.session_state.get(_field_key(question, b.key)) for b in question.blanks}


def _record(question: ScoringQuestion, results: tuple[BlankResult, ...]) -> None:
    """The first Check of a question counts; a second one, after the right figures were shown, is a retry."""
    _state.record_once(f"scoring:{question.id}", answer_record(question, results, _state.seconds_since(STARTED)))


page_header("Scoring quiz", "A generated deal, contract and result: fill in the score sheet. Each entry "
                            "is checked against the book's scoring and explained with its law.")
try:
    quiz = load_quiz(content_dir())
except TutorError as err:
    show_error(err)
    st.stop()
levels = {level.id: level for level in quiz.levels}
way_levels = {level.id: level for level in WAY_LEVELS}  # two, three and five players (issue 19)
titles = {i: level.title for i, level in levels.items()} | {
    i: level.title for i, level in way_levels.items()}
_state.adopt_url(LEVEL, "level", list(titles))
level_id = st.selectbox("Level", list(titles), format_func=lambda i: titles[i], key=LEVEL,
                        on_change=EXERCISE.new)
if level_id in way_levels:
    st.caption(way_levels[level_id].description)
    seed = EXERCISE.controls("question")
    _state.keep_in_url(level=level_id, position=seed)
    render_way_level(level_id, seed, STARTED)
    st.stop()
st.caption(levels[level_id].description)
st.caption(PLAUSIBLE_RULE)
seed = EXERCISE.controls("question")
_state.keep_in_url(level=level_id, position=seed)
try:
    question = make_question(level_id, seed, quiz=quiz)
except TutorError as err:
    show_error(err)
    st.stop()
_show_question(question)
given = _form(question)
if given is not None:
    results = check(question, given)
    _record(question, results)  # recorded before the feedback is shown
    st.session_state[RESULTS] = (question.id, results)
stored = st.session_state.get(RESULTS)
if stored and stored[0] == question.id:
    show_checked_entries(stored[1])
    if question.score is not None:
        totals = {s: question.score.total(s) for s in Side}
        st.caption(f"Whole deal: NS {totals[Side.NS]}, EW {totals[Side.EW]} (above and below the line).")
    show_readings(question.readings)
