"""The words of the convention language: one typed record per word.

A convention (``content/conventions/*.yaml``) is written in *words*: a **situation**
(where in the auction or the play the decision is taken), **features** compared
with a value (``aces >= 3``), and a **chooser** (what to bid or play). Each word is
one :class:`Word` here, carrying everything about it in one place:

* its ``name`` (what the YAML says) and the decision ``kinds`` it serves;
* its typed arguments (:class:`Arg`: name, type, default), checked when the YAML loads;
* its value function ``fn(position, args)``;
* its ``label`` for the learner and its longer ``description`` (``tutor`` help);
* how a deal generator *realises* it (:data:`Realiser`): by cards it places
  (:class:`PlaceCards`), by hands it tests alone (:class:`ReadsHand`), by the
  position's history it builds (:class:`ByHistory`), or not at all, with why
  (:class:`NotRealisable`). A word whose value is a number of cards held says so in
  its realiser (a rank: :class:`PlaceCards`; a suit's length, the shortest or longest
  suit: ``ReadsHand(counted=...)``), so a condition — or its negation — can be read as
  card counts (:class:`CardsBetween`) by a dealer that places them or a reader that
  bounds a hand with them (the cost ledger).

A :class:`Vocabulary` is an explicit value: the words of one game, with the suit
names and holding patterns its arguments may use. The vocabularies are assembled
in one place, :mod:`tutor.engine.conventions.vocabularies`; nothing registers on import.
Rules name words; :mod:`tutor.lessons.content.conventions` resolves each name once,
when the YAML loads, so evaluation holds the records themselves.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from tutor.engine.cards import PBN_SUITS, Card, Rank, Suit
from tutor.engine.errors import TutorError

#: A value a rule's argument may hold (YAML scalars).
ArgValue = int | float | bool | str
#: The arguments a rule passes to a word.
Args = Mapping[str, ArgValue]
#: What a feature evaluates to.
FeatureValue = int | bool | str | float
#: What a word is: a situation, a feature or a chooser.
WordRole = Literal["situation", "feature", "chooser"]
#: The types an argument may have. ``suit``: a letter or a suit name the vocabulary knows
#: (``partner``, ``best`` …, or a play role), or one of the argument's ``choices``; ``pattern``: a named holding; ``card``: ``SA``;
#: ``ranks``: rank letters (``KQ``); ``call``: a call (``1NT``); ``choice``: one of ``choices``.
ArgType = Literal["int", "bool", "text", "suit", "pattern", "card", "ranks", "call", "choice"]
#: An argument with no default: the rule must give it.
REQUIRED = None


# -- the one comparison table ---------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """One comparison a condition may use: its test, its words, the values it allows."""

    symbol: str
    test: Callable[..., bool]  # (feature value, rule value) -> bool
    words: str  # "at least" — how the tutor says it
    #: the inclusive range of counts that satisfy ``count <symbol> value`` (``None``: not a range)
    span: Callable[[int, int], tuple[int, int] | None]
    #: the comparison that holds exactly when this one fails (``not (a >= b)`` is ``a < b``)
    negation: str


COMPARISONS: Mapping[str, Comparison] = {c.symbol: c for c in (
    Comparison("==", operator.eq, "exactly", lambda v, top: (v, v), "!="),
    Comparison("!=", operator.ne, "other than", lambda v, top: None, "=="),
    Comparison(">=", operator.ge, "at least", lambda v, top: (v, top), "<"),
    Comparison("<=", operator.le, "at most", lambda v, top: (0, v), ">"),
    Comparison(">", operator.gt, "more than", lambda v, top: (v + 1, top), "<="),
    Comparison("<", operator.lt, "fewer than", lambda v, top: (0, v - 1), ">="),
)}
OPERATORS = frozenset(COMPARISONS)


# -- arguments ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Arg:
    """One argument of a word: its name, its type, its default (``REQUIRED``: none)."""

    name: str
    type: ArgType
    default: ArgValue | None = REQUIRED
    choices: tuple[str, ...] = ()

    def problem(self, value: object, vocabulary: Vocabulary) -> str | None:
        """Why ``value`` is not a good value of this argument (``None`` if it is)."""
        if self.type == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
            return None if ok else f"argument {self.name!r} must be a whole number, got {value!r}"
        if self.type == "bool":
            return None if isinstance(value, bool) else f"argument {self.name!r} must be true or false, got {value!r}"
        if not isinstance(value, str | int) or isinstance(value, bool):
            return f"argument {self.name!r} must be text, got {value!r}"
        return _text_problem(self, str(value), vocabulary)


def _text_problem(arg: Arg, text: str, vocabulary: Vocabulary) -> str | None:
    if arg.type == "choice" and text not in arg.choices:
        return f"argument {arg.name!r} must be one of {', '.join(arg.choices)}, got {text!r}"
    if arg.type == "suit" and not _is_letter(text) and text not in vocabulary.suit_names and text not in arg.choices:
        known = ", ".join((*sorted(vocabulary.suit_names), *arg.choices))
        return f"unknown suit {text!r} for {arg.name!r}; known: S H D C, {known}"
    if arg.type == "pattern" and text not in vocabulary.patterns:
        return f"unknown holding pattern {text!r}; known: {', '.join(vocabulary.patterns)}"
    if arg.type == "card":
        try:
            Card.parse(text)
        except TutorError:
            return f"argument {arg.name!r} must be a card such as SA, got {text!r}"
    if arg.type == "ranks" and not all(ch in "AKQJT98765432" for ch in text.upper()):
        return f"argument {arg.name!r} must be rank letters such as KQ, got {text!r}"
    return None


def _is_letter(text: str) -> bool:
    return len(text) == 1 and text.upper() in "SHDC"


# -- how a word is made true ------------------------------------------------------------------

#: How a vocabulary resolves a suit name (``partner``, ``best``, a play role …) in a position.
SuitResolver = Callable[[object, str], Suit | None]
#: The cards of one suit: the most a hand can hold of it.
SUIT_SIZE = len(Rank)


def _suit_cards(suit: Suit) -> frozenset[Card]:
    return frozenset(Card(suit, rank) for rank in Rank)


def _count_span(op: str, value: FeatureValue, top: int) -> tuple[int, int] | None:
    """The counts from 0 to ``top`` that meet ``count op value`` (``None``: not a whole number, or not a range)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    return COMPARISONS[op].span(value, top)


