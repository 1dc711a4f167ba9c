"""A way's mistakes go to the review queue (issue 29), as the four-handed table's do (issue 18, 31).

Expectations: a deal in which the learner follows the robot in his place but for one card, where the
book's own convention answers (a stated default is never a mistake), puts exactly one mistake in
the queue — under the book's rule, with the laws the book's choice cites — and the law's review unit
has one lapse; recording the same deal again (the page run again, the table restored from the store,
the card taken back and played again) adds nothing; the same seed played afresh is a new attempt;
the mistakes queue asks the very position again, in the learner's words.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from app_pages import app_test
from tablegame import deviate_once_at_way

from tutor.engine.ways.catalogue import find_way
from tutor.engine.ways.game import WayGame
from tutor.lessons.progress import open_store
from tutor.lessons.review import Exercise
from tutor.lessons.review.mistakes import describe_mistake, replay_mistakes
from tutor.lessons.ways.items import way_answers, way_mistakes
from tutor.lessons.ways.robots import WayDecision, robot_action
from tutor.lessons.ways.table import WayTable


def _deviating(players: int, way: str) -> tuple[WayTable, int, WayDecision]:
    """A deal played to its end by a learner (A) who takes the robot's action at every turn without asking
    for it, but at his first play turn where the book's own rule answers plays a card the book does not
    allow there. A seed is kept only when that rule does not answer any later turn of his (a later right
    answer of the same rule would take it off the mistakes queue, as at the four-handed table)."""
    for seed in range(60):
        table = WayTable(find_way(players, way), seed)
        index, book = deviate_once_at_way(table, "play", judged_only=True)
        if book is None:
            continue
        steps = table.game.steps
        later = [robot_action(WayGame(table.setup, steps[:i])).rule for i, (p, _) in enumerate(steps)
                 if p == "A" and i > index]
        if book.rule not in later:
            return table, index, book
    raise AssertionError("no seed gave a judged play turn with another card to play")


@pytest.mark.parametrize("players,way", [(3, "auction"), (3, "dummy")])
def test_one_deviation_is_one_mistake_in_the_queue_for_its_rule_and_law(tmp_path: Path, players: int,
                                                                       way: str) -> None:
    table, index, book = _deviating(players, way)
    with open_store(tmp_path / "p.db") as store:
        for answer in way_answers(table):
            store.record(answer, "anna")
        (mistake,) = store.mistakes("anna")
        assert mistake.answer.item_id == book.rule and mistake.answer.laws == book.laws
        assert mistake.answer.given == table.game.steps[index][1] and mistake.answer.expected == book.action
        for law in book.laws:  # the law the book's choice cites is reviewed too: one lapse
            unit = store.unit("anna", ("law", law))
            assert unit is not None and unit.lapses == 1
        assert store.unit("anna", ("convention", book.rule)) is not None


def test_recording_the_same_deal_again_adds_nothing(tmp_path: Path) -> None:
    table, index, _ = _deviating(3, "auction")
    with open_store(tmp_path / "p.db") as store:
        for answer in way_answers(table):
            store.record(answer, "anna")
        count = len(store.answers("anna"))
        assert count >= 1
        restored = WayTable.from_json(table.to_json())  # the page's table after a restart
        for answer in way_answers(restored):
            store.record(answer, "anna")
        assert len(store.answers("anna")) == count
        # the card taken back and played again, the robots finishing as before: the same records
        while len(table.game.steps) > index:
            assert table.undo()
        table.act(restored.game.steps[index][1])
        while table.phase != "over":
            table.run_robots()
            if table.learners_turn:
                table.act(restored.game.steps[len(table.game.steps)][1])
        for answer in way_answers(table):
            store.record(answer, "anna")
        assert len(store.answers("anna")) == count
        lapses = sum(u.lapses for u in store.units("anna") if u.item_kind == "convention")
        assert lapses == 1
        # the same seed dealt again and played afresh is a new attempt: its answers count
        again = WayTable(table.way, table.seed, steps=table.game.steps)
        for answer in way_answers(again):
            store.record(answer, "anna")
        assert len(store.answers("anna")) == 2 * count


def test_a_right_action_after_asking_for_the_robots_answer_counts_for_nothing() -> None:
    """As at the four-handed table: an action that follows the book after the hint is a retry."""
    table, _, _ = _deviating(3, "auction")
    steps = table.game.steps
    judged = [i for i, (p, a) in enumerate(steps) if p == "A"
              and not (d := robot_action(WayGame(table.setup, steps[:i]))).default and d.allows(a)]
    assert judged
    before = way_answers(table)
    table.hinted = {judged[0]}
    after = way_answers(table)
    changed = [a for b, a in zip(before, after, strict=True) if b.retry != a.retry]
    assert len(changed) == 1 and changed[0].retry and changed[0].correct


def test_the_mistakes_queue_asks_the_very_position_again_in_the_learners_words(tmp_path: Path) -> None:
    table, index, book = _deviating(3, "auction")
    with open_store(tmp_path / "p.db") as store:
        for answer in way_mistakes(table):
            store.record(answer, "anna")
        ((stored, exercise),) = list(replay_mistakes(store, "anna"))
    assert isinstance(exercise, Exercise), exercise
    assert exercise.expected == book.action and exercise.is_right(book.action)
    assert not exercise.is_right(table.game.steps[index][1])
    assert "From the table for 3 players" in exercise.prompt and "Your card" in exercise.prompt
    seen = WayGame(table.setup, table.game.steps[:index]).visible("A")
    assert len([line for line in exercise.prompt.splitlines() if "♠" in line]) >= len(seen)
    line = describe_mistake(stored)
    assert book.rule not in line and book.rule not in exercise.prompt  # laws and rules in words, never ids


def test_the_terminal_writes_the_deals_mistakes_to_the_store(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor play --players 3``: at the end of the deal its judged actions are written to ``--db``."""
    from tutor.cli.commands.play import _play_rubber
    from tutor.cli.ways_play import play_way

    table, index, _ = _deviating(3, "auction")
    moves = [a for p, a in table.game.steps if p == "A"]

    def read(prompt: str) -> str:
        return moves.pop(0)

    db = tmp_path / "p.db"
    args = SimpleNamespace(players=3, way="auction", five_round=0, way_options=[], rubber=False,
                           deviations="end", pbn_file=None, db=str(db), learner="anna", seat="A", dealer=None)
    assert play_way(args, table.seed, read, _play_rubber) == 0
    assert "1 mistake of yours written to your review queue" in capsys.readouterr().out
    with open_store(db) as store:
        assert len(store.mistakes("anna")) == 1
        assert all(a.answer.extra["source"] == "ways" for a in store.answers("anna"))


def test_the_page_records_a_finished_deal_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Practice table page at three players: the finished deal's mistake is written to the store when the
    deal's end is shown, and a rerun of the page (any click) writes nothing again."""

    table, _, book = _deviating(3, "auction")
    db = tmp_path / "p.db"
    monkeypatch.setenv("TUTOR_DB", str(db))
    at = app_test()
    at.run()
    at.switch_page("tutor/ui/pages/practice_table.py")
    at.run()
    at.selectbox(key="table_players").set_value(3)
    at.run()
    at.selectbox(key="ways_way").set_value("auction")
    at.number_input(key="ways_seed").set_value(table.seed)
    at.run()
    at.session_state["ways_table"] = table  # the deal as the learner finished it by his clicks
    at.run()
    assert not at.exception, at.exception
    with open_store(db) as store:
        (learner,) = store.learners()
        (mistake,) = store.mistakes(learner)
        count = len(store.answers(learner))
    assert mistake.answer.item_id == book.rule and mistake.answer.extra["source"] == "ways"
    at.run()
    with open_store(db) as store:
        assert len(store.answers(learner)) == count
