"""The mistakes queue in the learner's words, and its replays served one by one.

:func:`mistakes_waiting` is the count the Review page and ``tutor review`` announce;
:func:`describe_mistake` is one line per mistake ("Lead: you led ♥3; the book leads
♦9."), never a rule id; :func:`replay_mistakes` rebuilds each exact position on its
own, so one record that cannot be rebuilt (a law the content no longer has, a rule
renamed) is skipped and reported in one line while the rest are served.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from tutor.engine.errors import shorten
from tutor.engine.nouns import count_of
from tutor.lessons.answers import Answer
from tutor.lessons.progress import ProgressStore, StoredAnswer
from tutor.lessons.review import Exercise, Skipped, attempt
from tutor.lessons.review.servers import replay, servable_kinds
from tutor.lessons.words import law_name, laws_named, pretty_cards, spoken_call

#: Per drill kind: what it is called, and the verb of the learner's card and of the book's.
PLAY_VERBS = {"lead": ("Lead", "led", "leads"), "second-hand": ("Second hand", "played", "plays"),
              "third-hand": ("Third hand", "played", "plays"),
              "discard": ("Ruff or discard", "played", "plays")}


def mistakes_waiting(store: ProgressStore, learner: str) -> int:
    """How many mistakes wait to be replayed (the latest wrong first answer of each item)."""
    return len(store.mistakes(learner))


def replay_mistakes(store: ProgressStore, learner: str,
                    limit: int | None = None) -> Iterator[tuple[StoredAnswer, Exercise | Skipped]]:
    """Each mistake with its exact replay, or why it was skipped - one item never blocks the rest."""
    servable_kinds()
    queue = store.mistakes(learner)
    for stored in queue[:limit] if limit is not None else queue:
        a = stored.answer
        yield stored, attempt(a.item_kind, a.item_id, functools.partial(replay, stored))


#: The longest line a mistake is told in: two typed answers of 200 characters and the words around them.
#: A longer stored answer (an older tutor imported any length: stop 59's audit had one of 15,000,000
#: characters) is cut around the middle, saying how much was left out.
MAX_DESCRIBED = 600


def describe_mistake(stored: StoredAnswer) -> str:
    """One line in the learner's words: what the position was about, his answer and the book's (at most
    :data:`MAX_DESCRIBED` characters)."""
    return shorten(_described(stored), MAX_DESCRIBED)


def _described(stored: StoredAnswer) -> str:
    a = stored.answer
    kind = a.extra.get("kind", "")
    if a.item_kind in ("convention", "law") and kind in PLAY_VERBS:  # a law's: the three-handed dummy's lead
        label, did, does = PLAY_VERBS[kind]
        book = pretty_cards(a.expected)
        book = f"any of {book}" if "," in book else book
        return f"{_about(label, a)}you {did} {pretty_cards(a.given)}; the book {does} {book}."
    if a.item_kind == "convention" and kind == "valuation":  # a count, not a call ("you called 1")
        return f"Count the sure tricks: you counted {_tricks(a.given)}; the tutor's count is {_tricks(a.expected)}."
    if a.item_kind == "convention":
        return f"{_about('Bidding', a)}you called {spoken_call(a.given)}; the book calls {spoken_call(a.expected)}."
    if a.item_kind == "solo" and a.seed is not None and a.item_id.startswith("solo-bid-"):
        return f"Solo Whist call: you {_solo(a.given, 'passed', 'called')}; the book {_solo(a.expected, 'passes', 'calls')}."
    if a.item_kind == "scoring":  # the entries missed, by name ("below:NS=0, ..." as stored)
        from tutor.lessons.scoring.questions import missed_entries

        return missed_entries(a)
    where = {"law": law_name(a.item_id), "quiz": f"a quiz on {laws_named(a.laws) or 'the laws'}",
             "solo": "Solo Whist"}.get(a.item_kind, "an exercise")
    return f"{where[:1].upper() + where[1:]}: you answered {a.given}; the answer is {a.expected}."


def _tricks(text: str) -> str:
    """A stored count of sure tricks in words ("1 sure trick"); anything else as stored."""
    clean = text.strip()
    return count_of(int(clean), "sure trick") if clean.isascii() and clean.isdigit() and len(clean) <= 2 else clean  # noqa: PLR2004


def _about(label: str, a: Answer) -> str:
    title = _rule_title(a)
    return f"{label} (“{title}”): " if title else f"{label}: "


def _rule_title(a: Answer) -> str:
    """The convention's title, or '' when the rule is gone (the line must still be written)."""
    try:
        if a.extra.get("kind") in PLAY_VERBS:
            from tutor.lessons.play.rules import rule_named

            return rule_named(a.item_id).title
        from tutor.lessons.bidding.drill import conventions

        return conventions().rule(a.item_id).title
    except Exception:  # noqa: BLE001 - a renamed rule only loses the title
        return ""


def _solo(choice: str, passing: str, calling: str) -> str:
    from tutor.engine.solo.calls import SoloGame, spec

    if choice == "pass":
        return passing
    try:
        return f"{calling} {spec(SoloGame(choice)).name}"
    except ValueError:
        return f"{calling} {choice}"
