"""Suit roles: the suits a play convention names from the player's point of view.

A role (``led``, ``trump``, ``partner``, ``rho``, ``lho_unsupported`` …; see
:mod:`tutor.engine.conventions.play.features` for the list and its laws) names the suits a rule's
``suit`` argument speaks of. :data:`ROLES` is the one table of them, the continuations'
roles (:mod:`tutor.engine.conventions.play.sequences`) included; :func:`first_role_suit` is the
play vocabulary's suit resolver for the hand features of one suit (``length(suit: partner)``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import cast

from tutor.engine.calls import Bid, Strain
from tutor.engine.cards import PBN_SUITS, Card, Hand, Rank, Seat, Suit
from tutor.engine.conventions.play.holdings import matches
from tutor.engine.conventions.play.sequences import ROLES as sequence_roles
from tutor.engine.errors import TutorError
from tutor.engine.play.position import PlayPosition

HCP = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


# -- suits by role ----------------------------------------------------------------------


def named_by(p: PlayPosition, seat: Seat) -> tuple[Suit, ...]:
    return p.named_suits(seat)


def _partner_suit(p: PlayPosition) -> tuple[Suit, ...]:
    """Partner's suit: the first suit he named that is not the opponents' trump (tutor's reading)."""
    for suit in named_by(p, p.partner):
        if suit is not p.trump or p.declaring_side:
            return (suit,)
    return ()


def _named_after_nt(p: PlayPosition, nt_bidder: Seat, responder: Seat, *,
                    skip_trumps: bool = False) -> tuple[Suit, ...]:
    """Suits ``responder`` named after ``nt_bidder``'s first no-trumps bid, in order."""
    nt_bids = [r.index for r in p.auction if r.seat is nt_bidder and isinstance(r.call, Bid)
               and r.call.strain is Strain.NO_TRUMPS]
    if not nt_bids:
        return ()
    out: list[Suit] = []
    for r in p.auction:
        if r.seat is responder and r.index > nt_bids[0] and isinstance(r.call, Bid):
            suit = r.call.strain.trump
            if suit is not None and not (skip_trumps and suit is p.trump) and suit not in out:
                out.append(suit)
    return tuple(out)


def _after_own_nt(p: PlayPosition) -> tuple[Suit, ...]:
    """Suits partner named after this player's first no-trumps bid (he showed their king, law 134)."""
    return _named_after_nt(p, p.seat, p.partner)


def _lho_after_partner_nt(p: PlayPosition) -> tuple[Suit, ...]:
    """Suits the left-hand opponent named after his partner's first no-trumps (law 136).

    Tutor's reading of "showed a king at his partner's no-trumps designation": the
    right-hand opponent bid no-trumps and the left-hand opponent then named a suit
    (trumps excluded) - by the convention of law 134 he shows its king.
    """
    return _named_after_nt(p, p.rho, p.lho, skip_trumps=True)


def _named_by_anyone(p: PlayPosition, suit: Suit) -> bool:
    """Whether any of the four named ``suit`` in the auction (≈88's "a suit nobody announced")."""
    return any(suit in named_by(p, seat) for seat in (p.seat, p.partner, p.lho, p.rho))


def _unsupported(p: PlayPosition, seat: Seat) -> tuple[Suit, ...]:
    return tuple(s for s in named_by(p, seat) if not p.supported(seat, s) and s is not p.trump)


def shown_out(p: PlayPosition, seat: Seat) -> frozenset[Suit]:
    """The suits ``seat`` has shown out of: led, and he played another suit (law 146)."""
    return p.shown_out(seat)


def discard_reading(p: PlayPosition) -> tuple[str, tuple[Suit, ...]]:
    """What partner's discards show (laws 162-163, 165-166; tutor's reading).

    His *open* suits are the side suits he has not shown out of. Two discards or more:
    every open suit touched — he discards "in turn from all", no sure tricks (165, 166);
    exactly one open suit untouched while another was discarded twice — he "does not
    touch" that suit, his sure tricks are there (162, 163). Else they show nothing.
    """
    key = ("discard_reading",)
    if key not in p.memo:
        thrown = p.discards(p.partner)
        reading: tuple[str, tuple[Suit, ...]] = ("", ())
        if len(thrown) >= 2:
            out = shown_out(p, p.partner)
            open_suits = [s for s in PBN_SUITS if s is not p.trump and s not in out]
            counts = {s: sum(1 for c in thrown if c.suit is s) for s in open_suits}
            untouched = [s for s in open_suits if counts[s] == 0]
            if open_suits and not untouched:
                reading = ("none", ())
            elif len(untouched) == 1 and max(counts.values()) >= 2:
                reading = ("sure", (untouched[0],))
        p.memo[key] = reading
    return cast("tuple[str, tuple[Suit, ...]]", p.memo[key])  # stored just above, under this key only


def _rho_discarding(p: PlayPosition) -> tuple[Suit, ...]:
    """The suit the right-hand opponent is discarding: the one he threw most often, if only one (law 166)."""
    thrown = p.discards(p.rho)
    if not thrown:
        return ()
    counts = {s: sum(1 for c in thrown if c.suit is s) for s in PBN_SUITS}
    most = max(counts.values())
    top = [s for s, n in counts.items() if n == most]
    return (top[0],) if len(top) == 1 else ()


_CORONET = frozenset({Rank.ACE, Rank.KING, Rank.QUEEN})


def coronet_run(p: PlayPosition) -> Suit | None:
    """The suit the player is cashing from a coronet (laws 133, ≈109; tutor's reading).

    He held A K Q of it (the cards he still holds plus those he played), every round of
    it so far was his lead and his trick, the last trick was one of them, and he still
    holds a card of it: the run could go on, which is what the two laws speak about.
    """
    if not p.tricks or p.tricks[-1].plays[0][0] is not p.seat:
        return None
    suit = p.tricks[-1].plays[0][1].suit
    rounds = [t for t in p.tricks if t.plays[0][1].suit is suit]
    if any(t.plays[0][0] is not p.seat or t.winner(p.trump) is not p.seat for t in rounds):
        return None
    held = {c.rank for s, c, _ in p.all_plays() if s is p.seat and c.suit is suit} | set(ranks_in(p, suit))
    return suit if held >= _CORONET and p.hand.length(suit) else None


def _coronet_shown_out(p: PlayPosition) -> tuple[Suit, ...]:
    """The coronet suit being cashed, if on its last round one opponent followed and the other
    played another suit (law 133: "one follows, the other discards a different suit")."""
    suit = coronet_run(p)
    if suit is None:
        return ()
    last = dict(p.tricks[-1].plays)
    followers = sum(1 for seat in (p.lho, p.rho) if last[seat].suit is suit)
    return (suit,) if followers == 1 else ()


def _coronet_honour_dropped(p: PlayPosition) -> tuple[Suit, ...]:
    """The coronet suit being cashed, if an opponent played its jack or ten on the player's ace
    or king (≈109, tutor's reading of "a jack or ten to an ace or king": he is about to be void)."""
    suit = coronet_run(p)
    if suit is None:
        return ()
    signals = {Card(suit, Rank.JACK), Card(suit, Rank.TEN)}
    for trick in p.tricks:
        plays = dict(trick.plays)
        led = trick.plays[0][1]
        if led.suit is suit and led.rank in (Rank.ACE, Rank.KING) and {plays[p.lho], plays[p.rho]} & signals:
            return (suit,)
    return ()


#: Roles naming the suit the player is running (laws 133, ≈109): going on with it is the
#: lead their prohibitions speak against, whether or not a holding rule would lead it.
RUN_ROLES = frozenset({"coronet_shown_out", "coronet_honour_dropped", "akx_king_led"})

_ROLES: Mapping[str, Callable[[PlayPosition], tuple[Suit, ...]]] = {
    "led": lambda p: (p.led_suit,) if p.led_suit else (),
    "trump": lambda p: (p.trump,) if p.trump else (),
    "partner": _partner_suit,
    "rho": lambda p: named_by(p, p.rho),
    "lho": lambda p: named_by(p, p.lho),
    "lho_unsupported": lambda p: _unsupported(p, p.lho),
    "rho_unsupported": lambda p: _unsupported(p, p.rho),
    "partner_discarded": lambda p: tuple(dict.fromkeys(c.suit for c in p.discards(p.partner))),
    "partner_sure_shown": lambda p: discard_reading(p)[1],
    "rho_discarding": _rho_discarding,
    "partner_after_nt": _after_own_nt,
    "lho_after_partner_nt": _lho_after_partner_nt,
    "coronet_shown_out": _coronet_shown_out,
    "coronet_honour_dropped": _coronet_honour_dropped,
    "partner_other": lambda p: tuple(s for s in named_by(p, p.partner) if s is not p.trump),
    "any": lambda p: tuple(s for s in PBN_SUITS if s not in p.avoid),
    "unnamed": lambda p: tuple(s for s in PBN_SUITS if s not in p.avoid and not _named_by_anyone(p, s)),
    "side": lambda p: tuple(s for s in PBN_SUITS if s not in p.avoid and s is not p.trump),
    **sequence_roles,
}


def role_suits(p: PlayPosition, role: str) -> tuple[Suit, ...]:
    """The suits a role names for this position (see the module docstring)."""
    key = ("role", role)
    if key not in p.memo:
        if role not in _ROLES:
            raise TutorError(f"unknown suit role {role!r}; known: {', '.join(_ROLES)}")
        p.memo[key] = _ROLES[role](p)
    return cast("tuple[Suit, ...]", p.memo[key])  # this key holds suits only


def ranks_in(p: PlayPosition, suit: Suit) -> tuple[Rank, ...]:
    return _hand_ranks(p.hand, suit)


@lru_cache(maxsize=16384)
def _hand_ranks(hand: Hand, suit: Suit) -> tuple[Rank, ...]:
    return tuple(c.rank for c in hand.suit_cards(suit))


def holding_suits(p: PlayPosition, role: str, pattern: str) -> tuple[Suit, ...]:
    key = ("holding", role, pattern)
    if key not in p.memo:
        p.memo[key] = tuple(s for s in role_suits(p, role) if matches(pattern, ranks_in(p, s), p.rules))
    return cast("tuple[Suit, ...]", p.memo[key])  # this key holds suits only


def high_card_points(p: PlayPosition, suit: Suit) -> int:
    """The player's high-card points in ``suit`` (A 4, K 3, Q 2, J 1): the tutor's measure of a suit's strength."""
    return sum(HCP.get(c.rank, 0) for c in p.hand.suit_cards(suit))


def top_tricks(p: PlayPosition, suit: Suit) -> int:
    """The player's cards of ``suit`` that are the highest still out (tutor's counting in the play)."""
    return p.top_tricks(suit)


def discardable(p: PlayPosition) -> tuple[Suit, ...]:
    return tuple(s for s in PBN_SUITS if s is not p.trump and s is not p.led_suit and p.hand.length(s))


#: Every suit role's name.
ROLES: frozenset[str] = frozenset(_ROLES)


def first_role_suit(position: object, name: str) -> Suit | None:
    """The first suit a role names (the play vocabulary's suit resolver)."""
    assert isinstance(position, PlayPosition)
    suits = role_suits(position, name)
    return suits[0] if suits else None
