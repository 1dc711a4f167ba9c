"""A solver request that waits for the test's word before it is solved: what the Dask tests hand the
cluster's workers instead of the solver itself (``DaskOwner(address, gated)``), so that "this request is
still running" is a fact the test controls, not a guess about how long a solve takes.

``{"gate": PATH, "then": REQUEST}`` writes the worker's process id to ``PATH.started``, waits until
``PATH`` exists, then solves ``REQUEST``; any other request is solved at once. Workers import this
module by name (the tests put ``tests/`` on their ``PYTHONPATH``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from work_bounds import HANG_GUARD

from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject, JsonValue
from tutor.engine.solver.analysis import solve_request

#: seconds between two looks at the gate
POLL = 0.02


def gated(request: JsonObject) -> JsonValue:
    gate = request.get("gate")
    if gate is None:
        return solve_request(request)
    path = Path(str(gate))
    started = path.with_name(path.name + ".started")
    started.write_text(str(os.getpid()))
    for _ in range(int(HANG_GUARD / POLL)):  # a guard against a hang, not a speed claim
        if path.exists():
            break
        time.sleep(POLL)
    else:
        raise TutorError(f"the test never opened {path}")
    then = request["then"]
    assert isinstance(then, dict)
    return solve_request(then)


def started(gate: Path) -> int | None:
    """The process id of the worker running the request behind ``gate``, once it has begun."""
    marker = gate.with_name(gate.name + ".started")
    try:
        return int(marker.read_text())
    except (OSError, ValueError):  # not begun yet, or being written
        return None
