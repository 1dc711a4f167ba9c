"""The practice table's widgets, fuzzed (issue 31): seeded, bounded runs of random clicks and choices on
the page (AppTest) — seats, deal numbers at their limits, the deviations switch, any legal call or card,
hint, undo, "play on from here", next deal, the other table sizes — show only the page or an error line.

Each run is a fixed number of steps drawn from ``random.Random(seed)``, so a failure replays exactly.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from app_pages import app_test
from streamlit.testing.v1 import AppTest

PAGE = "tutor/ui/pages/practice_table.py"
STEPS = 16


def _widgets(at: AppTest, kind: str) -> list:  # type: ignore[type-arg]
    return [w for w in getattr(at, kind) if getattr(w, "key", None) and not getattr(w, "disabled", False)]


def _step(at: AppTest, rng: random.Random) -> str:
    """One random action among the widgets the page shows now; returns what was done."""
    boxes = {b.key: b for b in _widgets(at, "selectbox")}
    buttons = [b for b in _widgets(at, "button")]
    choices: list[str] = []
    if "table_choice" in boxes:
        choices += ["act"] * 6
    if buttons:
        choices += ["button"] * 2
    if "table_seat" in boxes:
        choices.append("seat")
    if "table_players" in boxes:
        choices.append("players")
    if any(n.key == "table_seed" for n in at.number_input):
        choices.append("seed")
    action = rng.choice(choices)
    if action == "act":
        box = boxes["table_choice"]
        box.select_index(rng.randrange(len(box.options)))  # any legal call or card, by its place in the list
        make = [b for b in buttons if b.label.startswith("Make this")]
        (make[0] if make else rng.choice(buttons)).click()
    elif action == "button":
        rng.choice(buttons).click()
    elif action == "seat":
        boxes["table_seat"].set_value(rng.choice(["S", "W", "N", "E"]))
    elif action == "players":
        boxes["table_players"].set_value(rng.choice([4, 4, 4, 2, 3, 5]))
    else:
        at.number_input(key="table_seed").set_value(rng.choice([0, 1, 2, 999_999, 1_000_000]))
    at.run()
    return action


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_random_clicks_at_the_practice_table_show_the_page_or_a_line(seed: int, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.db"))
    rng = random.Random(seed)
    at = app_test()
    at.run()
    at.switch_page(PAGE)
    at.run()
    at.button(key="table_start").click()
    at.run()
    done = []
    for _ in range(STEPS):
        done.append(_step(at, rng))
        assert not at.exception, (done, [e.value for e in at.exception])
        assert at.title and at.title[0].value == "Practice table", done
