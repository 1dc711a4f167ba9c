"""The practice table (tutor.lessons.table, table_review): a whole deal against the book robots.

Expectations come from outside the table: the robots' own record of the same deal (a
learner who always takes the book's answer plays exactly the robots' deal), the laws
the engine cites for illegal actions (laws 28-35 for calls, 147 for a revoke), law 137's
wording for which quitted tricks may be seen, and the deal actually played out after a
deviation (which the review's "robots" line must predict).
"""

from __future__ import annotations

import functools
import random

import pytest
from tablegame import deviate_once

from tutor.engine.cards import Card, Seat
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import IllegalCallError, IllegalPlayError, TutorError
from tutor.lessons.robots import robot_deal
from tutor.lessons.table import TableDeal
from tutor.lessons.table.review import review

SEED = 2  # robots reach 2D by S on this deal (docs/robots.md shows it)


@functools.cache  # each start's seed is asked by both learners' tests
def _played_seed(start: int = 0) -> int:
    seed = start
    while robot_deal(random_deal(random.Random(seed)), Seat.N).contract is None:
        seed += 1
    return seed


def _table(seed: int, learner: Seat = Seat.S) -> TableDeal:
    return TableDeal(random_deal(random.Random(seed)), Seat.N, learner, seed=seed)


def _follow_the_book(table: TableDeal) -> None:
    while table.phase != "over":
        table.run_robots()
        if table.learners_turn:
            answer = table.hint()
            table.act(answer.get("call") or answer["card"])


@pytest.mark.parametrize("start", [SEED, 3, 10])  # the first played deal from each (SEED is one)
@pytest.mark.parametrize("learner", [Seat.S, Seat.W])
def test_a_learner_who_takes_the_books_answer_plays_the_robots_deal(start: int, learner: Seat) -> None:
    table = _table(_played_seed(start), learner)
    _follow_the_book(table)
    record = robot_deal(table.deal, Seat.N)
    assert [s.action for s in table.steps] == [d.action for d in (*record.auction, *record.play)]
    assert table.deviations() == ()
    assert table.result() == record.score
    assert table.hints == sum(s.learner for s in table.steps)


def test_an_insufficient_call_names_its_law_and_is_not_recorded() -> None:
    table = _table(SEED)
    while table.phase == "auction":
        table.run_robots()
        highest = table.auction.highest_bid
        if table.learners_turn and highest is not None and str(highest) != "1S":
            before = len(table.steps)
            with pytest.raises(IllegalCallError) as err:
                table.act("1S")  # spades rank lowest in Vint (laws 31-32): below any other bid
            assert err.value.law and len(table.steps) == before
            with pytest.raises(TutorError, match="bad call"):
                table.act("9S")
            return
        if table.learners_turn:
            table.act(table.hint()["call"])
    pytest.fail("the learner never called after a bid")


def test_a_revoke_is_refused_citing_law_147() -> None:
    """At the first turn where the learner must follow suit and holds another suit too."""
    table = _table(SEED)
    while table.phase != "over":
        table.run_robots()
        if not table.learners_turn:
            continue
        if table.phase == "play" and table.play.current_trick.plays:
            led = table.play.current_trick.plays[0][1].suit
            hand = table.hand(Seat.S)
            other = [c for c in hand if c.suit is not led]
            if hand.suit_cards(led) and other:
                before = len(table.steps)
                with pytest.raises(IllegalPlayError) as err:
                    table.act(str(other[0]))
                assert err.value.law == "law-147" and len(table.steps) == before
                return
        answer = table.hint()
        table.act(answer.get("call") or answer["card"])
    pytest.fail("the learner never had to follow suit holding another suit")


def test_a_deviation_is_reviewed_and_the_robots_line_is_what_then_happened() -> None:
    table = _table(SEED, Seat.S)
    index = deviate_once(table)
    assert index >= 0
    deviations = table.deviations()
    assert [i for i, _ in deviations] == [index]
    (cost,) = review(table)
    book_line, given_line = cost.robots
    assert given_line.choice == table.steps[index].action
    assert book_line.choice == table.steps[index].book_action != given_line.choice
    contract = table.contract
    assert contract is not None
    assert given_line.tricks == table.tricks_won()[contract.declarer.side]  # the learner followed the book after
    net = table.result()
    mine, theirs = Seat.S.side.value, Seat.S.side.other.value
    assert given_line.points == net["above"][mine] + net["below"][mine] - net["above"][theirs] - net["below"][theirs]
    dd_book, dd_given = cost.double_dummy
    assert 0 <= dd_book.tricks <= 13 and 0 <= dd_given.tricks <= 13
    assert cost.to_json()["rule"] and cost.to_json()["laws"]


def test_undo_takes_back_the_learners_action_and_the_robots_after_it() -> None:
    table = _table(SEED)
    table.run_robots()
    before = [s.action for s in table.steps]
    answer = table.hint()
    table.act(answer.get("call") or answer["card"])
    table.run_robots()
    assert len(table.steps) > len(before)
    assert table.undo()
    assert [s.action for s in table.steps] == before and table.learners_turn
    assert table.undos == 1


def test_law_137_only_the_last_trick_may_be_seen_once_the_next_lead_is_made() -> None:
    table = _table(SEED)
    seen_two = seen_one = False
    while table.phase != "over":
        table.run_robots()
        if table.phase == "play":
            play = table.play
            view = table.tricks_in_view()
            if len(play.tricks) >= 2:
                if play.current_trick.plays:
                    assert view == play.tricks[-1:]
                    seen_one = True
                else:
                    assert view == play.tricks[-2:]
                    seen_two = True
        if table.learners_turn:
            answer = table.hint()
            table.act(answer.get("call") or answer["card"])
    assert seen_one and seen_two


def test_a_stored_table_resumes_where_it_was() -> None:
    table = _table(SEED)
    table.run_robots()
    answer = table.hint()
    table.act(answer.get("call") or answer["card"])
    table.run_robots()
    again = TableDeal.from_json(table.to_json())
    assert [s.to_json() for s in again.steps] == [s.to_json() for s in table.steps]
    assert again.to_act is table.to_act and again.legal_actions() == table.legal_actions()
    with pytest.raises(TutorError, match="damaged"):
        TableDeal.from_json({"deal": table.deal.to_pbn()})


def test_play_on_from_here_restarts_before_a_step() -> None:
    table = _table(SEED)
    _follow_the_book(table)
    middle = len(table.steps) // 2
    branch = table.from_step(middle)
    assert [s.action for s in branch.steps] == [s.action for s in table.steps[:middle]]
    assert branch.phase != "over"
    assert Card.parse(table.steps[-1].action)  # the original is untouched
    assert table.phase == "over"
