"""Practice table: a whole rubber against the book robots, every deviation reviewed at the end of the deal."""

from __future__ import annotations

import streamlit as st

from tutor.engine.cards import PBN_SUITS, Card, Seat, Side, Suit
from tutor.engine.errors import TutorError
from tutor.lessons.pbn_export import table_pbn
from tutor.lessons.table import Step, TableDeal
from tutor.lessons.table.items import deviation_answers
from tutor.lessons.table.review import DeviationCost, review
from tutor.lessons.table.rubber import PracticeRubber
from tutor.lessons.words import action_text, laws_named
from tutor.ui import state as _state
from tutor.ui.common import page_header, show_error, text_md

RUBBER, SHOW_NOW, RECORDED, FLASH = "table_rubber", "table_show_now", "table_costs", "table_flash"
SEAT_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
COLUMNS = (Seat.W, Seat.N, Seat.E, Seat.S)
_RED = {Suit.HEARTS, Suit.DIAMONDS}


def _card(text: str) -> str:
    """A card as Markdown from engine values only (suit symbol red for hearts and diamonds, "10")."""
    card = Card.parse(text)
    symbol = f":red[{card.suit.symbol}]" if card.suit in _RED else card.suit.symbol
    return f"{symbol}{card.pretty[1:]}"


def _call(text: str) -> str:
    return "pass" if text == "P" else text.replace("NT", " NT")


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


def _new_rubber(seat: str, seed: int) -> None:
    st.session_state[RUBBER] = PracticeRubber(seed, Seat.parse(seat))
    _state.restart_table()  # a new rubber on purpose replaces the stored one, and is kept at once
    _save(st.session_state[RUBBER])


def _controls(rubber: PracticeRubber | None) -> None:
    with st.expander("New rubber", expanded=rubber is None):
        seat = st.selectbox("Your seat", ["S", "W", "N", "E"], key="table_seat",
                            format_func=lambda s: SEAT_NAMES[Seat.parse(s)])
        seed = st.number_input("Rubber number (the same number deals the same cards)", min_value=0,
                               max_value=_state.APP_MAX_SEED, value=1, step=1, key="table_seed")
        if st.button("Start a new rubber", key="table_start"):
            _new_rubber(seat, int(seed))
            st.rerun()
    st.radio("Show a call or card that differs from the book's", ["at once", "at the end of the deal"],
             key=SHOW_NOW, horizontal=True)


def _auction_table(table: TableDeal) -> None:
    """The auction in the W N E S columns players expect."""
    cells = [""] * COLUMNS.index(table.dealer) + [_call(str(r.call)) for r in table.auction.records]
    rows = [cells[i:i + 4] + [""] * (4 - len(cells[i:i + 4])) for i in range(0, len(cells), 4)] or [[""] * 4]
    st.table({SEAT_NAMES[s]: [r[i] for r in rows] for i, s in enumerate(COLUMNS)})
    st.caption("Vint's order: spades lowest, then clubs, diamonds, hearts, no-trumps (laws 31-32).")


def _hand_line(table: TableDeal, seat: Seat) -> str:
    hand = table.hand(seat)
    parts = []
    for suit in PBN_SUITS:
        symbol = f":red[{suit.symbol}]" if suit in _RED else suit.symbol
        parts.append(f"{symbol} {' '.join(c.pretty[1:] for c in hand.suit_cards(suit)) or '—'}")
    return " · ".join(parts)


def _trick_compass(table: TableDeal) -> None:
    """The current trick around the table: North above, West and East beside, South below."""
    play = table.play
    if play is None:
        return
    shown = dict(play.current_trick.plays) if play.current_trick.plays else {}
    top = st.columns(3)
    top[1].markdown(f"North  \n{_card(str(shown[Seat.N])) if Seat.N in shown else '·'}")
    middle = st.columns(3)
    middle[0].markdown(f"West  \n{_card(str(shown[Seat.W])) if Seat.W in shown else '·'}")
    middle[2].markdown(f"East  \n{_card(str(shown[Seat.E])) if Seat.E in shown else '·'}")
    bottom = st.columns(3)
    bottom[1].markdown(f"South  \n{_card(str(shown[Seat.S])) if Seat.S in shown else '·'}")
    won = table.tricks_won()
    st.caption(f"Tricks: NS {won[Side.NS]}, EW {won[Side.EW]}")
    with st.expander("Quitted tricks you may still look at (law 137)"):
        for trick in table.tricks_in_view():
            st.markdown(", ".join(f"{SEAT_NAMES[s]} {_card(str(c))}" for s, c in trick.plays))


def _why(step: Step) -> str:
    laws = laws_named(step.laws)
    default = "the tutor's default — " if step.default else ""
    return f"{SEAT_NAMES[step.seat]} {action_text(step.action)}: {default}{laws}"


