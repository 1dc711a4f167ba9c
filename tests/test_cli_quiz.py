"""``tutor quiz``: the law quiz and the scoring quiz at the terminal, recorded as the pages record them.

The law questions' answers come from the content (``content/quizzes/*.yaml``, written from the book, and
the questions generated from the book's figures); a section's laws from ``tutor laws --section``'s listing.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from test_cli_no_bookkeeping import ENGINE_CALL, MARKDOWN
from test_pages_no_bookkeeping import BOOKKEEPING

from tutor.cli import main
from tutor.cli.inputs import MAX_REFUSALS
from tutor.lessons.content.cache import content_report
from tutor.lessons.laws.question import VINT, Question
from tutor.lessons.laws.quiz import question_pool
from tutor.lessons.laws.study import StudyGuide
from tutor.lessons.progress import open_store
from tutor.lessons.scoring import make_question


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "p.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(path))
    return path


def _guide() -> StudyGuide:
    report = content_report()
    assert report.rules is not None
    return StudyGuide(report.rules)


def _questions() -> dict[str, Question]:
    report = content_report()
    laws = {entry.id for entry in _guide().entries}
    return {q.asked: q for q in question_pool(sorted(report.quizzes.items()), laws, game=VINT)}


def _asked(out: str) -> list[str]:
    """Each question's text, the line after its "Question k of n" heading."""
    lines = out.splitlines()
    return [lines[i + 1] for i, line in enumerate(lines) if re.match(r"Question \d+ of \d+ · ", line)]


