"""Play drills: leads, second hand, third hand and discards, with the book's card and its cost.

For each play convention of ``content/conventions/play.yaml`` a drill is drawn from
the rule's own conditions (:mod:`tutor.lessons.play.scenarios`) and **audited**: the
rules in force must give the drill's rule as the deciding one, with one answer — a
single card, or the cards of a single suit where the book names only the suit (law
81: "lead that suit") or "a small card" (≈101) — and every other convention that
applies with a different answer must be one the rule overrides by the book's own
words (an exception, a prohibition, "first cash …"). The same seed gives the same
drill.

Feedback quotes the rule and its laws, says why the learner's card is worse *by the
book*, and then — as a separate check, with perfect knowledge of all four hands,
which is not the book's reason — the double-dummy tricks after the book's card and
after the learner's (:func:`tutor.engine.solver.analysis.card_values`) and what that
difference is worth in Vint points under the contract
(:func:`tutor.engine.scoring.score_deal`: both sides write their tricks below the
line; a trick can decide a penalty or a partie).

The kinds ``lead``, ``second-hand``, ``third-hand`` and ``discard`` are registered
with :mod:`tutor.lessons.drills`; ``advise`` answers any play position given as JSON.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tutor.engine.cards import Card, Side
from tutor.engine.conventions import Advice, Rule
from tutor.engine.conventions.kinds import PLAY_KINDS
from tutor.engine.conventions.play.choosers import forbidden_suits
from tutor.engine.conventions.play.features import PlayChoice
from tutor.engine.conventions.play.holdings import matches
from tutor.engine.errors import IllegalPlayError, NotationError, TutorError
from tutor.engine.nouns import count_of
from tutor.engine.play.position import PlayPosition
from tutor.engine.record.view import SeatView
from tutor.engine.rules import Rules
from tutor.lessons.drills import Consequence, Drill, DrillKind
from tutor.lessons.play.advice import (  # re-exported for the drill's users
    advise,
    position_from_json,
)
from tutor.lessons.play.advice import card_order as _card_order
from tutor.lessons.play.feedback import dd_summary, law_quotes, overridden, question
from tutor.lessons.play.feedback import reason_against as teacher_reason
from tutor.lessons.play.rules import drill_hints, load_play_rules, rule_named, rules_of_kind
from tutor.lessons.play.scenarios import DEALS, RarelyArises, RobotPosition, banked_rules, find_position, scan
from tutor.lessons.robots import the_book
from tutor.lessons.words import action_text

KINDS = PLAY_KINDS

def overrides(rule: Rule, other: Rule) -> bool:
    """True when the book lets ``rule`` set ``other`` aside: the precedence stated in their YAML
    (``rule``'s ``overrides``, ``other``'s ``yields``; :meth:`~tutor.engine.conventions.Rule.sets_aside`)."""
    return rule.sets_aside(other)


def answer_of(rule: Rule, position: PlayPosition) -> PlayChoice | None:
    answer = rule.recommend(position)
    return answer if isinstance(answer, PlayChoice) else None


def audit(rule: Rule, position: PlayPosition, rules: Sequence[Rule]) -> Advice | None:
    """The advice, if ``position`` gives ``rule`` a single book-correct answer; else ``None``."""
    advice = the_book().advise(position, rules)
    if advice is None or not advice.unique or advice.rule.priority != rule.priority:
        return None
    if advice.rule.id != rule.id:  # an agreeing rule of the same priority decided first
        if rule not in advice.applicable or answer_of(rule, position) != advice.answer:
            return None
        advice = Advice(advice.answer, rule, rule.explain(position, advice.answer), advice.applicable, True)
    choice = advice.answer
    if not isinstance(choice, PlayChoice) or not _one_answer(rule, choice):
        return None
    legal = position.legal_cards()
    if not choice.cards <= legal or choice.cards == legal:
        return None
    if not _clean(rule, choice, advice.applicable, position):
        return None
    if rule.chooser == "lead_avoiding" and not _clean_after_prohibition(rule, choice, position, rules):
        return None
    if rule.chooser == "lead_avoiding" and _avoided_holding(rule, position):
        return None
    return advice


def _avoided_holding(rule: Rule, position: PlayPosition) -> bool:
    """The forbidden suit holds a pattern the rule's drills pass over (``drill: {avoid: [AKQ]}``:
    law 80 is not taught on a coronet)."""
    avoided = drill_hints(rule.id).get("avoid", ())
    avoid = [str(p) for p in avoided] if isinstance(avoided, list | tuple) else []  # the hints' YAML list
    return any(matches(pattern, tuple(sorted((c.rank for c in position.hand.suit_cards(suit)), reverse=True)),
                       position.rules)
               for suit in forbidden_suits(position, rule) for pattern in avoid
               if position.hand.suit_cards(suit))


def _one_answer(rule: Rule, choice: PlayChoice) -> bool:
    """One card or one suit - or, for a rule whose book answer is "not that suit" (law 125:
    "not trumps but another suit"), the cards of the suits it leaves (``drill: {several_suits: true}``)."""
    return len(choice.suits) == 1 or bool(drill_hints(rule.id).get("several_suits"))


def _clean(rule: Rule, choice: PlayChoice, applicable: Sequence[Rule], position: PlayPosition) -> bool:
    """Every other applicable rule agrees with ``choice`` or is one ``rule`` overrides."""
    for other in applicable:
        if other.id == rule.id:
            continue
        other_answer = answer_of(other, position)
        if other_answer is not None and other_answer != choice and not overrides(rule, other):
            return False
    return True


def _clean_after_prohibition(rule: Rule, choice: PlayChoice, position: PlayPosition,
                             rules: Sequence[Rule]) -> bool:
    """A prohibition's lead must itself be a clean book lead once the forbidden suit is set aside."""
    narrowed = position.with_avoid(forbidden_suits(position, rule))
    inner = the_book().advise(narrowed, [r for r in rules if r.priority < rule.priority])
    if inner is None or inner.answer != choice or not inner.unique:
        return False
    return _clean(inner.rule, choice, inner.applicable, narrowed) and (
        inner.rule.chooser != "lead_avoiding" or _clean_after_prohibition(inner.rule, choice, narrowed, rules))


