"""The shipped precomputed prices are what the analysis gives today (docs/cost.md): a drill's line read
from tutor/lessons/data/prices.jsonl equals the same position analysed live with the pages' knobs,
every choice on every layout -- so the file is reproducible and not stale."""

from __future__ import annotations

import random

import pytest

from tutor.engine.seeds import APP_MAX_SEED
from tutor.lessons.cost.precomputed import BUDGET, LAYOUTS, SEED, lookup
from tutor.lessons.cost.prices import analyse
from tutor.lessons.cost.sampling import knowledge_from_view
from tutor.lessons.play import drill as play
from tutor.lessons.play.rules import rules_of_kind
from tutor.lessons.play.scenarios import banked_rules


@pytest.mark.slow
def test_a_precomputed_play_drill_line_is_the_live_analysis() -> None:
    drill = play.make("discard", "discard-145-make-a-void-on-partners-winners", 0)
    view = {**drill.position, "deal": drill.deal_pbn}
    stored = lookup(view)
    assert stored is not None, "every bank entry of every play rule is precomputed"
    live = analyse(knowledge_from_view(view), seed=SEED, layouts=LAYOUTS, budget=BUDGET, every=True)
    assert live.to_json() == stored


def test_every_play_drill_the_page_can_deal_ships_its_prices() -> None:
    """Issue 28: "the play bank's positions (every play drill) ship with their sampled prices". The page
    deals a random position number for a decision kind, with a convention chosen or not; drills drawn the
    same way (seeded, any kind, any rule, any number it accepts) must each find their line, not only the
    first entry of each rule (seed 0) as shipped before."""
    draw = random.Random(28)
    missing = []
    for _ in range(60):
        kind = draw.choice(play.KINDS)
        rule_id = draw.choice([None, *(r.id for r in rules_of_kind(kind) if r.id in banked_rules())])
        seed = draw.randrange(APP_MAX_SEED)
        drill = play.make(kind, rule_id, seed)
        if lookup({**drill.position, "deal": drill.deal_pbn}) is None:
            missing.append(f"{kind} {drill.rule_id} {seed}")
    assert not missing, missing
