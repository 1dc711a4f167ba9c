"""What a play convention asks of a drill position, and the draft a position is drawn into.

:func:`needs_of` reads a rule's conditions (contract level, strain, holdings by suit
role, suits named, the card led, flags such as partner's discards or the score);
:class:`Draft` collects, for one draw, the seats, the suits given to each role, the
learner's exact holdings and the cards and script the play prefix needs.
:mod:`tutor.lessons.play_scenarios` fills a draft and deals it.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.calls import Strain
from tutor.engine.cards import PBN_SUITS, Card, Rank, Seat, Side, Suit
from tutor.engine.conventions import Rule
from tutor.engine.dealgen import Constraint
from tutor.engine.errors import TutorError
from tutor.engine.play_holdings import is_small, matches
from tutor.engine.rules import Rules

#: Honours each pattern needs (alternatives), so a random holding is drawn around them.
_CORE: Mapping[str, tuple[str, ...]] = {
    "AKQ": ("AKQ",), "KQ+": ("KQ",), "KQJ": ("KQJ",), "KQ+1-2": ("KQ",), "AK": ("AK",), "AK+": ("AK",), "AKx": ("AK",),
    "AK4+": ("AK",), "QJT": ("QJT",), "A(Q|J)4+": ("AQ", "AJ", "AQJ"), "Axxx": ("A",), "Ax": ("A",), "Ax+": ("A",),
    "Kx": ("K",), "weak-KQ": ("K", "Q"), "blank-honour": ("A", "K", "Q"), "AK|KQ": ("AK", "KQ"),
    "small-only": ("",), "AQ": ("AQ",), "AQ+2": ("AQ",), "AQ+1-2": ("AQ",), "AJ": ("AJ",), "AJT": ("AJT",), "AT": ("AT",), "AQT": ("AQT",),
    "AKJ": ("AKJ",), "AKJ+": ("AKJ",), "KJT": ("KJT",), "AQJ": ("AQJ",), "cut": ("AQ", "AKJ", "KJT"),
    "A": ("A",), "Q": ("Q",), "small": ("",), "Kx|Qx": ("K", "Q"), "some": ("",),
    "A-small": ("A",), "QJ+2": ("QJ",), "1-2": ("",), "2-3": ("",), "blank-AK": ("A", "K"),
}
#: Holdings the lead conventions act on: a prohibition is tested by placing one in the forbidden suit.
LADDER = ("AKQ", "AK4+", "AKx", "KQ+", "QJT", "Ax", "A(Q|J)4+", "Axxx")
SMALL = tuple(r for r in Rank if is_small(r))
OPERATOR_FUNCTIONS = {"==": operator.eq, "!=": operator.ne, ">=": operator.ge, "<=": operator.le,
                      ">": operator.gt, "<": operator.lt}


class Rejected(TutorError):
    """This draw cannot meet the rule's conditions; draw again."""


def sample_holding(pattern: str, rng: random.Random, rules: Rules, *, max_len: int = 6) -> list[Rank]:
    """A random holding (ranks, highest first) of the named pattern."""
    for _ in range(400):
        core = [Rank.parse(ch) for ch in rng.choice(_CORE.get(pattern, ("",)))]
        length = rng.randint(max(1, len(core)), max_len)
        others = [r for r in Rank if r not in core]
        if pattern in ("small-only", "Axxx", "Ax", "Ax+", "Kx", "weak-KQ", "Kx|Qx"):
            others = [r for r in others if is_small(r)] if pattern != "weak-KQ" else [
                r for r in others if r <= Rank.TEN]
        extra = rng.sample(others, min(len(others), length - len(core)))
        ranks = tuple(sorted(core + extra, reverse=True))
        if matches(pattern, ranks, rules):
            return list(ranks)
    raise Rejected(f"no holding of pattern {pattern!r} drawn")


@dataclass
class Needs:
    """What a rule's conditions ask of the position, gathered from its data."""

    level: tuple[int, int] = (1, 5)
    strain: str = "any"  # nt | suit | any
    holdings: list[tuple[str, str, bool]] = field(default_factory=list)
    named: dict[str, bool] = field(default_factory=dict)
    nt_first: dict[str, bool] = field(default_factory=dict)
    led_ranks: set[int] = field(default_factory=lambda: set(range(2, 15)))
    led_is: str | None = None
    flags: dict[str, Any] = field(default_factory=dict)


