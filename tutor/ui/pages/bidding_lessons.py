"""Guided lessons: the book's bidding dialogues (law 49's spades, law 50's short suits), call by call."""

from __future__ import annotations

import streamlit as st

from tutor.engine.calls import Call, Pass
from tutor.engine.cards import Hand, Seat
from tutor.engine.errors import TutorError
from tutor.lessons.bidding.feedback import law_quote
from tutor.lessons.bidding.lessons import Step, lessons, steps
from tutor.lessons.words import cited_source
from tutor.ui import cards
from tutor.ui.common import hand_markdown, law_labels, page_header, show_error

LESSON, STEP = "bid_lesson_id", "bid_lesson_step"


def _reset() -> None:
    st.session_state[STEP] = 0


def _said(call: Call | None) -> str:
    return "—" if call is None else call.spoken


def _dialogue(done: list[Step]) -> str:
    lines = []
    for s in done:
        line = f"{s.number}. You: **{s.call.spoken}** — West: pass — partner: **{_said(s.partner_reply)}**"
        lines.append(line + (" — East: pass" if s.partner_reply is not None else ""))
    return "  \n".join(lines)


def _calls(done: list[Step]) -> list[Call]:
    """The dialogue as an auction: you (South, the dealer), West passes, partner replies, East passes."""
    calls: list[Call] = []
    for s in done:
        calls += [s.call, Pass()]
        if s.partner_reply is not None:
            calls += [s.partner_reply, Pass()]
    return calls


page_header("Bidding lessons", "The book's two bidding dialogues, step by step: guess your call, then read "
                               "what the book says and which convention makes it.")
try:
    available = lessons()
except TutorError as err:
    show_error(err)
    st.stop()
chosen = st.radio("Lesson", list(available), key=LESSON, on_change=_reset,
                  format_func=lambda i: available[i].title)
lesson = available[chosen]
try:
    all_steps = steps(lesson)
except TutorError as err:
    show_error(err)
    st.stop()
if STEP not in st.session_state:
    _reset()
index = min(int(st.session_state[STEP]), len(all_steps))
st.markdown(f"**Your hand (South, the dealer)** — {law_labels(lesson.laws)}")
st.markdown(hand_markdown(Hand.parse(lesson.hand)))
st.caption("Sources: " + "; ".join(cited_source(s) for s in lesson.sources))
if index:
    st.markdown("**The dialogue so far**")
    cards.show_auction(Seat.S, _calls(all_steps[:index]), to_call=index < len(all_steps), you=Seat.S)
    st.markdown(_dialogue(all_steps[:index]))
    last = all_steps[index - 1]
    st.info(last.note, icon=":material/record_voice_over:")
    if last.rule_id:
        st.caption(f"Convention: {last.rule_title} ({law_labels(last.laws)})")
if index < len(all_steps):
    step = all_steps[index]
    choices = [str(c) for c in step.position.legal_calls()][:16]
    if str(step.call) not in choices:
        choices.append(str(step.call))
    st.caption(cards.denomination_order_md())
    guess = st.selectbox(f"Round {step.number}: what do you say?", choices, index=None, format_func=cards.call_label,
                         placeholder="Your guess (optional)", key=f"bid_lesson_guess_{chosen}_{index}")
    if guess is not None:
        if guess == str(step.call):
            st.success(f"Yes: {step.call.spoken}.", icon=":material/check_circle:")
        else:
            st.warning(f"The book says {step.call.spoken} ({cards.call_text(step.call)}).", icon=":material/info:")
    st.button("Next call", key="bid_lesson_next", type="primary",
              on_click=lambda: st.session_state.__setitem__(STEP, index + 1))
else:
    st.success("The end of the dialogue.", icon=":material/flag:")
    for law in lesson.laws:
        st.caption(law_quote(law))
st.button("Start again", key="bid_lesson_restart", on_click=_reset)
