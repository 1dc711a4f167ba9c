"""The ledger names no word of the vocabulary: its bounds come from the words' own realisers.

The architecture rule (DEVELOPING.md, "The vocabulary of the conventions"): each word is one
record, test, label and realiser together, and nothing elsewhere keys a table by its name.
Checked on the source with ``ast``: no string literal of ``tutor/lessons/cost/ledger.py`` is
the name of a word of the bidding vocabulary, a comparison symbol (the one comparison table
is ``vocabulary.COMPARISONS``) or a seat's name (the one seat-name table is ``cards.SEAT_NAMES``),
and no rank is written out (the ranks a bound counts come from its card set).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tutor.engine.cards import SEAT_NAMES
from tutor.engine.conventions.vocabularies import BIDDING
from tutor.engine.conventions.vocabulary import COMPARISONS

LEDGER = Path(__file__).resolve().parent.parent / "tutor" / "lessons" / "cost" / "ledger.py"


def _tree() -> ast.Module:
    return ast.parse(LEDGER.read_text(encoding="utf-8"))


def _literals() -> set[str]:
    return {node.value for node in ast.walk(_tree()) if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def test_the_ledger_names_no_word_of_the_vocabulary() -> None:
    names = {name for _, name in BIDDING.words}
    assert len(names) > 50 and {"aces", "length", "shortest_length", "longest_length"} <= names
    assert not _literals() & names


def test_the_ledger_keeps_no_table_of_comparisons_or_seat_names() -> None:
    literals = _literals()
    assert not literals & set(COMPARISONS)
    assert not literals & set(SEAT_NAMES.values())


def test_the_ledger_writes_out_no_rank() -> None:
    ranks = [node.attr for node in ast.walk(_tree())
             if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "Rank"]
    assert not ranks
