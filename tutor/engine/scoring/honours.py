"""Honours, aces and coronets, found in the hands themselves (book scoring 11-18).

* **Honours** (note 4) are the A K Q J 10 of trumps. The side holding more of them
  writes its count (scoring 12), each worth ``Rules.honour_value`` x level (100 x level,
  scoring 11).
* In a **trump game the four aces** count as honours too, at the same value (scoring 14).
  The side holding more aces claims them; aces split two and two belong to the side that
  took the leve, more than six tricks (scoring 16). The two claims offset when they belong
  to opposite sides, "honours go against aces" (scoring 15). Tutor's reading: this counting
  model (not stated as such), and the ace of trumps counting both as an honour and as an
  ace — scoring 16 speaks of four aces split two and two.
* At **no-trumps** only the aces count: the majority (or, at two-two, the side with the
  leve) writes each ace at ``Rules.nt_ace_values`` (250 x level, scoring 13, 17).
* **Coronets** (note 5, scoring 18): an unbroken run from the ace in one hand, at least
  A K Q, in the plain table for plain suits and the doubled table for the trump suit and
  for every suit at no-trumps; three or four aces in one hand are a coronet too (500 /
  1000 in a trump game, 1000 / 2000 at no-trumps: tutor's reading of scoring 18 with the
  Russian summary, l.427-429). Any player's coronet scores for his side.

>>> from tutor.engine.cards import Deal
>>> from tutor.engine.calls import Strain
>>> d = Deal.from_pbn("N:AKQJT.AK.AK.5432 98765.QJ.QJ.AKQJ 432.T985.T98.T98 .76432.765432.76")
>>> [c.cards_text for c in coronets(d, Strain.SPADES)]
['AKQJT', 'A A A', 'AKQJ']
>>> holdings(d, Strain.SPADES).honours[Side.NS], holdings(d, Strain.SPADES).aces[Side.NS]
(5, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.calls import Strain
from tutor.engine.cards import HONOUR_RANKS, PBN_SUITS, SEATS, Deal, Rank, Seat, Side, Suit
from tutor.engine.nouns import count_of
from tutor.engine.rules import Rules
from tutor.engine.scoring.items import ScoreItem

#: Ranks from the ace down: the order a coronet runs in (note 5).
_RUN_ORDER: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))
MIN_CORONET = 3  # A K Q is the shortest coronet (note 5)
MIN_ACES_CORONET = 3  # three or four aces in one hand (note 5)


@dataclass(frozen=True)
class Holdings:
    """How many trump honours and aces each side holds."""

    honours: dict[Side, int]
    aces: dict[Side, int]


@dataclass(frozen=True)
class Coronet:
    """A coronet held by ``seat``: a run from the ace in ``suit``, or aces (``suit`` None)."""

    seat: Seat
    suit: Suit | None
    length: int

    @property
    def is_aces(self) -> bool:
        return self.suit is None

    @property
    def cards_text(self) -> str:
        if self.suit is None:
            return " ".join(["A"] * self.length)
        return "".join(r.char for r in _RUN_ORDER[: self.length])

    def describe(self, strain: Strain) -> str:
        who = self.seat.value
        if self.suit is None:
            return f"{who} holds {self.length} aces in one hand"
        lowest = _RUN_ORDER[self.length - 1]
        table = "trump" if counts_as_trump(self.suit, strain) else "plain"
        pretty = " ".join(("10" if r is Rank.TEN else r.char) for r in _RUN_ORDER[: self.length])
        reach = "A-K-Q" if self.length == MIN_CORONET else f"to the {_RANK_WORDS[lowest]}"
        return f"{who} holds {self.suit.symbol} {pretty}: a {table} coronet {reach}"

    def value(self, strain: Strain, rules: Rules) -> int:
        """Its points under scoring 18."""
        if self.suit is None:
            aces = rules.aces_coronet_nt if strain is Strain.NO_TRUMPS else rules.aces_coronet_plain
            return aces[self.length - MIN_ACES_CORONET]
        table = rules.coronet_trump if counts_as_trump(self.suit, strain) else rules.coronet_plain
        return table[self.length - MIN_CORONET]


_RANK_WORDS = {
    Rank.QUEEN: "queen", Rank.JACK: "jack", Rank.TEN: "ten", Rank.NINE: "nine", Rank.EIGHT: "eight",
    Rank.SEVEN: "seven", Rank.SIX: "six", Rank.FIVE: "five", Rank.FOUR: "four", Rank.THREE: "three",
    Rank.TWO: "two",
}


def counts_as_trump(suit: Suit, strain: Strain) -> bool:
    """A coronet in the trump suit, or in any suit at no-trumps, uses the doubled table (note 5)."""
    return strain is Strain.NO_TRUMPS or strain.trump is suit


def holdings(deal: Deal, strain: Strain) -> Holdings:
    """Count each side's trump honours (none at no-trumps) and aces."""
    honours = {Side.NS: 0, Side.EW: 0}
    aces = {Side.NS: 0, Side.EW: 0}
    trump = strain.trump
    for seat in SEATS:
        for card in deal[seat].cards:  # the set: counting needs no order (the pricer scores every layout)
            if trump is not None and card.suit is trump and card.rank in HONOUR_RANKS:
                honours[seat.side] += 1
            if card.rank is Rank.ACE:
                aces[seat.side] += 1
    return Holdings(honours, aces)


