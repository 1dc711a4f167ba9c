"""The Solo Whist auction (seed 002, l.21-53; laws solo-8 .. solo-18)."""

from __future__ import annotations

import random

import pytest

from tutor.engine.cards import Card, Seat, Suit
from tutor.engine.errors import IllegalCallError
from tutor.engine.solo.auction import Phase, SoloAuction
from tutor.engine.solo.calls import LADDER, SoloCall, SoloGame
from tutor.engine.solo.rules import SoloRules

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
TURN_UP = Card.parse("H2")  # dealer North, so East is the eldest hand
ALL_CALLS = (SoloCall.pass_(), SoloCall.accept(), *(SoloCall.bid(g.game) for g in LADDER))


def auction(*calls: str, rules: SoloRules | None = None) -> SoloAuction:
    return SoloAuction.from_calls(N, TURN_UP, calls, rules)


def test_solo_8_eldest_hand_calls_first() -> None:
    assert SoloAuction(N, TURN_UP).to_call is E


def test_solo_8_bids_must_ascend() -> None:
    a = auction("misere")
    assert not a.can_call(SoloCall.parse("solo"))
    with pytest.raises(IllegalCallError, match=r"Solo Whist rule 8\b"):
        a.call(SoloCall.parse("solo"))
    assert a.can_call(SoloCall.parse("abundance"))


def test_solo_9_a_player_who_passes_is_out() -> None:
    a = auction("pass", "solo", "pass", "pass")  # E passed; S solo; W, N pass
    assert a.phase is Phase.COMPLETE
    assert a.contract() is not None and a.contract().bidder is S  # type: ignore[union-attr]
    b = auction("solo", "pass", "misere")  # E solo, S out, W misère
    assert b.to_call is N
    b.call(SoloCall.pass_())
    assert b.to_call is E  # S is skipped: he passed
    with pytest.raises(IllegalCallError, match=r"Solo Whist rule 9\b"):
        b.call(SoloCall.parse("abundance"), S)


def test_solo_9_the_eldest_hand_may_accept_after_passing() -> None:
    a = auction("pass", "proposal", "pass", "pass")
    assert a.to_call is E
    assert set(a.legal_calls()) == {SoloCall.pass_(), SoloCall.accept()}
    a.call(SoloCall.accept())
    c = a.contract()
    assert a.phase is Phase.COMPLETE and c is not None
    assert (c.game, c.bidder, c.partner, c.trump) == (SoloGame.PROPOSAL, S, E, Suit.HEARTS)


def test_solo_9_only_the_eldest_gets_that_second_chance() -> None:
    a = auction("pass", "pass", "proposal")  # W proposes; S has passed and stays out
    a.call(SoloCall.pass_())  # N
    assert a.to_call is E  # the eldest's chance; S is never asked
    a.call(SoloCall.pass_())
    assert a.phase is Phase.RAISE and a.to_call is W


def test_solo_10_any_player_still_in_may_accept() -> None:
    a = auction("proposal", "pass", "accept", "pass")
    c = a.contract()
    assert c is not None and (c.bidder, c.partner) == (E, W)
    assert not a.can_call(SoloCall.accept())


def test_solo_11_an_unaccepted_proposal_must_be_raised() -> None:
    a = auction("proposal", "pass", "pass", "pass")  # the proposer is the eldest hand himself
    assert a.phase is Phase.RAISE and a.to_call is E
    assert SoloCall.pass_() not in a.legal_calls()
    with pytest.raises(IllegalCallError, match=r"Solo Whist rule 11\b"):
        a.call(SoloCall.pass_())
    a.call(SoloCall.parse("solo"))
    c = a.contract()
    assert c is not None and (c.game, c.bidder) == (SoloGame.SOLO, E)


def test_solo_11_variant_the_proposer_may_withdraw_and_the_deal_is_thrown_in() -> None:
    rules = SoloRules.with_variants({"unaccepted-proposal": "english"})
    a = auction("proposal", "pass", "pass", "pass", rules=rules)
    a.call(SoloCall.pass_())
    assert a.phase is Phase.THROWN_IN and a.contract() is None


