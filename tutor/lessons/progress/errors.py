"""The store's vocabulary that needs no database: its errors and the messages that say what to do,
the default path, profile names, and the summary of a record."""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs

from tutor.engine.errors import TutorError

ENV_VAR = "TUTOR_DB"
APP_NAME = "vint-tutor"
_LEARNER_NAME = re.compile(r"^[\w][\w .'-]{0,39}$")


class ProgressStoreError(TutorError):
    """The progress database cannot be used; the message says why and what to do."""

    def __init__(self, message: str, *, path: Path | str) -> None:
        super().__init__(message)
        self.path = path


class DamagedTableStoreError(ProgressStoreError):
    """A table kept in the store (the practice table's, a way's) that cannot be read back: the command that
    would replace it says so (``--new``) instead of passing the store's error on."""


def default_path() -> Path:
    """``$TUTOR_DB`` if set, else ``progress.sqlite3`` in the user's data directory."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "progress.sqlite3"


def check_learner_name(name: str) -> str:
    """A profile name: 1-40 letters, digits, spaces, dots, apostrophes or dashes."""
    name = name.strip()
    if not _LEARNER_NAME.match(name):
        raise TutorError(
            f"The name {name!r} is not allowed: use 1-40 letters, digits, spaces, '.', \"'\" or '-'."
        )
    return name


@dataclass(frozen=True)
class Summary:
    """A learner's record in a few numbers (the home page's summary)."""

    answers: int
    correct: int
    units: int
    due: int
    mastered: int
    streak_days: int
    last_answer: datetime | None
    #: second answers after the feedback, kept but not counted in ``answers``
    retries: int = 0

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.answers if self.answers else None



@contextlib.contextmanager
def sqlite_errors(path: Path | str, timeout: float, doing: str) -> Iterator[None]:
    """Turn SQLite, PostgreSQL and OS errors into a ProgressStoreError that says what to do."""
    try:
        yield
    except ProgressStoreError:
        raise
    except sqlite3.OperationalError as err:
        text = str(err).lower()
        if "locked" in text or "busy" in text:
            raise ProgressStoreError(
                f"The progress database {path} is locked by another program (another tutor "
                f"session, a backup or sync tool) and stayed locked for {timeout:g} s, so it "
                f"could not be {doing}. Nothing was lost; close the other program and try again.",
                path=path,
            ) from err
        if "malformed" in text or "not a database" in text or "corrupt" in text:
            raise ProgressStoreError(_damaged_message(path, err), path=path) from err
        raise ProgressStoreError(
            f"The progress database {path} could not be {doing}: {err}. Check that the "
            f"folder exists and is writable, or point {ENV_VAR} or --db at another file.",
            path=path,
        ) from err
    except sqlite3.DatabaseError as err:
        raise ProgressStoreError(_damaged_message(path, err), path=path) from err
    except OSError as err:
        raise ProgressStoreError(
            f"The progress database {path} could not be {doing}: {err.strerror or err}. "
            f"Point {ENV_VAR} or --db at a writable file.",
            path=path,
        ) from err
    except TutorError:
        raise
    except Exception as err:
        if not type(err).__module__.startswith("psycopg"):
            raise
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise ProgressStoreError(
            f"The progress database could not be {doing}: check that the PostgreSQL server is running "
            "and that TUTOR_DATABASE_URL names it (user, host, database); nothing was changed. "
            f"The server said: {first[:120]} ({path})", path=path) from err


def _damaged_message(path: Path | str, err: Exception) -> str:
    name = path.name if isinstance(path, Path) else "the database"
    return (
        f"The progress database {path} is damaged or is not an SQLite file ({err}). The tutor has "
        "not changed it. To recover: close the tutor; copy the file somewhere safe; try "
        f"`sqlite3 {path} .recover > recovered.sql`; then move the damaged file aside (for example "
        f"rename it to {name}.damaged) and either load recovered.sql into a new file or restore "
        "a JSON export with `tutor progress --import FILE`. To go on meanwhile, point "
        f"{ENV_VAR} or --db at another file."
    )
