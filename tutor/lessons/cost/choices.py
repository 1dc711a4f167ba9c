"""The choices of one decision and their outcome on a layout: a card, or a call followed by the robots.

A **card** is priced double dummy: on a batch of layouts, either every legal card at
once (DDS values all cards in one search; the first batch, to find the best
alternative), or only the cards still compared, each played and the rest solved for the
best card (about half the solver's work, issue 28). Cards that are *equal* — touching
in the hand once the cards of finished tricks are gone, no card between them elsewhere
— take the same tricks on every layout, so one of each group is solved.

A **call** is priced by what follows it: the robots finish the auction on each layout
(each seat seeing only its own hand), the contract reached is solved double dummy from
its opening lead, and scored; a contract reached after several calls is solved once.

Every outcome is scored by the one pricer (:mod:`tutor.lessons.cost.pricer`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor.engine.auction import Auction
from tutor.engine.calls import Call, Contract, Pass, parse_call
from tutor.engine.cards import Card, Deal, Hand, Seat
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject
from tutor.engine.play import opening_leader
from tutor.engine.tricks import TrickPlay, legal_cards
from tutor.lessons.cost import pricer
from tutor.lessons.cost.sampling import Knowledge, RobotMemo, book_call

if TYPE_CHECKING:  # the solver's adapter is imported when a layout is priced
    from tutor.engine.solver.analysis import DDBoard


@dataclass(frozen=True)
class Outcome:
    """The learner's side's tricks in the deal and its net Vint points."""

    tricks: int
    points: int

    def to_json(self) -> JsonObject:
        return {"tricks": self.tricks, "points": self.points}


def net_points(deal: Deal, contract: Contract | None, declarer_tricks: int, known: Knowledge) -> int:
    """The learner's side's Vint points of the deal less the other side's (:func:`pricer.net_points`)."""
    return pricer.net_points(deal, contract, declarer_tricks, known.seat.side, known.score, known.rules)


# -- a card -------------------------------------------------------------------------------------


def card_choices(known: Knowledge) -> tuple[Card, ...]:
    """The learner's legal cards, in the order of the hand."""
    played = {card for _, card in known.plays()}
    held = Hand([c for c in known.hand if c not in played])
    led = known.current.led_suit if known.current else None
    return tuple(sorted(legal_cards(held, led), key=lambda c: (c.suit.value, -int(c.rank))))


def equal_groups(known: Knowledge, cards: Sequence[Card]) -> dict[Card, Card]:
    """Each card of ``cards`` to the highest card of its group of equal cards among them.

    Two cards of a suit are equal when every card ranked between them is the learner's
    own or gone in a finished trick (a card on the table in this trick still separates).
    """
    gone = {c for t in known.tricks for c in t.cards()}
    mine = set(known.hand)
    out: dict[Card, Card] = {}
    ordered = sorted(cards, key=lambda c: (c.suit.value, -int(c.rank)))
    for card in ordered:
        head = next((h for h in dict.fromkeys(out.values()) if h.suit is card.suit and _touching(h, card, gone, mine)),
                    None)
        out[card] = head or card
    return out


def _touching(high: Card, low: Card, gone: set[Card], mine: set[Card]) -> bool:
    between = (Card(high.suit, rank) for rank in type(high.rank) if int(low.rank) < int(rank) < int(high.rank))
    return all(c in gone or c in mine for c in between)


def card_boards(known: Knowledge, layouts: Sequence[Deal]) -> list[DDBoard]:
    """The double-dummy boards of the position on each layout (finished tricks' cards removed)."""
    from tutor.engine.solver.analysis import DDBoard

    assert known.contract is not None
    done = {c for t in known.tricks for c in t.cards()}
    current = known.current
    leader = current.leader if current else opening_leader(known.contract)
    played = tuple(current.cards()) if current else ()
    if not done:  # the opening lead, or the first trick: the layouts are the boards' deals
        return [DDBoard(d, known.contract.strain, leader, played) for d in layouts]
    gone = frozenset(done)  # a set difference: no card order to build, no card to check twice
    return [DDBoard(Deal({s: Hand(d[s].cards - gone) for s in Seat}), known.contract.strain, leader, played)
            for d in layouts]


def card_outcomes(known: Knowledge, layouts: Sequence[Deal], cards: Sequence[Card],
                  every: bool) -> list[list[Outcome]]:
    """``out[i][j]``: the outcome of ``cards[j]`` on layout ``i``, double dummy.

    ``every``: value every legal card in one search per layout; else play each of
    ``cards`` (one per group of equal cards) and solve the rest.
    """
    from tutor.engine.solver.analysis import card_tricks_many, card_values_many

    contract = known.contract
    assert contract is not None
    mine = known.seat.side
    won = sum(1 for t in known.tricks if t.winner(contract.trump).side is mine)
    boards = card_boards(known, layouts)
    if every:
        solved = card_values_many(boards)
        heads = {c: c for c in cards}
    else:
        heads = equal_groups(known, card_choices(known))
        wanted = list(dict.fromkeys(heads[c] for c in cards))
        solved = card_tricks_many(boards, [wanted] * len(boards))
    out = []
    for layout, values in zip(layouts, solved):
        row, cache = [], {}
        for card in cards:
            tricks = won + values[heads[card]]
            if tricks not in cache:
                declarer = tricks if contract.declarer.side is mine else 13 - tricks
                cache[tricks] = net_points(layout, contract, declarer, known)
            row.append(Outcome(tricks, cache[tricks]))
        out.append(row)
    return out


