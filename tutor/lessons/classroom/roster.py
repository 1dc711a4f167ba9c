"""A teacher's roster acts on several learners at once (issue 30): archive members of a class, restore
them, move them to another of the teacher's classes.

**Archived**: the membership is kept, with the time it was archived, and the learner's record
(answers, reviews, the table's deals) is untouched; an archived member is no longer listed on the
teacher's view, in the class's CSV or mastery, and no longer assigned — neither the class's
assignments on their account page nor a new one set to them. Joining again with the code does not
undo it: the teacher restores them. **Moved**: the learners leave one class and are members of the
other, with the consent they gave (both classes are the same teacher's, who sees what they agreed to
show); one already in the target class is simply no longer in the source.

Every act takes the acting teacher and checks, inside its one write transaction, that each class is
that teacher's and that every name is a member (active, or archived for a restore) of the source
class; one name that is not — another class's learner, a typed-in name, another teacher's class — and
nothing at all is changed. A refusal names no other teacher's class or learner.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from tutor.engine.errors import TutorError
from tutor.lessons.classroom.accounts import Account
from tutor.lessons.progress import ProgressStore, to_ts
from tutor.lessons.progress.connection import Connection

#: the most learners one request acts on (a bound on what a request can ask, not a class size limit)
MAX_AT_ONCE = 500
_NOT_YOURS = "there is no such class among yours"


def _names(learners: Iterable[str]) -> list[str]:
    names = sorted({str(n) for n in learners})
    if not names:
        raise TutorError("pick at least one learner")
    if len(names) > MAX_AT_ONCE:
        raise TutorError(f"at most {MAX_AT_ONCE} learners at once")
    return names


def _own(conn: Connection, teacher: Account, class_id: str) -> None:
    if not teacher.is_teacher or not conn.execute(
            "SELECT 1 FROM classes WHERE id = ? AND teacher = ?", (class_id, teacher.name)).fetchone():
        raise TutorError(_NOT_YOURS)


def _check_members(conn: Connection, class_id: str, names: list[str], *, archived: bool) -> None:
    which = "IS NOT NULL" if archived else "IS NULL"
    found = {str(r[0]) for r in conn.execute(
        f"SELECT learner FROM members WHERE class_id = ? AND archived_at {which}", (class_id,)).fetchall()}
    strangers = [n for n in names if n not in found]
    if strangers:
        state = "archived in" if archived else "in"
        raise TutorError(f"not {state} this class, so nothing was changed: "
                         + ", ".join(repr(n[:40]) for n in strangers[:5]))


def archive(store: ProgressStore, teacher: Account, class_id: str, learners: Iterable[str],
            now: datetime | None = None) -> list[str]:
    """Archive these members of the teacher's class (all or none); returns the names archived."""
    return _set_archived(store, teacher, class_id, learners, to_ts(now or datetime.now(UTC)), "archived")


def restore(store: ProgressStore, teacher: Account, class_id: str, learners: Iterable[str]) -> list[str]:
    """Make archived members of the teacher's class members again (all or none)."""
    return _set_archived(store, teacher, class_id, learners, None, "restored")


def _set_archived(store: ProgressStore, teacher: Account, class_id: str, learners: Iterable[str],
                  archived_at: str | None, done: str) -> list[str]:
    """Archive (a time) or restore (``None``) the named members, after checking the class is the teacher's
    and each name is a member in the other state; ``done`` words the refusal ("no one was archived")."""
    names = _names(learners)
    with store.writing(f"written; no one was {done}") as conn:
        _own(conn, teacher, class_id)
        _check_members(conn, class_id, names, archived=archived_at is None)
        for name in names:
            conn.execute("UPDATE members SET archived_at = ? WHERE class_id = ? AND learner = ?",
                         (archived_at, class_id, name))
    return names


def move(store: ProgressStore, teacher: Account, source: str, target: str, learners: Iterable[str]) -> list[str]:
    """Move these members of one of the teacher's classes to another of the teacher's classes (all or
    none); returns the names moved."""
    names = _names(learners)
    if source == target:
        raise TutorError("pick another class to move them to")
    with store.writing("written; no one was moved") as conn:
        _own(conn, teacher, source)
        _own(conn, teacher, target)
        _check_members(conn, source, names, archived=False)
        for name in names:
            row = conn.execute("SELECT consented_at FROM members WHERE class_id = ? AND learner = ?",
                               (source, name)).fetchone()
            conn.execute("DELETE FROM members WHERE class_id = ? AND learner = ?", (source, name))
            conn.execute("INSERT INTO members (class_id, learner, consented_at) VALUES (?, ?, ?)"
                         " ON CONFLICT (class_id, learner) DO UPDATE SET archived_at = NULL",
                         (target, name, row[0] if row else to_ts(datetime.now(UTC))))
    return names


def archived(store: ProgressStore, teacher: Account, class_id: str) -> list[str]:
    """The archived members of the teacher's class, by name."""
    if not teacher.is_teacher or not store.read_rows(
            "SELECT 1 FROM classes WHERE id = ? AND teacher = ?", (class_id, teacher.name)):
        raise TutorError(_NOT_YOURS)
    return [str(r[0]) for r in store.read_rows(
        "SELECT learner FROM members WHERE class_id = ? AND archived_at IS NOT NULL ORDER BY learner", (class_id,))]
