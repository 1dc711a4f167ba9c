"""The practice table for two, three and five players (issue 19): one deal of a way against the robots.

Rendered inside the Practice table page when the learner picks another table size. The
learner plays player A; he sees exactly what the way lets A see (:meth:`WayGame.visible`);
every action is chosen from the legal ones; the robots' actions are listed with the law or
the tutor's stated default behind each.
"""

from __future__ import annotations

import re

import streamlit as st

from tutor.engine.cards import SEAT_NAMES, Seat
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject
from tutor.engine.nouns import count_of
from tutor.engine.rubber import Rubber
from tutor.engine.ways.catalogue import WAY_OPTIONS, Way, find_way, ways_for
from tutor.engine.ways.five import five_table
from tutor.lessons.ways.rubber import FIVE_KEY, evening_from, evening_record, store_key, way_key, write_round
from tutor.lessons.ways.table import FIVE_LEARNER, FIVE_NAMES, WayTable, five_robot_rubber
from tutor.lessons.words import action_text
from tutor.ui import state as _state
from tutor.ui.common import law_label, show_error, text_md
from tutor.ui.way_deal_view import show_deal, show_result, show_rubber

WAYS_TABLE, SAVED, RECORDED, FIVE = "ways_table", "ways_table_saved", "ways_recorded", FIVE_KEY


def words(text: str) -> str:
    """Seed-line references as a learner reads them ("the book, line 537"), escaped for Markdown."""
    text = re.sub(r"\bRO l\.", "the book, line ", text)
    text = re.sub(r"\b(EN|004) l\.", "the English text, line ", text)
    return text_md(text)


def _stored(players: int, way_name: str) -> WayTable | None:
    """The way's table kept in the progress store (it survives a reload or a restart), or ``None``."""
    try:
        state = _state.load_table(way=store_key(players, way_name))
        return WayTable.from_json(state) if state else None
    except TutorError as err:
        show_error(err)
        return None


def _save(table: WayTable) -> None:
    """Keep the table in the store when it has changed since it was last kept."""
    mark = (table.way, table.seed, table.learner, table.first_dealer, table.deal_no, table.game.steps)
    if st.session_state.get(SAVED) == mark:
        return
    try:
        _state.save_table(table.to_json(), way=way_key(table.way))
        st.session_state[SAVED] = mark
    except TutorError as err:
        show_error(err)


def _record(table: WayTable) -> None:
    """The learner's judged actions of the finished deal written once to the progress store (as the
    four-handed table's; keyed, so a rerun or a restored table records nothing twice)."""
    from tutor.lessons.ways.items import way_answers

    mark = (table.uid, table.game.steps)
    if st.session_state.get(RECORDED) == mark:
        return
    for answer in way_answers(table):
        _state.record_or_show(answer)
    st.session_state[RECORDED] = mark


def _controls(players: int) -> tuple[Way, int, str, str | None]:
    ways = ways_for(players)
    _state.adopt_url("ways_way", "way", [w.name for w in ways])
    name = st.selectbox("Way", [w.name for w in ways], key="ways_way",
                        format_func=lambda n: f"{n}: {find_way(players, n).title}")
    way = find_way(players, str(name))
    if players != 5:  # noqa: PLR2004 - five players play the four-handed table
        _restore(players, way.name)
    seed = st.number_input("Deal number (the same number deals the same cards)", min_value=0,
                           max_value=_state.MAX_SEED, value=1, step=1, key="ways_seed")
    if players == 5:  # noqa: PLR2004
        return way, int(seed), "T", None
    names = ("A", "B", "C")[:players]
    learner, dealer, chosen = st.columns(3)
    me = learner.selectbox("You play", names, key="ways_learner")
    first = dealer.selectbox("First dealer", ["in turn", *names], key="ways_dealer")
    options: dict[str, str] = {}
    for option in (o for o in WAY_OPTIONS.values() if way.name in o.ways):
        # named in words, not as the terminal's --way-option spells them ("dummy-transfer=beside")
        options[option.name] = chosen.selectbox(option.name.replace("-", " ").capitalize(), list(option.choices),
                                                format_func=lambda c: c.replace("-", " "),
                                                key=f"ways_option_{option.name}", help=option.choices[option.default])
        st.caption(words(option.choices[options[option.name]]))
    if way.name == "dummy":  # RO l.519: the lowest card drawn takes the dummy first, then it passes on
        st.number_input("Rubber of the dummy's rotation (0 = the first)", min_value=0, max_value=1000, value=0,
                        key="ways_dummy_rubber")
    return way.with_options(options), int(seed), str(me), None if first == "in turn" else str(first)


