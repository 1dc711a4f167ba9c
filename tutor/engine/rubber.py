"""A rubber of Vint: parties to 500 below the line, bonuses, X marks (scoring 4-9, note 9).

* The tricks written below the line add up deal by deal; the first side to reach
  ``Rules.partie_target`` (500) wins the partie (note 9, scoring 4) and writes
  ``Rules.partie_bonus`` (1000; 100 in the summaries, C1) above the line (scoring 7).
  The next partie starts a fresh below-the-line count. Tutor's reading: when both sides
  pass 500 on the same deal, the larger total wins it, the declarers on a tie.
* The side that wins two parties wins the rubber and writes ``Rules.rubber_bonus``
  (2000, scoring 7) — besides the bonus of the partie that ended it (tutor's reading) —
  and then the X marks of every passed-out deal of the rubber, valued from
  ``Rules.x_values`` in turn (500 each; the "Vint signs" cycle of scoring 9 is a variant).
* A revoking side's below-the-line total is capped at 490 for that deal (law 151): the
  rubber passes its running total to :func:`~tutor.engine.scoring.score_deal`.
* The result (scoring 4): each side totals its record, above and below; the difference is
  the win. :meth:`Rubber.settlement` gives each player's result (tutor's reading
  ``revoke-personal``): every player wins or loses his side's difference, except that what a
  personal revoke cost (laws 153, 157) is paid by the revoker alone, not shared with partner.

>>> from tutor.engine.cards import Deal
>>> from tutor.engine.calls import Contract
>>> d = Deal.from_pbn("N:T98.T98.T98.T987 765.765.765.6543 432.432.432.AKQJ AKQJ.AKQJ.AKQJ.2")
>>> r = Rubber()
>>> _ = r.add(RubberDeal(d, Contract.parse("5C", "S"), 11))
>>> r.games
(<Side.NS: 'NS'>,)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tutor.engine.calls import Contract
from tutor.engine.cards import SEATS, Deal, Seat, Side
from tutor.engine.rules import Rules
from tutor.engine.scoring import BOOK_RULES, RevokeArg, ScoringError, score_deal
from tutor.engine.scoring.items import DealScore, RevokeCharge, ScoreItem

PARTIES_TO_WIN = 2  # "two parties are needed to end the rubber" (scoring 4, note 9)


def sides_reaching(below: Mapping[Side, int], target: int, at_once: Side | None = None) -> list[Side]:
    """The sides whose totals below the line end the partie (``at_once``: a side whose deal ends it anyway)."""
    return [s for s in Side if below.get(s, 0) >= target or s is at_once]


def partie_winner(below: Mapping[Side, int], target: int, declarers: Side | None,
                  at_once: Side | None = None) -> Side | None:
    """The side that wins the partie with these totals below the line after a deal (``None``: not over).

    Tutor's reading: when both sides pass ``target`` on the same deal, the larger total wins it, the
    declarers (else NS) on a tie. ``at_once``: a side whose deal ends the partie whatever its count.

    >>> partie_winner({Side.NS: 530, Side.EW: 580}, 500, Side.NS).value, partie_winner({Side.NS: 490}, 500, None)
    ('EW', None)
    """
    reached = sides_reaching(below, target, at_once)
    if len(reached) < 2:  # noqa: PLR2004
        return reached[0] if reached else None
    ns, ew = below.get(Side.NS, 0), below.get(Side.EW, 0)
    if ns != ew:
        return Side.NS if ns > ew else Side.EW
    return declarers or Side.NS


@dataclass(frozen=True)
class RubberDeal:
    """One deal of a rubber as it was played: the arguments of :func:`score_deal`."""

    deal: Deal
    contract: Contract | None
    declarer_tricks: int = 0
    revoke: RevokeArg = None
    dealer_extra_card: bool = False
    dealer: Seat | None = None
    passed_side: Side = Side.NS


@dataclass(frozen=True)
class RubberEntry:
    """One entry of the rubber's sheet: the item, the deal (1-based) and partie it belongs to."""

    deal_no: int
    partie: int
    item: ScoreItem


@dataclass
class Partie:
    """One partie (game): its number, deals, below-the-line totals and winner."""

    number: int
    deals: list[int] = field(default_factory=list)
    below: dict[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})
    winner: Side | None = None


