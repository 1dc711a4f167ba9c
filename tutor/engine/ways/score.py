"""Scoring one deal of each way, through the four-handed engine where the hands allow it.

* **Ways with dummies** (laws two-1, two-3, two-4, three-1, three-2): a player and his dummy
  are a side; "the records and calculations are the usual ones" (RO l.455, 495, 515), so
  :func:`~tutor.engine.scoring.score_deal` scores the four hands as played. The buy-in
  way raises the partie target to 600 (RO l.513): :func:`way_rules`.
* **Ways without dummies** (laws two-2, two-5): only two hands hold cards, so the honours
  rule is the way's own (RO l.473): the player holding more trump honours (aces at
  no-trumps) writes them when he holds three or more, or two against the other's one or
  none. Tricks, penalties, slams and coronets are the book's (scoring 1-22, RO l.479-481),
  with the figures of :class:`~tutor.engine.rules.Rules` — :func:`duel_score`. A revoke
  costs three tricks, or the penalty by the size of the game for each the revoker lacks
  (RO l.483, read as the four-handed laws 148-149).

>>> from tutor.engine.cards import Hand
>>> honours_written(2, 1), honours_written(2, 2), honours_written(3, 2), honours_written(1, 0)
(2, 0, 3, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from tutor.engine.calls import Contract, Strain
from tutor.engine.cards import HONOUR_RANKS, Card, Deal, Hand, Rank, Seat, Side, Suit
from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.engine.rules import Rules
from tutor.engine.scoring import score_deal
from tutor.engine.scoring.items import DealScore, ScoreItem
from tutor.engine.ways.catalogue import Way

TWO_HONOURS = 2
MIN_CORONET = 3
SMALL_SLAM, GRAND_SLAM = 12, 13
DUEL_LAWS = ("two-2", "scoring-12")


def way_rules(way: Way, rules: Rules | None = None) -> Rules:
    """The book's rules with the way's partie target (600 in the buy-in way, RO l.513)."""
    base = rules or Rules()
    return base if base.partie_target == way.partie_target else replace(base, partie_target=way.partie_target)


def honours_written(mine: int, theirs: int) -> int:
    """How many honours a player writes (law two-2): three or more when he holds more, two only
    against one or none."""
    if mine <= theirs or mine < TWO_HONOURS:
        return 0
    return mine if mine > TWO_HONOURS or theirs <= 1 else 0


def four_hand_score(way: Way, hands: Mapping[Seat, Hand], contract: Contract | None, declarer_tricks: int,
                    rules: Rules | None = None) -> DealScore:
    """A way with dummies: the four hands as the play began, scored as the four-handed game."""
    if contract is None:
        if way.name == "auction":
            return DealScore((), notes=("Nobody bid: the deal is thrown in and nothing is written "
                                        "(the tutor's reading; the book names no X for three players).",))
        return DealScore((), x_mark=True, notes=("Nobody bid: an X is written, as in the four-handed game "
                                                 "(scoring 8).",))
    return score_deal(Deal(hands), contract, declarer_tricks, way_rules(way, rules))


def duel_score(hands: Mapping[Seat, Hand], contract: Contract, taken: Mapping[Seat, int],
               rules: Rules | None = None, revoke: Seat | None = None) -> DealScore:
    """A way without dummies: ``hands`` are the two players' hands as the play began, ``taken``
    the tricks each took (13 in all); ``revoke`` the player who revoked (RO l.483)."""
    rules = rules or Rules()
    revoke_items: list[ScoreItem] = []
    if revoke is not None:
        taken, revoke_items = _duel_revoke(dict(taken), revoke, contract.level, rules)
    seats = tuple(hands)
    declarer = contract.declarer
    if len(seats) != 2 or declarer not in hands or set(taken) != set(seats) \
            or sum(taken.values()) != 13:  # noqa: PLR2004 - two hands, thirteen tricks
        raise TutorError("a two-handed deal: two hands, the declarer one of them, 13 tricks between them")
    other = seats[1] if declarer is seats[0] else seats[0]
    level, items = contract.level, []
    for seat in seats:
        if taken[seat]:
            rate = rules.trick_value * level
            items.append(ScoreItem(seat.side, "below", "tricks", taken[seat] * rate, ("scoring-1", "scoring-5"),
                                   f"{seat.value} took {count_of(taken[seat], 'trick')} x {rate}"))
    short = contract.tricks_needed - taken[declarer]
    if short > 0:
        rate = rules.penalty_value * level
        items.append(ScoreItem(other.side, "above", "penalty", short * rate, ("scoring-20", "scoring-21"),
                               f"{declarer.value} fell {short} short of {contract.tricks_needed}: {short} x {rate}"))
    items += revoke_items
    items += _slams(contract, taken, rules, other)
    items += _duel_honours(hands, contract, taken, rules)
    items += _duel_coronets(hands, contract.strain, rules)
    tricks = {Side.NS: 0, Side.EW: 0}
    for seat in seats:
        tricks[seat.side] += taken[seat]
    return DealScore(tuple(items), tricks=tricks, contract=contract,
                     readings=("two-handed honours (law two-2)",))


def _duel_revoke(taken: dict[Seat, int], revoker: Seat, level: int,
                 rules: Rules) -> tuple[dict[Seat, int], list[ScoreItem]]:
    """RO l.483: "unauthorized revokes are punished either by three tricks or by a penalty according to
    the size of the game" — read as the four-handed law 148-149: three of the revoker's tricks pass to
    the other player, and each he lacks is charged at the penalty rate of the contract's level."""
    if revoker not in taken:
        raise TutorError(f"revoke: {revoker.value} is not one of the two players")
    other = next(s for s in taken if s is not revoker)
    moved = min(rules.revoke_tricks, taken[revoker])
    taken[revoker] -= moved
    taken[other] += moved
    short = rules.revoke_tricks - moved
    items = []
    if short:
        rate = rules.penalty_value * level
        items.append(ScoreItem(other.side, "above", "revoke_penalty", short * rate, ("two-2", "law-149"),
                               f"{revoker.value} revoked holding only {count_of(moved, 'trick')}: {short} missing x {rate}"))
    return taken, items


