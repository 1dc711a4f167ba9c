"""The hand-valuation drill: count the sure tricks, suit by suit (drill kind ``valuation``).

Most of the book's bidding laws rest on the sure-trick count — five for a simple game (law 33),
seven for a direct "two" and eight or nine for a "three" (law 36) — and the book never says how to
count them; the tutor's model (``docs/bidding.md``,
:func:`tutor.engine.conventions.hand_features.sure_tricks`) does, suit by suit. This drill deals
a hand (seeded: the same seed, the same hand), asks for the count of each suit, and answers each
suit with the model's count and how it is reached.

The API, for a page or the terminal::

    drill = make(seed)                       # a ValuationDrill: hand, one question per suit
    feedback = drill.check({"S": 3, "H": 1, "D": 1, "C": 2})   # or parse_counts("3 1 1 2")
    feedback.correct, feedback.lines, feedback.summary
    store.record(feedback.answer(seconds))   # the progress record (a convention answer)

The kind is also registered with :mod:`tutor.lessons.drills` (the total count as one answer),
so ``tutor drill valuation`` and the Review page serve it like any drill.

>>> d = make(7)
>>> d == make(7), len(d.questions), sum(q.answer for q in d.questions) == d.total
(True, 4, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass

from tutor.engine.cards import FULL_PACK, PBN_SUITS, Card, Hand, Rank, Seat, Suit
from tutor.engine.conventions.hand_features import sure_tricks
from tutor.engine.deals.generate import deal_with
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonValue
from tutor.lessons.answers import Answer
from tutor.lessons.drills import Drill, DrillKind

KIND = "valuation"
RULE_ID = "valuation-sure-tricks"
TITLE = "Count the sure tricks, suit by suit"
#: The laws that use the count: the simple game (33) and the direct "two" and "three" (36).
LAWS = ("law-33", "law-36")
LEARNER = Seat.S
MAX_TRICKS = 13

#: Instructive holdings of docs/bidding.md's model (``x`` a small card, drawn from two to eight):
#: runs, a broken run, a bare king, long cards behind two of the top honours, a long suit without.
TEMPLATES: tuple[str, ...] = (
    "AK", "AKQ", "KQJ", "QJT", "AQJ", "AJT", "KJT9", "Kx", "AKxxx", "AKQxxx", "KQJTxx", "AQxxx",
    "KQxxx", "Axxxx", "QJxx", "AKJx", "KQx", "Ax",
)


@dataclass(frozen=True)
class SuitQuestion:
    """One suit of the hand and the model's count of it."""

    suit: Suit
    holding: str  # ``A K 10 4`` (or ``—`` for a void)
    answer: int
    how: str  # how the count is reached, in words

    @property
    def label(self) -> str:
        return f"{self.suit.symbol} {self.holding}"


@dataclass(frozen=True)
class SuitFeedback:
    question: SuitQuestion
    given: int

    @property
    def right(self) -> bool:
        return self.given == self.question.answer

    @property
    def line(self) -> str:
        q = self.question
        if self.right:
            return f"{q.label}: {q.answer} — right ({q.how})."
        return f"{q.label}: you counted {self.given}; the model counts {q.answer} ({q.how})."


@dataclass(frozen=True)
class ValuationFeedback:
    drill: ValuationDrill
    suits: tuple[SuitFeedback, ...]

    @property
    def correct(self) -> bool:
        return all(s.right for s in self.suits)

    @property
    def given_total(self) -> int:
        return sum(s.given for s in self.suits)

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(s.line for s in self.suits)

    @property
    def summary(self) -> str:
        total = self.drill.total
        head = (f"Right: {total} sure tricks." if self.correct else
                f"You counted {self.given_total} sure tricks; the model counts {total}.")
        return f"{head} {what_it_allows(total)}"

    def answer(self, seconds: float | None = None, *, retry: bool = False) -> Answer:
        """The progress record: the per-suit counts given and expected (``3 1 1 2``)."""
        return Answer(
            "convention", RULE_ID, self.correct, " ".join(str(s.given) for s in self.suits),
            " ".join(str(s.question.answer) for s in self.suits), laws=LAWS, seed=self.drill.seed,
            position=self.drill.deal_pbn, seconds=seconds, extra={"kind": KIND}, retry=retry)


@dataclass(frozen=True)
class ValuationDrill:
    """A hand to value: one question per suit (spades, hearts, diamonds, clubs)."""

    seed: int
    hand: str  # PBN S.H.D.C
    deal_pbn: str
    questions: tuple[SuitQuestion, ...]

    @property
    def total(self) -> int:
        return sum(q.answer for q in self.questions)

    @property
    def prompt(self) -> str:
        return ("Count the sure tricks of this hand, suit by suit, as the tutor's model counts them: "
                "the unbroken runs of the first four cards, less the higher cards held by the others; "
                "then each card after the fourth in a suit with two of the ace, king and queen.")

    def check(self, counts: Mapping[str, int] | Mapping[Suit, int]) -> ValuationFeedback:
        """Feedback on the learner's count of each suit (keys ``S``/``H``/``D``/``C`` or suits)."""
        by_letter = {(k.value if isinstance(k, Suit) else str(k).upper()): v for k, v in counts.items()}
        missing = [q.suit.value for q in self.questions if q.suit.value not in by_letter]
        if missing:
            raise TutorError(f"give a count for every suit; missing: {', '.join(missing)}")
        suits = []
        for q in self.questions:
            value = by_letter[q.suit.value]
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_TRICKS:
                raise TutorError(f"the count for {q.suit.english} must be a whole number from 0 to 13, "
                                 f"not {value!r}")
            suits.append(SuitFeedback(q, value))
        return ValuationFeedback(self, tuple(suits))


