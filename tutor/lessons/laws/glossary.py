"""The glossary's words: a term found by any of its names, and a search that speaks the sources' words.

The sources are machine translations ("bribe" for a trick, "oner" for an honour): a learner who
reads them looks up their words. :func:`term_named` finds the term behind any of its names — its
English name, the Russian word, its transliteration or a rendering the sources use — and
:func:`search_laws` searches the laws for the term's English name as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.lessons.content.models import Entry, GlossaryFile, GlossaryTerm
from tutor.lessons.laws.study import StudyGuide, normalize


def english_name(term: GlossaryTerm) -> str:
    """The term's English name without its gloss: "odd tricks" for "odd tricks (the tricks a side takes beyond six)"."""
    return term.en.split(" (")[0]


def term_named(glossary: GlossaryFile | None, word: str) -> GlossaryTerm | None:
    """The term one of whose names is ``word`` (case, accents and a plural's ending aside), else ``None``.

    >>> from tutor.lessons.content.cache import content_report
    >>> term_named(content_report().glossary, "Bribe").en
    'trick'
    """
    wanted = normalize(word)  # folded and stemmed: "Oners" is "oner"
    if glossary is None or not wanted:
        return None
    for term in glossary.terms:
        names = (term.id, term.ru, term.translit, term.en, english_name(term), *term.also_seen_as)
        if any(normalize(name) == wanted for name in names):
            return term
    return None


@dataclass(frozen=True)
class LawSearch:
    """The laws a search found, and the glossary term it searched for instead of the word typed (if any)."""

    hits: Sequence[Entry]
    instead: GlossaryTerm | None = None

    def note(self, typed: str) -> str:
        """Why laws that do not mention the word typed are listed: "“bribe” is the sources' word for trick
        (взятка): the laws on it are listed too"; empty when the glossary was not needed."""
        term = self.instead
        if term is None:
            return ""
        russian = normalize(typed) in (normalize(term.ru), normalize(term.translit))
        said = f"the Russian for {english_name(term)}" if russian else \
            f"the sources' word for {english_name(term)} ({term.ru})"
        return f"“{' '.join(typed.split())}” is {said}: the laws on it are listed too"


def search_laws(guide: StudyGuide, glossary: GlossaryFile | None, query: str) -> LawSearch:
    """:meth:`StudyGuide.search`; when the glossary names a term by ``query`` (a rendering of the sources,
    the Russian word), the laws mentioning the term's English name, then the others found."""
    hits = guide.search(query)
    term = term_named(glossary, query)
    if term is None or normalize(english_name(term)) == normalize(query):
        return LawSearch(hits)
    named = guide.search(english_name(term))  # first: the word typed may have found laws only by a near spelling
    found = {entry.id for entry in named}
    return LawSearch([*named, *(e for e in hits if e.id not in found)], term)


__all__ = ["LawSearch", "english_name", "search_laws", "term_named"]
