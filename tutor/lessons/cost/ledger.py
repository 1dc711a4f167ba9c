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
be given (:meth:`CallReading.constraints`). A condition's counts are its word's own:
``Condition.requirement(public, negated=...)`` states a count word's condition, or a
blocker's negated one, as card counts (a suit the word names, "partner's suit", is
resolved in the public position); this module names no word. The reading is sound by
construction: the caller's true hand always satisfies it (``tests/test_costs.py`` and
``tests/test_ledger_bounds.py`` check that on the robots' own deals). It is weaker than
the robots themselves, which the sampler also re-runs (:mod:`tutor.lessons.cost.sampling`).

The play tells what cards each seat has played and which suits it showed out of
(it did not follow suit: law 147).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NoReturn

from tutor.engine.auction import Auction
from tutor.engine.bidding import KIND, BidPosition, ScoreState
from tutor.engine.calls import Call
from tutor.engine.cards import Card, Hand, Seat, Suit
from tutor.engine.conventions import Condition, Rule
from tutor.engine.conventions.bidding_words import call_shape
from tutor.engine.conventions.vocabulary import COMPARISONS, FeatureValue
from tutor.engine.deals.spec import CardCount, suit_cards
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject
from tutor.engine.rules import Rules
from tutor.engine.tricks import Trick
from tutor.lessons.cost.card_counts import Counted, Key, Span, bounds_words, counted_key, dealing_order


class HandRead(BaseException):  # noqa: N818 - a signal, not an error; BaseException so no feature swallows it
    """Raised when a sealed hand is touched: the value depends on the hand."""


class _SealedHand(Hand):
    """A hand that cannot be read: any use raises :class:`HandRead`."""

    def __getattribute__(self, name: str) -> NoReturn:
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
                    rules: Rules | None = None, auction: Auction | None = None) -> BidPosition:
    """The position of ``seat`` after ``before`` with a sealed hand: only what every hand shares.

    ``auction``: the auction of ``before`` when the caller has it, copied instead of replayed call
    by call (under the position's rules only: the robots bid by the book's)."""
    rules = rules or Rules()
    known = auction.copy() if auction is not None and auction.rules == rules else None
    return BidPosition(seat, _sealed(), dealer, tuple(before), score, rules, known)


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

def _condition_bounds(cond: Condition, negated: bool, public: BidPosition) -> dict[Counted, Span]:
    """The card counts ``cond`` (or its negation) implies on its own, as its word's realiser states them.

    A suit the word names is resolved in the public position; one that only the hand can
    name ("the best suit") implies no bound, which is always sound.
    """
    try:
        requirement = cond.requirement(public, negated=negated)
    except (HandRead, TutorError):
        return {}
    counts: dict[Counted, Span] = {}
    for count in requirement.counts if requirement is not None else ():
        counts = _meet(counts, {count.cards: (count.low, count.high)})
    return counts


def _meet(a: Mapping[Counted, Span], b: Mapping[Counted, Span]) -> dict[Counted, Span]:
    out = dict(a)
    for cards, (lo, hi) in b.items():
        old = out.get(cards, (0, len(cards)))
        out[cards] = (max(old[0], lo), min(old[1], hi))
    return out


def _hull(parts: Sequence[Mapping[Counted, Span]]) -> dict[Counted, Span]:
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
    #: the card counts this way implies, by the cards counted
    counts: Mapping[Counted, Span]
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
    def counts(self) -> dict[Counted, Span]:
        """Card counts every way to the call implies (the hard constraints), by the cards counted."""
        found = _hull([d.counts for d in self.disjuncts])
        return {cards: span for cards, span in found.items() if span != (0, len(cards))}

    @property
    def bounds(self) -> dict[Key, Span]:
        """The same counts keyed by the rank or the suit counted (``bounds[Rank.ACE] == (3, 4)``)."""
        return {key: span for cards, span in self.counts.items() if (key := counted_key(cards)) is not None}

    def constraints(self) -> tuple[CardCount, ...]:
        """The bounds as the batch dealer's card counts."""
        return tuple(CardCount(cards, lo, hi) for cards, (lo, hi) in sorted(self.counts.items(),
                                                                           key=lambda kv: dealing_order(kv[0])))

    def position(self, hand: Hand) -> BidPosition:
        return with_hand(self.public, hand)

    def holds(self, hand: Hand) -> bool:
        """Whether ``hand`` could have made the call by the reading (exact on its conditions)."""
        position = self.position(hand)
        # the ways to a call share features and blockers: each value is read once on this hand
        values: dict[tuple[object, ...], FeatureValue] = {}

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
        return bool(self.counts) or (len(self.disjuncts) == 1 and bool(self.disjuncts[0].conditions))

    def laws(self) -> tuple[str, ...]:
        """The laws behind what the call told: the rules that give the call, and the blockers behind a bound."""
        bounded = set(self.counts)
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

        told = bounds_words(self.counts)
        if not told and len(self.disjuncts) == 1:
            told = "; ".join(condition_words(c) for c in self.disjuncts[0].conditions)
        if not told:
            told = "nothing the tutor can count on its own"
        return f"{self.seat.english}, {spoken_call(self.call)}: {told} ({laws_named(self.laws())})."


