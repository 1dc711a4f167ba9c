"""The tables for two, three and five players kept in the progress store (issue 19): schema 5's
``way_tables``, a way's table restored in a new session, the five players' running record kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from app_pages import app_test
from streamlit.testing.v1 import AppTest

from tutor.engine.ways.catalogue import find_way
from tutor.lessons.progress import MIGRATIONS, SCHEMA_VERSION, open_store
from tutor.lessons.ways.table import WayTable

PAGE = "tutor/ui/pages/practice_table.py"


def test_a_version_4_store_gains_way_tables_and_keeps_its_four_handed_table(tmp_path: Path) -> None:
    path = tmp_path / "v4.sqlite3"
    conn = sqlite3.connect(path)
    for version in range(1, 5):
        MIGRATIONS[version](conn)
    conn.execute("UPDATE schema_version SET version = 4")
    conn.execute("INSERT INTO learners VALUES ('anna', '2025-01-01T00:00:00.000000Z')")
    conn.execute("INSERT INTO practice_tables VALUES ('anna', '{\"seed\": 7}', '2025-01-01T00:00:00.000000Z')")
    conn.commit()
    conn.close()
    with open_store(path) as store:
        assert store.load_table("anna") == {"seed": 7}
        assert store.load_table("anna", way="3-auction") is None
        store.save_table({"seed": 3}, "anna", way="3-auction")
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION >= 5  # noqa: PLR2004
    conn.close()


def test_each_way_keeps_its_own_table_beside_the_four_handed_one(tmp_path: Path) -> None:
    table = WayTable(find_way(2, "exchange"), 5)
    table.run_robots()
    with open_store(tmp_path / "p.db") as store:
        store.save_table({"seed": 1, "four": True}, "anna")
        store.save_table(table.to_json(), "anna", way="2-exchange")
        store.save_table({"seed": 9}, "anna", way="3-dummy")
    with open_store(tmp_path / "p.db") as store:  # a restart
        again = WayTable.from_json(store.load_table("anna", way="2-exchange") or {})
        assert again.game.steps == table.game.steps and again.seed == 5  # noqa: PLR2004
        assert store.load_table("anna") == {"seed": 1, "four": True}
        store.clear_table("anna", way="3-dummy")
        assert store.load_table("anna", way="3-dummy") is None
        assert store.load_table("anna", way="2-exchange") is not None


def _open(db: Path, players: int, token: str | None = None) -> AppTest:
    """The practice table in a new session; ``token``: the address's ``?table=`` of a session before
    (issue 31: a learner who picked no profile finds their own table by it, and no one else's)."""
    at = app_test()
    at.run()
    at.switch_page(PAGE)
    if token is not None:
        at.query_params["table"] = token
    at.run()
    at.selectbox(key="table_players").set_value(players)
    at.run()
    return at


@pytest.mark.slow  # two app sessions and the robots' deal: about 3 s
def test_a_ways_table_is_restored_in_a_new_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "progress.db"
    monkeypatch.setenv("TUTOR_DB", str(db))
    at = _open(db, 3)
    at.selectbox(key="ways_way").set_value("auction")
    at.number_input(key="ways_seed").set_value(4)
    at.run()
    if any(b.key == "ways_auto" for b in at.button):  # one of the learner's moves (the robot's, by a click)
        at.button(key="ways_auto").click()
        at.run()
        assert not at.exception, at.exception
    before = at.session_state["ways_table"]
    assert any(p == "A" for p, _ in before.game.steps)  # the learner has moved
    token = at.query_params["table"]
    assert _open(db, 3).session_state["tutor_session"].table_token != token  # another visitor: not theirs
    fresh = _open(db, 3, token)  # a reload: a new session on the same store, the same address
    fresh.selectbox(key="ways_way").set_value("auction")
    fresh.run()
    assert not fresh.exception, fresh.exception
    restored = fresh.session_state["ways_table"]
    assert restored.game.steps == before.game.steps and restored.seed == 4  # noqa: PLR2004
    assert fresh.number_input(key="ways_seed").value == 4  # noqa: PLR2004


def test_the_five_players_running_record_survives_a_new_session(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "progress.db"
    monkeypatch.setenv("TUTOR_DB", str(db))
    at = _open(db, 5)
    at.number_input(key="ways_rubber").set_value(2)
    at.run()
    at.button(key="ways_five_play").click()
    at.run()
    assert not at.exception, at.exception
    line = next(t.value for t in at.text if t.value.startswith("T."))
    entries = [int(part.split(".")[1] or 0) for part in line.split()]
    assert sum(entries) == 0 and entries[2] == 0 and entries[0] != 0  # RO l.545: summing to zero; K sat out
    token = at.query_params["table"]
    fresh = _open(db, 5, token)
    assert not fresh.exception, fresh.exception
    assert line in [t.value for t in fresh.text]  # written in the store, shown again
    with open_store(db) as store:
        assert list((store.load_table("default", way="5-sit-out", session=token) or {})["results"]) == ["2"]


@pytest.mark.slow  # a whole four-handed rubber played by the book at the learner's seat: about 3 s
def test_the_rubber_played_at_the_learners_seat_goes_into_the_running_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1: A sits out, T plays with N (RO l.543); when T's rubber is over, its result is written."""
    from tutor.engine.cards import Side
    from tutor.engine.ways.five import five_table
    from tutor.lessons.table.rubber import PracticeRubber
    from tutor.lessons.ways.table import FIVE_NAMES

    table = five_table(FIVE_NAMES, 1)
    seat = table.seats()["T"]
    rubber = PracticeRubber(3, seat)
    while not rubber.is_over:  # the learner follows the book's answer at every turn
        deal = rubber.current
        assert deal is not None
        while deal.phase != "over":
            deal.run_robots()
            if deal.learners_turn:
                book = deal.hint()
                deal.act(book.get("call") or book["card"])
        rubber.next_deal()
    leader, margin = rubber.rubber.result()
    assert leader is not None
    db = tmp_path / "progress.db"
    token = "0123456789abcdef" * 2  # the session's tables (no profile picked), as its address names them
    with open_store(db) as store:
        store.save_table(rubber.to_json(), "default", session=token)
        store.save_table({"results": {}, "pending": {"round": 1, "seed": 3, "seat": seat.value}}, "default",
                         way="5-sit-out", session=token)
    monkeypatch.setenv("TUTOR_DB", str(db))
    at = _open(db, 5, token)
    assert not at.exception, at.exception
    assert any("written to the running record" in s.value for s in at.success)
    winners = table.pairs[0] if leader is Side.NS else table.pairs[1]  # pair 0 sat N-S
    line = next(t.value for t in at.text if t.value.startswith("T."))
    record = {part.split(".")[0]: int(part.split(".")[1]) for part in line.split()}
    assert record["A"] == 0 and all(record[n] == margin for n in winners)
    assert sum(record.values()) == 0
    with open_store(db) as store:
        assert (store.load_table("default", way="5-sit-out", session=token) or {})["pending"] is None


def test_a_restored_table_explains_the_robots_earlier_actions() -> None:
    table = WayTable(find_way(3, "dummy"), 2)
    table.run_robots()
    again = WayTable.from_json(table.to_json())
    assert [d.to_json() for d in again.log] == [d.to_json() for d in table.log]
    robot_steps = [(p, a) for p, a in table.game.steps if p != "A"]
    assert [(d.player, d.action) for d in again.log] == robot_steps


def test_a_stored_table_keeps_the_learners_player_and_the_ways_switch(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The learner's player and a way's switch are part of the stored table, taken up again on a reload."""
    db = tmp_path / "progress.db"
    monkeypatch.setenv("TUTOR_DB", str(db))
    at = _open(db, 2)
    at.selectbox(key="ways_way").set_value("dummy-auction")
    at.run()
    at.selectbox(key="ways_learner").set_value("B")
    at.selectbox(key="ways_option_dummy-transfer").set_value("transfer")
    at.run()
    assert not at.exception, at.exception
    before = at.session_state["ways_table"]
    assert before.learner == "B" and before.way.option("dummy-transfer") == "transfer"
    fresh = _open(db, 2, at.query_params["table"])  # a reload: the same address (issue 31: no profile picked)
    fresh.selectbox(key="ways_way").set_value("dummy-auction")
    fresh.run()
    assert not fresh.exception, fresh.exception
    restored = fresh.session_state["ways_table"]
    assert (restored.learner, restored.way, restored.game.steps) == (before.learner, before.way, before.game.steps)


def test_a_rubbers_finished_deals_are_kept_in_the_tables_json() -> None:
    from tutor.engine.ways.catalogue import find_way
    from tutor.lessons.ways.table import WayTable

    table = WayTable(find_way(2, "exchange"), 2, learner=None)
    table.run_robots()
    nxt = table.next_deal()
    back = WayTable.from_json(nxt.to_json())
    assert back.deal_no == 1 and back.finished == [(0, table.game.steps)]
