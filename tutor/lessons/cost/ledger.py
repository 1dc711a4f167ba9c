"""What each call and card told: the book's conventions read backwards into facts about a hand.

A call is made by the highest-priority bidding rule of the book that applies and
answers (:func:`tutor.engine.conventions.evaluate`). Read backwards, a call in a
public situation tells the listener: *one of the rules that could have produced
this call held for the caller's hand, and no rule of higher priority that would
have produced another call held.* This module computes that reading without ever
looking at the caller's hand:

* each condition of each rule is tried on a **sealed** position, whose hand raises
  :class:`HandRead` when touched. A condition that answers is public (the same for
  every hand: "partner passed", "first round") and is decided once; one that
  raises is a *hand condition* ("aces >= 3", "sure tricks >= 5") and goes into the
  reading;
* the chooser is tried the same way: a public chooser (pass, a fixed call, the
  lowest no-trumps) either gives this call, another call, or nothing; a chooser
  that reads the hand (the best suit) *could* give this call;
* the **candidates** are the rules whose public conditions hold and whose chooser
  could give the call; the **blockers** are the rules whose public conditions hold,
  whose public chooser gives another call, and whose priority is above a
  candidate's: for that candidate to have decided, the blocker's hand conditions
  cannot all have held.

A :class:`CallReading` is the disjunction over candidates of (its hand conditions,
and *not all* of each blocker's). It is checked on a hand exactly
(:meth:`CallReading.holds`), and its **bounds** — card counts every disjunct
implies (aces 3–4, at most four cards in any suit) — are what the batch dealer can
be given (:meth:`CallReading.constraints`). The reading is sound by construction:
the caller's true hand always satisfies it (``tests/test_costs_ledger.py`` checks
that on the robots' own deals). It is weaker than the robots themselves, which the
sampler also re-runs (:mod:`tutor.lessons.cost.sampling`).

The play tells what cards each seat has played and which suits it showed out of
(it did not follow suit: law 147).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.bidding import BidPosition, ScoreState
from tutor.engine.calls import Bid, Call, Pass
from tutor.engine.cards import PBN_SUITS, Card, Hand, Rank, Seat, Suit
from tutor.engine.conventions import Condition, Rule
from tutor.engine.dealspec import HAND_SIZE, CardCount, suit_cards
from tutor.engine.rules import Rules
from tutor.engine.tricks import Trick

SEAT_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
_RANK_FEATURES = {"aces": Rank.ACE, "kings": Rank.KING, "queens": Rank.QUEEN, "jacks": Rank.JACK}
_RANK_WORDS = {Rank.ACE: "aces", Rank.KING: "kings", Rank.QUEEN: "queens", Rank.JACK: "jacks"}


class HandRead(BaseException):  # noqa: N818 - a signal, not an error; BaseException so no feature swallows it
    """Raised when a sealed hand is touched: the value depends on the hand."""


class _SealedHand(Hand):
    """A hand that cannot be read: any use raises :class:`HandRead`."""

    def __getattribute__(self, name: str) -> Any:
        raise HandRead(name)

    def __len__(self) -> int:
        raise HandRead("len")

    def __iter__(self) -> Iterator[Card]:
        raise HandRead("iter")

    def __contains__(self, item: object) -> bool:
        raise HandRead("contains")

    def __hash__(self) -> int:
        raise HandRead("hash")

    def __eq__(self, other: object) -> bool:
        raise HandRead("eq")


def _sealed() -> Hand:
    return object.__new__(_SealedHand)


def public_position(seat: Seat, dealer: Seat, before: Sequence[Call], score: ScoreState | None,
                    rules: Rules | None = None) -> BidPosition:
    """The position of ``seat`` after ``before`` with a sealed hand: only what every hand shares."""
    return BidPosition(seat, _sealed(), dealer, tuple(before), score, rules or Rules())


def with_hand(public: BidPosition, hand: Hand) -> BidPosition:
    """``public`` holding ``hand``: a copy that keeps the public values already worked out.

    Everything cached on a sealed position was computed without reading its hand (a read
    raises before anything is stored), so it holds for every hand; building a position
    afresh replays the whole auction, which made checking many layouts slow.
    """
    position = object.__new__(type(public))  # copy.copy, without its generic (and slow) protocol
    position.__dict__.update(public.__dict__)
    object.__setattr__(position, "hand", hand)
    return position


# -- bounds: the card counts a condition implies -------------------------------------------------

#: A key of the bounds: a rank (how many aces ...) or a suit (how many cards of it).
Key = Rank | Suit
Bounds = Mapping[Key, tuple[int, int]]
_TOP: dict[Key, int] = {**{r: 4 for r in _RANK_FEATURES.values()}, **{s: HAND_SIZE for s in PBN_SUITS}}


def _interval(op: str, value: int, top: int) -> tuple[int, int] | None:
    return {"==": (value, value), ">=": (value, top), ">": (value + 1, top), "<=": (0, value),
            "<": (0, value - 1)}.get(op)


_NEGATED = {">=": "<", ">": "<=", "<=": ">", "<": ">="}


def _condition_bounds(cond: Condition, negated: bool, public: BidPosition) -> dict[Key, tuple[int, int]]:
    """The counts ``cond`` (or its negation) implies on its own; {} when it implies none."""
    op = cond.op
    if isinstance(cond.value, bool) or not isinstance(cond.value, int):
        return {}
    if negated:
        if op not in _NEGATED:
            return {}
        op = _NEGATED[op]
    value = int(cond.value)
    if cond.name in _RANK_FEATURES:
        rank = _RANK_FEATURES[cond.name]
        span = _interval(op, value, 4)
        return {rank: span} if span else {}
    if cond.name == "shortest_length" and op in (">=", ">", "=="):
        low = value + 1 if op == ">" else value
        return {s: (low, HAND_SIZE) for s in PBN_SUITS}
    if cond.name == "longest_length" and op in ("<=", "<", "=="):
        high = value - 1 if op == "<" else value
        return {s: (0, high) for s in PBN_SUITS}
    if cond.name == "length":
        suit = _public_suit(cond, public)
        span = _interval(op, value, HAND_SIZE)
        return {suit: span} if suit is not None and span else {}
    return {}


def _public_suit(cond: Condition, public: BidPosition) -> Suit | None:
    from tutor.engine.conventions.hand_features import suit_arg

    try:
        return suit_arg(public, cond.args)
    except HandRead:
        return None
    except Exception:  # noqa: BLE001 - an unresolvable suit implies no bound, which is always sound
        return None


def _meet(a: Mapping[Key, tuple[int, int]], b: Mapping[Key, tuple[int, int]]) -> dict[Key, tuple[int, int]]:
    out = dict(a)
    for key, (lo, hi) in b.items():
        old = out.get(key, (0, _TOP[key]))
        out[key] = (max(old[0], lo), min(old[1], hi))
    return out


def _hull(parts: Sequence[Mapping[Key, tuple[int, int]]]) -> dict[Key, tuple[int, int]]:
    """The bounds every part implies: a key bounded in all parts, by the widest span."""
    if not parts:
        return {}
    keys = set(parts[0]).intersection(*parts[1:])
    return {k: (min(p[k][0] for p in parts), max(p[k][1] for p in parts)) for k in keys}


# -- one call read backwards ---------------------------------------------------------------------


@dataclass(frozen=True)
class Disjunct:
    """One way to the call: a rule whose hand conditions held, and blockers not all of whose held."""

    rule: Rule
    conditions: tuple[Condition, ...]
    blockers: tuple[tuple[Rule, tuple[Condition, ...]], ...]
    bounds: Mapping[Key, tuple[int, int]]
    #: the rule's chooser gives this call whatever the hand (not only "could give it")
    certain: bool = True


@dataclass(frozen=True)
class CallReading:
    """What one call told about its caller's hand (see the module's docstring)."""

    seat: Seat
    call: str
    before: tuple[Call, ...]
    dealer: Seat
    score: ScoreState | None
    rules: Rules
    disjuncts: tuple[Disjunct, ...]
    public: BidPosition = field(compare=False, repr=False)

    @property
    def bounds(self) -> dict[Key, tuple[int, int]]:
        """Card counts every way to the call implies (the hard constraints)."""
        found = _hull([d.bounds for d in self.disjuncts])
        return {k: v for k, v in found.items() if v != (0, _TOP[k])}

    def constraints(self) -> tuple[CardCount, ...]:
        """The bounds as the batch dealer's card counts."""
        out = []
        for key, (lo, hi) in sorted(self.bounds.items(), key=lambda kv: str(kv[0])):
            cards = suit_cards(key) if isinstance(key, Suit) else frozenset(Card(s, key) for s in PBN_SUITS)
            out.append(CardCount(cards, lo, hi))
        return tuple(out)

    def position(self, hand: Hand) -> BidPosition:
        return with_hand(self.public, hand)

    def holds(self, hand: Hand) -> bool:
        """Whether ``hand`` could have made the call by the reading (exact on its conditions)."""
        position = self.position(hand)
        # the ways to a call share features and blockers: each value is read once on this hand
        values: dict[tuple[object, ...], Any] = {}

        def holds(cond: Condition) -> bool:
            if cond.value_key not in values:
                values[cond.value_key] = cond.value_in(position)
            return cond.holds_for(values[cond.value_key])

        return any(all(holds(c) for c in d.conditions)
                   and not any(all(holds(c) for c in conds) for _, conds in d.blockers)
                   for d in self.disjuncts)

    @property
    def tells(self) -> bool:
        """Whether the reading says something in words: a count, or the one way's conditions."""
        return bool(self.bounds) or (len(self.disjuncts) == 1 and bool(self.disjuncts[0].conditions))

    def laws(self) -> tuple[str, ...]:
        """The laws behind what the call told: the rules that give the call, and the blockers behind a bound."""
        bounded = set(self.bounds)
        ways = [d for d in self.disjuncts if d.certain] or list(self.disjuncts)
        seen: dict[str, None] = {}
        for d in ways:
            seen.update(dict.fromkeys(d.rule.laws))
        for d in self.disjuncts:
            for rule, conds in d.blockers:
                if len(conds) == 1 and bounded & set(_condition_bounds(conds[0], True, self.public)):
                    seen.update(dict.fromkeys(rule.laws))
        return tuple(seen)

    def sentence(self) -> str:
        """In the learner's words: "North, 'one no-trumps': 3 or 4 aces (law 41)"."""
        from tutor.lessons.words import laws_named, spoken_call

        told = bounds_words(self.bounds)
        if not told and len(self.disjuncts) == 1:
            told = "; ".join(condition_words(c) for c in self.disjuncts[0].conditions)
        if not told:
            told = "nothing the tutor can count on its own"
        return f"{SEAT_NAMES[self.seat]}, {spoken_call(self.call)}: {told} ({laws_named(self.laws())})."


