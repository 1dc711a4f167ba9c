"""Bidding drills: your hand, the auction so far — choose the book's call, then see why and what it is worth."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from tutor.engine.calls import parse_call
from tutor.engine.cards import SEAT_NAMES, Deal, Hand, Seat
from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.bidding.drill import consequences, conventions, drill_position, make, rule_of
from tutor.lessons.bidding.feedback import law_quote, suit_table
from tutor.lessons.drills import Consequence, Drill
from tutor.lessons.pbn_export import drill_pbn
from tutor.lessons.words import learner_words
from tutor.ui import cards
from tutor.ui import state as _state
from tutor.ui.common import hand_markdown, law_labels, page_header, show_error

RULE, SEED, RESULT, STARTED = ("bid_drill_rule", "bid_drill_seed", "bid_drill_result", "bid_drill_t0")
ANY = "any"


@st.cache_data(show_spinner="Dealing and auditing a position …", max_entries=64)
def _drill(rule_id: str | None, seed: int) -> Drill:
    return make(rule_id, seed)


@st.cache_data(show_spinner="Bidding on and solving the deal double-dummy …", max_entries=64)
def _consequences(rule_id: str | None, seed: int, choice: str) -> tuple[Consequence, ...]:
    return consequences(_drill(rule_id, seed), choice)


def _priced_first() -> tuple[str, tuple[int, ...]]:
    """The position numbers of the chosen convention whose sampled prices ship (docs/cost.md), less
    those this learner has answered, in this session or an earlier one: dealt first, so the three numbers
    come with the feedback; after them, any number, priced live."""
    from tutor.lessons.cost.precomputed import priced_bid_seeds

    chosen = st.session_state.get(RULE, ANY)
    rule_id = None if chosen == ANY else str(chosen)
    priced = priced_bid_seeds(rule_id)
    answered = _state.answered_positions("convention", below=max(priced, default=-1) + 1)
    return str(chosen), tuple(s for s in priced if (rule_of(rule_id, s), s) not in answered)


EXERCISE = _state.SeededExercise(SEED, RESULT, STARTED, "bid_drill_new", first=_priced_first)


def _spoken(text: str) -> str:
    return parse_call(text).spoken


def _said(text: str) -> str:
    """"simple hearts (1♥)"; "pass" alone (it is written as it is said)."""
    label = cards.call_label(text)
    return label if label == "pass" else f"{_spoken(text)} ({label})"


def _show_position(drill: Drill) -> None:
    pos = drill.position
    bid_position = drill_position(drill)
    st.markdown(f"**{drill.prompt}**")
    left, right = st.columns(2)
    with left:
        st.markdown(f"**Your hand ({SEAT_NAMES[bid_position.seat]})**")
        st.markdown(hand_markdown(Hand.parse(str(pos["hand"]))))
    with right:
        st.markdown("**The auction so far**")
        cards.show_auction(bid_position.dealer, bid_position.calls, to_call=True, you=bid_position.seat)
        st.caption(f"{SEAT_NAMES[bid_position.dealer]} dealt and called first.")
    if pos.get("auction_notes"):
        with st.expander("What the earlier calls mean by the book", expanded=False):
            for n in pos["auction_notes"]:
                laws = f" ({law_labels(n['laws'])})" if n["laws"] else ""
                st.markdown(f"- {n['seat']} {cards.call_md(parse_call(n['call']))}: {n['title']}{laws}")


def _position_key(drill: Drill) -> str:
    return f"bid:{drill.rule_id}:{drill.seed}"


def _record(drill: Drill, choice: str, correct: bool) -> bool:
    """Record the answer (a retry when this position was answered before); returns whether it was a retry."""
    return _state.record_once(_position_key(drill), Answer(
        item_kind="convention", item_id=drill.rule_id, correct=correct, given=choice,
        expected=drill.answer, laws=tuple(drill.laws), seed=drill.seed, position=drill.deal_pbn,
        seconds=_state.seconds_since(STARTED), extra={"kind": drill.kind}))


def _feedback(drill: Drill, choice: str, rule_id: str | None, first: str | None) -> None:
    rule = conventions().rule(drill.rule_id)
    if first is not None:
        st.warning(f"A retry: your first answer here, {_spoken(first)}, is the one that counts; "
                   "this one is recorded as a retry.", icon=":material/replay:")
    if drill.is_correct(choice):
        st.success(f"Right: {_said(choice)} is the book's call.", icon=":material/check_circle:")
    else:
        st.error(f"The book says {_said(drill.answer)}, not {_said(choice)}.",
                 icon=":material/close:")
        if choice in drill.why_not:
            st.markdown(f"**Why not {cards.call_label(choice)}:** {learner_words(drill.why_not[choice])}")
    st.markdown(f"**{rule.title}** — {learner_words(drill.explanation)}")
    for law in drill.laws:
        st.caption(law_quote(law))
    for note in conventions().notes.get(rule.id, ()):
        st.info(learner_words(note), icon=":material/lightbulb:")
    st.markdown("**What mattered**")
    st.markdown("  \n".join(f"- {name}: {value}" for name, value in drill.features.items()))
    st.dataframe(pd.DataFrame(suit_table(drill_position(drill))), hide_index=True,
                 key="bid_drill_suits")
    others = {k: v for k, v in drill.why_not.items() if k != choice}
    if others:
        with st.expander("Why the other plausible calls are worse"):
            for call, reason in others.items():
                st.markdown(f"- **{cards.call_label(call)}** ({_spoken(call)}): {reason}")
    with st.expander("The full deal and the consequences", expanded=True):
        cards.show_compass(Deal.from_pbn(drill.deal_pbn))
        st.download_button("Download the deal as PBN", drill_pbn(drill), file_name=f"vint-drill-{drill.seed}.pbn",
                           mime="text/plain", key="bid_drill_pbn")
        try:
            results = _consequences(rule_id, drill.seed, choice)
        except TutorError as err:
            show_error(err)
            return
        rows = [{"call": c.choice, "final contract": c.contract,
                 # one kind a column: text, as a passed-out deal has no tricks to count (a '—')
                 "tricks (double-dummy)": "—" if c.tricks is None else str(c.tricks),
                 "NS points": c.points.get("NS", 0), "EW points": c.points.get("EW", 0)} for c in results]
        st.dataframe(pd.DataFrame(rows), hide_index=True, key="bid_drill_consequences")
        for c in results:
            st.markdown(f"- {cards.call_label(c.choice)}: {c.summary}")
        if len(results) == 2:  # noqa: PLR2004 - the book's call and the learner's other call
            from tutor.lessons.table.review import worth_words

            book, yours = results
            side = Seat.parse(str(drill.position["seat"])).side.value  # the learner's side
            st.info(f"Against the book's call, seen with every card, your call {worth_words(book.net(side) - yours.net(side))}"
                    " on this deal (your side's points less the other side's).", icon=":material/balance:")


page_header("Bidding drills", "A deal at a moment of the auction: you see only your hand. Choose the call the "
                              "book makes; then see the convention and its law, why the other calls are "
                              "worse, and what each call is worth in tricks and points.")
rules = {r.id: r for r in conventions().of_kind("bid")}
_state.adopt_url(RULE, "rule", [ANY, *rules])
rule_choice = st.selectbox("Convention", [ANY, *rules], key=RULE, on_change=EXERCISE.new,
                           format_func=lambda i: "any convention" if i == ANY
                           else f"{rules[i].title} ({law_labels(rules[i].laws)})")
seed = EXERCISE.controls("position")
_state.keep_in_url(rule=rule_choice, position=seed)
rule_id = None if rule_choice == ANY else str(rule_choice)
try:
    drill = _drill(rule_id, seed)
except TutorError as err:
    show_error(err)
    st.stop()
_show_position(drill)
ident = f"{drill.rule_id}_{drill.seed}"
with st.form(key=f"bid_drill_form_{ident}"):
    st.caption(cards.denomination_order_md())
    picked = st.selectbox("Your call", drill.choices, index=None, placeholder="Choose a call",
                          format_func=cards.call_label, key=f"bid_drill_choice_{ident}")
    pressed = st.form_submit_button("Make this call", type="primary", key=f"bid_drill_call_{ident}")
if pressed:
    if picked is None:
        st.warning("Choose a call first.", icon=":material/touch_app:")
    else:
        retry = _record(drill, str(picked), drill.is_correct(str(picked)))  # recorded before the feedback
        st.session_state[RESULT] = (ident, str(picked), retry)
stored = st.session_state.get(RESULT)
if stored and stored[0] == ident:
    _feedback(drill, stored[1], rule_id, _state.first_answer(_position_key(drill)) if stored[2] else None)
    st.button("Next position", key="bid_drill_next", type="primary", on_click=EXERCISE.new, shortcut="N",
              help="Keyboard: N")
    from tutor.ui.costs import show_costs  # the sampled layouts, after the feedback (docs/cost.md)

    show_costs(drill.position, drill.deal_pbn, stored[1], drill.answer, f"bid_{ident}")
