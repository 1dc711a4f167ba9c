"""Solo Whist: every call's target and trumps, and every settlement figure the seed prints.

Seed ``002_c68374d8f015d64a.txt``: the ladder l.25-53 (laws solo-10 .. solo-17),
the settlement l.53-59 (laws solo-22 .. solo-27).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tutor.engine.cards import SEATS, Seat
from tutor.engine.errors import NotationError, TutorError
from tutor.engine.solo.calls import LADDER, SoloCall, SoloGame, TrumpRule, spec
from tutor.engine.solo.rules import SoloRules
from tutor.engine.solo.settlement import format_points, settle

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# (game, target, trumps, partnership, bidder leads, stake, per trick) — seed l.25-59
LADDER_TABLE = [
    (SoloGame.PROPOSAL, 8, TrumpRule.TURNED_UP, True, False, F(1), F(1, 4)),
    (SoloGame.SOLO, 5, TrumpRule.TURNED_UP, False, False, F(1), F(1, 4)),
    (SoloGame.MISERE, 0, TrumpRule.NONE, False, False, F(2), F(0)),
    (SoloGame.ABUNDANCE, 9, TrumpRule.BIDDER_NAMES, False, False, F(3), F(1, 2)),
    (SoloGame.ABUNDANCE_IN_TRUMPS, 9, TrumpRule.TURNED_UP, False, False, F(3), F(1, 2)),
    (SoloGame.OPEN_MISERE, 0, TrumpRule.NONE, False, False, F(4), F(0)),
    (SoloGame.DECLARED_ABUNDANCE, 13, TrumpRule.NONE, False, True, F(6), F(0)),
]


@pytest.mark.parametrize(("game", "target", "trumps", "partnership", "leads", "stake", "per_trick"), LADDER_TABLE)
def test_solo_10_to_17_each_call_has_the_seeds_target_trumps_and_stake(
        game: SoloGame, target: int, trumps: TrumpRule, partnership: bool, leads: bool, stake: F,
        per_trick: F) -> None:
    g = spec(game)
    assert (g.target, g.trumps, g.partnership, g.bidder_leads, g.stake, g.per_trick) == (
        target, trumps, partnership, leads, stake, per_trick)
    assert g.avoid_tricks == (game in (SoloGame.MISERE, SoloGame.OPEN_MISERE))


def test_solo_8_the_ladder_ascends_in_the_seeds_order() -> None:
    assert [g.game for g in LADDER] == [row[0] for row in LADDER_TABLE]
    assert [g.rank for g in LADDER] == list(range(1, 8))
    assert SoloGame.DECLARED_ABUNDANCE > SoloGame.OPEN_MISERE > SoloGame.ABUNDANCE_IN_TRUMPS > SoloGame.MISERE


def test_solo_16_open_misere_is_exposed_after_the_first_trick() -> None:
    assert spec(SoloGame.OPEN_MISERE).exposed_after_first_trick
    assert not any(g.exposed_after_first_trick for g in LADDER if g.game is not SoloGame.OPEN_MISERE)


@pytest.mark.parametrize("text", ["solo", "misère", "prop", "open misere", "abundance in trumps", "pass",
                                  "accept", "declared-abundance"])
def test_calls_round_trip_through_their_notation(text: str) -> None:
    call = SoloCall.parse(text)
    assert SoloCall.parse(str(call)) == call


def test_unknown_call_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="grand slam"):
        SoloCall.parse("grand slam")


# -- settlement (seed l.55-59) ---------------------------------------------------------------------------


def test_solo_23_proposal_made_each_partner_gets_1_plus_a_quarter_per_overtrick() -> None:
    s = settle(SoloGame.PROPOSAL, N, partner=E, made=True, side_tricks=10)
    assert s.net[N] == s.net[E] == F(3, 2)  # 1 + 2 x 1/4
    assert s.net[S] == s.net[W] == F(-3, 2)


def test_solo_23_proposal_failed_each_partner_gives_a_quarter_per_missing_trick() -> None:
    s = settle(SoloGame.PROPOSAL, N, partner=S, made=False, side_tricks=5)
    assert s.net[N] == s.net[S] == F(-3, 4)  # 3 x 1/4, no stake as printed
    assert s.net[E] == s.net[W] == F(3, 4)


def test_solo_23_variants_each_opponent_and_stake_on_failure() -> None:
    each = SoloRules.with_variants({"proposal-payment": "each-opponent"})
    assert settle(SoloGame.PROPOSAL, N, partner=E, made=True, side_tricks=8, rules=each).net[N] == 2
    english = SoloRules.with_variants({"failure-pays-stake": "english"})
    assert settle(SoloGame.PROPOSAL, N, partner=E, made=False, side_tricks=7, rules=english).net[N] == F(-5, 4)


def test_solo_24_solo_made_1_from_each_player_plus_quarters() -> None:
    s = settle(SoloGame.SOLO, W, made=True, side_tricks=7)
    assert s.net[W] == 3 * F(3, 2)
    assert all(s.net[o] == F(-3, 2) for o in (N, E, S))


def test_solo_24_solo_failed_a_quarter_per_missing_trick_to_each_opponent() -> None:
    s = settle(SoloGame.SOLO, W, made=False, side_tricks=3)
    assert all(s.net[o] == F(1, 2) for o in (N, E, S))
    assert s.net[W] == F(-3, 2)
    english = settle(SoloGame.SOLO, W, made=False, side_tricks=3,
                     rules=SoloRules.with_variants({"failure-pays-stake": "english"}))
    assert english.net[N] == F(3, 2)


def test_solo_25_misere_2_from_each_opponent_no_overtricks() -> None:
    assert settle(SoloGame.MISERE, E, made=True, side_tricks=0).net[E] == 6
    assert settle(SoloGame.MISERE, E, made=False, side_tricks=1).net[E] == -6  # tutor's reading


def test_solo_26_abundance_3_and_half_a_point_per_trick() -> None:
    for game in (SoloGame.ABUNDANCE, SoloGame.ABUNDANCE_IN_TRUMPS):
        made = settle(game, S, made=True, side_tricks=11)
        assert made.net[N] == -(3 + 2 * F(1, 2))
        failed = settle(game, S, made=False, side_tricks=7)
        assert failed.net[N] == 2 * F(1, 2)


def test_solo_27_open_misere_4_declared_abundance_6() -> None:
    assert settle(SoloGame.OPEN_MISERE, N, made=True, side_tricks=0).net[E] == -4
    assert settle(SoloGame.OPEN_MISERE, N, made=False, side_tricks=1).net[E] == 4
    assert settle(SoloGame.DECLARED_ABUNDANCE, N, made=True, side_tricks=13).net[N] == 18
    assert settle(SoloGame.DECLARED_ABUNDANCE, N, made=False, side_tricks=12).net[W] == 6


@pytest.mark.parametrize("game", [g.game for g in LADDER])
@pytest.mark.parametrize("tricks", range(14))
@pytest.mark.parametrize("variant", [{}, {"failure-pays-stake": "english", "proposal-payment": "each-opponent"}])
def test_solo_22_every_settlement_sums_to_zero(game: SoloGame, tricks: int, variant: dict[str, str]) -> None:
    g = spec(game)
    if g.avoid_tricks:
        made = tricks == 0
    elif g.all_or_nothing:
        made = tricks == 13
    else:
        made = tricks >= g.target
    s = settle(game, N, partner=S if g.partnership else None, made=made, side_tricks=tricks,
               rules=SoloRules.with_variants(variant))
    assert sum(s.net.values()) == 0
    assert all(p.amount > 0 for p in s.payments)
    assert set(s.net) == set(SEATS)


def test_settlement_refuses_inconsistent_results() -> None:
    with pytest.raises(TutorError, match="Solo Whist rule 12"):
        settle(SoloGame.SOLO, N, made=True, side_tricks=4)
    with pytest.raises(TutorError, match="partner"):
        settle(SoloGame.PROPOSAL, N, made=True, side_tricks=8)
    with pytest.raises(TutorError, match="variant"):
        SoloRules.with_variants({"no-such-thing": "x"})


def test_points_format_as_mixed_numbers() -> None:
    assert [format_points(F(x)) for x in ("5/4", "-1/2", "3", "0")] == ["+1 1/4", "-1/2", "+3", "0"]


def test_a_settlement_counts_its_tricks_in_agreement() -> None:
    """A solo needs five tricks (seven made two over-tricks above): made with six is one over-trick, failed with four one short
    ("1 over-trick(s)", "1 trick(s) short" before)."""
    made = " ".join(settle(SoloGame.SOLO, W, made=True, side_tricks=6).explanation)
    failed = " ".join(settle(SoloGame.SOLO, W, made=False, side_tricks=4).explanation)
    assert "made with 6 tricks" in made and "+ 1 over-trick ×" in made and "(s)" not in made, made
    assert "failed with 4 tricks" in failed and "1 trick short ×" in failed and "(s)" not in failed, failed
