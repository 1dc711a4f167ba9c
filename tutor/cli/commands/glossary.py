"""``tutor glossary``: the terms of Vint, and the term behind any word of the sources.

    tutor glossary          every term: its English name, the Russian word and its transliteration
    tutor glossary bribe    the term a word names (English, Russian, or the sources' rendering), in full
"""

from __future__ import annotations

import argparse
import sys

from tutor.cli.commands import SUMMARIES
from tutor.cli.commands.laws import wrap_text
from tutor.engine.errors import ContentError, echo
from tutor.lessons.content.cache import content_report
from tutor.lessons.content.models import GlossaryTerm
from tutor.lessons.laws.glossary import term_named
from tutor.lessons.words import law_name


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("glossary", help=SUMMARIES["glossary"], description=SUMMARIES["glossary"])
    parser.add_argument("word", nargs="?", help="a word to look up: the English name, the Russian word, its "
                                                "transliteration, or the sources' rendering (bribe, oners, crowns)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    glossary = content_report().glossary
    if glossary is None:
        raise ContentError("the glossary could not be loaded; run `tutor check`")
    if args.word is None:
        terms = sorted(glossary.terms, key=lambda t: t.en.lower())
        width = max(len(t.en) for t in terms)
        for term in terms:
            print(f"{term.en:<{width}}  {term.ru} ({term.translit})")
        print(f"\n{len(terms)} terms: `tutor glossary WORD` shows one in full.")
        return 0
    named = term_named(glossary, args.word)
    if named is None:
        print(f"No term is named {echo(' '.join(args.word.split()))}: `tutor glossary` lists them; "
              "`tutor laws --search WORD` searches the laws.", file=sys.stderr)
        return 1
    print(shown(named))
    return 0


def shown(term: GlossaryTerm) -> str:
    """A term in full, as the glossary page's row shows it."""
    lines = [f"{term.en} — {term.ru} ({term.translit})", wrap_text(term.definition, "    ")]
    if term.law:
        lines.append(f"    Defined by {law_name(term.law)}.")
    if term.also_seen_as:
        lines.append(wrap_text(f"Also seen in the sources as: {', '.join(term.also_seen_as)}.", "    "))
    return "\n".join(lines)


__all__ = ["register", "run", "shown"]
