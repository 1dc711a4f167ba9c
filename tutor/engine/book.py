"""The book: the conventions in force and the one evaluator over them, giving typed advice.

The book's advice on bidding (laws 33–52, 74 and the recovered ≈53–73) and on play (laws
79–166) is written as rules in ``content/conventions/*.yaml``. A :class:`Book` is those rules,
frozen, with the evaluator of :mod:`tutor.engine.conventions`: :meth:`Book.call` and
:meth:`Book.card` answer a seat's view (:class:`~tutor.engine.record.view.SeatView`) with a
:class:`CallAdvice` or :class:`CardAdvice` — the call or card, the rule that decided, its laws,
its explanation, and the other rules that applied (the why-nots the feedback words).

**Precedence** is one order, read from the rules themselves: the highest priority that applies
decides (the evaluator); a rule's ``overrides`` and ``yields`` (stated in its YAML) say which
disagreeing rules the book lets it set aside (:meth:`~tutor.engine.conventions.Rule.sets_aside`),
which is what the drill audit checks; a prohibition (``lead_avoiding``) re-asks the lower rules
with the forbidden suits set aside. Nothing outside this module and the conventions package
calls the evaluator (``tests/test_design.py`` holds it).

The book is silent in some positions (no play convention covers most follows); the robots add
the tutor's stated defaults there (:mod:`tutor.lessons.robots`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from tutor.engine.bidding import BidPosition
from tutor.engine.calls import Call
from tutor.engine.cards import Card
from tutor.engine.conventions import Advice, Rule, deciding_order, evaluate, evaluate_ordered
from tutor.engine.conventions.kinds import DecisionKind
from tutor.engine.conventions.play.features import PlayChoice
from tutor.engine.conventions.vocabulary import Args, Word
from tutor.engine.play.position import PlayPosition
from tutor.engine.record.view import SeatView

_Group = tuple[Word, Args, tuple[Rule, ...]]


def card_order(card: Card) -> tuple[int, int]:
    """The order cards are listed in: spades, hearts, diamonds, clubs; high to low."""
    return ("SHDC".index(card.suit.value), -card.rank)


@dataclass(frozen=True)
class CallAdvice:
    """The book's call in a bidding position."""

    call: Call
    rule: Rule
    explanation: str
    #: True when the deciding priority holds one answer only
    unique: bool
    #: every rule that applied, the deciding one first (the why-nots are the others)
    applicable: tuple[Rule, ...]

    @property
    def laws(self) -> tuple[str, ...]:
        return self.rule.laws

    @property
    def kind(self) -> DecisionKind:
        return DecisionKind.BID


@dataclass(frozen=True)
class CardAdvice:
    """The book's card in a play position: one card, or the cards it allows alike (a suit, "a small card")."""

    choice: PlayChoice
    rule: Rule
    explanation: str
    unique: bool
    applicable: tuple[Rule, ...]
    kind: DecisionKind

    @property
    def card(self) -> Card:
        return self.choice.card

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(sorted(self.choice.cards, key=card_order))

    @property
    def laws(self) -> tuple[str, ...]:
        return self.rule.laws


