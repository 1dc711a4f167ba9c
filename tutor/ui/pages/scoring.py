"""Score calculator: a deal (pasted as PBN or generated from a seed) and its result -> the itemized sheet."""

from __future__ import annotations

import random

import streamlit as st

from tutor.engine.calls import LEVEL_NAMES, VINT_DENOMINATIONS, Bid, Contract
from tutor.engine.cards import SEATS, Deal, Side
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import TutorError
from tutor.engine.scoring import score_deal
from tutor.engine.sheet import deal_rows
from tutor.lessons.scoring import FAILED_CONTRACT_READINGS, describe_play, stated_readings
from tutor.lessons.words import learner_words
from tutor.ui.common import page_header, show_error
from tutor.ui.scoresheet import show_deal, show_readings, show_sheet, variant_pickers

GENERATE, PASTE = "Generate from a number", "Paste a PBN deal"
PASS = 0
EXAMPLE_PBN = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
NO_REVOKE = "nobody"


def _deal() -> Deal:
    source = st.radio("Deal", [GENERATE, PASTE], key="calc_source", horizontal=True)
    if source == GENERATE:
        seed = st.number_input("Deal number", min_value=0, max_value=10**9, value=1, step=1, key="calc_seed")
        return random_deal(random.Random(int(seed)))
    text = st.text_input("PBN deal (N: then the four hands clockwise, suits S.H.D.C)", value=EXAMPLE_PBN,
                         key="calc_pbn")
    return Deal.from_pbn(text)


def _contract() -> tuple[Contract | None, int]:
    level_col, strain_col, seat_col, tricks_col = st.columns(4)
    levels = [PASS, *LEVEL_NAMES]
    level = level_col.selectbox("Level", levels, index=3, key="calc_level",
                                format_func=lambda n: "pass (all four passed)" if n == PASS
                                else f"{n}: {LEVEL_NAMES[n]}")
    strain = strain_col.selectbox("Denomination", list(VINT_DENOMINATIONS), index=3, key="calc_strain",
                                  format_func=lambda s: s.english, disabled=level == PASS)
    declarer = seat_col.selectbox("Declarer", list(SEATS), index=2, key="calc_declarer",
                                  format_func=lambda s: s.english)  # "South", as the score pad names him
    label = "Tricks the declaring side took" if level != PASS else "Tricks the declarer's side took"
    tricks = tricks_col.number_input(label, min_value=0, max_value=13, value=9, step=1, key="calc_tricks")
    if level == PASS:
        return None, int(tricks)
    return Contract(Bid(int(level), strain), declarer), int(tricks)


page_header("Score calculator", "Enter a deal and its result: the book's scoring, item by item, "
                                "with the law behind each entry.")
try:
    deal = _deal()
except TutorError as err:
    show_error(err)
    st.stop()
show_deal(deal)
contract, tricks = _contract()
with st.expander("Irregularities: revoke, dealer's 14th card"):
    revoke_choice = st.selectbox("Side that revoked (laws 148-151)", [NO_REVOKE, "NS", "EW"], key="calc_revoke")
    extra = st.checkbox("The dealer held an unnoticed 14th card (law 24)", key="calc_extra_card")
    dealer = st.selectbox("Dealer", list(SEATS), key="calc_dealer", format_func=lambda s: s.english)
with st.expander("Variants (the book's figures are the default)"):
    try:
        rules = variant_pickers("calc")
    except TutorError as err:
        show_error(err)
        st.stop()
revoke = None if revoke_choice == NO_REVOKE else Side(revoke_choice)
try:
    score = score_deal(deal, contract, tricks, rules, revoke=revoke, dealer_extra_card=extra,
                       dealer=dealer, passed_side=st.session_state["calc_declarer"].side)
except TutorError as err:
    show_error(err)
    st.stop()
st.subheader("The sheet")
st.markdown(describe_play(contract, tricks, revoke))
show_sheet(deal_rows(score))
for note in score.notes:
    st.info(note, icon=":material/info:")
show_readings(score.readings)
with st.expander('How the tutor reads a failed "five", and a failed contract whose tricks reach 500'):
    for reading in stated_readings(FAILED_CONTRACT_READINGS):
        st.markdown(f"**{reading.title}**: {learner_words(reading.reading)}")
st.caption(f"PBN: `{deal.to_pbn()}`")