def read_call(seat: Seat, call: Call, before: Sequence[Call], dealer: Seat, score: ScoreState | None,
              rules: Rules, bid_rules: Sequence[Rule]) -> CallReading:
    """The reading of ``call`` made by ``seat`` after ``before`` (see the module's docstring)."""
    public = public_position(seat, dealer, before, score, rules)
    ordered = sorted((r for r in bid_rules if r.kind == "bid"), key=lambda r: -r.priority)
    candidates: list[tuple[Rule, tuple[Condition, ...], bool]] = []
    blockers: list[tuple[Rule, tuple[Condition, ...]]] = []
    for rule in ordered:
        hand_conditions = _hand_conditions(rule, public)
        if hand_conditions is None:
            continue  # a public condition fails: the rule cannot apply here
        answer = _public_answer(rule, public)
        if answer is _HAND and _call_kind(call) not in _chooser_kinds(rule, public):
            continue
        if answer is _HAND or answer == call:
            candidates.append((rule, hand_conditions, answer is not _HAND))
        elif answer is not None:
            blockers.append((rule, hand_conditions))
    disjuncts = []
    for rule, conditions, certain in candidates:
        above = tuple((b, conds) for b, conds in blockers if b.priority > rule.priority)
        bounds: dict[Key, tuple[int, int]] = {}
        for cond in conditions:
            bounds = _meet(bounds, _condition_bounds(cond, False, public))
        for _, conds in above:
            if len(conds) == 1:
                bounds = _meet(bounds, _condition_bounds(conds[0], True, public))
        if all(lo <= hi for lo, hi in bounds.values()):
            disjuncts.append(Disjunct(rule, conditions, above, bounds, certain))
    return CallReading(seat, str(call), tuple(before), dealer, score, rules, tuple(disjuncts), public)


