"""Benchmark: the pages that read a learner's record, for a learner with a long one (stop 58).

A serious learner answers thousands of drills: fifty a day for a year and a half is 30,000 answers. The
pages that read the record (Home's line and mistakes count, Review's queue, the laws page's marks,
Progress) must not slow down with it. Each page is run server-side, as Streamlit runs it (AppTest:
``app.py``, then the page), in a store holding ``--answers`` answers of one learner (recorded by the
store itself, the schedules with them) and in an empty store, the same run; the row gives the median
of ``--rounds`` runs of each and the ratio. The record is a seeded mix of kinds, right and wrong,
retries and "Mark as learned", spread over the days before today.

    python benchmarks/heavy_learner.py                 # 30,000 answers, 5 rounds (about a minute to record)
    python benchmarks/heavy_learner.py --answers 5000 --rounds 3
    python benchmarks/heavy_learner.py --class 20 --answers 2000   # the teacher's view of a class (below)

``--class N``: the teacher's view instead, of a class of N learners who each hold that record (one history
recorded, then imported under each name), against the same class with no answers: the page run after the
teacher has signed in (stop 60: the class's answers are counted by the database; read whole before, 0.45 s
a run for 20 learners with 2,000 answers each).

A Streamlit page run in AppTest also pays AppTest's own set-up; both columns pay it alike. Before
stop 58 these pages read every answer whole at every run: this benchmark on that tree gave Home 568 ms,
Review 371 ms and the laws page 381 ms a run with 30,000 answers, against 10-30 ms empty (README).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

PAGES = ("home", "review", "laws", "progress", "law_quiz")
TINY_PAGES = ("home", "review")


def record_history(path: Path, answers: int, learner: str = "default") -> None:
    """``answers`` seeded answers of ``learner`` in a new store at ``path``, one every ten minutes back from now."""
    from tutor.lessons.answers import Answer, marked_learned
    from tutor.lessons.progress import open_store

    rng = random.Random(1)
    kinds = {"convention": 70, "play": 40, "law": 160, "quiz": 120}
    start = datetime.now(UTC) - timedelta(minutes=10 * answers)
    with open_store(path) as store:
        for n in range(answers):
            kind = rng.choice(list(kinds))
            item = f"{kind}-{rng.randrange(kinds[kind])}"
            if kind == "law" and rng.random() < 0.05:
                answer = marked_learned(item)
            else:
                drill = kind in ("convention", "play")  # a drill's answer names its kind, as the pages record it
                answer = Answer(kind, item, rng.random() < 0.6, "given", "expected", laws=(f"law-{n % 160}",),
                                seed=rng.randrange(10**6) if drill else None, retry=rng.random() < 0.1,
                                extra={"kind": "lead" if kind == "play" else "bidding"} if drill else {})
            store.record(answer, learner, now=start + timedelta(minutes=10 * n))


def _database(path: Path) -> contextlib.AbstractContextManager[object]:
    """``TUTOR_DB`` pointed at ``path`` while the pages run, as it was afterwards."""
    return mock.patch.dict(os.environ, {"TUTOR_DB": str(path)})


def page_runs(database: Path, pages: tuple[str, ...], rounds: int) -> dict[str, list[float]]:
    """Seconds of each page's run (after app.py's first run, as a learner opens it), ``rounds`` times."""
    import app_pages

    out: dict[str, list[float]] = {page: [] for page in pages}
    with _database(database):
        for _ in range(rounds):
            for page in pages:
                at = app_pages.app_test()
                at.run()
                at.switch_page(f"tutor/ui/pages/{page}.py")
                start = time.perf_counter()
                at.run()
                out[page].append(time.perf_counter() - start)
                if at.exception:
                    raise SystemExit(f"{page}: {at.exception[0].value}")
    return out


def class_store(path: Path, history: Path | None, learners: int) -> str:
    """A class-mode store at ``path``: a teacher ("Teacher") and a class of ``learners`` members, each holding
    the record at ``history`` (``None``: no answers). Returns the teacher's quick-login code."""
    import json

    from tutor.lessons.classroom import accounts, classes
    from tutor.lessons.progress import open_store
    from tutor.lessons.progress.progress_io import export_json, import_bytes

    record = None
    if history is not None:
        with open_store(history) as store:
            export_json(store, path.with_suffix(".json"), "default")
        record = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    with open_store(path) as store:
        code = accounts.create_account(store, "Teacher", "teacher")
        teacher = accounts.account(store, "Teacher")
        assert teacher is not None
        made = classes.create_class(store, teacher, "Class")
        for n in range(learners):
            name = f"learner-{n:02d}"
            accounts.create_account(store, name, "learner", by=teacher)
            if record is not None:  # the same history under each name, each answer with an id of its own
                copy = json.loads(json.dumps(record).replace('"default"', json.dumps(name)))
                for answer in copy["answers"]:
                    answer["uid"] = f"{answer['uid'][:-2]}{n:02d}"
                import_bytes(store, json.dumps(copy).encode(), "benchmark")
            learner = accounts.account(store, name)
            assert learner is not None
            classes.join(store, learner, made.join_code, consent=True)
    return code


