"""What to review now, and how each kind of item is served as a fresh exercise.

A review unit is ``(item_kind, item_id)``: a law, a convention rule, a scoring
level, a Solo Whist rule (see :mod:`tutor.lessons.progress.srs`). :func:`due_items` lists
the due units of a learner, mixing kinds so that laws, scoring and drills
alternate. Each kind is served by one function ``server(item_id, seed) -> Exercise``,
listed in the one table :data:`tutor.lessons.review.servers.ITEM_SERVERS` (which also
serves, replays and picks the next exercise)::

    def serve_convention(item_id: str, seed: int) -> Exercise:
        deal = ...  # a fresh deal from random.Random(seed) that fits rule item_id
        return Exercise("convention", item_id, prompt=..., expected=..., choices=..., seed=seed)

The same seed must give the same exercise: that is how a missed position is
replayed from the mistakes queue. Laws are served here, from ``content/``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.content.laws import law_entries as content_law_entries
from tutor.lessons.progress import ProgressStore, StoredAnswer
from tutor.lessons.progress.columns import control_character
from tutor.lessons.progress.srs import Mastery
from tutor.lessons.words import law_name


@dataclass(frozen=True)
class Exercise:
    """One thing to answer, independent of the UI (the page and ``tutor review`` both show it).

    ``choices`` empty means a free answer. ``explanation`` is the full feedback shown
    while the unit is being learned; ``short`` the confirmation once it is mastered.
    """

    item_kind: str
    item_id: str
    prompt: str
    expected: str
    choices: tuple[str, ...] = ()
    explanation: str = ""
    short: str = ""
    laws: tuple[str, ...] = ()
    seed: int | None = None
    position: str = ""
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def heading(self) -> str:
        """What the exercise is, in the learner's words (no rule or law id): for a page's title."""
        return HEADINGS.get(self.extra.get("kind", ""), KIND_HEADINGS.get(self.item_kind, "An exercise"))

    def choice_name(self, choice: str) -> str:
        """A choice (or an answer) as the learner reads it, on the page and at the terminal alike: a drill's
        card or call as the tables write it ("♠A", "1♥", "pass"), a Solo Whist call by its name ("open
        misère"); anything else as written. (The Review page listed "DT", "1S" and "open-misere".)"""
        if self.item_kind == "convention":
            from tutor.lessons.words import action_text

            return action_text(choice)
        if self.item_kind == "solo" and self.item_id.startswith("solo-bid-"):
            from tutor.lessons.solo.drill import CHOICES, call_name

            return call_name(choice) if choice in CHOICES else choice
        return choice

    def is_right(self, given: str) -> bool:
        """Case- and space-insensitive comparison with the expected answer."""
        return _norm(given) == _norm(self.expected)

    def answer(self, given: str, seconds: float | None = None, *, retry: bool = False) -> Answer:
        """The :class:`Answer` record of ``given``, ready for the progress store
        (``retry``: a second answer after the feedback was shown, which counts for nothing).
        An answer longer than :data:`MAX_GIVEN` characters is refused, not stored; so is one holding a
        control character but a tab (pasted into the terminal: the record's own export would then be
        refused on import, and the terminal would obey it when the answer is shown again)."""
        if len(given) > MAX_GIVEN:
            raise TutorError(f"your answer is longer than {MAX_GIVEN} characters (the limit): "
                             "no answer here needs more")
        found = control_character(given, tab=True)
        if found:
            raise TutorError(f"your answer holds a control character ({found}): type the answer as text")
        return Answer(
            item_kind=self.item_kind, item_id=self.item_id, correct=self.is_right(given),
            given=given, expected=self.expected, laws=self.laws, seed=self.seed,
            position=self.position, seconds=seconds, extra=dict(self.extra), retry=retry,
        )

    def feedback(self, mastery: Mastery) -> str:
        """Full explanation while learning, a short confirmation once mastered."""
        if mastery == "mastered" and self.short:
            return self.short
        return self.explanation or self.short


#: Exercise headings by item kind, and by drill kind where the exercise is a drill.
KIND_HEADINGS = {"law": "A law", "quiz": "A law quiz", "convention": "A drill", "scoring": "Scoring",
                 "solo": "Solo Whist"}
HEADINGS = {"bidding": "A bidding drill", "lead": "A lead", "second-hand": "Second hand",
            "third-hand": "Third hand", "discard": "Ruff or discard", "valuation": "Count the sure tricks",
            "solo-bidding": "A Solo Whist call"}


def _norm(text: str) -> str:
    return " ".join(text.lower().split())



ItemServer = Callable[[str, int], Exercise]
"""``server(item_id, seed) -> Exercise``; the same seed gives the same exercise."""

Replayer = Callable[[StoredAnswer], Exercise]
"""``replayer(stored) -> Exercise``: exactly the position of a recorded answer, or a TutorError."""


class NotReplayable(TutorError):
    """A recorded position can no longer be rebuilt exactly (the content changed since)."""


def not_replayable_message(answer: Answer) -> str:
    return ("this position cannot be rebuilt exactly: the tutor's conventions or content changed "
            "since it was recorded. A fresh review of the same rule will come when it is due.")


@dataclass(frozen=True)
class Skipped:
    """An item that could not be served; ``line`` says which and why, in one line."""

    item_kind: str
    item_id: str
    reason: str

    @property
    def line(self) -> str:
        return f"Skipped one {KIND_NAMES.get(self.item_kind, self.item_kind)} item: {self.reason}"


#: How each kind of review item is named to the learner.
KIND_NAMES = {"law": "law", "quiz": "law quiz", "convention": "drill", "scoring": "scoring",
              "solo": "Solo Whist"}
MAX_REASON = 200
#: The longest answer a review takes (as the terminal's): every expected answer is a word, a number or a call.
MAX_GIVEN = 200


def one_line(err: BaseException) -> str:
    """An error as one short line (the first line, at most :data:`MAX_REASON` characters)."""
    text = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 1] + "…"


