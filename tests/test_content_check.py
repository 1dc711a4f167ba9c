"""`tutor check`: every problem of content/ reported at once as file:line: id: message.

The exact messages are part of the contract with content authors (docs/laws.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutor.cli import main
from tutor.lessons.content import BUILTIN_KINDS, ContentKind, Document, Problem, validate_model
from tutor.lessons.content import check_content as check_with
from tutor.lessons.content import kind_for as kind_in
from tutor.lessons.content.catalogue import CONTENT_KINDS, check_content
from tutor.lessons.content.models import Source

ROOT = Path(__file__).resolve().parent.parent

RULES = """\
sections:
  - id: seating
    title: Choosing seats
  - id: cutting
    title: Cutting
entries:
  - id: law-7
    section: seating
    number: 7
    kind: procedure
    title: Drawing two cards at once
    text: A player who draws two cards at once puts both back and draws again.
    sources:
      - {file: 000_3fb8f71f4f530558.txt, ref: "law 7, l.35"}
  - id: law-12
    section: cutting
    number: 12
    kind: procedure
    title: Each packet holds at least five cards
    text: Each packet of the cut holds no fewer than five cards.
    sources:
      - {file: 000_3fb8f71f4f530558.txt, ref: "law 12, l.49"}
    related: [law-7]
"""

QUIZ = """\
title: Sample
questions:
  - id: cut-packet
    kind: numeric
    laws: [law-12]
    prompt: How many cards must each packet hold at least?
    answer: 5
  - id: two-cards
    kind: choice
    laws: [law-7]
    prompt: A player drew two cards at once. What now?
    options: [Both go back and he draws again, The lower card counts]
    answer: Both go back and he draws again
"""

GLOSSARY = """\
terms:
  - id: koronka
    ru: коронка
    translit: koronka
    en: coronet
    definition: An unbroken sequence from the ace in one hand.
    law: law-12
