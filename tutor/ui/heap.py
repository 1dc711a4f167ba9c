"""The app server's heap: what a page loads for good, kept out of the garbage collector's walks.

A full collection walks every object alive. On a server that has shown a dozen pages that is
some 220,000 objects and 0.15 s of CPU (measured 2026-12-06), spent inside whichever learner's
click sets it off — in an analysis, between that learner and the first verdict (issue 28: one such
collection decided whether a call's pricing was 1.24× or 1.42× its floor). What a page loads the
first time it runs in the process (the modules, the content, the drill banks) lives as long as the
server, so after that first run it is frozen out of the walks (``gc.freeze``), as the tests do
after collection. Reference counting still frees every frozen object that is not in a cycle, and
the young cycles of the moment are collected first; what freezing can keep for good is what is alive
at that moment and later dies in a cycle (the state of the session running the page), once per page
(measured: a test process that ran every page, 259 MB at most against 256 MB without). Over the
browser tests the harness's server used 26.2 s of CPU before this and 6.8 s after (docs/quality.md).
"""

from __future__ import annotations

import gc
import threading

_settled: set[str] = set()
_lock = threading.Lock()


def settle_after_first_run(page: str) -> bool:
    """Freeze what is alive after ``page``'s first run in this process; ``False`` (and nothing done)
    after its later runs. Thread-safe: two sessions opening the page at once freeze once."""
    with _lock:
        if page in _settled:
            return False
        _settled.add(page)
    # the young generations only (a few thousand objects, milliseconds): a full collection here would
    # be the very pause this avoids, paid at every page's first visit
    gc.collect(1)
    gc.freeze()
    return True


def settled_pages() -> frozenset[str]:
    """The pages whose first run this process has frozen."""
    with _lock:
        return frozenset(_settled)
