"""Review: what is due now (laws, scoring and drills mixed) and the mistakes queue."""

from __future__ import annotations

import random
import time

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.lessons.review import Exercise, due_items, load_servers, mastery, next_exercise, replay
from tutor.ui.common import page_header, show_error
from tutor.ui.state import current_learner, learner_selector, record_answer, store

page_header("Review", "Spaced repetition: what you are about to forget comes back, with a fresh deal.")

_EX, _STARTED, _FEEDBACK = "review_exercise", "review_started", "review_feedback"


def _start(exercise: Exercise | None) -> None:
    st.session_state[_EX] = exercise
    st.session_state[_STARTED] = time.monotonic()
    st.session_state[_FEEDBACK] = None
    st.session_state["review_round"] = st.session_state.get("review_round", 0) + 1


def _submit(exercise: Exercise, given: str) -> None:
    """Record first, then keep the feedback to show (full or short, by mastery)."""
    seconds = time.monotonic() - st.session_state.get(_STARTED, time.monotonic())
    answer = exercise.answer(given, seconds)
    level = mastery(store(), current_learner(), (exercise.item_kind, exercise.item_id))
    record_answer(answer)
    st.session_state[_FEEDBACK] = (answer.correct, given, level)


def _show_exercise(exercise: Exercise) -> None:
    st.markdown(f"##### {exercise.item_kind}: {exercise.item_id}")
    st.markdown(exercise.prompt)
    feedback = st.session_state.get(_FEEDBACK)
    if feedback is None:
        round_ = st.session_state.get("review_round", 0)
        if exercise.choices:
            given = st.radio("Your answer", exercise.choices, index=None, key=f"review_choice_{round_}")
        else:
            given = st.text_input("Your answer", key=f"review_text_{round_}")
        if st.button("Answer", key="review_submit", type="primary", disabled=not given):
            _submit(exercise, str(given))
            st.rerun()
        return
    correct, given, level = feedback
    text = exercise.feedback("mastered" if correct and level == "mastered" else "learning")
    if correct:
        st.success(f"Right: {exercise.expected}.", icon=":material/check_circle:")
    else:
        st.error(f"You answered {given}; the answer is **{exercise.expected}**.", icon=":material/cancel:")
    if correct and level == "mastered":
        with st.expander("The law behind it"):
            st.markdown(exercise.explanation or text)
    else:
        st.markdown(text)
    if st.button("Next", key="review_next", type="primary"):
        _start(None)
        st.rerun()


try:
    with st.sidebar:
        learner = learner_selector(key="review_learner")
    kinds = set(load_servers())
    due = due_items(store(), learner)
    mistakes = store().mistakes(learner)
    col1, col2, col3 = st.columns(3)
    col1.metric("Due now", len(due))
    col2.metric("Mistakes to fix", len(mistakes))
    col3.metric("Can be served", len([d for d in due if d[0] in kinds]))

    due_tab, mistakes_tab = st.tabs(["Exercise", "Mistakes queue"])
    with due_tab:
        current = st.session_state.get(_EX)
        if current is None and st.session_state.get(_FEEDBACK) is None:
            current = next_exercise(store(), learner, random.Random(time.time_ns()))
            _start(current)
        if current is None:
            st.info("Nothing is due. Answer drills, quizzes or laws and they will come back here "
                    "when you are about to forget them.", icon=":material/event_available:")
        else:
            _show_exercise(current)
        unservable = sorted({kind for kind, _ in due if kind not in kinds})
        if unservable:
            st.caption(f"Due but not yet servable here: {', '.join(unservable)}.")
    with mistakes_tab:
        if not mistakes:
            st.info("No open mistakes.", icon=":material/thumb_up:")
        for stored in mistakes[:20]:
            a = stored.answer
            label = f"{a.item_kind} {a.item_id} — you answered {a.given!r}, expected {a.expected!r}"
            left, right = st.columns([4, 1])
            left.markdown(label)
            if right.button("Replay", key=f"review_replay_{stored.id}"):
                _start(replay(stored))
                st.rerun()
except TutorError as err:
    show_error(err)
