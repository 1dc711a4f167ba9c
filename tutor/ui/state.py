"""Session state in one place, behind a small typed accessor, and answer recording.

Pages call :func:`record_answer` with the :class:`~tutor.lessons.answers.Answer`
*before* they show feedback; it writes the answer for the current learner profile
in a committed transaction, or raises a ``TutorError`` the page shows with
``st.error``::

    from tutor.engine.errors import TutorError
    from tutor.lessons.answers import Answer
    from tutor.ui.state import record_answer

    try:
        record_answer(Answer("law", "law-12", correct, given, expected, laws=("law-12",)))
    except TutorError as err:
        show_error(err)

The store is opened once per database path for the whole server
(``st.cache_resource``); the path is read on each call, so a test can point
``TUTOR_DB`` at a temporary file.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.engine.seeds import APP_MAX_SEED, check_seed
from tutor.lessons.answers import Answer
from tutor.lessons.progress import (
    DEFAULT_LEARNER,
    ProgressStore,
    StoredAnswer,
    check_learner_name,
    default_path,
    open_store,
)
from tutor.lessons.progress.connection import database_url
from tutor.lessons.progress.srs import Mastery
from tutor.lessons.progress.tables import TableSlot, is_session_token, new_session_token
from tutor.ui.common import text_md

_KEY = "tutor_session"


@dataclass
class TutorSession:
    """Everything the tutor keeps in ``st.session_state`` (under one key)."""

    learner: str = DEFAULT_LEARNER
    db_path: str | None = None  # None: TUTOR_DB or the user data directory
    last_recorded: StoredAnswer | None = None
    scratch: dict[str, object] = field(default_factory=dict)
    #: the learner chose the profile (else every visitor would share the default one's tables)
    picked: bool = False
    #: this session's own tables while no profile is picked (also kept in the address: ``?table=``)
    table_token: str = ""
    #: the version of each table this session read: a save must match it (tutor.lessons.progress.tables)
    table_versions: dict[TableSlot, int | None] = field(default_factory=dict)
    #: the signed-in account in class mode (``""``: none); checked against the database on every
    #: request by tutor.ui.access, and then the only profile this session reads or writes
    account: str = ""


def session() -> TutorSession:
    """This browser session's state, created on first use."""
    value = st.session_state.get(_KEY)
    if not isinstance(value, TutorSession):
        value = TutorSession()
        st.session_state[_KEY] = value
    return value


def db_path() -> Path:
    chosen = session().db_path
    return Path(chosen) if chosen else default_path()


@st.cache_resource(show_spinner=False)
def _store_at(path: str) -> ProgressStore:
    return open_store(path)


def store() -> ProgressStore:
    """The progress store for this session's database (opened once per path or URL): the
    PostgreSQL database of ``TUTOR_DATABASE_URL`` when set, else the SQLite file."""
    url = database_url()
    if url and not session().db_path:
        return _store_at(url)
    return _store_at(str(db_path().resolve()))


def current_learner() -> str:
    """The profile this session reads and writes: the signed-in account's, else the one picked."""
    s = session()
    return s.account or s.learner


def set_learner(name: str) -> str:
    """Switch to (creating if needed) the profile ``name``; raises TutorError on a bad name, or when
    signed in (class mode: the account's own profile only)."""
    if session().account and check_learner_name(name) != session().account:
        raise TutorError(f"You are signed in as {session().account}: only your own record is open to you.")
    name = store().add_learner(check_learner_name(name))
    session().learner = name
    session().picked = True
    return name


TABLE_URL = "table"


def table_slot(way: str | None = None) -> TableSlot:
    """Whose table this session plays (issue 31): the picked profile's own; else this session's, under
    a token kept in the address so that a reload or a restart finds it and no one else does."""
    s = session()
    if s.picked:
        return TableSlot(s.learner, way or "")
    if not s.table_token:
        raw = st.query_params.get(TABLE_URL)
        if raw is not None and not is_session_token(str(raw)):
            url_error(TABLE_URL, str(raw), "a table of this tutor")
        s.table_token = str(raw) if raw is not None and is_session_token(str(raw)) else new_session_token()
    if st.query_params.get(TABLE_URL) != s.table_token:
        st.query_params[TABLE_URL] = s.table_token
    return TableSlot(s.learner, way or "", s.table_token)


def load_table(way: str | None = None) -> dict[str, object] | None:
    """This session's stored table (of ``way``), remembering the version read for the next save."""
    slot = table_slot(way)
    stored = store().open_table(slot)
    session().table_versions[slot] = stored.version if stored else 0
    return stored.state if stored else None


def save_table(state: Mapping[str, object], way: str | None = None) -> None:
    """Keep this session's table; raises ``TableConflictError`` (a TutorError) when another session
    wrote it since this one read it (nothing is written then)."""
    slot = table_slot(way)
    versions = session().table_versions
    versions[slot] = store().write_table(slot, state, version=versions.get(slot, 0))


