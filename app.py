"""Vint tutor: the Streamlit app. Navigation only; each page lives in tutor/ui/pages/."""

import streamlit as st

PAGES = {
    "Learn": [
        st.Page("tutor/ui/pages/home.py", title="Home", icon=":material/home:", default=True),
    ],
}

st.navigation(PAGES).run()
