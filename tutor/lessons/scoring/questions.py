"""Scoring questions: a seeded deal or rubber scored by the engine, its blanks, and their marking.

:func:`make_question` draws a deal (or a whole rubber) from ``random.Random(seed)``
(:mod:`tutor.lessons.scoring.deals`), scores it with :func:`~tutor.engine.scoring.score_deal` /
:class:`~tutor.engine.rubber.Rubber`, and turns the asked groups of entries into
:class:`Blank` s, one per side. :func:`check` marks each blank right or wrong and
explains it with the engine's own items and their laws; :func:`serve_scoring` serves
review units of kind ``scoring`` (one blank of a fresh question).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from tutor.engine.calls import Contract
from tutor.engine.cards import SIDE_NAMES, Deal, Side
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.engine.rubber import Rubber, RubberDeal
from tutor.engine.rules import Rules
from tutor.engine.scoring import BOOK_RULES, score_deal
from tutor.engine.scoring.items import DealScore, ScoreItem
from tutor.lessons.answers import Answer
from tutor.lessons.review import Exercise
from tutor.lessons.scoring.content import LevelModel, ScoringQuizFile, load_quiz
from tutor.lessons.scoring.deals import (
    describe_play,
    draw_contract,
    draw_deal,
    draw_tricks,
    plausible_deal,
)
from tutor.lessons.words import laws_named

MAX_RUBBER_DEALS = 40
RUBBER_ATTEMPTS = 20


@dataclass(frozen=True)
class Blank:
    """One entry to fill in: a group of items for one side, with the right amount."""

    key: str
    group: str
    side: Side
    label: str
    expected: int
    items: tuple[ScoreItem, ...]
    laws: tuple[str, ...]


@dataclass(frozen=True)
class RubberDealView:
    """One deal of a rubber question: how it was played, its score, and the entries shown."""

    number: int
    played: RubberDeal
    score: DealScore
    shown: tuple[ScoreItem, ...]


@dataclass(frozen=True)
class ScoringQuestion:
    """A generated question: the deal (or rubber), what happened, and the blanks."""

    level: LevelModel
    seed: int
    blanks: tuple[Blank, ...]
    deal: Deal | None = None
    contract: Contract | None = None
    declarer_tricks: int = 0
    revoke: Side | None = None
    score: DealScore | None = None
    rubber: Rubber | None = None
    rubber_deals: tuple[RubberDealView, ...] = field(default=())

    @property
    def id(self) -> str:
        return f"{self.level.id}-{self.seed}"

    @property
    def readings(self) -> tuple[str, ...]:
        if self.rubber is not None:
            return self.rubber.readings
        return self.score.readings if self.score is not None else ()

    @property
    def position(self) -> str:
        """Enough to replay the question: level and seed (and the deal, for a single deal)."""
        if self.deal is None or self.contract is None:
            return f"{self.level.id} seed {self.seed}"
        revoke = f" revoke {self.revoke.value}" if self.revoke else ""
        return f"{self.deal.to_pbn()} {self.contract.bid} {self.contract.declarer.value} {self.declarer_tricks}{revoke}"



def _blanks(quiz: ScoringQuizFile, level: LevelModel, items: tuple[ScoreItem, ...],
            totals: Mapping[Side, int]) -> tuple[Blank, ...]:
    blanks: list[Blank] = []
    for group_id in level.ask:
        group = quiz.groups[group_id]
        for side in (Side.NS, Side.EW):
            if group_id == "total":
                mine = tuple(i for i in items if i.side is side)
                expected = totals[side]
            else:
                mine = tuple(i for i in items if i.side is side and i.kind in group.kinds)
                expected = sum(i.points for i in mine)
            laws = tuple(dict.fromkeys(law for i in mine for law in i.laws)) or tuple(group.laws)
            blanks.append(Blank(f"{group_id}:{side.value}", group_id, side, group.label, expected, mine, laws))
    return tuple(blanks)


def make_question(level_id: str, seed: int, rules: Rules = BOOK_RULES,
                  quiz: ScoringQuizFile | None = None) -> ScoringQuestion:
    """A fresh question of ``level_id``; the same seed always gives the same question."""
    quiz = quiz or load_quiz()
    level = quiz.level(level_id)
    rng = random.Random(seed)
    if level.rubber is not None:
        return _rubber_question(quiz, level, seed, rng, rules)
    contract = draw_contract(rng, level)
    deal = draw_deal(rng, level.deal, contract)
    tricks = draw_tricks(rng, contract.tricks_needed, level.result)
    revoke = rng.choice((Side.NS, Side.EW)) if rng.random() < level.revoke else None
    score = score_deal(deal, contract, tricks, rules, revoke=revoke)
    totals = {s: score.total(s) for s in Side}
    return ScoringQuestion(level, seed, _blanks(quiz, level, score.items, totals), deal=deal,
                           contract=contract, declarer_tricks=tricks, revoke=revoke, score=score)


def _rubber_question(quiz: ScoringQuizFile, level: LevelModel, seed: int, rng: random.Random,
                     rules: Rules) -> ScoringQuestion:
    """A finished rubber; one that needs the unsourced tie rule (``partie-tie``) is drawn again."""
    for _ in range(RUBBER_ATTEMPTS):
        question = _one_rubber(quiz, level, seed, rng, rules)
        if "partie-tie" not in question.readings:
            return question
    raise TutorError(f"rubber quiz seed {seed}: every rubber drawn needed the tie rule")


def _one_rubber(quiz: ScoringQuizFile, level: LevelModel, seed: int, rng: random.Random,
                rules: Rules) -> ScoringQuestion:
    spec = level.rubber
    assert spec is not None  # only called for rubber levels
    # The first revoke and every pass come before the second scoring deal, and a
    # second revoke is the second scoring deal: all of them happen before the
    # rubber can end (it needs two parties, so at least two scoring deals).
    early = ["pass"] * spec.passed_out + ["revoke"] * min(spec.revokes, 1)
    rng.shuffle(early)
    plan = early + ["revoke"] * max(0, spec.revokes - 1)
    asked = {k for g in level.ask for k in quiz.groups[g].kinds} | {"tricks"}
    rubber = Rubber(rules)
    views: list[RubberDealView] = []
    while not rubber.is_over and len(views) < MAX_RUBBER_DEALS:
        kind = plan[len(views)] if len(views) < len(plan) else "normal"
        if kind == "pass":
            played = RubberDeal(random_deal(rng), None)
        else:
            contract = draw_contract(rng, level)
            deal = plausible_deal(rng, contract)
            tricks = draw_tricks(rng, contract.tricks_needed, level.result)
            revoke = rng.choice((Side.NS, Side.EW)) if kind == "revoke" else None
            played = RubberDeal(deal, contract, tricks, revoke=revoke)
        score = rubber.add(played)
        shown = tuple(i for i in score.items if i.kind not in asked)
        views.append(RubberDealView(len(views) + 1, played, score, shown))
    totals = {s: rubber.total(s) for s in Side}
    return ScoringQuestion(level, seed, _blanks(quiz, level, rubber.items, totals), rubber=rubber,
                           rubber_deals=tuple(views))


# -- checking ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BlankResult:
    """The learner's figure for one blank, and whether it is right."""

    blank: Blank
    given: int | None

    @property
    def correct(self) -> bool:
        return self.given == self.blank.expected

    @property
    def why(self) -> str:
        """The engine's items behind the expected figure (or why there are none)."""
        if self.blank.items and self.blank.group != "total":
            return "; ".join(i.text for i in self.blank.items)
        if self.blank.group == "total":
            return f"{SIDE_NAMES[self.blank.side]}'s entries above and below the line, added up"
        return f"{SIDE_NAMES[self.blank.side]} write nothing here"

    @property
    def message(self) -> str:
        b = self.blank
        head = f"{SIDE_NAMES[b.side]}, {_in_a_sentence(b.label)}: "
        if self.correct:
            return f"{head}right, {b.expected}. {self.why}."
        given = "nothing" if self.given is None else str(self.given)
        return f"{head}you wrote {given}, the sheet has {b.expected}. {self.why}."


