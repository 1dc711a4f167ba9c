"""A learner's session in the real app: study a law, drill a bid and a lead, take a scoring quiz.

Positions are chosen by number (the pages' "Position number" / "Question number"), and the
book's answer for that number is computed here with the same library the server uses, so
the test knows which answer is right and which is wrong without reading the page's secrets.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from browser.harness import App

if TYPE_CHECKING:
    from playwright.sync_api import Dialog

pytestmark = pytest.mark.browser

SEED = 12345


@pytest.mark.app_page("laws")
def test_study_a_law_step_by_step_and_mark_it_learned(app: App) -> None:
    app.open("laws")
    assert "Study the laws" in app.main.locator("h1").first.inner_text()
    first = app.main.locator("h3").first.inner_text()
    app.click_button("Next →")
    second = app.main.locator("h3").first.inner_text()
    assert second != first, "Next → shows the next law"
    app.click_button("← Previous")
    assert app.main.locator("h3").first.inner_text() == first
    app.click_button("Mark as learned")
    assert app.main.get_by_role("button", name="✓ Learned").count() == 1
    assert "Sources" in app.text() and "Sources in the seeds" not in app.text()
    assert not app.exceptions()


@pytest.mark.app_page("laws")
def test_search_the_laws_and_open_a_hit(app: App) -> None:
    app.open("laws")
    app.choose_radio("Search", app.main.locator('[data-testid="stRadio"]').first)
    app.fill("Search by word or number", "revoke")
    found = app.main.locator('[data-testid="stCaptionContainer"]').filter(has_text="law(s) found").first
    assert int(found.inner_text().split()[0]) > 0
    hit = app.main.locator('[data-testid="stButton"] button').first
    title = hit.inner_text()
    app.rerun_after(hit.click)
    assert title.split(":")[0] in app.main.locator("h3").first.inner_text()
    assert not app.exceptions()


@pytest.mark.app_page("bidding_drill")
def test_answer_a_bidding_drill_wrongly_and_read_the_explanation(app: App) -> None:
    from tutor.lessons.bidding_drill import make

    drill = make(None, SEED)
    wrong = next(c for c in (*drill.why_not, *drill.choices) if not drill.is_correct(c))
    app.open("bidding_drill")
    app.fill("Position number", str(SEED))
    assert drill.prompt.split("\n")[0][:40] in app.text()
    app.choose_select("Your call", re.compile(rf"^{re.escape(wrong)} — "), rerun=False)
    app.click_button("Make this call")
    error = app.main.locator('[data-testid="stAlertContentError"]').first
    error.wait_for()
    assert "The book says" in error.inner_text() and f"({drill.answer})" in error.inner_text()
    text = app.text()
    assert drill.explanation.split()[0] in text
    assert "What mattered" in text
    assert "The full deal and the consequences" in text
    for law in drill.laws:
        assert law in text
    assert not app.exceptions()


@pytest.mark.app_page("play_drill")
def test_answer_a_lead_drill_with_the_book_card(app: App) -> None:
    from tutor.engine.cards import Card
    from tutor.lessons.play_drill import make

    drill = make("lead", None, SEED)
    right = Card.parse(drill.accepted[0]).pretty
    app.open("play_drill")
    assert app.main.locator('[data-testid="stRadio"]').first.locator("input:checked").count() == 1
    app.fill("Position number", str(SEED))
    cards = app.main.locator('[data-testid="stRadio"]').filter(has_text="Your card")
    cards.locator("label").filter(has_text=re.compile(rf"^{re.escape(right)}$")).first.click()
    app.click_button("Play this card")
    success = app.main.locator('[data-testid="stAlertContentSuccess"]').first
    success.wait_for()
    assert f"Right: {right}" in success.inner_text()
    assert ", ".join(drill.laws) in app.text()
    assert not app.exceptions()


@pytest.mark.app_page("scoring_quiz")
def test_fill_in_a_scoring_quiz_and_get_every_entry_checked(app: App) -> None:
    from tutor.lessons.content import content_dir
    from tutor.lessons.scoring import load_quiz, make_question

    quiz = load_quiz(content_dir())
    question = make_question(quiz.levels[0].id, SEED, quiz=quiz)
    app.open("scoring_quiz")
    app.fill("Question number", str(SEED))
    for blank in question.blanks:
        app.fill(f"{blank.label} — {blank.side.value}", str(blank.expected), rerun=False)
    app.click_button("Check")
    verdict = app.main.locator('[data-testid="stAlertContentSuccess"]').first
    verdict.wait_for()
    assert f"{len(question.blanks)} of {len(question.blanks)} entries right" in verdict.inner_text()
    assert "scoring-" in app.text()  # each entry shows its law
    assert not app.exceptions()


@pytest.mark.app_page("progress")
def test_progress_page_counts_an_answer_just_given(app: App) -> None:
    app.open("laws")
    app.click_button("Next →")
    if app.main.get_by_role("button", name="Mark as learned").count():
        app.click_button("Mark as learned")
    app.open("progress")
    assert "Progress" in app.main.locator("h1").first.inner_text()
    answers = app.main.locator('[data-testid="stMetric"]').filter(has_text="Answers").first
    assert int(answers.locator('[data-testid="stMetricValue"]').inner_text()) >= 1
    assert "Accuracy over time" in app.text()
    assert not app.exceptions()


@pytest.mark.app_page("progress")
def test_a_profile_named_script_is_shown_as_text_not_run(app: App) -> None:
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:  # an alert() would mean the name ran as a script
        dialogs.append(dialog.message)
        dialog.dismiss()

    app.page.on("dialog", on_dialog)
    app.open("progress")
    app.choose_select("Learner profile", re.compile("New profile"))
    app.fill("New profile name", "<script>alert(1)</script>")
    app.click_button("Create profile")
    error = app.main.locator('[data-testid="stAlertContentError"]').first
    error.wait_for()
    assert "<script>alert(1)</script>" in error.inner_text()
    assert app.main.locator("script").count() == 0
    assert not dialogs
