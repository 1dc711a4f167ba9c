"""Bidding drills: generated auctions where one call of the book is right.

A drill is made *from a convention's own conditions*: the learner's hand (South)
is dealt under constraints read from the rule's conditions (aces, kings, lengths
become card counts; the rest are checked on each hand drawn) and from the rule's
``drill`` hints (suit templates such as "A K and five or six cards"; the rule
that makes partner's or an opponent's earlier call, whose conditions then shape
that hand). The auction is then played from the dealer **by the same rules for
every seat**, and stops at the first turn of South where the rule decides.

Every drill is **audited before it is shown**: under the whole rule set the
position must have exactly one book call (the deciding priority holds one answer)
and the deciding rule must be the drilled one; anything else is regenerated. The
same seed always gives the same drill.

Consequences use the full deal: the rest of the auction is bid by the rules after
the learner's call and after the book's, each final contract is solved
double-dummy (:mod:`tutor.engine.solver.analysis`) and scored
(:func:`tutor.engine.scoring.score_deal`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.auction import Auction
from tutor.engine.bidding import BidPosition, ScoreState
from tutor.engine.calls import Bid, Call, Contract, Strain, parse_call
from tutor.engine.cards import SEAT_NAMES, Deal, Seat, Suit
from tutor.engine.conventions import Advice, Rule
from tutor.engine.deals.generate import constrained_deal
from tutor.engine.errors import DealGenerationError, TutorError
from tutor.engine.nouns import count_of
from tutor.engine.record.view import SeatView
from tutor.engine.record.view_json import bid_view
from tutor.lessons.bidding.feedback import feature_notes, why_not
from tutor.lessons.bidding.plans import (
    HINT_SEATS,
    LEARNER,
    HandPlan,
    dealers,
    plan_for,
    plan_from_conditions,
    plan_from_templates,
    score_for,
)
from tutor.lessons.content.conventions import ConventionSet, conventions_for
from tutor.lessons.drills import Consequence, Drill, DrillKind
from tutor.lessons.robots import call_in, the_book

KIND = "bidding"
#: Attempts at one drill before giving up; each attempt deals and bids afresh.
MAX_ATTEMPTS = 600
#: Calls bid by the rules after a choice before the consequences stop the auction.
MAX_CONTINUATION = 80


def conventions() -> ConventionSet:
    return conventions_for("bidding")


def bid_rules() -> tuple[Rule, ...]:
    return conventions().of_kind("bid")


def advise_position(position: BidPosition, rules: Sequence[Rule] | None = None) -> Advice | None:
    """What the book's conventions say in ``position`` (``None`` if no rule applies): the book's
    evaluator (:meth:`tutor.engine.book.Book.advise`), over ``rules`` when given."""
    return the_book().advise(position, rules)


def in_situation(rules: Sequence[Rule], position: BidPosition) -> list[Rule]:
    """The rules whose situation holds, each distinct situation tested once (a fast pre-filter)."""
    return the_book().among(rules).in_situation(position)


# -- playing the auction by the rules ------------------------------------------------------------------


@dataclass(frozen=True)
class Made:
    """One call as the rules made it."""

    seat: Seat
    call: Call
    rule: str
    #: what the call means when no rule made it (a hinted naming, below)
    note: str = ""


@dataclass
class _Namings:
    """A seat that names one suit at its next turns (the hint ``partner_names``, ``lho_names``…):
    for positions the book presupposes but no encoded rule reaches - law 48's suit that
    partner has named three times in a row. Each naming is the lowest legal bid in the suit.
    ``after`` turns of that seat are bid by the rules first (≈61: partner raises the learner's
    second suit at his second turn)."""

    seat: Seat
    suit: Suit
    times: int
    note: str
    after: int = 0
    done: int = 0
    turns: int = 0

    @classmethod
    def from_hints(cls, hints: Mapping[str, Any], names: Mapping[str, Suit]) -> _Namings | None:
        for key, seat in HINT_SEATS.items():
            spec = hints.get(f"{key}_names")
            if spec:
                wanted = str(spec["suit"])
                suit = names[wanted] if wanted in names else Suit(wanted.upper())
                return cls(seat, suit, int(spec.get("times", 3)), str(spec.get("note", "")),
                           int(spec.get("after", 0)))
        return None

    def due(self, seat: Seat) -> bool:
        """Whether this turn of ``seat`` is a hinted naming (called once per turn)."""
        if seat is not self.seat:
            return False
        self.turns += 1
        return self.turns > self.after and self.done < self.times

    def call(self, position: BidPosition) -> Call | None:
        self.done += 1
        return position.lowest_bid(Strain.of_suit(self.suit))


def call_by_rules(position: BidPosition, rules: Sequence[Rule]) -> tuple[Call, str]:
    """The robot's call (:func:`tutor.lessons.robots.call_in`) and the rule behind it."""
    decision = call_in(position, among=rules)
    return parse_call(decision.action), "" if decision.default else decision.rule