def _in_a_sentence(label: str) -> str:
    """An entry's label inside a sentence: its first word in lower case, unless it is a letter's name.

    >>> _in_a_sentence("Penalties"), _in_a_sentence("X marks")
    ('penalties', 'X marks')
    """
    return label[:1].lower() + label[1:] if label[1:2].islower() else label


def check(question: ScoringQuestion, given: Mapping[str, int | None]) -> tuple[BlankResult, ...]:
    """Mark every blank; a blank missing from ``given`` counts as not answered (wrong)."""
    return tuple(BlankResult(b, given.get(b.key)) for b in question.blanks)


def level_titles(quiz: ScoringQuizFile | None = None) -> dict[str, str]:
    """Every level of the scoring quiz by id, its title as the page lists it: the four-handed game's, then
    those of two, three and five players."""
    from tutor.lessons.ways.scoring import LEVELS_BY_ID

    return {level.id: level.title for level in (quiz or load_quiz()).levels} | {
        i: level.title for i, level in LEVELS_BY_ID.items()}


#: the most missed entries one line names (a rubber's sheet has twelve)
NAMED_MISSES = 3


def missed_entries(answer: Answer, quiz: ScoringQuizFile | None = None) -> str:
    """A checked sheet's mistake in one line, from what was recorded (:func:`~tutor.lessons.answers.answer_record`):
    its level, then each entry missed as the feedback names it ("East-West, honours / aces: you wrote 0, the
    sheet has 4000"), three at most; a level of the other table sizes by the count of its entries missed."""
    from tutor.lessons.ways.scoring import LEVELS_BY_ID

    quiz = quiz or load_quiz()
    head = f"Scoring quiz (“{level_titles(quiz).get(answer.item_id, answer.item_id)}”)"
    given, expected = _entries(answer.given), _entries(answer.expected)
    marked = str(answer.extra.get("wrong", ""))  # the entries missed, as the check marked them
    wrong = [key for key in marked.split(",") if key in expected] if marked else \
        [key for key in expected if given.get(key) != expected[key]]
    if not wrong:
        return f"{head}: no entry missed."
    if answer.item_id in LEVELS_BY_ID or any(_group_side(key, quiz) is None for key in wrong):
        return f"{head}: {count_of(len(wrong), 'entry', 'entries')} of {len(expected)} missed."
    named = [f"{_group_side(key, quiz)}: you wrote {_written(given.get(key))}, the sheet has {expected[key]}"
             for key in wrong[:NAMED_MISSES]]
    more = f"; and {count_of(len(wrong) - NAMED_MISSES, 'more entry', 'more entries')}" if len(wrong) > NAMED_MISSES else ""
    return f"{head}: " + "; ".join(named) + more + "."


