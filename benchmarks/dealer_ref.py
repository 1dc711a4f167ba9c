"""The C program ``dealer`` (Debian package ``dealer``) as the reference for batch deal generation.

``dealer`` reads a script (``produce N``, ``condition …``, ``action …``); with
``action average`` it prints no deal, so its time is generation and condition only —
the strongest reference it offers. The time taken is the child's CPU time (user +
system): on a shared machine wall-clock times swing with the load, CPU times do not.
Install it with ``apt-get install dealer``.
"""

from __future__ import annotations

import re
import resource
import shutil
import subprocess
import tempfile
from pathlib import Path

CANDIDATES = (Path("/usr/games/dealer"), Path("/usr/bin/dealer"))


def dealer_path() -> Path | None:
    found = shutil.which("dealer")
    for path in (*CANDIDATES, *([Path(found)] if found else [])):
        if path.exists():
            return path
    return None


def missing_reason() -> str:
    """Why the reference cannot run here, or "" when it can."""
    return "" if dealer_path() else "dealer not installed (apt-get install dealer)"


def dealer_seconds(condition: str, produce: int, seed: int = 1) -> float:
    """dealer's CPU seconds to produce ``produce`` deals meeting ``condition`` (a dealer expression)."""
    path = dealer_path()
    if path is None:
        raise FileNotFoundError(missing_reason())
    script = f"produce {produce}\ncondition {condition}\naction average hcp(north)\n"
    with tempfile.NamedTemporaryFile("w", suffix=".dlr", delete=False) as handle:
        handle.write(script)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run([str(path), "-s", str(seed), handle.name], capture_output=True, text=True,
                             timeout=600, check=True).stdout
    finally:
        Path(handle.name).unlink()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    produced = re.search(r"Produced\s+(\d+)", out)
    if not produced or int(produced.group(1)) != produce:
        raise RuntimeError(f"unexpected dealer output: {out[-200:]!r}")
    return max(cpu, 1e-3)