def what_it_allows(total: int) -> str:
    """What the count lets the hand do at its first turn, by the laws that use it."""
    if total >= 8:
        return "Eight or more allow a direct \"three\" with the right trumps (law 36)."
    if total == 7:
        return "Seven allow a direct \"two\" with the right trumps (law 36)."
    if total >= 5:
        return "Five or more are a simple game's values (law 33)."
    return ("Fewer than five are not a simple game's values (law 33) - four will do only when a simple "
            "game would end the partie (law 38).")


def parse_counts(text: str) -> dict[str, int]:
    """``3 1 1 2`` (spades, hearts, diamonds, clubs) or ``S3 H1 D1 C2`` -> counts by suit letter."""
    text = text.strip()
    if len(text) > 100:
        raise TutorError("a count is four numbers, one per suit, such as 3 1 1 2")
    named = re.findall(r"([SHDC♠♥♦♣])\s*[:=]?\s*(\d+)", text.upper())
    if named:
        symbols = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
        return {symbols.get(s, s): int(n) for s, n in named}
    numbers = re.findall(r"\d+", text)
    if len(numbers) != 4 or re.sub(r"[\d\s,;/]", "", text):
        raise TutorError(f"{text[:40]!r}: give four numbers, spades, hearts, diamonds and clubs (e.g. 3 1 1 2)")
    return {s.value: int(n) for s, n in zip(PBN_SUITS, numbers)}


# -- dealing --------------------------------------------------------------------------------


def _template_cards(template: str, suit: Suit, rng: random.Random) -> list[Card]:
    honours = [Rank.parse(ch) for ch in template if ch != "x"]
    smalls = [r for r in Rank if 2 <= int(r) <= 8]
    spots = rng.sample(smalls, template.count("x"))
    return [Card(suit, r) for r in [*honours, *spots]]


def hand_for(seed: int) -> Hand:
    """The seed's hand: one or two suits from :data:`TEMPLATES`, the rest dealt at random."""
    rng = random.Random(f"{KIND}:{seed}")
    suits = rng.sample(PBN_SUITS, rng.choice((1, 2, 2)))
    cards: list[Card] = []
    for suit in suits:
        cards += _template_cards(rng.choice(TEMPLATES), suit, rng)
    # the other suits are dealt from what is left of them, so a template suit keeps its shape
    pool = [c for c in FULL_PACK if c.suit not in suits]
    cards += rng.sample(pool, 13 - len(cards))
    return Hand(cards)


def drill_for_hand(hand: Hand, seed: int = 0) -> ValuationDrill:
    """The drill for a given hand (a worked example, or a hand from another drill)."""
    if len(hand) != 13:
        raise TutorError(f"a Vint hand holds 13 cards, not {len(hand)} (law 16)")
    count = sure_tricks(hand)
    questions = tuple(
        SuitQuestion(s, " ".join("10" if ch == "T" else ch for ch in count.of(s).holding) or "—",
                     count.of(s).total, count.of(s).reason)
        for s in PBN_SUITS)
    deal = deal_with(random.Random(f"{KIND}:deal:{seed}"), {LEARNER: hand.cards})
    return ValuationDrill(seed, hand.to_pbn(), deal.to_pbn(), questions)


def make(seed: int) -> ValuationDrill:
    """The valuation drill of ``seed`` (the same seed, the same hand)."""
    return drill_for_hand(hand_for(seed), seed)


# -- as a drill kind: the total count as one answer -------------------------------------------------


def make_drill(rule_id: str | None, seed: int) -> Drill:
    """The registered drill: "how many sure tricks?", with the per-suit count as the explanation."""
    if rule_id not in (None, RULE_ID):
        raise TutorError(f"the valuation drill has one rule, {RULE_ID!r}")
    d = make(seed)
    explanation = " ".join(f"{q.label}: {q.answer} ({q.how})." for q in d.questions)
    return Drill(
        kind=KIND, rule_id=RULE_ID, seed=seed,
        prompt=f"{d.prompt} How many sure tricks does the hand hold in all?",
        position={"seat": LEARNER.value, "hand": d.hand}, choices=tuple(str(n) for n in range(MAX_TRICKS + 1)),
        answer=str(d.total), laws=LAWS, explanation=f"{explanation} {what_it_allows(d.total)}",
        features={q.suit.symbol: str(q.answer) for q in d.questions}, deal_pbn=d.deal_pbn)


def advise(position: Mapping[str, JsonValue]) -> Mapping[str, JsonValue]:
    """``tutor advise`` for ``{"kind": "valuation", "hand": PBN}``: the count, suit by suit."""
    hand = position.get("hand")
    if not isinstance(hand, str):
        raise TutorError("a valuation position needs \"hand\": the 13 cards in PBN (S.H.D.C)")
    d = drill_for_hand(Hand.parse(hand))
    return {"sure_tricks": d.total, "suits": {q.suit.value: {"holding": q.holding, "tricks": q.answer,
                                                              "how": q.how} for q in d.questions}}


#: The valuation drill kind, listed in :mod:`tutor.lessons.drills.kinds`.
DRILL_KIND = DrillKind(KIND, lambda: (RULE_ID,), make_drill, advise, title=lambda rule_id: TITLE)

__all__ = ["KIND", "LAWS", "RULE_ID", "SuitFeedback", "SuitQuestion", "TEMPLATES", "ValuationDrill",
           "ValuationFeedback", "advise", "drill_for_hand", "hand_for", "make", "make_drill", "parse_counts",
           "what_it_allows"]