@dataclass(frozen=True)
class CardsBetween:
    """A requirement on a hand: it holds between ``low`` and ``high`` of ``cards`` (placed, not searched)."""

    cards: frozenset[Card]
    low: int
    high: int

    @property
    def counts(self) -> tuple[CardsBetween, ...]:
        """The card counts the requirement states: itself, exactly."""
        return (self,)


@dataclass(frozen=True)
class HandTest:
    """A requirement on a hand: the condition, tested on the hand alone, holds (dealt hands are searched).

    ``counts``: card counts every hand that passes the test holds — what the test says in
    cards (the length of a suit; every suit at least three cards) — for a reader that bounds
    a hand instead of dealing one (the ledger). Empty when the value is not a count of cards,
    or when what it says is no conjunction of counts ("some suit of at most one card").
    """

    counts: tuple[CardsBetween, ...] = ()


#: What a deal generator must meet for a condition to hold on the hand it deals.
Requirement = CardsBetween | HandTest


@dataclass(frozen=True)
class PlaceCards:
    """A count of one rank: the generator places the cards (``aces >= 3``), else tests the hand."""

    rank: Rank

    @property
    def cards(self) -> frozenset[Card]:
        """The cards counted: the four of the rank."""
        return frozenset(Card(s, self.rank) for s in PBN_SUITS)

    def requirement(self, op: str, value: FeatureValue, args: Args,
                    position: object | None = None) -> Requirement | None:
        span = _count_span(op, value, len(PBN_SUITS))
        return HandTest() if span is None else CardsBetween(self.cards, *span)


@dataclass(frozen=True)
class SuitCards:
    """The value counts the cards held in the suit the ``suit`` argument names.

    A letter names the suit; a name (``partner``) is resolved in the position by the
    vocabulary's ``resolve``, the same resolver the word's value uses.
    """

    resolve: SuitResolver

    def counts(self, span: tuple[int, int], args: Args, position: object | None) -> tuple[CardsBetween, ...]:
        name = str(args.get("suit", "")).strip()
        if _is_letter(name):
            suit: Suit | None = Suit(name.upper())
        else:
            suit = None if position is None else self.resolve(position, name)
        # an unresolved suit counts nothing: the value is then the same for every hand
        return () if suit is None else (CardsBetween(_suit_cards(suit), *span),)


