"""Vint tutor: the Streamlit app. Navigation, the one setting every page reads (the deck's colours), and the
double-dummy workers started while the first page is read."""

import contextlib

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.engine.solver.analysis import solver
from tutor.ui.access import navigation_for
from tutor.ui.cards import FOUR_COLOUR_KEY
from tutor.ui.heap import settle_after_first_run

PAGES = {
    "Start here": [
        st.Page("tutor/ui/pages/home.py", title="Home", icon=":material/home:", default=True),
        st.Page("tutor/ui/pages/deal_walkthrough.py", title="How a deal goes", icon=":material/route:"),
        # the table where the learner plays whole deals: in view from the first page (issue 32)
        st.Page("tutor/ui/pages/practice_table.py", title="Practice table", icon=":material/table_restaurant:"),
        st.Page("tutor/ui/pages/for_bridge_players.py", title="For bridge players", icon=":material/swap_horiz:"),
        st.Page("tutor/ui/pages/quick_reference.py", title="Quick reference", icon=":material/table_chart:"),
        st.Page("tutor/ui/pages/glossary.py", title="Glossary", icon=":material/translate:"),
    ],
    "Learn": [
        st.Page("tutor/ui/pages/laws.py", title="Study the laws", icon=":material/menu_book:"),
        st.Page("tutor/ui/pages/law_quiz.py", title="Quiz on the laws", icon=":material/quiz:"),
    ],
    "Practise": [
        st.Page("tutor/ui/pages/scoring.py", title="Score calculator", icon=":material/calculate:"),
        st.Page("tutor/ui/pages/scoring_quiz.py", title="Scoring quiz", icon=":material/scoreboard:"),
        st.Page("tutor/ui/pages/play_drill.py", title="Play drills", icon=":material/playing_cards:"),
        st.Page("tutor/ui/pages/valuation.py", title="Count the sure tricks", icon=":material/functions:"),
        st.Page("tutor/ui/pages/bidding_drill.py", title="Bidding drills", icon=":material/campaign:"),
        st.Page("tutor/ui/pages/bidding_lessons.py", title="Bidding lessons", icon=":material/forum:"),
    ],
    "At the table": [
        st.Page("tutor/ui/pages/score_pad.py", title="Rubber score pad", icon=":material/edit_note:"),
    ],
    "Solo Whist": [
        st.Page("tutor/ui/pages/solo_whist.py", title="Solo Whist", icon=":material/style:"),
    ],
    "Progress": [
        st.Page("tutor/ui/pages/review.py", title="Review", icon=":material/event_repeat:"),
        st.Page("tutor/ui/pages/progress.py", title="Progress", icon=":material/insights:"),
    ],
}

# Class mode (docs/classes.md): shown, and allowed, only to whom the database says (tutor/ui/access.py)
SIGN_IN = st.Page("tutor/ui/pages/sign_in.py", title="Your account", icon=":material/badge:")
TEACHER = st.Page("tutor/ui/pages/teacher.py", title="Teacher's view", icon=":material/school:")

# The tab's icon: an emoji is drawn by the browser itself. (A Material icon here, or the pages'
# icons by default, would be fetched from a font server: no request may leave the learner's computer.)
st.set_page_config(page_icon="♠️")
page = st.navigation(navigation_for(PAGES, SIGN_IN, TEACHER))
# the double-dummy workers get ready while the first page is read (a no-op after); a bad TUTOR_DDS_WORKERS is
# said in one line where a page needs the solver, never by every page failing
with contextlib.suppress(TutorError):
    solver().start_workers()
st.sidebar.toggle("Four-colour deck", key=FOUR_COLOUR_KEY,
                  help="Diamonds blue and clubs green, as well as hearts red, so no two suits look alike.")
page.run()
# what the page loaded for good, out of the garbage collector's walks (tutor/ui/heap.py)
settle_after_first_run(page.url_path)
