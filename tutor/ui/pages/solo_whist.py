"""Solo Whist: study the laws, drill the calls, replay the seed's example, settle a deal.

Render and collect input only: the rules live in ``tutor.engine.solo``, the drill,
quizzes and example in ``tutor.lessons``. Every widget has a key; learner input is
never rendered as HTML.
"""

from __future__ import annotations

import random
import time

import pandas as pd
import streamlit as st

from tutor.engine.cards import SEATS, Card, Hand, Seat
from tutor.engine.errors import TutorError
from tutor.engine.solo.calls import LADDER, spec
from tutor.engine.solo.rules import SOLO_VARIANTS, SoloRules
from tutor.engine.solo.settlement import Settlement, format_points, settle
from tutor.lessons.answers import Answer
from tutor.lessons.content.models import Entry, QuizQuestionModel
from tutor.lessons.solo import drill as solo_drill
from tutor.lessons.solo.example import Replay, load_example, replay
from tutor.lessons.solo.laws import load_solo_laws, load_solo_quiz
from tutor.lessons.solo.quiz import ScoringQuestion, parse_points, scoring_question
from tutor.lessons.words import learner_words, source_name
from tutor.ui import cards
from tutor.ui import state as _state
from tutor.ui.common import hand_markdown, law_labels, page_header, show_error

P = "solo_"  # prefix of every session-state key of this page


@st.cache_resource(show_spinner=False)
def _laws() -> list[Entry]:
    return load_solo_laws()


@st.cache_resource(show_spinner=False)
def _quiz() -> list[QuizQuestionModel]:
    return list(load_solo_quiz().questions)


@st.cache_resource(show_spinner=False)
def _replay(line: int) -> Replay:
    return replay(load_example(), line)


def _ladder_table() -> None:
    rows = [{"rank": g.rank, "game": g.name, "tricks": (f"{g.target} with a partner" if g.partnership
                                                         else "none" if g.avoid_tricks else str(g.target)),
             "trumps": {"turned-up": "turned-up suit", "none": "none", "named": "bidder names"}[g.trumps.value],
             "stake": format_points(g.stake, sign=False),
             "per trick": format_points(g.per_trick, sign=False) if g.per_trick else "—",
             "law": law_labels((g.law,))} for g in LADDER]  # "Solo Whist 10", as the learner names it
    st.dataframe(pd.DataFrame(rows), hide_index=True, key=f"{P}ladder",
                 column_config={"tricks": st.column_config.TextColumn(width="medium")})  # "8 with a partner" whole


# -- study ----------------------------------------------------------------------------------------------


def _study() -> None:
    st.markdown("Solo Whist as the Thai source teaches it (the part of the book before the Vint laws): every deal is a round "
                "of its own, alliances last one deal, and the calls climb a fixed ladder.")
    _ladder_table()
    laws = _laws()
    ids = [e.id for e in laws]
    by_id = {e.id: e for e in laws}
    chosen = st.selectbox("Law", ids, format_func=lambda i: f"{law_labels((i,))}: {by_id[i].title}", key=f"{P}law")
    entry = by_id[chosen]
    st.subheader(entry.title)
    st.caption(f"{law_labels((entry.id,))} · {entry.kind}")  # named as the learner reads it, never the id
    st.markdown(entry.text)
    for note in entry.notes:
        st.info(learner_words(note), icon=":material/lightbulb:")
    for variant in entry.variants:
        # what the reading is, never its id (as the laws page names it)
        st.warning(f"**Another reading: {variant.id.replace('-', ' ')}** — {variant.text}", icon=":material/alt_route:")
    st.caption("Sources: " + "; ".join(f"{source_name(s)} ({s.ref})" for s in entry.sources))
    _law_quiz()


def _law_quiz() -> None:
    st.divider()
    st.subheader("Quiz on the laws")
    questions = _quiz()
    index = st.session_state.setdefault(f"{P}q_index", 0) % len(questions)
    q = questions[index]
    st.markdown(f"**Question {index + 1} of {len(questions)}.** {q.prompt}")
    key = f"{P}q_answer_{q.id}"
    given: str | None
    if q.kind == "choice":
        given = st.radio("Your answer", q.options, index=None, key=key)
    elif q.kind == "truefalse":
        picked = st.radio("Your answer", ["true", "false"], index=None, key=key, horizontal=True)
        given = picked
    else:
        number = st.number_input("Your answer", min_value=0, max_value=100, step=1, value=None, key=key)
        given = None if number is None else str(int(number))
    left, right = st.columns(2)
    if left.button("Check", key=f"{P}q_check_{q.id}", disabled=given is None, type="primary"):
        expected = str(q.answer).lower() if isinstance(q.answer, bool) else str(q.answer)
        correct = given == expected
        # the first Check counts; another after the answer was shown is a retry (issue 32)
        _state.record_once(f"solo-quiz:{q.id}", Answer("solo", q.id, correct, str(given), expected,
                                                       laws=tuple(q.laws)))
        (st.success if correct else st.error)(f"{'Right' if correct else 'Not quite'}: {expected}. "
                                              f"{q.explanation} ({law_labels(q.laws)})")
    if right.button("Next question", key=f"{P}q_next"):
        st.session_state[f"{P}q_index"] = index + 1
        st.rerun()


