"""Auction features for the later rounds of the negotiation (laws 41, 42, 44, 47, 49, 50, ≈57, ≈61, R?b).

The first call is described by :mod:`tutor.engine.bidding`; this module adds what the
conventions of the later rounds ask about the calls so far (:data:`WORDS`, for the
decision kind ``bid``):

* whether partner has bid at all (law 41 holds at the first turn whatever partner did);
* which of this player's named suits his first and last bids were in, and whether
  partner has raised one of them (≈61: "three" in the stronger of two long suits, the
  weaker next, then "four" in the stronger; stop if partner raises the weaker);
* whether partner's last suit may be one he is showing (laws 49, 50: a suit at the one level; read
  so under the book's ``support-raise`` option), whether his law-50 showing of short suits is done,
  and "two" in the best of his suits (law 50);
* the last bid, who made it and whether this hand alone defeats it, and whether
  making it would end the rubber (R?b: leave the opponents in a big game that goes
  down and does not end the rubber).

It knows no convention; ``content/conventions/bidding.yaml`` says what follows from
these facts.

>>> p = BidPosition.parse("S", "AKQJ2.3.AKQJ2.32", "S", ["3D", "P", "P", "P"])
>>> own_trump_is(p, "strongest"), p.resolve_suit("weaker")
(True, <Suit.SPADES: 'S'>)
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine.bidding import KIND, BidPosition
from tutor.engine.calls import Bid, Call, Strain
from tutor.engine.cards import Suit
from tutor.engine.conventions.hand_features import honours, sure_tricks
from tutor.engine.conventions.vocabulary import REQUIRED, Arg, Args, FeatureValue, Word, chooser, feature
from tutor.engine.rules import BOOK_TRICKS

#: Tricks in a deal; a contract of level L needs 6 + L of them (law 31).
TRICKS_IN_A_DEAL = 13


def own_trump_is(p: BidPosition, name: str) -> bool:
    """This player's first suit bid is the suit ``name`` resolves to (``strongest``, ``weaker``…)."""
    suit = p.resolve_suit(name)
    return suit is not None and p.own_trump is Strain.of_suit(suit)


def _bid_in(bid: Bid | None, p: BidPosition, name: str) -> bool:
    suit = p.resolve_suit(name)
    return suit is not None and bid is not None and bid.strain is Strain.of_suit(suit)


def last_bid_level(p: BidPosition) -> int:
    last = p.last_bid
    return last.call.level if last is not None and isinstance(last.call, Bid) else 0


def defeats_last_bid(p: BidPosition) -> bool:
    """This hand's sure tricks alone leave the last bidder short of his contract (law 31)."""
    level = last_bid_level(p)
    if level == 0:
        return False
    can_lose = TRICKS_IN_A_DEAL - (BOOK_TRICKS + level)
    return sure_tricks(p.hand).total > can_lose


def last_bid_ends_rubber(p: BidPosition) -> bool:
    """Making the last bid would give its side the partie that wins the rubber (a second partie)."""
    last = p.last_bid
    if p.score is None or last is None or not isinstance(last.call, Bid):
        return False
    side = last.seat.side
    level = last.call.level
    gain = p.rules.contract_points(level)
    return p.score.parties[side] >= 1 and p.score.below[side] + gain >= p.rules.partie_target


def partner_may_be_showing(p: BidPosition) -> bool:
    """Partner's last bid is a suit at the one level, which may be a short or passing suit he shows (laws 49,
    50) - read so only under the book's ``support-raise`` option (``ask-first``)."""
    last = p.partner_bids[-1] if p.partner_bids else None
    return (p.rules.support_raise == "ask-first" and last is not None and last.level == 1
            and last.strain is not Strain.NO_TRUMPS)


def partner_showed_short_suits(p: BidPosition) -> bool:
    """Law 50's showing is done: partner named two or more suits at the one level, passing after each,
    then "no-trumps" at the one level (RO l.159: "spades - pass, clubs - pass, diamonds - pass, no-trumps")."""
    bids = [r for r in p.partner if isinstance(r.call, Bid)]
    if len(bids) < 3 or bids[-1].call != Bid(1, Strain.NO_TRUMPS):
        return False
    suits = [r for r in bids[:-1]]
    if any(not isinstance(r.call, Bid) or r.call.level != 1 or r.call.strain is Strain.NO_TRUMPS for r in suits):
        return False
    calls = list(p.partner)
    # each suit was reserved: partner's next call after it was a pass
    return all(n + 1 < len(calls) and not isinstance(calls[n + 1].call, Bid)
               for n, r in enumerate(calls) if r in suits)


