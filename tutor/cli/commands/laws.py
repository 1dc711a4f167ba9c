"""``tutor laws``: study the laws in the terminal.

    tutor laws                      the sections, in the book's order
    tutor laws --section cutting    the laws of one section (or --section 4, its number in the list)
    tutor laws 12                   one law in full (also: law-12, scoring 7, r53)
    tutor laws --search revoke      every law mentioning a word (or a number)
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from tutor.cli.commands import SUMMARIES
from tutor.engine.errors import ContentError, echo
from tutor.engine.nouns import count_of
from tutor.lessons.content import Entry, content_dir
from tutor.lessons.content.cache import content_report
from tutor.lessons.content.catalogue import check_content
from tutor.lessons.laws.glossary import search_laws
from tutor.lessons.laws.study import StudyGuide, citations_in
from tutor.lessons.words import cited_source, learner_words, practised_in

WIDTH = 88


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("laws", help=SUMMARIES["laws"])
    parser.add_argument("id", nargs="?", help="a law to show: 12, law-12, scoring 7, note-3, r53")
    parser.add_argument("--section", metavar="S",
                        help="list the laws of section S: its number or its id, as tutor laws lists them (4, cutting)")
    parser.add_argument("--search", metavar="WORD", help="find the laws mentioning WORD (or numbered WORD)")
    parser.add_argument("--content", type=Path, default=None, metavar="DIR", help=argparse.SUPPRESS)
    parser.set_defaults(func=run)


def load_guide(content: Path | None) -> StudyGuide:
    """The guide to ``content`` (``None``: the shipped content, validated once per process through
    the app's cache - the same report, not validated again by every in-process call)."""
    report = content_report() if content is None else check_content(content)
    if report.problems:
        print(f"note: content has {count_of(len(report.problems), 'problem')}; run `tutor check`", file=sys.stderr)
    if report.rules is None:
        raise ContentError(f"{content or content_dir()}/rules.yaml could not be loaded; run `tutor check`")
    return StudyGuide(report.rules, citations_in(report.documents.values()))


def wrap_text(text: str, indent: str = "", first: str | None = None) -> str:
    paras = [p for p in text.split("\n\n") if p.strip()]
    return "\n\n".join(
        textwrap.fill(" ".join(p.split()), WIDTH, initial_indent=first if first is not None and n == 0 else indent,
                      subsequent_indent=indent)
        for n, p in enumerate(paras))


def show_entry(guide: StudyGuide, entry: Entry) -> str:
    """A law as the laws page shows it, in the learner's words: its label (``Law 28``, what ``tutor laws``
    takes to show it), the sources by name (the book, the Russian summary...), never an id or a file."""
    position, count = guide.position(entry.id)
    section = guide.section(entry.section)
    lines = [f"{entry.label}: {entry.title}",
             f"{section.title}, {position} of {count} · {entry.kind}"
             + (" · recovered from the summaries" if entry.recovered else ""), "",
             wrap_text(entry.text), ""]
    if entry.terms:
        lines.append("Russian terms: " + "; ".join(f"{t.ru} ({t.translit}) = {t.en}" for t in entry.terms))
    for note in entry.notes:
        lines.append(wrap_text(learner_words(note), "        ", first="  note: "))
    for variant in entry.variants:  # what the reading is, as the page names it (not the digest's conflict)
        lines.append(wrap_text(variant.text, "    ", first=f"  another reading, {variant.id.replace('-', ' ')}: "))
        lines += [f"    source: {cited_source(s)}" for s in variant.sources]
    lines += ["Sources:"] + [f"  {cited_source(s)}" for s in entry.sources]
    related = guide.related(entry.id)
    if related:
        lines.append("Related: " + ", ".join(f"{r.label} ({r.title})" for r in related))
    cited = guide.cited_by(entry.id)
    if cited:
        lines.append("Practised in: " + practised_in(c.file for c in cited))
    prev, nxt = guide.previous(entry.id), guide.next(entry.id)
    lines.append(f"Previous: {prev.label if prev else '-'}   Next: {nxt.label if nxt else '-'}")
    return "\n".join(lines)


def _listed(entries: Sequence[Entry], indent: str = "") -> str:
    """Laws a line each, their titles in one column ("Law ≈106 (recovered)" pushed it out at 14)."""
    width = max((len(e.label) for e in entries), default=0)
    return "\n".join(f"{indent}{e.label:<{width}}  {e.title}" for e in entries)


def section_id(guide: StudyGuide, given: str) -> str:
    """The section ``given`` names: its id, or the number ``tutor laws`` lists it by (from 1)."""
    text = given.strip()
    if text.isascii() and text.isdigit() and len(text) <= 3:  # noqa: PLR2004 -- a short number, not a flood
        number = int(text)
        if not 1 <= number <= len(guide.sections):
            raise ContentError(f"no section {number}: tutor laws lists sections 1 to {len(guide.sections)}")
        return guide.sections[number - 1].id
    return text


def run(args: argparse.Namespace) -> int:
    guide = load_guide(args.content)
    if args.search:
        found = search_laws(guide, content_report().glossary, args.search)
        if found.instead is not None:
            print(found.note(args.search))
        if found.hits:
            print(_listed(found.hits))
        print(f"{count_of(len(found.hits), 'law')} found for {echo(args.search)}", file=sys.stderr)
        return 0 if found.hits else 1
    if args.id:
        print(show_entry(guide, guide.entry(args.id)))
        return 0
    if args.section:
        section = guide.section(section_id(guide, args.section))
        print(section.title)
        print(_listed(guide.section_entries(section.id), "  "))
        return 0
    for n, section in enumerate(guide.sections, 1):
        count = len(guide.section_entries(section.id))
        print(f"{n:>2}. {section.id:<20} {count:>3}  {section.title}")
    print("\n`tutor laws --section 4` (or its id) lists a section; `tutor laws 12` shows law 12.")
    return 0
