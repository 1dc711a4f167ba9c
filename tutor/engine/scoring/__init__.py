"""Scoring one Vint deal, item by item (book "Calculations and records" 1-22, laws 24, 148-151).

* **Tricks, both sides** (scoring 1, 5): each side writes below the line every trick it
  took at ``Rules.trick_value`` x level (10 in a simple game … 70 in a grand slam), the
  declarers and the defenders alike, made or not. "Three" with 9 tricks: 270 and 120.
* **Penalty** (scoring 20-21): each trick the declarers fall short costs
  ``Rules.penalty_value`` x level (1000 … 7000), written above the line by the opponents.
* **Slams** (scoring 19, 22): a declared small / grand slam that is made scores 5000 /
  10000; taking twelve / thirteen tricks scores 1000 / 2000 more — for any side, declared
  or not (tutor's reading, with note 8 and law 150). A failed declared slam gives the
  opponents its declared bonus as well as the penalty.
* **Honours, aces, coronets** are found in the hands (:mod:`tutor.engine.scoring.honours`).
* **Passed-out deals** (scoring 8-10): an X is written (valued when the rubber ends);
  by the ``passed-out`` variant the deal is played out instead and the side with fewer
  tricks writes ``Rules.played_out_trick_value`` for each extra trick of the others.
* **Revoke** (laws 148-151): three tricks pass from the revoking side to the opponents
  before anything is scored; tricks it lacks are charged at the penalty rate; a slam the
  transfer creates scores for the opponents; the revokers' partie total stops at 490, the
  excess going above the line. Several revokes (tutor's reading ``revoke-several``): each
  costs its three tricks, all taken from the tricks the side took in play, and when both
  sides revoked both transfers are made. Who answers for a revoke (laws 153, 157): the
  :class:`~tutor.engine.scoring.items.RevokeCharge` of each revoke is the swing it cost its
  side, charged to the player alone when the revoke is personal.
* **Dealer's unnoticed 14th card** (law 24): ``Rules.dealer_extra_card_penalty`` to the
  opponents.

Every figure comes from :class:`~tutor.engine.rules.Rules`; the tutor's readings where
the seeds are silent are listed, with citations, in ``content/scoring-readings.yaml``.

>>> from tutor.engine.cards import Deal
>>> d = Deal.from_pbn("N:T98.T98.T98.T987 765.765.765.6543 432.432.432.AKQJ AKQJ.AKQJ.AKQJ.2")
>>> s = score_deal(d, Contract.parse("3C", "S"), 9)
>>> s.below(Side.NS), s.below(Side.EW)
(270, 120)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tutor.engine.calls import LEVEL_NAMES, Contract
from tutor.engine.cards import Deal, Seat, Side
from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.engine.rules import VARIANTS, Rules, Variant
from tutor.engine.scoring.honours import coronet_items, honour_items
from tutor.engine.scoring.items import DealScore, Line, Revoke, RevokeCharge, ScoreItem

__all__ = ["BOOK_RULES", "DealScore", "Line", "Revoke", "ScoreItem", "ScoringError", "as_revokes", "score_deal",
           "scoring_variants"]

RevokeArg = Side | Seat | Revoke | Sequence[Side | Seat | Revoke] | None

BOOK_RULES = Rules()
TRICKS_IN_DEAL = 13
FIVE_LEVEL = 5
SMALL_SLAM_LEVEL = 6
SMALL_SLAM_TRICKS = 12
SCORING_LAWS = frozenset({"law-24", "law-148", "law-149", "law-150", "law-151"})


class ScoringError(TutorError):
    """A deal cannot be scored as given; the message names the field (``tricks``, ``deal`` …)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.detail = message


def scoring_variants() -> tuple[Variant, ...]:
    """The variants that change a score: those on a scoring law, and law 24's penalty."""
    return tuple(v for v in VARIANTS if v.law.startswith("scoring-") or v.law in SCORING_LAWS)


def as_revokes(revoke: RevokeArg) -> tuple[Revoke, ...]:
    """The revokes of a deal from a side, a seat, a :class:`Revoke` or a sequence of them.

    >>> [r.side.value for r in as_revokes([Side.NS, Seat.E])]
    ['NS', 'EW']
    """
    if revoke is None:
        return ()
    if isinstance(revoke, (Side, Seat, Revoke)):
        revoke = [revoke]
    out = []
    for one in revoke:
        if isinstance(one, Revoke):
            out.append(one)
        elif isinstance(one, Seat):
            out.append(Revoke(one.side, one))
        else:
            out.append(Revoke(one))
    return tuple(out)


