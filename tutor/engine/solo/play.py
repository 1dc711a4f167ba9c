"""The play of a Solo Whist contract, on the shared trick machinery (seed ``002``, l.15–19, l.35–59).

* Trumps: the turned-up suit for proposal, solo and abundance in trumps; none for
  misère, open misère and declared abundance; the suit the bidder named for
  abundance (:class:`~tutor.engine.solo.calls.TrumpRule`).
* The eldest hand (dealer's left) leads to the first trick; in declared abundance
  the bidder leads (l.15, l.49).
* Follow suit if you can; otherwise trump or discard as you like (l.17) — the
  rule every trick game of this family shares, kept in :mod:`tutor.engine.tricks`.
* The open-misère bidder lays his hand face up after the first trick (l.45).
* Play stops as soon as the bidder's fate is settled (l.19): a misère at the first
  trick the bidder wins (l.57), a declared abundance at the first trick he loses
  (l.59). Where over- and under-tricks count (proposal, solo, abundance) every trick
  changes the settlement, so all thirteen are played. A misère bidder may also
  **claim** once no defence can make him take a trick (the worked example, l.83);
  the claim is checked by :mod:`tutor.engine.solo.solver`.

>>> from tutor.engine.solo.dealing import deal_pack
>>> from tutor.engine.cards import FULL_PACK
>>> from tutor.engine.solo.calls import SoloGame
>>> d = deal_pack(FULL_PACK, Seat.N)
>>> p = SoloPlay(d.deal, SoloContract(SoloGame.SOLO, Seat.E, Seat.N, d.turn_up, d.turn_up.suit))
>>> p.trump is d.turn_up.suit, p.to_play
(True, <Seat.E: 'E'>)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tutor.engine.cards import SEATS, Card, Deal, Hand, Seat, Suit
from tutor.engine.errors import IllegalPlayError
from tutor.engine.solo import laws
from tutor.engine.solo.calls import GameSpec, SoloContract
from tutor.engine.solo.solver import DEFAULT_BUDGET, bidder_can_guarantee
from tutor.engine.tricks import PlayLaws, PlayRecord, Trick, TrickPlay

#: The Solo Whist laws cited when a play is refused (the trick machinery is Vint's).
SOLO_PLAY_LAWS = PlayLaws(follow_suit=laws.LAW_FOLLOW_SUIT, not_held=laws.LAW_FOLLOW_SUIT,
                          out_of_turn=laws.LAW_PLAY_ENDS, play_over=laws.LAW_PLAY_ENDS)

class Fate(enum.Enum):
    """The bidder's fate so far."""

    UNDECIDED = "undecided"
    MADE = "made"
    DEFEATED = "defeated"


def first_leader(contract: SoloContract) -> Seat:
    """The eldest hand, or the bidder in declared abundance (l.15, l.49)."""
    return contract.bidder if contract.spec.bidder_leads else contract.eldest


def fate_of(spec: GameSpec, side_tricks: int, played: int, tricks_in_deal: int = 13) -> Fate:
    """Made, defeated or still open, from the tricks the bidder's side has taken of those played.

    >>> from tutor.engine.solo.calls import SoloGame, spec
    >>> fate_of(spec(SoloGame.SOLO), 5, 7), fate_of(spec(SoloGame.MISERE), 1, 3)
    (<Fate.MADE: 'made'>, <Fate.DEFEATED: 'defeated'>)
    """
    if spec.avoid_tricks:
        if side_tricks > 0:
            return Fate.DEFEATED
        return Fate.MADE if played >= tricks_in_deal else Fate.UNDECIDED
    if side_tricks >= spec.target:
        return Fate.MADE
    if played - side_tricks > tricks_in_deal - spec.target:
        return Fate.DEFEATED
    return Fate.UNDECIDED


@dataclass(frozen=True)
class SoloResult:
    """How a played contract ended: tricks of the bidder's side, tricks played, fate, claim."""

    contract: SoloContract
    side_tricks: int
    tricks_played: int
    fate: Fate
    claimed: bool = False

    @property
    def made(self) -> bool:
        return self.fate is Fate.MADE