def _partners_suits(p: BidPosition) -> list[Suit]:
    return [s for b in p.partner_bids if (s := b.strain.trump) is not None]


def support_in_partners_suits(p: BidPosition) -> int:
    """The most cards this hand holds in one of the suits partner has named."""
    return max((p.hand.length(s) for s in _partners_suits(p)), default=0)


def _best_of_partners(p: BidPosition, args: Args) -> Call | None:
    """Law 50: "two" in the suit partner showed that is best for this hand: the most cards, then honours."""
    suits = _partners_suits(p)
    if not suits:
        return None
    best = max(suits, key=lambda s: (p.hand.length(s), honours(p.hand, s), Strain.of_suit(s).rank))
    level = int(args.get("level", 2))
    return p.lowest_bid(Strain.of_suit(best), level, level)


def _word(name: str, description: str, fn: Callable[[BidPosition], FeatureValue]) -> Word:
    return feature(name, description, lambda position, args: fn(position), (KIND,))


def _of_named_suit(name: str, description: str, fn: Callable[[BidPosition, str], bool]) -> Word:
    """A feature of the suit a rule names (``strongest``, ``weaker`` …): it reads the calls made in it."""
    return feature(name, description, lambda position, args: fn(position, str(args.get("suit", ""))), (KIND,),
                   args=(Arg("suit", "suit", REQUIRED),))


# The descriptions are what the learner reads under "What mattered": plain words, no argument names.
WORDS: tuple[Word, ...] = (
    _word("partner_has_bid", "partner has bid", lambda p: bool(p.partner_bids)),
    _of_named_suit(
        "own_trump_is",
        "your first suit is the one the rule speaks of (of two long suits: the stronger)",
        own_trump_is,
    ),
    _of_named_suit(
        "own_last_bid_in",
        "your last bid is in the suit the rule speaks of (of two long suits: the weaker)",
        lambda p, name: _bid_in(p.own_bids[-1] if p.own_bids else None, p, name),
    ),
    _of_named_suit(
        "partner_last_bid_in",
        "partner's last bid is in the suit the rule speaks of (your weaker long suit)",
        lambda p, name: _bid_in(p.partner_bids[-1] if p.partner_bids else None, p, name),
    ),
    _word(
        "partner_raised_above_own",
        "partner bid higher than your last bid",
        lambda p: (
            bool(p.partner_bids) and bool(p.own_bids) and p.partner_bids[-1].level > p.own_bids[-1].level
        ),
    ),
    _word("opponents_bid_last", "the opponents made the last bid", lambda p: p.last_bid_by == "opponent"),
    _word("last_bid_level", "the level of the last bid", last_bid_level),
    _word(
        "defeats_last_bid",
        "your sure tricks alone defeat the last bid (more than the tricks "
        "its bidder may lose: 13 less 6 and the level)",
        defeats_last_bid,
    ),
    _word("score_known", "the score is known", lambda p: p.score is not None),
    _word("partner_may_be_showing",
          "partner's last bid is a suit at the one level: it may be a short or passing suit he shows (laws 49, 50)",
          partner_may_be_showing),
    _word("partner_showed_short_suits",
          "partner showed his short suits - each named and reserved - then said no-trumps (law 50)",
          partner_showed_short_suits),
    _word("support_in_partners_suits", "the most cards you hold in one of partner's suits",
          support_in_partners_suits),
    chooser("best_of_partners_suits",
            "'two' (`level`) in the suit partner named that is best for you: the most cards, then honours (law 50)",
            _best_of_partners, (KIND,), (Arg("level", "int", 2),),
            gives=lambda args: frozenset({("suit", int(str(args.get("level", 2))))})),
    _word(
        "last_bid_ends_rubber",
        "making the last bid would win its side the rubber (a second partie)",
        last_bid_ends_rubber,
    ),
)

__all__ = ["WORDS", "defeats_last_bid", "last_bid_ends_rubber", "last_bid_level", "own_trump_is",
           "partner_may_be_showing", "partner_showed_short_suits", "support_in_partners_suits"]
