"""All of ``content/``, validated once per process and kept until a content file changes.

Validating the content (every YAML file read, every model built, every law reference
checked) takes a noticeable part of a second; a page that asks for it on every rerun
pays that on every click. :func:`content_report` keys one validated report per
content folder by the folder's signature (names, modification times and sizes of its
files, :func:`~tutor.lessons.content.content_signature`), so an edited file is read
again and an unchanged folder costs only the ``stat`` calls.

The report is shared, not copied (a copy, as ``st.cache_data`` makes one on every
call, costs as much as unpickling every model): callers must treat it as read-only.
``tutor check`` keeps calling :func:`~tutor.lessons.content.check_content` directly.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from tutor.lessons.content import ContentReport, content_dir, content_signature
from tutor.lessons.content.catalogue import check_content

Signature = tuple[tuple[str, float, int], ...]

#: Seconds during which a kept report is served without looking at the files again: the
#: ``stat`` of every content file is itself a cost when a page reruns on every click.
RECHECK_SECONDS = 2.0

_REPORTS: dict[str, tuple[Signature, ContentReport, float]] = {}
_LOCK = threading.Lock()  # Streamlit runs each session's script in a thread of its own


def content_report(root: Path | None = None) -> ContentReport:
    """The validated content of ``root`` (the content folder the app reads by default)."""
    folder = Path(root if root is not None else content_dir()).resolve()
    with _LOCK:
        kept = _REPORTS.get(str(folder))
        now = time.monotonic()
        if kept is not None and now - kept[2] < RECHECK_SECONDS:
            return kept[1]
        signature = content_signature(folder)
        if kept is not None and kept[0] == signature:
            _REPORTS[str(folder)] = (signature, kept[1], now)
            return kept[1]
        report = check_content(folder)
        _REPORTS[str(folder)] = (signature, report, time.monotonic())
        return report


def forget() -> None:
    """Drop every kept report (tests that rewrite content in place within one second)."""
    with _LOCK:
        _REPORTS.clear()
