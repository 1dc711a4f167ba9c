"""The store's items of issue 31, each as it was found: records written twice, rubbers written over
each other, an empty pre-migration backup trusted, `tutor play --rubber` keeping nothing, and the
whole database's export built for every visitor of the Progress page."""

from __future__ import annotations

import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from app_pages import app_test, script_test
from work_bounds import HANG_GUARD

from tutor.engine.cards import Seat
from tutor.lessons.answers import Answer
from tutor.lessons.progress import (
    MIGRATIONS,
    SCHEMA_VERSION,
    ProgressStoreError,
    TableConflictError,
    TableSlot,
    open_store,
)
from tutor.lessons.progress.backup import backup_path, row_counts
from tutor.lessons.table import TableDeal
from tutor.lessons.table.items import deviation_answers
from tutor.lessons.table.rubber import PracticeRubber

ROOT = Path(__file__).resolve().parent.parent


def _deviate_each(table: TableDeal, times: int) -> list[int]:
    """Play ``table`` to its end by the book, but for another card at the learner's first ``times``
    play turns with a choice where the book's own rule answers (a stated default is never a mistake,
    so a card there is not a deviation to record); returns those steps' indexes."""
    indexes: list[int] = []
    while table.phase != "over":
        table.run_robots()
        if not table.learners_turn:
            continue
        book = table.hint()
        choice = book.get("call") or book["card"]
        legal = table.legal_actions()
        judged = not book.get("default", False)  # as tutor.lessons.table.review.is_judged
        if len(indexes) < times and table.phase == "play" and len(legal) > 1 and judged:
            choice = next(c for c in legal if c not in book.get("cards", [choice]))
            indexes.append(len(table.steps))
        table.act(choice)
    return indexes


def _table_with_deviations(times: int) -> tuple[PracticeRubber, list[int]]:
    for seed in range(30):
        rubber = PracticeRubber(seed, Seat.S)
        assert rubber.current is not None
        indexes = _deviate_each(rubber.current, times)
        if len(indexes) == times:
            return rubber, indexes
    raise AssertionError("no seed gave a played deal with that many choices")


# -- records need an idempotency key --------------------------------------------------------------


def test_an_answer_recorded_twice_with_its_key_is_one_record_and_one_lapse(target: str) -> None:
    wrong = Answer("convention", "open-1c", False, "1S", "1C", laws=("law-28",), key="k-1")
    with open_store(target) as store:
        first = store.record(wrong, "anna")
        again = store.record(wrong, "anna")
        assert again.uid == first.uid and len(store.answers("anna")) == 1
        unit = store.unit("anna", ("convention", "open-1c"))
        assert unit is not None and unit.lapses == 1 and unit.reps == 1  # FSRS saw one answer
        store.record(wrong, "bob")  # the key is the learner's: bob's answer is his own
        assert len(store.answers("bob")) == 1
        store.record(Answer("convention", "open-1c", False, "1S", "1C"), "anna")  # no key: always written
        assert len(store.answers("anna")) == 2  # noqa: PLR2004


def test_play_on_from_here_does_not_record_the_earlier_deviations_again(target: str) -> None:
    rubber, indexes = _table_with_deviations(3)
    table = rubber.current
    assert table is not None
    with open_store(target) as store:
        for answer in deviation_answers(table):
            store.record(answer, "anna")
        assert len(store.answers("anna")) == 3  # noqa: PLR2004 - three deviations, three records
        # "Play on from here" at the last deviation, and this time the book's card there
        again = table.from_step(indexes[-1])
        _deviate_each(again, 0)
        assert len(again.deviations()) == 2  # noqa: PLR2004 - the first two are in its log still
        for answer in deviation_answers(again):
            store.record(answer, "anna")
        assert len(store.answers("anna")) == 3  # noqa: PLR2004 - nothing counted twice
        lapses = sum(u.lapses for u in store.units("anna") if u.item_kind == "convention")
        rules = [a.item_id for a in deviation_answers(table)]
        assert lapses == len(rules)  # each deviation one lapse of its rule, as when first recorded
        # a different card at a deviation's turn is a new answer
        other = table.from_step(indexes[0])
        other.run_robots()
        book = other.hint()
        wrong = [c for c in other.legal_actions() if c != table.steps[indexes[0]].action
                 and c not in book.get("cards", [book.get("card")])]
        if wrong:
            other.act(wrong[0])
            _deviate_each(other, 0)
            for answer in deviation_answers(other):
                store.record(answer, "anna")
            assert len(store.answers("anna")) == 4  # noqa: PLR2004