def _written(figure: str | None) -> str:
    """A recorded entry as said: a blank left empty (recorded "None") is "nothing"."""
    return "nothing" if figure in (None, "None", "") else str(figure)


def _entries(recorded: str) -> dict[str, str]:
    """``"honours:NS=0, honours:EW=4000"`` as ``{"honours:NS": "0", "honours:EW": "4000"}``."""
    pairs = (pair.rpartition("=") for pair in recorded.split(", ") if "=" in pair)
    return {key: value for key, _, value in pairs}


def _group_side(key: str, quiz: ScoringQuizFile) -> str | None:
    """An entry's key ("honours:EW") as the feedback names it ("East-West, honours / aces"); ``None`` if unknown."""
    group, _, side = key.partition(":")
    if group not in quiz.groups or side not in ("NS", "EW"):
        return None
    return f"{SIDE_NAMES[Side(side)]}, {_in_a_sentence(quiz.groups[group].label)}"


# -- review: one blank of a fresh question ----------------------------------------------------------


def question_markdown(question: ScoringQuestion) -> str:
    """The question as Markdown text: the deal as a fixed-width diagram and what happened."""
    if question.rubber is not None:
        lines = [f"A rubber of {len(question.rubber_deals)} deals:"]
        for view in question.rubber_deals:
            p = view.played
            lines.append(f"{view.number}. {describe_play(p.contract, p.declarer_tricks, p.revoke)}")
            lines += [f"   - given: {i.text}" for i in view.shown]
        return "\n".join(lines)
    assert question.deal is not None
    return (f"```\n{question.deal.diagram()}\n```\n\n"
            f"{describe_play(question.contract, question.declarer_tricks, question.revoke)}")


def serve_scoring(item_id: str, seed: int) -> Exercise:
    """A review exercise: one blank of a fresh question of level ``item_id``."""
    from tutor.lessons.ways.scoring import is_way_level, serve_way_scoring

    if is_way_level(item_id):  # a level for two, three or five players (issue 19)
        return serve_way_scoring(item_id, seed)
    question = make_question(item_id, seed)
    rng = random.Random(seed)
    pick = [b for b in question.blanks if b.expected] or list(question.blanks)
    blank = rng.choice(pick)
    result = BlankResult(blank, blank.expected)
    prompt = (f"{question_markdown(question)}\n\nHow many points do **{SIDE_NAMES[blank.side]}** write "
              f"for *{_in_a_sentence(blank.label)}*?")
    return Exercise("scoring", item_id, prompt=prompt, expected=str(blank.expected),
                    explanation=f"{result.why}. ({laws_named(blank.laws)})", short=str(blank.expected),
                    laws=blank.laws, seed=seed, position=question.position)
