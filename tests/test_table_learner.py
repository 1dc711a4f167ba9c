"""The practice table as a learner lives in it (issue 32; issue 27 item 4), below the page.

* The tutor's stated defaults are never mistakes (docs/robots.md: "the book gives no rule for
  these positions"), and the table records every decision it judges, right ones included.
* During the deal a robot's "Why?" says only what its call or card told the table: the same
  words whatever the robot's hidden hand.
* The review says what a difference was worth in words, and "free here" when it was nothing.
* A passed-out deal is an X, worth 500 to the rubber's winner (scoring 8, ``000`` l.395), or
  500, 1000, 1500 in turn under the "Vint signs" of scoring 9 (l.397).
* The sheet holds a deal the moment it is over.
"""

from __future__ import annotations

import random

from tutor.engine.cards import Seat
from tutor.engine.deals.generate import random_deal
from tutor.engine.rules import Rules
from tutor.lessons.table import Step, TableDeal
from tutor.lessons.table.items import decision_answers
from tutor.lessons.table.review import DeviationCost, Line, is_judged, mistakes
from tutor.lessons.table.rubber import PracticeRubber, passed_out_line
from tutor.lessons.table.told import RECOVERED_NOTE, learner_words, told


def _played_by_the_book(seed: int, learner: Seat = Seat.S) -> TableDeal:
    table = TableDeal(random_deal(random.Random(seed)), Seat.N, learner, seed=seed)
    while table.phase != "over":
        table.run_robots()
        if table.learners_turn:
            book = table.hint()
            table.act(str(book.get("call") or book["card"]))
    return table


def test_every_judged_decision_is_recorded_right_ones_included_and_defaults_never() -> None:
    table = _played_by_the_book(2)
    judged = [s for s in table.steps if s.learner and not (s.book or {}).get("default")]
    defaults = [s for s in table.steps if s.learner and (s.book or {}).get("default")]
    answers = decision_answers(table)
    assert len(answers) == len(judged) > 0
    assert all(a.correct for a in answers)  # every one followed the book
    assert all(a.retry for a in answers)  # ...after asking for the hint: they count for nothing
    default_rules = {str((s.book or {}).get("rule")) for s in defaults}
    assert not default_rules & {a.item_id for a in answers}


def test_a_choice_where_only_the_tutors_default_speaks_is_never_a_mistake() -> None:
    for seed in range(2, 30):
        table = TableDeal(random_deal(random.Random(seed)), Seat.N, Seat.S, seed=seed)
        chosen = -1
        while table.phase != "over":
            table.run_robots()
            if not table.learners_turn:
                continue
            book = table.hint()
            legal = table.legal_actions()
            if chosen < 0 and book.get("default") and len(legal) > 1:
                chosen = len(table.steps)
                table.act(next(c for c in legal if c not in book.get("cards", [book.get("card")])))
            else:
                table.act(str(book.get("call") or book["card"]))
        if chosen >= 0:
            step = table.steps[chosen]
            assert step.deviates and not is_judged(step)
            assert mistakes(table) == ()
            assert all(a.correct for a in decision_answers(table))
            return
    raise AssertionError("no default position came in 28 deals")


def test_a_robots_why_during_the_deal_is_the_same_whatever_its_hidden_hand() -> None:
    table = _played_by_the_book(2)
    calls = [s for s in table.steps[:table.auction_length]]
    for other_seed in (101, 202):
        other = TableDeal(random_deal(random.Random(other_seed)), Seat.N, Seat.S, steps=tuple(calls))
        for index, step in enumerate(calls):
            if not step.learner:
                assert told(table, index) == told(other, index)


def test_a_robots_card_names_its_law_and_nothing_of_its_hand() -> None:
    table = _played_by_the_book(2)
    for index in range(table.auction_length, len(table.steps)):
        step = table.steps[index]
        if step.learner:
            continue
        text = told(table, index)
        assert text.startswith(f"{step.seat.english} played ")
        assert "sure trick" not in text and "You hold" not in text and "you hold" not in text
        assert ("the tutor's default" in text) == step.default


