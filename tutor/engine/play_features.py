"""The vocabulary of the book's play conventions: situations, features and choosers.

The play conventions of the book — leads (laws 79–87 and the recovered ≈88–101),
second and third hand and trumping (≈101–≈109, 110–137), cutting (138–144), the
void (145–146) and discards (160–166) — are data in
``content/conventions/play.yaml``. This module gives that data its words, registered
with :mod:`tutor.engine.conventions` for the decision kinds ``lead``,
``second-hand``, ``third-hand`` and ``discard``:

* **situations** — ``lead`` (args ``side``: ``defender``/``declarer``),
  ``second_hand``, ``third_hand`` (partner led), ``cannot_follow`` (args
  ``place``: 2, 3 or 4);
* **features** — the contract, who named which suits, partner's discards, the
  card led and who is winning the trick, and ``holding(suit, pattern)``, a named
  holding (:mod:`tutor.engine.play_holdings`) in a suit given by its *role*;
* **choosers** — what to play: a card of a holding, the top of partner's suit, the
  finesse ("cut") card, a small card, a ruff, a discard from the weakest suit …

A suit *role* names a suit from the player's point of view: ``led``, ``trump``,
``partner`` (the first suit partner named), ``rho`` and ``lho`` (all suits named by
the opponent on the right / left), ``lho_unsupported`` and ``rho_unsupported``
(named and not supported by the bidder's partner, no trumps), ``partner_discarded``,
``partner_sure_shown`` (the suit partner's discards show his sure tricks in, law 163),
``rho_discarding`` (the suit the right-hand opponent discards most, law 166),
``partner_after_nt`` (suits partner named after one's own no-trumps: the king he
showed, law 134), ``lho_after_partner_nt`` (suits the left-hand opponent named
after his partner's no-trumps: the king he showed, law 136), ``partner_other`` (the suits
partner named other than the trumps, laws 125, 112, ≈107), ``coronet_shown_out`` and
``coronet_honour_dropped`` (the coronet suit the player is cashing, once an opponent
discarded on it, law 133, or dropped its jack or ten on the ace or king, ≈109), ``any`` (every suit of the hand not ruled out) and ``side`` (the
same without the trump suit).

Every chooser returns a :class:`PlayChoice`: the cards the book allows. Where the
book names a card it is one card; where it names only a suit ("lead that suit",
law 81) or "a small card" (≈101) it is every such card. A choice that spans two
suits means the rule applies twice over and the book does not choose between them.

*Prohibitions* ("never lead the suit named by the opponent on your right", law 80)
use the ``lead_avoiding`` chooser: it asks the lower-priority conventions in force
for their lead; if that lead is in a forbidden suit it asks again with the suit
ruled out, and failing any answer allows every card of the other suits.

*Sure tricks* in a suit, for the discard conventions (160–165), are the tutor's
reading of верные взятки in the play: the player's cards that are the highest cards
of the suit still out, given every card seen so far.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from tutor.engine.calls import Bid, Strain
from tutor.engine.cards import PBN_SUITS, Card, Hand, Rank, Seat, Side, Suit
from tutor.engine.conventions import (
    FeatureValue,
    register_feature,
    register_situation,
)
from tutor.engine.errors import TutorError
from tutor.engine.play_holdings import PATTERNS, is_small, matches
from tutor.engine.play_position import PlayPosition
from tutor.engine.tricks import Trick

PLAY_KINDS = ("lead", "second-hand", "third-hand", "discard")
LEAD_KINDS = ("lead",)
FOLLOW_KINDS = ("second-hand", "third-hand")
_ALL = PLAY_KINDS
HCP = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


@dataclass(frozen=True)
class PlayChoice:
    """The cards a convention allows, with how the book says it ("the ace", "a small card")."""

    cards: frozenset[Card]
    how: str = field(default="", compare=False)
    #: the card law that chose the card within the suit (``play_card_laws``), shown with the card
    note: str = field(default="", compare=False)

    @property
    def card(self) -> Card:
        """The card shown as the book's: the one card, or the lowest of the allowed ones."""
        return min(self.cards, key=lambda c: (c.rank, PBN_SUITS.index(c.suit)))

    @property
    def suits(self) -> frozenset[Suit]:
        return frozenset(c.suit for c in self.cards)

    @property
    def is_single(self) -> bool:
        return len(self.cards) == 1

    def __str__(self) -> str:
        shown = " ".join(c.pretty for c in sorted(self.cards, key=lambda c: (PBN_SUITS.index(c.suit), -c.rank)))
        if not self.is_single:
            shown = f"{self.how}: any of {shown}" if self.how else f"any of {shown}"
        return f"{shown} ({self.note})" if self.note else shown


