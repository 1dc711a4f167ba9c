"""Settling a Solo Whist deal, exactly as the seed prints it (``002``, l.53–59).

Each deal is settled at once, in points (or tokens) that change hands (l.53):

* **Proposal and acceptance — 1.** Made: the proposer and the acceptor each
  receive 1 point from the opponents, and 1/4 more for each trick over eight.
  Failed: each of them gives 1/4 for each trick short (l.55).
* **Solo — 1.** Made: 1 from each player, and 1/4 more for each trick over five.
  Failed: the bidder gives each opponent 1/4 for each trick short (l.57).
* **Misère — 2** from each opponent; no over- or under-tricks (l.57).
* **Abundance and abundance in trumps — 3**, and 1/2 for each trick; 1/2 is paid
  likewise for each trick short (l.59).
* **Open misère — 4; declared abundance — 6**; no over- or under-tricks (l.59).

Where the seed is silent (the digest's §7), the tutor reads it so (law notes in
``rules-solo.yaml``):

* "from the opponents" (prop): each partner receives 1 in all — the two
  opponents pay one partner each. Variant: 1 from *each* opponent.
* "each trick made" (abundance): each trick over nine, like the other games.
* A failed proposal, solo or abundance costs only the per-trick amount, as
  printed; variant (usual English rules): the stake as well.
* A failed misère, open misère or declared abundance pays its stake to each
  opponent, mirroring what it would have won.

Amounts are :class:`fractions.Fraction`, so quarters and halves stay exact; the
four players' results always sum to zero.

>>> from tutor.engine.solo.calls import SoloGame
>>> s = settle(SoloGame.SOLO, Seat.N, made=True, side_tricks=7)
>>> s.net[Seat.N], s.net[Seat.E]
(Fraction(9, 2), Fraction(-3, 2))
>>> format_points(s.net[Seat.E])
'-1 1/2'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tutor.engine.cards import SEATS, Seat
from tutor.engine.errors import TutorError, law_in_words
from tutor.engine.nouns import count_of
from tutor.engine.solo import laws
from tutor.engine.solo.calls import GameSpec, SoloGame, spec
from tutor.engine.solo.play import SoloResult
from tutor.engine.solo.rules import SoloRules


@dataclass(frozen=True)
class Payment:
    """One player pays another."""

    payer: Seat
    payee: Seat
    amount: Fraction

    def __str__(self) -> str:
        return f"{self.payer.value} pays {self.payee.value} {format_points(self.amount, sign=False)}"


@dataclass(frozen=True)
class Settlement:
    """The payments of one deal, the reasoning behind them and the laws they rest on."""

    game: SoloGame
    bidder: Seat
    partner: Seat | None
    made: bool
    side_tricks: int
    payments: tuple[Payment, ...]
    explanation: tuple[str, ...]
    laws: tuple[str, ...]

    @property
    def net(self) -> dict[Seat, Fraction]:
        """Each player's result for the deal (they sum to zero)."""
        totals = {seat: Fraction(0) for seat in SEATS}
        for p in self.payments:
            totals[p.payer] -= p.amount
            totals[p.payee] += p.amount
        return totals

    def summary(self) -> str:
        return "; ".join(f"{s.value} {format_points(v)}" for s, v in self.net.items())


def format_points(value: Fraction, *, sign: bool = True) -> str:
    """``Fraction(3, 2)`` -> ``+1 1/2``; quarters and halves as a mixed number.

    >>> format_points(Fraction(-3, 4)), format_points(Fraction(2)), format_points(Fraction(0))
    ('-3/4', '+2', '0')
    """
    if value == 0:
        return "0"
    whole, rest = divmod(abs(value.numerator), value.denominator)
    text = " ".join(part for part in (str(whole) if whole else "", f"{rest}/{value.denominator}" if rest else "")
                    if part)
    if not sign:
        return text if value > 0 else f"-{text}"
    return ("+" if value > 0 else "-") + text


def _pairs(bidder: Seat, partner: Seat, opponents: list[Seat]) -> list[tuple[Seat, Seat]]:
    """Tutor's reading of "from the opponents": each partner settles with one opponent."""
    return list(zip((bidder, partner), opponents))


