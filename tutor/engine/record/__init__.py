"""The deal record: one append-only log of a four-handed Vint deal, from the deal to the last card.

A deal of Vint is the dealt hands and the dealer (laws 16–27), then the auction (laws 28–76:
calls in rotation from the dealer until the last bid is passed round), then, when a contract
was reached, the play (laws 77–167: thirteen tricks, the defender on the declarer's left
leading first — the tutor's reading of laws 77–78). The score the deal starts from (law 38)
and the rule variants in force shape the advice and the scoring, so the record holds them too.

:class:`DealRecord` keeps that history as a log of moves (a :class:`~tutor.engine.calls.Call`
or a :class:`~tutor.engine.cards.Card`), in the style of a chess board's move stack:
:meth:`~DealRecord.push` checks a move against the laws and appends it, :meth:`~DealRecord.pop`
takes the last one back, :attr:`~DealRecord.phase` says where the deal stands,
:meth:`~DealRecord.decisions` iterates over every decision with the view it was taken in, and
:meth:`~DealRecord.view` gives one seat's :class:`~tutor.engine.record.view.SeatView` — the
public part and that seat's own hand, nothing else.

The practice table, the robots, the play drills' replay, PBN import and export and the cost
sampler's robot re-runs all build on this record.

>>> from tutor.engine.cards import Deal
>>> from tutor.engine.calls import parse_call
>>> d = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> r = DealRecord(d, Seat.N)
>>> for text in ["7NT"] + ["P"] * 8:
...     _ = r.push(parse_call(text))
>>> r.phase, r.to_act, r.view().kind.value
(<Phase.PLAY: 'play'>, <Seat.E: 'E'>, 'lead')
>>> r.pop(), r.phase
(Pass(), <Phase.AUCTION: 'auction'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from tutor.engine.auction import Auction
from tutor.engine.bidding import ScoreState
from tutor.engine.calls import Call, Contract
from tutor.engine.cards import Card, Deal, Hand, Seat, Side
from tutor.engine.errors import NotationError, TutorError
from tutor.engine.play import opening_leader
from tutor.engine.record.view import SeatView, variant_choices
from tutor.engine.rules import Rules
from tutor.engine.tricks import TrickPlay

#: One move of the log: a call in the auction or a card in the play.
Move = Call | Card


class Phase(StrEnum):
    """Where a deal stands: the auction, the play, or over (played out, or passed out)."""

    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Decided:
    """One decision of the record: the seat's view before it and the move it made."""

    index: int
    view: SeatView
    move: Move

    @property
    def seat(self) -> Seat:
        return self.view.seat