def _restore(players: int, way_name: str) -> None:
    """On a new session (or another way chosen), take up the way's stored table and its deal number."""
    table = st.session_state.get(WAYS_TABLE)
    if isinstance(table, WayTable) and (table.way.players, table.way.name) == (players, way_name):
        return
    stored = _stored(players, way_name)
    if stored is not None:
        st.session_state[WAYS_TABLE] = stored
        # the widgets take the stored table's choices (set before they are drawn in this run)
        st.session_state["ways_seed"] = stored.seed
        st.session_state["ways_learner"] = stored.learner or "A"
        st.session_state["ways_dealer"] = stored.first_dealer or "in turn"
        st.session_state["ways_dummy_rubber"] = stored.rubber
        for option in (o for o in WAY_OPTIONS.values() if way_name in o.ways):
            st.session_state[f"ways_option_{option.name}"] = stored.way.option(option.name)


def _laws(players: int, way_name: str) -> None:
    way = find_way(players, way_name)
    with st.expander(f"The laws of this way: {law_label(way.law)}"):
        st.markdown(text_md(way.title))
        for reading in way.readings:
            st.markdown(f"- The tutor's reading: {words(reading)}")
        st.page_link("tutor/ui/pages/laws.py", label="Study all the laws for other table sizes")


def render(players: int) -> None:
    """The table for ``players`` (2, 3 or 5)."""
    way, seed, learner, dealer = _controls(players)
    _laws(players, way.name)
    if players == 5:  # noqa: PLR2004
        _five(seed)
        return
    table = st.session_state.get(WAYS_TABLE)
    rubber = int(st.session_state.get("ways_dummy_rubber", 0) or 0) if way.name == "dummy" else 0
    wanted = (way, seed, learner, dealer, rubber)
    fresh = not isinstance(table, WayTable) or (
        table.way, table.seed, table.learner, table.first_dealer, table.rubber) != wanted
    if st.button("Deal", key="ways_start") or fresh:
        table = WayTable(way, seed, learner=learner, dealer=dealer, rubber=rubber)
        st.session_state[WAYS_TABLE] = table
    assert isinstance(table, WayTable)
    table.run_robots()
    _save(table)
    show_deal(table, _act, words)
    if table.phase == "over":
        _record(table)
        show_result(table, words)
        show_rubber(table, _next_deal)


def _next_deal() -> None:
    """The rubber's next deal (a button's callback)."""
    table = st.session_state.get(WAYS_TABLE)
    if not isinstance(table, WayTable):
        return
    try:
        table = table.next_deal()
    except TutorError as err:
        show_error(err)
        return
    st.session_state[WAYS_TABLE] = table
    table.run_robots()
    _save(table)


def _act(action: str) -> None:
    """The learner's click: his action, then the robots' until his next turn (a button's callback)."""
    table = st.session_state.get(WAYS_TABLE)
    if not isinstance(table, WayTable):
        return
    try:
        table.act(action)
    except TutorError as err:
        show_error(err)
        return
    table.run_robots()
    _save(table)