def continue_auction(deal: Deal, auction: Auction, rules: Sequence[Rule], score: ScoreState | None,
                     limit: int = MAX_CONTINUATION) -> Auction:
    """Bid on by the rules for every seat until the auction ends (or ``limit`` calls)."""
    auction = auction.copy()
    for _ in range(limit):
        if auction.is_complete:
            break
        seat = auction.to_call
        position = BidPosition.at(auction, deal[seat], score)
        auction.call(call_by_rules(position, rules)[0])
    return auction


@dataclass(frozen=True)
class Candidate:
    deal: Deal
    position: BidPosition
    advice: Advice
    made: tuple[Made, ...]


def _attempt(rule: Rule, hints: Mapping[str, Any], rules: Sequence[Rule],
             rng: random.Random) -> Candidate | None:
    names: dict[str, Suit] = {}
    lookup = {r.id: r for r in rules}
    hint_hints = conventions().drill_hints
    plans: dict[Seat, HandPlan] = {}
    for key, seat in HINT_SEATS.items():
        if key != "self" and hints.get(key) in lookup:
            other = lookup[hints[key]]
            plans[seat] = plan_for(other, hint_hints.get(other.id, {}), rng, names,
                                    hints.get(f"{key}_hand", ()), rules)
        elif key != "self" and f"{key}_hand" in hints:
            plans[seat] = plan_from_templates(hints[f"{key}_hand"], rng, names)
    plans[LEARNER] = plan_for(rule, hints, rng, names, rules=rules)
    if hints.get("self") in lookup:
        own = lookup[hints["self"]]
        plans[LEARNER].merge(plan_for(own, hint_hints.get(own.id, {}), rng, names, rules=rules))
    dealer = rng.choice(dealers(hints))
    score = score_for(rule, rng)
    try:
        deal = constrained_deal(rng, {s: p.constraints() for s, p in plans.items()},
                                fixed={s: p.fixed for s, p in plans.items()}, attempts=1500)
    except DealGenerationError:
        return None
    auction = Auction(dealer)
    made: list[Made] = []
    max_round = int(hints.get("max_round", 2))
    namings = _Namings.from_hints(hints, names)
    book = the_book()
    while not auction.is_complete:
        seat = auction.to_call
        position = BidPosition.at(auction, deal[seat], score)
        if namings is not None and namings.due(seat):
            named = namings.call(position)
            if named is None:
                return None
            auction.call(named)
            made.append(Made(seat, named, "", namings.note))
            continue
        # the deciding rule and its answer only (the lower rules are not asked): every call of every
        # attempt comes here; the drill's own position is advised in full once it is found
        advice = book.advise(position, rules, deciding_only=True)
        if seat is LEARNER:
            if advice is not None and advice.rule.id == rule.id:
                if not _answers_the_hinted_calls(made, hints, namings) or not advice.unique:
                    return None
                full = book.advise(position, rules)  # the same deciding rule, with every rule that applies
                return Candidate(deal, position, full or advice, tuple(made))
            if position.round >= max_round:
                return None
        call = advice.answer if advice else parse_call("P")
        auction.call(call)
        made.append(Made(seat, call, advice.rule.id if advice else ""))
    return None


def _answers_the_hinted_calls(made: Sequence[Made], hints: Mapping[str, object], namings: _Namings | None) -> bool:
    """A naming scripted after the learner has bid (``partner_names`` with ``after``: ≈61's partner
    raising the weaker suit) answers the learner's calls the ``self`` hint names: it is kept only when
    that rule made one of them. Elsewhere ``self`` shapes the hand alone (another rule may make the
    call: law 37's direct "three" over an opponent's bid, where ≈61's "three" needs no bid before)."""
    own = hints.get("self")
    if namings is None or not namings.after or not own:
        return True
    return any(m.seat is LEARNER and m.rule == own for m in made)


