"""The laws of ``<content>/rules.yaml`` as plain entries, read once through the safe reader.

Several parts of the tutor quote a law by its id (the bidding feedback, the review's
law questions, the progress report's sections). They all read the laws here, from the
content root of :func:`tutor.lessons.content.content_dir` (so ``$TUTOR_CONTENT_DIR``
is honoured everywhere), through :func:`~tutor.lessons.content.yamlread.load_yaml_file`.
A file that is unreadable, too large, not UTF-8, not YAML or wrongly shaped is a
:class:`~tutor.engine.errors.ContentError` naming ``file:line``; the cache follows
the files' times and sizes, so an edited file is read again.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from tutor.engine.errors import ContentError
from tutor.lessons.content.yamlread import expect_mapping, load_yaml_file

RULES_FILE = "rules.yaml"
PARTS_GLOB = "_parts/rules-part*.yaml"


def rules_files(root: Path) -> list[Path]:
    """``rules.yaml``, or the writers' parts when it has not been merged yet."""
    merged = root / RULES_FILE
    return [merged] if merged.is_file() else sorted(root.glob(PARTS_GLOB))


def entries_in(data: object, display: str) -> list[Mapping[str, object]]:
    """The ``entries`` of a parsed rules file; a file of another shape is a ContentError."""
    mapping = expect_mapping(data, display, "a mapping with 'entries'")
    entries = mapping.get("entries", [])
    if not isinstance(entries, list):
        raise ContentError(f"{display}:1: 'entries' must be a list of laws, not a {type(entries).__name__}")
    return [e for e in entries if isinstance(e, Mapping) and isinstance(e.get("id"), str)]


def law_entries(root: Path | None = None) -> dict[str, Mapping[str, object]]:
    """Every law by id (empty when the content has no rules file)."""
    from tutor.lessons.content import content_dir

    folder = Path(root) if root is not None else content_dir()
    files = rules_files(folder)
    signature = tuple((str(p), *file_stamp(p)) for p in files)
    return dict(_read_entries(signature))


def file_stamp(path: Path) -> tuple[int, int]:
    """A file's modification time and size, part of a cache's key: an edited file is read again
    (``(0, -1)`` for a file that is not there)."""
    try:
        info = path.stat()
    except OSError:
        return (0, -1)
    return (info.st_mtime_ns, info.st_size)


@functools.lru_cache(maxsize=4)
def _read_entries(signature: tuple[tuple[str, int, int], ...]) -> dict[str, Mapping[str, object]]:
    out: dict[str, Mapping[str, object]] = {}
    for name, _, _ in signature:
        path = Path(name)
        for entry in entries_in(load_yaml_file(path, _display(path)), _display(path)):
            entry_id = entry["id"]
            if isinstance(entry_id, str):  # always: entries_in keeps only the entries with a str id
                out[entry_id] = entry
    return out


def _display(path: Path) -> str:
    """``content/rules.yaml`` style: the folder's name and the file."""
    return f"{path.parent.name}/{path.name}" if path.parent.name != "_parts" else \
        f"{path.parent.parent.name}/_parts/{path.name}"
