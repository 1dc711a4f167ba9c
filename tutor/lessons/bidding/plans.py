"""The hands a bidding drill deals: what a rule's conditions and ``drill`` hints require of each seat.

A drill is made *from a convention's own conditions* (:mod:`tutor.lessons.bidding.drill`): each
condition's word says what the hand must meet (:meth:`tutor.engine.conventions.Condition.requirement`:
cards to place, or a test of the hand); the rule's ``drill`` hints add suit templates ("A K and five
or six cards") and the rules that make partner's or an opponent's earlier call; the higher rules
that would take the decision from every such hand are excluded (the book's outranking, read from
:meth:`tutor.engine.book.Book.outranking`); law 38's score is set when the rule asks for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from tutor.engine.auction import Auction
from tutor.engine.bidding import BidPosition, ScoreState
from tutor.engine.cards import PBN_SUITS, SEATS, Card, Hand, Rank, Seat, Side, Suit
from tutor.engine.conventions import Condition, Rule
from tutor.engine.conventions.vocabulary import CardsBetween, HandTest
from tutor.engine.deals.generate import CardCount, Constraint
from tutor.engine.rules import Rules
from tutor.lessons.robots import the_book

LEARNER = Seat.S
#: The seats a rule's drill hints name, from the learner's point of view (order kept: hints are read in it).
HINT_SEATS: dict[str, Seat] = {name: LEARNER.relative(name) for name in ("partner", "lho", "rho", "self")}
_HONOUR_CHARS = "AKQJT"

# -- turning conditions and hints into deal constraints -------------------------------------------


@dataclass
class HandPlan:
    """Cards to place and constraints to meet for one hand (the first count is built, not searched)."""

    fixed: list[Card] = field(default_factory=list)
    counts: list[CardCount] = field(default_factory=list)
    checks: list[Callable[[Hand], bool]] = field(default_factory=list)

    def constraints(self) -> list[Constraint]:
        return [*self.counts, *self.checks]

    def merge(self, other: HandPlan) -> None:
        self.fixed += [c for c in other.fixed if c not in self.fixed]
        self.counts += other.counts
        self.checks += other.checks


@lru_cache(maxsize=64)
def _alone(hand: Hand) -> BidPosition:
    """The hand at an empty auction: what the hand-level features need."""
    return BidPosition.at(_EMPTY, hand)


_EMPTY = Auction(LEARNER)


def plan_from_conditions(conditions: Sequence[Condition]) -> HandPlan:
    """What each condition's word says the hand must meet: cards to place, or a test of the hand.

    Conditions the hand alone cannot meet (the auction's, the score's) give no requirement:
    the drill realises them by the auction it bids.
    """
    plan = HandPlan()
    for cond in conditions:
        requirement = cond.requirement()
        if isinstance(requirement, CardsBetween):
            plan.counts.append(CardCount(requirement.cards, requirement.low, requirement.high))
        elif isinstance(requirement, HandTest):
            plan.checks.append(_check(cond))
    return plan


def _check(cond: Condition) -> Callable[[Hand], bool]:
    def check(hand: Hand) -> bool:
        return cond.holds(_alone(hand))
    return check


def plan_from_templates(templates: Sequence[Mapping[str, Any]], rng: random.Random,
                        names: dict[str, Suit] | None = None) -> HandPlan:
    """Suit templates of a rule's ``drill`` hints: ranks to place, honours, a length range.

    ``suit`` is a letter, ``any``/``other`` (a random suit not used yet in this hand), or a
    name given by an earlier template's ``name`` (shared between the hands of one deal).
    """
    plan = HandPlan()
    names = {} if names is None else names
    used: list[Suit] = []
    lengths: list[CardCount] = []
    for template in templates:
        wanted = str(template.get("suit", "any"))
        if len(wanted) == 1 and wanted.upper() in "SHDC":
            suit = Suit(wanted.upper())
        elif wanted in names:
            suit = names[wanted]
        else:
            suit = rng.choice([s for s in PBN_SUITS if s not in used and s not in names.values()]
                              or list(PBN_SUITS))
        if "name" in template:
            names[str(template["name"])] = suit
        used.append(suit)
        ranks = [Rank.parse(ch) for ch in str(template.get("cards", ""))]
        spare = [Rank.parse(ch) for ch in _HONOUR_CHARS if Rank.parse(ch) not in ranks]
        ranks += rng.sample(spare, min(len(spare), int(template.get("honours", 0))))
        plan.fixed += [Card(suit, r) for r in ranks]
        if "length" in template:
            low, high = (int(x) for x in template["length"])
            lengths.append(CardCount(frozenset(c for c in _suit_cards(suit)), low, high))
    plan.counts = lengths + plan.counts
    return plan


def _suit_cards(suit: Suit) -> list[Card]:
    return [Card(suit, r) for r in Rank]


def _outranking(rule: Rule, rules: Sequence[Rule]) -> tuple[Rule, ...]:
    """Higher rules that would take the decision whenever ``rule``'s situation holds and their
    hand-level conditions hold: a hand meeting one of them can never drill ``rule``."""
    return the_book().among(rules).outranking(rule)


def _excluded(higher: Rule) -> Callable[[Hand], bool]:
    def check(hand: Hand) -> bool:
        position = _alone(hand)
        return not all(c.holds(position) for c in higher.conditions)
    return check


def plan_for(rule: Rule, hints: Mapping[str, Any], rng: random.Random,
              names: dict[str, Suit] | None = None, extra: Sequence[Mapping[str, Any]] = (),
              rules: Sequence[Rule] = ()) -> HandPlan:
    plan = plan_from_templates([*extra, *hints.get("hand", ())], rng, names)
    plan.merge(plan_from_conditions(rule.conditions))
    plan.checks += [_excluded(higher) for higher in _outranking(rule, rules)]
    # counts of ranks (three or four aces) are rarer than lengths: build them first
    plan.counts.sort(key=lambda c: 0 if len(c.cards) == 4 and c.minimum >= 3 else 1)
    return plan




def dealers(hints: Mapping[str, Any]) -> list[Seat]:
    """Dealers that let every hinted seat call before the learner's first turn."""
    choices = set(SEATS)
    for key, seat in HINT_SEATS.items():
        names_later = "after" in (hints.get(f"{key}_names") or {})  # named after the learner has bid
        if (key in hints or (f"{key}_names" in hints and not names_later)) and seat is not LEARNER:
            allowed, s = set(), seat
            while s is not LEARNER:
                allowed.add(s)
                s = s.rho
            choices &= allowed
    return [s for s in SEATS if s in choices] or list(SEATS)


def score_for(rule: Rule, rng: random.Random) -> ScoreState | None:
    """Law 38 needs the score: when a rule asks that a game end the partie, make it so; a rule that
    asks only that the score be known (R?b) gets a random one."""
    if any(c.name == "score_known" and c.value is True for c in rule.conditions):
        target = Rules().partie_target
        return ScoreState({Side.NS: rng.randrange(0, target, 10), Side.EW: rng.randrange(0, target, 10)},
                          {Side.NS: rng.randint(0, 1), Side.EW: rng.randint(0, 1)})
    for cond in rule.conditions:
        if cond.name == "ends_partie" and cond.value is True:
            level = int(cond.args.get("level", 1))
            need = Rules().partie_target - (6 + level) * 10 * level
            ours = rng.randrange(max(0, need), Rules().partie_target, 10)
            theirs = rng.randrange(0, Rules().partie_target, 10)
            return ScoreState({Side.NS: ours, Side.EW: theirs},
                              {Side.NS: rng.randint(0, 1), Side.EW: rng.randint(0, 1)})
    return None


__all__ = ["HINT_SEATS", "LEARNER", "HandPlan", "dealers", "plan_for", "plan_from_conditions", "plan_from_templates", "score_for"]
