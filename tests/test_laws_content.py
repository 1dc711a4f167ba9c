"""content/rules.yaml holds every law of the seeds, cited, in the book's order (issue 4)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tutor.lessons.content import Entry, RulesFile
from tutor.lessons.content.catalogue import check_content

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
sys.path.insert(0, str(ROOT / "tools"))
import merge_rules  # noqa: E402


@pytest.fixture(scope="module")
def rules() -> RulesFile:
    report = check_content(CONTENT)
    assert report.rules is not None, [str(p) for p in report.problems]
    return report.rules


@pytest.fixture(scope="module")
def entries(rules: RulesFile) -> dict[str, Entry]:
    return {e.id: e for e in rules.entries}


#: The numbered laws the seeds contain: the book lacks pages 34-35 and 38-39 (laws ~53-73, ~88-109).
BOOK_LAWS = [*range(1, 53), *range(74, 88), *range(110, 181)]


@pytest.mark.parametrize("number", BOOK_LAWS)
def test_every_numbered_law_of_the_seeds_is_present_with_a_source(entries: dict[str, Entry], number: int) -> None:
    entry = entries.get(f"law-{number}")
    assert entry is not None, f"law {number} is missing from content/rules.yaml"
    assert entry.number == number and entry.sources and not entry.recovered


@pytest.mark.parametrize("entry_id", [f"note-{n}" for n in range(1, 10)] + [f"scoring-{n}" for n in range(1, 23)])
def test_every_note_and_scoring_rule_is_present_with_a_source(entries: dict[str, Entry], entry_id: str) -> None:
    assert entry_id in entries and entries[entry_id].sources


def test_recovered_laws_are_flagged_and_cited(entries: dict[str, Entry]) -> None:
    recovered = [e for e in entries.values() if e.id.startswith("law-r")]
    assert len(recovered) >= 30  # the digest rebuilds 37 entries of pages 34-35 and 38-39
    for entry in recovered:
        assert entry.recovered and entry.sources
        assert entry.section in ("missing-34-35", "missing-38-39", "irregularities"), entry.id


def test_sections_follow_schema_order_with_titles(rules: RulesFile) -> None:
    assert [s.id for s in rules.sections] == merge_rules.section_order(CONTENT / "SCHEMA.md")
    assert all(s.title for s in rules.sections)


def test_entries_follow_the_sections_order(rules: RulesFile) -> None:
    order = {s.id: n for n, s in enumerate(rules.sections)}
    positions = [order[e.section] for e in rules.entries]
    assert positions == sorted(positions)


def test_numbered_laws_are_in_the_books_order(rules: RulesFile) -> None:
    numbers = [e.number for e in rules.entries if e.id.startswith("law-") and e.number is not None]
    assert numbers == sorted(numbers)


def test_variants_for_two_three_and_five_players_have_their_sections(rules: RulesFile) -> None:
    sections = {e.section for e in rules.entries}
    assert {"two-players", "three-players", "five-players"} <= sections


def test_rules_yaml_is_the_merge_of_the_parts() -> None:
    text, used = merge_rules.merge(CONTENT)
    assert (CONTENT / "rules.yaml").read_text(encoding="utf-8") == text, \
        "content/rules.yaml is out of date: run python tools/merge_rules.py"
    assert used[:3] == ["rules-part1.yaml", "rules-part2.yaml", "rules-part3.yaml"]


#: Every conflict of laws-digest.md section 26 -> the entries that must carry it as a variant or a note.
CONFLICTS: dict[str, tuple[str, ...]] = {
    "C1": ("scoring-7",),            # partie bonus 1000 / 100
    "C2": ("scoring-9",),            # X signs 500-1000-1500 / 500-1000
    "C3": ("scoring-17",),           # no-trump ace in "three" 750 / 700
    "C4": ("law-24",),               # dealer's 14th card 2000 / 20
    "C5": ("law-5",),                # suit order of Solo Whist differs
    "C6": ("law-25",),               # uncut pack noticed / not noticed
    "C7": ("law-22",),               # wrong count: after the lead / after the bidding
    "C8": ("law-134",),              # A Q with partner's king
    "C9": ("law-129",),              # trump leads after both follow
    "C10": ("law-126",),             # partner's / opponent's suit
    "C11": ("law-136",),             # Q J and two more / Q J third
    "C12": ("law-139", "law-140"),   # A Q and two more / A Q third
    "C13": ("law-157",),             # dropped card: penalty or none
    "C14": ("law-r59",),             # raise to four
    "C15": ("law-r58",),             # same suits / same suit
    "C16": ("law-r93",),             # A with Q or J / A Q and J
    "C17": ("law-86", "law-rf"),     # leading from A K Q
    "C18": ("scoring-17", "scoring-18"),  # four aces at no-trumps
    "C19": ("two-1", "two-2", "two-3", "two-4", "two-5"),  # four or five ways for two
    "C20": ("law-26", "note-6"),     # when a pack may be changed
    "C21": ("three-2", "three-3"),   # three-player settlement typo
    "C22": ("scoring-8", "scoring-10", "law-re"),  # raspasovka
    "C23": ("law-14",),              # next in turn / by seniority
    "C24": ("law-25",),              # partners' / opponents' pack
    "C25": ("law-153",),             # who may ask about a failure to follow
    "C26": ("law-160",),             # first discard rule
    "C27": ("scoring-10",),          # extra tricks of a played-out deal
    "C28": ("law-118",),             # trump leads in small games
    "C29": ("law-116",),             # whose void
    "C30": ("scoring-11",),          # Thai garble of honour values
    "C31": ("law-21",),              # "withdraw or grant" = cut or deal
    "C32": ("law-36", "law-52", "law-r54"),  # six or seven sure tricks for a direct "two"
}


def _carries(entry: Entry, conflict: str) -> bool:
    pattern = re.compile(rf"\b{conflict}\b")
    return any(v.conflict == conflict for v in entry.variants) or any(pattern.search(n) for n in entry.notes)


def test_conflict_table_covers_c1_to_c32() -> None:
    assert sorted(CONFLICTS, key=lambda c: int(c[1:])) == [f"C{n}" for n in range(1, 33)]


@pytest.mark.parametrize("conflict", list(CONFLICTS))
def test_every_conflict_of_the_digest_appears_as_a_variant_or_note(
        entries: dict[str, Entry], conflict: str) -> None:
    candidates = [entries[i] for i in CONFLICTS[conflict] if i in entries]
    assert candidates, f"{conflict}: none of {CONFLICTS[conflict]} is in rules.yaml"
    assert any(_carries(e, conflict) for e in candidates), \
        f"{conflict} is not a variant or note of {', '.join(CONFLICTS[conflict])}"


def test_variants_cite_their_other_source(entries: dict[str, Entry]) -> None:
    for entry in entries.values():
        for variant in entry.variants:
            assert variant.sources, f"{entry.id}: variant {variant.id} has no source"
