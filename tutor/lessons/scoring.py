"""Scoring quizzes, generated from seeded deals and scored by the engine.

``content/quizzes/scoring.yaml`` describes the difficulty levels (what each level
deals, which contracts and results it draws, which entries it asks for); nothing in
it is an answer. :func:`make_question` draws a deal (or a whole rubber) from
``random.Random(seed)``, scores it with :func:`~tutor.engine.scoring.score_deal` /
:class:`~tutor.engine.rubber.Rubber`, and turns the asked groups of entries into
:class:`Blank` s, one per side. :func:`check` marks each blank right or wrong and
explains it with the engine's own items and their laws.

Contracts are **plausible for the hands** (:func:`plausible`, the tutor's rule, stated to
the learner in :data:`PLAUSIBLE_RULE`): the deal is drawn so that the declarer holds at
least five trumps and his side at least eight (law 129: "at least five trumps, his strong
supporter four"), a no-trump declaring side holds at least three aces (laws 41 and 44:
three aces call for no-trumps), and the declaring side holds at least 20 high-card points
(A 4, K 3, Q 2, J 1) for a simple game and two more a level (32 for a grand slam). A rubber
question never rests on the unsourced tie rule (both sides passing 500 on one deal,
reading ``partie-tie``): such a rubber is drawn again.

This module also registers the two scoring content kinds (``quizzes/scoring.yaml``
and ``scoring-readings.yaml``) for ``tutor check``, and serves review units of kind
``scoring`` (one blank of a fresh question) for :mod:`tutor.lessons.review`.

>>> q = make_question("tricks", 7)
>>> [b.key for b in q.blanks]
['below:NS', 'below:EW']
>>> sum(b.expected for b in q.blanks) == q.score.below(Side.NS) + q.score.below(Side.EW)
True
>>> all(r.correct for r in check(q, {b.key: b.expected for b in q.blanks}))
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tutor.engine.calls import Bid, Contract, Strain
from tutor.engine.cards import PBN_SUITS, SEAT_NAMES, SEATS, SIDE_NAMES, Card, Deal, Rank, Seat, Side
from tutor.engine.dealgen import deal_with, random_deal
from tutor.engine.errors import ContentError, TutorError
from tutor.engine.rubber import Rubber, RubberDeal
from tutor.engine.rules import VARIANTS_BY_NAME, Rules
from tutor.engine.scoring import BOOK_RULES, RevokeArg, as_revokes, score_deal
from tutor.engine.scoring.items import KINDS, DealScore, ScoreItem
from tutor.lessons.answers import answer_record
from tutor.lessons.content import content_dir
from tutor.lessons.content.models import ENTRY_ID_RE, KEBAB_RE, Source
from tutor.lessons.content.problems import Problem
from tutor.lessons.content.registry import (
    ContentContext,
    Document,
    read_document,
    validate_model,
)
from tutor.lessons.content.yamlread import listed
from tutor.lessons.review import Exercise

QUIZ_FILE = "quizzes/scoring.yaml"
READINGS_FILE = "scoring-readings.yaml"
MAX_RUBBER_DEALS = 40
PLAUSIBLE_ATTEMPTS = 200
RUBBER_ATTEMPTS = 20
HIGH_CARD_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
MIN_TRUMPS_DECLARER, MIN_TRUMPS_SIDE, MIN_ACES_NO_TRUMPS = 5, 8, 3
PLAUSIBLE_RULE = (
    "Quiz contracts fit the hands (the tutor's rule for its quizzes): in a trump game the declarer holds at "
    "least five trumps and his side at least eight (law 129); at no-trumps the declaring side holds at least "
    "three aces (laws 41 and 44); and the declaring side holds at least 20 points of high cards (ace 4, "
    "king 3, queen 2, jack 1) for a simple game, two more for each level above (32 for a grand slam).")


# -- content models ------------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _law_ids(values: list[str]) -> list[str]:
    bad = [v for v in values if not ENTRY_ID_RE.match(v)]
    if bad:
        raise ValueError(f"not law ids: {', '.join(bad)}")
    return values


class GroupModel(_Strict):
    """An entry the learner fills in for each side: the item kinds it adds up."""

    label: str
    kinds: list[str]
    laws: list[str] = Field(min_length=1)

    @field_validator("kinds")
    @classmethod
    def _known_kinds(cls, value: list[str]) -> list[str]:
        unknown = [k for k in value if k not in KINDS]
        if unknown:
            raise ValueError(f"unknown item kinds {', '.join(unknown)}; known: {', '.join(KINDS)}")
        return value

    _laws = field_validator("laws")(_law_ids)


class ContractSpec(_Strict):
    levels: tuple[int, int]
    strains: list[str] = Field(min_length=1)

    @field_validator("levels")
    @classmethod
    def _range(cls, value: tuple[int, int]) -> tuple[int, int]:
        if not 1 <= value[0] <= value[1] <= 7:
            raise ValueError(f"levels {list(value)} must be [lowest, highest] within 1-7")
        return value

    @field_validator("strains")
    @classmethod
    def _strains(cls, value: list[str]) -> list[str]:
        for text in value:
            Strain.parse(text)  # NotationError is a ValueError: reported on the field
        return value


class RubberSpec(_Strict):
    passed_out: int = Field(0, ge=0, le=2)
    revokes: int = Field(0, ge=0, le=2)


class LevelModel(_Strict):
    """One difficulty level: what it deals and which groups it asks for."""

    id: str
    title: str
    description: str
    laws: list[str] = Field(min_length=1)
    ask: list[str] = Field(min_length=1)
    contract: ContractSpec
    result: Literal["made", "failed", "any", "slam"]
    deal: Literal["random", "coronet"] = "random"
    revoke: float = Field(0.0, ge=0.0, le=1.0)
    rubber: RubberSpec | None = None

    @field_validator("id")
    @classmethod
    def _kebab(cls, value: str) -> str:
        if not KEBAB_RE.match(value):
            raise ValueError(f"{value!r} is not a kebab-case id")
        return value

    _laws = field_validator("laws")(_law_ids)

    @model_validator(mode="after")
    def _slam_levels(self) -> LevelModel:
        if self.result == "slam" and self.contract.levels[0] < 6:
            raise ValueError("result 'slam' needs contract levels 6-7")
        return self


class ScoringQuizFile(_Strict):
    """``content/quizzes/scoring.yaml``."""

    title: str
    groups: dict[str, GroupModel]
    levels: list[LevelModel] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> ScoringQuizFile:
        ids = [level.id for level in self.levels]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate level ids: {', '.join(dupes)}")
        return self

    def level(self, level_id: str) -> LevelModel:
        for level in self.levels:
            if level.id == level_id:
                return level
        known = ", ".join(level.id for level in self.levels)
        raise TutorError(f"no scoring quiz level {level_id!r}; levels: {known}")


class ReadingModel(_Strict):
    """One tutor's reading of ``content/scoring-readings.yaml``."""

    id: str
    title: str
    laws: list[str] = Field(min_length=1)
    reading: str
    sources: list[Source] = Field(min_length=1)
    variant: str | None = None

    _laws = field_validator("laws")(_law_ids)

    @field_validator("reading")
    @classmethod
    def _stated(cls, value: str) -> str:
        if not value.startswith("Tutor's reading"):
            raise ValueError("must begin \"Tutor's reading\"")
        return value

    @field_validator("variant")
    @classmethod
    def _variant(cls, value: str | None) -> str | None:
        if value is not None and value not in VARIANTS_BY_NAME:
            raise ValueError(f"unknown variant {value!r}; known: {', '.join(VARIANTS_BY_NAME)}")
        return value


