"""Analyses kept by position, and the precomputed drill prices: the same position is never priced twice,
and a precomputed line is found by its position only when made with the pages' knobs (docs/cost.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.test_costs import play_view, records
from tutor.lessons.cost import cache, precomputed
from tutor.lessons.cost.prices import verdict_of


def _view() -> dict[str, Any]:
    return play_view(records()[3], 36)  # late in the play: few cards, cheap


def _result() -> dict[str, Any]:
    """A real analysis as a page reads it (kept by position: worked out once)."""
    return cache.analysis(_view(), seed=5, layouts=20, budget=10, robots=False).to_json()


def test_the_second_ask_for_a_position_gets_the_kept_final_answer_at_once() -> None:
    view = _view()
    first = list(cache.stream(view, seed=5, layouts=20, budget=10, robots=False))
    again = list(cache.stream(view, seed=5, layouts=20, budget=10, robots=False))
    assert first[-1].final and len(again) == 1 and again[0] is first[-1]
    other = list(cache.stream(view, seed=6, layouts=20, budget=10, robots=False))  # another knob: priced anew
    assert other[-1] is not first[-1]


def _file(tmp_path: Path, view: dict[str, Any], result: dict[str, Any], **knobs: Any) -> Path:
    header = {"seed": precomputed.SEED, "layouts": precomputed.LAYOUTS, "budget": precomputed.BUDGET, **knobs}
    path = tmp_path / f"prices{len(knobs)}.jsonl"
    precomputed.write_prices(path, header, {precomputed.position_key(view): result})
    return path


def test_a_precomputed_line_is_found_by_its_position_and_only_with_the_pages_knobs(tmp_path: Path) -> None:
    view, result = _view(), _result()
    assert precomputed.lookup(view, _file(tmp_path, view, result)) == result
    assert precomputed.lookup({**view, "played": []}, _file(tmp_path, view, result)) is None  # another position
    assert precomputed.lookup(view, _file(tmp_path, view, result, budget=precomputed.BUDGET + 1)) is None
    # the verdict's sentence reads the same from the stored JSON as from the live analysis
    for choice in result["choices"]:
        words = verdict_of(result, choice["choice"])
        assert (words is None) == (choice["choice"] == result["book"])


def test_the_precomputed_file_is_read_line_by_line_and_a_bad_line_loses_only_itself(tmp_path: Path) -> None:
    """The shipped file holds some 3,000 lines: a line is parsed when its position is asked, so one
    malformed, too deep or too long line is that position worked out live, and the rest still read."""
    view, other = _view(), {**_view(), "played": []}
    result = _result()
    path = _file(tmp_path, view, result, bid_seeds=[0, 1, 2], any_bid_seeds=list(range(5)))
    good = path.read_text(encoding="utf-8")
    key = precomputed.position_key(other)
    deep = "[" * 40 + "]" * 40
    for bad in (f"{key}\t{{not json\n", f"{key}\t{{\"choices\": {deep}}}\n",
                f"{key}\t{{\"choices\": [\"{'x' * precomputed.LINE_MAX_BYTES}\"]}}\n"):
        spoiled = tmp_path / f"spoiled{len(bad)}.jsonl"
        spoiled.write_text(good + bad, encoding="utf-8")
        assert precomputed.lookup(view, spoiled) == result
        assert precomputed.lookup(other, spoiled) is None
    assert precomputed.priced_bid_seeds("law-41-no-trumps-three-or-four-aces", path) == (0, 1, 2)
    assert precomputed.priced_bid_seeds(None, path) == (0, 1, 2, 3, 4)


def test_bidding_seeds_the_pages_could_not_deal_are_none(tmp_path: Path) -> None:
    """A list of position numbers the page would deal first is taken whole or not at all: a number below
    0 or above the pages' million, one that is not a number, or a list longer than ten thousand."""
    view, result = _view(), _result()
    for number, seeds in enumerate(([-1], [True], ["3"], [10**7], list(range(20_000)))):
        folder = tmp_path / str(number)
        folder.mkdir()
        path = _file(folder, view, result, bid_seeds=seeds)
        assert precomputed.priced_bid_seeds("any-rule", path) == (), seeds
        assert precomputed.lookup(view, path) == result  # the lines are still read


def test_a_line_that_parses_but_is_not_an_analysis_is_worked_out_live(tmp_path: Path) -> None:
    """A page reads a precomputed line's fields without asking (issue 31's audit, stop 59: an edited line
    ``{"choices": [{}]}`` stopped the drill page with a KeyError): a line of any other shape than an
    analysis's is not found, so the page works the position out live, as for a missing line. Every
    shipped line is an analysis."""
    view, result = _view(), _result()
    book = next(c for c in result["choices"] if "verdict" not in c)
    other = next(c for c in result["choices"] if "verdict" in c)

    def spoiled(change: Any) -> dict[str, Any]:
        copy = json.loads(json.dumps(result))
        change(copy, next(c for c in copy["choices"] if c["choice"] == book["choice"]),
               next(c for c in copy["choices"] if c["choice"] == other["choice"]))
        return copy

    spoilings = [
        lambda r, b, o: r.update(choices=[{}]),  # the audit's two lines
        lambda r, b, o: (r.clear(), r.update(choices=[{"choice": "x"}], book="y")),
        lambda r, b, o: r.pop("progress"),
        lambda r, b, o: r.update(level_words=3),
        lambda r, b, o: r["progress"].pop("final"),
        lambda r, b, o: b["sampled"].update(interval=[1]),
        lambda r, b, o: b.update(double_dummy="7 tricks"),
        lambda r, b, o: b["sampled"].update(points=True),
        lambda r, b, o: o.pop("gap"),
        lambda r, b, o: o["gap"].pop("points"),
        lambda r, b, o: o["gap"]["tricks"].update(interval=None),
        lambda r, b, o: r.update(choices=[]),
    ]
    for number, change in enumerate(spoilings):
        folder = tmp_path / str(number)
        folder.mkdir()
        assert precomputed.lookup(view, _file(folder, view, spoiled(change))) is None, number
    assert precomputed.lookup(view, _file(tmp_path, view, result)) == result
    shipped = precomputed.read_positions(precomputed.PRICES_PATH)
    header = json.loads(precomputed.PRICES_PATH.read_text(encoding="utf-8").split("\n", 1)[0])
    assert len(shipped) == header["positions"]