"""


def make_content(tmp_path: Path, rules: str = RULES, quiz: str | None = QUIZ,
                 glossary: str | None = GLOSSARY) -> Path:
    root = tmp_path / "content"
    (root / "quizzes").mkdir(parents=True)
    (root / "rules.yaml").write_text(rules, encoding="utf-8")
    if quiz is not None:
        (root / "quizzes" / "laws.yaml").write_text(quiz, encoding="utf-8")
    if glossary is not None:
        (root / "glossary.yaml").write_text(glossary, encoding="utf-8")
    return root


def messages(root: Path, *extra: ContentKind) -> list[str]:
    return [str(p) for p in check_with(root, (*CONTENT_KINDS, *extra)).problems]


def test_shipped_content_passes_tutor_check(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "--content", str(ROOT / "content")])
    out = capsys.readouterr()
    assert code == 0, out.out + out.err
    assert "content OK" in out.out


def test_sample_content_is_valid(tmp_path: Path) -> None:
    root = make_content(tmp_path)
    report = check_content(root)
    assert report.problems == []
    assert report.rules is not None and [e.id for e in report.rules.entries] == ["law-7", "law-12"]
    assert report.glossary is not None and report.glossary.terms[0].en == "coronet"
    assert len(report.quizzes["quizzes/laws.yaml"].questions) == 2


def test_bad_yaml_is_reported_with_its_line(tmp_path: Path) -> None:
    root = make_content(tmp_path, RULES.replace("title: Drawing two cards", "title: Drawing: two cards"))
    # libyaml (used when PyYAML has it) and the pure-Python parser word this one differently
    problem = "in this context" if yaml.__with_libyaml__ else "here"
    assert f"content/rules.yaml:11: -: invalid YAML: mapping values are not allowed {problem}" in messages(root)


def test_unknown_field_is_reported_at_the_key(tmp_path: Path) -> None:
    rules = RULES.replace("    text: A player", "    titel: typo\n    text: A player")
    assert messages(make_content(tmp_path, rules)) == ["content/rules.yaml:12: law-7: unknown field 'titel'"]


def test_duplicate_id_names_the_first_line(tmp_path: Path) -> None:
    duplicate = RULES.split("  - id: law-12")[0].split("entries:\n")[1]
    assert messages(make_content(tmp_path, RULES + duplicate)) == [
        "content/rules.yaml:24: law-7: duplicate id 'law-7' (first at line 7)"]


def test_dangling_related_reference(tmp_path: Path) -> None:
    rules = RULES.replace("related: [law-7]", "related: [law-7, law-99]")
    assert messages(make_content(tmp_path, rules)) == [
        "content/rules.yaml:23: law-12: related: unknown law id 'law-99'"]


def test_quiz_citing_an_unknown_law(tmp_path: Path) -> None:
    quiz = QUIZ.replace("laws: [law-7]", "laws: [law-7, law-200]")
    assert messages(make_content(tmp_path, quiz=quiz)) == [
        "content/quizzes/laws.yaml:10: two-cards: laws: unknown law id 'law-200'"]


def test_glossary_citing_an_unknown_law(tmp_path: Path) -> None:
    glossary = GLOSSARY.replace("law: law-12", "law: law-73")
    assert messages(make_content(tmp_path, glossary=glossary)) == [
        "content/glossary.yaml:7: koronka: law: unknown law id 'law-73'"]


def test_python_object_tag_is_rejected_and_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    rules = RULES.replace("    text: Each packet", f'    text: !!python/object/apply:os.system ["touch {marker}"]\n'
                                                    "    old: Each packet")
    assert messages(make_content(tmp_path, rules)) == [
        "content/rules.yaml:20: -: tag '!!python/object/apply:os.system' is not allowed: content is read "
        "with yaml.safe_load, which builds plain data only"]
    assert not marker.exists()


def test_missing_source_and_bad_kind(tmp_path: Path) -> None:
    rules = RULES.replace("kind: procedure\n    title: Each", "kind: rule\n    title: Each").replace(
        '    sources:\n      - {file: 000_3fb8f71f4f530558.txt, ref: "law 12, l.49"}\n', "    sources: []\n")
    assert messages(make_content(tmp_path, rules)) == [
        "content/rules.yaml:18: law-12: kind: 'rule' is not one of 'procedure', 'bidding', 'play', "
        "'scoring', 'definition', 'variant'",
        "content/rules.yaml:21: law-12: sources: at least one source is required",
    ]


def test_unknown_seed_file_and_missing_title(tmp_path: Path) -> None:
    rules = RULES.replace("    title: Drawing two cards at once\n", "").replace(
        "{file: 000_3fb8f71f4f530558.txt, ref: \"law 7", "{file: 999.txt, ref: \"law 7")
    assert messages(make_content(tmp_path, rules)) == [
        "content/rules.yaml:7: law-7: missing field 'title'",
        "content/rules.yaml:13: law-7: file: unknown seed file '999.txt'; expected one of "
        "000_3fb8f71f4f530558.txt, 001_44755bf0242566a8.txt, 002_c68374d8f015d64a.txt, 004_8a8a8b8ede34bbe0.txt",
    ]


def test_number_must_match_the_id_and_sections_exist(tmp_path: Path) -> None:
    rules = RULES.replace("number: 7", "number: 8").replace("section: cutting", "section: cuting")
    assert messages(make_content(tmp_path, rules)) == [
        "content/rules.yaml:7: law-7: number 8 does not match id law-7",
        "content/rules.yaml:16: law-12: section: unknown section 'cuting'",
    ]


def test_duplicate_yaml_key(tmp_path: Path) -> None:
    rules = RULES.replace("    kind: procedure\n    title: Drawing", "    kind: procedure\n    kind: play\n    title: Drawing")
    assert messages(make_content(tmp_path, rules)) == [
        "content/rules.yaml:11: -: duplicate key 'kind' (first at line 10)"]


def test_numeric_answer_must_be_a_figure_of_the_cited_law(tmp_path: Path) -> None:
    quiz = QUIZ.replace("answer: 5", "answer: 6")
    assert messages(make_content(tmp_path, quiz=quiz)) == [
        "content/quizzes/laws.yaml:7: cut-packet: answer: 6 is not a figure stated by law-12"]


def test_choice_answer_must_be_an_option(tmp_path: Path) -> None:
    quiz = QUIZ.replace("answer: Both go back and he draws again", "answer: Redraw")
    assert messages(make_content(tmp_path, quiz=quiz)) == [
        "content/quizzes/laws.yaml:8: two-cards: answer 'Redraw' is not one of the options"]


def test_all_problems_are_reported_at_once_and_exit_code_is_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = RULES.replace("    text: A player", "    titel: typo\n    text: A player").replace(
        "related: [law-7]", "related: [law-99]")
    root = make_content(tmp_path, rules, quiz=QUIZ.replace("laws: [law-7]", "laws: [law-8]"),
                        glossary=GLOSSARY + "  - oops\n")
    (root / "stray.yaml").write_text("a: 1\n", encoding="utf-8")
    code = main(["check", "--content", str(root)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert "content/rules.yaml:12: law-7: unknown field 'titel'" in out
    assert "content/rules.yaml:24: law-12: related: unknown law id 'law-99'" in out
    assert "content/quizzes/laws.yaml:10: two-cards: laws: unknown law id 'law-8'" in out
    assert "content/glossary.yaml:8: -: Input should be a valid dictionary or instance of GlossaryTerm" in out
    assert any(line.startswith("content/stray.yaml:1: -: no content kind is registered") for line in out)


def test_a_broken_entry_leaves_the_others_usable(tmp_path: Path) -> None:
    root = make_content(tmp_path, RULES.replace("kind: procedure\n    title: Each", "kind: rule\n    title: Each"))
    report = check_content(root)
    assert report.rules is not None and [e.id for e in report.rules.entries] == ["law-7"]
    # the quiz question citing the broken law is reported and left out; the other still works
    assert [q.id for q in report.quizzes["quizzes/laws.yaml"].questions] == ["two-cards"]


def test_missing_rules_file(tmp_path: Path) -> None:
    root = make_content(tmp_path)
    (root / "rules.yaml").unlink()
    assert "content/rules.yaml:1: -: file is missing" in messages(root)


# --- the registry ---------------------------------------------------------------------------------

def test_registered_kind_validates_its_files_with_lines(tmp_path: Path) -> None:
    def validate_conventions(doc: Document, ctx: object) -> list[Problem]:
        problems = []
        for n, rule in enumerate(doc.data.get("rules", [])):
            if "advice" not in rule:
                problems.append(doc.problem(("rules", n), "missing advice"))
            if "sources" in rule:
                _, found = validate_model(doc, Source, ("rules", n, "sources"))
                problems += found
        return problems

    sample = ContentKind("sample-conventions/*.yaml", validate_conventions, "sample conventions")
    root = make_content(tmp_path)
    (root / "sample-conventions").mkdir()
    (root / "sample-conventions" / "bidding.yaml").write_text(
        "rules:\n  - id: open-simple\n    laws: [law-33]\n    advice: bid\n"
        "  - id: open-two\n    laws: [law-7]\n    sources: {file: x.txt, ref: l.1}\n", encoding="utf-8")
    assert messages(root, sample) == [
        "content/sample-conventions/bidding.yaml:3: open-simple: laws: unknown law id 'law-33'",
        "content/sample-conventions/bidding.yaml:5: open-two: missing advice",
        "content/sample-conventions/bidding.yaml:7: open-two: file: unknown seed file 'x.txt'; expected one of "
        "000_3fb8f71f4f530558.txt, 001_44755bf0242566a8.txt, 002_c68374d8f015d64a.txt, 004_8a8a8b8ede34bbe0.txt",
    ]


def test_the_most_specific_pattern_wins() -> None:
    kinds = (*BUILTIN_KINDS, ContentKind("quizzes/scoring.yaml", lambda doc, ctx: [], "scoring quiz"))
    kind = kind_in("quizzes/scoring.yaml", kinds)
    assert kind is not None and kind.name == "scoring quiz"
    other = kind_in("quizzes/laws.yaml", kinds)
    assert other is not None and other.name == "quiz"


def test_a_crashing_validator_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    def broken(doc: Document, ctx: object) -> list[Problem]:
        raise KeyError("boom")

    root = make_content(tmp_path)
    (root / "extra.yaml").write_text("a: 1\n", encoding="utf-8")
    assert messages(root, ContentKind("extra.yaml", broken, "extra")) == ["content/extra.yaml:1: -: validator 'extra' failed: KeyError: 'boom'"]
