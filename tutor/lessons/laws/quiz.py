"""Quizzes on the laws: questions tied to the laws they test, answered and explained by quoting them.

Each game has its own pool: a Vint question cites Vint laws only, a Solo Whist
question Solo Whist rules only (``Question.game``, found from the laws it cites),
and each question says which game it asks about (``Question.asked``). Within a
game two kinds of question are merged:

* **hand-written** questions from ``content/quizzes/*.yaml`` (validated by
  ``tutor check``), for laws that are not a number or a list;
* **generated** questions, built here from the engine wherever a law is numeric
  or enumerable: the suit order (law 5) and the auction order (law 35) from
  :data:`~tutor.engine.calls.VINT_DENOMINATIONS`, the contract targets (law 31)
  from :func:`~tutor.engine.calls.tricks_needed`, and the scoring figures from
  :class:`~tutor.engine.rules.Rules` (so a learner who switches on a variant is
  quizzed on the figure he plays with).

A generated question is kept only when every law it cites is in ``rules.yaml``;
one whose prompt repeats a hand-written question is left out (:func:`duplicates`).

>>> qs = {q.id: q for q in generated_questions()}
>>> qs["gen-law-5-lowest-suit"].answer, qs["gen-law-31-tricks-3"].answer
('spades', '9')
>>> qs["gen-law-31-tricks-3"].is_correct(" 9 "), qs["gen-law-31-tricks-3"].is_correct("8")
(True, False)
>>> qs["gen-law-31-tricks-3"].asked
"Vint: The side that names 'three' must take at least how many tricks?"
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Iterable, Sequence
from itertools import combinations

from tutor.engine.calls import LEVEL_NAMES, VINT_DENOMINATIONS, Bid, Strain, tricks_needed
from tutor.engine.rules import Rules
from tutor.lessons.content.models import Entry, QuizFile
from tutor.lessons.laws.question import FALSE, TRUE, Question
from tutor.lessons.laws.study import StudyGuide


def questions_from_file(quiz: QuizFile, origin: str) -> list[Question]:
    """The validated questions of one quiz file."""
    out = []
    for q in quiz.questions:
        answer = (TRUE if q.answer else FALSE) if q.kind == "truefalse" else str(q.answer)
        out.append(Question(q.id, q.kind, q.prompt, answer, tuple(q.laws), tuple(q.options),
                            q.explanation, origin))
    return out


def _level(level: int) -> str:
    name = LEVEL_NAMES[level]
    return f"a {name}" if "slam" in name else f"'{name}'" if level > 1 else "a simple game ('one')"


def _suit_questions() -> list[Question]:
    suits = [s.english for s in VINT_DENOMINATIONS if s is not Strain.NO_TRUMPS]  # lowest first
    shuffled = tuple(sorted(suits))
    qs = [
        Question("gen-law-5-lowest-suit", "choice", "Which suit ranks lowest in Vint?", suits[0],
                 ("law-5",), shuffled, "Spades are the lowest suit, hearts the highest."),
        Question("gen-law-5-highest-suit", "choice", "Which suit ranks highest in Vint?", suits[-1],
                 ("law-5",), shuffled, "Hearts are the highest suit, spades the lowest."),
    ]
    for low, high in combinations(suits, 2):  # suits are listed lowest first
        # The draw is won by the LOWEST card (law 2), so "which suit wins" would be ambiguous:
        # ask which card counts as the lower one.
        qs.append(Question(f"gen-law-5-{low}-{high}", "choice",
                           f"In the draw for seats two players draw cards of the same rank, one of {low} and "
                           f"one of {high}. Which of the two counts as the lower card (the lowest card "
                           "chooses his seat and deals first)?", low, ("law-4", "law-5", "law-2"), (low, high),
                           f"Between equal ranks the suit decides, and {low} rank below {high}."))
    return qs


def _auction_questions() -> list[Question]:
    qs = []
    for first in (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS):
        for then in VINT_DENOMINATIONS:
            if then is first:
                continue
            legal = Bid(1, then) > Bid(1, first)
            qs.append(Question(
                f"gen-law-35-{first.english}-then-{then.english}", "truefalse",
                f"The last call was a simple '{first.english}'. May the next player now say simply "
                f"'{then.english}' (at the same level)?",
                TRUE if legal else FALSE, ("law-35",),
                explanation=(f"{then.english.capitalize()} outrank {first.english}, so it is a higher call."
                             if legal else
                             f"{then.english.capitalize()} rank below {first.english}: he must go to 'two'."),
            ))
    return qs


def _contract_questions() -> list[Question]:
    qs = []
    for level in LEVEL_NAMES:
        need = tricks_needed(level)
        qs.append(Question(f"gen-law-31-tricks-{level}", "numeric",
                           f"The side that names {_level(level)} must take at least how many tricks?",
                           str(need), ("law-31",), explanation=f"{LEVEL_NAMES[level]}: {need} tricks."))
        qs.append(Question(f"gen-law-31-give-{level}", "numeric",
                           f"When a side has named {_level(level)}, at most how many tricks may it let "
                           "the opponents take?", str(13 - need), ("law-31",),
                           explanation=f"13 − {need} = {13 - need}."))
    return qs


def _figure(qid: str, prompt: str, value: int, laws: tuple[str, ...], why: str = "") -> Question:
    return Question(qid, "numeric", prompt, str(value), laws, explanation=why)


def _scoring_questions(rules: Rules) -> list[Question]:
    qs = []
    for level in LEVEL_NAMES:
        game = _level(level)
        qs.append(_figure(f"gen-scoring-5-trick-{level}", f"How much is each trick worth below the line in {game}?",
                          10 * level, ("scoring-5",), "10 a trick for each level of the game."))
        qs.append(_figure(f"gen-scoring-11-honour-{level}", f"How much is each honour worth in {game}?",
                          100 * level, ("scoring-11",), "100 an honour for each level of the game."))
        qs.append(_figure(f"gen-scoring-17-nt-ace-{level}",
                          f"At no-trumps, how much is each ace worth in {game}?",
                          rules.nt_ace_values[level - 1], ("scoring-17",)))
        qs.append(_figure(f"gen-scoring-21-penalty-{level}",
                          f"How much penalty do the opponents write for each trick short in {game}?",
                          1000 * level, ("scoring-21", "law-32"), "1000 a trick for each level of the game."))
    qs += [
        _figure("gen-scoring-7-partie-bonus", "How much does the side that finishes a partie add above the line?",
                rules.partie_bonus, ("scoring-7",)),
        _figure("gen-scoring-7-rubber-bonus", "How much does the side that finishes the rubber add for it?",
                rules.rubber_bonus, ("scoring-7",)),
        _figure("gen-note-9-partie-target", "How many points below the line finish a partie?",
                rules.partie_target, ("note-9", "scoring-4")),
        _figure("gen-law-24-dealer-14th", "The dealer held an unnoticed 14th card. How many points do the "
                "opponents write at the end of the play?", rules.dealer_extra_card_penalty, ("law-24",)),
        _figure("gen-law-148-revoke-tricks", "How many tricks does a revoke cost the side that made it?",
                rules.revoke_tricks, ("law-148",)),
        _figure("gen-law-151-revoke-cap", "A side revoked. After that deal, at most how much may its running "
                "total below the line in the partie come to (the rest is written above)?",
                rules.revoke_below_cap, ("law-151",)),
        _figure("gen-scoring-8-x-value", "A deal was passed out and an X written. How much is each X worth to "
                "the side that finishes the rubber (the book's basic rule)?", 500, ("scoring-8",)),
        _figure("gen-scoring-19-small-slam", "A declared small slam is made with exactly twelve tricks. How much "
                "do the declarers write above the line for the slam: the bonus for declaring it and the bonus "
                "for taking twelve tricks together?",
                rules.slam_declared_bonus[0] + rules.slam_made_bonus[0], ("scoring-19",),
                "Scoring 19 gives both: the declared slam's bonus and the bonus for making a slam."),
        _figure("gen-scoring-19-grand-slam", "A declared grand slam is made (all thirteen tricks). How much do "
                "the declarers write above the line for the slam: the bonus for declaring it and the bonus for "
                "taking thirteen tricks together?",
                rules.slam_declared_bonus[1] + rules.slam_made_bonus[1], ("scoring-19",),
                "Scoring 19 gives both: the declared slam's bonus and the bonus for making a slam."),
        _figure("gen-law-1-pack", "How many cards are in the Vint pack?", 52, ("law-1",)),
        _figure("gen-law-16-hand", "How many cards does each player receive in the deal?", 13, ("law-16",)),
    ]
    return qs


def generated_questions(rules: Rules | None = None) -> list[Question]:
    """Every question generated from the engine's figures and orders (deterministic)."""
    from tutor.lessons.ways.quiz import way_questions  # the ways for two, three and five players

    return (_suit_questions() + _auction_questions() + _contract_questions() + _scoring_questions(rules or Rules())
            + way_questions())


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z0-9]+", text.lower()))


