"""The scoring quiz's levels for two, three and five players (issue 19).

Each question is a seeded deal or rubber of its way played by robots; its answers are checked here
against the seeds' own examples (RO = ``000_…txt``, the book) or against properties stated
independently of the code that computes them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import app_test
from streamlit.testing.v1 import AppTest

from tutor.engine.calls import Strain
from tutor.engine.cards import Rank, Side
from tutor.lessons.progress import open_store
from tutor.lessons.review.servers import serve
from tutor.lessons.ways.scoring import (
    BOOK_FIVE_LINE,
    WAY_LEVELS,
    check_way,
    make_way_question,
    three_payment_blanks,
)

QUIZ = "tutor/ui/pages/scoring_quiz.py"
SEEDS = (1, 2, 3)
TRICK_VALUE = 10  # scoring 1: ten a trick a level
HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


def test_three_players_settle_as_the_books_example() -> None:
    """RO l.539: "A has 4135 points, B 1065, C 2700. So A wins from B 3070, from C 1435"."""
    pays = {b.key: b.expected for b in three_payment_blanks({"A": 4135, "B": 1065, "C": 2700})}
    assert pays == {"pays:A": 0, "pays:B": 3070, "pays:C": 1435}


def test_the_books_five_player_line_is_a_record_that_sums_to_zero() -> None:
    """RO l.545: T -55, A +109, K +16, F -33, N -37 — the record the five-player level starts from."""
    assert BOOK_FIVE_LINE == {"T": -55, "A": 109, "K": 16, "F": -33, "N": -37}
    assert sum(BOOK_FIVE_LINE.values()) == 0


@pytest.mark.parametrize("seed", SEEDS)
def test_two_handed_deal_writes_all_thirteen_tricks_and_the_two_handed_honours(seed: int) -> None:
    q = make_way_question("two-handed-deal", seed)
    assert q.contract is not None and set(q.hands) == {"A", "B"}
    below = q.blank("A:below").expected + q.blank("B:below").expected
    assert below == 13 * TRICK_VALUE * q.contract.level  # scoring 1 and 5: each side writes every trick it took
    strain = q.contract.strain
    counts = {p: sum(1 for c in h if (c.rank is Rank.ACE if strain is Strain.NO_TRUMPS else
                                      c.suit is strain.trump and c.rank in HONOURS)) for p, h in q.hands.items()}
    score = q.deal_scores[0][1]
    kind = "aces" if strain is Strain.NO_TRUMPS else "honours"
    writers = {("A" if i.side is Side.NS else "B") for i in score.items if i.kind == kind}
    # RO l.471: the one holding more writes them — three or more, or two against one or none
    mine, theirs = counts["A"], counts["B"]
    expect = {"A"} if mine > theirs and (mine >= 3 or theirs <= 1) and mine >= 2 else (
        {"B"} if theirs > mine and (theirs >= 3 or mine <= 1) and theirs >= 2 else set())
    assert writers == expect
    assert all(b.why and "NS" not in b.why and "EW" not in b.why for b in q.blanks)  # players, not seat letters


@pytest.mark.parametrize("seed", SEEDS)
def test_buy_in_rubber_needs_600_for_a_partie_and_the_lower_record_pays_the_difference(seed: int) -> None:
    q = make_way_question("two-buy-in-rubber", seed)
    assert q.rubber is not None
    for partie in q.rubber.parties:
        if partie.winner is not None:  # RO l.513: 600 below; or a made five or slam at once (scoring 6, l.391)
            last = q.rubber.scores[partie.deals[-1] - 1]
            made_big = last.contract is not None and last.contract.level >= 5 and \
                last.tricks[last.contract.declarer.side] >= last.contract.tricks_needed
            assert partie.below[partie.winner] >= 600 or (made_big and last.contract.declarer.side is partie.winner)
    a, b = q.blank("A:total").expected, q.blank("B:total").expected
    assert q.blank("pays").expected == abs(a - b)
    bonus = q.blank("A:bonus").expected + q.blank("B:bonus").expected
    assert bonus >= 2 * 1000 + 2000  # two parties (at least) and the rubber were won (scoring 7)


@pytest.mark.parametrize("seed", SEEDS)
def test_three_auction_records_end_at_500_and_the_defenders_both_write(seed: int) -> None:
    q = make_way_question("three-auction-records", seed)
    totals = {n: q.blank(f"{n}:total").expected for n in "ABC"}
    # RO l.537: the declarer writes his side's entries, each defender the defenders' in full
    written = sum(s.total(Side.NS) + 2 * s.total(Side.EW) for _, s in q.deal_scores)
    assert sum(totals.values()) == written
    below = dict.fromkeys("ABC", 0)
    for declarer, score in q.deal_scores:
        assert max(below.values()) < 500, "a deal was written after the partie had ended"  # noqa: PLR2004
        for name in below:
            below[name] += score.below(Side.NS if name == declarer else Side.EW)
    assert max(below.values()) >= 500  # the first to 500 ends it
    best = max(totals, key=lambda n: totals[n])
    assert {n: q.blank(f"pays:{n}").expected for n in "ABC"} == {n: totals[best] - totals[n] for n in "ABC"}


@pytest.mark.parametrize("seed", SEEDS)
def test_three_dummy_rubber_opponents_pay_half_each_and_the_payments_are_antisymmetric(seed: int) -> None:
    q = make_way_question("three-dummy-rubber", seed)
    pays = [b for b in q.blanks if b.key.startswith("pays:")]
    totals = [b.expected for b in q.blanks if b.key.endswith(":total")]
    assert len(pays) == 2 and len(totals) == 2  # noqa: PLR2004
    difference = totals[0] - totals[1]  # the dummy-player's side first
    # RO l.527: he wins from both; he pays for himself and the dummy — "for a hundred, fifty"
    assert pays[0].expected == pays[1].expected == difference // 2
    assert sum(p.expected for p in pays) == difference  # what he gains the two opponents lose


@pytest.mark.parametrize("seed", SEEDS)
def test_five_player_record_after_a_robot_rubber_sums_to_zero(seed: int) -> None:
    q = make_way_question("five-running-record", seed)
    assert q.rubber is not None and q.rubber.is_over
    after = {b.key.split(":")[0]: b.expected for b in q.blanks}
    assert sum(after.values()) == 0  # what one wins another loses
    margin = abs(q.rubber.total(Side.NS) - q.rubber.total(Side.EW))
    changes = sorted(after[n] - BOOK_FIVE_LINE[n] for n in after)
    assert changes == [-margin, -margin, 0, margin, margin]  # two win, two lose, one sits out


@pytest.mark.parametrize("level", [lv.id for lv in WAY_LEVELS])
def test_every_level_checks_right_and_wrong_answers_and_explains_them(level: str) -> None:
    q = make_way_question(level, 4)
    assert q.blanks and q.story
    right = check_way(q, {b.key: b.expected for b in q.blanks})
    assert all(r.correct for r in right) and all("right" in r.message for r in right)
    wrong = check_way(q, {b.key: b.expected + 10 for b in q.blanks})
    assert not any(r.correct for r in wrong) and all("you wrote" in r.message for r in wrong)
    assert make_way_question(level, 4) == q  # the same seed, the same question


def test_review_serves_one_figure_of_a_ways_level() -> None:
    exercise = serve("scoring", "three-auction-records", 5)
    q = make_way_question("three-auction-records", 5)
    assert exercise.expected in {str(b.expected) for b in q.blanks}
    assert exercise.laws and exercise.is_right(exercise.expected)


def _quiz(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, level: str, seed: int) -> AppTest:
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.db"))
    at = app_test()
    at.run()
    at.switch_page(QUIZ)
    at.run()
    at.selectbox(key="scoring_quiz_level").set_value(level).run()
    at.number_input(key="scoring_quiz_seed").set_value(seed).run()
    return at


@pytest.mark.slow  # an app session, its robots' deals and a check: about 3 s
def test_quiz_page_asks_a_three_player_level_and_records_the_answer(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    at = _quiz(tmp_path, monkeypatch, "three-auction-records", 2)
    assert not at.exception, [e.value for e in at.exception]
    q = make_way_question("three-auction-records", 2)
    assert any(q.story[1] in t.value for t in at.text)
    for blank in q.blanks:
        value = blank.expected + (10 if blank.key == "pays:B" else 0)
        at.number_input(key=f"scoring_quiz_way_{q.id}_{blank.key.replace(':', '_')}").set_value(value)
    at.button(key=f"scoring_quiz_way_check_{q.id}").click()
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "What B pays" in errors[0] and "you wrote" in errors[0]
    assert "Three players 3" in errors[0] and "three-3" not in errors[0]  # the law in words, never its id
    with open_store(tmp_path / "progress.db") as store:
        answers = [a.answer for a in store.answers("default")]
    assert [(a.item_kind, a.item_id, a.correct, a.seed) for a in answers] == [
        ("scoring", "three-auction-records", False, 2)]


@pytest.mark.parametrize("level", [lv.id for lv in WAY_LEVELS])
def test_quiz_page_shows_every_ways_level_with_one_input_per_figure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    level: str) -> None:
    at = _quiz(tmp_path, monkeypatch, level, 3)
    assert not at.exception, [e.value for e in at.exception]
    q = make_way_question(level, 3)
    keys = {n.key for n in at.number_input if n.key and n.key.startswith("scoring_quiz_way_")}
    assert keys == {f"scoring_quiz_way_{q.id}_{b.key.replace(':', '_')}" for b in q.blanks}
    shown = [t.value for t in at.text]
    assert all(line in shown for line in q.story)


def test_a_side_that_is_one_player_takes_a_singular_verb() -> None:
    """The engine writes a side's verbs in the plural ("NS hold 5 trump honours"); at two and three players
    the side is one player, and the story read "A hold 5 trump honours", "C with the dummy hold …"."""
    import re

    from tutor.lessons.ways.scoring import WAY_LEVELS, make_way_question

    one_player_plural = re.compile(r"(?:^|[\s(;:])(?<!\band )[A-Z](?: with the dummy|'s dummy)? (?:hold|reach|win)\b")
    texts = [line for level in WAY_LEVELS for seed in range(3) for line in make_way_question(level.id, seed).story]
    assert any(" holds " in t for t in texts)  # the singular was written
    assert not [t for t in texts if one_player_plural.search(t)]
    # and a pair keeps the plural: "A and C holds 3 aces at no-trumps" took the singular of its last player
    pair_singular = re.compile(r"\b[A-Z] and [A-Z] (?:holds|reaches|wins)\b")
    assert not [t for t in texts if pair_singular.search(t)], [t for t in texts if pair_singular.search(t)][:2]
