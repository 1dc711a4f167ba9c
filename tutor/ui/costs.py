"""The three numbers of a choice on a drill page: double dummy, sampled layouts, the robots (docs/cost.md).

Called by a drill page *after* its feedback is on the page, so the learner reads the
answer while the layouts are dealt and solved (a status box shows the progress). It
takes seconds (the page's own answer takes a fraction of one), so the learner switches
it on once per session with a toggle under the feedback; from then on every answer is
priced. The analysis is cached per position and choice, so a rerun does not compute it
again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pandas as pd
import streamlit as st

from tutor.engine.calls import parse_call
from tutor.engine.cards import Card
from tutor.engine.errors import TutorError
from tutor.ui import cards
from tutor.ui.common import text_md

#: Layouts per analysis on a page, and the candidates whose cards the robots re-play at most.
PAGE_LAYOUTS = 100
PAGE_BUDGET = 40


@st.cache_data(show_spinner=False, max_entries=64)
def _analysis(position: str, deal: str, given: str, book: str) -> dict[str, Any]:
    """The analysis of one position (JSON text) and choice, as plain data (cached)."""
    from tutor.lessons.cost.prices import analyse, verdict
    from tutor.lessons.cost.sampling import knowledge_from_view, ledger_of

    view = {**json.loads(position), "deal": deal} if deal else json.loads(position)
    known = knowledge_from_view(view)
    result = analyse(known, seed=0, layouts=PAGE_LAYOUTS, budget=PAGE_BUDGET,
                     choices=(given,) if known.is_bid else (), robots_for=(book, given))
    ledger = ledger_of(known)
    return {**result.to_json(), "verdict": verdict(result, given),
            "told": [line for seat in ledger.calls for line in ledger.sentences(seat)]}


def _label(choice: str) -> str:
    if choice[:1].isdigit() or choice in ("P", "X", "XX"):
        return cards.call_label(choice)
    return cards.card_text(Card.parse(choice))


def _rows(result: dict[str, Any], shown: tuple[str, ...]) -> list[dict[str, Any]]:
    rows = []
    for c in result["choices"]:
        if c["choice"] not in shown:
            continue
        sampled, dd, robots = c["sampled"], c["double_dummy"] or {}, c["robots"] or {}
        rows.append({"choice": _label(c["choice"]),
                     "double dummy: tricks": dd.get("tricks"), "double dummy: points": dd.get("points"),
                     "sampled: tricks": sampled["tricks"], "sampled: points": sampled["points"],
                     "95 % interval": f"{sampled['interval'][0]:+.0f} to {sampled['interval'][1]:+.0f}",
                     "best on": f"{sampled['best_share']:.0%} of layouts",
                     "robots: tricks": robots.get("tricks"), "robots: points": robots.get("points")})
    return rows


#: The session's switch: price every answer on what could be known (kept across positions).
AUTO = "costs_on_what_you_could_know"


def show_costs(position: Mapping[str, Any], deal: str, given: str, book: str, key: str) -> None:
    """The book's choice and the learner's, priced three ways, with what the auction told.

    The learner switches it on once (it takes seconds: 100 layouts solved double dummy);
    from then on every answer's feedback is followed by it, the feedback first.
    """
    if not st.toggle("Also price each answer on what you could know (100 layouts of the unseen cards; "
                     "a few seconds)", key=AUTO):
        return
    try:
        parse_call(given) if given[:1].isdigit() or given == "P" else Card.parse(given)
    except TutorError:
        return
    with st.status("Dealing the unseen cards again and solving each layout double dummy …",
                   expanded=False) as status:
        try:
            result = _analysis(json.dumps(dict(position), sort_keys=True), deal, given, book)
        except TutorError as err:
            status.update(label="The sampled analysis could not be made", state="error")
            st.error(text_md(err), icon=":material/error:")
            return
        status.update(label=f"On what you could know: {result['choices'][0]['sampled']['layouts']} layouts "
                            "solved", state="complete")
    st.markdown("**On what you could know** — your hand, the auction and the cards played; every layout "
                "of the unseen cards that fits them is solved double dummy, and the mean is in Vint points "
                "for your side.")
    shown = tuple(dict.fromkeys((book, given)))
    st.dataframe(pd.DataFrame(_rows(result, shown)), hide_index=True, key=f"costs_{key}")
    st.caption(text_md(f"Layouts: {result['level_words']} ({result['candidates']:,} drawn). "
                       "Double dummy and the robots play the actual deal; the sampled columns average "
                       "the layouts you could not tell apart."))
    if result.get("verdict"):
        st.info(text_md(result["verdict"]), icon=":material/casino:")
    if result["told"]:
        with st.expander("What the auction and the play have told you"):
            st.markdown("  \n".join(f"- {text_md(line)}" for line in result["told"]))


def review_layouts() -> int:
    """The practice table's switch: layouts for the review's sampled line (0 when off)."""
    on = st.toggle("Also price each deviation on what you could know (sampled layouts; a few seconds each)",
                   key=AUTO)
    return PAGE_LAYOUTS if on else 0
