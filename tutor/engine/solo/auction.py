"""The Solo Whist auction as a state machine (seed ``002``, l.21–53).

* The eldest hand — the player on the dealer's left — calls first, then each
  player clockwise (l.21). Every bid must be higher on the ladder of
  :mod:`tutor.engine.solo.calls` than the one before (l.21–23).
* A player who passes is out of the auction for good (l.23), with one exception:
  the eldest hand, even after passing, may still **accept** another player's
  proposal (l.29–31). Any player still in may accept a standing proposal.
* A proposal needs an acceptance; if nobody accepts it the proposer must change
  it to a higher game (l.31). Variant: he may withdraw it (usual English rules).
* Abundance in trumps only overcalls an abundance already bid (tutor's reading of
  l.41; variant: it may be bid directly).
* The auction ends when every player except the holder of the highest game (and
  his partner in a proposal) has passed. An abundance bidder then names his trumps
  (l.37); the suit he meant is never revealed if he is overcalled (l.41).
* If all four pass, the deal is thrown in and dealt again (the seed is silent;
  tutor's reading, law solo-18; see :class:`~tutor.engine.solo.rules.AllPass`).

>>> from tutor.engine.cards import Card
>>> a = SoloAuction(Seat.N, Card.parse("H2"))   # East is the eldest hand
>>> for c in ["solo", "misere", "abundance", "open-misere", "pass", "pass", "pass"]:
...     _ = a.call(SoloCall.parse(c))
>>> a.phase, a.contract().describe()
(<Phase.COMPLETE: 'complete'>, 'open misère by N, no trumps, target 0')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tutor.engine.cards import SEATS, Card, Seat, Suit
from tutor.engine.errors import IllegalCallError
from tutor.engine.solo import laws
from tutor.engine.solo.calls import LADDER, CallKind, SoloCall, SoloContract, SoloGame, TrumpRule, spec
from tutor.engine.solo.rules import AllPass, SoloRules


class Phase(enum.Enum):
    """Where the auction stands."""

    BIDDING = "bidding"
    RAISE = "raise"                  # an unaccepted proposal: its proposer must raise (l.31)
    NAMING_TRUMPS = "naming-trumps"  # an abundance stands: its bidder names trumps (l.37)
    COMPLETE = "complete"
    THROWN_IN = "thrown-in"          # everybody passed: the deal is dealt again (solo-18)


@dataclass(frozen=True)
class SoloCallRecord:
    """One call as it happened."""

    index: int
    seat: Seat
    call: SoloCall

    def __str__(self) -> str:
        return f"{self.seat.value}: {self.call.name}"


class SoloAuction:
    """The calls of one Solo Whist deal, with the legal continuations."""

    def __init__(self, dealer: Seat, turn_up: Card, rules: SoloRules | None = None) -> None:
        self.dealer = dealer
        self.turn_up = turn_up
        self.rules = rules or SoloRules()
        self._records: list[SoloCallRecord] = []
        self._passed: set[Seat] = set()
        self._highest: SoloGame | None = None
        self._holder: Seat | None = None
        self._partner: Seat | None = None
        self._eldest_declined = False   # the eldest used his one chance on the standing proposal
        self._phase = Phase.BIDDING
        self._to_call: Seat | None = dealer.lho
        self._trump_named: Suit | None = None

    # -- reading the state ----------------------------------------------------------

    @property
    def eldest(self) -> Seat:
        return self.dealer.lho

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def records(self) -> tuple[SoloCallRecord, ...]:
        return tuple(self._records)

    @property
    def to_call(self) -> Seat | None:
        """The seat whose turn it is to call (or to name trumps); ``None`` once it is over."""
        return self._to_call

    @property
    def highest(self) -> SoloGame | None:
        return self._highest

    @property
    def holder(self) -> Seat | None:
        """The player who made the highest bid."""
        return self._holder

    @property
    def partner(self) -> Seat | None:
        """The player who accepted the standing proposal."""
        return self._partner

    @property
    def passed(self) -> frozenset[Seat]:
        return frozenset(self._passed)

    @property
    def is_over(self) -> bool:
        return self._phase in (Phase.COMPLETE, Phase.THROWN_IN)

    @property
    def next_dealer(self) -> Seat | None:
        """After a thrown-in deal: who deals again (the rules' :class:`AllPass` choice)."""
        if self._phase is not Phase.THROWN_IN:
            return None
        return self.dealer if self.rules.all_pass is AllPass.SAME_DEALER else self.dealer.lho

    def _proposal_open(self) -> bool:
        return self._highest is SoloGame.PROPOSAL and self._partner is None

    def _eldest_may_accept(self) -> bool:
        """The eldest, out of the auction, still has his chance to accept (l.29-31)."""
        return (self._proposal_open() and self.eldest in self._passed and self._holder is not self.eldest
                and not self._eldest_declined)

    def contract(self) -> SoloContract | None:
        """The game to be played once the auction is complete, else ``None``."""
        if self._phase is not Phase.COMPLETE or self._highest is None or self._holder is None:
            return None
        rule = spec(self._highest).trumps
        if self._trump_named is not None:
            trump: Suit | None = self._trump_named
        elif rule is TrumpRule.TURNED_UP:
            trump = self.turn_up.suit
        else:
            trump = None
        return SoloContract(self._highest, self._holder, self.dealer, self.turn_up, trump, self._partner)

    def _names_trumps(self, game: SoloGame) -> bool:
        if spec(game).trumps is TrumpRule.BIDDER_NAMES:
            return True
        return game is SoloGame.DECLARED_ABUNDANCE and self.rules.declared_abundance_names_trumps

    # -- legal moves ------------------------------------------------------------------

    def _biddable(self) -> tuple[SoloGame, ...]:
        floor = self._highest.rank if self._highest is not None else 0
        games = [g.game for g in LADDER if g.rank > floor]
        if not self.rules.abundance_in_trumps_direct and self._highest is not SoloGame.ABUNDANCE:
            games = [g for g in games if g is not SoloGame.ABUNDANCE_IN_TRUMPS]
        return tuple(games)

    def legal_calls(self) -> tuple[SoloCall, ...]:
        """Every call the player in turn may make, pass first."""
        if self._phase is Phase.RAISE:
            raises = tuple(SoloCall.bid(g) for g in self._biddable())
            return ((SoloCall.pass_(),) if self.rules.unaccepted_may_withdraw else ()) + raises
        if self._phase is not Phase.BIDDING or self._to_call is None:
            return ()
        if self._to_call in self._passed:  # the eldest's second chance: accept or pass only
            return (SoloCall.pass_(), SoloCall.accept())
        accept = (SoloCall.accept(),) if self._proposal_open() and self._to_call is not self._holder else ()
        return (SoloCall.pass_(), *accept, *(SoloCall.bid(g) for g in self._biddable()))

    def verify_call(self, call: SoloCall, seat: Seat | None = None) -> None:
        """Raise an :class:`IllegalCallError` naming the Solo Whist law the call breaks."""
        who = self._to_call
        if self._phase is Phase.NAMING_TRUMPS:
            raise IllegalCallError(f"{call.name}: the auction is over; {who.value if who else '?'} "
                                   f"must now name his trumps", law=laws.LAW_ABUNDANCE)
        if self.is_over or who is None:
            raise IllegalCallError(f"{call.name}: the auction is over", law=laws.LAW_AUCTION)
        if seat is not None and seat is not who:
            law = laws.LAW_PASS_IS_FINAL if seat in self._passed else laws.LAW_AUCTION
            raise IllegalCallError(f"{seat.value} called {call.name} out of turn; it is {who.value}'s turn",
                                   law=law)
        if call in self.legal_calls():
            return
        raise IllegalCallError(self._why_illegal(call, who), law=self._law_broken(call, who))

    def _why_illegal(self, call: SoloCall, who: Seat) -> str:
        head = f"{who.value} cannot call {call.name}"
        if self._phase is Phase.RAISE:
            if call.kind is CallKind.PASS:
                return f"{head}: nobody accepted his proposal, so he must raise it to a higher game"
            return f"{head}: nobody accepted his proposal; he must raise it to solo or higher"
        if who in self._passed:
            return f"{head}: he has passed and may now only accept the standing proposal or pass"
        if call.kind is CallKind.ACCEPT:
            if self._highest is not SoloGame.PROPOSAL:
                return f"{head}: there is no proposal to accept"
            if self._holder is who:
                return f"{head}: a player cannot accept his own proposal"
            return f"{head}: the proposal has already been accepted"
        assert call.game is not None
        if call.game is SoloGame.ABUNDANCE_IN_TRUMPS and self._highest is not SoloGame.ABUNDANCE:
            return f"{head}: abundance in trumps is bid only over an abundance"
        top = spec(self._highest).name if self._highest else "nothing"
        return f"{head}: it does not rank above {top}; each bid must be higher than the last"

    def _law_broken(self, call: SoloCall, who: Seat) -> str:
        if self._phase is Phase.RAISE:
            return laws.LAW_UNACCEPTED
        if who in self._passed:
            return laws.LAW_PASS_IS_FINAL
        if call.kind is CallKind.ACCEPT:
            return laws.LAW_PROPOSAL
        if call.game is SoloGame.ABUNDANCE_IN_TRUMPS:
            return laws.LAW_ABUNDANCE_IN_TRUMPS
        return laws.LAW_AUCTION

    def can_call(self, call: SoloCall, seat: Seat | None = None) -> bool:
        try:
            self.verify_call(call, seat)
        except IllegalCallError:
            return False
        return True

    # -- actions ------------------------------------------------------------------------

    def call(self, call: SoloCall, seat: Seat | None = None) -> SoloCallRecord:
        """Make ``call`` for the player in turn and return its record."""
        self.verify_call(call, seat)
        who = self._to_call
        assert who is not None
        record = SoloCallRecord(len(self._records), who, call)
        self._records.append(record)
        if call.kind is CallKind.PASS:
            if self._phase is Phase.RAISE:      # the variant's withdrawal: the deal is thrown in
                self._highest = self._holder = None
                self._passed = set(SEATS)
            elif who in self._passed:           # the eldest declines the proposal
                self._eldest_declined = True
            self._passed.add(who)
        elif call.kind is CallKind.ACCEPT:
            self._partner = who
            self._passed.discard(who)           # the eldest who accepts is back in, as a partner
        else:
            self._highest, self._holder, self._partner = call.game, who, None
            self._eldest_declined = False
        self._advance(who)
        return record

    def _advance(self, after: Seat) -> None:
        """Settle the phase and whose turn it is after a call by ``after``."""
        active = {s for s in SEATS if s not in self._passed}
        if self._highest is None or self._holder is None:
            if not active:
                self._phase, self._to_call = Phase.THROWN_IN, None
                return
        elif self._proposal_open():
            if active == {self._holder} and not self._eldest_may_accept():
                self._phase, self._to_call = Phase.RAISE, self._holder
                return
        elif active <= {self._holder, self._partner}:
            if self._names_trumps(self._highest):
                self._phase, self._to_call = Phase.NAMING_TRUMPS, self._holder
            else:
                self._phase, self._to_call = Phase.COMPLETE, None
            return
        self._phase = Phase.BIDDING
        seat = after
        for _ in range(4):
            seat = seat.lho
            if seat not in self._passed or (seat is self.eldest and self._eldest_may_accept()):
                self._to_call = seat
                return
        self._to_call = None  # pragma: no cover - the checks above leave someone to call

    # -- naming trumps (abundance, l.37) ---------------------------------------------------

    def verify_trumps(self, suit: Suit, seat: Seat | None = None) -> None:
        if self._phase is not Phase.NAMING_TRUMPS or self._to_call is None:
            raise IllegalCallError(f"{suit.english}: trumps are named only by an abundance bidder once "
                                   f"all the others have passed", law=laws.LAW_ABUNDANCE)
        if seat is not None and seat is not self._to_call:
            raise IllegalCallError(f"{seat.value} cannot name trumps; the bidder is {self._to_call.value}",
                                   law=laws.LAW_ABUNDANCE)

    def can_name_trumps(self, suit: Suit, seat: Seat | None = None) -> bool:
        try:
            self.verify_trumps(suit, seat)
        except IllegalCallError:
            return False
        return True

    def name_trumps(self, suit: Suit, seat: Seat | None = None) -> SoloContract:
        """The abundance bidder names his trump suit; the auction is complete."""
        self.verify_trumps(suit, seat)
        self._trump_named = suit
        self._phase, self._to_call = Phase.COMPLETE, None
        contract = self.contract()
        assert contract is not None
        return contract

    # -- convenience ------------------------------------------------------------------------

    @classmethod
    def from_calls(cls, dealer: Seat, turn_up: Card, calls: list[str] | tuple[str, ...],
                   rules: SoloRules | None = None) -> SoloAuction:
        """An auction after the named calls (``"pass"``, ``"accept"``, ``"solo"`` …)."""
        auction = cls(dealer, turn_up, rules)
        for text in calls:
            auction.call(SoloCall.parse(text))
        return auction
