"""Quiz on the laws: multiple choice, numeric and true/false, each answer explained by quoting the law."""

from __future__ import annotations

import random

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.laws.question import VINT, Question
from tutor.lessons.laws.quiz import (
    cited_entries,
    questions_for_section,
    quote,
    shuffled,
)
from tutor.lessons.laws.study import StudyGuide
from tutor.lessons.review.conventions import game_questions
from tutor.ui import state as _state
from tutor.ui.common import content_report, page_header, show_error

SECTION, SEED, INDEX, RESULTS = "lawquiz_section", "lawquiz_seed", "lawquiz_index", "lawquiz_results"
ALL = "__all__"


def _restart() -> None:
    st.session_state[SEED] = random.SystemRandom().randrange(10**9)
    st.session_state[INDEX] = 0
    st.session_state[RESULTS] = {}


def _next() -> None:
    st.session_state[INDEX] = st.session_state.get(INDEX, 0) + 1


def _widget_key(question: Question) -> str:
    return f"lawquiz_answer_{question.id}_{st.session_state[SEED]}"


def _check(question: Question) -> None:
    given = st.session_state.get(_widget_key(question))
    if given is None or (isinstance(given, str) and not given.strip()):
        st.session_state["lawquiz_warning"] = "Choose or type an answer first."
        return
    given_text = str(int(given)) if question.kind == "numeric" else str(given)
    correct = question.is_correct(given_text)
    st.session_state[RESULTS][question.id] = correct
    if correct:
        st.session_state.setdefault("lawquiz_right_laws", set()).update(question.laws)
    # one answer per question counts in a session: a reshuffle serves it again, its answer shown
    retry = _state.answered_before(f"quiz:{question.id}", given_text)
    try:
        _state.record_answer(Answer("quiz", question.id, correct, given_text, question.answer, laws=question.laws,
                                    extra={"origin": question.origin}, retry=retry))
    except TutorError as err:
        st.session_state["lawquiz_record_error"] = str(err)


def _ask(question: Question, guide: StudyGuide, number: int, total: int) -> None:
    answered = question.id in st.session_state[RESULTS]
    st.caption(f"Question {number} of {total} · " + ", ".join(e.label for e in cited_entries(question, guide)))
    st.markdown(f"**{question.asked}**")
    key = _widget_key(question)
    if question.kind == "numeric":
        st.number_input("Your answer", min_value=0, step=1, value=None, format="%d", key=key, disabled=answered)
    else:
        choices = list(question.choices)
        if question.kind == "choice":  # the file lists the answer first: show the options in a seeded order
            random.Random(f"{st.session_state[SEED]}-{question.id}").shuffle(choices)
        st.radio("Your answer", choices, index=None, key=key, disabled=answered)
    if not answered:
        st.button("Check", key="lawquiz_check", type="primary", on_click=_check, args=(question,))
        if "lawquiz_warning" in st.session_state:
            st.warning(st.session_state.pop("lawquiz_warning"))
        return
    if "lawquiz_record_error" in st.session_state:
        show_error(TutorError(st.session_state.pop("lawquiz_record_error")))
    if st.session_state[RESULTS][question.id]:
        st.success("Right.", icon=":material/check_circle:")
    else:
        st.error(f"Not quite. The answer is: {question.answer}", icon=":material/cancel:")
    if question.explanation:
        st.markdown(question.explanation)
    for entry in cited_entries(question, guide):
        st.markdown(quote(entry))
    st.button("Next question →", key="lawquiz_next", on_click=_next)


page_header("Quiz on the laws", "Questions on every section of the book; each answer is explained by quoting the law.")
report = content_report()
for file in sorted({p.file for p in report.problems}):
    st.error(f"{file} has problems (run `tutor check`); the rest of the content still works.",
             icon=":material/error:")
if report.rules is None:
    st.error("The laws (content/rules.yaml) could not be loaded, so the quiz cannot quote them.")
    st.stop()
guide = StudyGuide(report.rules)


pool = game_questions(VINT)  # built once per version of the content, as the review's (Solo Whist has its own quiz)
if SEED not in st.session_state:
    _restart()
st.session_state.setdefault(INDEX, 0)
st.session_state.setdefault(RESULTS, {})
sections = [ALL] + [s.id for s in guide.sections if questions_for_section(pool, guide, s.id)]
titles = {ALL: "All sections"} | {s.id: s.title for s in guide.sections}
st.selectbox("Section", sections, format_func=titles.__getitem__, key=SECTION, on_change=_restart)
chosen = st.session_state[SECTION]
questions = shuffled(questions_for_section(pool, guide, None if chosen == ALL else chosen), st.session_state[SEED])
results: dict[str, bool] = st.session_state[RESULTS]
right = sum(results.values())
st.caption(f"Score: {right} right of {len(results)} answered · {len(questions)} questions in this quiz")
index = st.session_state[INDEX]
if index >= len(questions):
    st.success(f"Quiz finished: {right} of {len(results)} right.", icon=":material/emoji_events:")
    st.button("Start again", key="lawquiz_restart_done", on_click=_restart)
else:
    try:
        _ask(questions[index], guide, index + 1, len(questions))
    except TutorError as err:
        show_error(err)
    st.button("New quiz (reshuffle)", key="lawquiz_restart", on_click=_restart)