_HAND = object()  # "the answer depends on the hand"


def _public_answer(rule: Rule, public: BidPosition) -> Any:
    try:
        return rule.recommend(public)
    except HandRead:
        return _HAND


def _call_kind(call: Call) -> str:
    text = str(call)
    return "pass" if not text[:1].isdigit() else ("nt" if text.endswith("NT") else "suit")


_KINDS: dict[str, frozenset[str]] = {}
_EVERY_KIND = frozenset({"pass", "nt", "suit"})
PROBE_HANDS = 24


def _chooser_kinds(rule: Rule, public: BidPosition) -> frozenset[str]:
    """The kinds of call (pass, no-trumps, a suit) a chooser that reads the hand gives.

    The tutor's reading, by probing: the chooser is asked on ``PROBE_HANDS`` hands dealt
    from a fixed seed in this position, and the kinds it answers are kept per rule (a
    chooser naming "the best suit" never answers no-trumps or pass). Until a probe gives
    an answer, every kind is possible.
    """
    if rule.id in _KINDS:
        return _KINDS[rule.id]
    import random

    from tutor.engine.dealgen import random_deal

    rng = random.Random(17)
    kinds: set[str] = set()
    for _ in range(PROBE_HANDS):
        try:
            answer = rule.recommend(with_hand(public, random_deal(rng)[public.seat]))
        except Exception:  # noqa: BLE001 - a chooser that fails on a probe tells nothing
            continue
        if isinstance(answer, (Bid, Pass)):
            kinds.add(_call_kind(answer))
    if not kinds:
        return _EVERY_KIND
    _KINDS[rule.id] = frozenset(kinds)
    return _KINDS[rule.id]


