"""Play drill positions from deals the book robots bid and play.

Play drill ``seed`` is found in a seeded stream of deals (:func:`tutor.lessons.play_draft.stream_deal`)
that the four robots of :mod:`tutor.lessons.robots` bid and play, card by card. At every
card the seat in turn sees only its own view (:func:`tutor.lessons.robots.seat_view`); the
position built from that view is the one the robot decides on
(:func:`tutor.lessons.robots.play_answer`, the function behind ``tutor advise``). A rule's
drill is its first decision in the stream — of any seat — where the robot's own answer is
the rule's and the audit of :mod:`tutor.lessons.play_drill` finds one book-correct answer:
that seat becomes the learner, the auction is the robots' auction and the cards before it
are the robots' cards. No auction is scripted and no card placed.

The search reads rules only through the robots' answers and the audit, so a new play
convention needs only its YAML (and its expectation rows). It is bounded (:data:`DEALS`
deals per seed); a rule whose position does not arise in the bound is reported by
:class:`RarelyArises`, in words the learner can read. The same rule and seed always give
the same drill.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from tutor.engine.auction import Auction
from tutor.engine.cards import Card, Deal, Seat
from tutor.engine.conventions import Advice, Rule
from tutor.engine.errors import TutorError
from tutor.engine.play import opening_leader
from tutor.engine.play_position import PlayPosition
from tutor.engine.rules import Rules
from tutor.engine.tricks import TrickPlay
from tutor.lessons.play_draft import steers_of, stream_deal
from tutor.lessons.robots import Decision, bid_auction, play_answer, seat_view

#: Deals the robots bid and play, at most, in the search for one drill.
DEALS = 60
#: Whether the stream's deals are steered by the rules' conditions (docs/play.md).
STEERED = True
#: Audits one position for a rule: the advice when the rule gives one book-correct answer.
Auditor = Callable[[Rule, PlayPosition, Sequence[Rule]], Advice | None]


class RarelyArises(TutorError):
    """The rule's position did not arise in the bound: the book's own auctions hardly lead to it."""


@dataclass(frozen=True)
class RobotPosition:
    """One decision of a robot deal: the position its seat sees, the robot's answer, what came before."""

    deal: Deal
    dealer: Seat
    auction: Auction
    calls: tuple[Decision, ...]
    cards: tuple[Decision, ...]  # the robots' cards before this decision, in order of play
    position: PlayPosition  # built from the seat's view, with the full deal attached
    answer: dict[str, object]  # the robot's answer (tutor advise on the view)


def robot_positions(deal: Deal, dealer: Seat, rules: Rules | None = None) -> Iterator[RobotPosition]:
    """Every decision of the play, in order, as the robots bid and play ``deal`` from ``dealer``.

    Exactly :func:`tutor.lessons.robots.robot_deal`'s auction and play (the same view, the
    same adviser), one position built per card; the caller stops when it has what it needs.
    """
    from tutor.lessons.play_advice import position_from_json

    auction, calls = bid_auction(deal, dealer, None, rules)
    contract = auction.contract
    if contract is None:
        return
    play = TrickPlay(deal, contract.trump, opening_leader(contract))
    cards: list[Decision] = []
    while not play.is_complete:
        seat = play.to_play
        view = seat_view(seat, play.hand(seat), auction, None, play, rules)
        position = position_from_json(view)
        answer = play_answer(position, str(view["kind"]))
        yield RobotPosition(deal, dealer, auction, calls, tuple(cards), replace(position, deal=deal), answer)
        card = str(answer["card"])
        play.play(Card.parse(card), seat)
        cards.append(Decision(seat, card, str(answer.get("rule") or ""), tuple(answer.get("laws") or ()),
                              str(answer.get("explanation", "")), bool(answer.get("default", False))))


def scan(seed: int, index: int, conventions: Sequence[Rule], auditor: Auditor,
         rules: Rules | None = None) -> Mapping[str, tuple[RobotPosition, Advice]]:
    """Stream deal ``index`` of ``seed``, bid and played by the robots: for every play rule that
    decides a robot's card in it with one book-correct answer, its first such position.

    The whole deal is played once and every rule read from it, so the drills of all rules for
    one seed cost the robots' play of the same few deals; the last scans are kept in memory
    (:data:`KEPT`), keyed by everything the result depends on.
    """
    key = (seed, index, id(conventions), rules)
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is conventions:
        return kept[1]
    found: dict[str, tuple[RobotPosition, Advice]] = {}
    by_id = {r.id: r for r in conventions}
    deal, dealer = stream_deal(seed, index, steers_of(conventions) if STEERED else ())
    for position in robot_positions(deal, dealer, rules):
        rule = by_id.get(str(position.answer.get("rule")))
        if rule is None or rule.id in found:
            continue  # a stated default, or a rule already found earlier in this deal
        advice = auditor(rule, position.position, conventions)
        if advice is not None:
            found[rule.id] = (position, advice)
    if len(_KEPT) >= KEPT:
        _KEPT.pop(next(iter(_KEPT)))
    _KEPT[key] = (conventions, found)
    return found


#: Scans kept in memory: enough for every seed a session or a test run visits.
KEPT = 4096
_KEPT: dict[tuple[object, ...], tuple[Sequence[Rule], Mapping[str, tuple[RobotPosition, Advice]]]] = {}


def find_position(rule: Rule, seed: int, conventions: Sequence[Rule], auditor: Auditor,
                  rules: Rules | None = None, deals: int = DEALS) -> tuple[RobotPosition, Advice]:
    """The first position, in seed ``seed``'s stream of robot deals, where ``rule`` decides."""
    for index in range(deals):
        hit = scan(seed, index, conventions, auditor, rules).get(rule.id)
        if hit is not None:
            return hit
    raise RarelyArises(
        f"This convention (“{rule.title}”) did not arise in the {deals} deals of position {seed} that the "
        f"book's robots bid and played: the book's own auctions hardly ever lead to it. "
        f"Try another position number, or another convention.")
