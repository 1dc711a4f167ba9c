"""Play drills: lead, second hand, third hand or discard — pick the book's card, see what it costs."""

from __future__ import annotations

import streamlit as st

from tutor.engine.calls import parse_call
from tutor.engine.cards import Card, Deal, Hand, Seat
from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.drills import Consequence
from tutor.lessons.pbn_export import drill_pbn
from tutor.lessons.play.drill import KINDS, PlayDrill, consequences, cost_summary, make
from tutor.lessons.play.rules import rule_named, rules_of_kind
from tutor.lessons.words import learner_words
from tutor.ui import cards
from tutor.ui import state as _state
from tutor.ui.common import hand_markdown, law_labels, page_header, show_error

KIND, RULE, SEED, RESULT, STARTED = ("play_drill_kind", "play_drill_rule", "play_drill_seed",
                                     "play_drill_result", "play_drill_t0")
ANY = "any"
_KIND_LABELS = {"lead": "Lead", "second-hand": "Second hand", "third-hand": "Third hand",
                "discard": "Cannot follow: ruff or discard"}


@st.cache_data(show_spinner="The robots bid and play deals until this convention decides a card …",
               max_entries=64)
def _drill(kind: str, rule_id: str | None, seed: int) -> PlayDrill:
    return make(kind, rule_id, seed)


@st.cache_data(show_spinner="Solving the deal double-dummy …", max_entries=64)
def _consequences(kind: str, rule_id: str | None, seed: int, choice: str) -> tuple[Consequence, ...]:
    return consequences(_drill(kind, rule_id, seed), choice)


EXERCISE = _state.SeededExercise(SEED, RESULT, STARTED, "play_drill_new")


def _kind_changed() -> None:
    st.session_state[RULE] = ANY
    EXERCISE.new()


def _pretty(text: str) -> str:
    return cards.card_md(Card.parse(text))


def _show_position(drill: PlayDrill) -> None:
    pos = drill.position
    st.markdown(f"**{drill.prompt.splitlines()[0]}**")
    left, right = st.columns(2)
    with left:
        st.markdown("**The auction**")
        calls = [parse_call(c) for c in pos["auction"]]
        cards.show_auction(Seat.parse(pos["dealer"]), calls, you=Seat.parse(pos["seat"]))
        score = pos.get("score", {})
        if any(score.values()):
            st.caption(f"Below the line in this partie: NS {score.get('NS', 0)}, EW {score.get('EW', 0)}")
    with right:
        st.markdown(f"**Your hand ({Seat.parse(pos['seat']).english})**")
        st.markdown(hand_markdown(Hand.parse(pos["hand"])))
    if pos["tricks"]:
        st.markdown("**Tricks so far**")
        for n, trick in enumerate(pos["tricks"], start=1):
            st.markdown(f"{n}. " + cards.trick_md((Seat.parse(item[:1]), Card.parse(item[2:])) for item in trick))
    if pos["trick"]:
        seats = Seat.parse(pos["trick_leader"]).rotation()
        shown = cards.trick_md(zip(seats, (Card.parse(c) for c in pos["trick"])))
        st.markdown(f"**This trick:** {shown}")


def _position_key(drill: PlayDrill) -> str:
    return f"play:{drill.kind}:{drill.rule_id}:{drill.seed}"


def _record(drill: PlayDrill, choice: str, correct: bool) -> bool:
    """Record the answer (a retry when this position was answered before); returns whether it was a retry."""
    return _state.record_once(_position_key(drill), Answer(
        item_kind="convention", item_id=drill.rule_id, correct=correct, given=choice,
        expected=" ".join(drill.accepted), laws=tuple(drill.laws), seed=drill.seed,
        position=drill.deal_pbn, seconds=_state.seconds_since(STARTED), extra={"kind": drill.kind}))


