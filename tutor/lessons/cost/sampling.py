"""Layouts the learner could not tell apart: the unseen cards dealt many times, read against the robots.

The learner knows his own hand, the auction, the cards played so far, and what the
book's conventions say each call told (:mod:`tutor.lessons.cost.ledger`). A **layout** is
a deal of the unseen cards consistent with that. Layouts are drawn by the batch
dealer (:func:`tutor.engine.deals.batch.plan_deals`) with the learner's hand and every
card played placed in its player's hand, the ledger's hard constraints (its
bounds, and "no more cards of a suit shown out") as card counts, and then checked
at three levels, strictest first:

1. **the robots reproduce the table**: every other seat's robot, given its cards in
   the layout, makes exactly the calls and plays it made — the exact reading
   backwards of the book robots (:func:`tutor.lessons.robots.robot_call`,
   :func:`~tutor.lessons.robots.robot_card`);
2. **the robots reproduce the auction**: every call as at the table; the play only as
   the cards seen and the suits shown out (the play conventions and the tutor's
   defaults are so exact that few layouts reproduce every card early in the play);
3. **the ledger**: every call's reading holds on the caller's layout hand
   (:meth:`~tutor.lessons.cost.ledger.CallReading.holds`), the play as in 2;
4. **only the cards seen** and the suits shown out.

The strictest level that reaches the target number of layouts within the candidate
budget is used, and :attr:`Sample.level` says which (:data:`LEVELS`). Seeded: the same position,
seed, target and budget give the same layouts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from tutor.engine.auction import Auction
from tutor.engine.bidding import ScoreState
from tutor.engine.calls import Call, Contract
from tutor.engine.cards import SEATS, Card, Deal, Hand, Seat, Side
from tutor.engine.deals.batch import Cards, DealPlan, generator, hand_of, plan_deals, to_deal
from tutor.engine.deals.spec import CardCount, suit_cards
from tutor.engine.errors import DealGenerationError, TutorError
from tutor.engine.json_types import JsonValue
from tutor.engine.play import opening_leader
from tutor.engine.rules import Rules
from tutor.engine.tricks import Trick, TrickPlay
from tutor.lessons.cost.ledger import (
    CallReading,
    Ledger,
    build_ledger,
    open_rules,
    public_position,
    with_hand,
)

if TYPE_CHECKING:
    from tutor.engine.bidding import BidPosition
    from tutor.engine.book import Book
    from tutor.engine.conventions import Rule

#: The levels, strictest first, in the learner's words.
LEVELS = {1: "the robots would have made every call and played every card seen",
          2: "the robots would have made every call (the play: the cards seen and the suits shown out)",
          3: "every call agrees with what the book's conventions say it told",
          4: "only the cards seen and the suits shown out"}
DEFAULT_LAYOUTS = 100
#: Candidate layouts whose cards the robots re-play, at most, before relaxing.
DEFAULT_BUDGET = 300
#: Card checks looked at before the rate found decides whether the budget can reach the target.
EARLY_LOOK = 20
#: The robots' calls are re-checked on up to this many times the budget.
CALLS_FACTOR = 4
_CHUNK = 64
#: The ledger alone is checked on up to this many times the budget of candidates drawn.
LOOSE_FACTOR = 20


@dataclass(frozen=True)
class Knowledge:
    """What the learner at ``seat`` knows: a ``tutor advise`` position, read once."""

    seat: Seat
    dealer: Seat
    calls: tuple[Call, ...]
    hand: Hand  # the learner's thirteen cards, those played included
    score: ScoreState | None
    rules: Rules
    contract: Contract | None = None
    tricks: tuple[Trick, ...] = ()  # whole tricks
    current: Trick | None = None
    deal: Deal | None = None  # the actual deal, when the position gives it
    view: Mapping[str, JsonValue] = field(default_factory=dict)

    @property
    def is_bid(self) -> bool:
        return self.contract is None

    @property
    def seen(self) -> tuple[Trick, ...]:
        """Every trick with a card on the table, the current one last."""
        return (*self.tricks, *((self.current,) if self.current and self.current.plays else ()))

    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        return tuple(p for t in self.seen for p in t.plays)

    def fixed(self) -> dict[Seat, list[Card]]:
        """The cards whose place is known: the learner's hand, and each card played by its player."""
        out: dict[Seat, list[Card]] = {s: [] for s in Seat}
        out[self.seat] = sorted(self.hand.cards, key=str)
        for seat, card in self.plays():
            if seat is not self.seat:
                out[seat].append(card)
        return out