def attempt(item_kind: str, item_id: str, make: Callable[[], Exercise]) -> Exercise | Skipped:
    """``make()``, or a :class:`Skipped` naming the item when it fails. One item's failure -
    a law id the content no longer has, a rule renamed, a bug in one server - must not
    block the others, so every error is caught here and reported in one line."""
    try:
        return make()
    except Exception as err:  # noqa: BLE001 - reported to the learner, the rest is served
        return Skipped(item_kind, item_id, one_line(err))


def due_items(store: ProgressStore, learner: str, now: datetime | None = None) -> list[tuple[str, str]]:
    """The due units of ``learner``, most overdue first within a kind, kinds taken in turn.

    Mixing keeps a session from being all laws or all drills: the first due law, then
    the first due convention, then the first due scoring item, and so on.
    """
    by_kind: dict[str, list[tuple[str, str]]] = {}
    for unit in store.due(learner, now or datetime.now(UTC)):
        by_kind.setdefault(unit.item_kind, []).append(unit.item)
    mixed: list[tuple[str, str]] = []
    queues = list(by_kind.values())
    while any(queues):
        for queue in queues:
            if queue:
                mixed.append(queue.pop(0))
    return mixed


def mastery(store: ProgressStore, learner: str, item: tuple[str, str]) -> Mastery:
    """``learning`` or ``mastered``: pages shorten their feedback for mastered units."""
    return store.mastery(learner, item)



# --- laws, served from content/ ---------------------------------------------------------

_NUMBER = re.compile(r"(?<![\w-])(\d{1,4})(?![\w-])")
_LAW_REF = re.compile(r"(?:laws?|§|no\.)\s*$", re.IGNORECASE)
REMEMBERED = "I remembered it"
FORGOTTEN = "I did not remember it"


def law_entries() -> dict[str, Mapping[str, object]]:
    """The entries of ``<content>/rules.yaml`` (or its parts) by id; empty if there is none."""
    return content_law_entries()  # the one safe reader, at $TUTOR_CONTENT_DIR when set


def serve_law(item_id: str, seed: int) -> Exercise:
    """A law as a fill-in-the-number question when it states a figure, else as recall."""
    entry = law_entries().get(item_id)
    if entry is None:
        raise TutorError(f"{law_name(item_id)} is no longer among the tutor's laws.")
    name = law_name(item_id)
    title, text = str(entry.get("title", name)), " ".join(str(entry.get("text", "")).split())
    heading = f"**{title}** ({name})"
    figures = [m for m in _NUMBER.finditer(text) if not _LAW_REF.search(text[: m.start()])]
    full = f"{heading}\n\n{text}"
    if figures:
        rng = random.Random(seed)
        match = rng.choice(figures)
        value = int(match.group(1))
        wrong = sorted({v for v in (value - 2, value - 1, value + 1, value + 2, value * 2) if v >= 0} - {value})
        choices = [str(value), *(str(v) for v in rng.sample(wrong, min(3, len(wrong))))]
        rng.shuffle(choices)
        blanked = text[: match.start()] + "____" + text[match.end():]
        return Exercise("law", item_id, prompt=f"{heading}\n\n{blanked}\n\nWhich number fills the blank?",
                        expected=str(value), choices=tuple(choices), explanation=full,
                        short=f"Right — {name}.", laws=(item_id,), seed=seed,
                        position=f"blank at {match.start()}")
    return Exercise("law", item_id, prompt=f"{heading}\n\nRecall what this law says, then check yourself.",
                    expected=REMEMBERED, choices=(REMEMBERED, FORGOTTEN), explanation=full,
                    short=f"Good — {name}.", laws=(item_id,), seed=seed)