def run_from_ace(deal: Deal, seat: Seat, suit: Suit) -> int:
    """The length of the unbroken run from the ace that ``seat`` holds in ``suit``."""
    held = {c.rank for c in deal[seat].cards if c.suit is suit}
    length = 0
    for rank in _RUN_ORDER:
        if rank not in held:
            break
        length += 1
    return length


def coronets(deal: Deal, strain: Strain) -> tuple[Coronet, ...]:
    """Every coronet in the deal, seat by seat (N, E, S, W), suits in PBN order, aces last."""
    found: list[Coronet] = []
    for seat in SEATS:
        for suit in PBN_SUITS:
            length = run_from_ace(deal, seat, suit)
            if length >= MIN_CORONET:
                found.append(Coronet(seat, suit, length))
        aces = sum(1 for c in deal[seat].cards if c.rank is Rank.ACE)
        if aces >= MIN_ACES_CORONET:
            found.append(Coronet(seat, None, aces))
    return tuple(found)


@dataclass(frozen=True)
class Found:
    """Entries found in the hands, with notes on what produced none, and readings used."""

    items: tuple[ScoreItem, ...] = ()
    notes: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()


def _leve_side(tricks: dict[Side, int]) -> Side:
    """The side that took the leve, more than six tricks (note 1): always exactly one."""
    return Side.NS if tricks[Side.NS] > tricks[Side.EW] else Side.EW


def _majority(counts: dict[Side, int], tricks: dict[Side, int]) -> tuple[Side, bool]:
    """The side holding more; at two-two, the side with the leve (scoring 13, 16)."""
    if counts[Side.NS] == counts[Side.EW]:
        return _leve_side(tricks), True
    return (Side.NS if counts[Side.NS] > counts[Side.EW] else Side.EW), False


@dataclass(frozen=True)
class HonourClaim:
    """Scoring 12-16 in a trump game: who claims the honours, who the aces, and the net result."""

    honour_side: Side
    honours: int
    ace_side: Side
    aces: int
    aces_split: bool

    @property
    def net(self) -> tuple[Side, int]:
        """The side that writes and how many honours (0: the claims cancel, scoring 15)."""
        if self.honour_side is self.ace_side:
            return self.honour_side, self.honours + self.aces
        if self.honours >= self.aces:
            return self.honour_side, self.honours - self.aces
        return self.ace_side, self.aces - self.honours


