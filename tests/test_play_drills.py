"""Play drills: generated from each rule's conditions, audited for one book answer, reproducible by seed."""

from __future__ import annotations

from pathlib import Path

import pytest
from plainyaml import safe_load as _safe_load

from tutor.engine.errors import TutorError
from tutor.lessons.drills import drill_kind, drill_kinds
from tutor.lessons.play_drill import KINDS, PlayDrill, advise, make, make_position
from tutor.lessons.play_rules import drill_hints, load_play_rules, rule_named

RULES = load_play_rules()
DRILLS_PER_RULE = 50


# Independent expectations: each rule as content/conventions/play.yaml states it (PyYAML's safe loader, not the
# tutor's loader), the duty to follow suit, the turn passing to the left, and counts of the contract made here.
STATED = {r["id"]: r for r in _safe_load(
    (Path(__file__).parent.parent / "content" / "conventions" / "play.yaml").read_text(encoding="utf-8"))["rules"]}
SEAT_ORDER = "NESW"
OPS = {"==": lambda a, b: a == b, ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b,
       ">": lambda a, b: a > b, "<": lambda a, b: a < b, "!=": lambda a, b: a != b}


def _cards_of(pbn_hand: str) -> set[str]:
    return {suit + rank for suit, ranks in zip("SHDC", pbn_hand.split(".")) for rank in ranks}


def _check_against_the_stated_rule(rule_id: str, drill: PlayDrill) -> None:
    stated, pos = STATED[rule_id], drill.position
    hand, trick = _cards_of(pos["hand"]), list(pos["trick"])
    # the learner's turn: the trick's leader, then each player to his left
    assert SEAT_ORDER[(SEAT_ORDER.index(pos["trick_leader"]) + len(trick)) % 4] == pos["seat"]
    # the cards a player may play: his hand, and only the led suit while he holds it
    legal = {c for c in hand if c[0] == trick[0][0]} if trick else hand
    legal = legal or hand
    accepted = set(drill.accepted)
    assert drill.answer in accepted and accepted <= legal, (drill.answer, accepted, legal)
    assert accepted != legal, "the rule must single out some of the legal cards"
    assert len({c[0] for c in accepted}) == 1 or drill_hints(rule_id).get("several_suits")
    # the drill is of the rule's kind and cites at least the laws the rule states
    assert drill.kind == stated["kind"] and set(stated["laws"]) <= set(drill.laws), (stated["laws"], drill.laws)
    # the contract meets the rule's conditions on it, read here from the contract's text
    contract = pos["contract"]
    facts = {"contract_level": int(contract[0]), "no_trumps": contract.endswith("NT"),
             "is_declarer": pos["seat"] == pos["declarer"]}
    for cond in stated["when"].get("conditions", []):
        if cond["feature"] in facts and not cond.get("args"):
            assert OPS[cond["op"]](facts[cond["feature"]], cond["value"]), (contract, cond)


@pytest.mark.parametrize("rule_id", [r.id for r in RULES])
def test_rule_gives_fifty_distinct_drills_that_meet_the_stated_rule(rule_id: str) -> None:
    """Each convention of play.yaml yields ≥ 50 distinct positions, each meeting the rule as stated."""
    rule = rule_named(rule_id)
    seen = set()
    for seed in range(DRILLS_PER_RULE):
        position, _ = make_position(rule, seed)
        seen.add((position.deal.to_pbn() if position.deal else "", tuple(str(c) for c in position.seen())))
    assert len(seen) >= DRILLS_PER_RULE
    for seed in range(10):
        _check_against_the_stated_rule(rule_id, make(rule.kind, rule_id, seed))


def test_same_seed_same_drill() -> None:
    a = make("lead", "lead-86-ace-from-akq", 7)
    b = make("lead", "lead-86-ace-from-akq", 7)
    assert a == b and a.to_json() == b.to_json()
    assert make("lead", "lead-86-ace-from-akq", 8).deal_pbn != a.deal_pbn


def test_the_four_kinds_are_registered() -> None:
    for kind in KINDS:
        assert kind in drill_kinds()
        entry = drill_kind(kind)
        assert entry.rule_ids() and entry.advise is not None and entry.consequences is not None
        drill = entry.make(None, 3)
        assert isinstance(drill, PlayDrill) and drill.kind == kind


def test_law_81_drill_accepts_any_card_of_the_named_suit() -> None:
    drill = make("lead", "lead-81-through-lhos-suit", 2)
    assert len(drill.accepted) >= 1 and {c[0] for c in drill.accepted} == {drill.answer[0]}
    assert all(drill.is_correct(c) for c in drill.accepted)
    wrong = [c for c in drill.choices if c not in drill.accepted]
    assert wrong and not drill.is_correct(wrong[0]) and drill.why_not
    assert not drill.is_correct("not a card")


def test_drill_shows_the_position_not_the_other_hands() -> None:
    drill = make("third-hand", "third-140-cut-with-the-queen", 1)
    pos = drill.position
    assert {"seat", "hand", "dealer", "auction", "contract", "declarer", "played", "trick"} <= set(pos)
    assert len(pos["trick"]) == 2 and drill.answer in drill.choices
    assert "law-113" in drill.laws and drill.explanation.endswith(".")


def test_advise_lead_format() -> None:
    out = advise({"kind": "lead", "seat": "E", "hand": "632.AKQ4.T98.532", "dealer": "N", "auction": ["3H"],
                  "contract": "3H", "declarer": "N"})
    # North, on East's right, named hearts: law 80 (never lead the suit your right-hand opponent named)
    # outranks law 86 (the ace from A K Q), so the lead is any card of another suit, not the heart ace.
    assert out["rule"] == "lead-80-never-rhos-suit" and out["laws"] == ["law-80"]
    assert out["card"][0] != "H" and not any(card.startswith("H") for card in out["cards"])
    assert sorted(out["cards"]) == sorted(["S6", "S3", "S2", "DT", "D9", "D8", "C5", "C3", "C2"])
    assert set(out) >= {"card", "rule", "laws", "explanation"}


def test_advise_refuses_a_kind_that_does_not_fit() -> None:
    base = {"seat": "S", "hand": "T987.K73.Q98.432", "dealer": "N", "auction": ["2S"], "contract": "2S",
            "declarer": "N", "trick": ["H4"]}
    with pytest.raises(TutorError, match="lead"):
        advise({**base, "kind": "lead"})
    with pytest.raises(TutorError, match="follow"):
        advise({**base, "kind": "discard"})
    with pytest.raises(TutorError, match="contract"):
        advise({**base, "kind": "card", "contract": "3S"})
    with pytest.raises(TutorError, match="lacks"):
        advise({"kind": "card", "seat": "S"})
