"""Vint tutor: the Streamlit app. Navigation only; each page lives in tutor/ui/pages/."""

import streamlit as st

PAGES = {
    "Learn": [
        st.Page("tutor/ui/pages/home.py", title="Home", icon=":material/home:", default=True),
        st.Page("tutor/ui/pages/laws.py", title="Study the laws", icon=":material/menu_book:"),
        st.Page("tutor/ui/pages/law_quiz.py", title="Quiz on the laws", icon=":material/quiz:"),
    ],
    "Practise": [
        st.Page("tutor/ui/pages/scoring.py", title="Score calculator", icon=":material/calculate:"),
        st.Page("tutor/ui/pages/scoring_quiz.py", title="Scoring quiz", icon=":material/scoreboard:"),
        st.Page("tutor/ui/pages/play_drill.py", title="Play drills", icon=":material/playing_cards:"),
        st.Page("tutor/ui/pages/bidding_drill.py", title="Bidding drills", icon=":material/campaign:"),
        st.Page("tutor/ui/pages/bidding_lessons.py", title="Bidding lessons", icon=":material/forum:"),
        st.Page("tutor/ui/pages/practice_table.py", title="Practice table", icon=":material/table_restaurant:"),
    ],
    "Solo Whist": [
        st.Page("tutor/ui/pages/solo_whist.py", title="Solo Whist", icon=":material/style:"),
    ],
    "Progress": [
        st.Page("tutor/ui/pages/review.py", title="Review", icon=":material/event_repeat:"),
        st.Page("tutor/ui/pages/progress.py", title="Progress", icon=":material/insights:"),
    ],
}

# The tab's icon: an emoji is drawn by the browser itself. (A Material icon here, or the pages'
# icons by default, would be fetched from a font server: no request may leave the learner's computer.)
st.set_page_config(page_icon="♠️")
st.navigation(PAGES).run()