def same_question(a: Question, b: Question) -> bool:
    """Whether two questions ask the same thing: the same words, or (choice and numeric) the
    same laws and answer with one prompt's words almost all in the other's."""
    if a.game != b.game:
        return False
    wa, wb = _words(a.prompt), _words(b.prompt)
    if wa == wb:
        return True
    if a.kind == "truefalse" or b.kind == "truefalse" or set(a.laws) != set(b.laws):
        return False
    return a.answer.lower() == b.answer.lower() and len(wa & wb) >= 0.8 * min(len(wa), len(wb))


def duplicates(questions: Sequence[Question]) -> list[tuple[str, str]]:
    """The pairs of question ids that ask the same thing (none in a well-made pool)."""
    return [(a.id, b.id) for n, a in enumerate(questions) for b in questions[n + 1:] if same_question(a, b)]


def question_pool(quizzes: Iterable[tuple[str, QuizFile]], law_ids: Collection[str],
                  rules: Rules | None = None, game: str | None = None) -> list[Question]:
    """Hand-written questions first, then the generated ones whose laws are all in ``rules.yaml``
    and that do not repeat one already in the pool; only ``game``'s questions when it is given."""
    pool: list[Question] = []
    for origin, quiz in quizzes:
        pool += questions_from_file(quiz, origin)
    for question in generated_questions(rules):
        if all(law in law_ids for law in question.laws) and \
                not any(q.id == question.id or same_question(q, question) for q in pool):
            pool.append(question)
    return [q for q in pool if game is None or q.game == game]


def questions_for_section(pool: Sequence[Question], guide: StudyGuide, section_id: str | None) -> list[Question]:
    """The questions citing at least one law of the section (all questions when ``section_id`` is None)."""
    if section_id is None:
        return list(pool)
    return [q for q in pool if any(law in guide and guide.entry(law).section == section_id for law in q.laws)]


def shuffled(questions: Sequence[Question], seed: int) -> list[Question]:
    """The questions in a seeded random order: the same seed gives the same quiz."""
    out = list(questions)
    random.Random(seed).shuffle(out)
    return out


def cited_entries(question: Question, guide: StudyGuide) -> list[Entry]:
    """The entries a question cites, in its order, to quote in the explanation."""
    return [guide.entry(law) for law in question.laws if law in guide]


def quote(entry: Entry) -> str:
    """The law quoted as Markdown: its label and title, then its text as a block quote."""
    body = "\n".join(f"> {line}" if line else ">" for line in entry.text.strip().splitlines())
    return f"**{entry.label} — {entry.title}**\n\n{body}"