def knowledge_from_view(view: Mapping[str, JsonValue]) -> Knowledge:
    """Read a ``tutor advise`` position (optionally with ``"deal"``: the whole deal, PBN)."""
    if not isinstance(view, Mapping):
        raise TutorError("expected a JSON object: a position as for tutor advise")
    position = {k: v for k, v in view.items() if k != "deal"}
    deal = _deal(view.get("deal"))
    if view.get("kind") == "bid":
        from tutor.lessons.bidding.drill import position_from_json

        bid = position_from_json(position)
        known = Knowledge(bid.seat, bid.dealer, bid.calls, bid.hand, bid.score, bid.rules, deal=deal, view=position)
    elif view.get("kind") in ("lead", "card", "discard", "second-hand", "third-hand", "fourth-hand"):
        from tutor.lessons.play.advice import position_from_json as play_position_from_json

        play = play_position_from_json(position)
        own = [c for t in (*play.tricks, *((play.current,) if play.current else ())) for s, c in t.plays
               if s is play.seat]
        below = {s: int(play.below.get(s, 0)) for s in Side}
        known = Knowledge(play.seat, play.dealer, tuple(r.call for r in play.auction), Hand([*play.hand, *own]),
                          ScoreState(below), play.rules, play.contract, tuple(play.tricks), play.current, deal,
                          position)
    else:
        raise TutorError(f"unknown position kind {view.get('kind')!r}; analyse takes 'bid', 'lead' or 'card'")
    if deal is not None:
        _check_deal(known, deal)
    return known


def _deal(value: object) -> Deal | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TutorError(f"'deal' must be a PBN deal string such as \"N:AKQ.… … … …\", got {type(value).__name__}")
    deal = Deal.from_pbn(value)
    if any(len(deal[s]) != 13 for s in Seat):
        raise TutorError("'deal' must give all four hands of 13 cards (law 16)")
    return deal


def _check_deal(known: Knowledge, deal: Deal) -> None:
    if deal[known.seat].cards != known.hand.cards:
        raise TutorError(f"'deal' gives {known.seat.value} another hand than the position's 'hand'")
    for seat, card in known.plays():
        if card not in deal[seat].cards:
            raise TutorError(f"'deal' does not give {card} to {seat.value}, who played it")


@dataclass(frozen=True)
class Sample:
    """The layouts drawn, the level they meet, and how many candidates were checked."""

    layouts: tuple[Deal, ...]
    level: int
    candidates: int
    found: Mapping[int, int]  # layouts found at levels 1, 2 and 3 among the candidates

    @property
    def level_words(self) -> str:
        return LEVELS[self.level]


def ledger_of(known: Knowledge) -> Ledger:
    # the robots bid by the book's rules whatever the variants (a bidding view carries none)
    return build_ledger(known.dealer, known.calls, known.score, Rules(), known.seen, skip=known.seat)