def teacher_runs(database: Path, code: str, rounds: int) -> list[float]:
    """Seconds of the teacher's view's run (signed in as the teacher, the class picked), ``rounds`` times."""
    import app_pages
    from class_app import sign_in

    out = []
    with _database(database):
        for _ in range(rounds):
            at = app_pages.app_test()
            at.run()
            sign_in(at, "Teacher", code)
            at.switch_page("tutor/ui/pages/teacher.py")
            start = time.perf_counter()
            at.run()
            out.append(time.perf_counter() - start)
            if at.exception or not any("answers" in d.value.columns for d in at.dataframe):
                raise SystemExit(f"teacher: {at.exception[0].value if at.exception else 'no learners table'}")
    return out


def class_main(learners: int, answers: int, rounds: int) -> int:
    folder = Path(tempfile.mkdtemp(prefix="heavy-class-"))
    started = time.perf_counter()
    record_history(folder / "history.sqlite3", answers)
    heavy = teacher_runs(folder / "class.sqlite3", class_store(folder / "class.sqlite3", folder / "history.sqlite3",
                                                                learners), rounds)
    empty = teacher_runs(folder / "empty.sqlite3", class_store(folder / "empty.sqlite3", None, learners), rounds)
    with_record, without = statistics.median(heavy), statistics.median(empty)
    print(f"a class of {learners} learners with {answers:,} answers each (built in {time.perf_counter() - started:.0f}"
          f" s); median of {rounds} runs of the teacher's view, load average {os.getloadavg()[0]:.1f}\n")
    print("| page | with the records | the class without answers | ratio |")
    print("|---|---|---|---|")
    print(f"| teacher | {with_record * 1000:.0f} ms | {without * 1000:.0f} ms | {with_record / without:.1f}× |")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=30_000, help="answers in the learner's record")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each page")
    parser.add_argument("--class", type=int, default=0, dest="learners",
                        help="the teacher's view of a class of this many learners, each holding the record")
    args = parser.parse_args()
    tiny = os.environ.get("TUTOR_BENCH_TINY", "") not in ("", "0")
    if args.learners:
        return class_main(*((2, 50, 1) if tiny else (args.learners, args.answers, args.rounds)))
    answers, rounds, pages = (200, 1, TINY_PAGES) if tiny else (args.answers, args.rounds, PAGES)
    folder = Path(tempfile.mkdtemp(prefix="heavy-learner-"))
    started = time.perf_counter()
    record_history(folder / "heavy.sqlite3", answers)
    recorded = time.perf_counter() - started
    empty = page_runs(folder / "empty.sqlite3", pages, rounds)
    heavy = page_runs(folder / "heavy.sqlite3", pages, rounds)
    print(f"{answers:,} answers of one learner (recorded in {recorded:.0f} s); median of {rounds} runs a page, "
          f"load average {os.getloadavg()[0]:.1f}\n")
    print("| page | with the record | empty store | ratio |")
    print("|---|---|---|---|")
    for page in pages:
        with_record, without = statistics.median(heavy[page]), statistics.median(empty[page])
        print(f"| {page} | {with_record * 1000:.0f} ms | {without * 1000:.0f} ms | {with_record / without:.1f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
