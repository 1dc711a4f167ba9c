"""AppTest of the study and quiz pages: next/previous, search, mark learned, right and wrong answers."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest
from app_pages import script_test
from streamlit.testing.v1 import AppTest

from tutor.lessons.content.catalogue import check_content
from tutor.lessons.progress import open_store

ROOT = Path(__file__).resolve().parent.parent
STUDY = "tutor/ui/pages/laws.py"
QUIZ = "tutor/ui/pages/law_quiz.py"


@cache  # the shipped content, validated once per process (six tests look answers up in it)
def _answers() -> dict[str, str]:
    report = check_content(ROOT / "content")
    from tutor.lessons.laws.quiz import question_pool

    assert report.rules is not None
    pool = question_pool(sorted(report.quizzes.items()), {e.id for e in report.rules.entries})
    return {q.id: q.answer for q in pool}


@pytest.fixture
def study() -> AppTest:
    at = script_test(STUDY).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _heading(at: AppTest) -> str:
    return str(at.subheader[0].value)


def test_study_page_starts_with_the_first_law_of_the_preamble(study: AppTest) -> None:
    assert study.title[0].value == "Study the laws"
    assert _heading(study).startswith("Preamble 1")
    assert study.button(key="laws_prev").disabled


def test_next_and_previous_walk_the_book(study: AppTest) -> None:
    study.button(key="laws_next").click().run()
    assert _heading(study).startswith("Preamble 2")
    study.button(key="laws_prev").click().run()
    assert _heading(study).startswith("Preamble 1")


def test_choosing_a_section_opens_its_first_law_12(study: AppTest) -> None:
    study.selectbox(key="laws_section").set_value("cutting").run()
    assert _heading(study).startswith("Law 11")
    study.button(key="laws_next").click().run()
    assert _heading(study).startswith("Law 12")
    text = " ".join(m.value for m in study.markdown)
    assert "the book (Romanian translation)" in text and "000_3fb8f71f4f530558" not in text  # no hash names


def test_next_crosses_into_the_next_section(study: AppTest) -> None:
    study.selectbox(key="laws_section").set_value("shuffling").run()
    study.button(key="laws_next").click().run()  # law 10
    study.button(key="laws_next").click().run()  # law 11, first of "cutting"
    assert _heading(study).startswith("Law 11")
    assert study.selectbox(key="laws_section").value == "cutting"


def test_related_law_button_opens_it(study: AppTest) -> None:
    study.selectbox(key="laws_section").set_value("redeal").run()
    study.button(key="laws_next").click().run()
    study.button(key="laws_next").click().run()  # law 24
    study.button(key="laws_rel_law-24_law-22").click().run()
    assert _heading(study).startswith("Law 22")


def test_search_by_word_and_open_a_hit(study: AppTest) -> None:
    study.radio(key="laws_mode").set_value("Search").run()
    study.text_input(key="laws_search").input("revoke").run()
    labels = [b.label for b in study.button]
    assert any("Revoke penalty" in label for label in labels)
    study.button(key="laws_hit_law-148").click().run()
    assert study.radio(key="laws_mode").value == "Study"
    assert _heading(study).startswith("Law 148")


def test_search_by_number(study: AppTest) -> None:
    study.radio(key="laws_mode").set_value("Search").run()
    study.text_input(key="laws_search").input("12").run()
    hits = [b.key for b in study.button if str(b.key).startswith("laws_hit_")]
    assert hits and hits[0] == "laws_hit_law-12"  # the law numbered 12 comes first
    study.button(key="laws_hit_law-12").click().run()
    assert _heading(study).startswith("Law 12")


def test_a_note_on_where_the_sources_differ_reads_as_words(study: AppTest) -> None:
    """Law 5's note said "Conflict C5: Solo Whist …", the writers' number for that difference."""
    study.radio(key="laws_mode").set_value("Search").run()
    study.text_input(key="laws_search").input("5").run()
    study.button(key="laws_hit_law-5").click().run()
    text = " ".join(m.value for m in study.markdown)
    assert "The sources differ: Solo Whist" in text and "Conflict C" not in text


def test_search_input_is_not_rendered_as_html(study: AppTest) -> None:
    study.radio(key="laws_mode").set_value("Search").run()
    study.text_input(key="laws_search").input("<script>alert(1)</script>").run()
    assert not study.exception
    assert all("<script>" not in m.value for m in study.markdown)


def test_mark_as_learned_is_recorded_and_shown_in_progress(study: AppTest, _progress_db_in_tmp: Path) -> None:
    study.button(key="laws_mark_learned").click().run()
    assert study.button(key="laws_mark_learned").label == "✓ Learned"
    store = open_store(_progress_db_in_tmp)
    try:
        assert any(a.answer.item_kind == "law" and a.answer.item_id == "preamble-1" for a in store.answers())
    finally:
        store.close()
    study.radio(key="laws_mode").set_value("Progress").run()
    assert not study.exception
    assert any("laws learned" in m.value for m in study.markdown)


def test_broken_content_file_is_shown_and_the_rest_works(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content, ignore=shutil.ignore_patterns("_parts"))
    (content / "glossary.yaml").write_text("terms: [\n", encoding="utf-8")
    monkeypatch.setenv("TUTOR_CONTENT_DIR", str(content))
    at = script_test(STUDY).run()
    assert not at.exception
    assert any("glossary.yaml" in e.value for e in at.error)
    assert _heading(at).startswith("Preamble 1")


# --- quiz -------------------------------------------------------------------------------------------

def _current_question(at: AppTest) -> tuple[str, str]:
    """(question id, widget kind) of the question on screen, read from its widget key."""
    for widget in [*at.radio, *at.number_input]:
        key = widget.key or ""
        if key.startswith("lawquiz_answer_"):
            qid = key.removeprefix("lawquiz_answer_").rsplit("_", 1)[0]
            return qid, "number" if widget in list(at.number_input) else "radio"
    raise AssertionError("no question on screen")


def _answer(at: AppTest, right: bool) -> str:
    qid, kind = _current_question(at)
    expected = _answers()[qid]
    if kind == "number":
        widget = next(w for w in at.number_input if (w.key or "").startswith("lawquiz_answer_"))
        widget.set_value(int(expected) if right else int(expected) + 1)
    else:
        widget = next(w for w in at.radio if (w.key or "").startswith("lawquiz_answer_"))
        options = list(widget.options)
        widget.set_value(expected if right else next(o for o in options if o != expected))
    at.run()
    at.button(key="lawquiz_check").click().run()
    return qid


@pytest.fixture
def quiz() -> AppTest:
    at = script_test(QUIZ).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_quiz_right_answer_is_praised_and_quotes_the_law(quiz: AppTest, _progress_db_in_tmp: Path) -> None:
    quiz.selectbox(key="lawquiz_section").set_value("cutting").run()
    qid = _answer(quiz, right=True)
    assert not quiz.exception
    assert [s.value for s in quiz.success] == ["Right."]
    assert any(m.value.startswith("**Law 1") and "\n> " in m.value for m in quiz.markdown)
    store = open_store(_progress_db_in_tmp)
    try:
        assert any(a.answer.item_id == qid and a.answer.correct for a in store.answers())
    finally:
        store.close()


def test_quiz_wrong_answer_shows_the_right_one(quiz: AppTest) -> None:
    quiz.selectbox(key="lawquiz_section").set_value("seating").run()
    qid = _answer(quiz, right=False)
    assert any(_answers()[qid] in e.value for e in quiz.error)
    assert "0 right of 1 answered" in quiz.caption[1].value
    quiz.button(key="lawquiz_next").click().run()
    assert _current_question(quiz)[0] != qid


def test_quiz_check_without_an_answer_warns(quiz: AppTest) -> None:
    quiz.button(key="lawquiz_check").click().run()
    assert [w.value for w in quiz.warning] == ["Choose or type an answer first."]


def test_quiz_numeric_question(quiz: AppTest) -> None:
    quiz.selectbox(key="lawquiz_section").set_value("cutting").run()
    for _ in range(12):  # walk the cutting quiz until its numeric question comes up
        qid, kind = _current_question(quiz)
        if kind == "number":
            break
        _answer(quiz, right=True)
        quiz.button(key="lawquiz_next").click().run()
    assert kind == "number"
    _answer(quiz, right=True)
    assert [s.value for s in quiz.success] == ["Right."]