def read_call(seat: Seat, call: Call, before: Sequence[Call], dealer: Seat, score: ScoreState | None,
              rules: Rules, bid_rules: Sequence[Rule]) -> CallReading:
    """The reading of ``call`` made by ``seat`` after ``before`` (see the module's docstring)."""
    public = public_position(seat, dealer, before, score, rules)
    ordered = sorted((r for r in bid_rules if r.kind == KIND), key=lambda r: -r.priority)
    candidates: list[tuple[Rule, tuple[Condition, ...], bool]] = []
    blockers: list[tuple[Rule, tuple[Condition, ...]]] = []
    for rule in ordered:
        hand_conditions = _hand_conditions(rule, public)
        if hand_conditions is None:
            continue  # a public condition fails: the rule cannot apply here
        answer = _public_answer(rule, public)
        if answer is _HAND and not _could_give(rule, call):
            continue
        if answer is _HAND or answer == call:
            candidates.append((rule, hand_conditions, answer is not _HAND))
        elif answer is not None:
            blockers.append((rule, hand_conditions))
    disjuncts = []
    for rule, conditions, certain in candidates:
        above = tuple((b, conds) for b, conds in blockers if b.priority > rule.priority)
        counts: dict[Counted, Span] = {}
        for cond in conditions:
            counts = _meet(counts, _condition_bounds(cond, False, public))
        for _, conds in above:
            if len(conds) == 1:  # a blocker of one hand condition: that condition failed
                counts = _meet(counts, _condition_bounds(conds[0], True, public))
        if all(lo <= hi for lo, hi in counts.values()):
            disjuncts.append(Disjunct(rule, conditions, above, counts, certain))
    return CallReading(seat, str(call), tuple(before), dealer, score, rules, tuple(disjuncts), public)


_HAND = object()  # "the answer depends on the hand"


def _public_answer(rule: Rule, public: BidPosition) -> object:
    try:
        return rule.recommend(public)
    except HandRead:
        return _HAND


def _could_give(rule: Rule, call: Call) -> bool:
    """Whether the rule's chooser, which reads the hand, can give ``call``: the shapes it states it
    gives (a pass, one no-trumps, two of a suit …) from its arguments; any call when it states none."""
    gives = rule.chooser_word.gives
    return gives is None or call_shape(call) in gives(rule.chooser_args)


def open_rules(rules: Sequence[Rule], public: BidPosition) -> tuple[Rule, ...]:
    """The rules that could apply to some hand in ``public``: those whose public part holds.

    Evaluating only these gives every hand the same advice as evaluating them all
    (the others cannot apply, whatever the hand), at a fraction of the cost.
    """
    return tuple(rule for rule in rules if _hand_conditions(rule, public) is not None)


def _hand_conditions(rule: Rule, public: BidPosition) -> tuple[Condition, ...] | None:
    """The rule's conditions that read the hand; ``None`` when a public one (or the situation) fails.

    One pass over the conditions (a situation that reads the hand is taken to hold): each public
    position of a call's analysis asks every rule of the book this (issue 28)."""
    try:
        if not rule.in_situation(public):
            return None
    except HandRead:
        pass
    hand: list[Condition] = []
    for cond in rule.conditions:
        try:
            if not cond.holds(public):
                return None
        except HandRead:
            hand.append(cond)
    return tuple(hand)


# -- words -----------------------------------------------------------------------------------------


def condition_words(cond: Condition) -> str:
    name = cond.feature.description or cond.name.replace("_", " ")
    if isinstance(cond.value, bool):
        return name if COMPARISONS[cond.op].test(True, cond.value) else f"not: {name}"  # holds when the feature does
    return f"{name}: {COMPARISONS[cond.op].words} {cond.value}"


# -- the ledger of a whole position ----------------------------------------------------------------


@dataclass(frozen=True)
class PlayFacts:
    """What one seat's play showed: the cards it played and the suits it showed out of."""

    seat: Seat
    played: tuple[Card, ...]
    shown_out: tuple[tuple[Suit, int], ...]  # (suit, trick number from 1)

    def sentences(self) -> tuple[str, ...]:
        return tuple(f"{self.seat.english} showed out of {suit.english} at trick {n}: no card of the "
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
            telling.append(f"{seat.english}, {', '.join(quiet)}: nothing the tutor can count on its own "
                           "(each could come from several conventions).")
        facts = self.play.get(seat)
        return (*telling, *(facts.sentences() if facts else ()))

    def to_json(self) -> JsonObject:
        return {seat.value: {"calls": [{"call": r.call, "told": bounds_words(r.counts),
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


__all__ = ["CallReading", "HandRead", "Ledger", "PlayFacts", "build_ledger", "condition_words", "open_rules",
           "play_facts", "read_call"]