class Rubber:
    """The record of a rubber, deal by deal; :meth:`add` scores a deal and returns its score."""

    def __init__(self, rules: Rules = BOOK_RULES) -> None:
        self.rules = rules
        self._entries: list[RubberEntry] = []
        self._scores: list[DealScore] = []
        self._parties: list[Partie] = [Partie(1)]
        self._x_marks = 0
        self._readings: list[str] = []

    @classmethod
    def resumed(cls, below: Mapping[Side, int], parties: Mapping[Side, int], rules: Rules = BOOK_RULES) -> Rubber:
        """A rubber under way: ``parties`` won by each side, ``below`` the line in the partie being played.

        Only the state that decides the next deal's bonuses is rebuilt (who won which
        partie, the running count); the earlier deals' entries are not, so its totals
        count from here. Used to price one deal "with the rubber score".
        """
        won = [side for side in Side for _ in range(parties.get(side, 0))]
        if any(won.count(side) >= PARTIES_TO_WIN for side in Side):
            raise ScoringError("parties", f"a side with {PARTIES_TO_WIN} parties has already won the rubber")
        rubber = cls(rules)
        rubber._parties = [Partie(n, winner=side) for n, side in enumerate(won, start=1)]
        rubber._parties.append(Partie(len(won) + 1, below={side: below.get(side, 0) for side in Side}))
        return rubber

    def deal_items(self, deal_no: int) -> tuple[ScoreItem, ...]:
        """Every entry written for deal ``deal_no`` (1-based): its score, and the bonuses it won."""
        return tuple(e.item for e in self._entries if e.deal_no == deal_no)

    # -- reading the record ------------------------------------------------------------

    @property
    def entries(self) -> tuple[RubberEntry, ...]:
        return tuple(self._entries)

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        return tuple(e.item for e in self._entries)

    @property
    def scores(self) -> tuple[DealScore, ...]:
        return tuple(self._scores)

    @property
    def parties(self) -> tuple[Partie, ...]:
        """Every partie begun, the last possibly unfinished."""
        return tuple(self._parties)

    @property
    def games(self) -> tuple[Side, ...]:
        """The winner of each finished partie, in order."""
        return tuple(p.winner for p in self._parties if p.winner is not None)

    @property
    def winner(self) -> Side | None:
        """The side that won two parties, once it has."""
        for side in Side:
            if self.games.count(side) >= PARTIES_TO_WIN:
                return side
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def x_marks(self) -> int:
        return self._x_marks

    @property
    def readings(self) -> tuple[str, ...]:
        pending = ["x-marks-pending"] if self._x_marks and not self.is_over else []
        return tuple(dict.fromkeys([*self._readings, *pending]))

    def below(self, side: Side) -> int:
        return sum(e.item.points for e in self._entries if e.item.side is side and e.item.line == "below")

    def above(self, side: Side) -> int:
        return sum(e.item.points for e in self._entries if e.item.side is side and e.item.line == "above")

    def total(self, side: Side) -> int:
        return self.below(side) + self.above(side)

    @property
    def charges(self) -> tuple[RevokeCharge, ...]:
        """What every revoke of the rubber cost, and who answers for it."""
        return tuple(c for s in self._scores for c in s.charges)

    def settlement(self) -> dict[Seat, int]:
        """Each player's result: his side's difference (scoring 4), less what his personal
        revokes cost beyond his half of it, which his partner then does not pay.

        >>> from tutor.engine.cards import Deal
        >>> Rubber().settlement()
        {<Seat.N: 'N'>: 0, <Seat.E: 'E'>: 0, <Seat.S: 'S'>: 0, <Seat.W: 'W'>: 0}
        """
        leader, margin = self.result()
        out = {seat: (margin if seat.side is leader else -margin) if leader else 0 for seat in SEATS}
        for charge in self.charges:
            seat = charge.revoke.seat
            if charge.revoke.personal and seat is not None:
                # each partner lost the whole swing with his side; the revoker pays his partner's part
                out[seat] -= charge.cost
                out[seat.partner] += charge.cost
        return out

    def result(self) -> tuple[Side | None, int]:
        """The side whose record is larger and by how much (scoring 4); ``None`` on a tie."""
        ns, ew = self.total(Side.NS), self.total(Side.EW)
        if ns == ew:
            return None, 0
        return (Side.NS, ns - ew) if ns > ew else (Side.EW, ew - ns)

    # -- playing -----------------------------------------------------------------------------

    def add(self, played: RubberDeal) -> DealScore:
        """Score the next deal and write it, ending a partie or the rubber when it does."""
        if self.is_over:
            raise ScoringError("deals", f"the rubber was already won by {self.winner.value if self.winner else ''} "
                                        f"after {len(self._scores)} deals")
        partie = self._parties[-1]
        score = score_deal(played.deal, played.contract, played.declarer_tricks, self.rules,
                           revoke=played.revoke, dealer_extra_card=played.dealer_extra_card,
                           dealer=played.dealer, below_before=dict(partie.below), passed_side=played.passed_side)
        return self.write_score(score)

    def write_score(self, score: DealScore) -> DealScore:
        """Write a deal's score (however it was computed) to the current partie, ending it or
        the rubber when it does."""
        partie = self._parties[-1]
        self._scores.append(score)
        deal_no = len(self._scores)
        partie.deals.append(deal_no)
        self._readings += score.readings
        self._x_marks += int(score.x_mark)
        for item in score.items:
            self._entries.append(RubberEntry(deal_no, partie.number, item))
            if item.line == "below":
                partie.below[item.side] += item.points
        self._maybe_end_partie(partie, score, deal_no)
        return score

    def _maybe_end_partie(self, partie: Partie, score: DealScore, deal_no: int) -> None:
        target = self.rules.partie_target
        at_once = self._ends_partie_at_once(score)
        winner = partie_winner(partie.below, target, score.contract.declarer.side if score.contract else None,
                               at_once)
        if winner is None:
            return
        if len(sides_reaching(partie.below, target, at_once)) == len(Side):  # both: the tutor's reading decided
            self._readings.append("partie-tie")
        partie.winner = winner
        bonus = self.rules.partie_bonus
        self._write(deal_no, partie.number, ScoreItem(
            winner, "above", "partie", bonus, ("scoring-4", "scoring-7", "note-9"),
            f"{winner.value} reach {partie.below[winner]} below the line and win partie {partie.number}: {bonus}"))
        if self.is_over:
            self._end_rubber(deal_no, partie.number, winner)
        else:
            self._parties.append(Partie(partie.number + 1))

    def _ends_partie_at_once(self, score: DealScore) -> Side | None:
        """A side whose deal ends the partie whatever its count (none in the four-handed game, where a
        made five already passes 500; the two-player buy-in way's 600 needs it, RO l.513)."""
        return None

    def _end_rubber(self, deal_no: int, partie_no: int, winner: Side) -> None:
        bonus = self.rules.rubber_bonus
        self._readings.append("last-partie-both-bonuses")
        self._write(deal_no, partie_no, ScoreItem(
            winner, "above", "rubber", bonus, ("scoring-7", "note-9"),
            f"{winner.value} win their second partie and the rubber: {bonus}"))
        values = self.rules.x_values
        laws = ("scoring-8",) + (("scoring-9",) if len(values) > 1 else ())
        for n in range(self._x_marks):
            value = values[n % len(values)]
            self._write(deal_no, partie_no, ScoreItem(
                winner, "above", "x_mark", value, laws,
                f"X mark {n + 1} of {self._x_marks} (a passed-out deal) goes to the rubber's winner: {value}"))

    def _write(self, deal_no: int, partie_no: int, item: ScoreItem) -> None:
        self._entries.append(RubberEntry(deal_no, partie_no, item))


def score_rubber(deals: Iterable[RubberDeal], rules: Rules = BOOK_RULES) -> Rubber:
    """A rubber with every deal of ``deals`` written in turn.

    A deal after the rubber is won raises :class:`ScoringError` naming ``deals[i]``.
    """
    rubber = Rubber(rules)
    for index, played in enumerate(deals):
        try:
            rubber.add(played)
        except ScoringError as err:
            where = f"deals[{index}]" if err.field == "deals" else f"deals[{index}].{err.field}"
            raise ScoringError(where, err.detail) from None
    return rubber
