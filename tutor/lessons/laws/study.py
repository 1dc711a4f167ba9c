"""Studying the laws step by step: sections in the book's order, next/previous, search, related laws.

A :class:`StudyGuide` is built from the validated ``rules.yaml`` (and, optionally,
from every other content document, to know which quizzes and drills cite each
law). It holds no state: the page or the terminal keeps the current law id.

>>> from tutor.lessons.content.models import Entry, RulesFile, Section, Source
>>> src = [Source(file="000_3fb8f71f4f530558.txt", ref="l.1")]
>>> rules = RulesFile(sections=[Section(id="seating", title="Seats")], entries=[
...     Entry(id="law-1", section="seating", number=1, kind="procedure", title="Four players",
...           text="Vint is played by four.", sources=src),
...     Entry(id="law-2", section="seating", number=2, kind="procedure", title="Drawing",
...           text="The lowest card deals.", sources=src, related=["law-1"])])
>>> guide = StudyGuide(rules)
>>> guide.next("law-1").id, guide.previous("law-1")
('law-2', None)
>>> [e.id for e in guide.search("2")], [e.id for e in guide.search("lowest card")]
(['law-2'], ['law-2'])
>>> [e.id for e in guide.related("law-1")]
['law-2']

Search folds accents, plurals and British/American spellings (``normalize``), and when a
word is found nowhere it tries the closest word the laws do use (a typing slip):

>>> normalize("Misère honors REVOKES"), normalize("misere honour revoke")
('miser honour revok', 'miser honour revok')
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.errors import ContentError, echo
from tutor.lessons.content.models import Entry, RulesFile, Section
from tutor.lessons.content.registry import Document, law_refs

_REF_RE = re.compile(
    r"^\s*(?P<head>law|laws|note|notes|scoring|preamble|two|three|five|solo|tutor)?[\s\-#]*"
    r"(?P<r>r(?:ecovered)?\s*)?(?P<num>\d+|[a-z])\s*$",
    re.I,
)
_HEADS = {"law": "law", "laws": "law", "note": "note", "notes": "note", "scoring": "scoring",
          "preamble": "preamble", "two": "two", "three": "three", "five": "five", "solo": "solo",
          "tutor": "tutor"}


#: American spellings (and a few variants) -> the British ones the content uses.
SPELLINGS = {"honor": "honour", "honors": "honours", "honored": "honoured", "favor": "favour",
             "color": "colour", "behavior": "behaviour", "defense": "defence", "offense": "offence",
             "center": "centre", "penalize": "penalise", "recognize": "recognise", "analyze": "analyse"}
#: Closest-word fallback: how alike a slip must be to the content's word (difflib ratio).
CLOSE_WORD = 0.8
#: The most digits a law's number is searched by (the book's laws run to three digits).
MAX_LAW_DIGITS = 6


def fold(text: str) -> str:
    """Lower case without accents: ``Misère`` -> ``misere`` (Cyrillic and ≈ kept apart from marks)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return unicodedata.normalize("NFC", "".join(ch for ch in decomposed if not unicodedata.combining(ch)))


def stem(word: str) -> str:
    """A word without its plural or verb ending, so that revokes, revoked and revoking meet."""
    word = SPELLINGS.get(word, word)
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "ches", "shes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for ending in ("ing", "ed"):
        if len(word) > len(ending) + 3 and word.endswith(ending):
            word = word[: -len(ending)]
            break
    return word[:-1] if len(word) > 4 and word.endswith("e") else word


def normalize(text: str) -> str:
    """The words of ``text`` folded and stemmed, joined by spaces (what search compares)."""
    return " ".join(stem(w) for w in re.findall(r"\w+", fold(text)))


@dataclass(frozen=True)
class Citation:
    """A content item that cites a law: a quiz question, a convention rule, a glossary term."""

    file: str
    item: str
    line: int

    def __str__(self) -> str:
        return f"{self.item} ({self.file}:{self.line})"


def citations_in(documents: Iterable[Document]) -> dict[str, list[Citation]]:
    """For every law id, the content items (other than rules.yaml itself) that cite it."""
    cited: dict[str, list[Citation]] = {}
    for doc in documents:
        if doc.name.endswith("/rules.yaml"):
            continue
        for path, value in law_refs(doc.data):
            if isinstance(value, str):
                cited.setdefault(value, []).append(Citation(doc.name, doc.item_id(path), doc.line(path)))
    return cited


