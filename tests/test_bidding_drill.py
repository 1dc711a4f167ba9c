"""Bidding drills (tutor.lessons.bidding.drill): generated from each rule, audited, reproducible."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from plainyaml import safe_load as _safe_load

from tutor.engine.calls import Bid, parse_call
from tutor.engine.conventions import Rule
from tutor.engine.errors import TutorError
from tutor.lessons.bidding.drill import (
    advise,
    advise_position,
    bid_rules,
    consequences,
    generate,
    make,
    position_from_json,
)
from tutor.lessons.drills import Drill
from tutor.lessons.drills.kinds import drill_kind

RULES = bid_rules()
DRILLS_PER_RULE = 50
#: Of the fifty, the first drills are made whole and checked against the rule as stated.
CHECKED_IN_FULL = 5
#: The prompt test reads each rule's drill of this seed, one of those made whole above.
PROMPT_SEED = 3


@cache
def _made(rule_id: str, seed: int) -> Drill:
    """``make(rule_id, seed)``, made once in this process for the tests that read the same drill (each
    test reads it for its own property; a drill is frozen)."""
    return make(rule_id, seed)


# Independent expectations: the rules as content/conventions/bidding.yaml states them (read with
# PyYAML's safe loader, not through the tutor's loader), the seat order and law 5's order of the strains (RO l.13:
# spades, clubs, diamonds, hearts, then no-trumps), and hand counts made here.
STATED = {r["id"]: r for r in _safe_load(
    (Path(__file__).parent.parent / "content" / "conventions" / "bidding.yaml").read_text(encoding="utf-8")
)["conventions"] if r["kind"] == "bid"}
LAW_5_STRAINS = "SCDHN"  # 1S < 1C < 1D < 1H < 1NT
SEAT_ORDER = "NESW"  # the turn passes to the left (law 26)
OPS = {"==": lambda a, b: a == b, ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b,
       ">": lambda a, b: a > b, "<": lambda a, b: a < b, "!=": lambda a, b: a != b}


def _bid_rank(call: str) -> tuple[int, int]:
    return int(call[0]), LAW_5_STRAINS.index(call[1])


def _last_bid(auction: list[str]) -> str | None:
    bids = [c for c in auction if c != "P"]
    return bids[-1] if bids else None


def _lowest_level(strain: str, last: str | None) -> int:
    """The lowest level at which ``strain`` outranks the last bid (law 5's order)."""
    if last is None:
        return 1
    level, rank = _bid_rank(last)
    return level if LAW_5_STRAINS.index(strain) > rank else level + 1


def _hand_count(hand: str, ranks: str) -> int:
    return sum(hand.count(r) for r in ranks)


HAND_COUNTS = {"aces": "A", "kings": "K", "face_cards": "KQJ"}


def _check_against_the_stated_rule(rule_id: str, position: Mapping[str, Any], answer: str,
                                   laws: tuple[str, ...]) -> None:
    stated = STATED[rule_id]
    auction, hand = list(position["auction"]), position["hand"]
    # it is the learner's turn, and the answer is a legal call: a pass, or a bid above the last one
    assert SEAT_ORDER[(SEAT_ORDER.index(position["dealer"]) + len(auction)) % 4] == position["seat"]
    last = _last_bid(auction)
    if answer != "P":
        assert answer[0] in "1234567" and answer[1:] in ("S", "C", "D", "H", "NT"), answer
        assert last is None or _bid_rank(answer) > _bid_rank(last), (answer, last)
    # the drill cites at least the laws its rule states
    assert set(stated["laws"]) <= set(laws), (stated["laws"], laws)
    # the call is the kind the rule recommends
    chooser, args = stated["recommend"]["chooser"], stated["recommend"].get("args", {})
    if chooser == "pass":
        assert answer == "P"
    elif chooser == "bid":
        assert answer == args["call"]
    elif chooser == "negotiated_bid":  # law 36: the suit of the direct "three" (the last bid's), four to seven
        assert last is not None and answer[1:] == last[1:] and 4 <= int(answer[0]) <= 7, (answer, last)
    elif chooser == "best_of_partners_suits":  # law 50: "two" in one of the suits partner named
        partner = SEAT_ORDER[(SEAT_ORDER.index(position["seat"]) + 2) % 4]
        named = {c[1:] for n, c in enumerate(auction) if c != "P" and c[1:] != "NT"
                 and SEAT_ORDER[(SEAT_ORDER.index(position["dealer"]) + n) % 4] == partner}
        assert int(answer[0]) == args["level"] and answer[1:] in named, (answer, named)
    else:  # lowest_bid, show_suit: the lowest legal bid of a strain, within the rule's levels
        assert answer != "P"
        level, strain = int(answer[0]), answer[1]
        assert args.get("min_level", 1) <= level <= args["max_level"], (answer, args)
        assert level == max(args.get("min_level", 1), _lowest_level(strain, last)), (answer, last)
        if args.get("strain") == "NT":
            assert strain == "N"
        if chooser == "show_suit":
            assert strain != "N"
            holding = hand.split(".")["SHDC".index(strain)]
            if args["holding"] in ("king", "queen"):
                assert args["holding"][0].upper() in holding, (hand, answer)
    # the hand meets the rule's conditions on counts of cards, counted here
    for cond in stated["when"].get("conditions", []):
        feature = cond["feature"]
        args = cond.get("args", {})
        if (feature in HAND_COUNTS and not args) or (feature == "high_cards" and set(args) == {"ranks"}):
            ranks = HAND_COUNTS.get(feature) or args["ranks"]
            assert OPS[cond["op"]](_hand_count(hand, ranks), cond["value"]), (hand, cond)


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_every_rule_generates_fifty_distinct_drills_that_meet_the_stated_rule(rule: Rule) -> None:
    seen = set()
    for seed in range(DRILLS_PER_RULE):
        if seed < CHECKED_IN_FULL:
            # the whole drill, as the page shows it (make = generate from Random(seed), then the
            # feedback): checked against the rule as stated, and counted among the fifty, so its
            # auction is generated once rather than twice
            drill = _made(rule.id, seed)
            _check_against_the_stated_rule(rule.id, drill.position, drill.answer, drill.laws)
            seen.add((drill.deal_pbn, drill.position["dealer"], tuple(drill.position["auction"])))
        else:
            candidate = generate(rule, random.Random(seed), RULES)
            seen.add((candidate.deal.to_pbn(), candidate.position.dealer.value,
                      tuple(str(call) for call in candidate.position.calls)))
    assert len(seen) == DRILLS_PER_RULE


def test_the_same_seed_gives_the_same_drill() -> None:
    for rule_id in ("law-33-simple-game", "law-r57-three-sure-tricks-raise-to-three", None):
        assert make(rule_id, 11) == make(rule_id, 11)
    assert make("law-33-simple-game", 11) != make("law-33-simple-game", 12)


def test_the_prompt_never_gives_the_answer_away() -> None:
    for rule in RULES:
        drill = _made(rule.id, PROMPT_SEED)
        assert rule.title not in drill.prompt and "law" not in drill.prompt.lower()
        assert parse_call(drill.answer).spoken not in drill.prompt.split("What do you call?")[0].split(
            "The auction so far:")[-1] or drill.position["auction"], drill.prompt
        assert drill.answer in drill.choices and "P" in drill.choices


def test_other_players_passes_do_not_reveal_their_hands() -> None:
    drill = make("law-r57-three-sure-tricks-raise-to-three", 4)
    for note in drill.position["auction_notes"]:
        if note["seat"] != "S" and note["call"] == "P":
            assert note["rule"] == "" and "no convention" in note["title"].lower()


def test_feedback_names_why_other_calls_are_worse_and_the_sure_tricks() -> None:
    drill = make("law-40-unequal-suits-trump-the-doubtful-one", 3)
    # "10 (♠ J: 0, ♥ K Q J 10 9: 4, …)": the total is the sum of the suits' sure tricks shown
    total, _, parts = drill.features["sure tricks"].partition(" (")
    assert int(total) == sum(int(part.rsplit(":", 1)[1]) for part in parts.rstrip(")").split(", "))
    assert drill.why_not and drill.answer not in drill.why_not
    assert any("law" in reason for reason in drill.why_not.values())


def test_what_mattered_shows_words_never_a_rule_or_law_id() -> None:
    """The brief: no rule ids on a page. The features shown under "What mattered" (page and terminal)
    once read "the suit choice: law-39", the reason's internal name; every rule's drill is read here."""
    ids = re.compile(r"\blaw-[a-z0-9]+\b|\b[a-z]+(?:-[a-z0-9]+){2,}\b")  # law-39, law-40-unequal-suits-…
    for rule in RULES:
        drill = _made(rule.id, PROMPT_SEED)
        for name, value in drill.features.items():
            assert not ids.search(f"{name}: {value}"), (rule.id, name, value)
    suit_choice = _made("law-39-equal-suits-more-honours", PROMPT_SEED).features["the suit choice"]
    assert "law 39" in suit_choice and "honours" in suit_choice  # the law, as a learner reads it


def test_law_38_drills_carry_a_score_that_the_deal_ends_the_partie() -> None:
    drill = make("law-38-four-tricks-when-the-deal-ends-the-partie", 5)
    score = drill.position["score"]
    assert score["below"]["NS"] + 70 >= 500
    assert "below the line" in drill.prompt


def test_the_bidding_kind_is_registered_for_the_drill_command() -> None:
    kind = drill_kind("bidding")
    assert "law-41-no-trumps-three-or-four-aces" in kind.rule_ids()
    assert kind.advise is advise and kind.consequences is consequences


def test_bad_positions_raise_clear_errors() -> None:
    good = {"kind": "bid", "dealer": "S", "seat": "S", "hand": "AK543.A2.KQ2.KQJ", "auction": []}
    for bad, message in [
        ({**good, "seat": "N"}, "turn"),
        ({**good, "hand": "AK543.A2.KQ2"}, "four suits"),
        ({**good, "hand": "AK543.A2.KQ2.KQ"}, "13"),
        ({**good, "auction": ["1S", "1S"]}, "law 35"),
        ({**good, "auction": "1S"}, "list"),
        ({**good, "colour": "red"}, "unknown key"),
        ({**good, "score": {"below": {"NS": -5}}}, "score"),
    ]:
        with pytest.raises(TutorError, match=message):
            advise(bad)


def test_unknown_rule_is_a_content_error() -> None:
    with pytest.raises(TutorError, match="unknown rule"):
        make("law-999", 1)


def test_consequences_solve_the_book_call_and_the_learners_double_dummy() -> None:
    drill = make("law-41-no-trumps-three-or-four-aces", 2)
    book, yours = consequences(drill, "P")
    assert book.choice == drill.answer and yours.choice == "P"
    assert book.tricks is None or 0 <= book.tricks <= 13
    assert set(book.points) == {"NS", "EW"}
    assert position_from_json(drill.position).seat.value == "S"
    advice = advise_position(position_from_json(drill.position))  # the stored position round-trips
    assert advice is not None and advice.rule.id == "law-41-no-trumps-three-or-four-aces"
    assert str(advice.answer) == drill.answer == "1NT"  # law 41: three or four aces -> no-trumps


def test_r61_caution_drill_has_north_raise_the_weaker_suit_at_his_second_turn() -> None:
    """≈61 (RU l.181): the drill's North names South's second suit above it, and says what it means."""
    for seed in (1, 2):
        notes = make("law-r61-stop-when-partner-raises-the-weaker-suit", seed).position["auction_notes"]
        north = [n for n in notes if n["seat"] == "N"]
        south = [n for n in notes if n["seat"] == "S" and n["call"] != "P"]
        assert north[0]["call"] == "P" and north[1]["rule"] == "" and "second suit" in north[1]["title"]
        assert [n["rule"] for n in south] == ["law-r61-two-long-suits-three-in-the-stronger",
                                              "law-r61-then-show-the-weaker-suit"]
        raised, shown = parse_call(north[1]["call"]), parse_call(south[1]["call"])
        assert isinstance(raised, Bid) and isinstance(shown, Bid)
        assert raised.strain is shown.strain and raised.level > shown.level


def test_law_rb_drills_carry_a_score_where_the_opponents_game_does_not_end_the_rubber() -> None:
    """R?b (RU l.189): the opponents' big game would not give them the rubber; the prompt shows the score."""
    drill = make("law-rb-leave-the-opponents-in-their-big-game", 4)
    score = drill.position["score"]
    last = [c for c in map(parse_call, drill.position["auction"]) if isinstance(c, Bid)][-1]
    assert last.level >= 3
    gain = (6 + last.level) * 10 * last.level
    assert score["parties"]["EW"] == 0 or score["below"]["EW"] + gain < 500
    assert "below the line" in drill.prompt
