"""The rubber score pad: score a deal played at a real table from what the players count.

At the table nobody writes down 52 cards. The players know the contract, the tricks, and
what they count when the play is over: which side held more trump honours and how many,
which side held more aces (or that they split two and two), and each coronet shown. The
engine scores from whole hands (:func:`tutor.engine.scoring.score_deal`); this module
scores from those counts with the same figures:

* tricks, penalties, slams, a revoke and its cap are the engine's own entries — they do
  not depend on the hands, so the deal is scored on a fixed stand-in deal and only the
  entries that come from the hands (honours, aces, coronets) are replaced;
* honours and aces are counted with the engine's :class:`~tutor.engine.scoring.honours.HonourClaim`
  (scoring 12-16: majorities, aces two-two to the side with the leve, honours against aces);
* no-trump aces at ``Rules.nt_ace_values`` (scoring 13, 17), coronets at the engine's
  :meth:`~tutor.engine.scoring.honours.Coronet.value` (note 5, scoring 18).

:class:`PadRubber` is the engine's :class:`~tutor.engine.rubber.Rubber` fed with such
deals: parties at 500, the partie and rubber bonuses and the X marks are its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.calls import Contract, Strain
from tutor.engine.cards import Deal, Seat, Side, Suit
from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of, listed
from tutor.engine.rubber import Rubber
from tutor.engine.rules import Rules
from tutor.engine.scoring import score_deal
from tutor.engine.scoring.honours import MIN_CORONET, Coronet, HonourClaim
from tutor.engine.scoring.items import DealScore, ScoreItem

TRUMP_HONOURS, ACES = 5, 4
#: Any complete deal: only the entries that do not depend on the hands are kept from it.
_STAND_IN = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
#: Entries that come from the hands, replaced by the counts.
_FROM_HANDS = {"honours", "aces", "coronet"}
_HAND_READINGS = {"trump-ace-both", "honours-offset", "nt-aces-both", "aces-coronet-table", "coronet-any-side"}
_SEAT_OF = {Side.NS: Seat.N, Side.EW: Seat.E}


class ScorePadError(TutorError):
    """A count that cannot happen at the table, with the law that says so."""


@dataclass(frozen=True)
class PadCoronet:
    """A coronet shown by ``side``: a run of ``length`` from the ace in ``suit``, or aces (``suit`` None)."""

    side: Side
    suit: Suit | None
    length: int

    def check(self) -> None:
        if self.suit is None and self.length not in (3, 4):
            raise ScorePadError(f"{self.length} aces in one hand: a coronet of aces is three or four (note 5)")
        if self.suit is not None and not MIN_CORONET <= self.length <= 13:
            raise ScorePadError(f"a coronet runs from the ace for 3 to 13 cards, not {self.length} (note 5)")


@dataclass(frozen=True)
class PadDeal:
    """One deal as the players report it.

    ``contract`` None: all four passed. ``honours``: the side holding more of the five
    trump honours and how many it holds (3, 4 or 5); not used at no-trumps. ``aces``: the
    side holding more aces and how many (3 or 4), or ``None`` when they split two and two.
    """

    contract: Contract | None
    declarer_tricks: int = 0
    honours: tuple[Side, int] | None = None
    aces: tuple[Side, int] | None = None
    coronets: tuple[PadCoronet, ...] = ()
    revoke: Side | None = None

    def check(self) -> None:
        if self.contract is None:
            return
        if self.contract.strain is not Strain.NO_TRUMPS:
            if self.honours is None:
                raise ScorePadError("say which side held more trump honours, and how many (scoring 12)")
            if not 3 <= self.honours[1] <= TRUMP_HONOURS:
                raise ScorePadError(f"the side with more of the five trump honours holds 3, 4 or 5, "
                                    f"not {self.honours[1]} (scoring 12)")
        if self.aces is not None and self.aces[1] not in (3, 4):
            raise ScorePadError(f"the side with more of the four aces holds 3 or 4, not {self.aces[1]}; "
                                "two each is a split (scoring 16)")
        for coronet in self.coronets:
            coronet.check()
        _check_pack(self, self.contract.strain.trump)


# One pack of 52 cards (law 1), 13 to a hand (law 22): what the counts above may claim together.
# The check reads every entry as generously as the table allows (a run reported shorter than it
# is, a hand holding more aces than its coronet says), so it refuses only what no deal can give.
HAND = 13


def _aces_held(pad: PadDeal) -> dict[Side, int]:
    """The aces each side holds by the "more aces" entry (None: two each)."""
    if pad.aces is None:
        return {Side.NS: 2, Side.EW: 2}
    side, aces = pad.aces
    return {side: aces, side.other: ACES - aces}


def _aces_claim(pad: PadDeal) -> str:
    return "aces split two and two" if pad.aces is None else f"{pad.aces[0].value} hold more aces, {pad.aces[1]}"


def _check_pack(pad: PadDeal, trump: Suit | None) -> None:
    """Refuse counts that no deal of one pack can give, with the note that defines the entry."""
    runs = [c for c in pad.coronets if c.suit is not None]
    aces_in_hand = [c for c in pad.coronets if c.suit is None]
    _check_one_ace_a_suit(runs, aces_in_hand)
    honours = _honours_by_side(pad, trump)
    if honours is not None and trump is not None and pad.honours is not None:
        _check_trump_runs_hold_their_honours(runs, trump, honours, pad.honours)
    aces = _aces_held(pad)
    _check_aces_shown(pad, runs, aces_in_hand, trump, aces, honours)
    _check_fits_in_two_hands(pad, trump, aces, honours)


def _check_one_ace_a_suit(runs: Sequence[PadCoronet], aces_in_hand: Sequence[PadCoronet]) -> None:
    """A coronet in a suit runs from that suit's one ace, and a coronet of aces takes the pack's aces:
    each can be shown once."""
    for suit in Suit:
        same = [c for c in runs if c.suit is suit]
        if len(same) > 1:
            sides = {c.side for c in same}
            who = "NS and EW" if len(sides) > 1 else f"all {same[0].side.value}"
            raise ScorePadError(f"{count_of(len(same), 'coronet')} in {suit.symbol} ({who}): a coronet runs from the "
                                f"ace and the pack has one ace of {suit.english}, so one hand at most holds it (law 1, note 5)")
    if len(aces_in_hand) > 1:
        who = ", ".join(f"{c.side.value} {c.length}" for c in aces_in_hand)
        raise ScorePadError(f"{count_of(len(aces_in_hand), 'coronet')} of aces ({who}) need "
                            f"{sum(c.length for c in aces_in_hand)} aces: the pack has four (law 1, note 5)")


def _honours_by_side(pad: PadDeal, trump: Suit | None) -> dict[Side, int] | None:
    """The trump honours each side holds, by the entry (``None`` at no-trumps or when not entered)."""
    if trump is None or pad.honours is None:
        return None
    return {pad.honours[0]: pad.honours[1], pad.honours[0].other: TRUMP_HONOURS - pad.honours[1]}


def _check_trump_runs_hold_their_honours(runs: Sequence[PadCoronet], trump: Suit, honours: Mapping[Side, int],
                                         entry: tuple[Side, int]) -> None:
    """A run from the ace of trumps holds that many of the five trump honours (up to five); ``entry`` is
    the pad's honours entry (the side that holds more, and how many)."""
    for run in (c for c in runs if c.suit is trump):
        held = min(run.length, TRUMP_HONOURS)
        if honours[run.side] < held:
            raise ScorePadError(
                f"{run.side.value}'s run of {run.length} from the ace of trumps ({trump.symbol}) holds {held} of the "
                f"five trump honours, but the entry gives {run.side.value} {honours[run.side]} "
                f"({entry[0].value} hold more, {entry[1]}) (note 4, note 5, scoring 12)")


