"""The sampled line of the ways' review: what a card or a call was worth on what the learner could know.

At the four-handed table the sampled line deals the unseen cards again as the auction and the
play allow (:mod:`tutor.lessons.cost.sampling`, the book's conventions read backwards). The
ways' auctions follow no convention of the book (their robots bid by the tutor's stated
defaults), so here a layout reads the play alone, never the calls: the cards the learner cannot
see — the hands the way does not show him — are dealt again at random among those hands, each
keeping its number of cards and the card it has put on the table this trick, and holding no card
of a suit it has shown out of (law 147: suit must be followed).

* **A card**: each layout is solved double dummy after the book's card and after the learner's
  (:func:`~tutor.engine.solver.analysis.card_tricks_many`: the two cards played, the rest solved), and
  the learner's side's net points are averaged. The honours are the deal's own for both cards (they
  do not depend on the card played, so the difference between the two is what the layouts tell);
  the tricks decide the verdict.
* **A call** (issue 29): on each layout the robots finish the auction from the learner's call and
  from the book's (:func:`finish_auction`, each robot on its own view of that layout), and the
  contract each reaches is solved double dummy from its first lead and scored with that layout's
  hands (honours and coronets are the layout's); a deal thrown in scores as the way says. The
  points decide the verdict, as for a call at the four-handed table (after two calls the contracts
  differ, and so does the worth of a trick).

The two choices are priced on the same layouts and compared paired
(:func:`~tutor.lessons.cost.verdict.compare`). Only a deal the solver can read (four hands in a
four-handed play, partners opposite: the review's double-dummy line) is sampled — for a call, when
on every layout each choice's contract is such a deal (not the buy-in still to come, nor the traded
dummies lying beside the players); ``None`` elsewhere.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.engine.calls import Contract, Strain
from tutor.engine.cards import SEATS, Card, Deal, Hand, Seat, Suit
from tutor.engine.solver.analysis import DDBoard, card_tricks_many
from tutor.engine.tricks import TrickPlay
from tutor.engine.ways.game import WayGame
from tutor.engine.ways.score import four_hand_score
from tutor.lessons.cost.verdict import Comparison, Rule, compare
from tutor.lessons.ways.robots import robot_action

#: layouts the ways' review samples when the learner asks (the four-handed review's page figure)
WAY_LAYOUTS = 30
#: attempts at dealing one layout before the sampler gives up (a layout always exists: the real one)
ATTEMPTS = 200


@dataclass(frozen=True)
class WaySampled:
    """The mean net points of each choice (the book's, the learner's) over ``layouts`` layouts, and the
    paired comparison of the learner's choice against the book's (a card: the tricks decide; a call: the points)."""

    layouts: int
    points: tuple[float, float]
    comparison: Comparison
    #: a call's line (the robots finished the auction on each layout), not a card's
    call: bool = False


def sampled_line(before: WayGame, choices: tuple[str, str], learner: str, layouts: int,
                 seed: int | str) -> WaySampled | None:
    """The sampled line of ``choices`` (book's choice, learner's) at ``before``, or ``None``."""
    if layouts <= 0 or before.way.two_handed_play:
        return None
    if before.phase == "auction":
        return _call_line(before, choices, learner, layouts, seed)
    play, contract = before.play, before.play_contract
    if before.phase != "play" or not before.partners_opposite or contract is None or not isinstance(play, TrickPlay):
        return None
    cards = tuple(Card.parse(c) for c in choices)
    trick = play.current_trick
    deals = layouts_for(before, learner, layouts, seed)
    boards = [DDBoard(deal, contract.bid.strain, trick.leader, tuple(c for _, c in trick.plays)) for deal in deals]
    solved = card_tricks_many(boards, [cards] * len(boards))
    seat = play.to_play
    tricks = [(values[cards[0]], values[cards[1]]) for values in solved]
    points = [tuple(side_net(before, contract, _declaring(contract, seat, play.tricks_won(seat.side) + t), learner)
                    for t in pair) for pair in tricks]
    comparison = compare([g - b for b, g in tricks], [g - b for b, g in points], Rule(), tricks_count=True)
    return WaySampled(len(deals), (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)),
                      comparison)


def _call_line(before: WayGame, choices: tuple[str, str], learner: str, layouts: int,
               seed: int | str) -> WaySampled | None:
    """A call: on each layout the robots finish the auction after each choice; each contract solved and scored."""
    if before.way.buy_in:  # the buy-in follows the auction: no contract is a deal for the solver before it
        return None
    games = []
    for deal in layouts_for(before, learner, layouts, seed):
        setup = replace(before.setup, hands={s: tuple(deal[s]) for s in SEATS})
        for choice in choices:
            game = WayGame(setup, before.steps)
            game.act(learner, choice)
            finish_auction(game)
            games.append(game)
    outcomes = solved_outcomes(games, learner)
    if outcomes is None:
        return None
    pairs = [(outcomes[i], outcomes[i + 1]) for i in range(0, len(outcomes), 2)]
    comparison = compare([g[0] - b[0] for b, g in pairs], [g[1] - b[1] for b, g in pairs], Rule(), tricks_count=False)
    return WaySampled(len(pairs), (sum(b[1] for b, _ in pairs) / len(pairs), sum(g[1] for _, g in pairs) / len(pairs)),
                      comparison, call=True)


def finish_auction(game: WayGame) -> None:
    """The robots make every call left in ``game``'s auction, the learner's player's included."""
    while game.phase == "auction":
        decision = robot_action(game)
        game.act(decision.player, decision.action)