class SoloPlay:
    """The play of one Solo Whist contract; the cards go through :class:`TrickPlay`."""

    def __init__(self, deal: Deal, contract: SoloContract) -> None:
        if contract.turn_up not in deal[contract.dealer]:
            raise IllegalPlayError(f"the turned-up card {contract.turn_up} is not in the dealer's "
                                   f"({contract.dealer.value}) hand", law=laws.LAW_TURN_UP)
        self.contract = contract
        self._claimed = False
        self.tricks = TrickPlay(deal, contract.trump, first_leader(contract), finished_when=self._settled,
                                laws=SOLO_PLAY_LAWS)

    # -- state ------------------------------------------------------------------------

    @property
    def spec(self) -> GameSpec:
        return self.contract.spec

    @property
    def trump(self) -> Suit | None:
        return self.tricks.trump

    @property
    def to_play(self) -> Seat:
        return self.tricks.to_play

    @property
    def is_complete(self) -> bool:
        return self.tricks.is_complete

    @property
    def claimed(self) -> bool:
        return self._claimed

    def hand(self, seat: Seat) -> Hand:
        return self.tricks.hand(seat)

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        return self.tricks.tricks

    @property
    def current_trick(self) -> Trick:
        return self.tricks.current_trick

    @property
    def side_tricks(self) -> int:
        """Tricks taken by the bidder (and his partner in a proposal)."""
        return sum(1 for w in self.tricks.winners() if w in self.contract.side)

    @property
    def fate(self) -> Fate:
        if self._claimed:
            return Fate.MADE
        return fate_of(self.spec, self.side_tricks, len(self.tricks.tricks), self.tricks.tricks_in_deal)

    @property
    def exposed(self) -> Seat | None:
        """The open-misère bidder, whose hand lies face up once the first trick is over (l.45)."""
        if self.spec.exposed_after_first_trick and self.tricks.tricks:
            return self.contract.bidder
        return None

    def _settled(self, play: TrickPlay) -> bool:
        # Over- and under-tricks change the settlement, so those games go to the end.
        if self._claimed:
            return True
        return self.spec.all_or_nothing and self.fate is not Fate.UNDECIDED

    def result(self) -> SoloResult:
        """The outcome once play is over (raises while it is still going on)."""
        if not self.is_complete:
            raise IllegalPlayError(f"the play is not over: {len(self.tricks.tricks)} tricks played and "
                                   f"the bidder's fate is still open", law=laws.LAW_PLAY_ENDS)
        return SoloResult(self.contract, self.side_tricks, len(self.tricks.tricks), self.fate, self._claimed)

    # -- playing cards ------------------------------------------------------------------

    def legal_cards(self) -> frozenset[Card]:
        return self.tricks.legal_cards()

    def verify_play(self, card: Card, seat: Seat | None = None) -> None:
        """Raise an :class:`IllegalPlayError` citing the Solo Whist law the play breaks."""
        if self.is_complete:
            raise IllegalPlayError(f"{card.pretty}: the play is over — the bidder's fate is settled",
                                   law=laws.LAW_PLAY_ENDS)
        if seat is not None and seat is not self.to_play and not self.tricks.log:
            raise IllegalPlayError(f"{seat.value} played {card.pretty} out of turn; the first lead is "
                                   f"{self.to_play.value}'s", law=laws.LAW_FIRST_LEAD)
        self.tricks.verify_play(card, seat)

    def can_play(self, card: Card, seat: Seat | None = None) -> bool:
        try:
            self.verify_play(card, seat)
        except IllegalPlayError:
            return False
        return True

    def play(self, card: Card, seat: Seat | None = None) -> PlayRecord:
        """Play ``card`` for the seat in turn and return its frozen record."""
        self.verify_play(card, seat)
        return self.tricks.play(card)

    # -- claims (all-or-nothing games) -------------------------------------------------------

    def claim_holds(self, budget: int = DEFAULT_BUDGET) -> bool | None:
        """Whether the bidder now makes his all-or-nothing game against any defence (``None``: unknown)."""
        if self.is_complete or not self.spec.all_or_nothing:
            return False
        trick = self.current_trick
        return bidder_can_guarantee(
            {s: self.hand(s).cards for s in SEATS}, trick.leader, trick.plays,
            bidder=self.contract.bidder, trump=self.trump, bidder_wins=not self.spec.avoid_tricks,
            budget=budget)

    def verify_claim(self) -> None:
        if self.is_complete:
            raise IllegalPlayError("nothing to claim: the play is over", law=laws.LAW_PLAY_ENDS)
        if not self.spec.all_or_nothing:
            raise IllegalPlayError(f"in {self.spec.name} every trick counts in the settlement, so all "
                                   f"thirteen are played", law=laws.LAW_PLAY_ENDS)
        if self.current_trick.plays:
            raise IllegalPlayError("a claim is made between tricks", law=laws.LAW_PLAY_ENDS)
        holds = self.claim_holds()
        if not holds:
            why = "the search could not settle it" if holds is None else "the defence can still beat it"
            raise IllegalPlayError(f"{self.contract.bidder.value} cannot claim his {self.spec.name}: {why}",
                                   law=laws.LAW_PLAY_ENDS)

    def can_claim(self) -> bool:
        try:
            self.verify_claim()
        except IllegalPlayError:
            return False
        return True

    def claim(self) -> SoloResult:
        """End the play: the bidder's game is made whatever the defence does."""
        self.verify_claim()
        self._claimed = True
        return self.result()