def open_rules(rules: Sequence[Rule], public: BidPosition) -> tuple[Rule, ...]:
    """The rules that could apply to some hand in ``public``: those whose public part holds.

    Evaluating only these gives every hand the same advice as evaluating them all
    (the others cannot apply, whatever the hand), at a fraction of the cost.
    """
    return tuple(rule for rule in rules if _hand_conditions(rule, public) is not None)


def _hand_conditions(rule: Rule, public: BidPosition) -> tuple[Condition, ...] | None:
    """The rule's conditions that read the hand; ``None`` when a public one (or the situation) fails."""
    try:
        if rule.applies(public):
            return ()
    except HandRead:
        pass
    else:
        return None  # the situation or a public condition is false
    hand: list[Condition] = []
    for cond in rule.conditions:
        try:
            if not cond.holds(public):
                return None
        except HandRead:
            hand.append(cond)
    return tuple(hand)


# -- words -----------------------------------------------------------------------------------------


def _span_words(lo: int, hi: int, top: int) -> str:
    if lo == hi:
        return f"exactly {lo}"
    if hi >= top:
        return f"{lo} or more"
    if lo == 0:
        return f"at most {hi}"
    return f"{lo} to {hi}"


def bounds_words(bounds: Mapping[Key, tuple[int, int]]) -> str:
    parts = []
    for rank in _RANK_WORDS:
        if rank in bounds:
            parts.append(f"{_span_words(*bounds[rank], 4)} {_RANK_WORDS[rank]}")
    for suit in PBN_SUITS:
        if suit in bounds:
            parts.append(f"{_span_words(*bounds[suit], HAND_SIZE)} {suit.english}")
    return "; ".join(parts)


_OP_WORDS = {">=": "at least", "<=": "at most", "==": "exactly", ">": "more than", "<": "fewer than",
             "!=": "not"}


def condition_words(cond: Condition) -> str:
    name = cond.feature.description or cond.name.replace("_", " ")
    if isinstance(cond.value, bool):
        return name if (cond.value is True) == (cond.op == "==") else f"not: {name}"
    return f"{name}: {_OP_WORDS.get(cond.op, cond.op)} {cond.value}"


# -- the ledger of a whole position ----------------------------------------------------------------