def score_deal(
    deal: Deal,
    contract: Contract | None,
    declarer_tricks: int,
    rules: Rules = BOOK_RULES,
    *,
    revoke: RevokeArg = None,
    dealer_extra_card: bool = False,
    dealer: Seat | None = None,
    below_before: Mapping[Side, int] | None = None,
    passed_side: Side = Side.NS,
) -> DealScore:
    """Score one deal: every entry with its side, line, kind, points, laws and explanation.

    ``declarer_tricks`` are the tricks the declaring side took in play (for a passed-out
    deal played out, the tricks of ``passed_side``). ``revoke`` names the side, the player
    or the :class:`Revoke` s (one or several, of one side or both) of the deal;
    ``dealer_extra_card`` that ``dealer`` held an unnoticed 14th card (law 24).
    ``below_before`` is each side's below-the-line total in the current partie before this
    deal, which the revoke cap of law 151 needs (0 when not given).
    """
    _check(deal, declarer_tricks, dealer_extra_card, dealer)
    revokes = as_revokes(revoke)
    if contract is None:
        if revokes:
            raise ScoringError("revoke", "a passed-out deal has no contract to charge a revoke against (law 148)")
        score = _passed_out(declarer_tricks, passed_side, rules)
    else:
        score = _with_charges(deal, contract, declarer_tricks, rules, revokes, below_before or {})
    if dealer_extra_card and dealer is not None:
        score = _with_dealer_penalty(score, dealer, rules)
    return score


def _check(deal: Deal, tricks: int, dealer_extra_card: bool, dealer: Seat | None) -> None:
    if not deal.is_complete:
        sizes = ", ".join(f"{s.value} {len(h)}" for s, h in deal.hands.items())
        raise ScoringError("deal", f"every hand must hold 13 cards to find honours and coronets ({sizes})")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= TRICKS_IN_DEAL:
        raise ScoringError("tricks", f"{tricks!r} is not a trick count from 0 to 13")
    if dealer_extra_card and dealer is None:
        raise ScoringError("dealer", "the dealer's seat is needed to charge his 14th card (law 24)")


def _passed_out(tricks: int, side: Side, rules: Rules) -> DealScore:
    """Scoring 8 (an X) or, by agreement, scoring 10 (the deal is played out)."""
    if rules.passed_out == "x_mark":
        return DealScore((), x_mark=True, notes=("All four passed: an X is written (scoring 8).",))
    counts = {side: tricks, side.other: TRICKS_IN_DEAL - tricks}
    more = side if counts[side] > counts[side.other] else side.other
    if rules.played_out_extra == "difference":
        extra = counts[more] - counts[more.other]
        how = f"{counts[more]} - {counts[more.other]}"
    else:
        extra = counts[more] - 6
        how = f"{counts[more]} - 6"
    points = extra * rules.played_out_trick_value
    text = (f"Passed deal played out: {more.value} took {counts[more]} tricks; {more.other.value} write "
            f"{rules.played_out_trick_value} for each of the {how} = {count_of(extra, 'extra trick')}")
    item = ScoreItem(more.other, "above", "played_out", points, ("scoring-10",), text)
    return DealScore((item,), tricks=counts, readings=("played-out-extra", "played-out-nothing-else"))


def _with_charges(deal: Deal, contract: Contract, played: int, rules: Rules, revokes: tuple[Revoke, ...],
                  below_before: Mapping[Side, int]) -> DealScore:
    """The deal's score, with what each revoke cost its side and who answers for it (laws 153, 157).

    A side's revokes cost it the swing between the score with them and the score without
    them (the other side's revokes kept); that swing is shared equally among its revokes,
    and a personal revoke's share is charged to the player alone.
    """
    score = _contract(deal, contract, played, rules, revokes, below_before)
    charges: list[RevokeCharge] = []
    for side in (Side.NS, Side.EW):
        mine = [r for r in revokes if r.side is side]
        if not mine:
            continue
        without = _contract(deal, contract, played, rules, tuple(r for r in revokes if r.side is not side),
                            below_before)
        swing = (score.total(side.other) - score.total(side)) - (without.total(side.other) - without.total(side))
        share, rest = divmod(swing, len(mine))
        charges += [RevokeCharge(r, share + (rest if n == 0 else 0)) for n, r in enumerate(mine)]
    readings = score.readings + (("revoke-personal",) if any(r.personal for r in revokes) else ())
    return DealScore(score.items, tricks=score.tricks, contract=contract, revokes=revokes, notes=score.notes,
                     readings=readings, charges=tuple(charges))


