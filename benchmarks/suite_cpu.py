"""Where a command's CPU goes, process by process: the test suite's own accounting (issue 31).

`/usr/bin/time` counts only the processes its child waits for, so it misses most of Chromium
(its renderers are reaped by Chromium's own zygote) and any server started as a daemon: on
2026-12-05 it reported 288 s for a suite run in which the machine was busy 388 s. This tool runs
the command, reads every process's CPU from ``/proc`` every 0.2 s — the command's descendants,
kept even after a daemon is handed to init — and prints the CPU per kind of process, the wall
time, and the whole machine's busy time from ``/proc/stat`` (which includes anything else running:
say the load average with the figures).

    python benchmarks/suite_cpu.py                      # the README's test command, every test
    python benchmarks/suite_cpu.py -- CMD [ARG ...]     # any command, e.g. one test file with -n0

A process that starts and is reaped by its own parent between two readings is missed; the run's
total is therefore a lower bound (orphans and daemons are not missed: see :func:`run`). Linux only.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = [str(ROOT / ".venv" / "bin" / "python"), "-m", "pytest", "-p", "no:cacheprovider"]
TICK = os.sysconf("SC_CLK_TCK")
PR_SET_CHILD_SUBREAPER = 36  # <linux/prctl.h>


def _module(argv: Sequence[str]) -> str:
    """The module a Python command line runs with ``-m`` (``""`` if none)."""
    return next((argv[i + 1] for i, word in enumerate(argv[:-1]) if word == "-m"), "")


#: A process's kind: the first whose test its command line (or, for PostgreSQL's children, which rename
#: themselves, its name) passes; else "other:" and its name.
KINDS: tuple[tuple[str, Callable[[Sequence[str], str], bool]], ...] = (
    ("Chromium", lambda argv, name: "chromium" in argv[0]),
    ("Playwright's driver", lambda argv, name: "playwright" in argv[0]),
    ("PostgreSQL", lambda argv, name: name.startswith(("postgres", "pg_ctl")) or "/postgresql/" in argv[0]),
    ("app servers (streamlit run)", lambda argv, name: _module(argv) == "streamlit"),
    ("double-dummy workers", lambda argv, name: _module(argv) == "tutor.engine.solver.worker"),
    ("Dask", lambda argv, name: len(argv) > 1 and argv[1].endswith("/dask")),
    ("pytest's xdist workers", lambda argv, name: argv[1:3] == ["-u", "-c"]),
    ("pytest", lambda argv, name: _module(argv) == "pytest"),
    ("tutor commands", lambda argv, name: _module(argv).startswith("tutor")),
    ("benchmark scripts", lambda argv, name: len(argv) > 1 and argv[1].startswith("benchmarks/")),
)


@dataclass
class Seen:
    kind: str
    ticks: int = 0


def kind_of(argv: Sequence[str], name: str) -> str:
    """What a process is, from its command line and name (:data:`KINDS`)."""
    argv = list(argv) or [name]
    return next((kind for kind, test in KINDS if test(argv, name)), f"other: {name}")


def _stat(pid: int) -> tuple[int, str, str, int] | None:
    """(parent, name, start time, CPU ticks) of a process, or None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    close = text.rfind(")")
    fields = text[close + 2:].split()
    return int(fields[1]), text[text.find("(") + 1:close], fields[19], int(fields[11]) + int(fields[12])


def _argv(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")[:-1]
    except OSError:
        return []


class Sampler:
    """The CPU of one process tree, read again and again until the tree's root ends."""

    def __init__(self, root: int) -> None:
        self.ours = {root}
        self.seen: dict[tuple[int, str], Seen] = {}

    def read(self) -> None:
        stats = {pid: s for pid in map(int, filter(str.isdigit, os.listdir("/proc"))) if (s := _stat(pid))}
        for pid in stats:
            chain, parent = [], pid
            while parent not in self.ours and parent in stats and parent > 1:
                chain.append(parent)
                parent = stats[parent][0]
            if parent in self.ours:  # a descendant: kept once seen, even if later handed to init
                self.ours.update(chain)
        for pid in self.ours & stats.keys():
            _, name, start, ticks = stats[pid]
            # the kind read again each time (the first reading can fall between a fork and its exec),
            # but not from a zombie, whose command line is gone
            argv, known = _argv(pid), self.seen.get((pid, start))
            kind = known.kind if known and not argv else kind_of(argv, name)
            self.seen[(pid, start)] = Seen(kind, ticks)

    def by_kind(self) -> dict[str, float]:
        totals: dict[str, float] = collections.defaultdict(float)
        for seen in self.seen.values():
            totals[seen.kind] += seen.ticks / TICK
        return dict(sorted(totals.items(), key=lambda kind: -kind[1]))


def machine_busy() -> float:
    """Seconds of CPU the whole machine has spent on anything but idling and waiting for disks."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / TICK


def run(command: Sequence[str], every: float = 0.2) -> tuple[int, float, float, dict[str, float]]:
    """(exit code, wall seconds, machine-busy seconds, CPU seconds by kind) of ``command``.

    This process becomes the *subreaper* of the tree: a daemon or an orphan is handed to it, not to
    init, and stays a zombie — its final CPU still readable — until the last reading; the command
    itself is read once more after it ends and before it is reaped, so its own CPU is exact."""
    _become_subreaper()
    busy, start = machine_busy(), time.monotonic()
    child = subprocess.Popen(list(command), cwd=ROOT)
    sampler = Sampler(child.pid)
    while not _ended(child.pid):
        sampler.read()
        time.sleep(every)
    sampler.read()
    code = child.wait()
    _reap_orphans()
    return code, time.monotonic() - start, machine_busy() - busy, sampler.by_kind()


def _become_subreaper() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER) failed")


def _ended(pid: int) -> bool:
    """Whether ``pid`` has ended, without reaping it (its /proc entry stays for the last reading)."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


def _reap_orphans() -> None:
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


def main() -> int:
    args = sys.argv[1:]
    command = args[args.index("--") + 1:] if "--" in args else DEFAULT
    code, wall, busy, kinds = run(command)
    print(f"\nwall {wall:.1f} s; CPU of the command's processes {sum(kinds.values()):.1f} s; "
          f"the machine busy {busy:.1f} s (load average at the end {os.getloadavg()[0]:.1f})\n")
    print("| processes | CPU (s) |\n|---|---|")
    for kind, seconds in kinds.items():
        print(f"| {kind} | {seconds:.1f} |")
    return code


if __name__ == "__main__":
    sys.exit(main())
