"""The auctions of the two- and three-handed ways (laws two-1 … two-5, three-1, three-2).

* ``alternate`` (two players) and ``all-three``: the bidders call in turn from the dealer;
  each bid must outrank the last (law 35) and reach the way's lowest level (the buy-in way:
  nothing below "three", RO l.511). The tutor's reading of the end (the ways name none):
  after the last bid every other bidder has passed once; all passing before any bid throws
  the deal in.
* ``single`` (two players with dummies, by agreement, RO l.447): one announcement each — the
  dealer names his game or passes, and the other player has the last word: he passes or
  names a higher game, which stands.
* ``partners-then-dummy-player`` (three players, the first way, RO l.521): the two partners
  bid first, the partner on the dummy-player's left leading off, and their auction ends as
  the four-handed one does in the tutor's reading (everyone passing twice after the last
  bid); then the dummy-player makes one call: pass, leaving them the game, or a higher
  game of his own, "after which the partners may no longer raise".

>>> from tutor.engine.cards import Seat
>>> a = WayAuction("alternate", (Seat.S, Seat.W), min_level=3)
>>> [str(c) for c in a.legal_calls()][:3]
['P', '3S', '3C']
>>> _ = a.call(Bid.parse("3H")); _ = a.call(Pass())
>>> a.is_complete, str(a.contract)
(True, '3H by S')
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.calls import Bid, Call, Contract, Pass, all_bids
from tutor.engine.cards import Seat
from tutor.engine.errors import IllegalCallError
from tutor.engine.ways.catalogue import Bidding

#: the partners' auction of the first three-handed way ends as the four-handed one: each passes twice
PARTNER_PASSES = 4


@dataclass(frozen=True)
class WayCall:
    seat: Seat
    call: Call

    def __str__(self) -> str:
        return f"{self.seat.value}:{self.call}"


class WayAuction:
    """The calls of one deal of a way; ``bidders`` in turn order, the first to speak first."""

    def __init__(self, bidding: Bidding, bidders: tuple[Seat, ...], *, min_level: int = 1,
                 dummy_player: Seat | None = None, law: str = "law-35") -> None:
        self.bidding, self.bidders, self.min_level = bidding, bidders, min_level
        self.dummy_player, self.law = dummy_player, law
        self._records: list[WayCall] = []
        #: where the last bid lies in the records (-1: none yet), kept as calls are made: the table asks
        #: whether the auction is over before every action of the deal
        self._bid_at = -1

    @property
    def records(self) -> tuple[WayCall, ...]:
        return tuple(self._records)

    def _partners_done(self) -> bool:
        partners = [r for r in self._records if r.seat is not self.dummy_player]
        return self._passes_since_bid(partners) >= PARTNER_PASSES

    @property
    def to_call(self) -> Seat | None:
        if self.is_complete:
            return None
        if self.bidding == "partners-then-dummy-player" and self._partners_done():
            return self.dummy_player
        return self.bidders[len(self._records) % len(self.bidders)]

    @property
    def is_complete(self) -> bool:
        records = self._records
        if self.bidding == "partners-then-dummy-player":
            return self._partners_done() and any(r.seat is self.dummy_player for r in records)
        if self.bidding == "single":  # one announcement each, the second the last word (RO l.447)
            return len(records) >= len(self.bidders)
        others = len(self.bidders) - 1
        if self._bid_at < 0:
            return len(records) >= len(self.bidders)
        return len(records) - 1 - self._bid_at >= others  # the passes since the last bid

    @property
    def highest(self) -> WayCall | None:
        return self._records[self._bid_at] if self._bid_at >= 0 else None

    @property
    def contract(self) -> Contract | None:
        last = self.highest
        if not self.is_complete or last is None or not isinstance(last.call, Bid):
            return None
        return Contract(last.call, last.seat)

    @property
    def is_passed_out(self) -> bool:
        return self.is_complete and self.highest is None

    def legal_calls(self) -> tuple[Call, ...]:
        if self.is_complete:
            return ()
        highest = self.highest
        bids = [b for b in all_bids() if b.level >= self.min_level
                and (highest is None or b > highest.call)]  # type: ignore[operator]
        return (Pass(), *bids)

    def verify_call(self, call: Call, seat: Seat | None = None) -> None:
        """Raise an :class:`IllegalCallError` naming the law the call breaks."""
        if self.is_complete:
            raise IllegalCallError(f"{call.pretty}: the auction is over", law="law-76")
        turn = self.to_call
        if seat is not None and seat is not turn:
            raise IllegalCallError(f"{seat.value} called {call.pretty} out of turn; it is "
                                   f"{turn.value if turn else 'nobody'}'s turn", law="law-28")
        if not isinstance(call, Bid):
            return
        if call.level < self.min_level:
            raise IllegalCallError(f"{call.pretty} ({call.spoken}): in this way nothing below "
                                   f"{Bid(self.min_level, call.strain).spoken.split()[0]} may be bid",
                                   law=self.law)
        highest = self.highest
        if highest is not None and isinstance(highest.call, Bid) and not call > highest.call:
            raise IllegalCallError(f"{call.pretty} ({call.spoken}) does not outrank {highest.call.pretty} "
                                   f"({highest.call.spoken}): each bid must be higher (law 35)", law="law-35")

    def call(self, call: Call, seat: Seat | None = None) -> WayCall:
        self.verify_call(call, seat)
        turn = self.to_call
        assert turn is not None  # verify_call refused a complete auction
        record = WayCall(turn, call)
        self._records.append(record)
        if isinstance(call, Bid):
            self._bid_at = len(self._records) - 1
        return record

    @staticmethod
    def _last_bid(records: list[WayCall]) -> WayCall | None:
        for record in reversed(records):
            if isinstance(record.call, Bid):
                return record
        return None

    @staticmethod
    def _passes_since_bid(records: list[WayCall]) -> int:
        count = 0
        for record in reversed(records):
            if isinstance(record.call, Bid):
                break
            count += 1
        return count