def _cost(book: int, given: int, robots_book: int, robots_given: int, action: str = "SA") -> DeviationCost:
    step = Step(Seat.S, action, "", (), "", learner=True, book={"card": "SK", "laws": ["law-113"]})
    return DeviationCost(0, step, (Line("SK", "2H by S", 8, book), Line(action, "2H by S", 8, given)),
                         (Line("SK", "2H by S", 8, robots_book), Line(action, "2H by S", 8, robots_given)))


def test_the_review_says_what_a_difference_cost_in_words() -> None:
    choice, worth = _cost(120, -20, 60, 60).sentences()
    assert choice == "You played ♠A; the book plays ♠K here (law 113)."
    assert "double dummy), your choice cost your side 140 points" in worth  # 120 - (-20)
    assert "robots' playout" in worth and "made no difference" in worth
    _, gained = _cost(-20, 120, 0, 40).sentences()
    assert "gained your side 140 points" in gained and "gained your side 40 points" in gained


def test_a_difference_worth_nothing_is_free_here() -> None:
    _, worth = _cost(70, 70, 70, 70).sentences()
    assert worth.startswith("The choice was free here")


def test_recovered_rules_lose_their_bookkeeping_and_are_explained_in_words() -> None:
    assert learner_words("Recovered ≈101: second hand plays low (1H).") == "Law ≈101: second hand plays low (1♥)."
    assert "≈" in RECOVERED_NOTE and "summaries" in RECOVERED_NOTE and "lost" in RECOVERED_NOTE


def _passed_out_rubber(rules: Rules | None = None) -> PracticeRubber:
    for seed in range(1, 60):
        rubber = PracticeRubber(seed, Seat.S, rules=rules)
        table = rubber.current
        assert table is not None
        while table.phase == "auction":
            table.run_robots()
            if table.phase == "auction" and table.learners_turn:
                table.act("P")
        if table.contract is None:
            return rubber
    raise AssertionError("no passed-out first deal in 59 rubbers")


def test_a_passed_out_deal_is_an_x_worth_500_to_the_rubbers_winner() -> None:
    rubber = _passed_out_rubber()
    line = passed_out_line(rubber)
    assert "X" in line and "its winner scores 500" in line and "scoring rule 8" in line  # 000 l.395
    rows = rubber.rows()
    assert any(r.entry == "X (passed out)" and r.deal == 1 for r in rows)


def test_under_the_vint_signs_the_xs_are_worth_500_1000_1500_in_turn() -> None:
    rules = Rules.with_variants({"x-values": "vint_signs"})  # scoring 9, 000 l.397
    rubber = _passed_out_rubber(rules)
    values = []
    while rubber.current is not None and len(values) < 4:
        table = rubber.current
        while table.phase != "over":
            table.run_robots()
            if table.learners_turn:
                table.act("P" if table.phase == "auction" else table.legal_actions()[0])
        if table.contract is None:
            values.append(int(passed_out_line(rubber).split("scores ")[1].split()[0]))
        rubber.next_deal()
    assert values[:3] == [500, 1000, 1500][:len(values[:3])] and len(values) >= 2


def test_the_sheet_holds_the_deal_the_moment_it_is_over() -> None:
    rubber = PracticeRubber(2, Seat.S)
    table = rubber.current
    assert table is not None
    while table.phase != "over":
        table.run_robots()
        if table.learners_turn:
            book = table.hint()
            table.act(str(book.get("call") or book["card"]))
    score = table.result()
    partie = next(r for r in rubber.rows() if r.section == "partie")
    assert (partie.ns, partie.ew) == (score["below"]["NS"], score["below"]["EW"])
    assert rubber.finished == []  # written on the sheet, not yet moved on: undo and "play on" still work