# -- drill ------------------------------------------------------------------------------------------------


def _drill() -> None:
    st.markdown("You are the eldest hand and speak first. Which call does your hand support? The answer "
                "follows the source's guidance (a proposal usually needs four sure tricks counting trumps) "
                "and the tutor's documented counting model.")
    rules = ["any", *solo_drill.rule_ids()]
    rule = st.selectbox("Kind of hand", rules, key=f"{P}drill_rule",
                        format_func=lambda r: "any" if r == "any" else solo_drill.hand_kind(r))
    seed = st.session_state.setdefault(f"{P}drill_seed", random.SystemRandom().randrange(10**6))
    if st.button("New hand", key=f"{P}drill_new"):
        st.session_state[f"{P}drill_seed"] = random.SystemRandom().randrange(10**6)
        st.session_state[f"{P}drill_t0"] = time.monotonic()
        st.rerun()
    try:
        drill = solo_drill.make(None if rule == "any" else rule, seed)
    except TutorError as err:
        show_error(err)
        return
    st.caption(f"Hand number {seed}")  # the rule is not named: it would give the answer away
    st.markdown(drill.prompt)
    turn_up = Card.parse(str(drill.position["turn_up"]))
    left, right = st.columns([2, 1])
    left.markdown(hand_markdown(Hand.parse(str(drill.position["hand"]))))
    right.markdown(f"**Turned up**  \n{cards.card_md(turn_up)}")
    ident = f"{seed}_{drill.rule_id}"
    with st.form(key=f"{P}drill_form_{ident}"):
        choice = st.radio("Your call", drill.choices, index=None, format_func=solo_drill.call_name,
                          key=f"{P}drill_choice_{ident}", horizontal=True)
        pressed = st.form_submit_button("Check", key=f"{P}drill_check", type="primary")
    if pressed and choice is None:
        st.warning("Choose a call first.", icon=":material/touch_app:")
    elif pressed and choice:
        correct = drill.is_correct(choice)
        started = st.session_state.get(f"{P}drill_t0")
        retry = _state.record_once(f"solo:{ident}", Answer(
            "solo", drill.rule_id, correct, choice, drill.answer, laws=drill.laws, seed=seed,
            position=drill.deal_pbn, seconds=time.monotonic() - started if isinstance(started, float) else None))
        st.session_state[f"{P}drill_result"] = (ident, choice, retry)
    result = st.session_state.get(f"{P}drill_result")
    if not result or result[0] != ident:
        return
    _, choice, retry = result
    if retry:
        first = _state.first_answer(f"solo:{ident}") or ""
        st.warning(f"A retry: your first answer here, {solo_drill.call_name(first) if first else first}, is the one that counts; "
                   "this one is recorded as a retry.", icon=":material/replay:")
    correct = drill.is_correct(choice)
    (st.success if correct else st.error)(
        f"{'Right' if correct else 'Not quite'}: {solo_drill.call_name(drill.answer)}. {drill.explanation}")
    if not correct and choice in drill.why_not:
        st.markdown(f"Why not {solo_drill.call_name(choice)}: {drill.why_not[choice]}.")
    st.dataframe(pd.DataFrame({"figure": list(drill.features), "value": list(drill.features.values())}),
                 hide_index=True, key=f"{P}drill_features")
    st.caption("Laws: " + law_labels(drill.laws))


# -- replay -----------------------------------------------------------------------------------------------


def _replay_tab() -> None:
    line = st.radio("Line of play", [1, 2], key=f"{P}replay_line", horizontal=True,
                    format_func=lambda n: {1: "1 — as printed: the misère is made",
                                           2: "2 — better defence: Kirill takes trick 7"}[n])
    try:
        r = _replay(int(line))
    except TutorError as err:
        show_error(err)
        return
    ex = r.example
    st.markdown(f"**{ex.title}** (the Thai source, {r.line.ref}). Kirill deals and turns up the "
                f"{cards.card_md(r.deal.turn_up)}. The auction: "
                + ", ".join(f"{ex.name(s)} {c.name}" for s, c, _, _ in r.auction) + ".")
    with st.expander("How the hands were reconstructed (the source's figure is missing)"):
        for item in ex.reconstruction:
            st.markdown(f"- {item}")
    step_key = f"{P}replay_step_{line}"
    count = len(r.steps)
    step = st.slider("Trick", 0, count, key=step_key)
    if step == 0:
        hands = {s: r.deal.deal[s] for s in SEATS}
        st.markdown(f"Before the first trick. {ex.name(r.contract.eldest)}, the eldest hand, leads.")
    else:
        s = r.steps[step - 1]
        hands = dict(s.hands_after)
        played = ", ".join(f"{ex.name(seat)} {cards.card_md(card)}"
                           f"{' (tutor’s choice)' if card in s.reconstructed else ''}" for seat, card in s.plays)
        st.markdown(f"**Trick {s.number}** ({s.ref}): {played} → **{ex.name(s.winner)}**")
        if s.note:
            st.markdown(s.note)
    labels = {seat: ex.name(seat) + (" (face up)" if seat is r.contract.bidder and step >= 1 else "")
              for seat in SEATS}
    cards.show_compass(hands, labels=labels)
    if step == count:
        st.markdown(r.line.ending)
        verdict = "claimed and made" if r.result.claimed else r.result.fate.value
        (st.success if r.result.made else st.error)(f"Open misère {verdict}.")
        _settlement_table(r.settlement, {s: ex.name(s) for s in SEATS})