def restart_table(way: str | None = None) -> None:
    """The learner starts a new table on purpose: the next save replaces whatever is stored."""
    session().table_versions[table_slot(way)] = None


def record_answer(answer: Answer) -> None:
    """Record ``answer`` for the current learner, committed before this returns.

    Raises a ``TutorError`` (``ProgressStoreError``) if the database cannot be written:
    the page shows it with ``st.error``, and nothing already recorded is lost.
    """
    session().last_recorded = store().record(answer, current_learner())
    _note_answered(answer)


def start_clock(key: str) -> None:
    """Note when a question was shown, so the answer can record the time it took."""
    st.session_state[key] = time.monotonic()


def seconds_since(key: str) -> float | None:
    started = st.session_state.get(key)
    return time.monotonic() - started if isinstance(started, float) else None


def _is_app_seed(value: object) -> bool:
    try:
        return check_seed(value) <= APP_MAX_SEED
    except TutorError:
        return False

MAX_SEED = APP_MAX_SEED  # position numbers offered by the pages (and accepted from a URL)


def url_error(name: str, value: str, expected: str) -> None:
    """A bad value read from the address: one line, the value shortened, never a traceback."""
    shown = value if len(value) <= 40 else value[:40] + "…"
    st.error(f"The address gives {name} = “{text_md(shown)}”, which is not {expected}; "
             "it was ignored.", icon=":material/link_off:")


def url_int(name: str, low: int, high: int) -> int | None:
    """The integer ``name`` from the address (``?name=…``), if present and within [low, high]."""
    raw = st.query_params.get(name)
    if raw is None:
        return None
    text = str(raw).strip()
    # ASCII digits only: ``isdecimal`` alone took "١٢٣" (Arabic-Indic) and "１２" (full-width) as numbers
    if len(text) > 12 or not (text.isascii() and text.isdecimal()) or not low <= int(text) <= high:
        url_error(name, str(raw), f"a whole number from {low} to {high}")
        return None
    return int(text)


def url_choice(name: str, allowed: Iterable[str]) -> str | None:
    """The value ``name`` from the address, if it is one of ``allowed``."""
    raw = st.query_params.get(name)
    if raw is None:
        return None
    options = list(allowed)
    if raw not in options:
        url_error(name, str(raw), "one this page offers")
        return None
    return str(raw)


def adopt_url(state_key: str, name: str, allowed: Iterable[str]) -> None:
    """On a session's first run, take ``state_key``'s value from the address when it is valid."""
    if state_key in st.session_state:
        return
    value = url_choice(name, allowed)
    if value is not None:
        st.session_state[state_key] = value


def keep_in_url(**values: object) -> None:
    """Write the page's place into the address, so a reload keeps it and it can be shared."""
    wanted = {k: str(v) for k, v in values.items() if v is not None}
    if {k: st.query_params.get(k) for k in wanted} != wanted:
        st.query_params.update(wanted)


@dataclass(frozen=True)
class SeededExercise:
    """The session keys of a page that shows one seeded position at a time.

    The seed is shown as a number the learner can type back ("position 4711"), so a
    position can be shared or replayed; a new one clears the previous answer and
    restarts the clock that times the answer. The number is also kept in the address
    (``?position=4711``): a reload keeps the place, and the link shows the same position.
    """

    seed: str
    result: str
    clock: str
    new_button: str
    url_name: str = "position"
    #: The numbers to deal first, under a name (the bidding drills: those whose prices ship for the
    #: chosen convention and this learner has not answered before): each once a session, in a random
    #: order, then any number.
    first: Callable[[], tuple[str, Sequence[int]]] | None = None

    def new(self) -> None:
        st.session_state[self.seed] = self._next_seed()
        st.session_state.pop(self.result, None)
        start_clock(self.clock)

    def _next_seed(self) -> int:
        draw = random.SystemRandom()
        if self.first is None:
            return draw.randrange(MAX_SEED)
        name, numbers = self.first()
        dealt: dict[str, list[int]] = st.session_state.setdefault(f"{self.seed}_dealt_first", {})
        seen = set(dealt.setdefault(name, []))
        left = [n for n in numbers if n not in seen]
        if not left:
            return draw.randrange(MAX_SEED)
        dealt[name].append(chosen := draw.choice(left))
        return chosen

    def controls(self, noun: str = "position") -> int:
        """The number input and the "New …" button; returns the seed to build from."""
        if not _is_app_seed(st.session_state.get(self.seed)):  # unset, or a bad value from outside
            st.session_state.pop(self.seed, None)
            from_url = url_int(self.url_name, 0, MAX_SEED)
            if from_url is None:
                self.new()
            else:
                st.session_state[self.seed] = from_url
                start_clock(self.clock)
        st.number_input(f"{noun.capitalize()} number (the same number gives the same {noun})",
                        min_value=0, max_value=MAX_SEED, step=1, key=self.seed,
                        on_change=lambda: st.session_state.pop(self.result, None))
        st.button(f"New {noun}", key=self.new_button, on_click=self.new)
        return int(st.session_state[self.seed])


