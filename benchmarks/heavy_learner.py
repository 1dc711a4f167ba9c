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

A Streamlit page run in AppTest also pays AppTest's own set-up; both columns pay it alike. Before
stop 58 these pages read every answer whole at every run: this benchmark on that tree gave Home 568 ms,
Review 371 ms and the laws page 381 ms a run with 30,000 answers, against 10-30 ms empty (README).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

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
                answer = Answer(kind, item, rng.random() < 0.6, "given", "expected", laws=(f"law-{n % 160}",),
                                seed=rng.randrange(10**6) if kind in ("convention", "play") else None,
                                retry=rng.random() < 0.1)
            store.record(answer, learner, now=start + timedelta(minutes=10 * n))


def page_runs(database: Path, pages: tuple[str, ...], rounds: int) -> dict[str, list[float]]:
    """Seconds of each page's run (after app.py's first run, as a learner opens it), ``rounds`` times."""
    import app_pages

    before = os.environ.get("TUTOR_DB")
    os.environ["TUTOR_DB"] = str(database)
    out: dict[str, list[float]] = {page: [] for page in pages}
    try:
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
    finally:
        if before is None:
            os.environ.pop("TUTOR_DB", None)
        else:
            os.environ["TUTOR_DB"] = before
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=30_000, help="answers in the learner's record")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each page")
    args = parser.parse_args()
    tiny = os.environ.get("TUTOR_BENCH_TINY", "") not in ("", "0")
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
