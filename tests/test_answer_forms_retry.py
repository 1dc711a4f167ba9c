"""Every answer form of the app: a second Check after the answer was shown is a retry, never a first answer.

Issue 32: the scoring quiz stored a re-check, made after the right figures were on the
page, as correct. The rule (docs/progress.md, ``state.record_once``): the first answer to a
position counts; any later answer to the same position in the session is recorded with
``retry=True``, which the store and the schedule do not count. Bidding and play drills are
checked in tests/test_learner_flow_pages.py; the forms below are every other one. The law
quiz disables its Check once answered; a reshuffle serves the same question again, and its answer
then is a retry too (stop 61's audit: two first answers to one question, the answer shown between).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_pages import app_test, open_page
from streamlit.testing.v1 import AppTest

from tutor.lessons.answers import Answer
from tutor.lessons.content import content_dir
from tutor.lessons.progress import ProgressStore
from tutor.lessons.scoring import load_quiz, make_question


@pytest.fixture
def recorded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Answer]:
    """Every Answer a page records, in order (the real store still writes it)."""
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.sqlite3"))
    seen: list[Answer] = []
    original = ProgressStore.record

    def record(self: ProgressStore, answer: Answer, *args: object, **kwargs: object) -> object:
        seen.append(answer)
        return original(self, answer, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ProgressStore, "record", record)
    return seen


def _open(page: str, **query: str) -> AppTest:
    at = open_page(page, **query)
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_second_scoring_check_after_the_figures_is_a_retry(recorded: list[Answer]) -> None:
    level = load_quiz(content_dir()).levels[0].id
    question = make_question(level, 31, quiz=load_quiz(content_dir()))
    at = _open("tutor/ui/pages/scoring_quiz.py", level=level, position="31")
    at.button(key=f"scoring_quiz_check_{question.id}").click().run()  # all zeros: wrong (a deal scores)
    for blank in question.blanks:  # the right figures, as the feedback showed them, typed in
        at.number_input(key=f"scoring_quiz_{question.id}_{blank.key.replace(':', '_')}").set_value(blank.expected)
    at.button(key=f"scoring_quiz_check_{question.id}").click().run()
    assert not at.exception
    assert [(a.correct, a.retry) for a in recorded] == [(False, False), (True, True)]


def test_a_second_way_scoring_check_is_a_retry(recorded: list[Answer]) -> None:
    from tutor.lessons.ways.scoring import WAY_LEVELS, make_way_question

    level = WAY_LEVELS[0].id
    question = make_way_question(level, 4)
    at = _open("tutor/ui/pages/scoring_quiz.py", level=level, position="4")
    for _ in range(2):
        at.button(key=f"scoring_quiz_way_check_{question.id}").click().run()
        assert not at.exception, [e.value for e in at.exception]
    assert [a.retry for a in recorded] == [False, True]


def test_a_second_solo_quiz_check_is_a_retry(recorded: list[Answer]) -> None:
    at = _open("tutor/ui/pages/solo_whist.py")
    check = next(b for b in at.button if b.key and b.key.startswith("solo_q_check_"))
    ident = check.key[len("solo_q_check_"):]
    answer = at.radio(key=f"solo_q_answer_{ident}") if any(
        r.key == f"solo_q_answer_{ident}" for r in at.radio) else at.number_input(key=f"solo_q_answer_{ident}")
    options = getattr(answer, "options", None)
    answer.set_value(options[0] if options else 1).run()
    for _ in range(2):
        at.button(key=f"solo_q_check_{ident}").click().run()
        assert not at.exception, [e.value for e in at.exception]
    assert [a.retry for a in recorded if a.item_id == ident] == [False, True]


def test_the_law_quiz_takes_one_answer_per_question(recorded: list[Answer]) -> None:
    at = _open("tutor/ui/pages/law_quiz.py")
    radio = next((r for r in at.radio if r.key and r.key.startswith("lawquiz_")), None)
    if radio is not None:
        radio.set_value(radio.options[0]).run()
    else:
        next(n for n in at.number_input if n.key and n.key.startswith("lawquiz_")).set_value(1).run()
    at.button(key="lawquiz_check").click().run()
    assert len(recorded) == 1
    # once answered the Check is gone (or disabled): nothing more can be recorded for the question
    assert not any(b.key == "lawquiz_check" and not b.disabled for b in at.button)


def _answer_the_law_question(at: AppTest) -> str:
    """Give the first option (or 1) to the question shown and Check; the question's widget key."""
    widget = next(w for w in [*at.radio, *at.number_input] if w.key and w.key.startswith("lawquiz_answer_"))
    options = getattr(widget, "options", None)
    widget.set_value(options[0] if options else 1).run()
    at.button(key="lawquiz_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return str(widget.key).rsplit("_", 1)[0]  # without the shuffle's seed


def test_a_law_question_served_again_after_a_reshuffle_is_a_retry(recorded: list[Answer]) -> None:
    at = _open("tutor/ui/pages/law_quiz.py")
    sizes = {}
    for section in at.selectbox(key="lawquiz_section").options[1:]:  # the smallest section: few reshuffles
        at.selectbox(key="lawquiz_section").set_value(section).run()
        caption = next(c.value for c in at.caption if "questions in this quiz" in c.value)
        found = re.search(r"(\d+) questions in this quiz", caption)
        assert found, caption
        sizes[section] = int(found.group(1))
    at.selectbox(key="lawquiz_section").set_value(min(sizes, key=sizes.__getitem__)).run()
    assert min(sizes.values()) <= 3, sizes  # the same question first again within 200 shuffles, surely
    first = _answer_the_law_question(at)
    for _ in range(200):  # reshuffle until the same question comes first again
        at.button(key="lawquiz_restart").click().run()
        if any(w.key and w.key.startswith(first + "_") for w in [*at.radio, *at.number_input]):
            break
    else:
        pytest.fail("the question never came first again")
    _answer_the_law_question(at)
    assert [a.retry for a in recorded] == [False, True] and recorded[0].item_id == recorded[1].item_id


def test_the_valuation_drill_records_a_second_answer_as_a_retry(recorded: list[Answer]) -> None:
    at = _open("tutor/ui/pages/valuation.py")
    for _ in range(2):
        next(b for b in at.button if b.label == "Check my count").click().run()
        assert not at.exception, [e.value for e in at.exception]
    assert [a.retry for a in recorded] == [False, True]


def test_a_second_solo_drill_check_is_a_retry(recorded: list[Answer]) -> None:
    at = _open("tutor/ui/pages/solo_whist.py")
    at.selectbox(key="solo_drill_rule").set_value("solo-bid-solo").run()
    seed = at.session_state["solo_drill_seed"]
    for choice in ("pass", "solo"):
        at.radio(key=f"solo_drill_choice_{seed}_solo-bid-solo").set_value(choice)
        at.button(key="solo_drill_check").click().run()
        assert not at.exception, [e.value for e in at.exception]
    drill_answers = [a for a in recorded if a.item_id == "solo-bid-solo"]
    assert [a.retry for a in drill_answers] == [False, True]


def test_a_second_solo_scoring_check_is_a_retry(recorded: list[Answer]) -> None:
    from tutor.lessons.solo.quiz import scoring_question

    at = _open("tutor/ui/pages/solo_whist.py")
    seed = at.session_state["solo_sq_seed"]
    for typed in ("0", str(scoring_question(seed).answer)):
        at.text_input(key=f"solo_sq_answer_{seed}").set_value(typed)
        at.button(key="solo_sq_check").click().run()
        assert not at.exception, [e.value for e in at.exception]
    assert [a.retry for a in recorded if a.item_id == "solo-scoring"] == [False, True]


def test_the_review_page_takes_one_answer_per_exercise(recorded: list[Answer], tmp_path: Path) -> None:
    from tutor.lessons.drills.kinds import DRILL_KINDS
    from tutor.lessons.progress import open_store

    drill = DRILL_KINDS["lead"].make(None, 11)
    wrong = next(c for c in drill.choices if not drill.is_correct(c))
    with open_store(tmp_path / "progress.sqlite3") as store:  # a mistake to replay (as the drill page records it)
        store.record(Answer("convention", drill.rule_id, False, wrong, " ".join(drill.accepted),
                            laws=tuple(drill.laws), seed=drill.seed, position=drill.deal_pbn,
                            extra={"kind": "lead"}), "default")
    before = len(recorded)
    at = app_test().run()
    at.switch_page("tutor/ui/pages/review.py").run()
    next(b for b in at.button if b.key and b.key.startswith("review_replay_")).click().run()
    choice = next(r for r in at.radio if r.key and r.key.startswith("review_choice_"))
    choice.set_value(choice.options[0])
    at.button(key="review_submit").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(recorded) == before + 1
    # the feedback replaces the form: no second answer can be given to the same exercise
    assert not any(b.key == "review_submit" for b in at.button)