def _five(seed: int) -> None:
    rubber = st.number_input("Rubber of the rotation (0 = the first)", min_value=0, max_value=1000, value=0,
                             key="ways_rubber")
    # the learner is any of the five; by default A, who plays the first rubber (T, who drew the
    # highest card, sits it out: RO l.543), so a new learner is dealt in at once
    me = st.selectbox("You are", FIVE_NAMES, index=FIVE_NAMES.index(FIVE_LEARNER), key="ways_five_me")
    table = five_table(FIVE_NAMES, int(rubber))
    evening = _evening()
    _collect_seat_rubber(evening)
    st.markdown(text_md(f"{table.sitting_out} sits out; {' and '.join(table.pairs[0])} play against "
                        f"{' and '.join(table.pairs[1])}. The players drew their cards in the order "
                        f"{', '.join(FIVE_NAMES)} (highest first), the order of the record."))
    if st.button("Let the robots play this rubber", key="ways_five_play"):
        with st.spinner("The four robots play the rubber …"):
            _, played, deals = five_robot_rubber(seed, int(rubber))
        _write_result(evening, int(rubber), played)
        for deal in deals:
            st.text(f"{deal['dealer']} deals: {action_text(str(deal['contract']))}"
                    + (f" by {deal['declarer']}, {count_of(int(deal['tricks']), 'trick')}" if deal["declarer"] else ""))
    _show_record(evening)
    if table.sitting_out != me:
        seat = table.seats()[me]
        st.button(f"Play your seat ({me}, sitting {SEAT_NAMES[seat]}) in this rubber at the four-handed table",
                  key="ways_five_seat",
                  on_click=_seat_in_rubber, args=(seed, seat, int(rubber)))
        st.caption(f"You are {me}. This starts a new four-handed rubber (it replaces the one in progress); "
                   "when it is over, its result is written to the running record here.")
    else:
        st.caption(f"You are {me}: you sit out this rubber and watch (let the robots play it).")


def _evening() -> JsonObject:
    """The five players' evening kept in the store: each round's result, and the rubber at the learner's seat."""
    try:
        stored = _state.load_table(way=FIVE)
    except TutorError as err:
        show_error(err)
        stored = None
    return evening_from(stored)


def _keep(evening: JsonObject) -> None:
    try:
        _state.save_table(evening, way=FIVE)
    except TutorError as err:
        show_error(err)


def _write_result(evening: JsonObject, round_no: int, played: Rubber) -> None:
    """A finished rubber of round ``round_no`` goes into the running record (pair 0 sat N-S)."""
    if not write_round(evening, round_no, played):
        st.info("The rubber did not end in a win: nothing is written to the record.")
        return
    _keep(evening)


def _collect_seat_rubber(evening: JsonObject) -> None:
    """The rubber the learner played at his seat, once it is over, is written to the record."""
    pending = evening.get("pending")
    if not isinstance(pending, dict):
        return
    from tutor.lessons.table.rubber import PracticeRubber

    rubber = st.session_state.get("table_rubber")
    if not isinstance(rubber, PracticeRubber):
        try:
            state = _state.load_table()
            rubber = PracticeRubber.from_json(state) if state else None
        except TutorError as err:
            show_error(err)
            return
    if rubber is None or (rubber.seed, rubber.learner.value) != (pending.get("seed"), pending.get("seat")):
        return
    if rubber.rubber.is_over:
        evening["pending"] = None
        _write_result(evening, _round_of(pending), rubber.rubber)
        st.success(f"Your rubber of round {pending.get('round', 0)} is written to the running record.")
    else:
        st.caption(f"Your rubber of round {pending.get('round', 0)} at the four-handed table is not over yet.")


def _round_of(pending: JsonObject) -> int:
    """The round of the pending rubber, as ``int`` reads it (anything else is a damaged store)."""
    value = pending.get("round", 0)
    if isinstance(value, (int, float, str)):
        return int(value)
    raise TypeError(f"the pending rubber's round is not a number: {value!r}")


def _show_record(evening: JsonObject) -> None:
    results = evening["results"]
    if not isinstance(results, dict) or not results:  # the store's evening keeps rounds by number
        return
    rounds = sorted(int(r) for r in results)
    line = evening_record(evening, FIVE_NAMES)
    st.subheader("The running record")
    st.text(line.line())
    st.caption(f"Rounds written: {', '.join(map(str, rounds))} (a round not played counts nothing). "
               "Each winner of a rubber writes the difference as a plus, each loser as a minus, the one "
               f"sitting out nothing: the tutor's reading of {law_label('five-2')}, which gives the record's "
               "form but not how a rubber enters it.")
    if st.button("Start a new evening (clear the record)", key="ways_five_clear"):
        _keep({"results": {}, "pending": None})
        st.rerun()


def _seat_in_rubber(seed: int, seat: Seat, round_no: int) -> None:
    """The four-handed practice table at the learner's seat of this round (a button's callback)."""
    from tutor.lessons.table.rubber import PracticeRubber

    evening = _evening()
    evening["pending"] = {"round": round_no, "seed": seed, "seat": seat.value}
    _keep(evening)
    st.session_state["table_rubber"] = PracticeRubber(seed, seat)
    st.session_state["table_players"] = 4


__all__ = ["render"]
