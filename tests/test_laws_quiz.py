"""Law quizzes: every answer key agrees with the law it cites; every section is quizzed;
Vint and Solo Whist are separate pools and no question is asked twice (issue 15)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine.calls import VINT_DENOMINATIONS, Bid, tricks_needed
from tutor.engine.rules import Rules
from tutor.lessons.content import ContentReport
from tutor.lessons.content.catalogue import check_content
from tutor.lessons.content.kinds import numbers_in
from tutor.lessons.laws.question import SOLO_WHIST, VINT, Question
from tutor.lessons.laws.quiz import (
    duplicates,
    generated_questions,
    question_pool,
    questions_for_section,
    quote,
    shuffled,
)
from tutor.lessons.laws.study import StudyGuide

CONTENT = Path(__file__).resolve().parent.parent / "content"


@pytest.fixture(scope="module")
def report() -> ContentReport:
    return check_content(CONTENT)


@pytest.fixture(scope="module")
def guide(report: ContentReport) -> StudyGuide:
    assert report.rules is not None
    return StudyGuide(report.rules)


@pytest.fixture(scope="module")
def pool(report: ContentReport, guide: StudyGuide) -> list[Question]:
    return question_pool(sorted(report.quizzes.items()), {e.id for e in guide.entries})


@pytest.fixture(scope="module")
def pools(report: ContentReport, guide: StudyGuide) -> dict[str, list[Question]]:
    ids = {e.id for e in guide.entries}
    return {game: question_pool(sorted(report.quizzes.items()), ids, game=game) for game in (VINT, SOLO_WHIST)}


def test_law_quiz_file_is_valid(report: ContentReport) -> None:
    assert not [p for p in report.problems if "quizzes/laws.yaml" in p.file]
    assert len(report.quizzes["quizzes/laws.yaml"].questions) >= 60


def test_every_section_with_laws_is_quizzed(guide: StudyGuide, pool: list[Question]) -> None:
    for section in guide.sections:
        if guide.section_entries(section.id):
            assert questions_for_section(pool, guide, section.id), f"no question on section {section.id}"


def test_the_issue_examples_are_asked(pool: list[Question]) -> None:
    by_id = {q.id: q for q in pool}
    assert by_id["cut-packet-minimum"].answer == "5" and by_id["cut-packet-minimum"].laws == ("law-12",)
    assert by_id["drew-two-cards-at-once"].laws == ("law-7",)
    assert by_id["who-speaks-first"].answer == "The dealer"
    assert by_id["gen-law-5-lowest-suit"].answer == "spades"


def test_question_ids_are_unique(pool: list[Question]) -> None:
    ids = [q.id for q in pool]
    assert len(ids) == len(set(ids))


def test_every_question_cites_only_known_laws(pool: list[Question], guide: StudyGuide) -> None:
    for q in pool:
        assert q.laws and all(law in guide for law in q.laws), q.id


def test_choice_questions_offer_plausible_wrong_options(pool: list[Question]) -> None:
    for q in pool:
        if q.kind == "choice":
            assert q.answer in q.options and len(q.options) >= 2, q.id
            if q.origin == "quizzes/laws.yaml":
                assert len(q.options) >= 3, q.id


@pytest.mark.parametrize("question", [q for q in generated_questions() if q.kind == "numeric"],
                         ids=lambda q: q.id)
def test_numeric_answer_is_a_figure_of_the_cited_law(question: Question, guide: StudyGuide) -> None:
    """Generated figures (engine) and the law text (rules.yaml) must agree."""
    cited = [guide.entry(law) for law in question.laws if law in guide]
    assert cited, question.id
    figures = {n for e in cited for n in numbers_in(f"{e.title} {e.text}")}
    if "together" in question.prompt:  # a question adding two figures of the law (scoring 19's two bonuses)
        figures |= {a + b for a in figures for b in figures if a != b}
    assert int(question.answer) in figures, f"{question.id}: {question.answer} is not stated by {question.laws}"


def test_hand_written_numeric_answers_are_figures_of_their_laws(pool: list[Question], guide: StudyGuide) -> None:
    for q in pool:
        if q.kind == "numeric" and q.origin != "generated":
            texts = " ".join(f"{guide.entry(law).title} {guide.entry(law).text}" for law in q.laws)
            assert int(q.answer) in numbers_in(texts), q.id


#: Law 31 (rules.yaml; book, scoring 20, l.429-431): level -> (tricks to take, tricks it may give).
LAW_31 = {1: (7, 6), 2: (8, 5), 3: (9, 4), 4: (10, 3), 5: (11, 2), 6: (12, 1), 7: (13, 0)}


def test_law_31_contract_targets_follow_the_engine() -> None:
    qs = {q.id: q for q in generated_questions()}
    for level, (take, give) in LAW_31.items():
        assert qs[f"gen-law-31-tricks-{level}"].answer == str(take) == str(tricks_needed(level))
        assert qs[f"gen-law-31-give-{level}"].answer == str(give) == str(13 - tricks_needed(level))


#: Law 5 (rules.yaml): "Hearts are the highest suit, then diamonds, then clubs, and spades are the
#: lowest"; law 35: no-trumps outrank every suit. Lowest first.
LAW_5_ORDER = ["spades", "clubs", "diamonds", "hearts", "no-trumps"]


def test_law_5_suit_order_follows_the_engine() -> None:
    qs = {q.id: q for q in generated_questions()}
    assert qs["gen-law-5-lowest-suit"].answer == "spades" == VINT_DENOMINATIONS[0].english
    assert qs["gen-law-5-highest-suit"].answer == "hearts"
    assert qs["gen-law-5-clubs-diamonds"].answer == "clubs"
    pairs = [q for q in generated_questions() if re.fullmatch(r"gen-law-5-[a-z]+-[a-z]+", q.id)
             and q.id.count("-") == 4 and "suit" not in q.id]
    assert len(pairs) == 6  # every pair of the four suits
    for q in pairs:
        # law 2 (RO l.25): the LOWEST card chooses the seat; law 4: equal ranks go by suit (law 5's order)
        a, b = q.id.removeprefix("gen-law-5-").split("-")
        assert q.answer == min(a, b, key=LAW_5_ORDER.index), q.id
        assert "lower" in q.prompt and "wins" not in q.prompt, q.id


def test_law_35_calls_follow_the_auction_order() -> None:
    for q in generated_questions():
        if q.id.startswith("gen-law-35-"):
            first, then = q.id.removeprefix("gen-law-35-").split("-then-")
            lo = next(s for s in VINT_DENOMINATIONS if s.english == first)
            hi = next(s for s in VINT_DENOMINATIONS if s.english == then)
            # law 35: after a simple call only a higher-ranking denomination (law 5's order) may be said
            assert (q.answer == "True") == (LAW_5_ORDER.index(then) > LAW_5_ORDER.index(first)), q.id
            assert (Bid(1, hi) > Bid(1, lo)) == (q.answer == "True"), q.id


def test_scoring_17_variant_changes_the_generated_answer() -> None:  # conflict C3
    book = {q.id: q.answer for q in generated_questions()}
    summaries = {q.id: q.answer for q in generated_questions(Rules.with_variants({"nt-ace-three": "summaries"}))}
    assert book["gen-scoring-17-nt-ace-3"] == "750" and summaries["gen-scoring-17-nt-ace-3"] == "700"


def test_answers_are_checked_as_numbers_and_case_blind() -> None:
    numeric = Question("q", "numeric", "?", "5", ("law-12",))
    assert numeric.is_correct(" 5") and numeric.is_correct(5) and not numeric.is_correct("five")
    truefalse = Question("t", "truefalse", "?", "False", ("law-6",))
    assert truefalse.is_correct("false") and not truefalse.is_correct("True")
    assert truefalse.choices == ("True", "False")


def test_explanation_quotes_the_law(guide: StudyGuide) -> None:
    text = quote(guide.entry("law-12"))
    assert text.startswith("**Law 12") and "\n> " in text and "five" in text


def test_same_seed_same_quiz(pool: list[Question]) -> None:
    assert [q.id for q in shuffled(pool, 7)] == [q.id for q in shuffled(pool, 7)]
    assert [q.id for q in shuffled(pool, 7)] != [q.id for q in shuffled(pool, 8)]


# -- Separate pools, games named, no duplicates (issue 15, "Laws quiz")

def test_vint_and_solo_whist_pools_are_separate(pools: dict[str, list[Question]], pool: list[Question]) -> None:
    vint, solo = pools[VINT], pools[SOLO_WHIST]
    assert vint and solo and not {q.id for q in vint} & {q.id for q in solo}
    assert len(vint) + len(solo) == len(pool)  # every question belongs to exactly one game
    assert not [q.id for q in vint if any(law.startswith("solo-") for law in q.laws)]
    assert all(law.startswith("solo-") for q in solo for law in q.laws)


def test_no_question_cites_laws_of_both_games(pool: list[Question]) -> None:
    for q in pool:
        kinds = {law.startswith("solo-") for law in q.laws}
        assert len(kinds) == 1, f"{q.id} mixes Vint laws and Solo Whist rules: {q.laws}"


def test_every_question_names_its_game(pool: list[Question]) -> None:
    for q in pool:
        assert q.asked.startswith(f"{q.game}: ") and q.asked.endswith(q.prompt), q.id


@pytest.mark.parametrize("game", [VINT, SOLO_WHIST])
def test_no_two_questions_of_a_pool_ask_the_same_thing(pools: dict[str, list[Question]], game: str) -> None:
    assert duplicates(pools[game]) == []


def test_the_duplicate_finder_finds_a_repeated_question() -> None:
    """The check above could fail: a reworded copy with the same law and answer is a duplicate."""
    a = Question("a", "numeric", "How many tricks must a solo bidder take?", "5", ("solo-12",))
    b = Question("b", "numeric", "In Solo Whist, how many tricks must a player who calls solo take?", "5",
                 ("solo-12",))
    other = Question("c", "numeric", "How many tricks must an abundance bidder take?", "9", ("solo-14",))
    assert duplicates([a, b, other]) == [("a", "b")]


def test_who_calls_first_follows_each_games_law(pools: dict[str, list[Question]]) -> None:
    """Law 28 (RO l.91): in Vint the dealer speaks first; Solo Whist (TH l.21-23, solo-8): the eldest hand."""
    vint = [q for q in pools[VINT] if "law-28" in q.laws and "first" in q.prompt]
    solo = [q for q in pools[SOLO_WHIST] if "solo-8" in q.laws and "first" in q.prompt]
    assert vint and all(q.answer == "The dealer" for q in vint)
    assert solo and all("eldest hand" in q.answer for q in solo)


def test_how_the_cards_are_dealt_is_asked_once_per_game(pools: dict[str, list[Question]]) -> None:
    """Law 16 (RO l.59): one card at a time; Solo Whist (TH l.9, solo-5): by threes, the last four singly."""
    for game, answer in ((VINT, "one at a time"), (SOLO_WHIST, "three at a time")):
        dealt = [q for q in pools[game] if q.prompt == "How are the cards dealt?"]
        assert len(dealt) == 1 and answer in dealt[0].answer.lower(), game


def test_scoring_19_question_counts_both_slam_bonuses() -> None:
    """Scoring 19 (RO l.425): 5000 / 10000 for the declared slam, and "in addition" 1000 / 2000 for making it."""
    qs = {q.id: q for q in generated_questions()}
    assert qs["gen-scoring-19-small-slam"].answer == str(5000 + 1000)
    assert qs["gen-scoring-19-grand-slam"].answer == str(10000 + 2000)


def test_law_151_question_asks_about_the_running_total() -> None:
    """Law 151 (RO l.289): the revokers may not have more than 490 below the line, i.e. their total."""
    q = {q.id: q for q in generated_questions()}["gen-law-151-revoke-cap"]
    assert q.answer == "490" and "running total" in q.prompt and "in that deal" not in q.prompt
