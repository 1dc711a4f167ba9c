"""Generated scoring quizzes (content/quizzes/scoring.yaml), the readings file, and their validation."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tutor.engine.calls import VINT_DENOMINATIONS, Bid, Contract
from tutor.engine.cards import SEATS, Side
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import ContentError
from tutor.engine.scoring import score_deal
from tutor.lessons.content import DEFAULT_CONTENT_DIR
from tutor.lessons.content.catalogue import check_content
from tutor.lessons.review import servers as review_servers
from tutor.lessons.scoring import (
    answer_record,
    check,
    load_quiz,
    load_readings,
    make_question,
    question_markdown,
    serve_scoring,
)

QUIZ = load_quiz()
LEVELS = [level.id for level in QUIZ.levels]
SEEDS = range(12)


def test_scoring_quiz_file_has_levels_from_tricks_to_a_whole_rubber() -> None:
    assert LEVELS[0] == "tricks" and LEVELS[-1] == "rubber"
    assert len(LEVELS) >= 6


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_question_and_every_blank_is_two_sided(level: str) -> None:
    for seed in SEEDS:
        first, again = make_question(level, seed), make_question(level, seed)
        assert [(b.key, b.expected) for b in first.blanks] == [(b.key, b.expected) for b in again.blanks]
        asked = QUIZ.level(level).ask
        assert [b.group for b in first.blanks] == [g for g in asked for _ in (Side.NS, Side.EW)]
        assert all(b.laws for b in first.blanks)


def test_tricks_level_scoring_5_both_sides_add_to_thirteen_tricks_at_the_rate() -> None:
    for seed in SEEDS:
        q = make_question("tricks", seed)
        assert q.contract is not None and q.declarer_tricks >= q.contract.tricks_needed  # made
        assert sum(b.expected for b in q.blanks) == 13 * 10 * q.contract.level


def test_penalties_level_scoring_21_always_failed_and_charged_per_trick_short() -> None:
    for seed in SEEDS:
        q = make_question("penalties", seed)
        assert q.contract is not None
        short = q.contract.tricks_needed - q.declarer_tricks
        assert short > 0
        defenders = q.contract.declarer.side.other
        penalty = {b.side: b.expected for b in q.blanks if b.group == "penalty"}
        assert penalty == {defenders: short * 1000 * q.contract.level, defenders.other: 0}


def test_coronet_level_note_5_always_deals_a_coronet() -> None:
    for seed in SEEDS:
        q = make_question("coronets", seed)
        assert sum(b.expected for b in q.blanks) >= 500


def test_slam_level_scoring_19_contracts_are_slams() -> None:
    for seed in SEEDS:
        q = make_question("slams", seed)
        assert q.contract is not None and q.contract.level >= 6


def test_rubber_level_a_finished_rubber_with_its_passed_out_deal_and_revoke() -> None:
    spec = QUIZ.level("rubber").rubber
    assert spec is not None
    for seed in SEEDS:
        q = make_question("rubber", seed)
        assert q.rubber is not None and q.rubber.is_over
        plays = [v.played for v in q.rubber_deals]
        assert sum(p.contract is None for p in plays) == spec.passed_out
        assert sum(p.revoke is not None for p in plays) == spec.revokes
        winner = q.rubber.winner
        x = {b.side: b.expected for b in q.blanks if b.group == "x_mark"}
        assert x == {winner: 500 * spec.passed_out, winner.other: 0}  # scoring 8, book figure
        total = {b.side: b.expected for b in q.blanks if b.group == "total"}
        assert total == {s: q.rubber.total(s) for s in Side}
        assert "Deal" in question_markdown(q) or "passed out" in question_markdown(q)


def test_check_marks_each_entry_right_or_wrong_with_its_law() -> None:
    q = make_question("whole-deal", 4)
    right = {b.key: b.expected for b in q.blanks}
    assert all(r.correct for r in check(q, right))
    target = q.blanks[0]
    wrong = dict(right, **{target.key: target.expected + 10})
    results = check(q, wrong)
    assert [r.blank.key for r in results if not r.correct] == [target.key]
    bad = next(r for r in results if not r.correct)
    assert "you wrote" in bad.message and str(target.expected) in bad.message
    record = answer_record(q, results)
    assert record.item_kind == "scoring" and record.item_id == "whole-deal" and not record.correct
    assert record.seed == 4 and set(target.laws) <= set(record.laws)
    assert record.extra["wrong"] == target.key


def test_a_missing_entry_is_wrong() -> None:
    q = make_question("tricks", 1)
    assert not any(r.correct for r in check(q, {}))


def test_review_serves_scoring_units_as_one_blank() -> None:
    assert "scoring" in review_servers.servable_kinds()
    exercise = review_servers.serve("scoring", "honours", 9)
    assert exercise == serve_scoring("honours", 9)
    q = make_question("honours", 9)
    assert exercise.expected in {str(b.expected) for b in q.blanks}
    assert exercise.is_right(exercise.expected) and not exercise.is_right(exercise.expected + "1")


def test_scoring_content_files_validate_and_cite_known_laws() -> None:
    report = check_content(DEFAULT_CONTENT_DIR)
    mine = [p for p in report.problems if "scoring" in p.file]
    assert mine == []


def test_every_law_the_engine_cites_is_an_entry_of_rules_yaml() -> None:
    report = check_content(DEFAULT_CONTENT_DIR)
    assert report.rules is not None
    known = {e.id for e in report.rules.entries}
    rng = random.Random(5)
    cited: set[str] = set()
    for level in LEVELS:
        for seed in range(20):
            for blank in make_question(level, seed).blanks:
                cited.update(blank.laws)
                for item in blank.items:
                    cited.update(item.laws)
    for _ in range(300):
        c = Contract(Bid(rng.randint(1, 7), rng.choice(VINT_DENOMINATIONS)), rng.choice(SEATS))
        s = score_deal(random_deal(rng), c, rng.randint(0, 13), revoke=rng.choice([None, Side.NS, Side.EW]))
        cited.update(law for i in s.items for law in i.laws)
    assert cited - known == set()
    assert {"scoring-5", "scoring-21", "law-148", "scoring-7", "scoring-8"} <= cited


def test_every_reading_the_engine_names_is_in_scoring_readings_yaml() -> None:
    readings = load_readings()
    named: set[str] = set()
    for level in LEVELS:
        for seed in range(20):
            named.update(make_question(level, seed).readings)
    assert named and named <= set(readings)
    for reading in readings.values():
        assert reading.reading.startswith("Tutor's reading")


def _content(tmp_path: Path, quiz_text: str) -> Path:
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "scoring.yaml").write_text(quiz_text, encoding="utf-8")
    return tmp_path


def test_a_broken_scoring_quiz_file_reports_every_problem(tmp_path: Path) -> None:
    text = (DEFAULT_CONTENT_DIR / "quizzes" / "scoring.yaml").read_text(encoding="utf-8")
    text = text.replace("ask: [below]\n", "ask: [below, nonsense]\n").replace("levels: [6, 7]", "levels: [7, 6]")
    with pytest.raises(ContentError) as err:
        load_quiz(_content(tmp_path, text))
    message = str(err.value)
    assert "nonsense" in message and "levels" in message


def test_a_scoring_quiz_file_with_a_python_tag_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="not allowed"):
        load_quiz(_content(tmp_path, "title: !!python/object:os.system x\n"))


