"""The three numbers of a choice on a drill page: double dummy, sampled layouts, the robots (docs/cost.md).

Called by a drill page *after* its feedback is on the page, so the learner reads the
answer while the layouts are dealt and solved. The first verdict (after one batch of
layouts) is shown at once, then refined batch by batch with a progress bar; the learner
can move on at any time (the next click stops the refinement, nothing else waits for
it). The learner switches it on once per session with a toggle under the feedback; the
switch is kept in the session, so it stays on from one answer to the next. Analyses
are kept by position (:mod:`tutor.lessons.cost.cache`), so a rerun shows the final
answer at once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pandas as pd
import streamlit as st

from tutor.engine.calls import parse_call
from tutor.engine.cards import Card
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject, JsonValue
from tutor.lessons.cost.precomputed import BUDGET as PAGE_BUDGET  # the pages' knobs, as precomputed
from tutor.lessons.cost.precomputed import LAYOUTS as PAGE_LAYOUTS
from tutor.lessons.cost.precomputed import SEED as PAGE_SEED
from tutor.lessons.cost.prices import verdict_of
from tutor.ui import cards
from tutor.ui.common import text_md

#: The switch's widget key, and the session's memory of it (a widget's own key is dropped by
#: Streamlit on a run that does not draw it, e.g. the next question before it is answered).
AUTO = "costs_on_what_you_could_know"
KEEP = "costs_on_what_you_could_know_kept"

_VERDICTS = {"better": "yours scores more", "worse": "yours scores less", "equal": "the same on every layout",
             "undecided": "cannot be told apart"}


def _label(choice: str) -> str:
    if choice[:1].isdigit() or choice in ("P", "X", "XX"):
        return cards.call_label(choice)
    return cards.card_text(Card.parse(choice))


def _rows(result: dict[str, Any], shown: tuple[str, ...]) -> list[dict[str, object]]:
    rows = []
    for c in result["choices"]:
        if c["choice"] not in shown:
            continue
        sampled, dd, robots = c["sampled"], c["double_dummy"] or {}, c["robots"] or {}
        gap = c.get("gap", {})
        measure = gap.get(c.get("decided_on") or ("points" if c["choice"][:1].isdigit() else "tricks"), {})
        rows.append({"choice": _label(c["choice"]),
                     "double dummy: tricks": dd.get("tricks"), "double dummy: points": dd.get("points"),
                     "sampled: tricks": sampled["tricks"], "sampled: points": sampled["points"],
                     "95 % interval": f"{sampled['interval'][0]:+.0f} to {sampled['interval'][1]:+.0f}",
                     "best on": f"{sampled['best_share']:.0%} of layouts",
                     "against the book": _VERDICTS.get(c.get("verdict", ""), "—"),
                     "gap interval": (f"{measure['interval'][0]:+.2f} to {measure['interval'][1]:+.2f}"
                                      if measure else "—"),
                     "robots: tricks": robots.get("tricks"), "robots: points": robots.get("points")})
    return rows


def switched_on(label: str) -> bool:
    """The session's switch, kept across answers and pages (issue 31: it used to reset after each)."""
    if AUTO not in st.session_state:
        st.session_state[AUTO] = bool(st.session_state.get(KEEP, False))
    on = st.toggle(label, key=AUTO, on_change=_remember)
    st.session_state[KEEP] = bool(on)
    return bool(on)


def _remember() -> None:
    st.session_state[KEEP] = bool(st.session_state.get(AUTO, False))


def show_costs(position: Mapping[str, JsonValue], deal: str, given: str, book: str, key: str) -> None:
    """The book's choice and the learner's, priced three ways, with the verdict and what the auction told.

    The learner switches it on once; from then on every answer's feedback is followed by it,
    the feedback first, the first verdict after one batch of layouts, then refined.
    ``key`` names the answer (kept for the pages' calls; the table is redrawn in place).
    """
    del key
    if not switched_on("Also price each answer on what you could know (up to 100 layouts of the unseen "
                       "cards; a first verdict in about a second, then refined)"):
        return
    try:
        parse_call(given) if given[:1].isdigit() or given == "P" else Card.parse(given)
    except TutorError:
        return
    from tutor.lessons.cost.sampling import knowledge_from_view, ledger_of

    view = {**dict(position), "deal": deal} if deal else dict(position)
    st.markdown("**On what you could know** — your hand, the auction and the cards played; every layout "
                "of the unseen cards that fits them is solved double dummy, and the mean is in Vint points "
                "for your side. Your choice is compared with the book's on the same layouts.")
    progress = st.progress(0.0, text="Dealing the unseen cards again and solving each layout double dummy …")
    table, caption, said = st.empty(), st.empty(), st.empty()
    shown = tuple(dict.fromkeys((book, given)))
    try:
        for result in _results(view, book, given):
            table.dataframe(pd.DataFrame(_rows(result, shown)), hide_index=True)  # redrawn: no key
            caption.caption(text_md(f"Layouts: {result['level_words']} ({result['candidates']:,} drawn). "
                                    "Double dummy and the robots play the actual deal; the sampled columns "
                                    "average the layouts you could not tell apart."))
            words = verdict_of(result, given)
            if words:
                said.info(text_md(words), icon=":material/casino:")
            done = result["progress"]
            progress.progress(done["layouts"] / max(1, done["of"]),
                              text=(f"{done['layouts']} layouts solved" if done["final"] else
                                    f"{done['layouts']} of up to {done['of']} layouts solved; refining …"))
    except TutorError as err:
        progress.empty()
        st.error(text_md(err), icon=":material/error:")
        return
    ledger = ledger_of(knowledge_from_view(view))
    told = [line for seat in ledger.calls for line in ledger.sentences(seat)]
    if told:
        with st.expander("What the auction and the play have told you"):
            st.markdown("  \n".join(f"- {text_md(line)}" for line in told))


def _results(view: Mapping[str, JsonValue], book: str, given: str) -> Iterator[dict[str, Any]]:
    """The analysis as JSON: precomputed when the drill's position was (every choice, at once), else
    worked out live, batch by batch (kept by position)."""
    from tutor.lessons.cost import cache, precomputed

    found = precomputed.lookup(view)
    if found is not None and _prices(found, given):
        yield found
        return
    for analysis in cache.stream(view, seed=PAGE_SEED, budget=PAGE_BUDGET, choices=(given,),
                                 robots_for=(book, given)):
        yield analysis.to_json()


def review_layouts() -> int:
    """The practice table's switch: layouts for the review's sampled line (0 when off)."""
    on = switched_on("Also price each deviation on what you could know (sampled layouts; a few seconds each)")
    return PAGE_LAYOUTS if on else 0


def _prices(found: JsonObject, given: str) -> bool:
    """Whether a precomputed analysis prices ``given`` (:func:`~tutor.lessons.cost.precomputed.lookup`
    returns only analyses whose choices are a list; each choice is an object)."""
    choices = found["choices"]
    return isinstance(choices, list) and any(isinstance(c, dict) and c["choice"] == given for c in choices)