def _check_aces_shown(pad: PadDeal, runs: Sequence[PadCoronet], aces_in_hand: Sequence[PadCoronet],
                      trump: Suit | None, aces: Mapping[Side, int], honours: Mapping[Side, int] | None) -> None:
    """Each side holds at least the aces its coronets (and all five trump honours) show."""
    for side in (Side.NS, Side.EW):
        needs = [f"a run from the ace of {c.suit.symbol}" for c in runs if c.side is side and c.suit is not None]
        needs += [f"{c.length} aces in one hand" for c in aces_in_hand if c.side is side]
        need = max([sum(1 for c in runs if c.side is side)] + [c.length for c in aces_in_hand if c.side is side])
        if honours is not None and honours[side] == TRUMP_HONOURS and not any(c.suit is trump for c in runs):
            needs.append("all five trump honours, the ace of trumps among them")
            need = max(need, sum(1 for c in runs if c.side is side) + 1)
        if aces[side] < need:
            raise ScorePadError(f"{side.value} show {listed(needs)}, which take {count_of(need, 'ace')}, but "
                                f"{side.value} hold {aces[side]} of the pack's four ({_aces_claim(pad)}) (law 1, note 5)")


def _check_fits_in_two_hands(pad: PadDeal, trump: Suit | None, aces: Mapping[Side, int],
                             honours: Mapping[Side, int] | None) -> None:
    """Each side's coronets, aces and trump honours fit in its two hands of thirteen cards."""
    for side in (Side.NS, Side.EW):
        if not any(_fits(pad, side, trump, aces, honours, holder) for holder in _trump_ace_holders(trump)):
            shown = [f"a run of {c.length} from the ace of {c.suit.symbol}" if c.suit is not None
                     else f"{c.length} aces in one hand" for c in pad.coronets if c.side is side]
            counts = count_of(aces[side], "ace") + ("" if honours is None else
                                                    f" and {count_of(honours[side], 'trump honour')}")
            raise ScorePadError(f"{side.value}: {listed(shown)}, with {counts} in all, do not fit in two hands "
                                f"of {HAND} cards (law 22, note 5)")