def test_a_kill_between_recording_and_saving_the_table_records_nothing_twice(target: str) -> None:
    rubber, _ = _table_with_deviations(2)
    db = target
    with open_store(db) as store:
        store.save_table(rubber.to_json(), "anna")  # saved with the deal over, not yet recorded
        for answer in deviation_answers(rubber.current):  # type: ignore[arg-type]
            store.record(answer, "anna")
        # killed here: ``recorded = True`` never reached the store
    with open_store(db) as store:  # the restart reads the table as it was saved, and records again
        restored = PracticeRubber.from_json(store.load_table("anna") or {})
        assert restored.current is not None and not restored.current.recorded
        for answer in deviation_answers(restored.current):
            store.record(answer, "anna")
        assert len(store.answers("anna")) == 2  # noqa: PLR2004


def test_a_table_stored_before_uids_keeps_one_key_per_deviation(tmp_path: Path) -> None:
    rubber, _ = _table_with_deviations(1)
    state = rubber.to_json()
    del state["current"]["uid"]  # as a version-5 store holds it
    first = PracticeRubber.from_json(state).current
    second = PracticeRubber.from_json(state).current
    assert first is not None and second is not None
    assert [a.key for a in deviation_answers(first)] == [a.key for a in deviation_answers(second)]


# -- a rubber belongs to its session and profile --------------------------------------------------


def test_a_second_writer_of_one_profiles_rubber_is_refused_and_nothing_is_merged(target: str) -> None:
    db = target
    with open_store(db) as one, open_store(db) as two:
        slot = TableSlot("anna")
        one.write_table(slot, {"seed": 1, "by": "first"}, version=0)
        seen_one, seen_two = one.open_table(slot), two.open_table(slot)  # both sessions read version 1
        assert seen_one is not None and seen_two is not None
        one.write_table(slot, {"seed": 1, "by": "first", "deal": 2}, version=seen_one.version)
        with pytest.raises(TableConflictError, match="another session"):
            two.write_table(slot, {"seed": 1, "by": "second"}, version=seen_two.version)
        assert (two.open_table(slot) or seen_two).state == {"seed": 1, "by": "first", "deal": 2}
        assert two.write_table(slot, {"seed": 9}, version=None) == 3  # noqa: PLR2004 - a new rubber on purpose


def test_sessions_that_picked_no_profile_do_not_share_the_default_profiles_rubber(target: str) -> None:
    token_a, token_b = "a" * 32, "b" * 32
    with open_store(target) as store:
        store.save_table({"seed": 5}, "default")  # the default profile's own (picked) rubber
        store.save_table({"seed": 7}, "default", session=token_a)
        assert store.load_table("default", session=token_b) is None
        assert store.load_table("default", session=token_a) == {"seed": 7}
        assert store.load_table("default") == {"seed": 5}
    with pytest.raises(ValueError, match="hexadecimal"):
        TableSlot("default", session="../../etc")


