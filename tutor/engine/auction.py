"""The Vint auction as a state machine (laws 28–35 and 74–76).

* The dealer speaks first, then each player to the left in strict turn (law 28),
  one call per turn (law 29).
* A bid must outrank the last bid: a higher level, or the same level in a higher
  denomination, spades < clubs < diamonds < hearts < no-trumps (law 35: after
  "clubs" only diamonds, hearts or no-trumps at that level; spades must go to
  "two"). A player may outbid his partner or himself.
* A bid lower than one already made binds its maker to the lowest sufficient bid
  in that denomination (law 75: "two clubs" after "two diamonds" counts as
  "three clubs"). :meth:`Auction.verify_call` names that correction; the caller
  may record it with :meth:`Auction.call_insufficient`.
* The contract belongs to the player who made the last bid (the declarer).
  The auction ends, in the tutor's reading of laws 49 and 76, when after the last
  bid all four players have passed twice in a row (``Rules.auction_end_passes``,
  eight; twelve in the 1886 Moscow variant).
* If the first four calls are all passes the deal is passed out (scoring 8 and 10:
  the cards are played "after four passes" or thrown in and an X is written).

>>> a = Auction(dealer=Seat.N)
>>> _ = a.call(Bid.parse("1C"))
>>> a.can_call(Bid.parse("1S"))
False
>>> Bid.parse("2S") in a.legal_calls()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.calls import VINT_DENOMINATIONS, Bid, Call, Contract, Pass, all_bids
from tutor.engine.cards import Seat
from tutor.engine.errors import IllegalCallError, InsufficientBidError
from tutor.engine.rules import Rules

#: Consecutive opening passes that pass the deal out (scoring 10: "after four passes").
PASSES_TO_PASS_OUT = 4


@dataclass(frozen=True)
class CallRecord:
    """One call as it happened: who made it, what it was, and its index."""

    index: int
    seat: Seat
    call: Call
    corrected_from: Bid | None = None  # set when law 75 raised an insufficient bid

    def __str__(self) -> str:
        note = f" (said {self.corrected_from}, law 75)" if self.corrected_from else ""
        return f"{self.seat.value}: {self.call}{note}"


class Auction:
    """The calls of one deal, in order, with the legal continuations."""

    def __init__(self, dealer: Seat, rules: Rules | None = None) -> None:
        self.dealer = dealer
        self.rules = rules or Rules()
        self._records: list[CallRecord] = []
        #: the record of the last bid, kept as calls are appended: every robot's decision asks for it,
        #: and whether the auction is over, several times
        self._last_bid: CallRecord | None = None

    # -- reading the state ---------------------------------------------------

    @property
    def records(self) -> tuple[CallRecord, ...]:
        return tuple(self._records)

    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(r.call for r in self._records)

    @property
    def to_call(self) -> Seat:
        """The seat whose turn it is (law 28)."""
        return self.dealer.rotation()[len(self._records) % 4]

    @property
    def last_bid(self) -> CallRecord | None:
        """The record of the highest bid so far (the last one made)."""
        return self._last_bid

    @property
    def highest_bid(self) -> Bid | None:
        """The last (highest) bid so far, or ``None`` before anyone bids."""
        record = self.last_bid
        return record.call if record is not None and isinstance(record.call, Bid) else None

    @property
    def passes_since_last_bid(self) -> int:
        last = self._last_bid  # a record's index is its place in the list
        return len(self._records) - (0 if last is None else last.index + 1)

    @property
    def is_passed_out(self) -> bool:
        """All four players passed before anyone bid (scoring 8)."""
        return self.last_bid is None and len(self._records) >= PASSES_TO_PASS_OUT

    @property
    def is_complete(self) -> bool:
        last = self._last_bid
        if last is None:  # passed out once four have passed
            return len(self._records) >= PASSES_TO_PASS_OUT
        return len(self._records) - last.index - 1 >= self.rules.auction_end_passes

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is over, else ``None``."""
        last, bid = self.last_bid, self.highest_bid
        if not self.is_complete or last is None or bid is None:
            return None
        return Contract(bid, last.seat)

    # -- legal moves -----------------------------------------------------------

    def legal_calls(self) -> tuple[Call, ...]:
        """Every call the player in turn may make, pass first."""
        if self.is_complete:
            return ()
        highest = self.highest_bid
        bids = all_bids()
        if highest is not None:
            bids = tuple(b for b in bids if b > highest)
        return (Pass(), *bids)

    def verify_call(self, call: Call, seat: Seat | None = None) -> None:
        """Raise an :class:`IllegalCallError` naming the law the call breaks."""
        if self.is_complete:
            raise IllegalCallError(f"{call.pretty}: the auction is over", law="law-76")
        if seat is not None and seat is not self.to_call:
            raise IllegalCallError(
                f"{seat.value} called {call.pretty} out of turn; it is {self.to_call.value}'s turn",
                law="law-28",
            )
        highest = self.highest_bid
        if isinstance(call, Bid) and highest is not None and not call > highest:
            corrected = self.lowest_sufficient(call)
            hint = (f"; by law 75 it binds as {corrected.pretty} ({corrected.spoken})"
                    if corrected else "; no higher bid exists in that denomination")
            raise InsufficientBidError(
                f"{call.pretty} ({call.spoken}) does not outrank {highest.pretty} ({highest.spoken}): "
                f"after {highest.spoken} only a higher denomination at level "
                f"{highest.level} or a higher level may be bid (law 35){hint}",
                law="law-75",
                corrected=corrected,
            )

    def can_call(self, call: Call, seat: Seat | None = None) -> bool:
        try:
            self.verify_call(call, seat)
        except IllegalCallError:
            return False
        return True

    def lowest_sufficient(self, bid: Bid) -> Bid | None:
        """The lowest bid in ``bid``'s denomination above the last bid (law 75)."""
        highest = self.highest_bid
        if highest is None:
            return bid
        for level in range(bid.level, 8):
            candidate = Bid(level, bid.strain)
            if candidate > highest:
                return candidate
        return None

    # -- actions ----------------------------------------------------------------

    def call(self, call: Call, seat: Seat | None = None) -> CallRecord:
        """Make ``call`` for the player in turn and return its record."""
        self.verify_call(call, seat)
        return self._append(call)

    def call_insufficient(self, bid: Bid, seat: Seat | None = None) -> CallRecord:
        """Record an insufficient bid as law 75 binds it (raised in its denomination)."""
        try:
            self.verify_call(bid, seat)
        except InsufficientBidError as err:
            if not isinstance(err.corrected, Bid):
                raise
            return self._append(err.corrected, corrected_from=bid)
        return self._append(bid)

    def _append(self, call: Call, corrected_from: Bid | None = None) -> CallRecord:
        record = CallRecord(len(self._records), self.to_call, call, corrected_from)
        self._records.append(record)
        if isinstance(call, Bid):
            self._last_bid = record
        return record

    # -- convenience ---------------------------------------------------------------

    @classmethod
    def from_calls(cls, dealer: Seat, calls: list[str] | tuple[str, ...],
                   rules: Rules | None = None) -> Auction:
        """Replay calls given in notation (``["1S", "P", "2H"]``)."""
        from tutor.engine.calls import parse_call

        auction = cls(dealer, rules)
        for text in calls:
            auction.call(parse_call(text))
        return auction

    def copy(self) -> Auction:
        clone = Auction(self.dealer, self.rules)
        clone._records = list(self._records)
        clone._last_bid = self._last_bid
        return clone

    def bids_by(self, seat: Seat) -> tuple[Bid, ...]:
        return tuple(r.call for r in self._records if r.seat is seat and isinstance(r.call, Bid))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.calls)

    def __repr__(self) -> str:
        return f"Auction.from_calls(Seat.{self.dealer.value}, {[str(c) for c in self.calls]!r})"


__all__ = ["Auction", "CallRecord", "PASSES_TO_PASS_OUT", "VINT_DENOMINATIONS"]