class ReadingsFile(_Strict):
    readings: list[ReadingModel] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> ReadingsFile:
        ids = [r.id for r in self.readings]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate reading ids: {', '.join(dupes)}")
        return self


def _ask_problems(doc: Document) -> list[Problem]:
    """Every asked group must be one of ``groups`` (checked on the raw data, beside the model's checks)."""
    data = doc.data if isinstance(doc.data, dict) else {}
    groups, levels = data.get("groups"), data.get("levels")
    if not isinstance(groups, dict) or not isinstance(levels, list):
        return []
    problems = []
    for i, level in enumerate(levels):
        asked = level.get("ask") if isinstance(level, dict) else None
        for j, group in enumerate(asked if isinstance(asked, list) else []):
            if group not in groups:
                problems.append(doc.problem(("levels", i, "ask", j),
                                            f"ask: unknown group {group!r}; groups: {', '.join(map(str, groups))}"))
    return problems


def validate_scoring_quiz(doc: Document, ctx: ContentContext) -> list[Problem]:
    model, problems = validate_model(doc, ScoringQuizFile)
    problems += _ask_problems(doc)
    doc.model = None if problems else model
    return problems


def validate_readings(doc: Document, ctx: ContentContext) -> list[Problem]:
    model, problems = validate_model(doc, ReadingsFile)
    doc.model = model
    return problems




