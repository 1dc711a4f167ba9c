"""An import is written in pieces, each committed on its own, so a writer beside it waits for one piece
(stop 59's audit: 87,000 answers in one transaction held the lock for 16 s, and a learner's answer recorded
meanwhile gave up after the store's 10 s and was lost); an import stopped part way is finished by running it
again, with the schedules an uninterrupted import gives (docs/progress.md). On both back ends."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tutor.lessons.answers import Answer
from tutor.lessons.progress import ProgressStore, ProgressStoreError, open_store, transfer
from tutor.lessons.progress.connection import Connection
from tutor.lessons.progress.progress_io import export_json, import_json

LEARNERS = ("anna", "boris", "clara", "dmitri", "elena")


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An exported record of 450 seeded answers over five learners (right and wrong, six items)."""
    tmp_path = tmp_path_factory.mktemp("record")
    rng, start = random.Random(3), datetime(2026, 11, 1, tzinfo=UTC)
    with open_store(tmp_path / "source.db") as source:
        for n in range(450):
            item = f"law-{rng.randrange(6) + 10}"
            source.record(Answer("law", item, rng.random() < 0.6, "5", "5", laws=(item,)), rng.choice(LEARNERS),
                          now=start + timedelta(hours=n))
        path = tmp_path / "record.json"
        export_json(source, path)
    return path


@pytest.fixture
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transfer, "ANSWERS_PER_WRITE", 100)
    monkeypatch.setattr(transfer, "LEARNERS_PER_WRITE", 2)
    monkeypatch.setattr(transfer, "PAUSE_SECONDS", 0)  # the pause lets a waiting writer in; none waits here


def test_no_transaction_of_an_import_writes_more_than_a_piece(target: str, record: Path, small_pieces: None,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Each transaction the import opens holds at most 100 answers and at most 2 learners' rebuilt
    schedules (the pieces set here): 450 answers are five transactions of answers, five learners three of
    schedules, after the one of the learners."""
    transactions: list[list[str]] = []
    begin, execute = Connection.begin_write, Connection.execute

    def counted_begin(self: Connection) -> None:
        transactions.append([])
        begin(self)

    def counted(self: Connection, sql: str, params: object = ()) -> object:
        if transactions:
            transactions[-1].append(sql)
        return execute(self, sql, params)  # type: ignore[arg-type]

    with open_store(target) as store:
        monkeypatch.setattr(Connection, "begin_write", counted_begin)
        monkeypatch.setattr(Connection, "execute", counted)
        assert import_json(store, record) == 450
        monkeypatch.undo()
        answers = [sum(s.startswith("INSERT INTO answers") for s in t) for t in transactions]
        rebuilt = [sum(s.startswith("DELETE FROM cards") for s in t) for t in transactions]
        assert max(answers) == 100 and sum(answers) == 450 and sum(a > 0 for a in answers) == 5, answers
        assert max(rebuilt) == 2 and sum(rebuilt) == len(LEARNERS), rebuilt
        assert all(a == 0 or r == 0 for a, r in zip(answers, rebuilt))  # answers and schedules apart


def _schedules(store: ProgressStore) -> dict[str, list[tuple[object, ...]]]:
    return {learner: [(u.item_kind, u.item_id, u.reps, u.lapses, u.right_streak, u.card.to_dict())
                      for u in store.units(learner)] for learner in LEARNERS}


def test_an_import_stopped_part_way_is_finished_by_running_it_again(target: str, tmp_path: Path, record: Path,
                                                                    small_pieces: None,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The import stops at its third piece of answers (the database gone, a kill): two pieces are in,
    no schedule is rebuilt. Run again, it adds the rest and every schedule is what an import in one go
    gives."""
    with open_store(tmp_path / "whole.db") as whole:
        assert import_json(whole, record) == 450
        expected = _schedules(whole)
    insert, pieces = transfer._insert, []

    def stops_at_the_third(conn: object, answers: list[object]) -> int:
        pieces.append(len(answers))
        if len(pieces) == 3:
            raise OSError("the disk went away")
        return insert(conn, answers)  # type: ignore[arg-type]

    with open_store(target) as store:
        monkeypatch.setattr(transfer, "_insert", stops_at_the_third)
        with pytest.raises(ProgressStoreError, match="import the file again"):
            import_json(store, record)
        monkeypatch.undo()
        assert len(store.answers()) == 200 and all(not store.units(learner) for learner in LEARNERS)
        assert import_json(store, record) == 250
        assert len(store.answers()) == 450 and _schedules(store) == expected