@dataclass(frozen=True)
class PlayFacts:
    """What one seat's play showed: the cards it played and the suits it showed out of."""

    seat: Seat
    played: tuple[Card, ...]
    shown_out: tuple[tuple[Suit, int], ...]  # (suit, trick number from 1)

    def sentences(self) -> tuple[str, ...]:
        return tuple(f"{SEAT_NAMES[self.seat]} showed out of {suit.english} at trick {n}: no card of the "
                     f"suit left (law 147: suit must be followed)." for suit, n in self.shown_out)


def play_facts(seat: Seat, tricks: Sequence[Trick]) -> PlayFacts:
    played: list[Card] = []
    out: dict[Suit, int] = {}
    for n, trick in enumerate(tricks, start=1):
        led = trick.led_suit
        for who, card in trick.plays:
            if who is not seat:
                continue
            played.append(card)
            if led is not None and card.suit is not led and led not in out:
                out[led] = n
    return PlayFacts(seat, tuple(played), tuple(out.items()))


@dataclass(frozen=True)
class Ledger:
    """Per seat: what its calls told and what its play showed."""

    calls: Mapping[Seat, tuple[CallReading, ...]]
    play: Mapping[Seat, PlayFacts]

    def constraints(self, seat: Seat) -> tuple[CardCount, ...]:
        """The hard constraints on ``seat``'s hand: its calls' bounds and the suits it showed out of.

        Shown-out suits bound the cards *still held*; the batch dealer places the
        cards already played, so a shown-out suit is "no more cards of it than it played".
        """
        out: list[CardCount] = [c for reading in self.calls.get(seat, ()) for c in reading.constraints()]
        facts = self.play.get(seat)
        if facts:
            for suit, _ in facts.shown_out:
                played = sum(1 for c in facts.played if c.suit is suit)
                out.append(CardCount(suit_cards(suit), 0, played))
        return tuple(out)

    def holds(self, seat: Seat, hand: Hand) -> bool:
        """Whether ``hand`` (the seat's whole 13 cards) agrees with every call reading of the seat."""
        return all(reading.holds(hand) for reading in self.calls.get(seat, ()))

    def sentences(self, seat: Seat) -> tuple[str, ...]:
        """What the seat's calls told (the calls that tell nothing countable in one line) and its play showed."""
        from tutor.lessons.words import spoken_call

        readings = self.calls.get(seat, ())
        telling = [r.sentence() for r in readings if r.tells]
        quiet = [spoken_call(r.call) for r in readings if not r.tells]
        if quiet:
            telling.append(f"{SEAT_NAMES[seat]}, {', '.join(quiet)}: nothing the tutor can count on its own "
                           "(each could come from several conventions).")
        facts = self.play.get(seat)
        return (*telling, *(facts.sentences() if facts else ()))

    def to_json(self) -> dict[str, Any]:
        return {seat.value: {"calls": [{"call": r.call, "told": bounds_words(r.bounds),
                                        "laws": list(r.laws()), "ways": len(r.disjuncts)}
                                       for r in self.calls.get(seat, ())],
                             "shown_out": [s.value for s, _ in self.play[seat].shown_out] if seat in self.play
                             else [],
                             "sentences": list(self.sentences(seat))}
                for seat in Seat}


def build_ledger(dealer: Seat, calls: Sequence[Call], score: ScoreState | None, rules: Rules,
                 tricks: Sequence[Trick] = (), *, skip: Seat | None = None,
                 bid_rules: Sequence[Rule] | None = None) -> Ledger:
    """The ledger of an auction (and play so far); ``skip``: the learner, whose hand is known."""
    if bid_rules is None:
        from tutor.lessons.bidding.drill import bid_rules as book_rules

        bid_rules = book_rules()
    readings: dict[Seat, list[CallReading]] = {s: [] for s in Seat}
    seat = dealer
    for n, call in enumerate(calls):
        if seat is not skip:
            readings[seat].append(read_call(seat, call, calls[:n], dealer, score, rules, bid_rules))
        seat = seat.lho
    play = {s: play_facts(s, tricks) for s in Seat if s is not skip}
    return Ledger({s: tuple(r) for s, r in readings.items()}, play)


__all__ = ["CallReading", "HandRead", "Ledger", "PlayFacts", "bounds_words", "build_ledger",
           "condition_words", "open_rules", "play_facts", "read_call"]