def make_choice(cards: Iterable[Card], how: str) -> PlayChoice | None:
    chosen = frozenset(cards)
    return PlayChoice(chosen, how) if chosen else None


# -- suits by role ----------------------------------------------------------------------


def _named_by(p: PlayPosition, seat: Seat) -> tuple[Suit, ...]:
    return p.named_suits(seat)


def _partner_suit(p: PlayPosition) -> tuple[Suit, ...]:
    """Partner's suit: the first suit he named that is not the opponents' trump (tutor's reading)."""
    for suit in _named_by(p, p.partner):
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


def _unsupported(p: PlayPosition, seat: Seat) -> tuple[Suit, ...]:
    return tuple(s for s in _named_by(p, seat) if not p.supported(seat, s) and s is not p.trump)


def shown_out(p: PlayPosition, seat: Seat) -> frozenset[Suit]:
    """The suits ``seat`` has shown out of: led, and he played another suit (law 146)."""
    return frozenset(led for s, c, led in p.all_plays() if s is seat and c.suit is not led)


def _discard_reading(p: PlayPosition) -> tuple[str, tuple[Suit, ...]]:
    """What partner's discards show (laws 162-163, 165-166; tutor's reading).

    His *open* suits are the side suits he has not shown out of. Two discards or more:
    every open suit touched — he discards "in turn from all", no sure tricks (165, 166);
    exactly one open suit untouched while another was discarded twice — he "does not
    touch" that suit, his sure tricks are there (162, 163). Anything else shows nothing.
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
    result: tuple[str, tuple[Suit, ...]] = p.memo[key]
    return result


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

_ROLES: dict[str, Callable[[PlayPosition], tuple[Suit, ...]]] = {
    "led": lambda p: (p.led_suit,) if p.led_suit else (),
    "trump": lambda p: (p.trump,) if p.trump else (),
    "partner": _partner_suit,
    "rho": lambda p: _named_by(p, p.rho),
    "lho": lambda p: _named_by(p, p.lho),
    "lho_unsupported": lambda p: _unsupported(p, p.lho),
    "rho_unsupported": lambda p: _unsupported(p, p.rho),
    "partner_discarded": lambda p: tuple(dict.fromkeys(c.suit for c in p.discards(p.partner))),
    "partner_sure_shown": lambda p: _discard_reading(p)[1],
    "rho_discarding": _rho_discarding,
    "partner_after_nt": _after_own_nt,
    "lho_after_partner_nt": _lho_after_partner_nt,
    "coronet_shown_out": _coronet_shown_out,
    "coronet_honour_dropped": _coronet_honour_dropped,
    "partner_other": lambda p: tuple(s for s in _named_by(p, p.partner) if s is not p.trump),
    "any": lambda p: tuple(s for s in PBN_SUITS if s not in p.avoid),
    "side": lambda p: tuple(s for s in PBN_SUITS if s not in p.avoid and s is not p.trump),
}


def register_role(name: str, fn: Callable[[PlayPosition], tuple[Suit, ...]]) -> None:
    """Add a suit role (the continuations of :mod:`tutor.engine.play_sequences` name theirs)."""
    if name in _ROLES and _ROLES[name] is not fn:
        raise TutorError(f"suit role {name!r} is registered twice")
    _ROLES[name] = fn


def role_suits(p: PlayPosition, role: str) -> tuple[Suit, ...]:
    """The suits a role names for this position (see the module docstring)."""
    key = ("role", role)
    if key not in p.memo:
        if role not in _ROLES:
            raise TutorError(f"unknown suit role {role!r}; known: {', '.join(_ROLES)}")
        p.memo[key] = _ROLES[role](p)
    suits: tuple[Suit, ...] = p.memo[key]
    return suits


def ranks_in(p: PlayPosition, suit: Suit) -> tuple[Rank, ...]:
    return _hand_ranks(p.hand, suit)


@lru_cache(maxsize=16384)
def _hand_ranks(hand: Hand, suit: Suit) -> tuple[Rank, ...]:
    return tuple(c.rank for c in hand.suit_cards(suit))


def holding_suits(p: PlayPosition, role: str, pattern: str) -> tuple[Suit, ...]:
    key = ("holding", role, pattern)
    if key not in p.memo:
        p.memo[key] = tuple(s for s in role_suits(p, role) if matches(pattern, ranks_in(p, s), p.rules))
    suits: tuple[Suit, ...] = p.memo[key]
    return suits


def high_card_points(p: PlayPosition, suit: Suit) -> int:
    """The player's high-card points in ``suit`` (A 4, K 3, Q 2, J 1): the tutor's measure of a suit's strength."""
    return sum(HCP.get(c.rank, 0) for c in p.hand.suit_cards(suit))


