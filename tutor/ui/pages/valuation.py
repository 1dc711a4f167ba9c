"""Count the sure tricks: the hand-valuation drill behind every bidding law (laws 33 and 36)."""

from __future__ import annotations

import streamlit as st

from tutor.engine.cards import Hand
from tutor.engine.errors import TutorError
from tutor.lessons.bidding.valuation import ValuationDrill, make
from tutor.ui import cards
from tutor.ui import state as _state
from tutor.ui.common import page_header, show_error, text_md

SEED, RESULT, STARTED = "valuation_seed", "valuation_result", "valuation_t0"
EXERCISE = _state.SeededExercise(SEED, RESULT, STARTED, "valuation_new")


@st.cache_data(show_spinner=False, max_entries=64)
def _drill(seed: int) -> ValuationDrill:
    return make(seed)


def main() -> None:
    page_header("Count the sure tricks",
                "Most of the book's bidding laws rest on the sure-trick count: five for a simple game (law "
                "33), seven for a direct \u201ctwo\u201d and eight or nine for a \u201cthree\u201d (law 36). "
                "Count each suit as the tutor's model does.")
    seed = EXERCISE.controls("hand")
    drill = _drill(seed)
    st.markdown(text_md(drill.prompt))
    st.markdown(cards.hand_md(Hand.parse(drill.hand)))
    with st.form(f"valuation_form_{seed}"):
        columns = st.columns(4)
        counts = {q.suit.value: columns[n].number_input(q.suit.symbol, min_value=0, max_value=13, step=1,
                                                          key=f"valuation_{seed}_{q.suit.value}")
                  for n, q in enumerate(drill.questions)}
        checked = st.form_submit_button("Check my count")
    if checked:
        try:
            feedback = drill.check({k: int(v) for k, v in counts.items()})
        except TutorError as err:
            show_error(err)
            return
        _state.record_once(f"valuation:{seed}", feedback.answer(_state.seconds_since(STARTED)))
        st.session_state[RESULT] = feedback
    shown = st.session_state.get(RESULT)
    if shown is not None and shown.drill.seed == seed:
        feedback = shown
        (st.success if feedback.correct else st.warning)(feedback.summary)
        for line in feedback.lines:
            st.markdown(f"- {text_md(line)}")
        st.button("Next hand", key="valuation_next", on_click=EXERCISE.new, shortcut="N")


main()
