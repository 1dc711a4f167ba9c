"""The learner's words for what the tutor stores by id: laws, calls, cards and the sources.

No page shows a law id (``law-r53``), a rule id or a file name: they show ``law 35``,
``law ≈53`` (a law recovered from the summaries, its number inferred), ``scoring rule 17``,
and a law's own text when it is quoted.

>>> law_name("law-35"), law_name("scoring-17"), law_name("solo-9")
('law 35', 'scoring rule 17', 'Solo Whist rule 9')
>>> laws_named(["law-35", "law-36"]), laws_named([])
('laws 35 and 36', '')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Protocol

from tutor.engine.calls import parse_call
from tutor.engine.cards import PBN_SUITS, Card, Hand, Suit
from tutor.engine.errors import ContentError, NotationError, TutorError
from tutor.engine.nouns import listed, numbered_law
from tutor.lessons.content.laws import law_entries


def _entries() -> Mapping[str, Mapping[str, object]]:
    return law_entries()


def law_name(law_id: str) -> str:
    """``law 35``, ``law ≈53``, ``scoring rule 17`` (:func:`~tutor.engine.nouns.numbered_law`) — or the
    law's title when it has no number."""
    numbered = numbered_law(law_id)
    if numbered is not None:
        return numbered
    entry = _entries().get(law_id)
    if entry and entry.get("title"):
        return f"the rule “{entry['title']}”"
    return "a law the tutor's content no longer has"


#: a numbered law's name: its kind ("law", "scoring rule", "Solo Whist rule") and its number ("35", "≈53")
_NUMBERED = re.compile(r"^(?P<head>.+?) (?P<number>≈?\d+)$")


def laws_named(law_ids: Iterable[str]) -> str:
    """``laws 35 and 36``, ``Solo Whist rules 10, 9 and 8``; mixed kinds are listed by name (``law 35 and
    scoring rule 2``).

    >>> laws_named(["solo-10", "solo-9"]), laws_named(["law-35", "scoring-2"])
    ('Solo Whist rules 10 and 9', 'law 35 and scoring rule 2')
    """
    names = list(dict.fromkeys(law_name(i) for i in law_ids))
    if not names:
        return ""
    numbered = [_NUMBERED.match(n) for n in names]
    heads = {m["head"] for m in numbered if m}
    if len(names) > 1 and all(numbered) and len(heads) == 1:  # one kind: its name once, in the plural
        numbers = [m["number"] for m in numbered if m]
        return f"{heads.pop()}s " + listed(numbers)
    return listed(names)


def law_text(law_id: str) -> str:
    """The law's text as the book (or the tutor's reading of the summaries) states it; '' if unknown."""
    entry = _entries().get(law_id)
    return " ".join(str(entry.get("text", "")).split()) if entry else ""


def law_quote(law_id: str) -> str:
    """``Law 41 — title: text`` for feedback (law ≈53 for a recovered one), never the id; the name
    alone when the text is missing. A broken rules file does not hide the feedback: the law is
    named with the first problem (file:line)."""
    name = law_name(law_id)
    name = name[:1].upper() + name[1:]
    try:
        entry = _entries().get(law_id)
    except ContentError as err:
        return f"{name} (the law's text cannot be read: {str(err).splitlines()[0]})"
    if not entry:
        return name
    return f"{name} — {entry.get('title', '')}: {law_text(law_id)}"


def spoken_call(text: str) -> str:
    """``2H`` → ``two hearts``; ``P`` → ``pass``; anything else as given."""
    try:
        return parse_call(text).spoken
    except TutorError:
        return text


def pretty_cards(text: str) -> str:
    """``H3`` → ``♥3``; ``D9 D8`` → ``♦9, ♦8``; anything else as given."""
    try:
        return ", ".join(Card.parse(part).pretty for part in text.split())
    except NotationError:
        return text


def hand_line(hand: Hand) -> str:
    """A hand on one line, by suit with symbols and "10": ``♠ A K 6 3  ♥ 10 8 …`` (``—`` for a void)."""
    return "  ".join(_suit_text(hand, s) for s in PBN_SUITS)


def hand_by_suit(hand: Hand) -> str:
    """A hand a suit a line, as :func:`hand_line` writes each suit, with Markdown's line breaks ("  \n"):
    a review's question, on the page and (the breaks dropped) at the terminal."""
    return "  \n".join(_suit_text(hand, s) for s in PBN_SUITS)


def _suit_text(hand: Hand, suit: Suit) -> str:
    return f"{suit.symbol} {' '.join(c.pretty[1:] for c in hand.suit_cards(suit)) or '—'}"


def action_text(text: str) -> str:
    """A call or a card as the learner reads it, the one way the app writes them: ``♠A``, ``♥10``,
    ``pass``, ``2♥``, ``1NT``; anything else as given."""
    if text in ("P", "p"):
        return "pass"
    if len(text) in (2, 3) and not text[0].isdigit():
        try:
            return Card.parse(text).pretty
        except NotationError:
            return text
    if text[:1].isdigit():
        try:
            call = parse_call(text)
        except TutorError:
            return text
        return call.pretty
    return text


