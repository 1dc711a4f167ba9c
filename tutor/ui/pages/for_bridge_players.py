"""Vint for bridge players: what a bridge player must unlearn, each difference with its law."""

from __future__ import annotations

import streamlit as st

from tutor.engine.rules import Rules
from tutor.ui import cards
from tutor.ui.common import page_header
from tutor.ui.start_here import cite

RULES = Rules()

page_header("Vint for bridge players", "Vint is bridge's Russian ancestor: the auction and the play will feel "
                                       "familiar, but these differences catch every bridge player.")

DIFFERENCES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("No dummy",
     "All four hands are played by their holders. The declarer's partner — the “supporter” — keeps his "
     "cards closed and plays them himself, leading, ruffing and discarding for his side, as the laws of "
     "second and third hand show. One exception: when a player calls “three” or more “in the dark”, "
     "without looking at his cards, his partner may lay his own cards open and let the caller play them. "
     "Otherwise a dummy appears only in the variants for two and three players.",
     ("law-112", "law-121", "law-178", "two-1", "three-1")),
    ("Spades are the lowest suit",
     f"{cards.denomination_order_md()} Bridge ranks spades highest; in Vint a call in spades is the "
     "cheapest, and “simple spades” cannot be called over clubs — one must say “two”.",
     ("law-5", "law-35")),
    ("Both sides score every trick",
     f"Each side writes all the tricks it took, below the line, at {RULES.trick_value} × the level: in "
     "“three” the declarers who take nine write 270 and the defenders write 120 for their four. The "
     f"partie goes to the first side to {RULES.partie_target} below the line — defenders too.",
     ("scoring-1", "scoring-5", "note-9")),
    ("Honours are big, and aces count with them",
     "In a trump game the five trump honours and the four aces both count: each side counts the honours "
     "and the aces it holds more of, the two sides' counts go against each other, and the difference is "
     f"written, {RULES.honour_value} × the level each. At no-trumps the aces are the honours "
     f"({RULES.nt_ace_values[0]} × the level each). Coronets — a run from the ace in one hand, or three or four "
     "aces — score on top.",
     ("note-4", "scoring-11", "scoring-12", "scoring-14", "scoring-15", "scoring-17", "note-5", "scoring-18")),
    ("Penalties are heavy",
     f"Each trick short costs {RULES.penalty_value} × the level, written by the opponents — "
     f"{RULES.penalty_value // RULES.trick_value} times a trick's value. A declared slam that fails also "
     "gives the opponents the slam bonus.",
     ("law-32", "scoring-21", "scoring-22")),
    ("No trump card, no doubling",
     "The deal turns no card up; the trump suit comes only from the auction. The book describes no "
     "double or redouble — its calls are bids and passes, each outranking the last — so the tutor "
     "offers only those.",
     ("law-16", "law-30", "law-35")),
    ("Silence at the table",
     "No sign of approval or disapproval of partner's lead or discard, by word, gesture or face.",
     ("preamble-3",)),
)

for title, text, laws in DIFFERENCES:
    st.subheader(title)
    st.markdown(text)
    cite(*laws)

st.divider()
st.page_link("tutor/ui/pages/quick_reference.py", label="Next: the quick-reference card",
             icon=":material/arrow_forward:")
