"""The practice table for two, three and five players (issue 19): one deal of a way against the robots.

Rendered inside the Practice table page when the learner picks another table size. The
learner plays player A; he sees exactly what the way lets A see (:meth:`WayGame.visible`);
every action is chosen from the legal ones; the robots' actions are listed with the law or
the tutor's stated default behind each.
"""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from tutor.engine.cards import Card, Seat, Side
from tutor.engine.errors import TutorError
from tutor.engine.rubber import Rubber
from tutor.engine.ways.catalogue import find_way, ways_for
from tutor.engine.ways.five import five_record, five_table
from tutor.lessons.ways.review import way_deviations
from tutor.lessons.ways.table import FIVE_NAMES, WayTable, five_robot_rubber
from tutor.lessons.words import laws_named
from tutor.ui import state as _state
from tutor.ui.cards import card_md, show_compass
from tutor.ui.common import law_name, show_error, text_md

WAYS_TABLE, SAVED, REVIEW, FIVE = "ways_table", "ways_table_saved", "ways_review", "5-sit-out"
PHASES = {"exchange": "Buying", "auction": "Auction", "buy": "The buy-in", "give": "Giving out three cards",
          "final": "The final bid", "play": "Play", "over": "The deal is over"}


def words(text: str) -> str:
    """Seed-line references as a learner reads them ("the book, line 537"), escaped for Markdown."""
    text = re.sub(r"\bRO l\.", "the book, line ", text)
    text = re.sub(r"\b(EN|004) l\.", "the English text, line ", text)
    return text_md(text)


def _label(action: str) -> str:
    if action == "P":
        return "pass"
    try:
        return Card.parse(action).pretty if len(action) <= 3 else action  # noqa: PLR2004 - a card
    except TutorError:
        return action


def store_key(players: int, way_name: str) -> str:
    """The progress store's name of a way's table: ``"3-auction"``."""
    return f"{players}-{way_name}"


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
    mark = (table.way.players, table.way.name, table.seed, table.game.steps)
    if st.session_state.get(SAVED) == mark:
        return
    try:
        _state.save_table(table.to_json(), way=store_key(table.way.players, table.way.name))
        st.session_state[SAVED] = mark
    except TutorError as err:
        show_error(err)


def _controls(players: int) -> tuple[str, int]:
    ways = ways_for(players)
    _state.adopt_url("ways_way", "way", [w.name for w in ways])
    way = st.selectbox("Way", [w.name for w in ways], key="ways_way",
                       format_func=lambda n: f"{n}: {find_way(players, n).title}")
    if players != 5:  # noqa: PLR2004 - five players play the four-handed table
        _restore(players, str(way))
    seed = st.number_input("Deal number (the same number deals the same cards)", min_value=0,
                           max_value=_state.APP_MAX_SEED, value=1, step=1, key="ways_seed")
    return str(way), int(seed)


def _restore(players: int, way_name: str) -> None:
    """On a new session (or another way chosen), take up the way's stored table and its deal number."""
    table = st.session_state.get(WAYS_TABLE)
    if isinstance(table, WayTable) and (table.way.players, table.way.name) == (players, way_name):
        return
    stored = _stored(players, way_name)
    if stored is not None:
        st.session_state[WAYS_TABLE] = stored
        st.session_state["ways_seed"] = stored.seed  # set before the widget is drawn in this run


def _laws(players: int, way_name: str) -> None:
    way = find_way(players, way_name)
    with st.expander(f"The laws of this way: {law_name(way.law)}"):
        st.markdown(text_md(way.title))
        for reading in way.readings:
            st.markdown(f"- The tutor's reading: {words(reading)}")
        st.page_link("tutor/ui/pages/laws.py", label="Study all the laws for other table sizes")


def render(players: int) -> None:
    """The table for ``players`` (2, 3 or 5)."""
    way_name, seed = _controls(players)
    _laws(players, way_name)
    if players == 5:  # noqa: PLR2004
        _five(seed)
        return
    table = st.session_state.get(WAYS_TABLE)
    fresh = not isinstance(table, WayTable) or (table.way.name, table.way.players, table.seed) != (
        way_name, players, seed)
    if st.button("Deal", key="ways_start") or fresh:
        table = WayTable(find_way(players, way_name), seed, learner="A")
        st.session_state[WAYS_TABLE] = table
    assert isinstance(table, WayTable)
    table.run_robots()
    _save(table)
    _show(table)
    if table.phase == "over":
        _result(table)
    elif table.learners_turn:
        _turn(table)


def _show(table: WayTable) -> None:
    game = table.game
    st.markdown(f"**{PHASES[game.phase]}** — you are A; {text_md(table.setup.dealer)} deals.")
    seen = game.visible("A") if table.learner else {}
    show_compass(seen, labels={s: table.label(s) for s in seen})
    if game.contract is not None:
        st.markdown(f"Contract: **{game.contract.bid.spoken}** by {text_md(game.declarer or '')}")
    if game.play is not None and game.play.current_trick.plays:
        st.markdown("This trick: " + ", ".join(f"{s.value} {card_md(c)}" for s, c in game.play.current_trick.plays))
    if table.log:
        with st.expander("The actions so far, and why the robots chose theirs"):
            for player, action in game.steps:
                st.text(f"{player}: {_label(action)}")
            for decision in table.log[-8:]:
                default = "the tutor's default — " if decision.default else ""
                st.caption(words(f"{decision.player} {_label(decision.action)}: {default}"
                                 f"{laws_named(decision.laws)}. {decision.explanation}"))