def action_words(text: str) -> str:
    """An action of any table as the learner reads it: a call or card as :func:`action_text` writes it, and
    a way's own action with its cards so ("swap ♥3", "give ♦2 E"; they read "swap H3", "give D2 E")."""
    whole = action_text(text)
    if whole != text or " " not in text:
        return whole
    return " ".join(action_text(word) if len(word) >= 2 else word for word in text.split(" "))  # noqa: PLR2004


#: Said once, where the learner first meets a law written with "≈".
RECOVERED_NOTE = ("A law written with “≈” (law ≈101) is a rule of the book whose page is lost — the book "
                  "lacks laws 53–73 and 88–109 — and which the tutor recovered from the Russian summaries "
                  "that repeat it; its number is inferred from where it stood.")

_RECOVERED = re.compile(r"\bRecovered (≈\d+)\s*:\s*")
#: a note's reference to the sources' known conflicts, numbered for the writers (the laws' tests read it)
_CONFLICT = re.compile(r"\bConflict C\d+\s*:\s*")
#: the same number inside a sentence: "(conflict C23)", "(20 in the summaries, conflict C4)",
#: "(conflict C9, offered as a variant below)": the words around it stay
_CONFLICT_NUMBER = re.compile(r"\s*\(conflict C\d+\)|,\s*conflict C\d+(?=\))|(?<=\()conflict C\d+,\s*")
_CALL = re.compile(r"(?<![\w♠♣♦♥])([1-7])(NT|[SCDH])(?![\w])")
_CALL_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "NT": "NT"}


def learner_words(text: str) -> str:
    """A rule's explanation or a note with the bookkeeping out and calls written the one way the app
    writes them: "Recovered ≈99: with K …" -> "Law ≈99: with K …"; "Conflict C14: the Romanian …" ->
    "The sources differ: the Romanian …"; "(1H)" -> "(1♥)".

    >>> learner_words("Conflict C14: the Romanian summary forbids 4H.")
    'The sources differ: the Romanian summary forbids 4♥.'
    >>> learner_words("Where the sources differ (conflict C23): the 2000 (20 in the summaries, conflict C4).")
    'Where the sources differ: the 2000 (20 in the summaries).'
    """
    text = _CONFLICT_NUMBER.sub("", _CONFLICT.sub("The sources differ: ", text))
    text = _RECOVERED.sub(lambda m: f"Law {m.group(1)}: ", text)
    return _CALL.sub(lambda m: m.group(1) + _CALL_SYMBOLS[m.group(2)], text)


#: The source documents as a learner knows them (their file names are hashes).
_SOURCES = {"000_": "the book (Romanian translation)", "002_": "the book (Thai translation)",
            "001_": "the Russian summary", "004_": "the English rules for two players"}


#: The Thai file's first lines are the Solo Whist rules; the book's Thai translation follows them.
_SOLO_FILE, _SOLO_LAST_LINE = "002_", 97
_LINE = re.compile(r"\bl\.(\d+)")


class Cited(Protocol):
    """A citation of the content (the laws' ``Source``, a bidding lesson's): a seed file and a place in it."""

    @property
    def file(self) -> str: ...

    @property
    def ref(self) -> str: ...


def source_name(source: Cited) -> str:
    """A source as a learner knows it, from its file and, for the Thai file, the line cited.

    >>> from types import SimpleNamespace as Source
    >>> source_name(Source(file="000_3fb8f71f4f530558.txt", ref="law 28, l.91"))
    'the book (Romanian translation)'
    >>> source_name(Source(file="002_c68374d8f015d64a.txt", ref="law 28, l.479"))
    'the book (Thai translation)'
    >>> cited_source(Source(file="002_c68374d8f015d64a.txt", ref="l.29-31"))
    'the Solo Whist rules (Thai), l.29-31'
    """
    name = source.file.rsplit("/", 1)[-1]
    line = _LINE.search(source.ref)
    if name.startswith(_SOLO_FILE) and line is not None and int(line.group(1)) <= _SOLO_LAST_LINE:
        return "the Solo Whist rules (Thai)"
    return next((words for prefix, words in _SOURCES.items() if name.startswith(prefix)), "the sources")


def cited_source(source: Cited) -> str:
    """A citation as the pages and the terminal list it: "the book (Romanian translation), law 28, l.91"."""
    return f"{source_name(source)}, {source.ref}"


def practised_in(files: Iterable[str]) -> str:
    """Where a law is practised, in the learner's words: "the bidding drills (2), the quizzes (1)"."""
    kinds: dict[str, int] = {}
    for file in files:
        name = ("the bidding drills" if "conventions/bidding" in file else "the play drills" if "conventions/play"
                in file else "the glossary" if "glossary" in file else "the quizzes" if "quizzes/" in file
                else "the lessons")
        kinds[name] = kinds.get(name, 0) + 1
    return ", ".join(f"{name} ({count})" for name, count in kinds.items())
