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


def test_the_second_ask_for_a_position_gets_the_kept_final_answer_at_once() -> None:
    view = _view()
    first = list(cache.stream(view, seed=5, layouts=20, budget=10, robots=False))
    again = list(cache.stream(view, seed=5, layouts=20, budget=10, robots=False))
    assert first[-1].final and len(again) == 1 and again[0] is first[-1]
    other = list(cache.stream(view, seed=6, layouts=20, budget=10, robots=False))  # another knob: priced anew
    assert other[-1] is not first[-1]


def _file(tmp_path: Path, view: dict[str, Any], result: dict[str, Any], **knobs: Any) -> Path:
    header = {"version": precomputed.PRICES_VERSION, "seed": precomputed.SEED, "layouts": precomputed.LAYOUTS,
              "budget": precomputed.BUDGET, **knobs}
    path = tmp_path / f"prices{len(knobs)}.json"
    path.write_text(json.dumps({**header, "positions": {precomputed.position_key(view): result}}))
    return path


def test_a_precomputed_line_is_found_by_its_position_and_only_with_the_pages_knobs(tmp_path: Path) -> None:
    view = _view()
    result = cache.analysis(view, seed=5, layouts=20, budget=10, robots=False).to_json()
    assert precomputed.lookup(view, _file(tmp_path, view, result)) == result
    assert precomputed.lookup({**view, "played": []}, _file(tmp_path, view, result)) is None  # another position
    assert precomputed.lookup(view, _file(tmp_path, view, result, budget=precomputed.BUDGET + 1)) is None
    # the verdict's sentence reads the same from the stored JSON as from the live analysis
    for choice in result["choices"]:
        words = verdict_of(result, choice["choice"])
        assert (words is None) == (choice["choice"] == result["book"])