def settle(
    game: SoloGame,
    bidder: Seat,
    *,
    made: bool,
    side_tricks: int,
    partner: Seat | None = None,
    rules: SoloRules | None = None,
) -> Settlement:
    """The settlement of ``game`` played by ``bidder`` (with ``partner`` in a proposal)."""
    rules = rules or SoloRules()
    g = spec(game)
    if g.partnership != (partner is not None) or partner is bidder:
        raise TutorError(f"{g.name} is played {'with one partner' if g.partnership else 'alone'} ({law_in_words(g.law)})")
    if not 0 <= side_tricks <= 13:
        raise TutorError(f"{side_tricks} tricks: a side takes between 0 and 13 ({law_in_words(laws.LAW_PLAY_ENDS)})")
    _check_consistent(g, made, side_tricks)
    side = {bidder} | ({partner} if partner else set())
    opponents = [s for s in bidder.rotation() if s not in side]
    if g.partnership:
        assert partner is not None
        return _settle_proposal(g, bidder, partner, opponents, made, side_tricks, rules)
    amount, lines = _amount(g, made, side_tricks, rules)
    if made:
        payments = tuple(Payment(o, bidder, amount) for o in opponents)
        lines.append(f"each of the three opponents pays {bidder.value} {format_points(amount, sign=False)}")
    else:
        payments = tuple(Payment(bidder, o, amount) for o in opponents if amount)
        lines.append(f"{bidder.value} pays each opponent {format_points(amount, sign=False)}")
    return Settlement(game, bidder, None, made, side_tricks, payments, tuple(lines), (g.settle_law,))


def _check_consistent(g: GameSpec, made: bool, side_tricks: int) -> None:
    if g.avoid_tricks:
        ok = made == (side_tricks == 0)
    elif g.all_or_nothing:
        ok = not made or side_tricks == 13
    else:
        ok = made == (side_tricks >= g.target)
    if not ok:
        state = "made" if made else "failed"
        raise TutorError(f"{g.name} cannot be {state} with {side_tricks} tricks to the bidder's side "
                         f"(target {g.target}; {law_in_words(g.law)})")


def _amount(g: GameSpec, made: bool, side_tricks: int, rules: SoloRules) -> tuple[Fraction, list[str]]:
    """What passes between the bidder (his side) and each opponent, with the arithmetic."""
    if g.all_or_nothing:
        how = "made" if made else "failed"
        note = "" if made else " (tutor's reading: a failure pays what success would have won)"
        return g.stake, [f"{g.name} {how}: the stake is {format_points(g.stake, sign=False)}{note}; "
                         f"no over- or under-tricks"]
    if made:
        over = side_tricks - g.target
        amount = g.stake + over * g.per_trick
        return amount, [f"{g.name} made with {count_of(side_tricks, 'trick')}: stake {format_points(g.stake, sign=False)}"
                        f" + {count_of(over, 'over-trick')} × {g.per_trick} = {format_points(amount, sign=False)}"]
    under = g.target - side_tricks
    amount = under * g.per_trick + (g.stake if rules.failure_pays_stake else 0)
    stake_note = (f"stake {format_points(g.stake, sign=False)} + " if rules.failure_pays_stake
                  else "no stake (as the rules print it) + ")
    return amount, [f"{g.name} failed with {count_of(side_tricks, 'trick')}: {stake_note}{count_of(under, 'trick')} short × "
                    f"{g.per_trick} = {format_points(amount, sign=False)}"]


def _settle_proposal(g: GameSpec, bidder: Seat, partner: Seat, opponents: list[Seat], made: bool,
                     side_tricks: int, rules: SoloRules) -> Settlement:
    amount, lines = _amount(g, made, side_tricks, rules)
    payments: list[Payment] = []
    if rules.proposal_paid_by_each_opponent:
        for p in (bidder, partner):
            for o in opponents:
                payments.append(Payment(o, p, amount) if made else Payment(p, o, amount))
        lines.append(f"each partner {'receives from' if made else 'pays'} each opponent "
                     f"{format_points(amount, sign=False)} (variant)")
    else:
        for p, o in _pairs(bidder, partner, opponents):
            payments.append(Payment(o, p, amount) if made else Payment(p, o, amount))
        lines.append(f"each partner {'receives' if made else 'pays'} {format_points(amount, sign=False)} "
                     f"{'from' if made else 'to'} the opponents — one opponent each (tutor's reading)")
    payments = [p for p in payments if p.amount]
    return Settlement(g.game, bidder, partner, made, side_tricks, tuple(payments), tuple(lines), (g.settle_law,))


def settle_result(result: SoloResult, rules: SoloRules | None = None) -> Settlement:
    """The settlement of a finished play."""
    c = result.contract
    tricks = result.side_tricks
    if result.claimed and not c.spec.avoid_tricks:  # a claimed declared abundance takes every trick
        tricks = 13
    return settle(c.game, c.bidder, made=result.made, side_tricks=tricks, partner=c.partner, rules=rules)
