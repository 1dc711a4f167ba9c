"""The deals play drills are read from (tutor/lessons/play/draft.py): steered by a rule's YAML alone.

A convention written only as YAML (parsed here with the generic loader, as a new rule in
content/conventions/play.yaml would be) is read by its condition names into a steer, and
the stream's deals steered by it meet it — checked here by counting the cards themselves:
a seat holds the named holding (A K Q and more, law 86's wording), and a seat of the side
that should declare holds the high cards asked (A 4, K 3, Q 2, J 1).
"""

from __future__ import annotations

import tutor.lessons.play.rules  # noqa: F401 - registers the play vocabulary
from tutor.engine.cards import Seat
from tutor.engine.conventions import Rule
from tutor.lessons.content.conventions import parse_conventions
from tutor.lessons.play.draft import STRENGTH, Steer, steer_of, steers_of, stream_deal

NEW_RULE = """
rules:
  - id: lead-86-test-declarers-coronet-in-a-big-game
    kind: lead
    title: A new convention, YAML only
    laws: [law-86]
    priority: 10
    when:
      situation: lead
      situation_args: {side: declarer}
      conditions:
        - {feature: holding, args: {suit: any, pattern: AKQ}, op: "==", value: true}
        - {feature: contract_level, op: ">=", value: 3}
        - {feature: is_declarer, op: "==", value: true}
    recommend: {chooser: lead_akq}
    explanation: Lead {answer}.
"""

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _rule() -> Rule:
    return parse_conventions(NEW_RULE, "new.yaml").rules[0]


def test_a_yaml_only_rule_is_read_into_a_steer_by_its_condition_names() -> None:
    assert steer_of(_rule()) == Steer(role="declarer", patterns=("AKQ",), long_suit=0, level=3)


def test_deals_steered_by_it_hold_the_holding_and_the_strength() -> None:
    steer = steer_of(_rule())
    for index in range(20):
        deal, _ = stream_deal(99, index, (steer,))
        hands = {seat: deal[seat].to_pbn().split(".") for seat in Seat}
        coronets = [seat for seat, suits in hands.items() if any(s.startswith("AKQ") for s in suits)]
        assert coronets, deal.to_pbn()
        # the holder is the declarer-to-be, and so holds the strength of a level-three contract
        assert any(sum(HCP.get(ch, 0) for ch in "".join(hands[s])) >= STRENGTH[3] for s in coronets)


def test_the_stream_is_the_same_for_the_same_seed_and_index() -> None:
    steers = steers_of([_rule()])
    assert stream_deal(5, 3, steers) == stream_deal(5, 3, steers)
    assert stream_deal(5, 3, steers) != stream_deal(5, 4, steers)