def _slams(contract: Contract, taken: Mapping[Seat, int], rules: Rules, other: Seat) -> list[ScoreItem]:
    items = []
    for seat, count in taken.items():
        if count >= SMALL_SLAM:
            grand = count == GRAND_SLAM
            items.append(ScoreItem(seat.side, "above", "slam_made", rules.slam_made_bonus[grand], ("scoring-19",),
                                   f"{seat.value} took {count} tricks: {'grand' if grand else 'small'} slam made"))
    if contract.level >= SMALL_SLAM - 6:
        grand = contract.level == GRAND_SLAM - 6
        bonus = rules.slam_declared_bonus[grand]
        made = taken[contract.declarer] >= contract.tricks_needed
        writer = contract.declarer if made else other
        items.append(ScoreItem(writer.side, "above", "slam_declared", bonus, ("scoring-19", "scoring-22"),
                               f"declared {'grand' if grand else 'small'} slam {'made' if made else 'failed'}"))
    return items


def _count(hand: Hand, strain: Strain) -> int:
    trump = strain.trump
    if trump is None:
        return sum(1 for c in hand if c.rank is Rank.ACE)
    return sum(1 for c in hand.suit_cards(trump) if c.rank in HONOUR_RANKS)


def _duel_honours(hands: Mapping[Seat, Hand], contract: Contract, taken: Mapping[Seat, int],
                  rules: Rules) -> list[ScoreItem]:
    a, b = tuple(hands)
    counts = {a: _count(hands[a], contract.strain), b: _count(hands[b], contract.strain)}
    for seat, rival in ((a, b), (b, a)):
        written = honours_written(counts[seat], counts[rival])
        if written:
            nt = contract.strain is Strain.NO_TRUMPS
            rate = rules.nt_ace_values[contract.level - 1] if nt else rules.honour_value * contract.level
            what = "aces" if nt else "trump honours"
            return [ScoreItem(seat.side, "above", "aces" if nt else "honours", written * rate, DUEL_LAWS,
                              f"{seat.value} holds {counts[seat]} {what} against {counts[rival]}: "
                              f"{written} x {rate}")]
    return []


def _duel_coronets(hands: Mapping[Seat, Hand], strain: Strain, rules: Rules) -> list[ScoreItem]:
    items = []
    for seat, hand in hands.items():
        for suit in Suit:
            run = _run_from_ace(hand, suit)
            if run >= MIN_CORONET:
                trump = strain is Strain.NO_TRUMPS or strain.trump is suit
                table = rules.coronet_trump if trump else rules.coronet_plain
                items.append(ScoreItem(seat.side, "above", "coronet", table[run - MIN_CORONET],
                                       ("scoring-18", "two-2"), f"{seat.value}: coronet of {run} in {suit.english}"))
        aces = sum(1 for c in hand if c.rank is Rank.ACE)
        if aces >= MIN_CORONET:
            table = rules.aces_coronet_nt if strain is Strain.NO_TRUMPS else rules.aces_coronet_plain
            items.append(ScoreItem(seat.side, "above", "coronet", table[aces - MIN_CORONET],
                                   ("scoring-18", "two-2"), f"{seat.value}: {aces} aces in one hand"))
    return items


def _run_from_ace(hand: Hand, suit: Suit) -> int:
    held = {c.rank for c in hand.suit_cards(suit)}
    run = 0
    for rank in sorted(Rank, reverse=True):
        if rank not in held:
            break
        run += 1
    return run


def player_sides(way: Way, seat_of: Mapping[str, Seat]) -> dict[str, Side]:
    """The side whose entries each player writes (three-handed defenders both write theirs)."""
    return {player: seat.side for player, seat in seat_of.items()}


def player_records(way: Way, seat_of: Mapping[str, Seat], score: DealScore) -> dict[str, dict[str, int]]:
    """Each player's entries of one deal: ``{"A": {"below": .., "above": ..}, ...}``.

    Two players: his side's. Three players, the auction way: the declarer writes his side's,
    each defender the defenders' in full (RO l.537). The first way: by sides, the partners'
    entries shown under each partner (they settle as a side, law three-1).
    """
    return {player: {"below": score.below(side), "above": score.above(side)}
            for player, side in player_sides(way, seat_of).items()}


def cards_of(hand: Hand) -> tuple[Card, ...]:
    return tuple(sorted(hand, reverse=True))
