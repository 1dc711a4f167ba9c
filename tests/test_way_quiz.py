"""Quiz questions on the ways for two, three and five players: their answers are the seeds' figures."""

from __future__ import annotations

from tutor.lessons.laws.quiz import duplicates, generated_questions


def _answers() -> dict[str, str]:
    return {q.id: q.answer for q in generated_questions() if q.id.startswith(("gen-two", "gen-three", "gen-five"))}


def test_the_books_figures_answer_the_questions() -> None:
    answers = _answers()
    assert answers["gen-two-4-lowest-bid"] == "3"  # RO l.509: no less than 'three'
    assert answers["gen-two-4-buy-in-cards"] == "4" and answers["gen-two-4-hand"] == "12"  # RO l.499
    assert answers["gen-three-3-pay-C"] == "1435"  # RO l.539: A wins from C 1435
    assert answers["gen-five-2-record-N"] == "37" and answers["gen-five-2-record-A"] == "109"  # RO l.545
    # RO l.471: two honours count only against one or none; three or more as in ordinary Vint
    assert answers["gen-two-2-honours-2-1"] == "2" and answers["gen-two-2-honours-2-2"] == "0"
    assert answers["gen-two-2-honours-3-2"] == "3"


def test_every_way_has_questions_and_none_repeats() -> None:
    pool = generated_questions()
    laws = {law for q in pool for law in q.laws}
    assert {"two-2", "two-4", "three-3", "five-2"} <= laws
    assert [d for d in duplicates(pool) if any(x.startswith(("gen-two", "gen-three", "gen-five")) for x in d)] == []
