"""Two learners answer bidding drills at the same moment: the server stays up and both get their feedback.

Before issue 13 the two double-dummy solves ran on two threads of the Streamlit
process and DDS crashed it ("Sum N is not four", exit 139), losing every
session. Each learner works in their own browser (own profile, own session) on
their own position; the expected consequences are computed here, alone, with the
library the server uses, and each page must show exactly its own.
"""

from __future__ import annotations

import re

import pytest

from browser.harness import App

pytestmark = pytest.mark.browser

SEEDS = (12345, 777)  # two positions whose consequences both need a double-dummy solve


@pytest.mark.app_page("bidding_drill")
def test_two_learners_answer_bidding_drills_at_the_same_moment(app: App, second_app: App) -> None:
    from tutor.lessons.bidding.drill import consequences, make
    from tutor.ui.cards import call_label

    learners = (app, second_app)
    drills = [make(None, seed) for seed in SEEDS]
    wrongs = [next(c for c in (*d.why_not, *d.choices) if not d.is_correct(c)) for d in drills]
    for tab, drill, wrong in zip(learners, drills, wrongs):
        tab.open(f"bidding_drill?position={drill.seed}")  # the position by its address: one run, not two
        # the call as the drill's list writes it (one spelling everywhere: pass, 2♥, 1NT)
        tab.choose_select("Your call", re.compile(rf"^{re.escape(call_label(wrong))}$"), rerun=False)

    before = [tab.runs() for tab in learners]
    for tab in learners:  # both press at once; neither click waits for the other's feedback
        tab.main.get_by_role("button", name="Make this call").first.click(no_wait_after=True)
    for tab, count in zip(learners, before):
        tab.wait_run_after(count)

    assert app.server.process.poll() is None, f"the server died:\n{app.server.log_tail()}"
    for tab, drill, wrong in zip(learners, drills, wrongs):
        results = consequences(drill, wrong)
        assert any(c.tricks is not None for c in results), "the position needs a double-dummy solve"
        tab.main.get_by_text(results[-1].summary).first.wait_for()
        text = tab.text()
        for c in results:
            assert f"{call_label(c.choice)}: {c.summary}" in text, (drill.seed, c.summary)
        errors = tab.errors()  # the verdict on the wrong call, and no error from the analysis
        assert len(errors) == 1 and "The book says" in errors[0] and call_label(drill.answer) in errors[0], errors
        assert not tab.exceptions()
    # and the server still serves: a third page load works
    app.open("bidding_drill")
    assert app.server.process.poll() is None