def robots_after_card(known: Knowledge, deal: Deal, card: Card) -> Outcome:
    """The four robots finish the actual deal after ``card``."""
    from tutor.lessons.robots import play_out

    contract = known.contract
    assert contract is not None
    play = TrickPlay(deal, contract.trump, opening_leader(contract))
    for seat, played in known.plays():
        play.play(played, seat)
    play.play(card, known.seat)
    play, _ = play_out(deal, _auction(known), known.score, known.rules, play, contract)
    return Outcome(play.tricks_won(known.seat.side),
                   net_points(deal, contract, play.tricks_won(contract.declarer.side), known))


def _auction(known: Knowledge) -> Auction:
    auction = Auction(known.dealer, known.rules)
    for call in known.calls:
        auction.call(call)
    return auction


# -- a call -------------------------------------------------------------------------------------


def call_choices(known: Knowledge, extra: Sequence[str] = ()) -> tuple[str, ...]:
    """The book's call, every other applicable rule's call, pass, and the calls asked for."""
    from tutor.engine.bidding import BidPosition
    from tutor.lessons.bidding.drill import advise_position

    position = BidPosition(known.seat, known.hand, known.dealer, known.calls, known.score, known.rules)
    advice = advise_position(position)
    found: dict[str, None] = {}
    if advice is not None:
        found[str(advice.answer)] = None
        for rule in advice.applicable:
            answer = rule.recommend(position)
            if answer is not None:
                found[str(answer)] = None
    found[str(Pass())] = None
    auction = Auction.from_calls(known.dealer, [str(c) for c in known.calls], known.rules)
    for text in extra:
        call = parse_call(str(text))
        auction.verify_call(call)
        found[str(call)] = None
    return tuple(found)


def complete(known: Knowledge, deal: Deal, call: Call, memo: RobotMemo | None = None) -> Auction:
    """The robots finish the auction after ``call``, each seat seeing only its own hand
    (:func:`~tutor.lessons.cost.sampling.book_call`; ``memo`` keeps what layouts share)."""
    memo = RobotMemo() if memo is None else memo
    auction = _auction(known)
    auction.call(call)
    key = tuple(str(c) for c in auction.calls)  # the calls so far, as the memo knows them: grown call by call
    while not auction.is_complete:
        seat = auction.to_call
        answer = book_call(known, seat, auction.calls, deal[seat], memo, key, auction)
        if answer is None:  # pragma: no cover - the book's last bidding rule always passes
            raise TutorError("no bidding rule answers: the book's catch-all pass is missing")
        auction.call(answer)
        key = (*key, str(answer))
    return auction


def call_outcomes(known: Knowledge, layouts: Sequence[Deal], choices: Sequence[str],
                  memo: RobotMemo | None = None, found: threading.Event | None = None) -> list[list[Outcome]]:
    """``out[i][j]``: the outcome of call ``choices[j]`` on layout ``i`` (contracts solved in one batch).

    ``found`` is set once the contracts are known, before they are solved: from then on this
    thread only waits for the workers, and a thread waiting for it can run the robots' auctions."""
    from tutor.engine.solver.analysis import dd_tricks_many

    memo = RobotMemo() if memo is None else memo
    contracts = [[complete(known, d, parse_call(c), memo).contract for c in choices] for d in layouts]
    if found is not None:
        found.set()
    # choices that end in the same strain with the same declarer take the same tricks: solved once
    wanted = list(dict.fromkeys((n, k.strain, k.declarer) for n, row in enumerate(contracts) for k in row
                                if k is not None))
    solved = dict(zip(wanted, dd_tricks_many([(layouts[n], strain, seat) for n, strain, seat in wanted])))
    mine = known.seat.side
    out = []
    for n, (layout, row) in enumerate(zip(layouts, contracts)):
        line = []
        for contract in row:
            if contract is None:
                line.append(Outcome(0, net_points(layout, None, 0, known)))
                continue
            declarer = solved[n, contract.strain, contract.declarer]
            tricks = declarer if contract.declarer.side is mine else 13 - declarer
            line.append(Outcome(tricks, net_points(layout, contract, declarer, known)))
        out.append(line)
    return out


def robots_after_call(known: Knowledge, deal: Deal, call: str) -> Outcome:
    """The robots finish the auction after ``call`` on the actual deal, then play it."""
    from tutor.lessons.robots import play_out

    auction = complete(known, deal, parse_call(call))
    contract = auction.contract
    if contract is None:
        return Outcome(0, net_points(deal, None, 0, known))
    play, _ = play_out(deal, auction, known.score, known.rules)
    return Outcome(play.tricks_won(known.seat.side),
                   net_points(deal, contract, play.tricks_won(contract.declarer.side), known))


__all__ = ["Outcome", "call_choices", "call_outcomes", "card_boards", "card_choices", "card_outcomes", "complete",
           "equal_groups", "net_points", "robots_after_call", "robots_after_card"]