@dataclass(frozen=True)
class EverySuit:
    """The value is the fewest (``fewest``) or the most (``most``) cards held in any one suit.

    The shortest suit holding at least ``low`` cards is every suit holding at least ``low``;
    the longest holding at most ``high`` is every suit holding at most ``high``. The other
    side of the span ("the shortest suit holds at most one card") is a suit unnamed, no count.
    """

    extreme: Literal["fewest", "most"]

    def counts(self, span: tuple[int, int], args: Args, position: object | None) -> tuple[CardsBetween, ...]:
        low, high = span
        if self.extreme == "fewest":
            return tuple(CardsBetween(_suit_cards(s), low, SUIT_SIZE) for s in PBN_SUITS) if low > 0 else ()
        return tuple(CardsBetween(_suit_cards(s), 0, high) for s in PBN_SUITS) if high < SUIT_SIZE else ()


#: How a word that reads the hand counts cards: its value is a number of cards held.
Counted = SuitCards | EverySuit


@dataclass(frozen=True)
class ReadsHand:
    """The word reads the hand alone: the generator tests dealt hands.

    ``letter_suit_only``: only when its ``suit`` argument is a letter (a named suit such as
    ``partner`` needs the auction, which the hand alone does not have) — or when the
    position the name is resolved in is given. ``counted``: when its value is a count of
    cards, how (the :class:`HandTest` then states the counts).
    """

    letter_suit_only: bool = False
    counted: Counted | None = None

    def requirement(self, op: str, value: FeatureValue, args: Args,
                    position: object | None = None) -> Requirement | None:
        if self.letter_suit_only and position is None and not _is_letter(str(args.get("suit", "S"))):
            return None
        span = _count_span(op, value, SUIT_SIZE)
        if self.counted is None or span is None:
            return HandTest()
        return HandTest(self.counted.counts(span, args, position))


@dataclass(frozen=True)
class ByHistory:
    """The word reads the auction or the play so far: the generator realises it by building that history."""

    reason: str

    def requirement(self, op: str, value: FeatureValue, args: Args,
                    position: object | None = None) -> Requirement | None:
        return None


@dataclass(frozen=True)
class NotRealisable:
    """No generator can make the word true by itself (a chooser: it answers, it does not hold)."""

    reason: str

    def requirement(self, op: str, value: FeatureValue, args: Args,
                    position: object | None = None) -> Requirement | None:
        return None


Realiser = PlaceCards | ReadsHand | ByHistory | NotRealisable
#: The realiser of a word that reads only what the players said and played.
HISTORY = ByHistory("it reads the calls or cards so far; the drill builds them")
#: The realiser of a chooser: it gives the answer and holds nothing.
ANSWERS = NotRealisable("a chooser gives the answer; it is not a condition to make true")


#: The shape of a call a chooser can give: ``("pass", 0)``, ``("nt", 1)``, ``("suit", 3)`` …
CallShape = tuple[str, int]
#: What a bidding chooser can give, read from its arguments alone (how the ledger reads a call back).
Gives = Callable[[Mapping[str, object]], frozenset[CallShape]]


# -- the word --------------------------------------------------------------------------------

#: What a feature's value may be (a tuple: ``int | bool | str | float`` would build a union on every call).
_FEATURE_TYPES = (int, bool, str, float)


@dataclass(frozen=True)
class Word:
    """One word of the convention language (see the module docstring)."""

    name: str
    role: WordRole
    kinds: frozenset[str]
    fn: Callable[..., object]  # fn(position, args); the position type is the vocabulary's
    description: str
    realiser: Realiser
    args: tuple[Arg, ...] = ()
    #: the short label the learner reads ("sure tricks"); the description when not given
    short: str = ""
    #: for a feature of one suit, how the learner reads it before the suit ("cards in")
    suit_label: str = ""
    #: a counted feature in a teacher's sentence: (one, many, who has them), ``{suit}`` for the suit
    nouns: tuple[str, str, str] | tuple[()] = ()
    #: a yes/no feature: the clause that is true when it holds ("partner has passed")
    clause: str = ""
    #: True when the word accepts arguments not in ``args`` (the prohibitions pass theirs on)
    open_args: bool = field(default=False, compare=False)
    #: a bidding chooser: the shapes of call it can give, from its arguments (``None``: any call)
    gives: Gives | None = field(default=None, compare=False)

    @property
    def label(self) -> str:
        return self.short or self.description

    @property
    def reads_hand_only(self) -> bool:
        return isinstance(self.realiser, (PlaceCards, ReadsHand))

    def value(self, position: object, args: Args) -> FeatureValue:
        result = self.fn(position, args)
        assert isinstance(result, _FEATURE_TYPES), f"{self.name} gave {result!r}"
        return result

    def holds(self, position: object, args: Args) -> bool:
        return bool(self.fn(position, args))

    def answer(self, position: object, args: Args) -> object:
        return self.fn(position, args)

    def arg_problems(self, given: Mapping[str, object], vocabulary: Vocabulary) -> list[str]:
        """Every problem of the arguments a rule gives this word."""
        specs = {a.name: a for a in self.args}
        out = [f"{self.name} takes no argument {key!r}"
               + (f" (it takes {', '.join(specs)})" if specs else "")
               for key in given if key not in specs and not self.open_args]
        out += [f"{self.name} needs the argument {a.name!r}" for a in self.args
                if a.default is REQUIRED and a.name not in given]
        out += [m for key, value in given.items() if key in specs
                for m in [specs[key].problem(value, vocabulary)] if m]
        return out

    def __str__(self) -> str:
        return self.name


