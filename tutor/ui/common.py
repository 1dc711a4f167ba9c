"""Small helpers shared by every page: page set-up, errors, card rendering."""

from __future__ import annotations

import html
from pathlib import Path

import streamlit as st

from tutor.engine.cards import PBN_SUITS, Hand, Suit
from tutor.engine.errors import TutorError
from tutor.lessons.content import ContentReport, check_content, content_dir, content_signature

_RED = {Suit.HEARTS, Suit.DIAMONDS}


def page_header(title: str, caption: str) -> None:
    st.title(title)
    st.caption(caption)


def show_error(err: TutorError) -> None:
    """A TutorError is the learner's or the content's mistake: show it, don't crash."""
    st.error(str(err), icon=":material/error:")


def suit_markdown(suit: Suit, holding: str) -> str:
    """A suit holding as Markdown, red suits coloured; text is escaped, never raw HTML."""
    symbol = f":red[{suit.symbol}]" if suit in _RED else suit.symbol
    shown = holding.replace("T", "10") or "—"
    return f"{symbol} {html.escape(shown)}"


def hand_markdown(hand: Hand) -> str:
    """A hand as four Markdown lines, spades first."""
    return "  \n".join(suit_markdown(s, hand.holding_text(s)) for s in PBN_SUITS)


@st.cache_data(show_spinner=False)
def _checked_content(root: str, signature: object) -> ContentReport:
    return check_content(Path(root))


def content_report() -> ContentReport:
    """All of ``content/``, validated; cached until a content file changes (its signature)."""
    root = content_dir()
    return _checked_content(str(root), content_signature(root))