def needs_of(rule: Rule) -> Needs:
    """Read the rule's conditions into :class:`Needs`."""
    n = Needs()
    lo, hi = 1, 7
    for c in rule.conditions:
        f, v, args = c.name, c.value, dict(c.args)
        if f == "contract_level":
            allowed = [lv for lv in range(lo, hi + 1) if _holds(lv, c.op, v)]
            if not allowed:
                raise TutorError(f"{rule.id}: no contract level meets {c}")
            lo, hi = min(allowed), max(allowed)
        elif f == "no_trumps":
            n.strain = "nt" if v else "suit"
        elif f == "holding":
            n.holdings.append((str(args.get("suit", "any")), str(args["pattern"]), bool(v)))
        elif f == "named":
            n.named[str(args.get("suit", "partner"))] = bool(v)
        elif f == "first_bid_nt":
            n.nt_first[str(args.get("seat", "rho"))] = bool(v)
        elif f == "led_rank":
            n.led_ranks = {r for r in n.led_ranks if _holds(r, c.op, v)}
        elif f == "led_small":
            n.led_ranks = {r for r in n.led_ranks if (r <= 9) == bool(v)}
        elif f == "led_is":
            n.led_is = str(args["suit"])
        else:
            n.flags[f] = (c.op, v)
    n.level = (lo, hi)
    if n.led_is == "trump":
        n.strain = "suit"
    if "trumps_held" in n.flags or "trump_rounds" in n.flags or "trump_supported" in n.flags:
        n.strain = "suit" if n.strain == "any" else n.strain
    return n


def _holds(x: int, op: str, v: Any) -> bool:
    return bool(OPERATOR_FUNCTIONS[op](x, v))


@dataclass
class Draft:
    """One draw in progress: seats, suits, the learner's holdings, fixed cards, namings, script."""

    rng: random.Random
    rules: Rules
    declarer: Seat
    learner: Seat
    strain: Strain
    level: int
    layout: str
    suits: dict[str, Suit] = field(default_factory=dict)
    exact: dict[Suit, list[Rank]] = field(default_factory=dict)
    #: cards the learner must hold in a suit that stays open to the random fill
    must: dict[Suit, list[Rank]] = field(default_factory=dict)
    banned: list[tuple[Suit, str]] = field(default_factory=list)
    min_len: dict[Suit, int] = field(default_factory=dict)
    fixed: dict[Seat, list[Card]] = field(default_factory=dict)
    limits: dict[Seat, list[Constraint]] = field(default_factory=dict)
    namings: list[tuple[Seat, Strain]] = field(default_factory=list)
    script: list[tuple[Seat, Card | str]] = field(default_factory=list)
    below: dict[Side, int] = field(default_factory=dict)
    void: set[Suit] = field(default_factory=set)
    banned_any: list[str] = field(default_factory=list)
    max_level: int = 7

    @property
    def trump(self) -> Suit | None:
        return self.strain.trump

    def seat(self, role: str) -> Seat:
        d = self.declarer
        return {"declarer": d, "P": d.partner, "D1": d.lho, "D2": d.rho}[role]

    def rel(self, who: str) -> Seat:
        """A seat relative to the learner: partner, lho, rho."""
        return {"partner": self.learner.partner, "lho": self.learner.lho, "rho": self.learner.rho}[who]

    def free_suit(self, *, allow_trump: bool = False) -> Suit:
        taken = set(self.suits.values()) | set(self.exact)
        options = [s for s in PBN_SUITS if s not in taken and (allow_trump or s is not self.trump)]
        if not options:
            raise Rejected("no free suit left")
        return self.rng.choice(options)

    def give(self, seat: Seat, card: Card) -> Card:
        for cards in self.fixed.values():
            if card in cards:
                raise Rejected(f"{card} is already placed")
        self.fixed.setdefault(seat, []).append(card)
        return card

    def limit(self, seat: Seat, constraint: Constraint) -> None:
        self.limits.setdefault(seat, []).append(constraint)

    def hold(self, suit: Suit, ranks: Sequence[Rank]) -> None:
        if suit in self.exact and list(self.exact[suit]) != list(ranks):
            raise Rejected(f"{suit.english} already holds a set holding")
        self.exact[suit] = list(ranks)


def suit_cards(suit: Suit) -> frozenset[Card]:
    return frozenset(Card(suit, r) for r in Rank)


def spare_small(d: Draft, suit: Suit, below: int = 10, above: int = 1) -> Card:
    """A small card of ``suit`` the learner does not hold and nobody has been given."""
    mine = set(d.exact.get(suit, ())) | set(d.must.get(suit, ()))
    given = {c for cards in d.fixed.values() for c in cards}
    options = [Card(suit, r) for r in SMALL if above < r < below and r not in mine and Card(suit, r) not in given]
    if not options:
        raise Rejected(f"no spare small {suit.english}")
    return d.rng.choice(options)
