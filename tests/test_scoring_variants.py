"""One test per scoring switch: the book's figure by default, the other source's figure when switched.

Conflicts C1-C4, C18, C22, C27 of the digest; figures typed from the seed lines cited.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from scoring_deals import contract, deal, items, points

from tutor.engine.cards import Seat, Side
from tutor.engine.rubber import RubberDeal, score_rubber
from tutor.engine.rules import Rules
from tutor.engine.scoring import score_deal, scoring_variants


def _partie_bonus(rules: Rules) -> int:
    r = score_rubber([RubberDeal(deal(1), contract("5S N"), 11)], rules)
    return sum(i.points for i in r.items if i.kind == "partie")


def _x_values(rules: Rules) -> list[int]:
    passes = [RubberDeal(deal(2), None)] * 3
    r = score_rubber([*passes, RubberDeal(deal(1), contract("5S N"), 11),
                      RubberDeal(deal(1), contract("5H S"), 11)], rules)
    return [i.points for i in r.items if i.kind == "x_mark"]


def _nt_aces_in_three(rules: Rules) -> int:
    s = score_deal(deal(3, N="SA", S="HA", E="DA", W="CA"), contract("3NT N"), 9, rules)
    return points(s, "aces", Side.NS)  # two-two: NS have the leve -> 2 aces


def _dealer_card(rules: Rules) -> int:
    s = score_deal(deal(4), contract("1C N"), 7, rules, dealer_extra_card=True, dealer=Seat.N)
    return points(s, "dealer_extra_card", Side.EW)


def _passed_out(rules: Rules) -> tuple[bool, int]:
    s = score_deal(deal(5), None, 8, rules)  # NS take 8 tricks if the deal is played out
    return s.x_mark, sum(i.points for i in s.items)


def _four_aces_nt(rules: Rules) -> tuple[int, int]:
    s = score_deal(deal(6, N="SA HA DA CA", E="SK HK DK CK"), contract("1NT N"), 7, rules)
    aces_coronet = sum(i.points for i in items(s, "coronet", Side.NS) if "4 aces" in i.text)
    return points(s, "aces", Side.NS), aces_coronet


def _played_out_extra(rules: Rules) -> int:
    s = score_deal(deal(7), None, 8, replace(rules, passed_out="play_out"))  # NS 8, EW 5
    return points(s, "played_out", Side.EW)


#: variant -> (scenario, book figure, {option: figure}), figures from the seeds.
CASES: dict[str, tuple[Callable[[Rules], object], object, dict[str, object]]] = {
    # C1: book scoring 7, l.393: 1000; summaries l.730, l.804, EN l.148: 100
    "partie-bonus": (_partie_bonus, 1000, {"summaries": 100}),
    # C2: scoring 8 l.395 flat 500; scoring 9 l.397 500/1000/1500; summaries l.732, EN l.151 500/1000
    "x-values": (_x_values, [500, 500, 500], {"vint_signs": [500, 1000, 1500], "summaries": [500, 1000, 500]}),
    # C3: scoring 17 l.413: 750 an ace in "three"; summaries l.739, EN l.155: 700
    "nt-ace-three": (_nt_aces_in_three, 2 * 750, {"summaries": 2 * 700}),
    # C4: law 24 l.77: 2000; summaries l.564, EN l.108: 20
    "dealer-14th-card": (_dealer_card, 2000, {"summaries": 20}),
    # C22: scoring 8 (an X) vs scoring 10 (played out): 8 tricks to 5 -> 3 extra x 500
    "passed-out": (_passed_out, (True, 0), {"play_out": (False, 1500)}),
    # C18: four aces in one hand at NT: 4 x 250 and 2000 (tutor's reading) vs the coronet only (RU l.429)
    "four-aces-nt": (_four_aces_nt, (1000, 2000), {"coronet_only": (0, 2000)}),
    # C27: scoring 10 "minus their own": 8 - 5 = 3 extra; "extra trick" beyond six: 2
    "played-out-extra": (_played_out_extra, 1500, {"over_six": 1000}),
}


def test_every_scoring_variant_has_a_case() -> None:
    assert {v.name for v in scoring_variants()} == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_variant_book_figure_is_the_default(name: str) -> None:
    scenario, book, _ = CASES[name]
    assert scenario(Rules()) == book
    assert Rules().variant_choices()[name] == "book"


@pytest.mark.parametrize(("name", "option"), [(n, o) for n, (_, _, opts) in sorted(CASES.items()) for o in opts])
def test_variant_switched_gives_the_other_sources_figure(name: str, option: str) -> None:
    scenario, book, options = CASES[name]
    switched = scenario(Rules.with_variants({name: option}))
    assert switched == options[option]
    assert switched != book


def test_scoring_10_played_out_the_side_with_fewer_tricks_writes() -> None:
    rules = Rules.with_variants({"passed-out": "play_out"})
    s = score_deal(deal(8), None, 4, rules, passed_side=Side.EW)  # EW 4, NS 9
    assert points(s, "played_out", Side.EW) == (9 - 4) * 500
    assert s.below(Side.NS) == s.below(Side.EW) == 0 and not s.x_mark