# -- drills -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayDrill(Drill):
    """A play drill: ``accepted`` lists every card the book allows (one, or a suit)."""

    accepted: tuple[str, ...] = ()

    def is_correct(self, choice: str) -> bool:
        try:
            card = Card.parse(choice)
        except NotationError:
            return False
        return str(card) in self.accepted


def _seed_rng(rule_id: str, seed: int) -> random.Random:
    return random.Random(f"play:{rule_id}:{seed}")


def make_position(rule: Rule, seed: int, rules: Rules | None = None) -> tuple[PlayPosition, Advice]:
    """The audited position for ``rule`` and ``seed`` (deterministic): the first decision the rule
    decides in a deal the robots bid and play (:mod:`tutor.lessons.play.scenarios`)."""
    found, advice = find_robot_position(rule, seed, rules)
    return found.position, advice


def find_robot_position(rule: Rule, seed: int, rules: Rules | None = None) -> tuple[RobotPosition, Advice]:
    """:func:`make_position` with the robots' record: their auction and the cards before the decision."""
    return find_position(rule, seed, load_play_rules(), audit, rules)


def make(kind: str, rule_id: str | None, seed: int) -> PlayDrill:
    """A drill of ``kind`` (for ``rule_id``, or a rule picked by the seed).

    Without a rule, the seed picks one of the kind's rules the bank holds positions for
    (:func:`pick_rule`): ``make(kind, that rule, seed)`` is then the same drill, so review
    replays it from the rule and the seed.
    """
    if rule_id is None:
        rule = pick_rule(kind, seed)
    else:
        rule = rule_named(rule_id)
        if rule.kind != kind:
            raise TutorError(f"{rule_id} is a {rule.kind} convention, not {kind}")
    position, advice = make_position(rule, seed)
    return drill_from(position, advice, seed)


def pick_rule(kind: str, seed: int) -> Rule:
    """The rule a drill of ``kind`` without a named rule drills, for ``seed``: a seeded choice
    among the kind's rules with banked positions; without a bank, the rules of ``kind`` that decide
    in the first deal of the seed's stream where any does."""
    conventions = load_play_rules()
    of_kind = {r.id: r for r in rules_of_kind(kind, conventions)}
    banked = sorted(banked_rules() & of_kind.keys())
    if banked:
        return of_kind[random.Random(f"pick:{kind}:{seed}").choice(banked)]
    for index in range(DEALS):
        here = sorted(i for i in scan(seed, index, conventions, audit) if i in of_kind)
        if here:
            return of_kind[random.Random(f"pick:{kind}:{seed}").choice(here)]
    raise RarelyArises(f"No {kind} convention arose in the {DEALS} deals of position {seed} that the "
                       f"book's robots bid and played. Try another position number.")


