"""The shipped precomputed prices are what the analysis gives today (docs/cost.md): a drill's line read
from tutor/lessons/data/prices.json equals the same position analysed live with the pages' knobs,
every choice on every layout -- so the file is reproducible and not stale."""

from __future__ import annotations

import pytest

from tutor.lessons.cost.precomputed import BUDGET, LAYOUTS, SEED, lookup
from tutor.lessons.cost.prices import analyse
from tutor.lessons.cost.sampling import knowledge_from_view
from tutor.lessons.play import drill as play


@pytest.mark.slow
def test_a_precomputed_play_drill_line_is_the_live_analysis() -> None:
    drill = play.make("discard", "discard-145-make-a-void-on-partners-winners", 0)
    view = {**drill.position, "deal": drill.deal_pbn}
    stored = lookup(view)
    assert stored is not None, "the first bank entry of every play rule is precomputed"
    live = analyse(knowledge_from_view(view), seed=SEED, layouts=LAYOUTS, budget=BUDGET, every=True)
    assert live.to_json() == stored