@pytest.mark.slow  # two app sessions: about 4 s
def test_two_visitors_without_a_profile_get_their_own_rubbers_on_the_page(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.db"))

    def visit(query: dict[str, str]) -> AppTest:
        at = app_test()
        at.run()
        at.switch_page("tutor/ui/pages/practice_table.py")
        at.query_params.update(query)
        at.run()
        return at

    first = visit({})
    first.number_input(key="table_seed").set_value(11)
    first.button(key="table_start").click()
    first.run()
    assert not first.exception, first.exception
    assert first.session_state["table_rubber"].seed == 11  # noqa: PLR2004
    token = first.query_params["table"]
    assert "table_rubber" not in visit({}).session_state  # a second visitor is not dealt into it
    back = visit({"table": token})  # the first visitor's reload (the same address)
    assert not back.exception, back.exception
    assert back.session_state["table_rubber"].seed == 11  # noqa: PLR2004
    tampered = visit({"table": "x" * 40})
    assert "table_rubber" not in tampered.session_state and tampered.error


# -- the pre-migration backup is verified ---------------------------------------------------------


def _version_5_file(path: Path, answers: int = 3) -> dict[str, int]:
    conn = sqlite3.connect(path)
    for version in range(1, 6):
        MIGRATIONS[version](conn)
    conn.execute("UPDATE schema_version SET version = 5")
    conn.execute("INSERT INTO learners VALUES ('anna', '2025-01-01T00:00:00.000000Z')")
    for n in range(answers):
        conn.execute("INSERT INTO answers (uid, learner, item_kind, item_id, correct, given, expected,"
                     " answered_at) VALUES (?, 'anna', 'law', 'law-12', 1, '5', '5', '2025-01-02T00:00:00.000000Z')",
                     (f"uid-{n:08d}",))
    conn.commit()
    counts = row_counts(conn)
    conn.close()
    return counts


def _version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT version FROM schema_version").fetchone()[0])
    finally:
        conn.close()


def test_an_empty_backup_left_by_a_kill_is_made_again_before_migrating(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    counts = _version_5_file(path)
    backup_path(path, 5).write_bytes(b"")  # what a kill during the copy left (issue 31: 6 of 6)
    with open_store(path) as store:
        assert len(store.answers("anna")) == 3  # noqa: PLR2004
    backup = sqlite3.connect(backup_path(path, 5))
    assert row_counts(backup) == counts and backup.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    backup.close()
    assert _version(path) == SCHEMA_VERSION


def test_a_kill_during_the_copy_leaves_the_file_unmigrated_and_no_backup_trusted(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    counts = _version_5_file(path)
    script = (
        "import os, signal, sys\n"
        "import tutor.lessons.progress.backup as b\n"
        "def dying_copy(source, target):\n"
        "    open(target, 'wb').close()\n"  # the copy has begun: an empty file on disk
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "b.copy_database = dying_copy\n"
        "from tutor.lessons.progress import open_store\n"
        f"open_store({str(path)!r})\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, timeout=HANG_GUARD, check=False)
    assert done.returncode == -signal.SIGKILL
    assert _version(path) == 5  # noqa: PLR2004 - nothing migrated
    assert not backup_path(path, 5).exists()  # only the temporary copy was begun
    with open_store(path):
        pass
    assert _version(path) == SCHEMA_VERSION
    backup = sqlite3.connect(backup_path(path, 5))
    assert row_counts(backup) == counts
    backup.close()


def test_a_backup_that_fails_verification_stops_the_migration(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.lessons.progress.backup as backup_module

    path = tmp_path / "p.db"
    _version_5_file(path)
    real = backup_module.copy_database

    def short_copy(source: sqlite3.Connection, target: Path) -> None:
        real(source, target)
        conn = sqlite3.connect(target)
        conn.execute("DELETE FROM answers WHERE uid = 'uid-00000000'")  # one row lost in the copy
        conn.commit()
        conn.close()

    monkeypatch.setattr(backup_module, "copy_database", short_copy)
    with pytest.raises(ProgressStoreError, match="backup could not be made and verified"):
        open_store(path)
    assert _version(path) == 5  # noqa: PLR2004
    assert not backup_path(path, 5).exists()


# -- `tutor play --rubber` survives a kill -------------------------------------------------------


def _player(moves: int):  # type: ignore[no-untyped-def]
    """Answer the prompts with pass or the first legal card; after ``moves`` answers, the process dies."""
    count = [0]

    class Killed(BaseException):
        pass

    def read(prompt: str) -> str:
        if count[0] >= moves:
            raise Killed
        count[0] += 1
        if "Your call" in prompt:
            return "P"
        match = re.search(r"\(([^,;]+)", prompt)
        assert match is not None
        return match.group(1)

    return read, Killed


def test_tutor_play_rubber_goes_on_after_a_kill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.cli import main

    db = str(tmp_path / "p.db")
    read, killed = _player(6)
    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", read)  # `tutor play` reads through it
    with pytest.raises(killed):
        main(["play", "--rubber", "--seed", "4", "--db", db])
    with open_store(db) as store:
        kept = store.load_table("default", way="terminal")
    assert kept is not None and kept["seed"] == 4  # noqa: PLR2004
    learner_steps = [s for s in kept["current"]["steps"] if s.get("learner")]
    assert len(learner_steps) == 6  # noqa: PLR2004 - every answer given before the kill is kept
    capsys.readouterr()
    read, killed = _player(0)
    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", read)
    with pytest.raises(killed):
        main(["play", "--rubber", "--db", db])  # the restart: no seed given
    out = capsys.readouterr().out
    assert "Going on with your rubber (seed 4)" in out
    with open_store(db) as store:
        again = store.load_table("default", way="terminal")
    assert again is not None and again["current"]["steps"][:len(kept["current"]["steps"])] == kept["current"]["steps"]


# -- the Progress page: one learner's export, built on request -------------------------------------


def test_the_export_of_one_learner_holds_only_their_record(target: str) -> None:
    with open_store(target) as store:
        store.record(Answer("law", "law-12", True, "5", "5", laws=("law-12",)), "anna")
        store.record(Answer("law", "law-13", False, "4", "5", laws=("law-13",)), "bob")
        record = store.export_record("anna")
    assert [a["learner"] for a in record["answers"]] == ["anna"]
    assert [lr["name"] for lr in record["learners"]] == ["anna"]
    assert {c["learner"] for c in record["cards"]} == {"anna"}


def test_the_progress_page_builds_no_export_until_asked_and_then_only_the_profiles(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from tutor.lessons.progress import ProgressStore

    db = tmp_path / "p.db"
    with open_store(db) as store:
        store.record(Answer("law", "law-12", True, "5", "5", laws=("law-12",)), "default")
        store.record(Answer("law", "law-13", False, "4", "5", laws=("law-13",)), "bob")
    monkeypatch.setenv("TUTOR_DB", str(db))
    calls: list[str | None] = []
    real = ProgressStore.export_record

    def counting(self: ProgressStore, learner: str | None = None) -> dict[str, object]:
        calls.append(learner)
        return real(self, learner)

    monkeypatch.setattr(ProgressStore, "export_record", counting)
    at = script_test("tutor/ui/pages/progress.py")
    at.run()
    assert not at.exception, at.exception
    assert calls == []  # a visit builds nothing
    at.button(key="progress_prepare_export").click()
    at.run()
    assert calls == ["default"]
    assert "bob" not in json.dumps(at.session_state["progress_export"])


def test_keys_travel_with_the_export_so_an_imported_answer_is_not_recorded_again(tmp_path: Path) -> None:
    from tutor.lessons.progress.progress_io import export_json, import_json

    keyed = Answer("convention", "open-1c", False, "1S", "1C", laws=("law-28",), key="table:abc:1")
    with open_store(tmp_path / "a.db") as source:
        source.record(keyed, "anna")
        export_json(source, tmp_path / "anna.json", "anna")
    with open_store(tmp_path / "b.db") as target:
        assert import_json(target, tmp_path / "anna.json") == 1
        target.record(keyed, "anna")  # the same deviation, recorded again on the new store
        assert len(target.answers("anna")) == 1
        unit = target.unit("anna", ("convention", "open-1c"))
        assert unit is not None and unit.lapses == 1