def drill_from(position: PlayPosition, advice: Advice, seed: int) -> PlayDrill:
    choice: PlayChoice = advice.answer
    rule = advice.rule
    legal = sorted(position.legal_cards(), key=_card_order)
    return PlayDrill(
        kind=rule.kind, rule_id=rule.id, seed=seed, prompt=prompt(position),
        position=position_json(position), choices=tuple(str(c) for c in legal),
        answer=str(choice.card), laws=rule.laws,
        explanation=f"{law_quotes(rule.laws)}\n\n{advice.explanation}".strip(),
        why_not=why_not(position, advice), features=_features(position, rule),
        deal_pbn=position.deal.to_pbn() if position.deal else "",
        accepted=tuple(str(c) for c in sorted(choice.cards, key=_card_order)),
        view=SeatView.of(position),
    )


def prompt(p: PlayPosition) -> str:
    """The question naming the learner's role, then the auction and the cards played so far."""
    lines = [question(p)]
    calls = [f"{r.seat.value} {action_text(str(r.call))}" for r in p.auction]  # "W pass, N 2♠", as tables write
    trailing = 0
    while calls and calls[-1].endswith(" pass"):
        calls.pop()
        trailing += 1
    lines.append(f"Auction (dealer {p.dealer.value}): {', '.join(calls)}"
                 + (f", then {count_of(trailing, 'pass', 'passes')}" if trailing else ""))
    for n, trick in enumerate(p.tricks, start=1):
        lines.append(f"Trick {n}: " + ", ".join(f"{s.value} {c.pretty}" for s, c in trick.plays))
    if p.trick.plays:
        lines.append("This trick: " + ", ".join(f"{s.value} {c.pretty}" for s, c in p.trick.plays))
    return "\n".join(lines)


def position_json(p: PlayPosition) -> dict[str, Any]:
    """The position as the learner sees it, in the ``tutor advise`` format."""
    played = [str(c) for t in p.tricks for c in t.cards()]
    return {
        "kind": p.kind, "seat": p.seat.value, "hand": p.hand.to_pbn(), "dealer": p.dealer.value,
        "auction": [str(r.call) for r in p.auction], "contract": str(p.contract.bid),
        "declarer": p.contract.declarer.value, "played": played,
        "trick": [str(c) for c in p.trick.cards()], "trick_leader": p.trick.leader.value,
        "tricks": [[f"{s.value}:{c}" for s, c in t.plays] for t in p.tricks],
        "score": {side.value: p.below.get(side, 0) for side in Side},
    }


def _features(p: PlayPosition, rule: Rule) -> dict[str, str]:
    return {str(c): str(c.holds(p)) for c in rule.conditions}


def why_not(p: PlayPosition, advice: Advice) -> dict[str, str]:
    """For every legal card the book does not allow: why it is worse, by the book.

    A card another applicable convention would play is answered by precedence (the book's
    rule comes first); every other card by the rule it breaks - the wrong suit, or the
    right suit but the wrong card.
    """
    choice: PlayChoice = advice.answer
    rule = advice.rule
    legal = p.legal_cards() - choice.cards
    out: dict[str, str] = {}
    for other in advice.applicable:
        answer = answer_of(other, p) if other.id != rule.id else None
        for card in sorted((answer.cards & legal) if answer else (), key=_card_order):
            out.setdefault(str(card), overridden(card, other, rule, choice, p))
    for card in sorted(legal, key=_card_order):
        out.setdefault(str(card), reason_against(p, advice, card))
    return out


def reason_against(p: PlayPosition, advice: Advice, card: Card) -> str:
    """Why ``card`` is not the book's: the rule it breaks."""
    rule, choice = advice.rule, advice.answer
    forbidden = frozenset(forbidden_suits(p, rule)) if rule.chooser == "lead_avoiding" else frozenset()
    return teacher_reason(p, rule, choice, card, forbidden)


# -- consequences (double-dummy + score) -------------------------------------------------


