"""Shared pieces of the start-here pages: links to the laws they cite, and the order to study in."""

from __future__ import annotations

import streamlit as st

from tutor.ui.common import content_report

LAWS_PAGE = "tutor/ui/pages/laws.py"


def law_headings() -> dict[str, str]:
    """Every law's heading, "Law 28: Order of speaking in the auction", by id (its label alone:
    :func:`tutor.ui.common.law_label`)."""
    rules = content_report().rules
    return {} if rules is None else {e.id: f"{e.label}: {e.title}" for e in rules.entries}


def law_heading(law_id: str) -> str:
    """"Law 28: …", "Scoring 5: …" as the laws page titles them (the id itself when unknown)."""
    return law_headings().get(law_id, law_id)


def cite(*law_ids: str) -> None:
    """Links that open each cited law on the laws page (the law travels in the address)."""
    for law_id in law_ids:
        st.page_link(LAWS_PAGE, label=law_heading(law_id), icon=":material/menu_book:",
                     query_params={"law": law_id})


#: The suggested way through the tutor: (page, title, why now).
PATH: tuple[tuple[str, str, str], ...] = (
    ("tutor/ui/pages/deal_walkthrough.py", "How a deal of Vint goes",
     "the whole game on one page: seats, deal, auction, play and score"),
    ("tutor/ui/pages/for_bridge_players.py", "Vint for bridge players", "what is different if you play bridge"),
    ("tutor/ui/pages/quick_reference.py", "Quick reference", "calls, trick values and honours on one card"),
    ("tutor/ui/pages/glossary.py", "Glossary", "the Russian terms and the names the sources use"),
    ("tutor/ui/pages/laws.py", "Study the laws", "the book in order, from seating to scoring"),
    ("tutor/ui/pages/law_quiz.py", "Quiz on the laws", "check what you read, section by section"),
    ("tutor/ui/pages/scoring_quiz.py", "Scoring quiz", "write the score sheet of a generated deal"),
    ("tutor/ui/pages/bidding_lessons.py", "Bidding lessons", "the book's two model auctions, call by call"),
    ("tutor/ui/pages/bidding_drill.py", "Bidding drills", "choose the book's call on a generated deal"),
    ("tutor/ui/pages/play_drill.py", "Play drills", "leads, second and third hand, ruffs and discards"),
    ("tutor/ui/pages/practice_table.py", "Practice table",
     "whole deals and rubbers against the book robots, each deal reviewed and scored on the sheet"),
    ("tutor/ui/pages/score_pad.py", "Rubber score pad", "score a real rubber at the table"),
    ("tutor/ui/pages/review.py", "Review", "what you are about to forget, and your mistakes"),
)