def sample_layouts(known: Knowledge, seed: int = 0, target: int = DEFAULT_LAYOUTS,
                   budget: int = DEFAULT_BUDGET, ledger: Ledger | None = None, *, whole: int = 0) -> Sample:
    """``target`` layouts at the strictest level reachable within the budget (see the module docstring).

    The robots' cards are checked on up to ``budget`` candidates that meet the ledger,
    their calls on up to ``CALLS_FACTOR`` times as many, and the ledger alone on up to
    ``LOOSE_FACTOR`` times as many candidates drawn.

    ``whole`` (more than ``target``): these layouts begin a sample of ``whole`` drawn with the
    same seed (a streamed analysis's first look). A level that sample cannot reach at the rate
    found so far (:func:`_foretell`) is given up here too, so that both meet the same level and
    these layouts are its first ones, as often as the rate foretells it: the first look then
    neither spends most of a second on robots' checks the whole sample gives up, nor is priced
    again on another level's layouts.
    """
    if target < 1:
        raise TutorError("the number of layouts must be at least 1")
    ledger = ledger or ledger_of(known)
    fixed = known.fixed()
    others = [s for s in Seat if s is not known.seat]
    found: dict[int, list[Deal]] = {1: [], 2: [], 3: []}
    drawn = 0
    goal = max(target, whole)  # the layouts of the sample whose level is decided
    reach = 1  # the strictest level still within the whole sample's reach
    plan = _plan({s: ledger.constraints(s) for s in others}, fixed)
    if plan is not None:
        gen = generator(seed)
        memo = RobotMemo()
        checks = {1: budget, 2: budget * CALLS_FACTOR}
        readings = [(s, reading) for s in others for reading in ledger.calls.get(s, ())]
        rejected = [0] * len(readings)
        while drawn < budget * LOOSE_FACTOR and not _enough(found, checks, target) and reach < 4:
            drawn += _CHUNK
            # the call that rejected most candidates so far is asked first (the verdict is the same)
            order = sorted(range(len(readings)), key=lambda i: -rejected[i])
            for row in plan.candidates(gen, _CHUNK, shuffle=True):
                layout = _meets_ledger(readings, row, order, rejected)
                if layout is not None:
                    _sort_in(known, layout, memo, found, checks, target, goal)
                if len(found[1]) >= target:
                    break
            if goal > target:
                reach = max(reach, _foretell(found, checks, drawn, budget, goal))
    counts = {k: len(v) for k, v in found.items()}
    for level in (1, 2, 3):
        if level >= reach and len(found[level]) >= target:
            return Sample(tuple(found[level][:target]), level, drawn, counts)
    seen = _seen_only(known, seed, goal, drawn, counts)  # the whole sample's first layouts, at this level
    return replace(seen, layouts=seen.layouts[:target])


def _meets_ledger(readings: Sequence[tuple[Seat, CallReading]], row: Cards, order: Sequence[int],
                  rejected: list[int]) -> Deal | None:
    """The candidate ``row`` as a layout if every call's reading holds on its caller's hand
    (:meth:`Ledger.holds` for every seat), asked in ``order``; else ``None``, the reading that said
    no counted. A hand is built only when a reading asks for it (most candidates fail at once)."""
    hands: dict[Seat, Hand] = {}
    for i in order:
        seat, reading = readings[i]
        if seat not in hands:
            hands[seat] = hand_of(row, SEATS.index(seat))
        if not reading.holds(hands[seat]):
            rejected[i] += 1
            return None
    return Deal({seat: hands[seat] if seat in hands else hand_of(row, n) for n, seat in enumerate(SEATS)})


def _enough(found: Mapping[int, list[Deal]], checks: Mapping[int, int], target: int) -> bool:
    """Whether drawing more can change the level: the strictest level still open is full."""
    for level in (1, 2):
        if len(found[level]) >= target:
            return True
        if checks[level] > 0:
            return False
    return len(found[3]) >= target


def _sort_in(known: Knowledge, layout: Deal, memo: RobotMemo, found: dict[int, list[Deal]],
             checks: dict[int, int], target: int, goal: int) -> None:
    """File a layout that meets the ledger under every level it meets (the checks counted down;
    the cards' given up by the rate needed for ``goal`` layouts)."""
    found[3].append(layout)
    cards = checks[1] > 0 and len(found[1]) < target
    if not cards and (checks[2] <= 0 or len(found[2]) >= target):
        return
    checks[2] -= 1
    if not robots_agree(known, layout, memo, plays=False):
        return
    found[2].append(layout)
    if cards:
        checks[1] -= 1
        if robots_agree(known, layout, memo):
            found[1].append(layout)
        _give_up_early(found, checks, goal)


