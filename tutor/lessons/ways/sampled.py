"""The sampled line of the ways' review: what a card was worth on what the learner could know.

At the four-handed table the sampled line deals the unseen cards again as the auction and the
play allow (:mod:`tutor.lessons.cost.sampling`, the book's conventions read backwards). The
ways' auctions follow no convention of the book (their robots bid by the tutor's stated
defaults), so here a layout reads the play alone: the cards the learner cannot see — the hands
the way does not show him — are dealt again at random among those hands, each keeping its number
of cards and the card it has put on the table this trick, and holding no card of a suit it has
shown out of (law 147: suit must be followed).
Each layout is solved double dummy after the book's card and after the learner's
(:func:`~tutor.engine.solver.analysis.card_tricks_many`: the two cards played, the rest solved), and the
learner's side's net points are averaged. The honours are the deal's own for both cards (they
do not depend on the card played, so the difference between the two is what the layouts tell).

Only a card in a four-handed play with partners opposite (the ways the solver can read, as the
review's double-dummy line) is sampled; ``None`` elsewhere.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.engine.calls import Contract
from tutor.engine.cards import SEATS, Card, Deal, Hand, Seat, Suit
from tutor.engine.solver.analysis import DDBoard, card_tricks_many
from tutor.engine.tricks import TrickPlay
from tutor.engine.ways.game import WayGame
from tutor.engine.ways.score import four_hand_score
from tutor.lessons.cost.verdict import Comparison, Rule, compare

#: layouts the ways' review samples when the learner asks (the four-handed review's page figure)
WAY_LAYOUTS = 30
#: attempts at dealing one layout before the sampler gives up (a layout always exists: the real one)
ATTEMPTS = 200


@dataclass(frozen=True)
class WaySampled:
    """The mean net points of each choice (the book's, the learner's) over ``layouts`` layouts, and the
    paired comparison of the learner's card against the book's (tricks decide, as for any card)."""

    layouts: int
    points: tuple[float, float]
    comparison: Comparison


def sampled_line(before: WayGame, choices: tuple[str, str], learner: str, layouts: int,
                 seed: int | str) -> WaySampled | None:
    """The sampled line of ``choices`` (book's card, learner's card) at ``before``, or ``None``."""
    play, contract = before.play, before.play_contract
    if (layouts <= 0 or before.phase != "play" or before.way.two_handed_play or not before.partners_opposite
            or contract is None or not isinstance(play, TrickPlay)):
        return None
    cards = tuple(Card.parse(c) for c in choices)
    trick = play.current_trick
    deals = layouts_for(before, learner, layouts, seed)
    boards = [DDBoard(deal, contract.bid.strain, trick.leader, tuple(c for _, c in trick.plays)) for deal in deals]
    solved = card_tricks_many(boards, [cards] * len(boards))
    seat = play.to_play
    tricks = [(values[cards[0]], values[cards[1]]) for values in solved]
    points = [tuple(_net(before, contract, seat, play.tricks_won(seat.side) + t, learner) for t in pair)
              for pair in tricks]
    comparison = compare([g - b for b, g in tricks], [g - b for b, g in points], Rule(), tricks_count=True)
    return WaySampled(len(deals), (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)),
                      comparison)


def layouts_for(before: WayGame, learner: str, count: int, seed: int | str) -> list[Deal]:
    """``count`` layouts of the cards in hand at the start of the current trick: the hands ``learner``
    sees as they are, the others' cards dealt again among them (counts kept, no card of a suit shown out)."""
    play = before.play
    assert isinstance(play, TrickPlay)
    trick = play.current_trick
    in_hand = {s: Hand([*play.hand(s), *(c for p, c in trick.plays if p is s)]) for s in SEATS}
    hidden = [s for s in SEATS if s not in before.visible(learner)]
    rng = random.Random(seed)
    voids = _voids(play, hidden)
    on_table = {s: [c for p, c in trick.plays if p is s] for s in hidden}  # seen: they stay where they are
    return [_layout(in_hand, hidden, voids, on_table, rng) for _ in range(count)]


def _voids(play: TrickPlay, seats: list[Seat]) -> dict[Seat, set[Suit]]:
    """The suits each of ``seats`` has shown out of (it did not follow the suit led)."""
    out: dict[Seat, set[Suit]] = {s: set() for s in seats}
    for trick in (*play.tricks, play.current_trick):
        led = trick.led_suit
        for who, card in trick.plays:
            if who in out and led is not None and card.suit is not led:
                out[who].add(led)
    return out


def _layout(in_hand: dict[Seat, Hand], hidden: list[Seat], voids: dict[Seat, set[Suit]],
            on_table: dict[Seat, list[Card]], rng: random.Random) -> Deal:
    """The hidden hands' cards dealt again among them: each keeps its count and the card it has put on
    the table this trick, and none gets a suit it is void in.

    The cards that fewest hands may hold are placed first; a dead end starts again (the real layout
    exists, so a deal is almost always found; after ``ATTEMPTS`` the real one is used)."""
    pool = [c for s in hidden for c in in_hand[s] if c not in on_table[s]]
    for _ in range(ATTEMPTS):
        room = {s: len(in_hand[s]) - len(on_table[s]) for s in hidden}
        dealt: dict[Seat, list[Card]] = {s: list(on_table[s]) for s in hidden}
        rng.shuffle(pool)
        order = sorted(pool, key=lambda c: sum(c.suit not in voids[s] for s in hidden))
        for card in order:
            open_seats = [s for s in hidden if room[s] and card.suit not in voids[s]]
            if not open_seats:
                break
            seat = rng.choice(open_seats)
            dealt[seat].append(card)
            room[seat] -= 1
        else:
            return Deal({s: Hand(dealt[s]) if s in dealt else in_hand[s] for s in SEATS})
    return Deal(in_hand)


def _net(before: WayGame, contract: Contract, seat: Seat, side_total: int, learner: str) -> int:
    """The learner's side's net points when the side to play (``seat``'s) ends with ``side_total`` tricks."""
    declaring = side_total if seat.side is contract.declarer.side else 13 - side_total  # noqa: PLR2004
    score = four_hand_score(before.way, before.scored_hands(), contract, declaring)
    side = before.seat_of(learner).side
    return score.total(side) - score.total(side.other)


__all__ = ["WAY_LAYOUTS", "WaySampled", "layouts_for", "sampled_line"]