def consequences(drill: Drill, choice: str) -> tuple[Consequence, ...]:
    """Double-dummy tricks and Vint points after the book's card and after ``choice``."""
    from tutor.engine.solver.analysis import card_values  # endplay is loaded only when asked

    p = position_of(drill)
    deal = p.remaining_deal()
    values = card_values(deal, p.contract.strain, p.trick.leader, p.trick.cards())
    accepted = [Card.parse(c) for c in getattr(drill, "accepted", (drill.answer,))] or [Card.parse(drill.answer)]
    book = max(accepted, key=lambda c: values.get(c, -1))
    mine = Card.parse(choice)
    if mine not in values:
        raise IllegalPlayError(f"{choice} is not a legal card here", law="law-147")
    return (_consequence(p, book, values[book], "book"), _consequence(p, mine, values[mine], "yours"))


def _consequence(p: PlayPosition, card: Card, side_tricks_left: int, who: str) -> Consequence:
    from tutor.engine.bidding import ScoreState
    from tutor.engine.rubber import partie_winner
    from tutor.engine.scoring import score_deal
    from tutor.lessons.cost.pricer import side_points

    assert p.deal is not None
    mine = p.seat.side
    side_total = p.tricks_won(mine) + side_tricks_left
    other_total = 13 - side_total
    declarer_side = p.contract.declarer.side
    declarer_tricks = side_total if mine is declarer_side else other_total
    score = score_deal(p.deal, p.contract, declarer_tricks, p.rules, below_before=p.below)
    # the one pricer (tutor analyse's and the table review's figures): with the rubber score
    points = {side.value: n for side, n in side_points(p.deal, p.contract, declarer_tricks, ScoreState(p.below),
                                                       p.rules).items()}
    made = declarer_tricks >= p.contract.tricks_needed
    # the rubber's own rule: when both sides pass 500 on this deal, one of them wins the partie (it read
    # "the partie is finished by NS and EW", while the points gave its bonus to one)
    winner = partie_winner({s: p.below.get(s, 0) + score.below(s) for s in Side}, p.rules.partie_target,
                           declarer_side)
    summary = dd_summary(p, card, who, side_tricks_left, declarer_tricks, made, points, winner)
    return Consequence(choice=str(card), contract=str(p.contract), tricks=declarer_tricks, points=points,
                       summary=summary)


def cost_summary(drill: Drill, book: Consequence, yours: Consequence) -> str:
    """What the learner's card costs against the book's, in tricks and in points (his side's net)."""
    p = position_of(drill)
    side = p.seat.side.value
    other = p.seat.side.other.value
    declaring = p.declaring_side
    book_tricks = book.tricks if declaring else 13 - (book.tricks or 0)
    your_tricks = yours.tricks if declaring else 13 - (yours.tricks or 0)
    diff = (book_tricks or 0) - (your_tricks or 0)
    net = (book.points[side] - book.points[other]) - (yours.points[side] - yours.points[other])
    if diff == 0:
        head = "Double-dummy, your card costs nothing in this deal"
    elif diff > 0:
        head = f"Double-dummy, your card costs your side {count_of(diff, 'trick')}"
    else:
        head = f"Double-dummy, your card gains your side {count_of(-diff, 'trick')} here"
    return (f"{head}: {net:+d} points for your side by the book's card against yours "
            f"(both sides' tricks are written below the line). Double-dummy is a check with perfect "
            f"knowledge of all four hands, not the book's reason: the book's reason is the rule above.")


def position_of(drill: Drill) -> PlayPosition:
    """Rebuild the drill's position, with the full deal (for the double-dummy check)."""
    from tutor.engine.cards import Deal

    p = (drill.view.play_position(the_book().play) if drill.view is not None
         else position_from_json(drill.position))
    return replace(p, deal=Deal.from_pbn(drill.deal_pbn)) if drill.deal_pbn else p


# -- advise ------------------------------------------------------------------------------------


def _drill_kinds() -> tuple[DrillKind, ...]:
    return tuple(DrillKind(
        name=kind.value,
        rule_ids=lambda kind=kind: tuple(r.id for r in rules_of_kind(kind)),  # type: ignore[misc]
        make=lambda rule_id, seed, kind=kind: make(kind, rule_id, seed),  # type: ignore[misc]
        advise=advise,
        consequences=consequences,
        title=lambda rule_id: rule_named(rule_id).title,
        features_worded=False,  # the explanation and the why-nots say in sentences what mattered
    ) for kind in KINDS)


#: The play drill kinds, listed in :mod:`tutor.lessons.drills.kinds`.
DRILL_KINDS: tuple[DrillKind, ...] = _drill_kinds()