def _give_up_early(found: Mapping[int, list[Deal]], checks: dict[int, int], target: int) -> None:
    """Stop re-playing the robots' cards once the rate found so far cannot reach ``target`` in the budget.

    Decided on counts only (after ``EARLY_LOOK`` checks), so the sample stays a function of the seed.
    """
    done = len(found[2])  # while cards are checked, every layout of level 2 had its cards checked
    if done >= EARLY_LOOK and len(found[1]) * (done + checks[1]) < target * done:
        checks[1] = 0


def _foretell(found: Mapping[int, list[Deal]], checks: dict[int, int], drawn: int, budget: int, goal: int) -> int:
    """The strictest level a sample of ``goal`` layouts can still reach at the rates found so far.

    The level the whole sample will meet, read from its first candidates (the same ones, drawn
    with the same seed): the ledger's rate over the ``LOOSE_FACTOR * budget`` candidates it may draw
    (judged after ``budget`` drawn), the robots' calls' rate over the checks left and the ledger's
    layouts to come (after ``EARLY_LOOK`` checks). The robots' checks of the levels out of reach
    stop (level 1's layouts are among level 2's: out of reach with it). Counts only, so the
    sample stays a function of the seed.
    """
    coming = (len(found[3]) / drawn) * (budget * LOOSE_FACTOR - drawn)  # ledger layouts still to be found
    if drawn >= budget and len(found[3]) + coming < goal:
        checks[1] = checks[2] = 0
        return 4
    made = budget * CALLS_FACTOR - checks[2]  # the robots' calls checked so far
    if made >= EARLY_LOOK and len(found[2]) * (1 + min(checks[2], coming) / made) < goal:
        checks[1] = checks[2] = 0
        return 3
    return 1


def _seen_only(known: Knowledge, seed: int, target: int, drawn: int, found: Mapping[int, int]) -> Sample:
    others = [s for s in Seat if s is not known.seat]
    plan = _plan({s: _shown_out(known, s) for s in others}, known.fixed())
    if plan is None:
        raise TutorError("no layout of the unseen cards agrees with the cards seen")
    gen = generator(seed + 1)
    layouts: list[Deal] = []
    while len(layouts) < target:  # a suit shown out by two seats may reject a few candidates
        layouts += [to_deal(r) for r in plan.candidates(gen, target, shuffle=True)]
        drawn += target
    return Sample(tuple(layouts[:target]), 4, drawn, found)


def _plan(constraints: Mapping[Seat, Sequence[CardCount]], fixed: Mapping[Seat, list[Card]]) -> DealPlan | None:
    try:
        return plan_deals(constraints, fixed)
    except DealGenerationError:
        return None


def _shown_out(known: Knowledge, seat: Seat) -> tuple[CardCount, ...]:
    out = []
    for trick in known.seen:
        led = trick.led_suit
        for who, card in trick.plays:
            if who is seat and led is not None and card.suit is not led:
                played = sum(1 for s, c in known.plays() if s is seat and c.suit is led)
                out.append(CardCount(suit_cards(led), 0, played))
    return tuple(dict.fromkeys(out))


@dataclass
class RobotMemo:
    """What the robots' checks of many layouts of one position share (each part filled on first use)."""

    book: Book | None = None
    auction: Auction | None = None  # the table's auction, replayed once for the play checks
    #: how often each seat's robot disagreed, per ("calls" | "plays", seat)
    rejected: dict[tuple[str, Seat], int] = field(default_factory=dict)
    #: each verdict per ("calls" | "plays", seat, the seat's layout cards)
    verdicts: dict[tuple[str, Seat, frozenset[Card]], bool] = field(default_factory=dict)
    #: the public position and the rules open in it (``None`` until it is asked again), per the calls
    #: before (as strings)
    publics: dict[tuple[str, ...], tuple[BidPosition, tuple[Rule, ...] | None]] = field(default_factory=dict)


