"""Problems found in content files, reported as ``file:line: id: message``.

Validation never stops at the first problem: every check returns a list of
:class:`Problem` records, and ``tutor check`` prints them all.

>>> str(Problem("content/rules.yaml", 12, "law-3", "unknown field 'titel'"))
"content/rules.yaml:12: law-3: unknown field 'titel'"
>>> len(Problem("f.yaml", 1, "-", "duplicate key " + "k" * 10**6).message) < 500
True
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.errors import shorten

#: The item id shown when a problem belongs to no item (a whole file, bad YAML).
NO_ID = "-"


@dataclass(frozen=True, order=True)
class Problem:
    """One problem: the file (as shown to the author), its line, the item id, and what is wrong."""

    file: str
    line: int
    item: str
    message: str

    def __post_init__(self) -> None:
        # a message quoting a huge value (a 1 MB key or scalar) keeps its head and tail only
        object.__setattr__(self, "message", shorten(self.message))

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.item}: {self.message}"