def _transfer(tricks: dict[Side, int], revokes: tuple[Revoke, ...], level: int, rules: Rules,
              notes: list[str], readings: list[str]) -> list[ScoreItem]:
    """Laws 148-149: each revoke takes three of the tricks its side took in play (a shortfall is
    charged at the penalty rate); both sides' transfers are made from the tricks as played."""
    played = dict(tricks)
    owed = {side: rules.revoke_tricks * sum(r.side is side for r in revokes) for side in Side}
    moved = {side: min(owed[side], played[side]) for side in Side}
    items: list[ScoreItem] = []
    for side in (Side.NS, Side.EW):
        tricks[side] = played[side] - moved[side] + moved[side.other]
        if not owed[side]:
            continue
        count = owed[side] // rules.revoke_tricks
        what = "revoked" if count == 1 else f"revoked {count} times"
        notes.append(f"{side.value} {what}: {moved[side]} of their tricks pass to {side.other.value} (law 148).")
        short = owed[side] - moved[side]
        if short:
            rate = rules.penalty_value * level
            items.append(ScoreItem(side.other, "above", "revoke_penalty", short * rate, ("law-149",),
                                   f"{side.value} {what} holding only {played[side]} tricks: "
                                   f"{short} missing x {rate} = {short * rate}"))
    readings.append("revoke-before-scoring")
    if len(revokes) > 1:
        readings.append("revoke-several")
    return items


def _contract(deal: Deal, contract: Contract, played: int, rules: Rules, revokes: tuple[Revoke, ...],
              below_before: Mapping[Side, int]) -> DealScore:
    level, declaring = contract.level, contract.declarer.side
    tricks = {declaring: played, declaring.other: TRICKS_IN_DEAL - played}
    items: list[ScoreItem] = []
    notes: list[str] = []
    readings: list[str] = []
    revoking = frozenset(r.side for r in revokes)
    if revokes:
        items += _transfer(tricks, revokes, level, rules, notes, readings)
    items += _trick_items(contract, tricks, rules, bool(revokes))
    items += _contract_result(contract, tricks, rules, notes, readings)
    items += _slams_made(contract, tricks, rules, revoking, readings)
    for found in (honour_items(deal, contract.strain, level, tricks, rules),
                  coronet_items(deal, contract.strain, rules, declaring)):
        items += found.items
        notes += found.notes
        readings += found.readings
    score = DealScore(tuple(items), tricks=tricks, contract=contract, revokes=revokes,
                      notes=tuple(notes), readings=tuple(dict.fromkeys(readings)))
    for side in (Side.NS, Side.EW):
        if side in revoking:
            score = _cap_revoker(score, side, rules, below_before)
    return score


def _trick_items(contract: Contract, tricks: dict[Side, int], rules: Rules, revoked: bool) -> list[ScoreItem]:
    rate = rules.trick_points(contract.level)
    laws = ("scoring-1", "scoring-5") + (("law-148",) if revoked else ())
    name = LEVEL_NAMES[contract.level]
    return [
        ScoreItem(side, "below", "tricks", tricks[side] * rate, laws,
                  f"{side.value} took {count_of(tricks[side], 'trick')} at {rate} each (\"{name}\") = {tricks[side] * rate}")
        for side in (contract.declarer.side, contract.declarer.side.other)
        if tricks[side]
    ]


