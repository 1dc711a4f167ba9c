"""Class load: simulated learners answering over one PostgreSQL store while others ask for analyses on a
Dask cluster (issue 30).

What it runs (all started here, on this machine): a PostgreSQL server (tests/pg_server.py, Debian's
package, as the unprivileged ``postgres`` user), a Dask scheduler with two one-thread workers, and two
"app processes" — two Python processes, each with its own store connection, as two Streamlit servers
over one database would have. Each app process runs half of ``--learners`` threads; each learner
records a drill answer (a convention rule, FSRS schedule advanced, committed before returning) and
reads its summary, in a loop; ``--analysts`` threads ask the cluster for double-dummy tables of
seeded deals. After ``--seconds`` it prints p95 latency per action, the errors (must be 0), and
whether the answers counted in the database equal the answers acknowledged.

It drives the store and the solver, not the pages over HTTP: the Streamlit front end is measured by
benchmarks/page_bench.py. Run:

    python benchmarks/class_load.py [--seconds 60] [--learners 20] [--analysts 4]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 20 else max(values, default=0.0)  # noqa: PLR2004


def app_process(url: str, learners: list[str], seconds: float, out: Any) -> None:
    """One app process: ``learners`` threads answering and reading, over one store connection."""
    from tutor.lessons.answers import Answer
    from tutor.lessons.progress import open_store

    store = open_store(url)
    times: dict[str, list[float]] = {"answer": [], "summary": []}
    acknowledged, errors = [0], [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def learner(name: str) -> None:
        rng = random.Random(name)
        while time.monotonic() < stop:
            rule = f"rule-{rng.randrange(12)}"
            try:
                start = time.perf_counter()
                store.record(Answer("convention", rule, rng.random() < 0.7, "1C", "1C", laws=("law-28",),  # noqa: PLR2004
                                    seconds=rng.uniform(2, 20)), name)
                answered = time.perf_counter()
                store.summary(name)
                done = time.perf_counter()
                with lock:
                    acknowledged[0] += 1
                    times["answer"].append(answered - start)
                    times["summary"].append(done - answered)
            except Exception:  # noqa: BLE001 - counted: the benchmark's verdict
                with lock:
                    errors[0] += 1

    threads = [threading.Thread(target=learner, args=(n,)) for n in learners]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store.close()
    out.put({"times": times, "acknowledged": acknowledged[0], "errors": errors[0]})


def analysts(address: str, count: int, seconds: float) -> dict[str, Any]:
    from tutor.engine.deals.generate import random_deal
    from tutor.engine.solver import analysis
    from tutor.engine.solver.cluster import DaskOwner

    owner = DaskOwner(address, analysis.solve_request)
    times: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def ask(n: int) -> None:
        rng = random.Random(n)
        while time.monotonic() < stop:
            request = {"op": "tables", "strains": ["S", "C", "D", "H", "NT"], "deals": [random_deal(rng).to_pbn()]}
            try:
                start = time.perf_counter()
                owner.ask(request)
                with lock:
                    times.append(time.perf_counter() - start)
            except Exception:  # noqa: BLE001
                with lock:
                    errors[0] += 1

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    owner.close()
    return {"times": times, "errors": errors[0]}


def start_cluster(folder: Path) -> tuple[str, list[subprocess.Popen[bytes]]]:
    dask = str(Path(sys.executable).with_name("dask"))
    spec = folder / "scheduler.json"
    processes = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                   "--scheduler-file", str(spec)], cwd=folder, stderr=subprocess.DEVNULL)]
    while not (spec.exists() and spec.stat().st_size):
        time.sleep(0.1)
    processes += [subprocess.Popen([dask, "worker", "--scheduler-file", str(spec), "--nthreads", "1",
                                    "--no-dashboard", "--local-directory", str(folder)], cwd=folder,
                                   stderr=subprocess.DEVNULL) for _ in range(2)]
    return json.loads(spec.read_text())["address"], processes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument("--analysts", type=int, default=4)
    args = parser.parse_args()
    import tempfile

    from pg_server import PgServer

    from tutor.lessons.progress import open_store

    server = PgServer().start()
    folder = Path(tempfile.mkdtemp(prefix="class-load-"))
    address, cluster = start_cluster(folder)
    try:
        url = server.database()
        open_store(url).close()  # the schema, once
        names = [f"learner-{n:02d}" for n in range(args.learners)]
        queue: Any = multiprocessing.get_context("spawn").Queue()
        apps = [multiprocessing.get_context("spawn").Process(target=app_process,
                                                             args=(url, names[i::2], args.seconds, queue))
                for i in range(2)]
        for p in apps:
            p.start()
        solved = analysts(address, args.analysts, args.seconds)
        results = [queue.get(timeout=args.seconds + 120) for _ in apps]
        for p in apps:
            p.join()
        with open_store(url) as store:
            counted = len(store.answers())
        answer_times = [t for r in results for t in r["times"]["answer"]]
        summary_times = [t for r in results for t in r["times"]["summary"]]
        acknowledged = sum(r["acknowledged"] for r in results)
        errors = sum(r["errors"] for r in results) + solved["errors"]
        print(f"| action | count | p95 (ms) |\n|---|---|---|\n"
              f"| record a drill answer | {len(answer_times)} | {_p95(answer_times) * 1000:.0f} |\n"
              f"| read the learner's summary | {len(summary_times)} | {_p95(summary_times) * 1000:.0f} |\n"
              f"| double-dummy table, 5 strains (Dask) | {len(solved['times'])} | {_p95(solved['times']) * 1000:.0f} |")
        print(f"errors: {errors}; answers acknowledged {acknowledged}, counted in the database {counted}"
              f" ({'equal' if acknowledged == counted else 'NOT EQUAL'}); {args.learners} learners over two"
              f" processes, {args.analysts} analysts, {args.seconds:g} s")
    finally:
        for p in cluster:
            p.terminate()
        server.stop()


if __name__ == "__main__":
    main()