def solved_outcomes(games: Sequence[WayGame], learner: str) -> list[tuple[int, int]] | None:
    """``(tricks, points)`` of ``learner``'s side in each of ``games`` whose auction is over: the contract
    solved double dummy from its first lead (one batch) and scored with the game's hands; a deal thrown in
    scores as the way says. ``None`` when any is not a deal the solver can read."""
    from tutor.engine.solver.analysis import dd_tricks_many

    wanted: list[tuple[Deal, Strain, Seat]] = []
    for game in games:
        play, contract = game.play, game.play_contract
        if contract is None and game.phase == "over":
            continue
        if contract is None or game.phase != "play" or not isinstance(play, TrickPlay) or not game.partners_opposite:
            return None
        # the side opposite the first leader takes dd_tricks_many's count (it solves with the "declarer's" left leading)
        wanted.append((Deal({s: play.hand(s) for s in SEATS}), contract.bid.strain, play.current_trick.leader.rho))
    solved = iter(dd_tricks_many(wanted))
    out = []
    for game in games:
        contract = game.play_contract
        side = game.seat_of(learner).side
        if contract is None:
            out.append((0, side_net(game, None, 0, learner)))
            continue
        assert isinstance(game.play, TrickPlay)
        against_leader = next(solved)
        leader = game.play.current_trick.leader
        declaring = 13 - against_leader if contract.declarer.side is leader.side else against_leader  # noqa: PLR2004
        mine = declaring if contract.declarer.side is side else 13 - declaring  # noqa: PLR2004
        out.append((mine, side_net(game, contract, declaring, learner)))
    return out


def side_net(game: WayGame, contract: Contract | None, declarer_tricks: int, learner: str) -> int:
    """The learner's side's points less the other side's when ``contract`` (``None``: thrown in) is played with
    ``game``'s hands and its declaring side takes ``declarer_tricks``."""
    score = four_hand_score(game.way, game.scored_hands(), contract, declarer_tricks)
    side = game.seat_of(learner).side
    return score.total(side) - score.total(side.other)


def _declaring(contract: Contract, seat: Seat, side_total: int) -> int:
    """The declaring side's tricks when ``seat``'s side ends with ``side_total``."""
    return side_total if seat.side is contract.declarer.side else 13 - side_total  # noqa: PLR2004


def layouts_for(before: WayGame, learner: str, count: int, seed: int | str) -> list[Deal]:
    """``count`` layouts of the cards in hand at the start of the current trick (in the auction: as dealt):
    the hands ``learner`` sees as they are, the others' cards dealt again among them (counts kept; in the
    play, no card of a suit shown out and the cards on the table where they are). Nothing is read from
    the calls: the ways' auctions follow the tutor's stated defaults, which are no convention to read."""
    play = before.play
    hidden = [s for s in SEATS if s not in before.visible(learner)]
    if isinstance(play, TrickPlay):
        trick = play.current_trick
        in_hand = {s: Hand([*play.hand(s), *(c for p, c in trick.plays if p is s)]) for s in SEATS}
        voids = _voids(play, hidden)
        on_table = {s: [c for p, c in trick.plays if p is s] for s in hidden}  # seen: they stay where they are
    else:
        in_hand = {s: before.hand(s) for s in SEATS}
        voids, on_table = {s: set() for s in hidden}, {s: [] for s in hidden}
    rng = random.Random(seed)
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


__all__ = ["WAY_LAYOUTS", "WaySampled", "finish_auction", "layouts_for", "sampled_line", "side_net", "solved_outcomes"]