def _turn(table: WayTable) -> None:
    legal = table.game.legal_actions()
    turn = table.game.to_act
    assert turn is not None
    with st.form("ways_act", clear_on_submit=True):
        choice = st.selectbox(f"Your move (for {turn[1].value})", legal, format_func=_label, key="ways_choice")
        go = st.form_submit_button("Make this move")
    hint, undo = st.columns(2)
    if hint.button("Hint: the robot's answer", key="ways_hint"):
        answer = table.hint()
        st.info(words(f"{_label(answer.action)} — {answer.explanation}"))
    if undo.button("Undo my last move", key="ways_undo") and table.undo():
        _save(table)
        st.rerun()
    if go and choice:
        try:
            table.act(str(choice))
        except TutorError as err:
            show_error(err)
            return
        table.run_robots()
        _save(table)
        st.rerun()


def _result(table: WayTable) -> None:
    score = table.score()
    if table.game.contract is None:
        st.markdown(text_md(" ".join(score.notes) or "Nobody bid."))
    else:
        tricks = {p: table.game.tricks_of(p) for p in table.setup.players}
        st.markdown("Tricks: " + ", ".join(f"{p} {n}" for p, n in tricks.items()))
    records = table.records()
    st.subheader("This deal's records")
    st.table({"player": list(records), "below the line": [r["below"] for r in records.values()],
              "above the line": [r["above"] for r in records.values()]})
    for item in score.items:
        st.caption(text_md(f"{item.text} ({laws_named(item.laws)})"))
    _review(table)


def _review(table: WayTable) -> None:
    """The learner's moves that differ from the robot's in his place, each with its law and its price."""
    key = (table.way.players, table.way.name, table.seed, table.game.steps)
    cached = st.session_state.get(REVIEW)
    if isinstance(cached, tuple) and cached[0] == key:
        deviations = cached[1]
    else:
        with st.spinner("The robots play out your choices and theirs …"):
            deviations = way_deviations(table)
        st.session_state[REVIEW] = (key, deviations)
    st.subheader("Review of the deal")
    if not deviations:
        st.success("Every move of yours was the robot's: the book's, or this way's stated default.")
    for deviation in deviations:
        choice, price = deviation.sentences()
        st.markdown(f"- {text_md(choice)}")
        st.caption(words(deviation.robot.explanation))
        st.text(price)


def _five(seed: int) -> None:
    rubber = st.number_input("Rubber of the rotation (0 = the first)", min_value=0, max_value=1000, value=0,
                             key="ways_rubber")
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
            st.text(f"{deal['dealer']} deals: {deal['contract']}"
                    + (f" by {deal['declarer']}, {deal['tricks']} tricks" if deal["declarer"] else ""))
    _show_record(evening)
    if table.sitting_out != "T":
        seat = table.seats()["T"]
        st.button(f"Play your seat (T, at {seat.value}) in this rubber at the four-handed table", key="ways_five_seat",
                  on_click=_seat_in_rubber, args=(seed, seat, int(rubber)))
        st.caption("You are T, who drew the highest card. This starts a new four-handed rubber (it replaces "
                   "the one in progress); when it is over, its result is written to the running record here.")
    else:
        st.caption("You are T, who drew the highest card: you sit out this round and watch.")


def _evening() -> dict[str, Any]:
    """The five players' evening kept in the store: each round's result, and the rubber at the learner's seat."""
    try:
        stored = _state.load_table(way=FIVE)
    except TutorError as err:
        show_error(err)
        stored = None
    results = stored.get("results") if stored else None
    kept = {r: [v[0], v[1]] for r, v in (results.items() if isinstance(results, dict) else ())
            if str(r).isdigit() and isinstance(v, list) and len(v) == 2 and v[0] in (0, 1)  # noqa: PLR2004
            and isinstance(v[1], int) and v[1] >= 0}
    return {"results": kept, "pending": stored.get("pending") if stored else None}


def _keep(evening: dict[str, Any]) -> None:
    try:
        _state.save_table(evening, way=FIVE)
    except TutorError as err:
        show_error(err)


def _write_result(evening: dict[str, Any], round_no: int, played: Rubber) -> None:
    """A finished rubber of round ``round_no`` goes into the running record (pair 0 sat N-S)."""
    leader, margin = played.result()
    if not played.is_over or leader is None:
        st.info("The rubber did not end in a win: nothing is written to the record.")
        return
    evening["results"][str(round_no)] = [0 if leader is Side.NS else 1, margin]
    _keep(evening)


def _collect_seat_rubber(evening: dict[str, Any]) -> None:
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
        _write_result(evening, int(pending.get("round", 0)), rubber.rubber)
        st.success(f"Your rubber of round {pending.get('round', 0)} is written to the running record.")
    else:
        st.caption(f"Your rubber of round {pending.get('round', 0)} at the four-handed table is not over yet.")


def _show_record(evening: dict[str, Any]) -> None:
    results = evening["results"]
    if not results:
        return
    rounds = sorted(int(r) for r in results)
    line = five_record(FIVE_NAMES, [tuple(results.get(str(n), (0, 0))) for n in range(rounds[-1] + 1)])
    st.subheader("The running record")
    st.text(line.line())
    st.caption(f"Rounds written: {', '.join(map(str, rounds))} (a round not played counts nothing). "
               "Each winner of a rubber writes the difference as a plus, each loser as a minus, the one "
               f"sitting out nothing ({law_name('five-2')}).")
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
