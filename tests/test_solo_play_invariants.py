"""Solo Whist dealing and play: the seed's rules, and seeded random deals played to completion.

Invariants (OpenSpiel style): each card dealt and played at most once, at most 13
tricks, play stops only when the bidder's fate is settled, and every settlement sums
to zero across the four players. Laws solo-3 .. solo-6, solo-19 .. solo-21.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tutor.engine.cards import FULL_PACK, SEATS, Card, Hand, Seat, Suit
from tutor.engine.errors import IllegalPlayError, NotationError
from tutor.engine.solo.calls import LADDER, SoloContract, SoloGame, TrumpRule, spec
from tutor.engine.solo.dealing import (
    SOLO_CUT_SUITS,
    choose_dealer,
    cut_pack,
    deal_order,
    deal_pack,
    random_solo_deal,
)
from tutor.engine.solo.play import Fate, SoloPlay, first_leader
from tutor.engine.solo.settlement import settle_result
from tutor.engine.solo.solver import bidder_can_guarantee, misere_safe_by_suits

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def test_solo_3_lowest_card_deals_ace_low() -> None:
    cuts = {N: Card.parse("C2"), E: Card.parse("SA"), S: Card.parse("HK"), W: Card.parse("D3")}
    assert choose_dealer(cuts) is E


def test_solo_3_ties_by_suit_spades_highest_not_vints_order() -> None:
    assert SOLO_CUT_SUITS == (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    cuts = {N: Card.parse("S4"), E: Card.parse("H4"), S: Card.parse("C4"), W: Card.parse("D4")}
    assert choose_dealer(cuts) is S
    del cuts[S]
    assert choose_dealer(cuts) is W
    with pytest.raises(NotationError, match="Solo Whist rule 3"):
        choose_dealer({N: Card.parse("S4"), E: Card.parse("S4")})


def test_solo_5_dealt_by_threes_from_the_left_last_four_singly() -> None:
    order = deal_order(N)
    assert order[:6] == (E, E, E, S, S, S)
    assert order[-4:] == (E, S, W, N)
    assert all(order.count(s) == 13 for s in SEATS)
    dealt = deal_pack(FULL_PACK, N)
    assert dealt.deal[E].cards == frozenset([*FULL_PACK[0:3], *FULL_PACK[12:15], *FULL_PACK[24:27],
                                             *FULL_PACK[36:39], FULL_PACK[48]])


def test_solo_6_the_dealers_last_card_is_turned_up_and_kept() -> None:
    dealt = deal_pack(FULL_PACK, W)
    assert dealt.turn_up == FULL_PACK[-1] and dealt.turn_up in dealt.deal[W]
    assert dealt.next_dealer is N


def test_solo_4_a_cut_keeps_every_card() -> None:
    assert sorted(cut_pack(FULL_PACK, 20)) == sorted(FULL_PACK)


def _contract(game: SoloGame, bidder: Seat, dealer: Seat, turn_up: Card, partner: Seat | None = None,
              named: Suit | None = None) -> SoloContract:
    rule = spec(game).trumps
    trump = turn_up.suit if rule is TrumpRule.TURNED_UP else named if rule is TrumpRule.BIDDER_NAMES else None
    return SoloContract(game, bidder, dealer, turn_up, trump, partner)


def test_solo_19_eldest_leads_except_in_declared_abundance() -> None:
    d = deal_pack(FULL_PACK, N)
    assert first_leader(_contract(SoloGame.SOLO, S, N, d.turn_up)) is E
    assert first_leader(_contract(SoloGame.DECLARED_ABUNDANCE, S, N, d.turn_up)) is S


def test_solo_20_must_follow_suit_cites_the_solo_law() -> None:
    d = deal_pack(FULL_PACK, N)
    play = SoloPlay(d.deal, _contract(SoloGame.MISERE, S, N, d.turn_up))
    lead = sorted(play.legal_cards())[0]
    play.play(lead)
    hand = play.hand(play.to_play)
    off = next((c for c in hand if c.suit is not lead.suit), None)
    # this deal (the unshuffled pack, dealt by North) gives South clubs and other suits: the check always runs
    assert off is not None and hand.length(lead.suit)
    with pytest.raises(IllegalPlayError, match=r"Solo Whist rule 20\b"):
        play.play(off)
    with pytest.raises(IllegalPlayError, match="out of turn"):
        play.play(sorted(play.hand(play.to_play.lho))[0], play.to_play.lho)


def test_solo_21_misere_stops_at_the_bidders_first_trick() -> None:
    # North holds every spade: as misère bidder he must win the first spade trick.
    hands = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    from tutor.engine.cards import Deal
    deal = Deal.from_pbn(hands)
    contract = SoloContract(SoloGame.MISERE, N, W, Card.parse("CA"), None)
    play = SoloPlay(deal, contract)  # eldest is North, who leads a spade and wins it
    play.play(Card.parse("S2"))
    for seat in (E, S, W):
        play.play(sorted(play.hand(seat))[0])
    assert play.is_complete and play.fate is Fate.DEFEATED and len(play.completed_tricks) == 1
    with pytest.raises(IllegalPlayError, match=r"Solo Whist rule 21\b"):
        play.play(Card.parse("S3"))


def _random_contract(rng: random.Random, dealt) -> SoloContract:  # type: ignore[no-untyped-def]
    game = rng.choice(LADDER).game
    bidder = rng.choice(SEATS)
    partner = rng.choice([s for s in SEATS if s is not bidder]) if spec(game).partnership else None
    return _contract(game, bidder, dealt.dealer, dealt.turn_up, partner, rng.choice(list(Suit)))


@pytest.mark.parametrize("block", range(4))
def test_random_solo_deals_play_to_completion_without_breaking_an_invariant(block: int) -> None:
    for seed in range(block * 100, block * 100 + 100):
        rng = random.Random(seed)
        dealt = random_solo_deal(rng, rng.choice(SEATS))
        assert sorted(c for s in SEATS for c in dealt.deal[s]) == sorted(FULL_PACK)
        contract = _random_contract(rng, dealt)
        play = SoloPlay(dealt.deal, contract)
        while not play.is_complete:
            legal = play.legal_cards()
            assert legal and all(play.can_play(c) for c in legal)
            play.play(rng.choice(sorted(legal)))
        played = play.tricks.played_cards()
        assert len(played) == len(set(played)) == 4 * len(play.completed_tricks)
        assert len(play.completed_tricks) <= 13
        result = play.result()
        g = contract.spec
        if g.counts_tricks:  # over- and under-tricks count: all thirteen are played
            assert result.tricks_played == 13
        elif result.tricks_played < 13:  # stopped early: the first trick that went wrong
            assert result.fate is Fate.DEFEATED
            winners = play.tricks.winners()
            wrong = [(w in contract.side) == g.avoid_tricks for w in winners]
            assert wrong[-1] and not any(wrong[:-1])
        settlement = settle_result(result)
        assert sum(settlement.net.values()) == 0
        assert (settlement.net[contract.bidder] > 0) == result.made


# -- the claim solver --------------------------------------------------------------------------------------


def _brute_force_misere(hands: dict[Seat, frozenset[Card]], leader: Seat, bidder: Seat) -> bool:
    """Plain exhaustive search: can the bidder avoid every remaining trick?"""
    from tutor.engine.tricks import trick_winner

    def go(held: dict[Seat, frozenset[Card]], lead: Seat) -> bool:
        if not any(held.values()):
            return True
        order = lead.rotation()
        def trick(i: int, plays: tuple[tuple[Seat, Card], ...]) -> bool:
            if i == 4:
                w = trick_winner(plays, None)
                if w is bidder:
                    return False
                return go({s: held[s] - {c for p, c in plays if p is s} for s in SEATS}, w)
            seat = order[i]
            led = plays[0][1].suit if plays else None
            options = [c for c in held[seat] if c.suit is led] or list(held[seat]) if led else list(held[seat])
            results = (trick(i + 1, (*plays, (seat, c))) for c in options)
            return any(results) if seat is bidder else all(results)
        return trick(0, ())
    return go(hands, leader)


@pytest.mark.parametrize("seed", range(60))
def test_the_misere_claim_solver_agrees_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    cards = rng.sample(FULL_PACK, 12)
    hands = {s: frozenset(cards[i * 3:(i + 1) * 3]) for i, s in enumerate(SEATS)}
    leader = rng.choice([E, S, W])
    expected = _brute_force_misere(hands, leader, N)
    got = bidder_can_guarantee(hands, leader, (), bidder=N, trump=None, bidder_wins=False)
    assert got == expected
    if misere_safe_by_suits(hands, N):  # the quick test is sufficient, never wrong
        assert expected


def test_the_solver_gives_up_within_its_budget() -> None:
    rng = random.Random(6)  # a deal whose misère search needs more than 50 positions
    cards = rng.sample(FULL_PACK, 52)
    hands = {s: frozenset(cards[i * 13:(i + 1) * 13]) for i, s in enumerate(SEATS)}
    full = bidder_can_guarantee(hands, E, (), bidder=N, trump=None, bidder_wins=False)
    assert full is not None  # the default budget settles it...
    assert bidder_can_guarantee(hands, E, (), bidder=N, trump=None, bidder_wins=False, budget=50) is None  # ...50 not
    assert bidder_can_guarantee(hands, E, (), bidder=N, trump=None, bidder_wins=False, budget=0) is None


def test_declared_abundance_with_all_masters_can_be_claimed() -> None:
    hand = Hand(c for c in FULL_PACK if c.rank >= 11)  # 16 honours: take 13 of them
    top = sorted(hand, key=lambda c: -c.rank)[:13]
    rest = [c for c in FULL_PACK if c not in top]
    from tutor.engine.cards import Deal
    deal = Deal({N: Hand(top), E: Hand(rest[0:13]), S: Hand(rest[13:26]), W: Hand(rest[26:39])})
    turn_up = next(iter(deal[W]))
    play = SoloPlay(deal, SoloContract(SoloGame.DECLARED_ABUNDANCE, N, W, turn_up, None))
    assert play.to_play is N
    result = play.claim()
    assert result.made and result.claimed
    assert settle_result(result).net[N] == 18


def test_only_all_or_nothing_games_may_be_claimed() -> None:
    d = deal_pack(FULL_PACK, N)
    play = SoloPlay(d.deal, _contract(SoloGame.SOLO, S, N, d.turn_up))
    with pytest.raises(IllegalPlayError, match="all\\s+thirteen"):
        play.claim()


def test_dealing_is_reproducible_from_the_seed() -> None:
    assert random_solo_deal(random.Random(9)) == random_solo_deal(random.Random(9))
    a, b = (random_solo_deal(random.Random(s)).deal for s in (1, 2))
    assert a != b
    assert list(itertools.islice(deal_order(E), 3)) == [S, S, S]
