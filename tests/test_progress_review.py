"""Review: due items mixed across kinds, the server registry, replaying mistakes (issue 8)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tutor.engine.errors import TutorError
from tutor.lessons import review
from tutor.lessons.answers import Answer
from tutor.lessons.progress import ProgressStore, open_store
from tutor.lessons.review import Exercise, due_items, mastery
from tutor.lessons.review import servers as review_servers
from tutor.lessons.review.servers import replay, serve

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ProgressStore]:
    with open_store(tmp_path / "p.sqlite3") as s:
        yield s


@pytest.fixture
def fake_kind(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    def serve_fake(item_id: str, seed: int) -> Exercise:
        value = str(random.Random(seed).randrange(1000))
        return Exercise("fake", item_id, prompt=f"say {value}", expected=value, seed=seed,
                        position=f"pos {value}", explanation="long", short="ok")

    monkeypatch.setitem(review_servers.ITEM_SERVERS, "fake", serve_fake)  # type: ignore[index]
    yield "fake"


def test_due_items_mix_kinds_in_turn(store: ProgressStore) -> None:
    for i, (kind, item) in enumerate([("law", "law-1"), ("law", "law-2"), ("law", "law-3"),
                                      ("convention", "c-1"), ("scoring", "s-1")]):
        store.record(Answer(kind, item, False, "x", "y"), "anna", now=T0 + timedelta(seconds=i))
    due = due_items(store, "anna", T0 + timedelta(hours=1))
    assert due == [("law", "law-1"), ("convention", "c-1"), ("scoring", "s-1"), ("law", "law-2"),
                   ("law", "law-3")]
    assert due_items(store, "anna", T0) == []


def test_registered_server_serves_the_same_exercise_for_the_same_seed(fake_kind: str) -> None:
    assert serve(fake_kind, "f-1", 7) == serve(fake_kind, "f-1", 7)
    with pytest.raises(TutorError, match="cannot be served yet"):
        serve("no-such-kind", "x", 1)


def test_missed_position_is_replayed_exactly_from_its_seed(store: ProgressStore, fake_kind: str) -> None:
    missed = serve(fake_kind, "f-1", 1234)
    store.record(missed.answer("wrong"), "anna", now=T0)
    [mistake] = store.mistakes("anna")
    again = replay(mistake)
    assert again.prompt == missed.prompt and again.position == missed.position


def test_mistake_without_a_server_is_replayed_from_its_stored_position(store: ProgressStore) -> None:
    store.record(Answer("mystery", "m-1", False, "a", "b", position="the position", seed=3), "anna", now=T0)
    again = replay(store.mistakes("anna")[0])
    assert again.prompt == "the position" and again.expected == "b"


def test_feedback_fades_once_mastered(store: ProgressStore, fake_kind: str) -> None:
    ex = serve(fake_kind, "f-2", 5)
    assert mastery(store, "anna", ("fake", "f-2")) == "learning"
    for day in range(4):
        store.record(ex.answer(ex.expected, 20.0), "anna", now=T0 + timedelta(days=day * 30))
    assert mastery(store, "anna", ("fake", "f-2")) == "mastered"
    assert ex.feedback("mastered") == "ok" and ex.feedback("learning") == "long"


def test_laws_are_served_from_content_with_the_law_cited() -> None:
    law_id = next(iter(review.law_entries()))
    ex = review.serve_law(law_id, 3)
    assert ex.laws == (law_id,) and ex.expected in ex.choices
    assert ex == review.serve_law(law_id, 3)
    assert ex.answer(ex.expected).correct
    with pytest.raises(TutorError, match="no longer among the tutor.s laws"):
        review.serve_law("law-99999", 1)


def test_next_exercise_serves_a_due_law(store: ProgressStore) -> None:
    law_id = next(iter(review.law_entries()))
    store.record(Answer("law", law_id, False, "x", "y", laws=(law_id,)), "anna", now=T0)
    ex = review_servers.next_exercise(store, "anna", random.Random(1), T0 + timedelta(minutes=5))
    assert ex is not None and ex.item_id == law_id
    assert review_servers.next_exercise(store, "anna", random.Random(1), T0) is None