def _load(relpath: str, model: type[BaseModel], root: Path) -> BaseModel:
    doc, problems = read_document(root / relpath, relpath, f"content/{relpath}")
    built = None
    if doc is not None:
        built, more = validate_model(doc, model)
        problems += more + (_ask_problems(doc) if model is ScoringQuizFile else [])
    if problems or built is None:
        raise ContentError("; ".join(listed([str(p) for p in problems])) or f"content/{relpath}: unusable")
    return built


def load_quiz(root: Path | None = None) -> ScoringQuizFile:
    """The scoring quiz levels (of ``$TUTOR_CONTENT_DIR`` when set); a broken file is a ContentError."""
    return _load_quiz(root or content_dir())


def load_readings(root: Path | None = None) -> dict[str, ReadingModel]:
    """The tutor's scoring readings by id (of ``$TUTOR_CONTENT_DIR`` when set)."""
    return _load_readings(root or content_dir())


@functools.lru_cache(maxsize=4)
def _load_quiz(root: Path) -> ScoringQuizFile:
    built = _load(QUIZ_FILE, ScoringQuizFile, root)
    assert isinstance(built, ScoringQuizFile)
    return built


@functools.lru_cache(maxsize=4)
def _load_readings(root: Path) -> dict[str, ReadingModel]:
    built = _load(READINGS_FILE, ReadingsFile, root)
    assert isinstance(built, ReadingsFile)
    return {r.id: r for r in built.readings}


#: The readings the calculator states whatever the deal (issue 15): how the tutor reads a
#: failed "five" (scoring 6) and a failed contract whose own tricks reach 500.
FAILED_CONTRACT_READINGS = ("failed-five", "failed-contract-reaches-500")


def stated_readings(ids: tuple[str, ...], root: Path | None = None) -> list[ReadingModel]:
    """The readings ``ids`` in order; a missing one is a :class:`ContentError`."""
    readings = load_readings(root)
    missing = [i for i in ids if i not in readings]
    if missing:
        raise ContentError(f"{READINGS_FILE}: missing readings {', '.join(missing)}")
    return [readings[i] for i in ids]


# -- questions ---------------------------------------------------------------------------------


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


def describe_play(contract: Contract | None, tricks: int, revoke: RevokeArg = None) -> str:
    """One sentence: who declared what, how many tricks the declaring side took, and who revoked."""
    if contract is None:
        return "All four passed: the deal is passed out."
    seat = SEAT_NAMES[contract.declarer]
    side = SIDE_NAMES[contract.declarer.side]
    text = (f"{seat} declared \"{contract.bid.spoken}\" ({contract.bid}, {contract.tricks_needed} tricks); "
            f"{side} took {tricks} tricks.")
    for one in as_revokes(revoke):
        who = SEAT_NAMES[one.seat] if one.seat else SIDE_NAMES[one.side]
        alone = " and answers for it alone" if one.personal else ""
        text += f" {who} revoked{alone}."
    return text


def side_points(deal: Deal, seat: Seat) -> int:
    """High-card points (A 4, K 3, Q 2, J 1) of ``seat`` and his partner together."""
    return sum(HIGH_CARD_POINTS.get(c.rank, 0) for s in (seat, seat.partner) for c in deal.hands[s])


def min_points(level: int) -> int:
    """The fewest high-card points the declaring side holds for a contract of ``level``.

    >>> min_points(1), min_points(4), min_points(7)
    (20, 26, 32)
    """
    return 20 + 2 * (level - 1)


def plausible(deal: Deal, contract: Contract) -> bool:
    """Whether the contract fits the hands by :data:`PLAUSIBLE_RULE`."""
    seat, strain = contract.declarer, contract.strain
    if strain is Strain.NO_TRUMPS:
        aces = sum(c.rank is Rank.ACE for s in (seat, seat.partner) for c in deal.hands[s])
        if aces < MIN_ACES_NO_TRUMPS:
            return False
    else:
        mine = sum(c.suit == strain.trump for c in deal.hands[seat])
        side = mine + sum(c.suit == strain.trump for c in deal.hands[seat.partner])
        if mine < MIN_TRUMPS_DECLARER or side < MIN_TRUMPS_SIDE:
            return False
    return side_points(deal, seat) >= min_points(contract.level)


