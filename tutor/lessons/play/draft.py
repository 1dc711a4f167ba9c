"""The deals play drills are drawn from: a seeded stream, each deal steered by one rule's conditions.

Play drill ``seed`` looks for its position in the deals ``stream_deal(seed, 0, steers)``,
``stream_deal(seed, 1, steers)`` … (:mod:`tutor.lessons.play.scenarios`), which the book
robots bid and play; every deal is read for every play rule. Each deal is *steered* —
never scripted — by one of the rules' :class:`Steer`, drawn by the seed. A steer is read
from a rule's situation and conditions through their names (no table of rule ids, so a new
convention needs only its YAML):

* **the deciding seat's role** — the situation's ``side`` (a lead by a defender, by the
  declaring side, by anyone) and the conditions ``is_declarer`` / ``declaring_side``;
* **its hand** — every ``holding`` the conditions require (``pattern``, in some suit: which
  suit the auction makes it is the robots' business) and a long suit for ``trumps_held``;
* **the strength that makes the robots bid** — one seat of the side that should declare
  holds the high cards of an opening hand (A 4 K 3 Q 2 J 1, a yardstick of the dealing only:
  the robots bid by the book's laws), more for ``contract_level >= 3`` (:data:`STRENGTH`):
  the book passes out nearly half of all random deals (docs/robots.md).

Nothing else is placed: the auction, the contract, who declares and which suits are named
are the robots', so the play conventions, which rest on the auction ("partner's suit", "the
suit named on your right"), meet the auctions the book's bidding makes for the hands.
Steering each rule's *own* deals was built first and measured (docs/play.md): no deal then
served two rules, so a rule that does not arise cost its whole bound each time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import PBN_SUITS, SEATS, Deal, Hand, Seat
from tutor.engine.conventions import Rule
from tutor.engine.conventions.play.holdings import matches
from tutor.engine.deals.generate import Constraint, Points, constrained_deal
from tutor.engine.errors import DealGenerationError
from tutor.engine.rules import Rules

#: High-card points dealt to one seat of every stream deal, so that the robots bid.
OPENING_POINTS = 13
#: ... and to the seat that should declare, by the lowest contract level a steer asks.
STRENGTH = {1: 13, 2: 13, 3: 16, 4: 18, 5: 20, 6: 22, 7: 24}
#: Candidate deals a steered draw may try before it is dealt plain.
ATTEMPTS = 400
#: Patterns every holding of a suit meets: they steer nothing.
TRIVIAL = frozenset({"some"})


@dataclass(frozen=True, order=True)
class Steer:
    """What a rule's conditions ask of a deal, read by condition name.

    ``role``: ``defender``, ``declaring`` (declarer or his partner), ``declarer``,
    ``supporter`` (the declarer's partner) or ``any``; ``patterns``: holdings the deciding
    hand shows in some suit; ``long_suit``: a suit of at least that many cards (``trumps_held``);
    ``level``: the lowest contract level asked.
    """

    role: str = "any"
    patterns: tuple[str, ...] = ()
    long_suit: int = 0
    level: int = 1


def steer_of(rule: Rule) -> Steer:
    """Read the rule's situation and conditions (by their names, never its id) into a :class:`Steer`."""
    role = "any"
    if rule.situation == "lead":
        role = {"defender": "defender", "declarer": "declaring"}.get(
            str(rule.situation_args.get("side", "defender")), "any")
    patterns: list[str] = []
    long_suit, level = 0, 1
    for c in rule.conditions:
        if c.name == "is_declarer":
            role = "declarer" if c.value else ("supporter" if role in ("declaring", "any") else role)
        elif c.name == "declaring_side" and c.value and role == "any":
            role = "declaring"
        elif c.name == "holding" and c.value is True and str(c.args.get("pattern")) not in TRIVIAL:
            patterns.append(str(c.args["pattern"]))
        elif c.name == "trumps_held" and c.op in (">=", "==", ">") and isinstance(c.value, int):
            long_suit = max(long_suit, c.value + (c.op == ">"))
        elif c.name == "contract_level" and c.op in (">=", "==", ">") and isinstance(c.value, int):
            level = max(level, c.value + (c.op == ">"))
    return Steer(role, tuple(sorted(set(patterns))), long_suit, min(level, 7))


def steers_of(rules: Sequence[Rule]) -> tuple[Steer, ...]:
    """The distinct steers of ``rules``, in a fixed order (the stream's draws depend on it)."""
    return tuple(sorted({steer_of(r) for r in rules}))


def _shows(patterns: tuple[str, ...], long_suit: int, rules: Rules) -> Constraint:
    def shows(hand: Hand) -> bool:
        holdings = [tuple(sorted((c.rank for c in hand.suit_cards(s)), reverse=True)) for s in PBN_SUITS]
        if long_suit and max(len(h) for h in holdings) < long_suit:
            return False
        return all(any(h and matches(p, h, rules) for h in holdings) for p in patterns)

    return shows


def _strong_seat(rng: random.Random, role: str, learner: Seat) -> Seat:
    """One seat of the side that should declare, for the role the rule's learner has."""
    if role == "defender":
        return rng.choice((learner.lho, learner.rho))
    if role == "declarer":
        return learner
    if role == "supporter":
        return learner.partner
    if role == "declaring":
        return rng.choice((learner, learner.partner))
    return rng.choice(SEATS)


def stream_deal(seed: int, index: int, steers: Sequence[Steer] = ()) -> tuple[Deal, Seat]:
    """Deal ``index`` of play drill seed ``seed``'s stream, and its dealer (deterministic).

    With ``steers`` (the play rules' :func:`steers_of`), the deal is steered by one of them,
    drawn by the seed: a seat holds its patterns and long suit, and the side that should
    declare the strength of its level. Without, one random seat holds an opening hand.
    """
    rng = random.Random(f"play-stream:{seed}:{index}")
    dealer = rng.choice(SEATS)
    if not steers:
        return constrained_deal(rng, {rng.choice(SEATS): [Points(OPENING_POINTS)]}), dealer
    steer = rng.choice(list(steers))
    learner = rng.choice(SEATS)
    constraints: dict[Seat, list[Constraint]] = {
        _strong_seat(rng, steer.role, learner): [Points(STRENGTH[steer.level])]}
    if steer.patterns or steer.long_suit:
        constraints.setdefault(learner, []).append(_shows(steer.patterns, steer.long_suit, Rules()))
    try:
        return constrained_deal(rng, constraints, attempts=ATTEMPTS), dealer
    except DealGenerationError:  # a steer too rare for the bound: this deal is dealt plain
        return constrained_deal(rng, {rng.choice(SEATS): [Points(OPENING_POINTS)]}), dealer
