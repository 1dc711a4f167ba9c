"""The bidding drill page and the bidding lessons page (Streamlit AppTest)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import app_test, open_page
from streamlit.testing.v1 import AppTest

from tutor.lessons.bidding.drill import make

DRILL_PAGE = "tutor/ui/pages/bidding_drill.py"
LESSON_PAGE = "tutor/ui/pages/bidding_lessons.py"
RULE, SEED = "law-41-no-trumps-three-or-four-aces", 5


def _drill_page() -> AppTest:
    at = app_test().run()
    at.switch_page(DRILL_PAGE).run()
    at.selectbox(key="bid_drill_rule").set_value(RULE).run()
    at.number_input(key="bid_drill_seed").set_value(SEED).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _answer(at: AppTest, call: str) -> AppTest:
    ident = f"{RULE}_{SEED}"
    at.selectbox(key=f"bid_drill_choice_{ident}").select(call)
    at.button(key=f"bid_drill_call_{ident}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_drill_page_shows_only_the_learners_hand_and_no_answer() -> None:
    at = _drill_page()
    drill = make(RULE, SEED)
    text = " ".join(m.value for m in at.markdown)
    assert drill.prompt in text
    assert "law-41" not in text and "Three or four aces" not in text  # the answer is not given away
    assert not at.success and not at.error


def test_answering_right_says_so_and_quotes_the_law() -> None:
    at = _answer(_drill_page(), "1NT")
    assert at.success and "book's call" in at.success[0].value
    captions = " ".join(c.value for c in at.caption)
    assert "Law 41" in captions
    text = " ".join(m.value for m in at.markdown)
    assert "sure tricks" in text and "Three or four aces" in text


def test_answering_wrong_shows_why_and_the_consequences_in_points() -> None:
    at = _answer(_drill_page(), "P")
    assert at.error and "1NT" in at.error[0].value
    text = " ".join(m.value for m in at.markdown)
    assert "Why not pass" in text and "double-dummy" in text  # a call written one way: pass, 2♥
    # the difference said in words (issue 32: never a bare signed figure), from the drill's consequences
    said = [i.value for i in at.info if "Against the book's call" in i.value]
    assert said and any(w in said[0] for w in ("cost your side", "gained your side", "made no difference"))


def test_the_lessons_page_steps_through_the_law_49_dialogue() -> None:
    at = app_test().run()
    at.switch_page(LESSON_PAGE).run()
    assert not at.exception and at.title[0].value == "Bidding lessons"
    at.selectbox(key="bid_lesson_guess_law-49-spades-dialogue_0").select("1S").run()
    assert at.success and "simple spades" in at.success[0].value
    for _ in range(7):
        at.button(key="bid_lesson_next").click().run()
    assert not at.exception
    text = " ".join(m.value for m in at.markdown)
    assert "two spades" in text and any("end of the dialogue" in s.value for s in at.success)


def test_a_conventions_notes_read_as_the_learners_words() -> None:
    """A note on where the sources differ said "Conflict C14: …", the writers' number for it."""
    rule, seed = "law-r59-no-four-with-an-ace-and-no-figure", 0
    at = app_test().run()
    at.switch_page(DRILL_PAGE).run()
    at.selectbox(key="bid_drill_rule").set_value(rule).run()
    at.number_input(key="bid_drill_seed").set_value(seed).run()
    at.selectbox(key=f"bid_drill_choice_{rule}_{seed}").select(make(rule, seed).answer)
    at.button(key=f"bid_drill_call_{rule}_{seed}").click().run()
    notes = " ".join(i.value for i in at.info)
    assert "The sources differ: the Romanian summary" in notes and "Conflict" not in notes, notes


def _dealt(at: AppTest, rule_id: str | None) -> tuple[int, bool]:
    """The position number the page shows, and whether the shipped file prices its drill."""
    from tutor.lessons.cost.precomputed import lookup

    seed = int(at.number_input(key="bid_drill_seed").value)
    drill = make(rule_id, seed)
    return seed, lookup({**drill.position, "deal": drill.deal_pbn}) is not None