@dataclass(frozen=True, eq=False)
class Book:
    """A frozen rule set and its evaluator. ``bidding``: the ``bid`` rules in file order;
    ``play``: the play rules, highest priority first (the order prohibitions re-ask them in)."""

    bidding: tuple[Rule, ...]
    play: tuple[Rule, ...] = ()
    #: the narrower books asked for (:meth:`among`), kept with the book that made them
    _narrowed: dict[tuple[str, ...], Book] = field(default_factory=dict, repr=False)
    #: the rules last asked for and their book (the rules compared by identity)
    _last_among: list[tuple[Sequence[Rule], Book]] = field(default_factory=list, repr=False)

    # -- typed advice on a seat's view ----------------------------------------------------------

    def call(self, view: SeatView) -> CallAdvice | None:
        """The book's call on ``view`` (``None``: no rule applies; the last rule of the file passes)."""
        return self.call_in(view.bid_position())

    def card(self, view: SeatView) -> CardAdvice | None:
        """The book's card on ``view`` (``None``: the book is silent here)."""
        return self.card_in(view.play_position(self.play))

    def call_in(self, position: BidPosition, *, deciding_only: bool = False) -> CallAdvice | None:
        """The book's call; ``deciding_only``: its ``applicable`` lists only the rules at the deciding
        priority (the lower rules are not asked: a robot's call needs no why-nots)."""
        advice = self.advise(position, deciding_only=deciding_only)
        if advice is None:
            return None
        return CallAdvice(advice.answer, advice.rule, advice.explanation, advice.unique, advice.applicable)

    def card_in(self, position: PlayPosition) -> CardAdvice | None:
        advice = self.advise(position)
        if advice is None or not isinstance(advice.answer, PlayChoice):
            return None
        return CardAdvice(advice.answer, advice.rule, advice.explanation, advice.unique, advice.applicable,
                          position.kind)

    # -- the evaluator --------------------------------------------------------------------------

    def advise(self, position: BidPosition | PlayPosition, among: Sequence[Rule] | None = None, *,
               deciding_only: bool = False) -> Advice | None:
        """The evaluator's advice in ``position``: the book's rules of its kind, or ``among`` them
        (a narrower set: the rules below a prohibition, those a public position leaves open).
        ``deciding_only`` (a call): see :func:`~tutor.engine.conventions.evaluate_ordered`."""
        if isinstance(position, BidPosition):
            book = self if among is None else self.among(among)
            return evaluate_ordered(book.deciding_order(position), position, in_situation=True,
                                    deciding_only=deciding_only)
        if among is not None:
            return evaluate(among, position, position.kind)
        return evaluate_ordered(self._play_order(position.kind), position)

    def among(self, rules: Sequence[Rule]) -> Book:
        """A book of ``rules`` (a subset of this one's bidding rules), kept per subset."""
        if rules is self.bidding:
            return self
        last = self._last_among
        if last and last[0][0] is rules:  # the same tuple again: a drill's generation asks with it on every call
            return last[0][1]
        key = tuple(r.id for r in rules)
        narrowed = self._narrowed.get(key)
        # the ids find it; the rules themselves must be the same objects (a caller's own rules
        # with the same ids - a test's, a reloaded file's - get a book of their own)
        if narrowed is None or any(a is not b for a, b in zip(narrowed.bidding, rules, strict=True)):
            if len(self._narrowed) > 4096:
                self._narrowed.clear()
            narrowed = self._narrowed[key] = Book(tuple(rules), self.play)
        if isinstance(rules, tuple):  # immutable: the same object holds the same rules next time
            self._last_among[:] = [(rules, narrowed)]
        return narrowed

    def in_situation(self, position: BidPosition) -> list[Rule]:
        """The bidding rules whose situation holds, each distinct situation tested once (a pre-filter
        that keeps the evaluator's order: the groups in the order their first rule comes)."""
        out: list[Rule] = []
        for situation, args, group in self._groups:
            if situation.holds(position, args):
                out += group
        return out

    def deciding_order(self, position: BidPosition) -> tuple[Rule, ...]:
        """The bidding rules whose situation holds, in the order :func:`~tutor.engine.conventions.evaluate`
        decides by (highest priority first; ties in :meth:`in_situation`'s order), worked out once for each
        set of situations that hold: the same few sets come back on every call of every auction."""
        held = tuple(i for i, (situation, args, _) in enumerate(self._groups) if situation.holds(position, args))
        ordered = self._orders.get(held)
        if ordered is None:
            ordered = self._orders[held] = deciding_order([r for i in held for r in self._groups[i][2]],
                                                          DecisionKind.BID)
        return ordered

    @cached_property
    def _orders(self) -> dict[tuple[int, ...], tuple[Rule, ...]]:
        return {}

    def _play_order(self, kind: DecisionKind) -> tuple[Rule, ...]:
        """The play rules of ``kind`` in the evaluator's order, sorted once per kind."""
        ordered = self._play_orders.get(kind)
        if ordered is None:
            ordered = self._play_orders[kind] = deciding_order(self.play, kind)
        return ordered

    @cached_property
    def _play_orders(self) -> dict[str, tuple[Rule, ...]]:
        return {}

    @cached_property
    def _groups(self) -> tuple[_Group, ...]:
        groups: dict[tuple[str, str], tuple[Word, Args, list[Rule]]] = {}
        for rule in self.bidding:
            key = (rule.situation, repr(sorted(rule.situation_args.items())))
            groups.setdefault(key, (rule.situation_word, rule.situation_args, []))[2].append(rule)
        return tuple((word, args, tuple(group)) for word, args, group in groups.values())

    # -- the rules ------------------------------------------------------------------------------

    @cached_property
    def by_id(self) -> Mapping[str, Rule]:
        return {r.id: r for r in (*self.bidding, *self.play)}

    def outranking(self, rule: Rule) -> tuple[Rule, ...]:
        """The higher bidding rules that take the decision whenever ``rule``'s situation holds and
        their hand conditions hold: a hand meeting one of them can never drill ``rule``."""
        kept = self._outranking.get(rule.id)
        if kept is None or kept[0] is not rule:
            kept = self._outranking[rule.id] = (rule, tuple(
                r for r in self.bidding if r.priority > rule.priority and r.situation == rule.situation
                and (not r.situation_args or r.situation_args == rule.situation_args)
                and r.conditions and all(c.requirement() is not None for c in r.conditions)))
        return kept[1]

    @cached_property
    def _outranking(self) -> dict[str, tuple[Rule, tuple[Rule, ...]]]:
        return {}


__all__ = ["Book", "CallAdvice", "CardAdvice", "card_order"]