def _robots_why(table: TableDeal) -> None:
    robots = [s for s in table.steps if not s.learner][-8:]
    if robots:
        with st.expander("Why? The robots' last calls and cards, with their laws"):
            for step in robots:
                st.text(_why(step))
                st.caption(step.explanation)


def _learner_turn(table: TableDeal, rubber: PracticeRubber) -> None:
    st.markdown(f"**Your hand ({SEAT_NAMES[table.learner]}):** {_hand_line(table, table.learner)}")
    legal = table.legal_actions()
    what = "call" if table.phase == "auction" else "card"
    with st.form("table_act", clear_on_submit=True):
        labels = {a: (_call(a) if what == "call" else Card.parse(a).pretty) for a in legal}
        choice = st.selectbox(f"Your {what}", legal, format_func=lambda a: labels[a], key="table_choice")
        go = st.form_submit_button(f"Make this {what}")
    hint, undo = st.columns(2)
    if hint.button("Hint: the book's answer", key="table_hint"):
        answer = table.hint()
        st.info(f"The book: {action_text(answer.get('call') or answer['card'])} — {answer['explanation']}")
    if undo.button("Undo my last action", key="table_undo") and table.undo():
        _save(rubber)
        st.rerun()
    if go and choice:
        try:
            step = table.act(str(choice))
        except TutorError as err:
            show_error(err)
            return
        if step.deviates and st.session_state.get(SHOW_NOW, "at once") == "at once":
            book = step.book or {}
            st.session_state[FLASH] = (f"The book would {what} {action_text(step.book_action or '')} ({laws_named(book.get('laws', []))}): "
                                       f"{book.get('explanation', '')}")
        table.run_robots()
        _save(rubber)
        st.rerun()


def _review(table: TableDeal, costs: tuple[DeviationCost, ...]) -> None:
    score = table.result()
    contract = table.contract
    if contract is None:
        st.markdown("**Passed out** — an X is written (scoring 8).")
    else:
        won = table.tricks_won()
        st.markdown(f"**{contract.bid} by {SEAT_NAMES[contract.declarer]}**: NS {won[Side.NS]} tricks, "
                    f"EW {won[Side.EW]}.")
    st.caption(f"This deal: below NS {score['below']['NS']}, EW {score['below']['EW']}; "
               f"above NS {score['above']['NS']}, EW {score['above']['EW']}.")
    st.subheader("Review of the deal")
    if not costs:
        st.success("Every call and card of yours was the book's.")
    for cost in costs:
        choice, price = cost.sentences()
        st.markdown(f"- {text_md(choice)}")
        st.caption(text_md(str((cost.step.book or {}).get("explanation", ""))))
        st.text(price)
        if st.button("Play on from here", key=f"table_from_{cost.index}"):
            st.session_state[RUBBER].current = table.from_step(cost.index)
            st.rerun()


def _costs(table: TableDeal) -> tuple[DeviationCost, ...]:
    """The review's prices, computed once per finished deal (double dummy and robots' playouts)."""
    from tutor.ui.costs import review_layouts  # the sampled line too, when switched on (docs/cost.md)

    layouts = review_layouts()
    key = (id(table), len(table.steps), layouts)
    cached = st.session_state.get(RECORDED)
    if isinstance(cached, tuple) and cached[0] == key:
        return cached[1]  # type: ignore[no-any-return]
    with st.spinner("Pricing your deviations (double dummy, the robots' playout, sampled layouts) …"):
        costs = review(table, layouts=layouts)
    st.session_state[RECORDED] = (key, costs)
    return costs


def main() -> None:
    page_header("Practice table", "A whole rubber against the book robots: they see only their own hands; "
                                  "every call and card of theirs is the book's (or its stated default).")
    if "table_players" not in st.session_state and (linked := _state.url_choice("players", ["2", "3", "5"])):
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
            st.text(rubber.sheet())
        return
    table = rubber.current
    table.run_robots()
    st.markdown(f"**Deal {len(rubber.finished) + 1}** — {SEAT_NAMES[table.dealer]} deals; you sit "
                f"{SEAT_NAMES[table.learner]}.")
    _auction_table(table)
    _trick_compass(table)
    _robots_why(table)
    flash = st.session_state.pop(FLASH, None)
    if flash:
        st.warning(flash)
    if table.phase != "over":
        _learner_turn(table, rubber)
    else:
        costs = _costs(table)
        if not table.recorded:
            for answer in deviation_answers(table):
                _state.record_or_show(answer)
            table.recorded = True
            _save(rubber)
        _review(table, costs)
        if st.button("Next deal", key="table_next"):
            rubber.next_deal()
            _save(rubber)
            st.rerun()
    with st.expander("The score sheet", expanded=table.phase == "over"):
        st.text(rubber.sheet())
    st.download_button("Download this deal as PBN (auction and play so far)",
                       table_pbn(table, board=len(rubber.finished) + 1),
                       file_name=f"vint-table-{rubber.seed}-{len(rubber.finished) + 1}.pbn", mime="text/plain",
                       key="table_pbn")


main()
