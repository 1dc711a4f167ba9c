"""The store on both back ends: the SQLite file (the default) and PostgreSQL (``TUTOR_DATABASE_URL``),
a real server started by the fixture (tests/pg_server.py). Every test here runs on both;
``pytest -m postgres`` runs the PostgreSQL half. Expectations come from the store's stated
guarantees (docs/progress.md): an acknowledged answer survives a kill -9, two writers lose nothing,
a keyed answer is one record, a second writer of a table is refused, an export moves a learner
between back ends without loss, a foreign or unreachable database is one line.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import threading
import time as clock
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from unittest import mock

import pytest
from pg_server import PgServer
from work_bounds import HANG_GUARD

from tutor.lessons.answers import MARKED_LEARNED, Answer, marked_learned
from tutor.lessons.progress import (
    ProgressStore,
    ProgressStoreError,
    TableConflictError,
    TableSlot,
    open_store,
)
from tutor.lessons.progress.progress_io import export_json, import_json
from tutor.lessons.progress.report import learner_record
from tutor.lessons.progress.schema import StoredAnswer

ROOT = Path(__file__).resolve().parent.parent


def _wrong(item: str = "law-12", **kw: object) -> Answer:
    return Answer("law", item, False, "4", "5", laws=(item,), **kw)  # type: ignore[arg-type]


def test_every_field_of_an_answer_reads_back(target: str) -> None:
    answer = Answer("convention", "open-1c", True, "1C", "1C", laws=("law-28", "law-35"), seed=2**62,
                    position="N:AK.Q.J.T -", seconds=3.25, extra={"kind": "bid"}, key="k-7")
    with open_store(target) as store:
        stored = store.record(answer, "anna")
        (back,) = store.answers("anna")
    assert back.answer == answer and back.uid == stored.uid and back.id == stored.id
    assert back.answered_at == stored.answered_at


def test_a_keyed_answer_recorded_twice_is_one_record_and_one_lapse(target: str) -> None:
    with open_store(target) as store:
        store.record(_wrong(key="deal-1:step-4"), "anna")
        store.record(_wrong(key="deal-1:step-4"), "anna")
        unit = store.unit("anna", ("law", "law-12"))
        assert len(store.answers("anna")) == 1 and unit is not None and unit.lapses == 1


def test_two_writers_at_once_lose_no_answer_and_no_review(target: str) -> None:
    per_writer = 25
    stores = [open_store(target), open_store(target)]  # two connections, as two app processes
    try:
        def write(store: ProgressStore, n: int) -> None:
            for i in range(per_writer):
                store.record(Answer("law", "law-12", i % 2 == 0, "5", "5", laws=("law-12",)), "anna")

        threads = [threading.Thread(target=write, args=(s, n)) for n, s in enumerate(stores)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        unit = stores[0].unit("anna", ("law", "law-12"))
        assert len(stores[0].answers("anna")) == 2 * per_writer
        assert unit is not None and unit.reps == 2 * per_writer  # every answer moved the one schedule
    finally:
        for s in stores:
            s.close()


def test_a_second_writer_of_a_table_is_refused(target: str) -> None:
    with open_store(target) as one, open_store(target) as two:
        slot = TableSlot("anna")
        one.write_table(slot, {"deal": 1}, version=0)
        read_by_two = two.open_table(slot)
        assert read_by_two is not None
        one.write_table(slot, {"deal": 2}, version=read_by_two.version)
        with pytest.raises(TableConflictError):
            two.write_table(slot, {"deal": 1, "other": True}, version=read_by_two.version)
        assert (one.open_table(slot) or read_by_two).state == {"deal": 2}


def test_an_acknowledged_answer_survives_a_kill_minus_9(target: str) -> None:
    script = (
        "import sys\n"
        "from tutor.lessons.answers import Answer\n"
        "from tutor.lessons.progress import open_store\n"
        f"store = open_store({target!r})\n"
        "for i in range(10**6):\n"
        "    store.record(Answer('law', 'law-12', True, '5', '5', laws=('law-12',)), 'anna')\n"
        "    print(i, flush=True)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    acknowledged = 0
    for line in proc.stdout:
        acknowledged = int(line) + 1
        if acknowledged >= 30:  # noqa: PLR2004
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=HANG_GUARD)
    with open_store(target) as store:
        assert len(store.answers("anna")) >= acknowledged


def test_export_import_moves_a_learner_between_back_ends_without_loss(target: str, tmp_path: Path) -> None:
    other = str(tmp_path / "other.sqlite3")  # from an SQLite file to the back end under test
    with open_store(other) as source:
        for i in range(6):
            source.record(Answer("law", f"law-{12 + i % 3}", i % 2 == 0, "5", "5", laws=(f"law-{12 + i % 3}",),
                                 seed=i, seconds=1.5 + i, key=f"k{i}"), "anna")
        source.record(_wrong(), "bob")
        export_json(source, tmp_path / "anna.json", "anna")
        before = source.export_record("anna")
    with open_store(target) as dest:
        assert import_json(dest, tmp_path / "anna.json") == 6  # noqa: PLR2004
        after = dest.export_record("anna")
        assert dest.learners() == ["anna"]  # bob stayed behind
    assert after["answers"] == before["answers"] and after["cards"] == before["cards"]


def test_a_foreign_database_is_refused_untouched(target: str) -> None:
    import sqlalchemy as sa

    url = target if "://" in target else f"sqlite:///{target}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE invoices (n INTEGER)")
    engine.dispose()
    with pytest.raises(ProgressStoreError, match="not a Vint tutor progress database"):
        open_store(target)


def test_two_processes_opening_one_new_database_make_its_schema_once(target: str) -> None:
    errors: list[BaseException] = []

    def open_it() -> None:
        try:
            open_store(target).close()
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=open_it) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with open_store(target) as store:
        store.record(_wrong(), "anna")
        assert len(store.answers("anna")) == 1


@pytest.mark.postgres
def test_an_unreachable_server_is_one_line(tmp_path: Path) -> None:
    url = f"postgresql+psycopg://nobody@/none?host={tmp_path}&port=1"
    with pytest.raises(ProgressStoreError) as err:
        open_store(url)
    assert str(err.value).startswith("The progress database could not be opened: check that the PostgreSQL "
                                     "server is running") and "\n" not in str(err.value)


@pytest.mark.postgres
def test_the_same_schema_on_both_back_ends(tmp_path: Path, pg_server: PgServer) -> None:
    """SQLite reaches version 6 by the frozen steps, PostgreSQL by Alembic's first revision: the
    same tables with the same columns."""
    import sqlalchemy as sa

    def columns(url: str) -> dict[str, list[str]]:
        engine = sa.create_engine(url)
        inspector = sa.inspect(engine)
        found = {t: sorted(c["name"] for c in inspector.get_columns(t)) for t in inspector.get_table_names()}
        engine.dispose()
        return found

    lite = tmp_path / "p.sqlite3"
    open_store(lite).close()
    url = pg_server.database()
    open_store(url).close()
    assert columns(f"sqlite:///{lite}") == columns(url)


def test_the_alembic_head_is_the_one_the_store_expects() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from tutor.lessons.progress.opening import ALEMBIC_HEAD, MIGRATIONS_DIR

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    assert ScriptDirectory.from_config(config).get_current_head() == ALEMBIC_HEAD


def test_the_positions_a_learner_answered_are_read_by_item_and_number(target: str) -> None:
    """A drill page deals first the shipped positions a learner has not answered in any session: the
    store gives that learner's (item, position number) pairs of one kind, and no one else's."""
    def bid(rule: str, seed: int | None) -> Answer:
        return Answer("convention", rule, True, "1C", "1C", seed=seed, extra={"kind": "bid"})

    with open_store(target) as store:
        for answer, who in ((bid("r-1", 3), "anna"), (bid("r-1", 3), "anna"), (bid("r-2", 7), "anna"),
                            (bid("r-1", 4), "boris"), (bid("r-3", None), "anna"), (_wrong(seed=5), "anna")):
            store.record(answer, who)
        assert store.answered_positions("anna", "convention") == {("r-1", 3), ("r-2", 7)}
        assert store.answered_positions("boris", "convention") == {("r-1", 4)}
        assert store.answered_positions("anna", "law") == {("law-12", 5)}
        assert store.answered_positions("clara", "convention") == frozenset()
        # only the numbers below the bound (a page keeps the ones it deals first)
        assert store.answered_positions("anna", "convention", below=7) == {("r-1", 3)}
        assert store.answered_positions("anna", "convention", below=3) == frozenset()
        # a bound past the database's largest number bounds nothing (it raised OverflowError: stop 59's audit)
        assert store.answered_positions("anna", "convention", below=2**70) == {("r-1", 3), ("r-2", 7)}


def _a_history(store: ProgressStore, learner: str, now: datetime) -> None:
    """A seeded record of every kind of answer: right and wrong, retries, "Mark as learned" (marked, and
    the old way, by its text), answers with other marks, over the last fortnight and long before."""
    rng = random.Random(7)
    items = [("law", f"law-{i}") for i in range(6)] + [("quiz", f"q-{i}") for i in range(4)] + [
        ("convention", f"rule-{i}") for i in range(5)]
    for n in range(160):
        kind, item = rng.choice(items)
        days = rng.choice([0, 0, 1, 2, 3, 5, 9, 13, 40, 200])
        when = now - timedelta(days=days, minutes=rng.randrange(600))
        roll = rng.random()
        if kind == "law" and roll < 0.1:
            answer = marked_learned(item)
        elif kind == "law" and roll < 0.15:  # written before the marker existed
            answer = Answer("law", item, True, MARKED_LEARNED, MARKED_LEARNED, laws=(item,))
        else:
            answer = Answer(kind, item, rng.random() < 0.5, "x", "y", laws=(f"law-{n % 7}", item),
                            extra={"kind": "bid"} if roll > 0.8 else {}, retry=rng.random() < 0.2)
        store.record(answer, learner, now=when)
    # a mistake that stays: "Mark as learned" (both ways) and a right retry after it clear nothing
    store.record(_wrong("law-9"), learner, now=now - timedelta(days=2))
    store.record(marked_learned("law-9"), learner, now=now - timedelta(days=1))
    store.record(Answer("law", "law-9", True, MARKED_LEARNED, MARKED_LEARNED), learner, now=now - timedelta(hours=1))
    store.record(Answer("quiz", "q-9", False, "a", "b"), learner, now=now - timedelta(days=3))
    store.record(Answer("quiz", "q-9", True, "b", "b", retry=True), learner, now=now - timedelta(days=2))


def _counts(a: Answer) -> bool:
    """A first answer that shows what the learner knows: not a retry, not "Mark as learned" (the marker,
    or a law answered "learned" for "learned") — docs/progress.md."""
    marked = bool(a.extra.get("self_report")) or (a.item_kind == "law" and a.given == a.expected == MARKED_LEARNED)
    return not a.retry and not marked


def test_the_summary_mistakes_and_learned_laws_are_read_narrowly_and_say_the_same(target: str) -> None:
    """The home page's line, Review's queue and the laws page's marks are counted by the database (they
    read every answer whole: 0.4-0.6 s a run with 30,000). Each is checked against its definition, worked
    out here from every answer read whole."""
    now = datetime.now(UTC)
    with open_store(target) as store:
        _a_history(store, "anna", now)
        store.record(_wrong(), "boris", now=now)  # another learner's answers are not anna's
        every = store.answers("anna")
        counted = [s for s in every if _counts(s.answer)]
        summary = store.summary("anna", now)
        assert (summary.answers, summary.correct) == (len(counted), sum(s.answer.correct for s in counted))
        assert summary.retries == sum(s.answer.retry for s in every)
        assert summary.last_answer == max(s.answered_at for s in every)
        days = {s.answered_at.astimezone().date() for s in every}
        today, streak = now.astimezone().date(), 0
        day = today if today in days else today - timedelta(days=1)
        while day in days:
            streak, day = streak + 1, day - timedelta(days=1)
        assert summary.streak_days == streak
        last: dict[tuple[str, str], StoredAnswer] = {}
        for stored in counted:  # oldest first: each item's last counted answer
            last[(stored.answer.item_kind, stored.answer.item_id)] = stored
        wrong = sorted((s for s in last.values() if not s.answer.correct), key=lambda s: (s.answered_at, s.id))
        assert store.mistakes("anna") == wrong[::-1]
        assert {("law", "law-9"), ("quiz", "q-9")} <= {(s.answer.item_kind, s.answer.item_id) for s in wrong}
        assert store.right_items("anna", "law") == {s.answer.item_id for s in every
                                                    if s.answer.item_kind == "law" and s.answer.correct}
        assert store.laws_answered_right("anna", "quiz") == {law for s in every for law in s.answer.laws
                                                              if s.answer.item_kind == "quiz" and s.answer.correct}


#: Zones whose local midnight or change of clock falls inside an hour of UTC: Kathmandu (+5:45), Lord Howe
#: Island (+10:30, half an hour more in summer, from 2026-10-04 02:00), Tehran (+3:30, +4:30 in summer until
#: 2021-09-22 00:00), and Sao Paulo (a change of clock at midnight, until 2018-02-18).
ZONES = ("UTC", "Asia/Kathmandu", "Australia/Lord_Howe", "Asia/Tehran", "America/Sao_Paulo")
#: Days of UTC around those changes of clock, answered every eleven minutes from midnight to midnight.
CHANGE_DAYS = (datetime(2026, 10, 3, tzinfo=UTC), datetime(2021, 9, 21, tzinfo=UTC), datetime(2018, 2, 17, tzinfo=UTC))


@contextlib.contextmanager
def local_zone(name: str) -> Iterator[None]:
    """This process's local time zone is ``name`` (the ``TZ`` variable, read again by the C library)."""
    try:
        with mock.patch.dict(os.environ, {"TZ": name}):  # TZ put back as it was, set or not
            clock.tzset()
            yield
    finally:
        clock.tzset()  # the zone of before, read again once TZ is back