def _trump_ace_holders(trump: Suit | None) -> tuple[Side | None, ...]:
    return (None,) if trump is None else (Side.NS, Side.EW)


def _fits(pad: PadDeal, side: Side, trump: Suit | None, aces: Mapping[Side, int],
          honours: Mapping[Side, int] | None, trump_ace: Side | None) -> bool:
    """Whether ``side``'s two hands can hold its coronets, aces and trump honours, the ace of
    trumps being ``trump_ace``'s (None at no-trumps)."""
    runs = [c for c in pad.coronets if c.side is side and c.suit is not None]
    if any(c.suit is trump for c in pad.coronets if c.side is not side) and trump_ace is side:
        return False
    if any(c.suit is trump for c in runs) and trump_ace is not side:
        return False
    free_aces = aces[side] - len(runs)  # aces outside its runs
    trump_ace_free = trump_ace is side and not any(c.suit is trump for c in runs)
    extra_honours = 0  # trump honours outside a run and other than the ace
    if honours is not None:
        in_run = max((min(c.length, TRUMP_HONOURS) for c in runs if c.suit is trump), default=0)
        extra_honours = honours[side] - (in_run or (1 if trump_ace is side else 0))
        if not 0 <= extra_honours <= TRUMP_HONOURS - 1:
            return False
    in_hand = max((c.length for c in pad.coronets if c.side is side and c.suit is None), default=0)
    for mask in range(1 << len(runs)):  # the hand with the coronet of aces (if any) is hand 0
        hand = [[c.length for n, c in enumerate(runs) if (mask >> n & 1) == h] for h in (0, 1)]
        more_aces = max(0, in_hand - len(hand[0]))  # aces hand 0 holds besides its runs' aces
        if free_aces < max(more_aces, int(trump_ace_free)):
            continue
        first, second = sum(hand[0]) + more_aces, sum(hand[1])
        if first <= HAND and second <= HAND and first + second + free_aces - more_aces + extra_honours <= 2 * HAND:
            return True
    return False