def _seeded_cards(rng: random.Random, contract: Contract, fixed: dict[Seat, list[Card]]) -> dict[Seat, list[Card]]:
    """Cards given to the declaring side so that the contract is plausible (then dealt at random)."""
    seat, partner = contract.declarer, contract.declarer.partner
    placed = {s: list(cards) for s, cards in fixed.items()}
    for s in (seat, partner):
        placed.setdefault(s, [])
    taken = {c for cards in placed.values() for c in cards}
    trump = contract.strain.trump
    if trump is not None:
        trumps = [Card(trump, r) for r in Rank if Card(trump, r) not in taken]
        rng.shuffle(trumps)
        for s, want in ((seat, MIN_TRUMPS_DECLARER), (partner, MIN_TRUMPS_SIDE - MIN_TRUMPS_DECLARER)):
            while sum(c.suit == trump for c in placed[s]) < want and trumps:
                placed[s].append(trumps.pop())
        taken = {c for cards in placed.values() for c in cards}
    honours = [Card(suit, r) for suit in PBN_SUITS for r in HIGH_CARD_POINTS if Card(suit, r) not in taken]
    rng.shuffle(honours)
    honours.sort(key=lambda c: c.rank is not Rank.ACE)  # aces first: no-trumps needs three
    points = sum(HIGH_CARD_POINTS.get(c.rank, 0) for s in (seat, partner) for c in placed[s])
    for card in honours:
        if points >= min_points(contract.level) + rng.randint(0, 3):
            break
        room = [s for s in (seat, partner) if len(placed[s]) < 13]
        if not room:
            break
        placed[rng.choice(room)].append(card)
        points += HIGH_CARD_POINTS[card.rank]
    return placed


def plausible_deal(rng: random.Random, contract: Contract, fixed: dict[Seat, list[Card]] | None = None) -> Deal:
    """A random deal for which ``contract`` is plausible (:func:`plausible`), keeping ``fixed`` cards."""
    for _ in range(PLAUSIBLE_ATTEMPTS):
        deal = deal_with(rng, _seeded_cards(rng, contract, fixed or {}))
        if plausible(deal, contract):
            return deal
    raise TutorError(f"no plausible deal found for {contract.bid} by {contract.declarer.value} "
                     f"in {PLAUSIBLE_ATTEMPTS} attempts")


def _draw_contract(rng: random.Random, level: LevelModel) -> Contract:
    lo, hi = level.contract.levels
    strain = Strain.parse(rng.choice(level.contract.strains))
    return Contract(Bid(rng.randint(lo, hi), strain), rng.choice(SEATS))


def _draw_tricks(rng: random.Random, need: int, result: str) -> int:
    if result == "made":
        return rng.randint(need, min(13, need + 2))
    if result == "failed":
        return rng.randint(max(0, need - 3), need - 1)
    if result == "slam":
        return rng.randint(max(0, need - 3), 13)
    return rng.randint(max(0, need - 3), min(13, need + 2))


def _draw_deal(rng: random.Random, kind: str, contract: Contract) -> Deal:
    """A deal that fits ``contract``; the "coronet" kind also gives some hand A K Q of a suit."""
    if kind == "coronet":
        seat, suit = rng.choice(SEATS), rng.choice(PBN_SUITS)
        return plausible_deal(rng, contract, {seat: [Card(suit, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN)]})
    return plausible_deal(rng, contract)


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
    contract = _draw_contract(rng, level)
    deal = _draw_deal(rng, level.deal, contract)
    tricks = _draw_tricks(rng, contract.tricks_needed, level.result)
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
            contract = _draw_contract(rng, level)
            deal = plausible_deal(rng, contract)
            tricks = _draw_tricks(rng, contract.tricks_needed, level.result)
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
        head = f"{SIDE_NAMES[b.side]}, {b.label.lower()}: "
        if self.correct:
            return f"{head}right, {b.expected}. {self.why}."
        given = "nothing" if self.given is None else str(self.given)
        return f"{head}you wrote {given}, the sheet has {b.expected}. {self.why}."


def check(question: ScoringQuestion, given: Mapping[str, int | None]) -> tuple[BlankResult, ...]:
    """Mark every blank; a blank missing from ``given`` counts as not answered (wrong)."""
    return tuple(BlankResult(b, given.get(b.key)) for b in question.blanks)


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
              f"for *{blank.label.lower()}*?")
    return Exercise("scoring", item_id, prompt=prompt, expected=str(blank.expected),
                    explanation=f"{result.why}. ({', '.join(blank.laws)})", short=str(blank.expected),
                    laws=blank.laws, seed=seed, position=question.position)


__all__ = [
    "FAILED_CONTRACT_READINGS", "PLAUSIBLE_RULE", "Blank", "BlankResult", "ScoringQuestion", "answer_record", "check", "describe_play",
    "load_quiz", "load_readings", "make_question", "plausible", "plausible_deal", "question_markdown",
    "serve_scoring", "stated_readings",
]
