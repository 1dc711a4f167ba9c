"""AppTest of the Solo Whist page: study, drill, worked example, settlement (issue 7)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import app_test
from streamlit.testing.v1 import AppTest

from tutor.lessons.progress import open_store
from tutor.lessons.solo import drill as solo_drill
from tutor.lessons.solo.quiz import scoring_question

PAGE = "tutor/ui/pages/solo_whist.py"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(path))
    return path


@pytest.fixture
def at(db: Path) -> AppTest:
    app = app_test()
    app.run()
    app.switch_page(PAGE)
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def _text(app: AppTest) -> str:
    parts = [m.value for m in app.markdown] + [e.value for e in app.success] + [e.value for e in app.error]
    return " ".join(str(p) for p in parts)


def test_page_shows_the_ladder_and_a_law(at: AppTest) -> None:
    assert at.title[0].value == "Solo Whist"
    ladder = at.dataframe[0].value
    assert list(ladder["game"])[0] == "proposal and acceptance" and list(ladder["stake"])[-1] == "6"
    assert list(ladder["law"]) == [f"Solo Whist {n}" for n in (10, 12, 13, 14, 15, 16, 17)]  # it showed "solo-10"
    at.selectbox(key="solo_law").set_value("solo-10").run()
    assert "four sure tricks" in _text(at)


def test_drill_check_records_a_solo_answer(at: AppTest, db: Path) -> None:
    at.selectbox(key="solo_drill_rule").set_value("solo-bid-solo").run()
    seed = at.session_state["solo_drill_seed"]
    drill = solo_drill.make("solo-bid-solo", seed)
    at.radio(key=f"solo_drill_choice_{seed}_solo-bid-solo").set_value("solo")  # in the form: one press
    at.button(key="solo_drill_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Right" in _text(at) and drill.answer == "solo"
    store = open_store(db)
    answers = store.answers("default")
    store.close()
    assert answers and answers[-1].answer.item_kind == "solo" and answers[-1].answer.item_id == "solo-bid-solo"


def test_replay_steps_to_the_end_of_line_2(at: AppTest) -> None:
    at.radio(key="solo_replay_line").set_value(2).run()
    at.slider(key="solo_replay_step_2").set_value(7).run()
    assert not at.exception, [e.value for e in at.exception]
    text = _text(at)
    assert "Trick 7" in text and "Open misère defeated" in text


def test_calculator_settles_a_solo(at: AppTest) -> None:
    at.selectbox(key="solo_calc_game").set_value(at.selectbox(key="solo_calc_game").options[1]).run()
    at.number_input(key="solo_calc_tricks").set_value(7).run()
    assert not at.exception, [e.value for e in at.exception]
    frames = [d.value for d in at.dataframe]
    nets = [list(f["result"]) for f in frames if "result" in f.columns]
    assert ["+4 1/2", "-1 1/2", "-1 1/2", "-1 1/2"] in nets  # North bids by default


def test_scoring_quiz_rejects_html_and_checks_numbers(at: AppTest) -> None:
    seed = at.session_state["solo_sq_seed"]
    box = at.text_input(key=f"solo_sq_answer_{seed}")
    box.set_value("<script>x</script>")
    at.button(key="solo_sq_check").click().run()
    assert "not a number of points" in " ".join(e.value for e in at.error)
    assert "<script>" not in " ".join(m.value for m in at.markdown)
    # issue 20: one press of Check reads what was just typed (no first click that only commits the text)
    at.text_input(key=f"solo_sq_answer_{seed}").set_value(str(scoring_question(seed).answer))
    at.button(key="solo_sq_check").click().run()
    assert "Right" in " ".join(e.value for e in at.success)
