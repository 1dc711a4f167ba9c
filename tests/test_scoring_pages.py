"""AppTest tests of the score calculator and the scoring quiz pages (issue 3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import open_page
from streamlit.testing.v1 import AppTest

from tutor.engine.calls import Contract
from tutor.engine.cards import Deal, Side
from tutor.engine.scoring import score_deal
from tutor.lessons.progress import open_store
from tutor.lessons.scoring import make_question

ROOT = Path(__file__).resolve().parent.parent
CALC, QUIZ = "tutor/ui/pages/scoring.py", "tutor/ui/pages/scoring_quiz.py"
PBN = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(path))
    return path


def _page(path: str) -> AppTest:
    return open_page(path)


def _column(at: AppTest, name: str) -> list[object]:
    return list(at.table[0].value[name])


def test_calculator_renders_an_itemized_sheet_for_a_seeded_deal(db: Path) -> None:
    at = _page(CALC)
    assert not at.exception, [e.value for e in at.exception]
    frame = at.table[0].value
    assert list(frame.columns) == ["deal", "entry", "NS (we)", "EW (they)", "laws", "why"]
    assert "— the line —" in list(frame["entry"])
    assert "None" not in frame.to_string() and "nan" not in frame.to_string()  # empty cells stay empty (issue 20)
    assert "tricks" in list(frame["entry"])  # below the line: every trick, not only the leve (note 1)


def test_calculator_pasted_deal_scores_like_the_engine(db: Path) -> None:
    at = _page(CALC)
    at.radio(key="calc_source").set_value("Paste a PBN deal").run()
    at.text_input(key="calc_pbn").set_value(PBN).run()
    at.selectbox(key="calc_level").set_value(6).run()
    at.number_input(key="calc_tricks").set_value(9).run()
    assert not at.exception, [e.value for e in at.exception]
    frame = at.table[0].value
    totals = frame[frame["entry"] == "total"].iloc[0]
    # the default denomination is hearts, the default declarer South
    expected = score_deal(Deal.from_pbn(PBN), Contract.parse("6H", "S"), 9)
    assert (int(totals["NS (we)"]), int(totals["EW (they)"])) == (expected.total(Side.NS), expected.total(Side.EW))
    assert "Scoring 22" in " ".join(frame["laws"])  # the failed small slam, named as the laws page names it


def test_calculator_bad_pbn_is_an_error_message_not_a_crash(db: Path) -> None:
    at = _page(CALC)
    at.radio(key="calc_source").set_value("Paste a PBN deal").run()
    at.text_input(key="calc_pbn").set_value("N:AKQ").run()
    assert not at.exception
    assert any("expected 4 hands" in e.value for e in at.error)
    assert not at.table


def test_calculator_pass_writes_an_x(db: Path) -> None:
    at = _page(CALC)
    at.selectbox(key="calc_level").set_value(0).run()
    assert not at.exception
    assert "X (passed out)" in _column(at, "entry")


def _dealer_card_entry(at: AppTest) -> tuple[object, object]:
    frame = at.table[0].value
    row = frame[frame["entry"] == "dealer's 14th card"].iloc[0]
    return row["NS (we)"], row["EW (they)"]


def test_calculator_law_24_variant_switch_changes_the_figure(db: Path) -> None:
    at = _page(CALC)
    at.checkbox(key="calc_extra_card").check().run()  # dealer North (the default): EW write it
    ns, ew = _dealer_card_entry(at)
    assert ns == "" and ew == "2000"  # an empty cell, never "None"
    at.selectbox(key="calc_variant_dealer-14th-card").set_value("summaries").run()
    assert _dealer_card_entry(at)[1] == "20"


def _quiz(level: str, seed: int) -> AppTest:
    at = _page(QUIZ)
    at.selectbox(key="scoring_quiz_level").set_value(level).run()
    at.number_input(key="scoring_quiz_seed").set_value(seed).run()
    return at


def _fill(at: AppTest, level: str, seed: int, values: dict[str, int]) -> AppTest:
    q = make_question(level, seed)
    for blank in q.blanks:
        at.number_input(key=f"scoring_quiz_{q.id}_{blank.key.replace(':', '_')}").set_value(values[blank.key])
    at.button(key=f"scoring_quiz_check_{q.id}").click()
    return at.run()


def test_quiz_right_answers_are_confirmed_and_recorded(db: Path) -> None:
    at = _quiz("penalties", 11)
    assert not at.exception, [e.value for e in at.exception]
    q = make_question("penalties", 11)
    at = _fill(at, "penalties", 11, {b.key: b.expected for b in q.blanks})
    assert not at.exception, [e.value for e in at.exception]
    assert any("All right" in s.value for s in at.success)
    assert any("Scoring 21" in s.value for s in at.success)  # the law, named as the laws page names it
    with open_store(db) as store:
        answers = [a.answer for a in store.answers("default")]
    assert [(a.item_kind, a.item_id, a.correct, a.seed) for a in answers] == [("scoring", "penalties", True, 11)]


def test_quiz_wrong_answer_is_explained_item_by_item_with_its_law(db: Path) -> None:
    q = make_question("tricks", 5)
    at = _quiz("tricks", 5)
    values = {b.key: b.expected for b in q.blanks}
    wrong = q.blanks[0]
    values[wrong.key] = wrong.expected + 10
    at = _fill(at, "tricks", 5, values)
    assert not at.exception
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "you wrote" in errors[0] and "Scoring 5" in errors[0]
    assert any("right" in s.value for s in at.success)  # the other side's entry
    with open_store(db) as store:
        assert [a.answer.correct for a in store.answers("default")] == [False]


def test_quiz_rubber_level_renders_the_deals_and_the_entries(db: Path) -> None:
    at = _quiz("rubber", 2)
    assert not at.exception, [e.value for e in at.exception]
    assert any("A rubber of" in m.value for m in at.markdown)
    keys = {n.key for n in at.number_input}
    q = make_question("rubber", 2)
    assert {f"scoring_quiz_{q.id}_{b.key.replace(':', '_')}" for b in q.blanks} <= keys