class DealRecord:
    """The append-only log of one deal: hands, dealer, score before, variants, calls and cards."""

    def __init__(self, deal: Deal, dealer: Seat, *, score: ScoreState | None = None, rules: Rules | None = None,
                 moves: Iterable[Move] = ()) -> None:
        if not deal.is_complete:
            raise NotationError("a deal record needs all four hands of 13 cards (law 16)")
        self.deal, self.dealer, self.score = deal, dealer, score
        #: the variants the table plays (``None``: the book's), kept as given for the auction's checks
        self.table_rules = rules
        self._moves: list[Move] = []
        self._auction = Auction(dealer, rules)
        self._play: TrickPlay | None = None
        for move in moves:
            self.push(move)

    @property
    def rules(self) -> Rules:
        return self.table_rules if self.table_rules is not None else Rules()

    # -- the state ------------------------------------------------------------------------------

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    def __len__(self) -> int:
        return len(self._moves)

    @property
    def auction(self) -> Auction:
        """The auction so far (the record's own: read it, push moves to the record)."""
        return self._auction

    @property
    def play(self) -> TrickPlay | None:
        """The play so far, once a contract is reached (the record's own: read it only)."""
        return self._play

    @property
    def contract(self) -> Contract | None:
        return self._auction.contract

    @property
    def phase(self) -> Phase:
        if not self._auction.is_complete:
            return Phase.AUCTION
        if self._play is None or self._play.is_complete:
            return Phase.OVER
        return Phase.PLAY

    @property
    def to_act(self) -> Seat | None:
        """The seat whose call or card is due (``None`` when the deal is over)."""
        phase = self.phase
        if phase is Phase.AUCTION:
            return self._auction.to_call
        if phase is Phase.PLAY and self._play is not None:
            return self._play.to_play
        return None

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        return self._play.hand(seat) if self._play is not None else self.deal[seat]

    def legal_moves(self) -> tuple[Move, ...]:
        """The calls or cards the seat to act may make now (empty when the deal is over)."""
        phase = self.phase
        if phase is Phase.AUCTION:
            return self._auction.legal_calls()
        if phase is Phase.PLAY and self._play is not None:
            return tuple(sorted(self._play.legal_cards(), reverse=True))
        return ()

    def tricks_won(self) -> dict[Side, int]:
        if self._play is None:
            return {Side.NS: 0, Side.EW: 0}
        return {s: self._play.tricks_won(s) for s in Side}

    # -- moves ----------------------------------------------------------------------------------

    def verify(self, move: Move, seat: Seat | None = None) -> None:
        """Raise the error naming the law ``move`` breaks now (a call in the play is a notation error)."""
        phase = self.phase
        if phase is Phase.AUCTION and isinstance(move, Card):
            raise NotationError(f"{move} is a card, but the auction is not over: a call is due")
        if phase is Phase.PLAY and not isinstance(move, Card):
            raise NotationError(f"{move} is a call, but the play has begun: a card is due")
        if phase is Phase.OVER:
            raise TutorError("the deal is over: no more calls or cards")
        if isinstance(move, Card):
            assert self._play is not None
            self._play.verify_play(move, seat)
        else:
            self._auction.verify_call(move, seat)

    def push(self, move: Move, seat: Seat | None = None) -> Move:
        """Append ``move`` (made by ``seat`` when given, checked against the seat in turn)."""
        self.verify(move, seat)
        if isinstance(move, Card):
            assert self._play is not None
            self._play.play(move, seat)
        else:
            self._auction.call(move, seat)
            contract = self._auction.contract
            if self._auction.is_complete and contract is not None:
                self._play = TrickPlay(self.deal, contract.trump, opening_leader(contract))
        self._moves.append(move)
        return move

    def pop(self) -> Move:
        """Take back the last move (the log is replayed without it)."""
        if not self._moves:
            raise TutorError("nothing to take back: no call has been made")
        *keep, last = self._moves
        self.reset(keep)
        return last

    def reset(self, moves: Iterable[Move] = ()) -> None:
        """Replay the deal from the start with ``moves``."""
        self._moves, self._auction, self._play = [], Auction(self.dealer, self.table_rules), None
        for move in moves:
            self.push(move)

    def copy(self) -> DealRecord:
        return DealRecord(self.deal, self.dealer, score=self.score, rules=self.table_rules, moves=self._moves)

    # -- views ----------------------------------------------------------------------------------

    def view(self, seat: Seat | None = None) -> SeatView:
        """What ``seat`` (by default the seat to act) sees now: the public part and its own hand."""
        if seat is None:
            seat = self.to_act
            if seat is None:
                raise TutorError("the deal is over: nobody is to act")
        contract = self.contract if self.phase is Phase.PLAY else None
        played: tuple[Card, ...] = ()
        trick: tuple[Card, ...] = ()
        if contract is not None and self._play is not None:
            played = tuple(c for t in self._play.tricks for c in t.cards())
            trick = tuple(c for _, c in self._play.current_trick.plays)
        return SeatView(seat, self.hand(seat), self.dealer, self._auction.calls, contract, played, trick,
                        self.score, self.rules)

    def decisions(self) -> Iterator[Decided]:
        """Every move of the log with the view its seat decided from, in order."""
        replay = DealRecord(self.deal, self.dealer, score=self.score, rules=self.table_rules)
        for index, move in enumerate(self._moves):
            yield Decided(index, replay.view(), move)
            replay.push(move)

    def variants(self) -> dict[str, str]:
        """The variants in force that differ from the book."""
        return variant_choices(self.table_rules)


__all__ = ["Decided", "DealRecord", "Move", "Phase", "SeatView"]
