"""Loading convention files (tutor.lessons.content.conventions): every problem, located, at once."""

from __future__ import annotations

import pytest

from tutor.engine.errors import ContentError
from tutor.lessons.content.catalogue import kind_for
from tutor.lessons.content.conventions import conventions_for, parse_conventions

GOOD = """\
conventions:
- id: three-aces
  kind: bid
  title: Three aces
  laws: [law-41]
  priority: 90
  when:
    situation: first_call
    conditions:
      - {feature: aces, op: ">=", value: 3}
  recommend: {chooser: lowest_bid, args: {strain: NT, max_level: 1}}
  explanation: With three aces say no-trumps (law 41).
"""


def test_the_shipped_bidding_conventions_load_with_lines_and_hints() -> None:
    loaded = conventions_for("bidding")
    assert len(loaded.of_kind("bid")) >= 30
    assert loaded.lines["law-41-no-trumps-three-or-four-aces"].startswith("content/conventions/bidding.yaml:")
    assert loaded.drill_hints["law-46-show-the-long-suit-after-partners-no-trumps"]["partner"]
    assert {lesson["id"] for lesson in loaded.lessons} == {"law-49-spades-dialogue", "law-50-short-suits"}


def test_a_good_file_becomes_engine_rules() -> None:
    (rule,) = parse_conventions(GOOD, "x.yaml").rules
    assert (rule.id, rule.situation, rule.chooser, rule.laws) == ("three-aces", "first_call", "lowest_bid",
                                                                   ("law-41",))


def test_a_top_level_list_and_a_rules_key_are_accepted_too() -> None:
    body = GOOD.split("conventions:\n", 1)[1]
    assert parse_conventions(body).rules[0].id == "three-aces"
    assert parse_conventions("rules:\n" + body).rules[0].id == "three-aces"


@pytest.mark.parametrize(("old", "new", "message"), [
    ("feature: aces", "feature: acez", "unknown feature 'acez'"),
    ("situation: first_call", "situation: first_cal", "unknown situation 'first_cal'"),
    ("chooser: lowest_bid", "chooser: lowest", "unknown chooser 'lowest'"),
    ("laws: [law-41]", "laws: [law 41]", "bad law id 'law 41'"),
    ('op: ">="', 'op: "=>"', "when.conditions.0.op"),
    ("priority: 90", "priority: high", "priority"),
    ("kind: bid", "kind: lead", "situation 'first_call' is not for kind 'lead'"),
])
def test_each_problem_is_reported_as_file_line_id_message(old: str, new: str, message: str) -> None:
    with pytest.raises(ContentError) as err:
        parse_conventions(GOOD.replace(old, new), "content/conventions/x.yaml")
    text = str(err.value)
    assert text.startswith("content/conventions/x.yaml:2: three-aces: "), text
    assert message in text


def test_every_problem_of_a_file_is_reported_at_once() -> None:
    second = GOOD.split("conventions:\n", 1)[1].replace("three-aces", "three-aces").replace("aces, op", "acez, op")
    with pytest.raises(ContentError) as err:
        parse_conventions(GOOD.replace("chooser: lowest_bid", "chooser: nope") + second, "f.yaml")
    lines = str(err.value).splitlines()
    assert any("unknown chooser 'nope'" in line for line in lines)
    assert any("duplicate id" in line and line.startswith("f.yaml:13:") for line in lines)


def test_bad_yaml_and_bad_shapes_are_content_errors() -> None:
    with pytest.raises(ContentError, match="invalid YAML"):
        parse_conventions("conventions: [", "f.yaml")
    with pytest.raises(ContentError, match="unknown top-level key"):
        parse_conventions("convention: []", "f.yaml")
    for text in ("a: !!int x\n", "a: \x00", "conventions: 3"):
        with pytest.raises(ContentError):
            parse_conventions(text, "f.yaml")


def test_tutor_check_covers_the_bidding_conventions() -> None:
    kind = kind_for("conventions/bidding.yaml")
    assert kind is not None and "bidding" in kind.name


def test_docs_list_every_bidding_convention() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "bidding.md").read_text(encoding="utf-8")
    for rule in conventions_for("bidding").of_kind("bid"):
        assert f"`{rule.id}`" in text, rule.id
