"""Review: what is due now (laws, scoring and drills mixed) and the mistakes queue.

An exercise served fresh by a lesson module is content the tutor wrote, shown as
Markdown; anything taken from the store (a replayed mistake without a server, the
mistakes list, what the learner typed) is shown as text.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import replace

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.lessons.progress import StoredAnswer
from tutor.lessons.review import MAX_GIVEN, Exercise, due_items, mastery
from tutor.lessons.review.mistakes import describe_mistake
from tutor.lessons.review.servers import item_server, next_exercise, replay, servable_kinds
from tutor.ui.common import answer_md, page_header, show_error, show_text, text_md
from tutor.ui.state import current_learner, learner_selector, record_answer, store

page_header("Review", "Spaced repetition: what you are about to forget comes back, with a fresh deal.")

_EX, _TRUSTED, _STARTED, _FEEDBACK = "review_exercise", "review_trusted", "review_started", "review_feedback"
_SERVED, _ELSEWHERE = "review_served_key", "review_answered_elsewhere"
KIND_NAMES = {"law": "A law", "quiz": "A quiz question", "convention": "A drill", "scoring": "Scoring",
              "solo": "Solo Whist"}


def _start(exercise: Exercise | None, *, trusted: bool = True) -> None:
    st.session_state[_EX] = exercise
    st.session_state[_TRUSTED] = trusted
    st.session_state[_STARTED] = time.monotonic()
    st.session_state[_FEEDBACK] = None
    st.session_state[_SERVED] = _served_key(exercise) if exercise is not None else ""
    st.session_state["review_round"] = st.session_state.get("review_round", 0) + 1


def _served_key(exercise: Exercise) -> str:
    """The idempotency key of an answer to ``exercise``: its unit as its schedule stood when it was served.
    Two windows on one profile serve the same unit at the same state; only the first answer moves its
    schedule (stop 61's audit: both did, and both counted as first answers)."""
    unit = store().unit(current_learner(), (exercise.item_kind, exercise.item_id))
    state = "new" if unit is None else f"{unit.reps}:{unit.lapses}:{unit.due.isoformat()}"
    text = f"{exercise.item_kind}|{exercise.item_id}|{state}"
    return f"review:{hashlib.sha256(text.encode()).hexdigest()[:32]}"


def _submit(exercise: Exercise, given: str) -> None:
    """Record first, then keep the feedback to show (full or short, by mastery)."""
    seconds = time.monotonic() - st.session_state.get(_STARTED, time.monotonic())
    answer = exercise.answer(given, seconds)
    level = mastery(store(), current_learner(), (exercise.item_kind, exercise.item_id))
    key = str(st.session_state.get(_SERVED, ""))
    elsewhere = bool(key) and store().has_key(current_learner(), key)
    # answered in another window since it was served here: kept, as practice that moves no schedule
    record_answer(replace(answer, retry=True) if elsewhere else replace(answer, key=key))
    st.session_state[_ELSEWHERE] = elsewhere
    st.session_state[_FEEDBACK] = (answer.correct, given, level)


def _show(text: str, trusted: bool) -> None:
    """The tutor's own Markdown, or stored text as text."""
    if trusted:
        st.markdown(text)
    else:
        show_text(text)


def _ask(exercise: Exercise) -> None:
    """The answer in a form: one press of "Answer" submits what is typed or chosen."""
    round_ = st.session_state.get("review_round", 0)
    with st.form(key=f"review_form_{round_}"):
        if exercise.choices:
            given = st.radio("Your answer", exercise.choices, index=None, key=f"review_choice_{round_}",
                             format_func=lambda c: answer_md(exercise.choice_name(c)))  # as the drill pages draw it
        else:
            given = st.text_input("Your answer", max_chars=MAX_GIVEN, key=f"review_text_{round_}")
        pressed = st.form_submit_button("Answer", key="review_submit", type="primary")
    if pressed:
        if not given or not str(given).strip():
            st.warning("Choose or type an answer first.", icon=":material/touch_app:")
            return
        try:
            _submit(exercise, str(given))
        except TutorError as err:  # e.g. longer than any answer: refused in one line, nothing recorded
            show_error(err)
            return
        st.rerun()


def _show_exercise(exercise: Exercise, trusted: bool) -> None:
    st.markdown(f"##### {KIND_NAMES.get(exercise.item_kind, 'An item')} to review")
    _show(exercise.prompt, trusted)
    feedback = st.session_state.get(_FEEDBACK)
    if feedback is None:
        _ask(exercise)
        return
    correct, given, level = feedback
    text = exercise.feedback("mastered" if correct and level == "mastered" else "learning")
    if correct:
        st.success(f"Right: {answer_md(exercise.choice_name(exercise.expected))}.", icon=":material/check_circle:")
    else:
        st.error(f"You answered {answer_md(exercise.choice_name(given))}; the answer is "
                 f"**{answer_md(exercise.choice_name(exercise.expected))}**.", icon=":material/cancel:")
    if st.session_state.get(_ELSEWHERE):
        st.info("This was answered in another window since it was shown here: your answer is kept as "
                "practice, and the review counts the first one.", icon=":material/tab:")
    if correct and level == "mastered":
        with st.expander("The law behind it"):
            _show(exercise.explanation or text, trusted)
    else:
        _show(text, trusted)
    if st.button("Next", key="review_next", type="primary", shortcut="N", help="Keyboard: N"):
        _start(None)
        st.rerun()


def _replay(stored: StoredAnswer) -> None:
    a = stored.answer
    try:
        exercise = replay(stored)
    except TutorError as err:  # one bad item must not block the rest of the queue
        st.session_state["review_replay_error"] = str(err)
        return
    _start(exercise, trusted=item_server(a.item_kind) is not None and a.seed is not None)


def _mistake_line(stored: StoredAnswer) -> str:
    """One line in the learner's words ("Lead: you led ♥3; the book leads ♦9.") — stored text, escaped."""
    when = stored.answered_at.strftime("%d %b %H:%M")
    return f"{text_md(describe_mistake(stored))} ({when})"


def _mistakes(mistakes: list[StoredAnswer]) -> None:
    if "review_replay_error" in st.session_state:
        st.error(text_md(st.session_state.pop("review_replay_error")), icon=":material/error:")
    if not mistakes:
        st.info("No open mistakes.", icon=":material/thumb_up:")
    for stored in mistakes[:20]:
        left, right = st.columns([4, 1])
        left.markdown(_mistake_line(stored))
        right.button("Replay", key=f"review_replay_{stored.id}", on_click=_replay, args=(stored,))


try:
    with st.sidebar:
        learner = learner_selector(key="review_learner")
    kinds = set(servable_kinds())
    due = due_items(store(), learner)
    mistakes = store().mistakes(learner)
    col1, col2, col3 = st.columns(3)
    col1.metric("Due now", len(due))
    col2.metric("Mistakes to fix", len(mistakes))
    col3.metric("Can be served", len([d for d in due if d[0] in kinds]))
    if mistakes:
        st.info(f"{count_of(len(mistakes), 'mistake')} waiting: open the "
                "“Mistakes queue” tab to replay each exact position.", icon=":material/replay:")

    due_tab, mistakes_tab = st.tabs(["Exercise", "Mistakes queue"])
    with due_tab:
        current = st.session_state.get(_EX)
        if current is None and st.session_state.get(_FEEDBACK) is None:
            try:
                current = next_exercise(store(), learner, random.Random(time.time_ns()))
            except TutorError as err:
                show_error(err)
                current = None
            _start(current)
        if current is None:
            st.info("Nothing is due. Answer drills, quizzes or laws and they will come back here "
                    "when you are about to forget them.", icon=":material/event_available:")
        else:
            _show_exercise(current, bool(st.session_state.get(_TRUSTED, True)))
        unservable = sorted({kind for kind, _ in due if kind not in kinds})
        if unservable:
            st.caption(f"Due but not yet servable here: {text_md(', '.join(unservable))}.")
    with mistakes_tab:
        _mistakes(mistakes)
except TutorError as err:
    show_error(err)
