"""Home: what the tutor offers, the start-here path, and what is waiting in Review."""

import streamlit as st

from tutor.engine.nouns import count_of
from tutor.ui.common import page_header
from tutor.ui.progress_summary import home_summary, mistakes_waiting
from tutor.ui.start_here import PATH

page_header(
    "Vint tutor",
    "Learn Vint — the Russian partnership game that is the ancestor of bridge — and Solo Whist.",
)

_progress = home_summary()  # streak and summary; None when nothing is recorded yet
if _progress:
    st.success(_progress, icon=":material/local_fire_department:")
_waiting = mistakes_waiting()
if _waiting:
    st.page_link("tutor/ui/pages/review.py", icon=":material/replay:",
                 label=f"{count_of(_waiting, 'mistake')} waiting in Review: replay them")

st.markdown(
    """
Vint ("винт", *the screw*) is played by four people in two partnerships with a
52-card pack. It joins the bidding of preference to the play of whist: the
partners negotiate a contract of tricks and a trump suit, then play for it; both
sides write every trick they take, and honours, aces, coronets and slams are
scored above the line.
"""
)

st.subheader("Start here")
st.caption("A suggested order: the game on one page, then the laws, then the drills.")
for number, (path, title, why) in enumerate(PATH, 1):
    st.page_link(path, label=f"{number}. {title} — {why}")

st.subheader("Also here")
st.markdown(
    """
- **Study the laws** of the book step by step — seating, the deal, the auction,
  the play, revokes, exposed cards, scoring, and the variants for two, three and
  five players — each with its source, and be quizzed on them.
- **Drill the conventions**: generated deals that fit a convention of the book;
  you bid, lead or discard and are shown the book's answer, the law it rests on,
  and what the choice is worth in points.
- **Quiz yourself on scoring**: tricks below the line, honours, aces, coronets,
  slams, penalties, parties and rubbers, computed exactly and explained item by item.
- **Solo Whist**: its calls, settlement and a worked example replayed trick by trick.
"""
)
st.page_link("tutor/ui/pages/solo_whist.py", label="Solo Whist", icon=":material/style:")

st.info(
    "The sources are machine translations of a Russian rule book. Where they disagree, "
    "the numbered book is the default and the other reading is a switchable variant; "
    "where they are silent, the tutor says so and states its own reading.",
    icon=":material/menu_book:",
)