def sure_tricks(p: PlayPosition, suit: Suit) -> int:
    """The player's cards of ``suit`` that are the highest still out (tutor's counting)."""
    seen = p.seen()
    count = 0
    for rank in sorted(Rank, reverse=True):
        card = Card(suit, rank)
        if card in seen:
            continue
        if card not in p.hand:
            break
        count += 1
    return count


def discardable(p: PlayPosition) -> tuple[Suit, ...]:
    return tuple(s for s in PBN_SUITS if s is not p.trump and s is not p.led_suit and p.hand.length(s))


# -- situations ---------------------------------------------------------------------------


@register_situation("lead", "the player is to lead (args side: defender | declarer | any)", LEAD_KINDS)
def _lead(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    if p.kind != "lead":
        return False
    side = str(args.get("side", "defender"))
    return side == "any" or (side == "declarer") == p.declaring_side


@register_situation("second_hand", "second hand follows suit to an opponent's lead", ("second-hand",))
def _second(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.kind == "second-hand"


@register_situation("third_hand", "third hand follows suit to partner's lead", ("third-hand",))
def _third(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.kind == "third-hand"


@register_situation("cannot_follow", "the player cannot follow suit (args place: 2, 3 or 4)", ("discard",))
def _cannot_follow(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.kind == "discard" and ("place" not in args or int(args["place"]) == p.place)


# -- features ------------------------------------------------------------------------------


def _feature(name: str, description: str, kinds: tuple[str, ...] = _ALL) -> Callable[
        [Callable[[PlayPosition, Mapping[str, Any]], FeatureValue]],
        Callable[[PlayPosition, Mapping[str, Any]], FeatureValue]]:
    def decorate(fn: Callable[[PlayPosition, Mapping[str, Any]], FeatureValue]) -> Callable[
            [PlayPosition, Mapping[str, Any]], FeatureValue]:
        register_feature(name, description, kinds)(fn)
        return fn
    return decorate


def register_feature_fn(name: str, description: str,
                        fn: Callable[[PlayPosition, Mapping[str, Any]], FeatureValue],
                        kinds: tuple[str, ...] = _ALL) -> None:
    """Register a play feature defined in another module (:mod:`tutor.engine.play_sequences`)."""
    _feature(name, description, kinds)(fn)


@_feature("contract_level", "the level of the contract: 1 (simple) to 7 (grand slam)")
def _level(p: PlayPosition, args: Mapping[str, Any]) -> int:
    return p.contract.level


@_feature("no_trumps", "the contract is at no-trumps")
def _nt(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.trump is None


@_feature("declaring_side", "the player is the declarer or his partner")
def _declaring(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.declaring_side


@_feature("is_declarer", "the player is the declarer himself, not his partner (laws 130-132)")
def _is_declarer(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.seat is p.contract.declarer


@_feature("partner_first_bid_level", "the level of partner's first bid, 0 if he bid nothing (law 132)")
def _partner_first_level(p: PlayPosition, args: Mapping[str, Any]) -> int:
    bid = p.first_bid(p.partner)
    return bid.level if bid is not None else 0


@_feature("shortest_side_suit", "the length of the player's shortest suit other than trumps (laws 122-123)")
def _shortest_side(p: PlayPosition, args: Mapping[str, Any]) -> int:
    return min(p.hand.length(s) for s in PBN_SUITS if s is not p.trump)


@_feature("named", "the suit role names a suit (args suit: partner, rho, lho_unsupported …)")
def _named(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return bool(role_suits(p, str(args.get("suit", "partner"))))


@_feature("holding", "the player holds the named pattern in the role suit (args suit, pattern)")
def _holds(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return bool(holding_suits(p, str(args.get("suit", "any")), str(args["pattern"])))


def _seat_arg(p: PlayPosition, args: Mapping[str, Any], default: str) -> Seat:
    """The seat a feature's ``seat`` argument names, from the player's point of view."""
    return {"rho": p.rho, "lho": p.lho, "partner": p.partner}[str(args.get("seat", default))]


@_feature("first_bid_nt", "the seat's first bid was no-trumps, 'at once' (args seat: rho | partner | lho)")
def _first_nt(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    bid = p.first_bid(_seat_arg(p, args, "rho"))
    return bid is not None and bid.strain.trump is None


@_feature("partner_named_three", "partner named three different suits in the auction (law 117)")
def _three(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return len(_named_by(p, p.partner)) >= 3


@_feature("led_unnamed_by_partner", "the suit led is one partner did not name (law 117)", FOLLOW_KINDS)
def _unnamed(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.led_suit is not None and p.led_suit not in _named_by(p, p.partner)


@_feature("led_rank", "the rank of the card led: 2 … 10, J 11, Q 12, K 13, A 14")
def _led_rank(p: PlayPosition, args: Mapping[str, Any]) -> int:
    return int(p.led.rank) if p.led else 0


@_feature("led_small", "the card led is a small card, 2 to 9")
def _led_small(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.led is not None and is_small(p.led.rank)


@_feature("led_is", "the suit led is the role suit (args suit: trump, partner, rho_unsupported …)")
def _led_is(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.led_suit is not None and p.led_suit in role_suits(p, str(args["suit"]))


@_feature("top_beats_led", "the player's highest card of the suit led beats the card led", FOLLOW_KINDS)
def _top_beats(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    if p.led is None or not p.hand.length(p.led.suit):
        return False
    return p.hand.suit_cards(p.led.suit)[0].rank > p.led.rank


@_feature("partner_winning", "partner's card is winning the trick so far")
def _partner_winning(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.winning() is p.partner


@_feature("second_played_small", "second hand followed suit with a small card, 2 to 9 (laws 140, 142, 144: "
          "the king may sit with second hand, who did not put it up)", FOLLOW_KINDS)
def _second_small(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    plays = p.trick.plays
    return len(plays) >= 2 and plays[1][1].suit is plays[0][1].suit and is_small(plays[1][1].rank)


@_feature("lho_shown_out", "the left-hand opponent has shown out of the suit led on an earlier round "
          "(law 114's exception: he has nothing to cover the jack)", FOLLOW_KINDS)
def _lho_shown_out(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.led_suit is not None and p.led_suit in shown_out(p, p.lho)


@_feature("partner_cashing", "partner led a card that is the highest of its suit still out and is "
          "winning the trick: he is cashing the suit (law 145)")
def _partner_cashing(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    """Tutor's reading of law 145's "a suit his partner is cashing" (отхаживает): partner led, and
    every card of the suit above his is already played or in the player's own hand."""
    led = p.led
    if led is None or p.trick.plays[0][0] is not p.partner or p.winning() is not p.partner:
        return False
    seen = p.seen()
    return all(Card(led.suit, r) in seen or Card(led.suit, r) in p.hand for r in Rank if r > led.rank)


def _jack_lost_to_lho(p: PlayPosition, trick: Trick, suit: Suit) -> bool:
    """In ``trick`` the right-hand opponent led a small card of ``suit``, the player put the jack
    and the left-hand opponent won it with the king or queen."""
    leader, lead = trick.plays[0]
    cards = dict(trick.plays)
    honours = (Card(suit, Rank.KING), Card(suit, Rank.QUEEN))
    return (leader is p.rho and lead.suit is suit and is_small(lead.rank)
            and cards.get(p.seat) == Card(suit, Rank.JACK)
            and trick.winner(p.trump) is p.lho and cards.get(p.lho) in honours)


@_feature("jack_cut_lost_to_lho", "earlier the player put the jack second hand on the right-hand opponent's "
          "small card of the suit led, and the left-hand opponent won it with the king or queen (law 141)",
          FOLLOW_KINDS)
def _jack_cut_lost(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    suit = p.led_suit
    return suit is not None and any(t.plays and _jack_lost_to_lho(p, t, suit) for t in p.tricks)


@_feature("lho_showed_both_honours", "the left-hand opponent has shown both the king and the queen of the "
          "suit led: he named the suit in the auction, or has played both (law 141's exception)", FOLLOW_KINDS)
def _lho_showed_both(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    """Tutor's reading of law 141's exception, "the left-hand opponent showed both pieces, as a
    separate sure trick or as a suit": shown as a suit - he named it in the auction; shown as
    tricks - both the king and the queen have come from his hand."""
    suit = p.led_suit
    if suit is None:
        return False
    if suit in _named_by(p, p.lho):
        return True
    played = {c for s, c, _ in p.all_plays() if s is p.lho}
    return {Card(suit, Rank.KING), Card(suit, Rank.QUEEN)} <= played


@_feature("second_played_ace", "the second player put the ace of the suit led (law 116)")
def _second_ace(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    plays = p.trick.plays
    return len(plays) >= 2 and plays[1][1] == Card(plays[0][1].suit, Rank.ACE)


@_feature("trick_ruffed", "someone has ruffed the current trick")
def _ruffed(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    led = p.led_suit
    return p.trump is not None and any(c.suit is p.trump and c.suit is not led for _, c in p.trick.plays)


@_feature("first_round", "the suit led is being played for the first time (law 111)")
def _first_round(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.led_suit is not None and p.times_led(p.led_suit) == 0


@_feature("trumps_held", "how many trumps the player holds")
def _trumps(p: PlayPosition, args: Mapping[str, Any]) -> int:
    return p.hand.length(p.trump) if p.trump else 0


@_feature("trump_supported", "the contract's suit was bid by both declarers (laws 129, 143-144)")
def _supported(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.trump_supported


@_feature("discards_made", "how many cards the player has discarded so far (law 161)", ("discard",))
def _discards_made(p: PlayPosition, args: Mapping[str, Any]) -> int:
    return len(p.discards(p.seat))


@_feature("sure_suits", "side suits in which the player holds sure tricks (laws 162-165)", ("discard",))
def _sure_suits(p: PlayPosition, args: Mapping[str, Any]) -> int:
    return sum(1 for s in discardable(p) if sure_tricks(p, s))


@_feature("partner_discarded", "partner has discarded at least once (laws 83, 146)", LEAD_KINDS)
def _partner_discarded(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return bool(p.discards(p.partner))


@_feature("partner_showed_sure_suit", "partner's discards show the one suit of his sure tricks (laws 162-163)",
          LEAD_KINDS)
def _partner_showed_sure(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return _discard_reading(p)[0] == "sure"


@_feature("partner_showed_no_sure_tricks", "partner's discards show no sure tricks in any suit (laws 165-166)",
          LEAD_KINDS)
def _partner_showed_none(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return _discard_reading(p)[0] == "none"


@_feature("scores_equal", "both sides stand equal below the line in this partie (law 85)", LEAD_KINDS)
def _scores_equal(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    return p.below.get(Side.NS, 0) == p.below.get(Side.EW, 0)


@_feature("opponents_tricks_to_partie",
          "tricks the opponents still need to reach the partie at this contract's trick value (law 85)", LEAD_KINDS)
def _to_partie(p: PlayPosition, args: Mapping[str, Any]) -> int:
    them = p.seat.side.other
    missing = p.rules.partie_target - p.below.get(them, 0)
    value = p.rules.trick_value * p.contract.level
    return max(0, -(-missing // value))


@_feature("trump_rounds", "completed tricks in which trumps were led (law 129)", LEAD_KINDS)
def _trump_rounds(p: PlayPosition, args: Mapping[str, Any]) -> int:
    return p.times_led(p.trump) if p.trump else 0


@_feature("opponents_followed_trumps", "both opponents followed to every round of trumps (law 129)", LEAD_KINDS)
def _followed(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    if p.trump is None:
        return False
    rounds = p.times_led(p.trump)
    return rounds > 0 and all(p.followed(s, p.trump) >= rounds for s in (p.lho, p.rho))


@_feature("opponents_led_unannounced_strong",
          "the declaring side's first lead, after the opponents opened an honour of a suit they never named (law 120)",
          LEAD_KINDS)
def _unannounced_strong(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    """Tutor's reading of law 120's "led from a strong suit of theirs they had not announced".

    The opening lead was an ace, king or queen (by the book's leads, 86-≈90, an honour is led
    from a strong holding) of a side suit neither opponent named, and every trick so far was
    led by an opponent: the declaring side is on lead for the first time ("as soon as").
    """
    if not p.declaring_side or not p.tricks or not p.tricks[0].plays:
        return False
    if any(t.plays and t.plays[0][0] not in (p.lho, p.rho) for t in p.tricks):
        return False
    card = p.tricks[0].plays[0][1]
    named = set(_named_by(p, p.lho)) | set(_named_by(p, p.rho))
    return card.suit is not p.trump and card.suit not in named and card.rank >= Rank.QUEEN


@_feature("supporter_ruffed_twice", "the supporting player has ruffed twice a suit led three times (law 121)",
          LEAD_KINDS)
def _supporter_ruffed_twice(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    """Tutor's reading of law 121: the player is the declarer's partner and bid the trump suit
    too (he supported it); a side suit has been led exactly three times, he ruffed it on two
    of them, and the last trick was the third of them ("then": he leads next)."""
    if p.trump is None or not p.declaring_side or p.seat is p.contract.declarer or not p.trump_supported:
        return False
    if p.trump not in p.named_suits(p.seat) or not p.tricks or not p.tricks[-1].plays:
        return False
    suit = p.tricks[-1].plays[0][1].suit
    if suit is p.trump or p.times_led(suit) != 3:
        return False
    ruffs = sum(1 for s, c, led in p.all_plays() if s is p.seat and led is suit and c.suit is p.trump)
    return ruffs >= 2


@_feature("tricks_played", "completed tricks so far: 0 at the opening lead (law 119)")
def _tricks_played(p: PlayPosition, args: Mapping[str, Any]) -> int:
    return len(p.tricks)


@_feature("suits_named", "how many different suits the seat named (args seat: partner | lho | rho; law 125)")
def _suits_named(p: PlayPosition, args: Mapping[str, Any]) -> int:
    return len(_named_by(p, _seat_arg(p, args, "partner")))


@_feature("opponents_two_suits_one_supported",
          "an opponent named two suits and his partner bid only one of them, the trumps (law 135)", LEAD_KINDS)
def _two_suits_one_supported(p: PlayPosition, args: Mapping[str, Any]) -> bool:
    """Tutor's reading of law 135's "an opponent named two suits and his partner clearly supported
    only one of them": one opponent named exactly two suits, one of them the contract's trumps,
    and his partner bid the trumps and not the other suit - "their trumps" are the contract's."""
    if p.trump is None:
        return False
    for bidder in (p.lho, p.rho):
        suits = _named_by(p, bidder)
        if len(suits) != 2 or p.trump not in suits:
            continue
        other = suits[0] if suits[1] is p.trump else suits[1]
        support = _named_by(p, bidder.partner)
        if p.trump in support and other not in support:
            return True
    return False


def vocabulary_names() -> dict[str, tuple[str, ...]]:
    """The names this module registers, for documentation and content checks."""
    return {"patterns": tuple(PATTERNS), "roles": tuple(_ROLES)}


# The choosers live in their own module; importing the vocabulary imports them too.
import tutor.engine.play_choosers as _choosers  # noqa: E402,F401  (registers the choosers)
import tutor.engine.play_sequences as _sequences  # noqa: E402,F401  (the continuations' roles and features)