# -- settlement ---------------------------------------------------------------------------------------------


def _settlement_table(s: Settlement, names: dict[Seat, str] | None = None) -> None:
    names = names or {seat: seat.value for seat in SEATS}
    for line in s.explanation:
        st.markdown(f"- {line}")
    net = s.net
    st.dataframe(pd.DataFrame([{"player": names[seat], "result": format_points(net[seat])} for seat in SEATS]),
                 hide_index=True, key=f"{P}net_{s.game.value}_{s.bidder.value}_{s.side_tricks}_{s.made}")
    st.caption("Law: " + law_labels(s.laws))


def _calculator() -> None:
    games = [g.game for g in LADDER]
    game = st.selectbox("Game", games, format_func=lambda g: spec(g).name, key=f"{P}calc_game")
    g = spec(game)
    c1, c2, c3 = st.columns(3)
    bidder = c1.selectbox("Bidder", SEATS, format_func=lambda s: s.value, key=f"{P}calc_bidder")
    partner = None
    if g.partnership:
        others = [s for s in SEATS if s is not bidder]
        partner = c2.selectbox("Acceptor", others, format_func=lambda s: s.value, key=f"{P}calc_partner")
    if g.all_or_nothing:
        made = c3.toggle("Made", value=True, key=f"{P}calc_made")
        tricks = (0 if made else 1) if g.avoid_tricks else (13 if made else 12)
    else:
        tricks = int(c3.number_input("Tricks taken by the bidder's side", 0, 13, g.target, key=f"{P}calc_tricks"))
        made = tricks >= g.target
    choices: dict[str, str] = {}
    with st.expander("Variants (the source's reading is the default)"):
        for v in SOLO_VARIANTS:
            labels = {key: option.label for key, option in v.options.items()}
            picked = st.selectbox(v.description, list(labels), key=f"{P}calc_var_{v.name}",
                                  format_func=labels.__getitem__)
            choices[v.name] = str(picked)
    try:
        s = settle(game, bidder, made=made, side_tricks=tricks, partner=partner,
                   rules=SoloRules.with_variants(choices))
    except TutorError as err:
        show_error(err)
        return
    _settlement_table(s)


def _scoring_quiz() -> None:
    st.subheader("Settlement quiz")
    seed = st.session_state.setdefault(f"{P}sq_seed", random.SystemRandom().randrange(10**6))
    q = scoring_question(seed)
    st.markdown(q.prompt)
    with st.form(key=f"{P}sq_form_{seed}"):
        text = st.text_input("Your answer (points)", key=f"{P}sq_answer_{seed}", placeholder="e.g. -3/4")
        pressed = st.form_submit_button("Check", key=f"{P}sq_check", type="primary")
    if pressed:
        _check_points(q, seed, text)
    if st.button("Another question", key=f"{P}sq_new"):
        st.session_state[f"{P}sq_seed"] = random.SystemRandom().randrange(10**6)
        st.rerun()


def _check_points(q: ScoringQuestion, seed: int, text: str) -> None:
    """One press of Check reads what is typed (the form submits it with the press)."""
    if not text.strip():
        st.warning("Type an answer first, e.g. -3/4.", icon=":material/touch_app:")
        return
    try:
        given = parse_points(text)
    except TutorError as err:
        show_error(err)
        return
    correct = given == q.answer
    _state.record_once(f"solo-sq:{seed}", Answer("solo", "solo-scoring", correct, format_points(given),
                                                 format_points(q.answer), laws=q.laws, seed=seed))
    (st.success if correct else st.error)(
        f"{'Right' if correct else 'Not quite'}: {format_points(q.answer)} "
        f"(you gave {format_points(given)}).")
    st.markdown(q.explanation())


def _settlement() -> None:
    st.markdown("Who pays whom, exactly as the source prints it, with the tutor's readings where it "
                "is silent and the usual English rules as variants.")
    _calculator()
    st.divider()
    _scoring_quiz()


page_header("Solo Whist", "The game the Thai source gives before the Vint laws: calls, play, settlement and a "
                          "worked example.")
study, drill, example, settlement = st.tabs(["Study", "Bidding drill", "Worked example", "Settlement"])
try:
    with study:
        _study()
    with drill:
        _drill()
    with example:
        _replay_tab()
    with settlement:
        _settlement()
except TutorError as err:
    show_error(err)
