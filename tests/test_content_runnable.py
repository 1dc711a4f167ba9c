"""`tutor check` reads what only the drills and lessons read at run time, and refuses it at its line.

Each case edits a copy of the shipped content/ and expects ONE problem (or one real problem): the
file, the line of the rule (a lesson's field, a YAML value), the item id and the field named.
The lines are found here by searching the edited text, not by the checker's line map.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tutor.lessons.content.catalogue import check_content

ROOT = Path(__file__).resolve().parent.parent
BIDDING = "conventions/bidding.yaml"
RULE = "law-43-two-no-trumps-four-aces-and-face-cards"
HAND_HINT = "  drill:\n    hand:\n      - {suit: any, cards: K}\n      - {suit: other, cards: Q}\n"


def edited(tmp_path: Path, rel: str, old: str, new: str) -> Path:
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root)
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


def line_of(root: Path, rel: str, text: str) -> int:
    """The line (1-based) where ``text`` first starts in the file."""
    content = (root / rel).read_text(encoding="utf-8")
    return content[:content.index(text)].count("\n") + 1


def only_problem(root: Path) -> tuple[str, int, str, str]:
    problems = check_content(root).problems
    assert len(problems) == 1, [str(p) for p in problems]
    p = problems[0]
    return p.file, p.line, p.item, p.message


def test_the_shipped_content_still_passes() -> None:
    assert [str(p) for p in check_content(ROOT / "content").problems] == []


@pytest.mark.parametrize(("hint", "said"), [
    ("  drill:\n    hand: 7\n", "drill.hand"),
    ("  drill:\n    hand:\n      - {suit: any, cards: ZZ}\n", "drill.hand[0]: cards"),
    ("  drill:\n    hand:\n      - {suit: nope, cards: K}\n", "drill.hand[0]: suit"),
    ("  drill:\n    hand:\n      - {suit: any, cards: K, length: [9, 2]}\n", "drill.hand[0]: length"),
    ("  drill:\n    partner: no-such-rule\n", "drill.partner"),
    ("  drill:\n    max_round: two\n", "drill.max_round"),
    ("  drill:\n    partner_names: {suit: nope}\n", "drill.partner_names: suit"),
    ("  drill:\n    hands: []\n", "drill: unknown hint 'hands'"),
])
def test_a_bad_drill_hint_is_refused_at_the_rules_line(tmp_path: Path, hint: str, said: str) -> None:
    root = edited(tmp_path, BIDDING, HAND_HINT, hint)
    file, line, item, message = only_problem(root)
    assert file.endswith(BIDDING)
    assert line == line_of(root, BIDDING, f"- id: {RULE}\n")
    assert item == RULE
    assert message.startswith(said), message


def test_a_bad_call_in_a_rule_is_refused_at_the_rules_line(tmp_path: Path) -> None:
    root = edited(tmp_path, BIDDING, "args: {call: 2NT}", "args: {call: 9NT}")
    file, line, item, message = only_problem(root)
    assert file.endswith(BIDDING)
    assert line == line_of(root, BIDDING, f"- id: {RULE}\n")
    assert item == RULE
    assert message.startswith("recommend.args.call: ") and "9NT" in message


@pytest.mark.parametrize(("old", "new", "field", "said"), [
    ("    - you: 1S\n", "    - you: 9S\n", "rounds[0].you: ", "9S"),  # a call no auction has (law 31)
    ("  hand: AK543.A2.KQ2.KQJ\n", "  hand: AK543.A2.KQ2.KQK\n", "hand: ", "twice"),  # a card twice
])
def test_a_bad_call_or_hand_in_a_lesson_is_refused_at_its_line(tmp_path: Path, old: str, new: str, field: str,
                                                                said: str) -> None:
    root = edited(tmp_path, BIDDING, old, new)
    file, line, item, message = only_problem(root)
    assert file.endswith(BIDDING)
    assert line == line_of(root, BIDDING, new)
    assert item == "law-49-spades-dialogue"
    assert message.startswith(field) and said in message


def test_a_lesson_the_lessons_model_refuses_is_refused_at_its_line(tmp_path: Path) -> None:
    root = edited(tmp_path, BIDDING, "  hand: AK543.A2.KQ2.KQJ\n", "  hand: [AK543]\n")
    file, line, item, message = only_problem(root)
    assert (file.endswith(BIDDING), line, item) == (True, line_of(root, BIDDING, "  hand: [AK543]\n"),
                                                    "law-49-spades-dialogue")
    assert message.startswith("hand: ")


@pytest.mark.parametrize(("rel", "old", "new", "said"), [
    ("rules.yaml", "    number: 12\n", "    number: 1" + "0" * 5000 + "\n", "digits"),
    ("glossary.yaml", "terms:\n", "x: !!timestamp abc\nterms:\n", "not a date"),
    ("glossary.yaml", "terms:\n", "x: !!int abc\nterms:\n", "not a whole number"),
])
def test_a_value_yaml_cannot_build_is_reported_at_its_line_in_plain_words(
        tmp_path: Path, rel: str, old: str, new: str, said: str) -> None:
    root = edited(tmp_path, rel, old, new)
    file, line, _, message = only_problem(root)
    assert file.endswith(rel)
    assert line == line_of(root, rel, new.splitlines()[0] if rel != "glossary.yaml" else "x: ")
    assert said in message
    assert not any(word in message for word in ("sys.", "NoneType", "groupdict", "Error"))


def test_entries_that_are_not_a_list_are_one_problem_not_a_cascade(tmp_path: Path) -> None:
    root = edited(tmp_path, "rules.yaml", "entries:\n", "entries: hello\nxentries:\n")
    messages = [str(p) for p in check_content(root).problems]
    assert not [m for m in messages if "unknown law id" in m], messages[:5]
    assert any(m.endswith("entries: expected a list") and "rules.yaml" in m for m in messages), messages
    assert len(messages) <= 2, messages