# -- the drill ----------------------------------------------------------------------------------------


def rule_ids() -> tuple[str, ...]:
    return tuple(r.id for r in bid_rules())


def rule_title(rule_id: str) -> str:
    """The bidding convention's title, as the drill page lists it."""
    return next(r.title for r in bid_rules() if r.id == rule_id)


def pick_rule(seed: int, rules: Sequence[Rule]) -> Rule:
    """The rule "any convention" drills for ``seed``, drawn from its own generator so that the
    deal's generator is the same whether the rule was picked or named: ``make(None, s)`` and
    ``make(make(None, s).rule_id, s)`` are the same drill, which is how a mistake is replayed."""
    return random.Random(f"pick:{KIND}:{seed}").choice(list(rules))


def rule_of(rule_id: str | None, seed: int) -> str:
    """The convention the drill of ``rule_id`` and ``seed`` drills: ``rule_id``, or for "any
    convention" (``None``) the one :func:`pick_rule` picks for ``seed`` -- without dealing the drill."""
    return rule_id or pick_rule(seed, bid_rules()).id


def make(rule_id: str | None, seed: int) -> Drill:
    """The drill for ``rule_id`` (a rule picked by the seed when ``None``) from ``seed``."""
    rules = bid_rules()
    rule = conventions().rule(rule_id) if rule_id else pick_rule(seed, rules)
    return _make(rule, seed, random.Random(seed), rules)


def make_as_before_exact_replay(seed: int) -> Drill:
    """``make(None, seed)`` as it drew before :func:`pick_rule`: the pick took the first draw of
    the deal's own generator. Only for replaying answers recorded then (``tutor.lessons.review.conventions``)."""
    rng = random.Random(seed)
    rules = bid_rules()
    return _make(rng.choice(rules), seed, rng, rules)


def _make(rule: Rule, seed: int, rng: random.Random, rules: Sequence[Rule]) -> Drill:
    if rule.kind != "bid":
        raise TutorError(f"{rule.id} is a {rule.kind!r} convention, not a bidding one")
    try:
        candidate = generate(rule, rng, rules)
    except DealGenerationError as err:
        raise DealGenerationError(f"{err} (seed {seed})") from None
    return _drill(rule, seed, candidate, rules)


def generate(rule: Rule, rng: random.Random, rules: Sequence[Rule] | None = None) -> Candidate:
    """An audited position for ``rule``: the rule decides, and decides alone (no feedback built)."""
    rules = rules if rules is not None else bid_rules()
    hints = conventions().drill_hints.get(rule.id, {})
    for _ in range(MAX_ATTEMPTS):
        candidate = _attempt(rule, hints, rules, rng)
        if candidate is not None:
            return candidate
    raise DealGenerationError(f"no audited drill for {rule.id} in {MAX_ATTEMPTS} attempts")


def _drill(rule: Rule, seed: int, c: Candidate, rules: Sequence[Rule]) -> Drill:
    p = c.position
    titles = {r.id: r for r in rules}
    notes = [_note(m, titles, p.seat) for m in c.made]
    position: dict[str, Any] = {
        "kind": "bid", "dealer": p.dealer.value, "seat": p.seat.value, "hand": p.hand.to_pbn(),
        "auction": [str(x) for x in p.calls], "score": p.score.to_json() if p.score else None,
        "auction_notes": notes,
    }
    answer = str(c.advice.answer)
    return Drill(
        kind=KIND, rule_id=rule.id, seed=seed, prompt=prompt(p), position=position,
        choices=tuple(str(x) for x in p.legal_calls()), answer=answer, laws=c.advice.laws,
        explanation=c.advice.explanation, why_not=why_not(p, c.advice, rules),
        features=feature_notes(p, c.advice), deal_pbn=c.deal.to_pbn(),
        view=SeatView.of(p),
    )


def _note(m: Made, rules: Mapping[str, Rule], learner: Seat) -> dict[str, Any]:
    """What an earlier call means by the book. Another player's pass tells no more than the
    table knows (which rule made him pass would show his hand); a bid shows its convention."""
    rule = rules.get(m.rule)
    if rule is None and m.note:
        return {"seat": m.seat.value, "call": str(m.call), "rule": "", "title": m.note, "laws": []}
    if rule is None or (m.seat is not learner and not isinstance(m.call, Bid)):
        return {"seat": m.seat.value, "call": str(m.call), "rule": "", "laws": [],
                "title": "Pass: no convention of the book called for a bid (law 30)."}
    return {"seat": m.seat.value, "call": str(m.call), "rule": rule.id, "title": rule.title,
            "laws": list(rule.laws)}


