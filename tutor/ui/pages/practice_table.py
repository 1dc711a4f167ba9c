"""Practice table: a whole rubber against the book robots, one click per call or card, reviewed in sentences."""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from tutor.engine.cards import SEAT_NAMES, Seat
from tutor.engine.errors import TutorError
from tutor.lessons.pbn_export import table_pbn
from tutor.lessons.table import TableDeal
from tutor.lessons.table.items import decision_answers
from tutor.lessons.table.review import DeviationCost, ReviewMemo, is_judged, price
from tutor.lessons.table.rubber import PracticeRubber
from tutor.lessons.words import action_text, laws_named, learner_words
from tutor.ui import state as _state
from tutor.ui import table_view
from tutor.ui.common import page_header, show_error

RUBBER, SHOW_NOW, RECORDED, FLASH = "table_rubber", "table_show_now", "table_costs", "table_flash"
SIDE_BIDS = "table_side_bids"
def _load() -> PracticeRubber | None:
    rubber = st.session_state.get(RUBBER)
    if isinstance(rubber, PracticeRubber):
        return rubber
    try:
        stored = _state.load_table()  # this session's own, or the picked profile's (issue 31)
        if stored:
            rubber = PracticeRubber.from_json(stored)
            st.session_state[RUBBER] = rubber
            return rubber
    except TutorError as err:
        show_error(err)
    return None


def _save(rubber: PracticeRubber) -> None:
    try:
        _state.save_table(rubber.to_json())  # refused if another session wrote it since
    except TutorError as err:
        show_error(err)


def _new_rubber() -> None:
    seat = Seat.parse(str(st.session_state.get("table_seat", "S")))
    seed = int(st.session_state.get("table_seed", 1))
    st.session_state[RUBBER] = PracticeRubber(seed, seat, side_bids=bool(st.session_state.get(SIDE_BIDS)))
    st.session_state.pop(RECORDED, None)
    _state.restart_table()  # a new rubber on purpose replaces the stored one, and is kept at once
    _save(st.session_state[RUBBER])


def _controls(rubber: PracticeRubber | None) -> None:
    with st.expander("New rubber", expanded=rubber is None):
        st.selectbox("Your seat", ["S", "W", "N", "E"], key="table_seat",
                     format_func=lambda s: SEAT_NAMES[Seat.parse(s)])
        st.number_input("Rubber number (the same number deals the same cards)", min_value=0,
                        max_value=_state.MAX_SEED, value=1, step=1, key="table_seed")
        st.checkbox("Deal only hands on which your side can bid", key=SIDE_BIDS,
                    help="A filter on the deals, not a change to the robots: each deal is first bid through by "
                         "the four robots and kept only if you or your partner names a game in it. With the "
                         "book's five sure tricks for a game (law 33), counted by the tutor's model, the "
                         "robots pass out about half of all deals.")
        st.button("Start a new rubber", key="table_start", on_click=_new_rubber, type="primary")
    st.radio("Show a call or card that differs from the book's", ["at once", "at the end of the deal"],
             key=SHOW_NOW, horizontal=True)


def _act(text: str) -> None:
    """The learner's click: the call or card, then the robots until the learner's next turn (no solver)."""
    rubber = _load()
    if rubber is None or rubber.current is None:
        return
    table = rubber.current
    try:
        step = table.act(text)
    except TutorError as err:
        st.session_state[FLASH] = ("error", str(err))
        return
    if step.deviates and is_judged(step) and st.session_state.get(SHOW_NOW, "at once") == "at once":
        book = step.book or {}
        what = "call" if text[:1].isdigit() or text == "P" else "play"
        st.session_state[FLASH] = ("warning", f"The book would {what} {action_text(step.book_action or '')} "
                                              f"({laws_named(book.get('laws', []))}): "
                                              f"{learner_words(str(book.get('explanation', '')))}")
    table.run_robots()
    _save(rubber)


def _hint() -> None:
    rubber = _load()
    if rubber is not None and rubber.current is not None and rubber.current.learners_turn:
        st.session_state[FLASH] = ("info", table_view.hinted(rubber.current.hint()))


