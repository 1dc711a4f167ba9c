"""The vocabulary of the book's play conventions: situations, features and choosers.

The play conventions of the book — leads (laws 79–87 and the recovered ≈88–101),
second and third hand and trumping (≈101–≈109, 110–137), cutting (138–144), the
void (145–146) and discards (160–166) — are data in
``content/conventions/play.yaml``. This module gives that data its words (:data:`WORDS`, with the choosers of
:mod:`tutor.engine.conventions.play.choosers`; the suit roles live in :mod:`tutor.engine.conventions.play.roles`),
for the decision kinds ``lead``, ``second-hand``, ``third-hand`` and ``discard``:

* **situations** — ``lead`` (args ``side``: ``defender``/``declarer``),
  ``second_hand``, ``third_hand`` (partner led), ``cannot_follow`` (args
  ``place``: 2, 3 or 4);
* **features** — the contract, who named which suits, the card led and who is
  winning the trick, and ``holding(suit, pattern)``, a named holding
  (:mod:`tutor.engine.conventions.play.holdings`) in a suit given by its *role*; the
  features read from the earlier tricks (partner's discards, trump rounds, a suit
  partner is cashing …) are :mod:`tutor.engine.conventions.play.history`'s;
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

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import cast

from tutor.engine.cards import PBN_SUITS, Card, Rank, RelativeSeat, Seat, Side, Suit
from tutor.engine.conventions.kinds import FOLLOW_KINDS, LEAD_KINDS, PLAY_KINDS
from tutor.engine.conventions.play.holdings import is_small
from tutor.engine.conventions.play.roles import (
    HCP,
    RUN_ROLES,
    coronet_run,
    discardable,
    high_card_points,
    holding_suits,
    named_by,
    ranks_in,
    role_suits,
    shown_out,
    top_tricks,
)
from tutor.engine.conventions.vocabulary import REQUIRED, Arg, Args, Word, feature, situation
from tutor.engine.play.position import PlayPosition

_ALL = PLAY_KINDS


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


# -- situations ---------------------------------------------------------------------------


def _lead(p: PlayPosition, args: Args) -> bool:
    if p.kind != "lead":
        return False
    side = str(args.get("side", "defender"))
    return side == "any" or (side == "declarer") == p.declaring_side


def _second(p: PlayPosition, args: Args) -> bool:
    return p.kind == "second-hand"


def _third(p: PlayPosition, args: Args) -> bool:
    return p.kind == "third-hand"


def _cannot_follow(p: PlayPosition, args: Args) -> bool:
    return p.kind == "discard" and ("place" not in args or int(args["place"]) == p.place)


# -- features ------------------------------------------------------------------------------


def _level(p: PlayPosition, args: Args) -> int:
    return p.contract.level


def _nt(p: PlayPosition, args: Args) -> bool:
    return p.trump is None


def _declaring(p: PlayPosition, args: Args) -> bool:
    return p.declaring_side


def _is_declarer(p: PlayPosition, args: Args) -> bool:
    return p.seat is p.contract.declarer


def _partner_first_level(p: PlayPosition, args: Args) -> int:
    bid = p.first_bid(p.partner)
    return bid.level if bid is not None else 0


def _shortest_side(p: PlayPosition, args: Args) -> int:
    return min(p.hand.length(s) for s in PBN_SUITS if s is not p.trump)


def _named(p: PlayPosition, args: Args) -> bool:
    return bool(role_suits(p, str(args.get("suit", "partner"))))


def _holds(p: PlayPosition, args: Args) -> bool:
    return bool(holding_suits(p, str(args.get("suit", "any")), str(args["pattern"])))


def _seat_arg(p: PlayPosition, args: Args, default: str) -> Seat:
    """The seat a feature's ``seat`` argument names, from the player's point of view."""
    name = str(args.get("seat", default))
    assert name in ("rho", "lho", "partner"), name  # the argument's choices, checked at load
    return p.seat.relative(cast(RelativeSeat, name))


def _first_nt(p: PlayPosition, args: Args) -> bool:
    bid = p.first_bid(_seat_arg(p, args, "rho"))
    return bid is not None and bid.strain.trump is None


def _three(p: PlayPosition, args: Args) -> bool:
    return len(named_by(p, p.partner)) >= 3


def _unnamed(p: PlayPosition, args: Args) -> bool:
    return p.led_suit is not None and p.led_suit not in named_by(p, p.partner)


def _led_rank(p: PlayPosition, args: Args) -> int:
    return int(p.led.rank) if p.led else 0


def _led_small(p: PlayPosition, args: Args) -> bool:
    return p.led is not None and is_small(p.led.rank)


def _led_is(p: PlayPosition, args: Args) -> bool:
    return p.led_suit is not None and p.led_suit in role_suits(p, str(args["suit"]))


def _top_beats(p: PlayPosition, args: Args) -> bool:
    if p.led is None or not p.hand.length(p.led.suit):
        return False
    return p.hand.suit_cards(p.led.suit)[0].rank > p.led.rank


def _partner_winning(p: PlayPosition, args: Args) -> bool:
    return p.winning() is p.partner


def _second_small(p: PlayPosition, args: Args) -> bool:
    plays = p.trick.plays
    return len(plays) >= 2 and plays[1][1].suit is plays[0][1].suit and is_small(plays[1][1].rank)


def _second_ace(p: PlayPosition, args: Args) -> bool:
    plays = p.trick.plays
    return len(plays) >= 2 and plays[1][1] == Card(plays[0][1].suit, Rank.ACE)


def _ruffed(p: PlayPosition, args: Args) -> bool:
    led = p.led_suit
    return p.trump is not None and any(c.suit is p.trump and c.suit is not led for _, c in p.trick.plays)


def _trumps(p: PlayPosition, args: Args) -> int:
    return p.hand.length(p.trump) if p.trump else 0


def _supported(p: PlayPosition, args: Args) -> bool:
    return p.trump_supported


def _sure_suits(p: PlayPosition, args: Args) -> int:
    return sum(1 for s in discardable(p) if p.top_tricks(s))


def _scores_equal(p: PlayPosition, args: Args) -> bool:
    return p.below.get(Side.NS, 0) == p.below.get(Side.EW, 0)


def _to_partie(p: PlayPosition, args: Args) -> int:
    them = p.seat.side.other
    missing = p.rules.partie_target - p.below.get(them, 0)
    value = p.rules.trick_points(p.contract.level)
    return max(0, -(-missing // value))


def _suits_named(p: PlayPosition, args: Args) -> int:
    return len(named_by(p, _seat_arg(p, args, "partner")))


def _two_suits_one_supported(p: PlayPosition, args: Args) -> bool:
    """Tutor's reading of law 135's "an opponent named two suits and his partner clearly supported
    only one of them": one opponent named exactly two suits, one of them the contract's trumps,
    and his partner bid the trumps and not the other suit - "their trumps" are the contract's."""
    if p.trump is None:
        return False
    for bidder in (p.lho, p.rho):
        suits = named_by(p, bidder)
        if len(suits) != 2 or p.trump not in suits:
            continue
        other = suits[0] if suits[1] is p.trump else suits[1]
        support = named_by(p, bidder.partner)
        if p.trump in support and other not in support:
            return True
    return False