def prompt(p: BidPosition) -> str:
    """The question, which never names the convention or the answer."""
    calls = ", ".join(f"{SEAT_NAMES[r.seat]}: {r.call.spoken}" for r in p.auction.records)
    lines = [f"You are {SEAT_NAMES[p.seat]}; {SEAT_NAMES[p.dealer]} dealt.",
             f"The auction so far: {calls}." if calls else "Nobody has called yet: you speak first."]
    if p.score is not None:
        lines.append("The score: " + p.score.describe(p.seat.side) + ".")
    lines.append("What do you call?")
    return " ".join(lines)


# -- tutor advise ----------------------------------------------------------------------------------------

def drill_position(drill: Drill) -> BidPosition:
    """The drill's position: from its typed view, read from its JSON only when it has none."""
    return (drill.view or bid_view(drill.position)).bid_position()


def position_from_json(data: Mapping[str, object]) -> BidPosition:
    """A bidding position from ``tutor advise`` JSON (:func:`tutor.engine.record.view_json.bid_view`)."""
    return bid_view(data).bid_position()


def advise(data: Mapping[str, Any]) -> dict[str, Any]:
    """``tutor advise`` for ``"kind": "bid"``: the book call, its rule, laws and explanation."""
    answer = call_in(position_from_json(data)).answer_json()
    del answer["default"]
    return answer


# -- consequences -------------------------------------------------------------------------------------------


def final_contract(deal: Deal, position: BidPosition, call: Call) -> Contract | None:
    """The contract the auction reaches when ``call`` is made and the rules bid on."""
    auction = continue_auction(deal, position.after(call), bid_rules(), position.score)
    if auction.contract is not None:
        return auction.contract
    last = auction.last_bid
    if last is None or not isinstance(last.call, Bid):
        return None
    return Contract(last.call, last.seat)


def consequences(drill: Drill, choice: str) -> tuple[Consequence, ...]:
    """Double-dummy tricks and the Vint score of the book's call and of ``choice``."""
    from tutor.engine.solver.analysis import dd_tricks

    deal = Deal.from_pbn(drill.deal_pbn)
    position = drill_position(drill)
    out = []
    for text in dict.fromkeys([drill.answer, choice.strip().upper()]):
        call = parse_call(text)
        position.auction.verify_call(call)
        contract = final_contract(deal, position, call)
        if contract is None:
            out.append(Consequence(text, "passed out", None, _points(deal, None, 0, position),
                                   "All four pass: the deal is thrown in and an X is written (scoring 8)."))
            continue
        tricks = dd_tricks(deal, contract.strain, contract.declarer)
        points = _points(deal, contract, tricks, position)
        made = "made" if tricks >= contract.tricks_needed else f"{contract.tricks_needed - tricks} down"
        out.append(Consequence(
            text, f"{contract.bid} by {contract.declarer.value}", tricks, points,
            f"{contract.bid.spoken} by {SEAT_NAMES[contract.declarer]}: {count_of(tricks, 'trick')} double-dummy "
            f"({made}); NS {points['NS']}, EW {points['EW']}"))
    return tuple(out)


def _points(deal: Deal, contract: Contract | None, tricks: int, position: BidPosition) -> dict[str, int]:
    from tutor.lessons.cost.pricer import side_points  # the one pricer: with the rubber score

    return {side.value: n for side, n in side_points(deal, contract, tricks, position.score, position.rules).items()}


#: The bidding drill kind, listed in :mod:`tutor.lessons.drills.kinds`.
DRILL_KIND = DrillKind(KIND, rule_ids, make, advise, consequences, title=rule_title)

__all__ = [
    "Candidate", "HandPlan", "KIND", "advise", "make_as_before_exact_replay", "pick_rule", "advise_position", "bid_rules", "call_by_rules",
    "consequences", "continue_auction", "final_contract", "generate", "in_situation", "make", "plan_from_conditions",
    "plan_from_templates", "drill_position", "position_from_json", "prompt", "rule_ids",
]