def _undo() -> None:
    rubber = _load()
    if rubber is not None and rubber.current is not None and rubber.current.undo():
        _save(rubber)


def _play_on(index: int) -> None:
    rubber = _load()
    if rubber is not None and rubber.current is not None:
        rubber.current = rubber.current.play_on(index)  # its decisions come after the review: retries
        st.session_state.pop(RECORDED, None)
        _save(rubber)


def _next_deal() -> None:
    rubber = _load()
    if rubber is not None and rubber.current is not None and rubber.current.phase == "over":
        rubber.next_deal()
        st.session_state.pop(RECORDED, None)
        _save(rubber)


def _price(table: TableDeal, index: int) -> DeviationCost:
    """One mistake priced (double dummy, the robots' playout; sampled when switched on), once per deal:
    the prices and the review's memo of robots' answers live in the session."""
    from tutor.lessons.cost.precomputed import LAYOUTS
    from tutor.ui.costs import AUTO

    layouts = LAYOUTS if st.session_state.get(AUTO) else 0
    key = (id(table), len(table.steps), layouts)
    cached = st.session_state.get(RECORDED)
    if not (isinstance(cached, tuple) and cached[0] == key):
        cached = (key, ReviewMemo(), {})
        st.session_state[RECORDED] = cached
    _, memo, prices = cached
    if index not in prices:
        prices[index] = price(table, index, layouts, memo=memo)
    return prices[index]  # type: ignore[no-any-return]


def _record(rubber: PracticeRubber, table: TableDeal) -> None:
    """Every decision the table judged, right ones included, written once per deal."""
    if table.recorded:
        return
    for answer in decision_answers(table):  # played on after its review (kept with the table): practice only
        _state.record_or_show(replace(answer, retry=True) if table.played_on else answer)
    table.recorded = True
    _save(rubber)


def _flash() -> None:
    flash = st.session_state.pop(FLASH, None)
    if not flash:
        return
    kind, text = flash
    if kind == "error":
        show_error(TutorError(text))
    else:
        getattr(st, kind)(text)


def main() -> None:
    page_header("Practice table", "A whole rubber against the book robots: they see only their own hands; "
                                  "every call and card of theirs is the book's (or its stated default).")
    if "table_players" not in st.session_state and (linked := _state.url_choice("players", ["4", "2", "3", "5"])):
        st.session_state["table_players"] = int(linked)  # the study page's link to a way's table
    players = st.selectbox("Players at the table", [4, 2, 3, 5], key="table_players",
                           format_func=lambda n: f"{n} players" + (" (the usual game)" if n == 4 else ""))
    if players != 4:
        from tutor.ui.way_table_view import render

        render(int(players))  # the other table sizes (issue 19): tutor/ui/way_table_view.py
        return
    rubber = _load()
    _controls(rubber)
    if rubber is None or rubber.current is None:
        if rubber is not None:
            st.success("The rubber is over.")
            table_view.show_sheet(rubber.rows())
        return
    table = rubber.current
    if table.to_act is not None and not table.learners_turn:
        table.run_robots()
    st.markdown(f"**Deal {len(rubber.finished) + 1}** — {SEAT_NAMES[table.dealer]} deals; you sit "
                f"{SEAT_NAMES[table.learner]}.")
    table_view.show_auction(table)
    table_view.show_play(table)
    _flash()
    if table.phase != "over":
        table_view.learner_turn(table, _act)
        hint, undo = st.columns(2)
        hint.button("Hint: the book's answer", key="table_hint", on_click=_hint)
        undo.button("Undo my last action", key="table_undo", on_click=_undo)
        table_view.robots_why(table)
    else:
        _record(rubber, table)
        st.button("Next deal", key="table_next", on_click=_next_deal, type="primary")
        from tutor.ui.costs import review_layouts

        review_layouts()  # the switch for the sampled line (docs/cost.md), read by _price
        table_view.deal_over(rubber, table, lambda index: _price(table, index), _play_on)
    st.download_button("Download this deal as PBN (auction and play so far)",
                       table_pbn(table, board=len(rubber.finished) + 1),
                       file_name=f"vint-table-{rubber.seed}-{len(rubber.finished) + 1}.pbn", mime="text/plain",
                       key="table_pbn")


main()