class StudyGuide:
    """The laws in the book's order, with navigation, search and cross-references."""

    def __init__(self, rules: RulesFile, cited_by: Mapping[str, Sequence[Citation]] | None = None) -> None:
        known = {s.id for s in rules.sections}
        self.sections: tuple[Section, ...] = tuple(rules.sections)
        by_section: dict[str, list[Entry]] = {s.id: [] for s in rules.sections}
        for entry in rules.entries:
            if entry.section in known:
                by_section[entry.section].append(entry)
        self._by_section = {k: tuple(v) for k, v in by_section.items()}
        # book order: section order first, then the order within the section
        self.entries: tuple[Entry, ...] = tuple(e for s in self.sections for e in self._by_section[s.id])
        self._index = {e.id: n for n, e in enumerate(self.entries)}
        self._cited_by = {k: tuple(v) for k, v in (cited_by or {}).items()}
        reverse: dict[str, list[str]] = {}
        for entry in self.entries:
            for ref in entry.related:
                reverse.setdefault(ref, []).append(entry.id)
        self._reverse = reverse

    # --- looking up -----------------------------------------------------------------
    def __contains__(self, entry_id: object) -> bool:
        return entry_id in self._index

    def __len__(self) -> int:
        return len(self.entries)

    def entry(self, entry_id: str) -> Entry:
        """The entry ``entry_id``; an unknown id is a :class:`ContentError` naming close ids."""
        if entry_id not in self._index:
            resolved = self.resolve(entry_id)
            if resolved is not None:
                return resolved
            raise ContentError(f"unknown law {echo(entry_id)}; try `tutor laws --search WORD`")
        return self.entries[self._index[entry_id]]

    def section(self, section_id: str) -> Section:
        for section in self.sections:
            if section.id == section_id:
                return section
        raise ContentError(f"unknown section {echo(section_id)}; sections: {', '.join(s.id for s in self.sections)}")

    def section_entries(self, section_id: str) -> tuple[Entry, ...]:
        self.section(section_id)
        return self._by_section[section_id]

    def section_of(self, entry_id: str) -> Section:
        return self.section(self.entry(entry_id).section)

    def position(self, entry_id: str) -> tuple[int, int]:
        """(1-based position of the entry in its section, number of entries in the section)."""
        entry = self.entry(entry_id)
        in_section = self._by_section[entry.section]
        return in_section.index(entry) + 1, len(in_section)

    def resolve(self, text: str) -> Entry | None:
        """An entry named loosely: ``law-12``, ``law 12``, ``12``, ``scoring 7``, ``r53``, ``law ≈53``."""
        key = text.strip().lower().replace("≈", "r")
        if key in self._index:
            return self.entries[self._index[key]]
        match = _REF_RE.match(key)
        if not match or (match.group("num").isalpha() and not match.group("r")):
            return None
        head = _HEADS[(match.group("head") or "law").lower()]
        num = match.group("num")
        for candidate in (f"{head}-r{num}",) if match.group("r") else (f"{head}-{num}", f"{head}-r{num}"):
            if candidate in self._index:
                return self.entries[self._index[candidate]]
        return None

    # --- walking ----------------------------------------------------------------------
    def first(self, section_id: str | None = None) -> Entry:
        entries = self.section_entries(section_id) if section_id else self.entries
        if not entries:
            raise ContentError(f"section {section_id!r} has no entries yet")
        return entries[0]

    def next(self, entry_id: str) -> Entry | None:
        """The entry after ``entry_id`` in the book's order (into the next section), or None at the end."""
        n = self._index[self.entry(entry_id).id] + 1
        return self.entries[n] if n < len(self.entries) else None

    def previous(self, entry_id: str) -> Entry | None:
        n = self._index[self.entry(entry_id).id] - 1
        return self.entries[n] if n >= 0 else None

    # --- searching and cross-references ----------------------------------------------
    def search(self, query: str) -> list[Entry]:
        """Entries matching a number or id (exactly) or every word of ``query`` (anywhere in the entry)."""
        query = query.strip()
        if not query:
            return []
        exact = self.resolve(query)
        if re.fullmatch(r"\d+", query):
            if len(query) > MAX_LAW_DIGITS:  # no law has such a number; int() refuses 4,300 digits and more
                return []
            number = int(query)
            hits = [e for e in self.entries if e.number == number or e.approx_number == number]
            return sorted(hits, key=lambda e: (not e.id.startswith("law-"), self._index[e.id]))
        if exact is not None:
            return [exact]
        words = normalize(query).split()
        if not words:  # only punctuation ("!!", "—"): no word to look for, so no law mentions it
            return []
        texts, vocabulary = self._search_index
        words = [self._closest(w, texts, vocabulary) for w in words]
        scored = []
        for title, body, entry in texts:
            if all(w in title or w in body for w in words):
                scored.append((0 if all(w in title for w in words) else 1, self._index[entry.id], entry))
        return [e for _, _, e in sorted(scored, key=lambda t: (t[0], t[1]))]

    @functools.cached_property
    def _search_index(self) -> tuple[list[tuple[str, str, Entry]], list[str]]:
        """Every entry's title and body normalized once, and the words they use."""
        texts = [(normalize(e.title), normalize(self._body(e)), e) for e in self.entries]
        vocabulary = sorted({w for title, body, _ in texts for w in f"{title} {body}".split()})
        return texts, vocabulary

    @staticmethod
    def _body(entry: Entry) -> str:
        return " ".join([entry.text, *entry.notes, *(f"{t.ru} {t.translit} {t.en}" for t in entry.terms),
                         *(v.text for v in entry.variants)])

    @staticmethod
    def _closest(word: str, texts: Sequence[tuple[str, str, Entry]], vocabulary: Sequence[str]) -> str:
        """``word`` if some entry has it, else the content's closest word (a slip such as "renonce")."""
        if any(word in title or word in body for title, body, _ in texts):
            return word
        close = difflib.get_close_matches(word, vocabulary, n=1, cutoff=CLOSE_WORD)
        return close[0] if close else word

    def related(self, entry_id: str) -> list[Entry]:
        """The entries this one lists as related, then those that list it, in the book's order."""
        entry = self.entry(entry_id)
        ids = [r for r in entry.related if r in self._index and r != entry.id]
        ids += [r for r in self._reverse.get(entry.id, []) if r not in ids and r != entry.id]
        return [self.entries[i] for i in sorted(self._index[r] for r in ids)]

    def cited_by(self, entry_id: str) -> tuple[Citation, ...]:
        """The quiz questions, drills and glossary terms that cite this entry."""
        return self._cited_by.get(self.entry(entry_id).id, ())
