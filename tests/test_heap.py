"""The app server freezes what a page loaded once, after the page's first run (tutor/ui/heap.py).

Expectations from Python's own garbage collector (the ``gc`` module's documented behaviour), not from
the module under test: a frozen object is no longer among the objects a collection walks
(``gc.get_objects``); an unreachable cycle collected is gone (its weak reference dead)."""

from __future__ import annotations

import gc
import threading
import weakref

from app_pages import app_test

from tutor.ui.heap import settle_after_first_run, settled_pages


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def _walked(thing: object) -> bool:
    return any(o is thing for o in gc.get_objects())


def test_what_is_alive_after_a_pages_first_run_leaves_the_collectors_walks() -> None:
    kept = _Node()
    assert _walked(kept)
    assert settle_after_first_run("test-heap: first") is True
    assert not _walked(kept)
    assert "test-heap: first" in settled_pages()


def test_a_later_run_freezes_nothing() -> None:
    settle_after_first_run("test-heap: twice")
    later = _Node()
    frozen = gc.get_freeze_count()
    assert settle_after_first_run("test-heap: twice") is False
    # not "==": a frozen object freed meanwhile, by this thread or another of the worker's, leaves the
    # frozen generation (a full run saw one fewer); what matters is that nothing was added, ``later`` first
    assert gc.get_freeze_count() <= frozen
    assert _walked(later)


def test_a_young_cycle_is_collected_not_frozen() -> None:
    first, second = _Node(), _Node()
    first.other, second.other = second, first
    gone = weakref.ref(first)
    del first, second
    settle_after_first_run("test-heap: cycle")
    assert gone() is None


def test_two_sessions_opening_a_page_at_once_freeze_it_once() -> None:
    answers: list[bool] = []
    start = threading.Barrier(2)

    def open_page() -> None:
        start.wait()
        answers.append(settle_after_first_run("test-heap: two sessions"))

    threads = [threading.Thread(target=open_page) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [False, True]


def test_the_app_settles_the_page_it_ran() -> None:
    at = app_test()
    at.switch_page("tutor/ui/pages/glossary.py")
    at.run()
    assert not at.exception
    assert "glossary" in settled_pages()