def robots_agree(known: Knowledge, layout: Deal, memo: RobotMemo | None = None, *,
                 plays: bool = True) -> bool:
    """Whether every other seat's robot, holding its layout hand, makes exactly the calls and cards made.

    A robot reads only its own hand and what is public, so the verdict of each seat is
    kept in ``memo`` per (seat, hand). The calls are evaluated as
    :func:`tutor.lessons.robots.robot_call` does (``tutor advise`` on the seat's view is
    the book's bidding rules on its position), without the round trip through JSON; the
    cards through :func:`tutor.lessons.robots.robot_card` itself.
    """
    memo = RobotMemo() if memo is None else memo
    # the seat whose robot disagreed most often so far is asked first (the verdict is the same)
    rejected = memo.rejected
    others = [s for s in Seat if s is not known.seat]
    for what, check in (("calls", _calls_agree), ("plays", _plays_agree)):
        if what == "plays" and (known.contract is None or not plays):
            break
        for seat in sorted(others, key=lambda s: -rejected.get((what, s), 0)):
            key = (what, seat, layout[seat].cards)
            if key not in memo.verdicts:
                memo.verdicts[key] = check(known, seat, layout, memo)
            if not memo.verdicts[key]:
                rejected[what, seat] = rejected.get((what, seat), 0) + 1
                return False
    return True


def book_call(known: Knowledge, seat: Seat, before: Sequence[Call], hand: Hand, memo: RobotMemo,
              key: tuple[str, ...] | None = None, auction: Auction | None = None) -> Call | None:
    """The call of ``seat`` holding ``hand`` after ``before``: the robot's call
    (:func:`tutor.lessons.robots.call_in`, the one function every robot call goes through).

    The public part of each position, and the rules that can apply in it, are kept in
    ``memo``: the same auctions are asked of many layouts. The rules open are worked out when a
    position is asked a second time: the auctions after a call part ways from layout to layout, and
    about two in three of their positions are asked once, for which finding the open rules cost more
    than it saved (issue 28: a fifth fewer Python calls in a call's pricing). The robots' bidding view
    carries no variants (tutor advise reads the book's rules for a bid). A caller that keeps them passes
    ``key``, the calls before as strings (the memo's key), and their ``auction``: neither is
    built again (issue 28: a call's analysis asks some fifteen calls an auction).
    """
    from tutor.lessons.robots import call_in, the_book

    book = memo.book
    if book is None:
        book = memo.book = the_book()
    key = tuple(str(c) for c in before) if key is None else key
    kept = memo.publics.get(key)
    if kept is None:  # first asked: advised on the whole book
        public, open_to = public_position(seat, known.dealer, before, known.score, auction=auction), None
        memo.publics[key] = public, open_to
    else:
        public, open_to = kept
        if open_to is None:  # asked again: on the rules its public part leaves open, from now on
            open_to = open_rules(book.bidding, public)
            memo.publics[key] = public, open_to
    move = call_in(with_hand(public, hand), book, open_to).move
    return move if not isinstance(move, Card) else None


def _calls_agree(known: Knowledge, seat: Seat, layout: Deal, memo: RobotMemo) -> bool:
    caller = known.dealer
    for n, call in enumerate(known.calls):
        if caller is seat:
            answer = book_call(known, seat, known.calls[:n], layout[seat], memo)
            if answer is None or str(answer) != str(call):
                return False
        caller = caller.lho
    return True


def _plays_agree(known: Knowledge, seat: Seat, layout: Deal, memo: RobotMemo) -> bool:
    from tutor.lessons.robots import robot_card

    contract = known.contract  # the position's own: the auction may not give it (a position without one)
    assert contract is not None
    if memo.auction is None:
        memo.auction = Auction(known.dealer, known.rules)
        for call in known.calls:
            memo.auction.call(call)
    play = TrickPlay(layout, contract.trump, opening_leader(contract))
    for who, card in known.plays():
        if who is seat and robot_card(play, memo.auction, known.score, known.rules, contract).action != str(card):
            return False
        play.play(card, who)
    return True


__all__ = ["DEFAULT_BUDGET", "DEFAULT_LAYOUTS", "LEVELS", "Knowledge", "Sample", "book_call", "knowledge_from_view",
           "RobotMemo", "ledger_of", "robots_agree", "sample_layouts"]