def test_the_progress_pages_counts_by_local_day_and_by_item_are_their_definitions(target: str) -> None:
    """The Progress page's chart and table are counted by the database (its figures came from every answer
    read one by one: 0.33 s a run with 30,000). Checked against their definitions worked out here from
    every answer read whole -- first answers only, each on its local day -- in zones where an hour of UTC
    holds a local midnight or a change of clock."""
    now = datetime.now(UTC)
    with open_store(target) as store:
        _a_history(store, "anna", now)
        for n, start in enumerate(CHANGE_DAYS):
            for minutes in range(0, 24 * 60, 11):
                store.record(Answer("convention", f"rule-{n}", minutes % 3 > 0, "x", "y"), "anna",
                             now=start + timedelta(minutes=minutes))
        store.record(_wrong(), "boris", now=now)  # another learner's answers are not anna's
        counted = [s for s in store.answers("anna") if _counts(s.answer)]
        for zone in ZONES:
            with local_zone(zone):
                counts = store.answer_counts("anna")
                by_day = Counter((s.answered_at.astimezone().date(), s.answer.item_kind) for s in counted)
                right = Counter((s.answered_at.astimezone().date(), s.answer.item_kind) for s in counted
                                if s.answer.correct)
                assert {k: (t.answers, t.right) for k, t in counts.by_day.items()} == {
                    k: (n, right[k]) for k, n in by_day.items()}, zone
                daily = learner_record(store, "anna", now).daily
                assert daily["answers"].sum() == len(counted) and sorted(set(daily["day"])) == sorted(
                    {d.isoformat() for d, _ in by_day}), zone
                # the streak reads hours too: answers five minutes after local midnight today and yesterday
                # (in Kathmandu, in an hour of UTC that began the day before) and at noon two days ago make
                # three days in a row; put on the day their hour began, they would make two
                today, learner = now.astimezone().date(), f"zone {ZONES.index(zone)}"
                for days, at in ((0, time(0, 5)), (1, time(0, 5)), (2, time(12))):
                    store.record(_wrong(), learner, now=datetime.combine(today - timedelta(days=days), at).astimezone())
                assert store.summary(learner, now).streak_days == 3, zone
        by_item = Counter((s.answer.item_kind, s.answer.item_id) for s in counted)
        right_items = Counter((s.answer.item_kind, s.answer.item_id) for s in counted if s.answer.correct)
        assert {k: (t.answers, t.right) for k, t in counts.by_item.items()} == {
            k: (n, right_items[k]) for k, n in by_item.items()}


