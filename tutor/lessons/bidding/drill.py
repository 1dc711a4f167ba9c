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
double-dummy (:mod:`tutor.engine.analysis`) and scored
(:func:`tutor.engine.scoring.score_deal`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from tutor.engine.auction import Auction
from tutor.engine.bidding import BidPosition, ScoreState
from tutor.engine.calls import Bid, Call, Contract, Strain, parse_call
from tutor.engine.cards import PBN_SUITS, SEAT_NAMES, SEATS, Card, Deal, Hand, Rank, Seat, Side, Suit
from tutor.engine.conventions import Advice, Condition, Rule, evaluate
from tutor.engine.conventions.vocabulary import CardsBetween, HandTest, Word
from tutor.engine.dealgen import CardCount, Constraint, constrained_deal
from tutor.engine.errors import DealGenerationError, TutorError
from tutor.engine.rules import Rules
from tutor.lessons.bidding.feedback import feature_notes, why_not
from tutor.lessons.conventions_loader import ConventionSet, conventions_for
from tutor.lessons.drills import Consequence, Drill, DrillKind

KIND = "bidding"
LEARNER = Seat.S
#: Attempts at one drill before giving up; each attempt deals and bids afresh.
MAX_ATTEMPTS = 600
#: Calls bid by the rules after a choice before the consequences stop the auction.
MAX_CONTINUATION = 80
#: The seats a rule's drill hints name, from the learner's point of view (order kept: hints are read in it).
_HINT_SEATS: dict[str, Seat] = {name: LEARNER.relative(name) for name in ("partner", "lho", "rho", "self")}
_HONOUR_CHARS = "AKQJT"


def conventions() -> ConventionSet:
    return conventions_for("bidding")


def bid_rules() -> tuple[Rule, ...]:
    return conventions().of_kind("bid")


def advise_position(position: BidPosition, rules: Sequence[Rule] | None = None) -> Advice | None:
    """What the book's conventions say in ``position`` (``None`` if no rule applies)."""
    return evaluate(in_situation(rules if rules is not None else bid_rules(), position), position, "bid")


def in_situation(rules: Sequence[Rule], position: BidPosition) -> list[Rule]:
    """The rules whose situation holds, each distinct situation tested once (a fast pre-filter)."""
    out: list[Rule] = []
    for situation, args, group in _by_situation(rules):
        if situation.holds(position, args):
            out += group
    return out


_Groups = list[tuple[Word, Mapping[str, Any], list[Rule]]]
_GROUPS: dict[int, tuple[Sequence[Rule], _Groups]] = {}


def _by_situation(rules: Sequence[Rule]) -> _Groups:
    """The rules grouped by situation (cached per rule list; rules are immutable)."""
    cached = _GROUPS.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    groups: dict[tuple[str, str], tuple[Word, Mapping[str, Any], list[Rule]]] = {}
    for rule in rules:
        key = (rule.situation, repr(sorted(rule.situation_args.items())))
        groups.setdefault(key, (rule.situation_word, rule.situation_args, []))[2].append(rule)
    if len(_GROUPS) > 16:
        _GROUPS.clear()
    _GROUPS[id(rules)] = (rules, list(groups.values()))
    return list(groups.values())


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


_OUTRANKING: dict[tuple[int, int], tuple[Rule, Sequence[Rule], tuple[Rule, ...]]] = {}


def _outranking(rule: Rule, rules: Sequence[Rule]) -> tuple[Rule, ...]:
    """Higher rules that would take the decision whenever ``rule``'s situation holds and their
    hand-level conditions hold: a hand meeting one of them can never drill ``rule``.

    Cached per rule and rule list (both immutable): every attempt at a drill asks again."""
    cached = _OUTRANKING.get((id(rule), id(rules)))
    if cached is not None and cached[0] is rule and cached[1] is rules:
        return cached[2]
    higher = tuple(r for r in rules if r.priority > rule.priority and r.situation == rule.situation
                   and (not r.situation_args or r.situation_args == rule.situation_args)
                   and r.conditions and all(c.requirement() is not None for c in r.conditions))
    if len(_OUTRANKING) > 1024:
        _OUTRANKING.clear()
    _OUTRANKING[(id(rule), id(rules))] = (rule, rules, higher)
    return higher


def _excluded(higher: Rule) -> Callable[[Hand], bool]:
    def check(hand: Hand) -> bool:
        position = _alone(hand)
        return not all(c.holds(position) for c in higher.conditions)
    return check


def _plan_for(rule: Rule, hints: Mapping[str, Any], rng: random.Random,
              names: dict[str, Suit] | None = None, extra: Sequence[Mapping[str, Any]] = (),
              rules: Sequence[Rule] = ()) -> HandPlan:
    plan = plan_from_templates([*extra, *hints.get("hand", ())], rng, names)
    plan.merge(plan_from_conditions(rule.conditions))
    plan.checks += [_excluded(higher) for higher in _outranking(rule, rules)]
    # counts of ranks (three or four aces) are rarer than lengths: build them first
    plan.counts.sort(key=lambda c: 0 if len(c.cards) == 4 and c.minimum >= 3 else 1)
    return plan




def _dealers(hints: Mapping[str, Any]) -> list[Seat]:
    """Dealers that let every hinted seat call before the learner's first turn."""
    choices = set(SEATS)
    for key, seat in _HINT_SEATS.items():
        names_later = "after" in (hints.get(f"{key}_names") or {})  # named after the learner has bid
        if (key in hints or (f"{key}_names" in hints and not names_later)) and seat is not LEARNER:
            allowed, s = set(), seat
            while s is not LEARNER:
                allowed.add(s)
                s = s.rho
            choices &= allowed
    return [s for s in SEATS if s in choices] or list(SEATS)


def _score_for(rule: Rule, rng: random.Random) -> ScoreState | None:
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
        for key, seat in _HINT_SEATS.items():
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
    advice = advise_position(position, rules)
    return (advice.answer, advice.rule.id) if advice else (parse_call("P"), "")


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
    for key, seat in _HINT_SEATS.items():
        if key != "self" and hints.get(key) in lookup:
            other = lookup[hints[key]]
            plans[seat] = _plan_for(other, hint_hints.get(other.id, {}), rng, names,
                                    hints.get(f"{key}_hand", ()), rules)
        elif key != "self" and f"{key}_hand" in hints:
            plans[seat] = plan_from_templates(hints[f"{key}_hand"], rng, names)
    plans[LEARNER] = _plan_for(rule, hints, rng, names, rules=rules)
    if hints.get("self") in lookup:
        own = lookup[hints["self"]]
        plans[LEARNER].merge(_plan_for(own, hint_hints.get(own.id, {}), rng, names, rules=rules))
    dealer = rng.choice(_dealers(hints))
    score = _score_for(rule, rng)
    try:
        deal = constrained_deal(rng, {s: p.constraints() for s, p in plans.items()},
                                fixed={s: p.fixed for s, p in plans.items()}, attempts=1500)
    except DealGenerationError:
        return None
    auction = Auction(dealer)
    made: list[Made] = []
    max_round = int(hints.get("max_round", 2))
    namings = _Namings.from_hints(hints, names)
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
        advice = advise_position(position, rules)
        if seat is LEARNER:
            if advice is not None and advice.rule.id == rule.id:
                return Candidate(deal, position, advice, tuple(made)) if advice.unique else None
            if position.round >= max_round:
                return None
        call = advice.answer if advice else parse_call("P")
        auction.call(call)
        made.append(Made(seat, call, advice.rule.id if advice else ""))
    return None


# -- the drill ----------------------------------------------------------------------------------------


def rule_ids() -> tuple[str, ...]:
    return tuple(r.id for r in bid_rules())


def pick_rule(seed: int, rules: Sequence[Rule]) -> Rule:
    """The rule "any convention" drills for ``seed``, drawn from its own generator so that the
    deal's generator is the same whether the rule was picked or named: ``make(None, s)`` and
    ``make(make(None, s).rule_id, s)`` are the same drill, which is how a mistake is replayed."""
    return random.Random(f"pick:{KIND}:{seed}").choice(list(rules))


def make(rule_id: str | None, seed: int) -> Drill:
    """The drill for ``rule_id`` (a rule picked by the seed when ``None``) from ``seed``."""
    rules = bid_rules()
    rule = conventions().rule(rule_id) if rule_id else pick_rule(seed, rules)
    return _make(rule, seed, random.Random(seed), rules)


def make_as_before_exact_replay(seed: int) -> Drill:
    """``make(None, seed)`` as it drew before :func:`pick_rule`: the pick took the first draw of
    the deal's own generator. Only for replaying answers recorded then (``tutor.lessons.conventions``)."""
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

_POSITION_KEYS = {"kind", "dealer", "seat", "hand", "auction", "score", "auction_notes", "variants"}


def position_from_json(data: Mapping[str, Any]) -> BidPosition:
    """A bidding position from ``tutor advise`` JSON; a clear TutorError for bad input."""
    if not isinstance(data, Mapping):
        raise TutorError("expected a JSON object with kind, dealer, seat, hand and auction")
    unknown = set(data) - _POSITION_KEYS
    if unknown:
        raise TutorError(f"unknown key(s) {', '.join(sorted(repr(k) for k in unknown))}; expected "
                         f"{', '.join(sorted(_POSITION_KEYS - {'auction_notes'}))}")
    missing = [k for k in ("dealer", "seat", "hand") if k not in data]
    if missing:
        raise TutorError(f"missing key(s): {', '.join(missing)}")
    auction = data.get("auction") or []
    if not isinstance(auction, list) or not all(isinstance(c, str) for c in auction):
        raise TutorError(f"'auction' must be a list of calls such as [\"1S\", \"P\"], got {auction!r}")
    for key in ("dealer", "seat", "hand"):
        if not isinstance(data[key], str):
            raise TutorError(f"{key!r} must be a string, got {data[key]!r}")
    hand = Hand.parse(data["hand"])
    if len(hand) != 13:
        raise TutorError(f"the hand {data['hand']!r} holds {len(hand)} cards; a Vint hand holds 13 (law 16)")
    score = ScoreState.from_json(data["score"]) if data.get("score") is not None else None
    variants = data.get("variants") or {}
    if not isinstance(variants, Mapping):
        raise TutorError(f"'variants' must be an object such as {{\"support-raise\": \"russian\"}}, got {variants!r}")
    rules = Rules.with_variants({str(k): str(v) for k, v in variants.items()})  # a bidding variant (≈57)
    return BidPosition(Seat.parse(data["seat"]), hand, Seat.parse(data["dealer"]),
                       tuple(parse_call(c) for c in auction), score, rules)


def advise(data: Mapping[str, Any]) -> dict[str, Any]:
    """``tutor advise`` for ``"kind": "bid"``: the book call, its rule, laws and explanation."""
    position = position_from_json(data)
    advice = advise_position(position)
    if advice is None:  # pragma: no cover - the catch-all pass rule always applies
        raise TutorError("no convention applies to this position")
    return {"call": str(advice.answer), "rule": advice.rule.id, "laws": list(advice.laws),
            "explanation": advice.explanation, "unique": advice.unique}


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
    from tutor.engine.analysis import dd_tricks
    from tutor.engine.scoring import score_deal

    deal = Deal.from_pbn(drill.deal_pbn)
    position = position_from_json(drill.position)
    out = []
    for text in dict.fromkeys([drill.answer, choice.strip().upper()]):
        call = parse_call(text)
        position.auction.verify_call(call)
        contract = final_contract(deal, position, call)
        below = dict(position.score.below) if position.score else None
        if contract is None:
            result = score_deal(deal, None, 0, position.rules)
            out.append(Consequence(text, "passed out", None, _points(result.items),
                                   "All four pass: the deal is thrown in and an X is written (scoring 8)."))
            continue
        tricks = dd_tricks(deal, contract.strain, contract.declarer)
        result = score_deal(deal, contract, tricks, position.rules, below_before=below)
        points = _points(result.items)
        made = "made" if tricks >= contract.tricks_needed else f"{contract.tricks_needed - tricks} down"
        out.append(Consequence(
            text, f"{contract.bid} by {contract.declarer.value}", tricks, points,
            f"{contract.bid.spoken} by {SEAT_NAMES[contract.declarer]}: {tricks} tricks double-dummy "
            f"({made}); NS {points['NS']}, EW {points['EW']}"))
    return tuple(out)


def _points(items: Sequence[Any]) -> dict[str, int]:
    return {side.value: sum(i.points for i in items if i.side is side) for side in Side}


#: The bidding drill kind, listed in :mod:`tutor.lessons.drill_kinds`.
DRILL_KIND = DrillKind(KIND, rule_ids, make, advise, consequences)

__all__ = [
    "Candidate", "HandPlan", "KIND", "advise", "make_as_before_exact_replay", "pick_rule", "advise_position", "bid_rules", "call_by_rules",
    "consequences", "continue_auction", "final_contract", "generate", "in_situation", "make", "plan_from_conditions",
    "plan_from_templates", "position_from_json", "prompt", "rule_ids",
]