def _honour_items(pad: PadDeal, contract: Contract, tricks: Mapping[Side, int], rules: Rules) -> list[ScoreItem]:
    level = contract.level
    leve = Side.NS if tricks[Side.NS] > tricks[Side.EW] else Side.EW
    ace_side, aces = pad.aces if pad.aces is not None else (leve, 2)
    split = " (split two and two: the side with the leve writes them)" if pad.aces is None else ""
    if contract.strain is Strain.NO_TRUMPS:
        rate = rules.nt_ace_values[level - 1]
        return [ScoreItem(ace_side, "above", "aces", aces * rate, ("scoring-13", "scoring-17"),
                          f"{ace_side.value} hold {aces} aces at no-trumps{split}: {aces} x {rate} = {aces * rate}")]
    assert pad.honours is not None
    honour_side, honours = pad.honours
    claim = HonourClaim(honour_side, honours, ace_side, aces, pad.aces is None)
    writer, net = claim.net
    if net == 0:
        return []
    rate = rules.honour_value * level
    laws = ("scoring-11", "scoring-12", "scoring-14") + (("scoring-15",) if honour_side is not ace_side else ()) \
        + (("scoring-16",) if pad.aces is None else ())
    why = (f"{honour_side.value} hold {honours} trump honours, {ace_side.value} {aces} aces{split}: "
           f"{count_of(net, 'honour')} to {writer.value}")
    return [ScoreItem(writer, "above", "honours", net * rate, laws, f"{why} x {rate} = {net * rate}")]


def _coronet_items(pad: PadDeal, strain: Strain, rules: Rules) -> list[ScoreItem]:
    items = []
    for shown in pad.coronets:
        coronet = Coronet(_SEAT_OF[shown.side], shown.suit, shown.length)
        value = coronet.value(strain, rules)
        what = (f"{shown.length} aces in one hand" if shown.suit is None
                else f"a run of {shown.length} from the ace in {shown.suit.english}")
        items.append(ScoreItem(shown.side, "above", "coronet", value, ("note-5", "scoring-18"),
                               f"{shown.side.value}: {what}, a coronet: {value}"))
    return items


def pad_score(pad: PadDeal, rules: Rules | None = None, *,
              below_before: Mapping[Side, int] | None = None) -> DealScore:
    """The itemized score of a deal reported as counts (see the module docstring)."""
    rules = rules or Rules()
    pad.check()
    engine = score_deal(_STAND_IN, pad.contract, pad.declarer_tricks, rules, revoke=pad.revoke,
                        below_before=below_before)
    if pad.contract is None:
        return engine
    items = [i for i in engine.items if i.kind not in _FROM_HANDS]
    items += _honour_items(pad, pad.contract, engine.tricks, rules)
    items += _coronet_items(pad, pad.contract.strain, rules)
    notes = tuple(n for n in engine.notes if "honour" not in n and "aces" not in n)
    readings = tuple(r for r in engine.readings if r not in _HAND_READINGS)
    return DealScore(tuple(items), tricks=engine.tricks, contract=engine.contract, revokes=engine.revokes, charges=engine.charges,
                     notes=notes, readings=readings)


class PadRubber(Rubber):
    """A rubber scored from counts: the engine's rubber, each deal scored by :func:`pad_score`."""

    def add_pad(self, pad: PadDeal) -> DealScore:
        if self.is_over:
            raise ScorePadError(f"the rubber was already won by {self.winner.value if self.winner else ''}")
        partie = self._parties[-1]
        score = pad_score(pad, self.rules, below_before=dict(partie.below))
        return self.write_score(score)  # the bookkeeping of Rubber.add, for a score from counts


def pad_rubber(deals: list[PadDeal], rules: Rules | None = None) -> PadRubber:
    """A rubber with each reported deal written in turn."""
    rubber = PadRubber(rules or Rules())
    for n, pad in enumerate(deals, 1):
        try:
            rubber.add_pad(pad)
        except TutorError as err:
            raise ScorePadError(f"deal {n}: {err}") from None
    return rubber