def test_a_streak_longer_than_the_first_look_is_counted_whole(target: str) -> None:
    """The streak is read back only as far as it goes, from a window of days that doubles: a streak of
    150 days (past the first window and the second) is 150, one broken ten days ago is 10."""
    now = datetime.now(UTC)
    today = now.astimezone().date()

    def noon(days: int) -> datetime:  # local noon that many days ago: one answer a local day, whatever the zone
        return datetime.combine(today - timedelta(days=days), time(12)).astimezone()

    with open_store(target) as store:
        for days in range(150):
            store.record(_wrong(), "anna", now=noon(days))
        for days in [*range(10), *range(11, 100)]:
            store.record(_wrong(), "boris", now=noon(days))
        assert store.summary("anna", now).streak_days == 150
        assert store.summary("boris", now).streak_days == 10


def test_the_answers_since_a_moment_are_those_given_then_or_after(target: str) -> None:
    """A learner's page that shows assignments reads the answers since the oldest was set (a status reads
    no older one): the answers given at that moment or after, oldest first, and no other learner's."""
    now = datetime.now(UTC)
    with open_store(target) as store:
        for days, who in ((3, "anna"), (2, "anna"), (1, "anna"), (1, "boris"), (0, "anna")):
            store.record(Answer("law", f"law-{days}", True, "5", "5"), who, now=now - timedelta(days=days))
        since = [s.answer.item_id for s in store.answers("anna", since=now - timedelta(days=2))]
        assert since == ["law-2", "law-1", "law-0"]
        assert len(store.answers(since=now - timedelta(days=1))) == 3  # anna's two and boris's