def test_new_positions_come_first_from_those_whose_prices_ship() -> None:
    """Issue 28: a drill's three numbers come with its feedback when its position was priced ahead. The
    page deals a random number out of a million, almost never one of the few priced; so it deals those
    first, each once: for "any convention" and for a chosen one, every new position (opening the page,
    "New position", another convention) is priced and none is dealt twice."""
    at = open_page(DRILL_PAGE)
    shown = [_dealt(at, None)]
    for _ in range(2):
        at.button(key="bid_drill_new").click().run()
        shown.append(_dealt(at, None))
    at.selectbox(key="bid_drill_rule").set_value(RULE).run()
    chosen = [_dealt(at, RULE)]
    for _ in range(2):
        at.button(key="bid_drill_new").click().run()
        chosen.append(_dealt(at, RULE))
    assert not at.exception, [e.value for e in at.exception]
    for dealt in (shown, chosen):
        assert all(priced for _, priced in dealt), dealt
        assert len({seed for seed, _ in dealt}) == len(dealt), dealt


def test_a_returning_learner_is_dealt_first_the_priced_positions_not_yet_answered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions answered in an earlier session are not dealt first again: with all but one of the
    convention's priced positions answered before, the page deals that one."""
    from tutor.lessons.answers import Answer
    from tutor.lessons.cost.precomputed import priced_bid_seeds
    from tutor.lessons.progress import DEFAULT_LEARNER, open_store

    priced = priced_bid_seeds(RULE)
    assert len(priced) >= 2
    database = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(database))
    with open_store(database) as store:
        for seed in priced[:-1]:
            store.record(Answer("convention", RULE, True, "1NT", "1NT", seed=seed), DEFAULT_LEARNER)
    at = open_page(DRILL_PAGE)
    at.selectbox(key="bid_drill_rule").set_value(RULE).run()
    assert not at.exception, [e.value for e in at.exception]
    assert _dealt(at, RULE) == (priced[-1], True)


def test_the_answered_positions_are_read_once_a_session_and_an_answer_counts_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page asks which positions the learner has answered at every new position. The store is read
    once a session for each range of numbers dealt first (the read goes through every answer of the
    learner), and what the learner answers in the session counts from then on: a priced position opened
    by its number and answered is not dealt."""
    from tutor.lessons.answers import Answer
    from tutor.lessons.cost.precomputed import priced_bid_seeds
    from tutor.lessons.progress import DEFAULT_LEARNER, ProgressStore, open_store

    priced = priced_bid_seeds(RULE)
    database = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(database))
    with open_store(database) as store:  # an earlier session answered all but two
        for seed in priced[:-2]:
            store.record(Answer("convention", RULE, True, "1NT", "1NT", seed=seed), DEFAULT_LEARNER)
    reads = []
    read = ProgressStore.answered_positions
    monkeypatch.setattr(ProgressStore, "answered_positions", lambda self, *a: reads.append(a) or read(self, *a))
    at = open_page(DRILL_PAGE)
    at.selectbox(key="bid_drill_rule").set_value(RULE).run()
    first, _ = _dealt(at, RULE)
    assert first in priced[-2:]
    other = next(s for s in priced[-2:] if s != first)
    at.number_input(key="bid_drill_seed").set_value(other).run()  # the other one, opened by its number
    at.selectbox(key=f"bid_drill_choice_{RULE}_{other}").select(make(RULE, other).answer)
    at.button(key=f"bid_drill_call_{RULE}_{other}").click().run()
    for _ in range(2):
        at.button(key="bid_drill_new").click().run()
        assert _dealt(at, RULE)[0] not in priced, "an answered or dealt priced position was dealt again"
    assert not at.exception, [e.value for e in at.exception]
    # once for "any convention" (the page opened on it), once for the convention chosen: never again
    assert len(reads) == len(set(reads)) == 2, reads
