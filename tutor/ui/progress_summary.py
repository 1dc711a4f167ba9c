"""The home page's streak and one-line summary (never fails the home page)."""

from __future__ import annotations

from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.ui.common import text_md
from tutor.ui.state import current_learner, db_path, store


def home_summary() -> str | None:
    """A line like "anna: 5-day streak · 42 answers, 81% right · 3 items due", or None.

    None when nothing is recorded yet (the database is not even created) or when the
    database cannot be read (the Progress page says why).
    """
    try:
        if not db_path().exists():
            return None
        learner = current_learner()
        s = store().summary(learner)
    except TutorError:
        return None
    if not s.answers:
        return None
    accuracy = f", {s.accuracy:.0%} right" if s.accuracy is not None else ""
    streak = f"{s.streak_days}-day streak · " if s.streak_days else ""
    due = f"{count_of(s.due, 'item')} due for review" if s.due else "nothing due"
    return f"**{text_md(learner)}**: {streak}{count_of(s.answers, 'answer')}{accuracy} · {s.mastered} mastered · {due}"


def mistakes_waiting() -> int:
    """How many mistakes wait in Review's queue for the current learner (0 when none or unreadable)."""
    try:
        if not db_path().exists():
            return 0
        return len(store().mistakes(current_learner()))
    except TutorError:
        return 0
