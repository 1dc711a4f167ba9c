"""A seat's view of a deal: the public part every player sees, plus that seat's own cards.

Law 79 lists what a player "must remember and follow": who called what, which cards were
played and by whom. A :class:`SeatView` holds exactly that from one seat — the dealer, the
calls, the contract, the cards of the quitted tricks and of the current one, the score
below the line, the rule variants in force — and the seat's own remaining hand. It holds
no other hand: whatever decides from a view cannot peek (``tests/test_robots.py`` re-deals
the unseen cards and checks that no robot decision changes).

A view becomes the position a convention reads: :meth:`SeatView.bid_position` in the
auction, :meth:`SeatView.play_position` in the play. Its JSON (:meth:`SeatView.to_json`) is
the position ``tutor advise`` reads, so a robot's decision is ``tutor advise`` on its view.
The view carries the variants that differ from the book, in the auction too: the bidding
variant of laws 49-50 against ≈57 (``support-raise``) changes a call.

>>> from tutor.engine.cards import Deal
>>> from tutor.engine.record import DealRecord
>>> d = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> r = DealRecord(d, Seat.N)
>>> v = r.view()
>>> v.seat, v.kind.value, len(v.hand)
(<Seat.N: 'N'>, 'bid', 13)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from tutor.engine.bidding import BidPosition, ScoreState
from tutor.engine.calls import Call, Contract
from tutor.engine.cards import Card, Hand, Seat, Side
from tutor.engine.conventions import Rule
from tutor.engine.conventions.kinds import DecisionKind
from tutor.engine.errors import NotationError
from tutor.engine.play.position import PlayPosition
from tutor.engine.rules import Rules


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` sees when it is to call or play: the public part and its own hand."""

    seat: Seat
    hand: Hand
    dealer: Seat
    calls: tuple[Call, ...] = ()
    contract: Contract | None = None
    #: the cards of the quitted tricks, in the order they were played
    played: tuple[Card, ...] = ()
    #: the cards of the trick in progress, from its lead
    trick: tuple[Card, ...] = ()
    score: ScoreState | None = None
    rules: Rules = field(default_factory=Rules)

    @classmethod
    def of(cls, position: BidPosition | PlayPosition) -> SeatView:
        """The view a position was built from (its seat, hand and public part; a play position's deal is
        not part of any view)."""
        if isinstance(position, BidPosition):
            return cls(position.seat, position.hand, position.dealer, position.calls, score=position.score,
                       rules=position.rules)
        below = position.below
        score = ScoreState({s: int(below.get(s, 0)) for s in Side}) if below else None
        return cls(position.seat, position.hand, position.dealer, tuple(r.call for r in position.auction),
                   position.contract, tuple(c for t in position.tricks for c in t.cards()),
                   tuple(c for _, c in position.trick.plays) if position.current is not None else (),
                   score, position.rules)

    @property
    def kind(self) -> DecisionKind:
        """The decision due: a call before the contract, else the card's kind (lead, follow, discard)."""
        if self.contract is None:
            return DecisionKind.BID
        if not self.trick:
            return DecisionKind.LEAD
        if not self.hand.length(self.trick[0].suit):
            return DecisionKind.DISCARD
        return DecisionKind.following(len(self.trick) + 1)

    @property
    def public(self) -> tuple[object, ...]:
        """The public part alone (everything but the hand): equal for every seat at one moment."""
        return (self.dealer, self.calls, self.contract, self.played, self.trick, self.score, self.rules)

    # -- the positions the conventions read -------------------------------------------------------

    def bid_position(self) -> BidPosition:
        """The auction position of this view, under the variants the view carries."""
        return BidPosition(self.seat, self.hand, self.dealer, self.calls, self.score, as_seen(self.rules))

    def play_position(self, conventions: Sequence[Rule] = ()) -> PlayPosition:
        """The play position of this view; ``conventions``: the play rules a prohibition re-asks."""
        if self.contract is None:
            raise NotationError("the auction is not over: a play position needs the contract")
        below = {} if self.score is None else {s: self.score.below[s] for s in Side}
        return PlayPosition.from_cards(
            seat=self.seat, hand=self.hand, dealer=self.dealer, calls=[str(c) for c in self.calls],
            contract=self.contract, played=self.played, trick=self.trick, below=below,
            rules=as_seen(self.rules), conventions=tuple(conventions))

    # -- the edge: tutor advise's JSON ---------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        """The view as a ``tutor advise`` position (``kind``: ``bid``, ``lead`` or ``card``)."""
        view: dict[str, object] = {"seat": self.seat.value, "hand": self.hand.to_pbn(), "dealer": self.dealer.value,
                                "auction": [str(c) for c in self.calls]}
        if self.contract is None:
            view["kind"] = "bid"
            if self.score is not None:
                view["score"] = self.score.to_json()
            return _with_variants(view, self.rules)
        view.update({
            "kind": "card" if self.trick else "lead",
            "contract": str(self.contract.bid), "declarer": self.contract.declarer.value,
            "played": [str(c) for c in self.played], "trick": [str(c) for c in self.trick],
        })
        if self.score is not None:
            view["score"] = {s.value: self.score.below[s] for s in Side}
        return _with_variants(view, self.rules)


def _with_variants(view: dict[str, object], rules: Rules) -> dict[str, object]:
    """``view`` with the variants that differ from the book: a bidding variant (support-raise), the
    play's and the scoring's all shape the advice."""
    variants = variant_choices(rules)
    if variants:
        view["variants"] = variants
    return view


def variant_choices(rules: Rules | None) -> dict[str, str]:
    """The variants in force that differ from the book (play and scoring alike: both shape advice)."""
    if rules is None:
        return {}
    return {name: option for name, option in rules.variant_choices().items() if option != "book"}


@lru_cache(maxsize=64)
def as_seen(rules: Rules) -> Rules:
    """The rules a view's JSON carries, read back: the variants that differ from the book applied to it."""
    return Rules.with_variants(variant_choices(rules))


__all__ = ["SeatView", "as_seen", "variant_choices"]