def _contract_result(contract: Contract, tricks: dict[Side, int], rules: Rules,
                     notes: list[str], readings: list[str]) -> list[ScoreItem]:
    """The penalty of a failed contract (scoring 20-22) or the bonus of a declared slam (19)."""
    level, declaring = contract.level, contract.declarer.side
    need, took = contract.tricks_needed, tricks[declaring]
    slam = level >= SMALL_SLAM_LEVEL
    items: list[ScoreItem] = []
    if took < need:
        short, rate = need - took, rules.penalty_value * level
        items.append(ScoreItem(declaring.other, "above", "penalty", short * rate, ("scoring-20", "scoring-21"),
                               f"\"{contract.bid.spoken}\" by {declaring.value}: {took} tricks of {need}, "
                               f"{short} short x {rate} = {short * rate}"))
        readings.append("failed-contract-tricks")
        if slam:
            bonus = rules.slam_declared_bonus[level - SMALL_SLAM_LEVEL]
            items.append(ScoreItem(declaring.other, "above", "slam_failed", bonus, ("scoring-22",),
                                   f"The declared {LEVEL_NAMES[level]} failed: {declaring.other.value} "
                                   f"write the bonus it would have earned, {bonus}"))
    elif slam:
        bonus = rules.slam_declared_bonus[level - SMALL_SLAM_LEVEL]
        items.append(ScoreItem(declaring, "above", "slam_declared", bonus, ("scoring-19",),
                               f"{declaring.value} declared and made a {LEVEL_NAMES[level]}: {bonus}"))
    if took < need and took * rules.trick_points(level) >= rules.partie_target:
        notes.append(f"{declaring.value} failed, yet their {took} tricks reach {rules.partie_target} below the "
                     "line and so end the partie for them (the tutor's reading of scoring 1 and 4; the book "
                     "does not discuss this case).")
        readings.append("failed-contract-reaches-500")
    if took < need and level == FIVE_LEVEL:
        readings.append("failed-five")
    return items


def _slams_made(contract: Contract, tricks: dict[Side, int], rules: Rules, revoking: frozenset[Side],
                readings: list[str]) -> list[ScoreItem]:
    """1000 / 2000 to any side taking twelve / thirteen tricks (scoring 19, note 8; law 150)."""
    items: list[ScoreItem] = []
    for side in (contract.declarer.side, contract.declarer.side.other):
        if tricks[side] < SMALL_SLAM_TRICKS:
            continue
        grand = tricks[side] == TRICKS_IN_DEAL
        bonus = rules.slam_made_bonus[int(grand)]
        name = "grand slam" if grand else "small slam"
        laws: tuple[str, ...] = ("scoring-19", "note-8")
        text = f"{side.value} took {tricks[side]} tricks, a {name}: {bonus}"
        if side.other in revoking:
            laws += ("law-150",)
            text += f" (scored against the revoking {side.other.value})"
            readings.append("revoke-slam")
        declared_this = side is contract.declarer.side and contract.level == tricks[side] - 6
        if not declared_this:
            readings.append("slam-any-side")
        items.append(ScoreItem(side, "above", "slam_made", bonus, laws, text))
    return items


def _cap_revoker(score: DealScore, revoke: Side, rules: Rules, below_before: Mapping[Side, int]) -> DealScore:
    """Law 151: the revokers end the deal with at most 490 below; the excess goes above."""
    before = below_before.get(revoke, 0)
    room = max(0, rules.revoke_below_cap - before)
    written = score.below(revoke)
    if written <= room:
        return score
    excess = written - room
    items: list[ScoreItem] = []
    for item in score.items:
        if item.side is revoke and item.line == "below":
            if room == 0:  # nothing may go below: the whole amount is the excess, written above
                continue
            item = ScoreItem(item.side, "below", item.kind, room, item.laws + ("law-151",),
                             f"{item.text}; capped at {room} below (law 151)")
        items.append(item)
    items.append(ScoreItem(revoke, "above", "over_cap", excess, ("law-151",),
                           f"{revoke.value} revoked and may not pass {rules.revoke_below_cap} below the line: "
                           f"{excess} goes above"))
    return DealScore(tuple(items), tricks=score.tricks, contract=score.contract, revokes=score.revokes,
                     notes=score.notes, readings=(*score.readings, "revoke-cap"))


def _with_dealer_penalty(score: DealScore, dealer: Seat, rules: Rules) -> DealScore:
    points = rules.dealer_extra_card_penalty
    item = ScoreItem(dealer.side.other, "above", "dealer_extra_card", points, ("law-24",),
                     f"The dealer {dealer.value} held an unnoticed 14th card: {dealer.side.other.value} write {points}")
    return DealScore((*score.items, item), tricks=score.tricks, contract=score.contract, x_mark=score.x_mark,
                     revokes=score.revokes, notes=score.notes, readings=(*score.readings, "dealer-extra-card"),
                     charges=score.charges)

