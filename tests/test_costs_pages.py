"""The sampled analysis on the drill pages (AppTest): feedback first, then the three numbers when switched on."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import open_page
from streamlit.testing.v1 import AppTest

from tutor.lessons.cost import precomputed
from tutor.lessons.play.drill import make
from tutor.ui.costs import AUTO

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.db"))
    return open_page("tutor/ui/pages/play_drill.py")


def _answer_wrong(app: AppTest, seed: int) -> None:
    drill = make("third-hand", "third-140-cut-with-the-queen", seed)
    wrong = next(c for c in drill.choices if c not in drill.accepted)
    app.number_input(key="play_drill_seed").set_value(seed)
    app.run()
    next(r for r in app.radio if r.key and r.key.startswith("play_drill_choice")).set_value(wrong)
    next(b for b in app.button if b.key and b.key.startswith("play_drill_play")).click()
    app.run()


@pytest.mark.slow
def test_a_wrong_card_is_answered_then_priced_and_the_switch_stays_on(
        app: AppTest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One page session for both properties (they were two tests that each opened the page and priced the
    same seed-5 answer, the costliest step): the feedback comes first and the three numbers only when
    switched on; then, issue 31, the switch stays on for the next answer (it used to reset after every
    answer: 46 of 46 switched on again). Every play drill's line now ships (issue 28): the first answer's
    table is read from it, the second's is worked out live, as for a position the file lacks."""
    app.radio(key="play_drill_kind").set_value("third-hand")
    app.run()
    app.selectbox(key="play_drill_rule").set_value("third-140-cut-with-the-queen")
    app.run()
    _answer_wrong(app, 5)
    assert app.error and "The book plays" in app.error[0].value  # the feedback, with the switch off
    assert not any("sampled: points" in d.value.columns for d in app.dataframe)
    app.toggle(key=AUTO).set_value(True)
    app.run()
    assert not app.exception, app.exception
    assert app.error and "The book plays" in app.error[0].value  # the feedback is still first
    frame = next(d.value for d in app.dataframe if "sampled: points" in d.value.columns)
    assert len(frame) == 2  # the book's card and the learner's
    assert "double dummy: points" in frame.columns and "robots: points" in frame.columns
    captions = " ".join(c.value for c in app.caption)
    assert "Layouts" in captions and "law-" not in captions
    app.button(key="play_drill_next").click()
    app.run()
    assert not any(t.key == AUTO for t in app.toggle)  # not drawn before the answer
    monkeypatch.setattr(precomputed, "PRICES_PATH", tmp_path / "no-prices.jsonl")  # priced live
    drill = make("third-hand", "third-140-cut-with-the-queen", 6)
    assert precomputed.lookup({**drill.position, "deal": drill.deal_pbn}) is None
    _answer_wrong(app, 6)
    assert not app.exception, app.exception
    assert app.toggle(key=AUTO).value is True
    frame = next(d.value for d in app.dataframe if "sampled: points" in d.value.columns)
    assert "against the book" in frame.columns and len(frame) == 2