def _run(argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    main(argv)
    return capsys.readouterr().out


def test_the_content_s_answers_score_every_question_right(db: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    pool = _questions()
    typed = ""
    for count in range(4):  # each question answered as its content writes the answer, one more each run
        out = _run(["quiz", "laws", "--seed", "7", "--count", "4"], typed, monkeypatch, capsys)
        asked = _asked(out)
        assert len(asked) == count + 1 and f"Stopped after {count} of 4 questions" in out, out
        typed += f"{pool[asked[-1]].answer}\n"
    out = _run(["quiz", "laws", "--seed", "7", "--count", "4"], typed, monkeypatch, capsys)
    assert "Quiz finished: 4 of 4 right." in out, out
    assert not MARKDOWN.findall(out) and not BOOKKEEPING.findall(out), out
    for question in (pool[text] for text in _asked(out)):  # each answer explained by quoting its laws
        for law in question.laws:
            title = _guide().entry(law).title
            assert title in out, (title, out)
    with open_store(db) as store:
        answers = store.answers()
    quiz = [a.answer for a in answers if a.answer.item_kind == "quiz"]
    assert len(quiz) == 0 + 1 + 2 + 3 + 4 and all(a.correct for a in quiz)  # each run recorded its answers


def test_a_wrong_answer_is_told_with_the_content_s_answer(db: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    pool = _questions()
    out = _run(["quiz", "laws", "--seed", "11", "--count", "1"], "", monkeypatch, capsys)
    question = pool[_asked(out)[0]]
    choices = re.findall(r"^  \d+\. (.+)$", out, re.M)
    wrong = next((c for c in choices if c != question.answer), "999")
    out = _run(["quiz", "laws", "--seed", "11", "--count", "1"], f"{wrong}\n", monkeypatch, capsys)
    assert f"Not quite: the answer is {question.answer}." in out and "Quiz finished: 0 of 1 right." in out, out
    assert f"Answer: {question.answer}" not in out  # said once, not twice


def test_a_section_s_quiz_asks_only_about_its_laws(db: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    listing = _run(["laws", "--section", "4"], "", monkeypatch, capsys)
    labels = set(re.findall(r"^  (Law [≈\d]+(?: \(recovered\))?)  ", listing, re.M))
    assert labels, listing
    out = _run(["quiz", "laws", "--section", "4", "--count", "50", "--seed", "1"], "", monkeypatch, capsys)
    assert out.startswith("Quiz on the laws (seed 1): " + listing.splitlines()[0]), out
    heading = re.search(r"Question 1 of \d+ · (.+)", out)
    assert heading and set(heading.group(1).split(", ")) & labels, (heading, labels)


def test_a_scoring_sheet_is_checked_entry_by_entry_and_recorded(db: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    question = make_question("honours", 3)
    out = _run(["quiz", "scoring", "--level", "honours", "--seed", "3"], "0\n" * len(question.blanks),
               monkeypatch, capsys)
    wrong = [b for b in question.blanks if b.expected]
    assert wrong and f"{len(question.blanks) - len(wrong)} of {len(question.blanks)} entries right." in out, out
    assert out.count("✗") == len(wrong) and "the sheet has" in out, out
    assert not MARKDOWN.findall(out) and not BOOKKEEPING.findall(out) and not ENGINE_CALL.findall(out), out
    right = "".join(f"{b.expected}\n" for b in question.blanks)
    out = _run(["quiz", "scoring", "--level", "honours", "--seed", "3"], right, monkeypatch, capsys)
    assert "All right!" in out, out
    with open_store(db) as store:
        answers = [a.answer for a in store.answers() if a.answer.item_kind == "scoring"]
    assert [a.correct for a in answers] == [False, True] and all(a.item_id == "honours" for a in answers)


def test_a_sheet_left_unfinished_records_nothing_and_endless_slips_stop(db: Path, monkeypatch: pytest.MonkeyPatch,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["quiz", "scoring", "--level", "tricks", "--seed", "2"], "0\n", monkeypatch, capsys)
    assert "Nothing recorded" in out, out
    monkeypatch.setattr("sys.stdin", io.StringIO("ten\n" * 100))
    assert main(["quiz", "scoring", "--level", "tricks", "--seed", "2"]) == 2  # noqa: PLR2004 -- one line, refused
    captured = capsys.readouterr()
    assert captured.out.count("'ten' is not a number of points") == MAX_REFUSALS and "stopping here" in captured.err
    with open_store(db) as store:
        assert not store.answers()


def test_an_entry_named_by_a_letter_keeps_it(db: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A rubber's sheet said "North-South, x marks": the X of a passed-out deal (scoring rule 8) is a letter."""
    question = make_question("rubber", 2)
    assert any(b.label == "X marks" for b in question.blanks)
    out = _run(["quiz", "scoring", "--level", "rubber", "--seed", "2"], "0\n" * len(question.blanks),
               monkeypatch, capsys)
    assert "North-South, X marks:" in out and "x marks" not in out, out


def _content_levels() -> dict[str, dict[str, object]]:
    """The scoring quiz's content as written (``content/quizzes/scoring.yaml``), read here on its own."""
    import yaml

    return yaml.safe_load((Path(__file__).resolve().parents[1] / "content/quizzes/scoring.yaml").read_text())


def test_a_missed_sheet_is_listed_by_its_entries_names(db: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor progress`` listed a missed sheet as "Scoring: you wrote honours:NS=0, honours:EW=0; the book
    writes honours:NS=0, honours:EW=4000", and ``tutor review --list`` (the teacher's view, the assignments) its
    level as "scoring"."""
    content = _content_levels()
    title = next(level["title"] for level in content["levels"] if level["id"] == "honours")
    label = content["groups"]["honours"]["label"]
    question = make_question("honours", 3)
    _run(["quiz", "scoring", "--level", "honours", "--seed", "3"], "0\n" * len(question.blanks), monkeypatch, capsys)
    missed = [b for b in question.blanks if b.expected]
    out = _run(["progress"], "", monkeypatch, capsys)
    line = next(line for line in out.splitlines() if "missed:" in line)
    assert f"(“{title}”)" in line and str(label).lower() in line and "honours:" not in line, line
    assert all(f"you wrote 0, the sheet has {b.expected}" in line for b in missed), line
    from tutor.lessons.progress.report import Names

    assert Names.read().item("scoring", "honours") == f"Scoring quiz: {title}"  # as the review's list names it


def test_a_missed_rubber_sheet_names_three_entries_and_counts_the_rest(db: Path, monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    question = make_question("rubber", 2)
    _run(["quiz", "scoring", "--level", "rubber", "--seed", "2"], "0\n" * len(question.blanks), monkeypatch, capsys)
    missed = [b for b in question.blanks if b.expected]
    assert len(missed) > 4  # noqa: PLR2004 -- more than the line names
    line = next(line for line in _run(["progress"], "", monkeypatch, capsys).splitlines() if "missed:" in line)
    assert line.count("you wrote") == 3 and line.endswith(f"and {len(missed) - 3} more entries."), line


def test_a_law_quiz_item_is_named_by_what_it_asks() -> None:
    """The review's list, the teacher's view and the assignments named every law-quiz question "law quiz"."""
    import yaml

    from tutor.lessons.progress.report import Names

    written = yaml.safe_load((Path(__file__).resolve().parents[1] / "content/quizzes/laws.yaml").read_text())
    names = Names.read()
    for question in written["questions"][:5]:
        shown = names.item("quiz", question["id"])
        assert shown.startswith("Law quiz: ") and shown.endswith(question["prompt"]), (shown, question)


def test_a_solo_whist_item_is_named_by_what_it_is() -> None:
    """Every Solo Whist item was "Solo Whist": the drill's hands, the settlement quiz and each quiz question."""
    import yaml

    from tutor.lessons.progress.report import Names

    written = yaml.safe_load((Path(__file__).resolve().parents[1] / "content/quizzes/solo.yaml").read_text())
    names = Names.read()
    first = written["questions"][0]
    assert names.item("solo", first["id"]) == f"Solo Whist quiz: {first['prompt']}"
    assert names.item("solo", "solo-bid-open-misere") == "Solo Whist call: a hand for open misère"
    assert names.item("solo", "solo-scoring") == "Solo Whist settlement"


def test_a_sheet_recorded_without_its_marks_is_still_told_in_words() -> None:
    """A record whose missed entries were not marked (and a blank left empty, stored "None"), and one of
    another table size, whose entries the line counts: never the stored keys."""
    from tutor.lessons.answers import Answer
    from tutor.lessons.scoring.questions import missed_entries

    label = _content_levels()["groups"]["honours"]["label"]
    old = Answer("scoring", "honours", False, "honours:NS=0, honours:EW=None", "honours:NS=0, honours:EW=4000",
                 laws=(), seed=1)
    line = missed_entries(old)
    assert f"East-West, {str(label).lower()}: you wrote nothing, the sheet has 4000." in line, line
    ways = Answer("scoring", "two-handed-deal", False, "A:below=0, B:below=1", "A:below=0, B:below=20", laws=(),
                  seed=1, extra={"wrong": "B:below"})
    assert missed_entries(ways).endswith(": 1 entry of 2 missed."), missed_entries(ways)


def test_a_sheet_of_another_table_size_takes_its_figures_and_a_minus(db: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The levels of two, three and five players were on the page only; their figures may be debts."""
    from tutor.lessons.ways.scoring import make_way_question

    question = make_way_question("three-auction-records", 1)
    out = _run(["quiz", "scoring", "--level", "three-auction-records", "--seed", "1"],
               "".join(f"{b.expected}\n" for b in question.blanks), monkeypatch, capsys)
    assert "All right!" in out and question.story[0] in out, out
    out = _run(["quiz", "scoring", "--level", "three-auction-records", "--seed", "1"],
               "-5\n" * len(question.blanks), monkeypatch, capsys)
    assert "'-5' is not" not in out and out.count("you wrote -5") == sum(b.expected != -5 for b in question.blanks)
    with open_store(db) as store:
        kept = [a.answer for a in store.answers()]
    assert [(a.item_id, a.correct) for a in kept] == [("three-auction-records", True), ("three-auction-records", False)]
