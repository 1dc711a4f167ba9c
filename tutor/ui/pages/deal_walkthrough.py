"""How a deal of Vint goes: the whole game on one page, each step with the laws it rests on."""

from __future__ import annotations

import streamlit as st

from tutor.engine.calls import LEVEL_NAMES, tricks_needed
from tutor.engine.rules import Rules
from tutor.ui import cards
from tutor.ui.common import page_header
from tutor.ui.start_here import cite

RULES = Rules()

page_header("How a deal of Vint goes", "From drawing for seats to writing the score: one deal, step by step, "
                                       "each step with the law of the book it comes from.")

st.subheader("1. Seats and partners")
st.markdown("Four people play with a 52-card pack. Each draws a card from the pack spread on the table: the "
            "lowest card chooses a seat and deals first, and the two lowest play together as partners, "
            "sitting opposite each other. In the draw the ace is the lowest card.")
cite("law-1", "law-2", "law-3", "law-6")

st.subheader("2. Shuffle, cut and deal")
st.markdown("The cards are shuffled openly above the table; the opponent on the dealer's right cuts, each "
            "packet holding at least five cards. The dealer gives the cards one at a time, starting with "
            "the opponent on his left, until each player holds 13. **No trump card is turned up**: the "
            "trump suit is decided by the auction.")
cite("law-9", "law-11", "law-12", "law-16")

st.subheader("3. The auction")
levels = ", ".join(f"“{LEVEL_NAMES[n]}” {tricks_needed(n)}" for n in LEVEL_NAMES)
st.markdown("The dealer speaks first, then the player on his left, then the dealer's partner, then the "
            "fourth player, and round again; one call per turn. Each call must outrank the last: a higher "
            f"level, or the same level in a higher denomination. {cards.denomination_order_md()} "
            f"A contract names the tricks the side must take with both hands together: {levels}.")
cite("law-28", "law-29", "law-35", "law-31")
st.markdown("The contract goes to the highest call once the others have passed; if all four pass at once "
            "the cards are dealt again (the book's default: an X is written on the sheet). After a game "
            "is named and the players have passed twice, anyone may ask “may we lead?”, giving up his "
            f"own bidding. (The tutor's reading: the auction ends after {RULES.auction_end_passes} passes "
            "in a row after the last bid — all four pass twice.)")
cite("law-re", "law-76", "scoring-8")

st.subheader("4. The play")
st.markdown("The opponent on the declarer's left leads (the tutor's reading of laws 77–78); each player in "
            "turn plays a card of the suit led if he has one; without it he may ruff with a trump or "
            "discard, at his choice. The highest trump, or else the highest card of the suit led, wins the "
            "trick, and its winner leads next (the book takes this from whist and does not state it). "
            "**All four hands are played by their holders** — the declarer's partner, the “supporter”, "
            "plays his own cards, as the laws of second and third hand show (save after a call of “three” "
            "or more “in the dark”: then the partner may lay his cards open for the caller to play). A "
            "revoke (not following suit when one could) costs three tricks.")
cite("law-r108", "law-112", "law-178", "law-148")

st.subheader("5. The score")
st.markdown(f"**Both sides write every trick they took**, below the line, at {RULES.trick_value} × the "
            f"level a trick ({RULES.trick_value} in a simple game … {RULES.trick_value * 7} in a grand "
            "slam). Above the line go the honours: in a trump game each side counts the trump honours and "
            "the aces that it holds more of, and the difference between the two sides' counts is written "
            "(at no-trumps, the aces alone); then coronets, slam bonuses, and the penalties for tricks short, "
            f"{RULES.penalty_value} × the level a trick, written by the opponents. The first side to "
            f"{RULES.partie_target} below the line wins the partie and writes {RULES.partie_bonus} above; "
            f"two parties make the rubber, worth {RULES.rubber_bonus} more. At the end each side totals "
            "its whole record and the difference is the winner's gain.")
cite("scoring-1", "scoring-5", "scoring-12", "scoring-14", "scoring-15", "scoring-21", "note-9", "scoring-7",
     "scoring-4")

st.divider()
st.page_link("tutor/ui/pages/for_bridge_players.py", label="Next: Vint for bridge players",
             icon=":material/arrow_forward:")
