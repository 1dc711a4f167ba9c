"""A double-dummy worker process: ``python -m tutor.engine.solver.worker`` (started by :mod:`tutor.engine.solver.owner`).

It reads one JSON request per line on stdin and writes one JSON reply per line,
solving with DDS from its only thread, until stdin closes. It imports the engine
and endplay, nothing else (no Streamlit). DDS may print diagnostics on the C
stdout; the replies therefore go to a private copy of file descriptor 1, and
descriptor 1 itself is pointed at stderr, so nothing else can slip into a reply.
"""

from __future__ import annotations

import os
import sys

from tutor.engine.solver import dds
from tutor.engine.solver.owner import serve


def main() -> None:
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    dds.use_one_solver_thread()
    serve(dds.solve_request, sys.stdin.buffer, replies)


if __name__ == "__main__":
    main()
