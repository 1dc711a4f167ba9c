"""Two windows on one profile replay the same mistake on the Review page and both answer it (stop 61's
audit). The rule (docs/progress.md): one answer to a position counts, a later one is kept as a retry,
which moves no schedule. Both counted: the unit was reviewed twice for one showing. The expectation is
that rule: the first window's answer is a first answer, the second's a retry, and the unit's schedule
moved once — its repetitions one more than the mistake's own (each counted answer is one repetition)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import app_test
from streamlit.testing.v1 import AppTest

from tutor.lessons.answers import Answer
from tutor.lessons.drills.kinds import DRILL_KINDS
from tutor.lessons.progress import DEFAULT_LEARNER, ProgressStore, open_store

REVIEW = "tutor/ui/pages/review.py"


def _window_replaying_the_mistake() -> AppTest:
    at = app_test()
    at.run()
    at.switch_page(REVIEW).run()
    next(b for b in at.button if b.key and b.key.startswith("review_replay_")).click().run()
    return at


def _answer(at: AppTest, given: str | None = None) -> None:
    """Answer the exercise shown: ``given`` (a card as the drill writes it), else the first option."""
    choice = next(r for r in at.radio if r.key and r.key.startswith("review_choice_"))
    choice.set_value(given if given is not None else choice.options[0])
    at.button(key="review_submit").click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_the_second_window_s_answer_to_the_same_mistake_is_a_retry(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(db))
    drill = DRILL_KINDS["lead"].make(None, 11)
    wrong = next(c for c in drill.choices if not drill.is_correct(c))
    with open_store(db) as store:
        store.record(Answer("convention", drill.rule_id, False, wrong, " ".join(drill.accepted), laws=tuple(drill.laws),
                            seed=drill.seed, position=drill.deal_pbn, extra={"kind": "lead"}), DEFAULT_LEARNER)
        reps_after_the_mistake = store.unit(DEFAULT_LEARNER, ("convention", drill.rule_id)).reps  # type: ignore[union-attr]
    first, second = _window_replaying_the_mistake(), _window_replaying_the_mistake()
    _answer(first)
    _answer(second)
    assert any("another window" in i.value for i in second.info)  # told, not silently dropped or merged
    with open_store(db) as store:
        answers = [a.answer for a in store.answers()]
        unit = store.unit(DEFAULT_LEARNER, ("convention", drill.rule_id))
    assert [a.retry for a in answers] == [False, False, True]
    assert unit is not None and unit.reps == reps_after_the_mistake + 1


def test_one_window_answers_the_next_showing_of_the_same_mistake_as_a_first_answer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The key is the schedule as it stood when shown: once the first answer moved it, the mistake shown
    again in the same window is a new showing (not refused as answered)."""
    db = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(db))
    drill = DRILL_KINDS["lead"].make(None, 11)
    wrong = next(c for c in drill.choices if not drill.is_correct(c))
    with open_store(db) as store:
        for _ in range(2):  # two open mistakes of the same position
            store.record(Answer("convention", drill.rule_id, False, wrong, " ".join(drill.accepted),
                                laws=tuple(drill.laws), seed=drill.seed, position=drill.deal_pbn,
                                extra={"kind": "lead"}), DEFAULT_LEARNER)
    at = _window_replaying_the_mistake()
    _answer(at, wrong)  # wrong again: the mistakes stay open, the schedule moved
    at.button(key="review_next").click().run()
    replays = [b for b in at.button if b.key and b.key.startswith("review_replay_")]
    assert replays, "the second mistake is still open"
    replays[0].click().run()
    _answer(at)
    with open_store(db) as store:
        retries = [a.answer.retry for a in store.answers()]
    assert retries == [False] * 4, retries  # the two mistakes, then two showings answered, each counted


def test_an_answer_s_key_is_found_for_its_learner_only(store: ProgressStore) -> None:
    """On both backends: the store says whether a key is recorded, for that learner (keys are a learner's)."""
    store.record(Answer("law", "law-12", True, "5", "5", key="review:k1"), "anna")
    assert store.has_key("anna", "review:k1")
    assert not store.has_key("anna", "review:k2") and not store.has_key("bob", "review:k1")