def record_or_show(answer: Answer) -> None:
    """Record ``answer``; if the database cannot be written, say so on the page.

    The learner still sees the feedback: a locked or damaged database must not
    cost them the lesson, and nothing already recorded is lost.
    """
    try:
        record_answer(answer)
    except TutorError as err:
        st.error(str(err), icon=":material/error:")


_ANSWERED = "tutor_answered_positions"


def record_once(position: str, answer: Answer) -> bool:
    """Record ``answer`` to the position ``position``; returns whether it was a retry.

    One answer per position counts: the first is recorded as it is, any later answer to
    the same position in this session (the learner changed their mind after seeing the
    feedback) is recorded with ``retry=True``, which the store and the schedule do not
    count as a first answer.
    """
    retry = answered_before(position, answer.given)
    record_or_show(replace(answer, retry=True) if retry else answer)
    return retry


def answered_before(position: str, given: str) -> bool:
    """Whether ``position`` was answered earlier in this session; ``given`` is kept as its first answer if
    not (for a page that records the answer itself: :func:`record_once`'s rule without its recording)."""
    answered: dict[str, str] = st.session_state.setdefault(_ANSWERED, {})
    retry = position in answered
    answered.setdefault(position, given)
    return retry


def first_answer(position: str) -> str | None:
    """The answer that counts for ``position`` (the first one given in this session), if any."""
    answered: dict[str, str] = st.session_state.get(_ANSWERED, {})
    return answered.get(position)


#: The positions the learner had answered, by learner, kind and bound: read from the store once a session.
_EARLIER = "tutor_earlier_positions"


def answered_positions(item_kind: str, below: int) -> frozenset[tuple[str, int]]:
    """The ``(item, position number)`` pairs of ``item_kind`` with a number below ``below`` that the current
    learner has answered in any session; none when the store cannot be read now (the page deals all the
    same, and reads again next time).

    The store is read once a session (per learner, kind and bound), and this session's answers are added
    as they are recorded: the read goes through every answer of the learner, and a page asks at every new
    position (with 20,000 answers, 40-150 ms a new position when it read the store each time). ``below``
    keeps only the numbers the page deals first, so a session holds a few hundred pairs at most."""
    kept: dict[tuple[str, str, int], set[tuple[str, int]]] = st.session_state.setdefault(_EARLIER, {})
    key = (current_learner(), item_kind, below)
    if key not in kept:
        try:
            kept[key] = set(store().answered_positions(*key))
        except TutorError:
            return frozenset()
    return frozenset(kept[key])


def _note_answered(answer: Answer) -> None:
    """Add a recorded answer's position to the positions this session has read as answered (if read)."""
    if answer.seed is None:
        return
    kept: dict[tuple[str, str, int], set[tuple[str, int]]] = st.session_state.get(_EARLIER, {})
    learner = current_learner()
    for (who, kind, below), positions in kept.items():
        if who == learner and kind == answer.item_kind and answer.seed < below:
            positions.add((answer.item_id, answer.seed))


def mastery(item_kind: str, item_id: str) -> Mastery:
    """``learning`` or ``mastered`` for the current learner: pages shorten feedback when mastered."""
    return store().mastery(current_learner(), (item_kind, item_id))


def learner_selector(*, key: str = "progress_learner") -> str:
    """A profile picker (with 'new profile'); returns the current learner. Signed in (class mode),
    there is nothing to pick: the account's own record only."""
    if session().account:
        st.caption(f"Signed in as {text_md(session().account)}.")
        return session().account
    current = current_learner()
    names = store().learners()
    if current not in names:
        names = [current, *names]
    new_label = "➕ New profile…"
    if st.session_state.pop(f"{key}_created", False):
        # the profile just created is the one picked: the picker shows it, and the new-profile
        # fields go (a widget's value can be set only before it is drawn, hence after the rerun)
        st.session_state[key] = current
        st.session_state.pop(f"{key}_new", None)
    choice = st.selectbox("Learner profile", [*names, new_label], index=names.index(current), key=key)
    if choice == new_label:
        typed = st.text_input("New profile name", key=f"{key}_new")
        if typed and st.button("Create profile", key=f"{key}_create"):
            set_learner(typed)
            st.session_state[f"{key}_created"] = True
            st.rerun()
    elif choice != current:
        set_learner(str(choice))
    return current_learner()