def honour_claim(deal: Deal, strain: Strain, tricks: dict[Side, int]) -> HonourClaim:
    """The two claims of a trump game: the honour majority and the ace majority (scoring 12-16)."""
    held = holdings(deal, strain)
    h_side, _ = _majority(held.honours, tricks)
    a_side, split = _majority(held.aces, tricks)
    return HonourClaim(h_side, held.honours[h_side], a_side, held.aces[a_side], split)


def honour_items(deal: Deal, strain: Strain, level: int, tricks: dict[Side, int], rules: Rules) -> Found:
    """The honours entry of a trump game, or the aces entry at no-trumps (scoring 11-17)."""
    if strain is Strain.NO_TRUMPS:
        return _nt_aces(deal, level, tricks, rules)
    claim = honour_claim(deal, strain, tricks)
    h_side, h, a_side, a = claim.honour_side, claim.honours, claim.ace_side, claim.aces
    writer, net = claim.net
    laws = ["scoring-11", "scoring-12", "scoring-14"]
    readings = ("trump-ace-both", "honours-offset")
    aces_text = f"{a} aces" + (f" (split two and two: {a_side.value} took the leve)" if claim.aces_split else "")
    if claim.aces_split:
        laws.append("scoring-16")
    if h_side is a_side:
        why = f"{writer.value} hold {h} trump honours and {aces_text}: {net} honours"
    else:
        laws.append("scoring-15")
        why = (f"{h_side.value} hold {h} trump honours, {a_side.value} hold {aces_text}; "
               f"honours go against aces: {count_of(net, 'honour')} to {writer.value}")
    rate = rules.honour_value * level
    if net == 0:
        return Found(notes=(f"{why} — nobody writes for honours (scoring 15).",), readings=readings)
    item = ScoreItem(writer, "above", "honours", net * rate, tuple(laws), f"{why} x {rate} = {net * rate}")
    return Found((item,), readings=readings)


def _nt_aces(deal: Deal, level: int, tricks: dict[Side, int], rules: Rules) -> Found:
    held = holdings(deal, Strain.NO_TRUMPS)
    side, split = _majority(held.aces, tricks)
    count = held.aces[side]
    rate = rules.nt_ace_values[level - 1]
    laws = ("scoring-13", "scoring-17")
    in_one_hand = max(sum(1 for c in deal[s].cards if c.rank is Rank.ACE) for s in SEATS if s.side is side)
    if in_one_hand >= MIN_ACES_CORONET and rules.nt_aces_in_one_hand == "coronet_only":
        note = (f"{side.value}'s aces are {in_one_hand} in one hand: under the 'coronet only' variant "
                f"they score as a coronet, not at {rate} each (scoring 18, C18).")
        return Found(notes=(note,), readings=("nt-aces-both",))
    how = f" (split two and two: {side.value} took the leve)" if split else ""
    text = f"{side.value} hold {count} aces at no-trumps{how}: {count} x {rate} = {count * rate}"
    readings = ("nt-aces-both",) if in_one_hand >= MIN_ACES_CORONET else ()
    return Found((ScoreItem(side, "above", "aces", count * rate, laws, text),), readings=readings)


def coronet_items(deal: Deal, strain: Strain, rules: Rules, declaring: Side | None = None) -> Found:
    """One entry per coronet in any hand (note 5, scoring 18)."""
    items: list[ScoreItem] = []
    readings: list[str] = []
    for coronet in coronets(deal, strain):
        value = coronet.value(strain, rules)
        items.append(ScoreItem(coronet.seat.side, "above", "coronet", value, ("note-5", "scoring-18"),
                               f"{coronet.describe(strain)}: {value}"))
        if coronet.is_aces and "aces-coronet-table" not in readings:
            readings.append("aces-coronet-table")
        if declaring is not None and coronet.seat.side is not declaring and "coronet-any-side" not in readings:
            readings.append("coronet-any-side")
    return Found(tuple(items), readings=tuple(readings))
