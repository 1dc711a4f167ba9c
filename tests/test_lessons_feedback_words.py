"""Feedback in a teacher's words (issue 20): sentences checked against facts of the position
(the hand's cards, the auction, the seat and the contract), not against the functions' output."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from plainyaml import safe_load as _safe_load

from tutor.engine.auction import Auction
from tutor.engine.bidding import BidPosition
from tutor.engine.calls import parse_call, tricks_needed
from tutor.engine.cards import Hand, Seat
from tutor.engine.conventions import Condition
from tutor.engine.conventions.vocabularies import BIDDING
from tutor.lessons.bidding.words import sentence
from tutor.lessons.drills.kinds import DRILL_KINDS
from tutor.lessons.play.drill import PlayDrill

ROOT = Path(__file__).resolve().parents[1]
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
RULE_ID = re.compile(r"\b(law|note|scoring|solo)-r?\d+\b")


@cache  # one read of rules.yaml per process; the tests only look laws up in it
def _laws_text() -> dict[str, str]:
    """The laws' texts read straight from content/rules.yaml."""
    data = _safe_load((ROOT / "content" / "rules.yaml").read_text(encoding="utf-8"))
    return {e["id"]: " ".join(str(e.get("text", "")).split()) for e in data["entries"]}


def _position(hand: str, calls: list[str], dealer: Seat = Seat.N) -> BidPosition:
    auction = Auction(dealer)
    for call in calls:
        auction.call(parse_call(call))
    return BidPosition.at(auction, Hand.parse(hand))


def test_a_failed_count_reads_as_a_sentence_with_the_hands_own_count() -> None:
    hand = "AK32.K32.432.432"  # one ace, two kings: counted by eye
    p = _position(hand, [])
    assert sentence(Condition(BIDDING.feature("aces"), "==", 2), p) == "it needs exactly two aces, and you hold one"
    assert sentence(Condition(BIDDING.feature("aces"), ">=", 3), p) == "it needs at least three aces, and you hold one"
    assert sentence(Condition(BIDDING.feature("kings"), "==", 0), p) == "it needs no kings, and you hold two"


def test_passes_since_partners_bid_read_as_a_teacher_says_them() -> None:
    """The issue's case: "needs your passes since partner's bid: exactly 0 (here 1)"."""
    # North (South's partner) names clubs; South passes once; West names diamonds; North and East pass
    p = _position("AK32.K32.432.432", ["1C", "P", "P", "1D", "P", "P"])
    assert p.seat is Seat.S
    text = sentence(Condition(BIDDING.feature("own_passes_since_partner_bid"), "==", 0), p)
    assert text == "it needs no passes of yours since partner's bid, and you have made one"


def test_a_yes_no_condition_says_what_is_not_so() -> None:
    p = _position("AK32.K32.432.432", [])
    assert sentence(Condition(BIDDING.feature("suit_named"), "==", True), p) == (
        "it is for when a suit has been named, which is not so here")


@pytest.mark.parametrize("seed", range(12))
def test_bidding_why_nots_name_no_rule_and_trace_nothing(seed: int) -> None:
    drill = DRILL_KINDS["bidding"].make(None, seed)
    for text in drill.why_not.values():
        assert "(here" not in text and not RULE_ID.search(text), text
        assert drill.rule_id not in text


PLAY_KINDS = ["lead", "second-hand", "third-hand", "discard"]


@pytest.mark.parametrize("kind", PLAY_KINDS)
def test_play_prompts_name_the_learners_role_from_the_seat_and_the_contract(kind: str) -> None:
    for seed in range(10):
        drill = DRILL_KINDS[kind].make(None, seed)
        pos = drill.position
        seat, declarer = pos["seat"], pos["declarer"]
        partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[declarer]
        expected = ("the declarer" if seat == declarer else "the declarer's partner" if seat == partner
                    else "a defender")
        first = drill.prompt.splitlines()[0]
        assert first.startswith(f"You are {expected} ({SEAT_WORDS[seat]})"), first
        assert parse_call(pos["contract"]).spoken in first
        assert ("on lead" in first) == (kind == "lead")
        assert ("cannot follow suit" in first) == (kind == "discard")


@pytest.mark.parametrize("kind", PLAY_KINDS)
def test_every_other_legal_card_is_answered_and_the_law_is_quoted(kind: str) -> None:
    laws = _laws_text()
    for seed in range(8):
        drill = DRILL_KINDS[kind].make(None, seed)
        assert isinstance(drill, PlayDrill)
        others = set(drill.choices) - set(drill.accepted)
        assert set(drill.why_not) == others
        for card, text in drill.why_not.items():
            assert not RULE_ID.search(text) and drill.rule_id not in text
            rank = card[1:].replace("T", "10")
            assert rank in text  # the card named in the reason
        for law in drill.laws:
            if laws.get(law):
                assert laws[law][:40] in drill.explanation  # the law's own words


@pytest.mark.slow
@pytest.mark.parametrize("kind", PLAY_KINDS)
def test_double_dummy_summaries_say_whose_side_is_whose(kind: str) -> None:
    make = DRILL_KINDS[kind]
    for seed in range(3):
        drill = make.make(None, seed)
        pos = drill.position
        mine = "NS" if pos["seat"] in "NS" else "EW"
        declarers = "NS" if pos["declarer"] in "NS" else "EW"
        names = {"NS": "North-South", "EW": "East-West"}
        wrong = sorted(set(drill.choices) - set(drill.accepted))[0]
        assert make.consequences is not None
        for c in make.consequences(drill, wrong):
            assert f"your side ({names[mine]})" in c.summary
            whose = "your side" if mine == declarers else "the other side"
            assert f"the declarers ({whose}, {names[declarers]})" in c.summary
            needed = tricks_needed(parse_call(pos["contract"]).level)
            made = (c.tricks or 0) >= needed
            assert (" and make " in c.summary) == made
            if not made:
                other = "the other side" if mine == declarers else "your side"
                assert f"the defenders ({other}) score the penalty" in c.summary


def test_the_declarers_own_contract_is_not_said_to_be_by_him() -> None:
    """"You are the declarer (North) in three clubs by you": the declarer's question names his contract alone."""
    from tutor.lessons.play.drill import make

    prompts = [make(kind, None, seed).prompt for kind in ("discard", "third-hand", "second-hand") for seed in range(12)]
    own = [p for p in prompts if p.startswith("You are the declarer (")]
    assert own and not [p for p in prompts if "by you" in p]
    assert all(re.match(r"You are the declarer \(\w+\) in [a-z -]+, and ", p) for p in own), own