def _feedback(drill: PlayDrill, choice: str, first: str | None) -> None:
    accepted = " ".join(_pretty(c) for c in drill.accepted)
    if first is not None:
        st.warning(f"A retry: your first card here, {_pretty(first)}, is the one that counts; "
                   "this one is recorded as a retry.", icon=":material/replay:")
    if drill.is_correct(choice):
        st.success(f"Right: {_pretty(choice)} is the book's card.", icon=":material/check_circle:")
    else:
        st.error(f"The book plays {accepted if len(drill.accepted) == 1 else 'any of ' + accepted}, "
                 f"not {_pretty(choice)}.", icon=":material/close:")
        reason = drill.why_not.get(choice) or (f"the book's rule here is “{rule_named(drill.rule_id).title}” "
                                               f"({law_labels(drill.laws)}), and it does not play this card.")
        st.markdown(f"**Why not {_pretty(choice)}:** {reason}")
    st.markdown(f"**{rule_named(drill.rule_id).title}** ({law_labels(drill.laws)})  \n{learner_words(drill.explanation)}")
    with st.expander("The full deal and the double-dummy check", expanded=not drill.is_correct(choice)):
        cards.show_compass(Deal.from_pbn(drill.deal_pbn))
        st.download_button("Download the deal as PBN", drill_pbn(drill), file_name=f"vint-drill-{drill.seed}.pbn",
                           mime="text/plain", key="play_drill_pbn")
        try:
            book, yours = _consequences(drill.kind, drill.rule_id, drill.seed, choice)
        except TutorError as err:
            show_error(err)
            return
        st.markdown(f"- {book.summary}\n- {yours.summary}")
        st.info(cost_summary(drill, book, yours), icon=":material/balance:")


page_header("Play drills", "A position from the play of a Vint deal: choose the card the book plays — "
                           "the lead, second or third hand, a ruff or a discard — and see the rule, its law, "
                           "and what your card costs double-dummy and in points.")
_state.adopt_url(KIND, "kind", KINDS)
kind = st.radio("Decision", KINDS, format_func=lambda k: _KIND_LABELS[k], horizontal=True, key=KIND,
                on_change=_kind_changed)
rules = {r.id: r for r in rules_of_kind(kind)}
_state.adopt_url(RULE, "rule", [ANY, *rules])
rule_choice = st.selectbox("Convention", [ANY, *rules], key=RULE, on_change=EXERCISE.new,
                           format_func=lambda i: "any convention of this kind" if i == ANY
                           else f"{rules[i].title} ({law_labels(rules[i].laws)})")
seed = EXERCISE.controls("position")
_state.keep_in_url(kind=kind, rule=rule_choice, position=seed)
rule_id = None if rule_choice == ANY else rule_choice
try:
    drill = _drill(kind, rule_id, seed)
except TutorError as err:
    show_error(err)
    st.stop()
_show_position(drill)
ident = f"{drill.kind}_{drill.rule_id}_{drill.seed}"
with st.form(key=f"play_drill_form_{ident}"):
    picked = st.radio("Your card", drill.choices, format_func=_pretty, horizontal=True, index=None,
                      key=f"play_drill_choice_{ident}")
    pressed = st.form_submit_button("Play this card", type="primary", key=f"play_drill_play_{ident}")
if pressed:
    if picked is None:
        st.warning("Choose a card first.", icon=":material/touch_app:")
    else:
        retry = _record(drill, str(picked), drill.is_correct(str(picked)))  # recorded before the feedback
        st.session_state[RESULT] = (ident, str(picked), retry)
stored = st.session_state.get(RESULT)
if stored and stored[0] == ident:
    _feedback(drill, stored[1], _state.first_answer(_position_key(drill)) if stored[2] else None)
    st.button("Next position", key="play_drill_next", type="primary", on_click=EXERCISE.new, shortcut="N",
              help="Keyboard: N")
    from tutor.ui.costs import show_costs  # the sampled layouts, after the feedback (docs/cost.md)

    show_costs(drill.position, drill.deal_pbn, stored[1], drill.answer, f"play_{ident}")