_SEAT_ARG = partial(Arg, "seat", "choice", choices=("rho", "lho", "partner"))

#: The play words: situations and features (the choosers are :data:`tutor.engine.conventions.play.choosers.WORDS`).
WORDS: tuple[Word, ...] = (
    situation(
        "lead",
        "the player is to lead (args side: defender | declarer | any)",
        _lead,
        LEAD_KINDS,
        (Arg("side", "choice", "defender", ("defender", "declarer", "any")),),
    ),
    situation("second_hand", "second hand follows suit to an opponent's lead", _second, ("second-hand",)),
    situation("third_hand", "third hand follows suit to partner's lead", _third, ("third-hand",)),
    situation(
        "cannot_follow",
        "the player cannot follow suit (args place: 2, 3 or 4)",
        _cannot_follow,
        ("discard",),
        (Arg("place", "int", 0),),
    ),
    feature("contract_level", "the level of the contract: 1 (simple) to 7 (grand slam)", _level, _ALL),
    feature("no_trumps", "the contract is at no-trumps", _nt, _ALL),
    feature("declaring_side", "the player is the declarer or his partner", _declaring, _ALL),
    feature(
        "is_declarer",
        "the player is the declarer himself, not his partner (laws 130-132)",
        _is_declarer,
        _ALL,
    ),
    feature(
        "partner_first_bid_level",
        "the level of partner's first bid, 0 if he bid nothing (law 132)",
        _partner_first_level,
        _ALL,
    ),
    feature(
        "shortest_side_suit",
        "the length of the player's shortest suit other than trumps (laws 122-123)",
        _shortest_side,
        _ALL,
    ),
    feature(
        "named",
        "the suit role names a suit (args suit: partner, rho, lho_unsupported …)",
        _named,
        _ALL,
        args=(Arg("suit", "suit", "partner"),),
    ),
    feature(
        "holding",
        "the player holds the named pattern in the role suit (args suit, pattern)",
        _holds,
        _ALL,
        args=(Arg("suit", "suit", "any"), Arg("pattern", "pattern", REQUIRED)),
    ),
    feature(
        "first_bid_nt",
        "the seat's first bid was no-trumps, 'at once' (args seat: rho | partner | lho)",
        _first_nt,
        _ALL,
        args=(_SEAT_ARG("rho"),),
    ),
    feature(
        "partner_named_three", "partner named three different suits in the auction (law 117)", _three, _ALL
    ),
    feature(
        "led_unnamed_by_partner", "the suit led is one partner did not name (law 117)", _unnamed, FOLLOW_KINDS
    ),
    feature("led_rank", "the rank of the card led: 2 … 10, J 11, Q 12, K 13, A 14", _led_rank, _ALL),
    feature("led_small", "the card led is a small card, 2 to 9", _led_small, _ALL),
    feature(
        "led_is",
        "the suit led is the role suit (args suit: trump, partner, rho_unsupported …)",
        _led_is,
        _ALL,
        args=(Arg("suit", "suit", REQUIRED),),
    ),
    feature(
        "top_beats_led",
        "the player's highest card of the suit led beats the card led",
        _top_beats,
        FOLLOW_KINDS,
    ),
    feature("partner_winning", "partner's card is winning the trick so far", _partner_winning, _ALL),
    feature(
        "second_played_small",
        "second hand followed suit with a small card, 2 to 9 (laws 140, 142, 144: the king may sit with second hand, who did not put it up)",
        _second_small,
        FOLLOW_KINDS,
    ),
    feature(
        "second_played_ace", "the second player put the ace of the suit led (law 116)", _second_ace, _ALL
    ),
    feature("trick_ruffed", "someone has ruffed the current trick", _ruffed, _ALL),
    feature("trumps_held", "how many trumps the player holds", _trumps, _ALL),
    feature(
        "trump_supported",
        "the contract's suit was bid by both declarers (laws 129, 143-144)",
        _supported,
        _ALL,
    ),
    feature(
        "sure_suits",
        "side suits in which the player holds sure tricks (laws 162-165)",
        _sure_suits,
        ("discard",),
    ),
    feature(
        "scores_equal",
        "both sides stand equal below the line in this partie (law 85)",
        _scores_equal,
        LEAD_KINDS,
    ),
    feature(
        "opponents_tricks_to_partie",
        "tricks the opponents still need to reach the partie at this contract's trick value (law 85)",
        _to_partie,
        LEAD_KINDS,
    ),
    feature(
        "suits_named",
        "how many different suits the seat named (args seat: partner | lho | rho; law 125)",
        _suits_named,
        _ALL,
        args=(_SEAT_ARG("partner"),),
    ),
    feature(
        "opponents_two_suits_one_supported",
        "an opponent named two suits and his partner bid only one of them, the trumps (law 135)",
        _two_suits_one_supported,
        LEAD_KINDS,
    ),
)


__all__ = [
    "FOLLOW_KINDS", "HCP", "LEAD_KINDS", "PLAY_KINDS", "RUN_ROLES", "WORDS", "PlayChoice", "coronet_run",
    "discardable", "high_card_points", "holding_suits", "make_choice", "ranks_in", "role_suits", "shown_out",
    "top_tricks",
]
