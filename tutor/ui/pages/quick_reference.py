"""Quick reference: the calls, the trick values, honours, coronets, slams and penalties on one card.

Every figure is read from the engine's :class:`~tutor.engine.rules.Rules` (the book's values),
so the card cannot drift from what the score calculator computes.
"""

from __future__ import annotations

import streamlit as st

from tutor.engine.calls import LEVEL_NAMES, tricks_needed
from tutor.engine.rules import Rules
from tutor.ui import cards
from tutor.ui.common import page_header
from tutor.ui.start_here import cite

RULES = Rules()
LEVELS = tuple(LEVEL_NAMES)

page_header("Quick reference", "The book's figures on one card; the score calculator offers the variants.")

st.subheader("Calls")
st.markdown(cards.denomination_order_md() + " No-trumps is the highest denomination.")
rows = ["| level | called | tricks to take | a trick | an honour | an ace at no-trumps | a trick short |",
        "|:-:|:--|:-:|--:|--:|--:|--:|"]
for n in LEVELS:
    rows.append(f"| {n} | {LEVEL_NAMES[n]} | {tricks_needed(n)} | {RULES.trick_value * n} | "
                f"{RULES.honour_value * n} | {RULES.nt_ace_values[n - 1]} | {RULES.penalty_value * n} |")
st.markdown("\n".join(rows))
st.caption("A trick: below the line, written by both sides for every trick they take. An honour (A K Q J 10 "
           "of trumps) and, in a trump game, an ace: each side counts the honours and the aces it holds more "
           "of, the two counts go against each other, and the difference is written above. A trick short: the "
           "opponents write it above.")
cite("law-31", "scoring-5", "scoring-11", "scoring-15", "scoring-17", "scoring-21")

st.subheader("Coronets")
names = ["A-K-Q", "to the J", "to the 10", "to the 9", "to the 8", "to the 7", "to the 6", "to the 5",
         "to the 4", "to the 3", "to the 2"]
rows = ["| run from the ace | plain suit | trumps, and every suit at no-trumps |", "|:--|--:|--:|"]
rows += [f"| {name} | {plain} | {trump} |" for name, plain, trump in
         zip(names, RULES.coronet_plain, RULES.coronet_trump)]
rows.append(f"| three aces in one hand | {RULES.aces_coronet_plain[0]} | {RULES.aces_coronet_nt[0]} (at no-trumps) |")
rows.append(f"| four aces in one hand | {RULES.aces_coronet_plain[1]} | {RULES.aces_coronet_nt[1]} (at no-trumps) |")
st.markdown("\n".join(rows))
cite("note-5", "scoring-18")

st.subheader("Slams, parties and the rubber")
small, grand = RULES.slam_declared_bonus
made_small, made_grand = RULES.slam_made_bonus
st.markdown(f"- A declared small slam made: **{small}**; a declared grand slam: **{grand}**; and for taking "
            f"12 or 13 tricks, **{made_small}** or **{made_grand}** more.\n"
            f"- A failed declared slam: the penalty, and the opponents also write its {small} or {grand}.\n"
            f"- A partie: the first side to **{RULES.partie_target}** below the line; it writes "
            f"**{RULES.partie_bonus}** above. The rubber: two parties won, **{RULES.rubber_bonus}** more.\n"
            f"- All four pass: an X is written, worth **{RULES.x_values[0]}** to the side that ends the rubber.\n"
            f"- A revoke: {RULES.revoke_tricks} tricks pass to the opponents.")
cite("scoring-19", "scoring-22", "note-9", "scoring-7", "scoring-8", "law-148")