def situation(name: str, description: str, fn: Callable[..., bool], kinds: Iterable[str],
              args: tuple[Arg, ...] = ()) -> Word:
    """A situation: where the decision is taken. It is realised by the position the drill builds."""
    return Word(name, "situation", frozenset(kinds), fn, description,
                ByHistory("the drill builds the position this situation names"), args)


def feature(name: str, description: str, fn: Callable[..., FeatureValue], kinds: Iterable[str], *,
            realiser: Realiser = HISTORY, args: tuple[Arg, ...] = (), short: str = "",
            suit_label: str = "", nouns: tuple[str, str, str] | tuple[()] = (), clause: str = "") -> Word:
    """A feature: a value of the position a condition compares."""
    return Word(name, "feature", frozenset(kinds), fn, description, realiser, args, short, suit_label,
                nouns, clause)


def chooser(name: str, description: str, fn: Callable[..., object], kinds: Iterable[str],
            args: tuple[Arg, ...] = (), *, open_args: bool = False, gives: Gives | None = None) -> Word:
    """A chooser: what the convention recommends (a call or the cards allowed)."""
    return Word(name, "chooser", frozenset(kinds), fn, description, ANSWERS, args, open_args=open_args,
                gives=gives)


# -- the vocabulary ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Vocabulary:
    """The words of one game, by role and name, with the names their arguments may use."""

    words: Mapping[tuple[WordRole, str], Word]
    suit_names: frozenset[str] = frozenset()
    patterns: tuple[str, ...] = ()

    @classmethod
    def of(cls, words: Iterable[Word], suit_names: Iterable[str] = (), patterns: Iterable[str] = ()) -> Vocabulary:
        table: dict[tuple[WordRole, str], Word] = {}
        for word in words:
            key = (word.role, word.name)
            if key in table:
                raise TutorError(f"the {word.role} {word.name!r} is defined twice")
            table[key] = word
        return cls(table, frozenset(suit_names), tuple(patterns))

    def of_role(self, role: WordRole) -> Mapping[str, Word]:
        return {name: w for (r, name), w in self.words.items() if r == role}

    @property
    def features(self) -> Mapping[str, Word]:
        return self.of_role("feature")

    @property
    def situations(self) -> Mapping[str, Word]:
        return self.of_role("situation")

    @property
    def choosers(self) -> Mapping[str, Word]:
        return self.of_role("chooser")

    def get(self, role: WordRole, name: str) -> Word | None:
        return self.words.get((role, name))

    def word(self, role: WordRole, name: str) -> Word:
        found = self.words.get((role, name))
        if found is None:
            raise TutorError(f"unknown {role} {name!r}; known: {', '.join(sorted(self.of_role(role)))}")
        return found

    def feature(self, name: str) -> Word:
        return self.word("feature", name)


__all__ = [
    "ANSWERS", "COMPARISONS", "HISTORY", "OPERATORS", "REQUIRED", "SUIT_SIZE", "Arg", "ArgValue", "Args",
    "ByHistory", "CallShape", "CardsBetween", "Comparison", "Counted", "EverySuit", "FeatureValue", "Gives", "HandTest",
    "NotRealisable", "PlaceCards", "Realiser", "Requirement", "ReadsHand", "SuitCards", "SuitResolver",
    "Vocabulary", "Word", "chooser", "feature", "situation",
]