def test_solo_14_abundance_bidder_names_trumps_after_the_others_pass() -> None:
    a = auction("abundance", "pass", "pass", "pass")
    assert a.phase is Phase.NAMING_TRUMPS and a.to_call is E
    with pytest.raises(IllegalCallError, match=r"Solo Whist rule 14\b"):
        a.call(SoloCall.pass_())
    assert not a.can_name_trumps(Suit.CLUBS, W)
    c = a.name_trumps(Suit.CLUBS, E)
    assert (c.game, c.trump) == (SoloGame.ABUNDANCE, Suit.CLUBS)


def test_solo_15_abundance_in_trumps_only_over_an_abundance() -> None:
    a = auction("solo")
    assert not a.can_call(SoloCall.parse("abundance-in-trumps"))
    with pytest.raises(IllegalCallError, match=r"Solo Whist rule 15\b"):
        a.call(SoloCall.parse("abundance-in-trumps"))
    b = auction("abundance", "abundance-in-trumps", "pass", "pass", "pass")
    c = b.contract()
    assert c is not None and (c.game, c.bidder, c.trump) == (SoloGame.ABUNDANCE_IN_TRUMPS, S, Suit.HEARTS)
    direct = auction("abundance-in-trumps", rules=SoloRules.with_variants({"abundance-in-trumps": "english"}))
    assert direct.highest is SoloGame.ABUNDANCE_IN_TRUMPS


def test_solo_17_declared_abundance_cannot_be_overcalled() -> None:
    a = auction("declared-abundance")
    assert [c for c in a.legal_calls() if c.game is not None] == []
    for _ in range(3):
        a.call(SoloCall.pass_())
    c = a.contract()
    assert c is not None and c.trump is None
    named = auction("declared-abundance", "pass", "pass", "pass",
                    rules=SoloRules.with_variants({"declared-abundance-trumps": "english"}))
    assert named.phase is Phase.NAMING_TRUMPS


def test_solo_18_all_pass_throws_the_deal_in() -> None:
    a = auction("pass", "pass", "pass", "pass")
    assert a.phase is Phase.THROWN_IN and a.next_dealer is E
    same = auction("pass", "pass", "pass", "pass", rules=SoloRules.with_variants({"all-pass": "same-dealer"}))
    assert same.next_dealer is N
    with pytest.raises(IllegalCallError, match=r"Solo Whist rule 8\b"):
        a.call(SoloCall.pass_())


def test_solo_28_the_worked_examples_auction() -> None:
    a = auction("solo", "misere", "abundance", "open-misere", "pass", "pass", "pass")
    c = a.contract()
    assert c is not None and (c.game, c.bidder, c.trump) == (SoloGame.OPEN_MISERE, N, None)


def test_calls_out_of_turn_are_refused() -> None:
    with pytest.raises(IllegalCallError, match="out of turn"):
        SoloAuction(N, TURN_UP).call(SoloCall.parse("solo"), S)


@pytest.mark.parametrize("seed", range(300))
def test_random_auctions_end_and_can_call_matches_legal_calls(seed: int) -> None:
    rng = random.Random(seed)
    rules = SoloRules(unaccepted_may_withdraw=rng.random() < 0.5, abundance_in_trumps_direct=rng.random() < 0.5)
    a = SoloAuction(rng.choice(list(Seat)), TURN_UP, rules)
    for _ in range(40):
        if a.is_over:
            break
        if a.phase is Phase.NAMING_TRUMPS:
            a.name_trumps(rng.choice(list(Suit)))
            continue
        legal = a.legal_calls()
        assert legal
        for call in ALL_CALLS:
            assert a.can_call(call) == (call in legal)
        passes = [c for c in legal if c == SoloCall.pass_()]
        a.call(passes[0] if passes and rng.random() < 0.6 else rng.choice(legal))
    assert a.is_over
    c = a.contract()
    if a.phase is Phase.COMPLETE:
        assert c is not None and c.bidder not in a.passed
        if c.partner is not None:
            assert c.game is SoloGame.PROPOSAL
    else:
        assert c is None and a.highest is None
