"""A convention's condition values and explanation templates: what ``tutor check`` refuses, and what
the tutor does with a template that was never checked.

The standard (docs/laws.md, ``tutor check``): a malformed file is refused in one line naming the
file, the line, the rule's id and the field; nothing the check passes may crash at run time. A
condition's ``value`` must be of the kind its feature gives (``aces`` counts: a whole number), and
an explanation's ``{fields}`` are plain names of placeholders, braces paired. When a drill loads
the file, the same problem is reported at the rule's line.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.bidding import BidPosition
from tutor.engine.calls import parse_call
from tutor.engine.cards import Hand, Seat
from tutor.engine.errors import ContentError
from tutor.lessons.content.conventions import load_conventions, parse_conventions

ROOT = Path(__file__).resolve().parent.parent
RULE = "law-43-two-no-trumps-four-aces-and-face-cards"
CONDITION = '{feature: aces, op: "==", value: 4}'
HELD = "you hold {aces} aces"
FILE = "content/conventions/bidding.yaml"


def edited(tmp_path: Path, old: str, new: str) -> tuple[Path, str]:
    """A copy of content/ with the first ``old`` of bidding.yaml (inside RULE) made ``new``."""
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root)
    path = root / "conventions" / "bidding.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.index(old) > text.index(f"- id: {RULE}\n")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return root, path.read_text(encoding="utf-8")


def line_of(text: str, needle: str, after: int = 0) -> int:
    """The 1-based line of the first ``needle`` at or after line ``after``."""
    lines = text.splitlines()
    return next(n for n, line in enumerate(lines, 1) if n >= after and needle in line)


def checked(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(["check", "--content", str(root)])
    out = capsys.readouterr()
    return code, [line for line in (out.out + out.err).splitlines() if line.startswith(FILE)]


def loaded_problem(text: str) -> str:
    """What a drill is told when it loads the file: the loader's one ContentError."""
    with pytest.raises(ContentError) as err:
        parse_conventions(text, "bidding.yaml")
    return str(err.value)


BAD_VALUES = {
    "a word": ("four", "'four'"),
    "not a number": (".nan", "nan"),
    "infinite": (".inf", "inf"),
    "too large a float, read as text": ("1e999", "'1e999'"),
    "true on a count": ("true", "true"),
    "not whole": ("2.5", "2.5"),
}


@pytest.mark.parametrize("case", list(BAD_VALUES))
def test_a_value_not_of_its_features_kind_is_one_line_at_the_rule(
        case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    written, shown = BAD_VALUES[case]
    root, text = edited(tmp_path, CONDITION, f'{{feature: aces, op: ">=", value: {written}}}')
    rule_line = line_of(text, f"- id: {RULE}")
    code, problems = checked(root, capsys)
    assert code == 1
    # one line: the file, the line where the condition is written in the rule, the rule's id, the field
    condition_line = line_of(text, "{feature: aces, op: \">=\"", rule_line)
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{FILE}:{condition_line}: {RULE}: value: {shown} "), problems
    assert "aces" in problems[0]
    # a drill loading the same file is told the same, at the rule's line, and never crashes
    message = loaded_problem(text)
    assert message.startswith(f"bidding.yaml:{rule_line}: {RULE}: value: {shown} ")
    assert "\n" not in message


def test_a_yes_or_no_feature_is_not_compared_with_a_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, text = edited(tmp_path, CONDITION, '{feature: partner_passed, op: "==", value: 2}')
    code, problems = checked(root, capsys)
    assert code == 1
    line = line_of(text, "{feature: partner_passed, op: \"==\", value: 2}")
    assert problems == [f"{FILE}:{line}: {RULE}: value: 2 is not true or false (partner_passed is yes or no)"]


def test_the_drill_reports_a_bad_value_instead_of_crashing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    root, text = edited(tmp_path, CONDITION, '{feature: aces, op: ">=", value: four}')
    monkeypatch.setenv("TUTOR_CONTENT_DIR", str(root))
    code = main(["drill", "bidding", "--rule", RULE, "--seed", "1", "--answer", "2NT", "--no-consequences"])
    err = capsys.readouterr().err
    assert code != 0
    assert f"bidding.yaml:{line_of(text, f'- id: {RULE}')}: {RULE}: value: 'four'" in err
    assert "Traceback" not in err


BAD_TEMPLATES = {
    "positional": ("you hold {0} aces", "explanation {0}: "),
    "attribute access": ("you hold {aces.__class__.__mro__} aces", "explanation {aces.__class__.__mro__}: "),
    "item access": ("you hold {aces[0]} aces", "explanation {aces[0]}: "),
    "unbalanced": ("you hold {aces aces", "explanation: "),
    "a closing brace alone": ("you hold aces} aces", "explanation: "),
    "unknown name": ("you hold {acez} aces", "explanation {acez}: "),
}


@pytest.mark.parametrize("case", list(BAD_TEMPLATES))
def test_an_explanation_field_that_is_not_a_plain_name_is_one_line_at_the_rule(
        case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    template, start = BAD_TEMPLATES[case]
    root, text = edited(tmp_path, HELD, template)
    rule_line = line_of(text, f"- id: {RULE}")
    code, problems = checked(root, capsys)
    assert code == 1
    assert len(problems) == 1, problems
    # the line of the rule's explanation, its id, the field
    assert problems[0].startswith(f"{FILE}:{line_of(text, 'explanation:', rule_line)}: {RULE}: {start}"), problems
    message = loaded_problem(text)
    assert message.startswith(f"bidding.yaml:{rule_line}: {RULE}: {start}")
    assert "\n" not in message


def test_the_shipped_content_still_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--content", str(ROOT / "content")]) == 0
    assert "content OK" in capsys.readouterr().out
    assert load_conventions(sorted((ROOT / "content" / "conventions").glob("*.yaml"))).rules


def test_an_unchecked_template_cannot_reach_attributes_at_run_time() -> None:
    rule = parse_conventions((ROOT / "content" / "conventions" / "bidding.yaml").read_text(encoding="utf-8"),
                             "bidding.yaml").rule(RULE)
    position = BidPosition(Seat.S, Hand.parse("AK5.A32.AQ2.AKQJ"), Seat.S)
    # a rule built without the check: the fields that are not plain names stay as written
    unchecked = dataclasses.replace(rule, explanation=(
        "{aces.__class__.__mro__} {aces[0]} {answer.__init__.__globals__} {0} {} {aces!r} {aces:>9999} "
        "{unknown} {aces:noun}, {aces} and {answer}"))
    text = unchecked.explain(position, parse_call("2NT"))
    assert "<class" not in text and "object" not in text and "builtins" not in text
    assert text == ("{aces.__class__.__mro__} {aces[0]} {answer.__init__.__globals__} {0} {} {aces!r} "
                           "{aces:>9999} {unknown} 4 aces, 4 and 2NT")
    # a template whose braces do not pair is shown as written, not raised
    broken = dataclasses.replace(rule, explanation="you hold {aces aces")
    assert broken.explain(position, parse_call("2NT")) == "you hold {aces aces"
