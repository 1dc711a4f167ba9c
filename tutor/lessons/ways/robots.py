"""The robots of the two- and three-handed ways: each decides on what its player may see.

Bidding and the play of a four-card trick go to the four-handed robot (:func:`~tutor.lessons.robots.call_in`,
:func:`~tutor.lessons.robots.decide`) on one seat's view, exactly as at the four-handed table - what
:func:`~tutor.lessons.robots.advise_view` answers for that view's JSON:

* **the auction**: the robot sees its own hand and the calls, laid out as a four-handed
  auction in which the places that do not bid (the dummies) pass. A call the way forbids
  (below "three" in the buy-in way, or a bid the four-handed book would make after the
  way's auction closed) becomes a pass — the tutor's default;
* **the play**: a robot playing a dummy reads that seat's view — the dummy's cards and
  the cards played. The rules of the ways let its owner see more (his own hand as well,
  RO l.445); the robots use less than they may, never more. The contract stands in for the
  auction in the play view (the ways' auctions are not four-handed);
* **two-handed tricks** (the ways without dummies): the book's play conventions are for
  four hands, so the robot plays the tutor's stated default card
  (:func:`~tutor.lessons.robots.default_card`);
* **three players, the first way** (RO l.527): the partner on the left of the open dummy
  leads its weak suit, the one on the right its strong suits.

The buying decisions have no book advice; each is a stated default named in its rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tutor.engine.auction import Auction
from tutor.engine.calls import Bid, Contract, Strain, parse_call
from tutor.engine.cards import Hand, Rank, Seat, Suit
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonObject
from tutor.engine.nouns import count_of
from tutor.engine.record.view import SeatView
from tutor.engine.tricks import TrickPlay
from tutor.engine.ways.duel import DuelPlay
from tutor.engine.ways.game import WayGame
from tutor.engine.ways.setup import WaySetup
from tutor.lessons.robots import call_in, decide, default_card, view_of

POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
#: an average hand holds 10 of the pack's 40 high-card points
EXCHANGE_BELOW = 10
#: the one-card way: at most this many cards bought (the pile is bought blind)
MAX_SWAPS = 6
#: the cards of a four-handed hand (law 16): the only hands the four-handed book reads
HAND_SIZE = 13
#: the buy-in way: bid "three" with this many high-card points for each hand the player sees
#: (an average twelve-card hand holds about nine)
BUY_IN_POINTS = 11


@dataclass(frozen=True)
class WayDecision:
    player: str
    seat: Seat
    action: str
    rule: str
    laws: tuple[str, ...]
    explanation: str
    default: bool = True
    #: a card's every card the book allows alike ("a small card"), the action among them; empty for the rest
    accepted: tuple[str, ...] = ()
    #: the decision's kind as the four-handed table names it ("bid", "lead", "second-hand", …); "" for the way's own
    kind: str = ""

    def allows(self, action: str) -> bool:
        """Whether ``action`` is this decision's, or a card the book allows alike."""
        return action == self.action or action in self.accepted

    def to_json(self) -> JsonObject:
        return {"player": self.player, "seat": self.seat.value, "action": self.action, "rule": self.rule,
                "laws": list(self.laws), "explanation": self.explanation, "default": self.default}


def points(hand: Hand) -> int:
    return sum(POINTS.get(c.rank, 0) for c in hand)


def robot_action(game: WayGame) -> WayDecision:
    """The robot's action for the player in turn."""
    turn = game.to_act
    if turn is None:
        raise TutorError("the deal is over: nothing to decide")
    player, seat = turn
    phase = game.phase
    if phase == "exchange":
        return _exchange(game, player, seat)
    if phase == "auction":
        return _bid(game, player, seat)
    if phase == "buy":
        return WayDecision(player, seat, "hand", "default-buy-into-hand", (game.way.law,),
                           "The tutor's default: buy into your own hand (you say where before turning it up).")
    if phase == "give":
        return _give(game, player, seat)
    if phase == "final":
        return WayDecision(player, seat, "P", "default-keep-contract", (game.way.law,),
                           "The tutor's default: keep the contract after the buy-in.")
    return _card(game, player, seat)


def _exchange(game: WayGame, player: str, seat: Seat) -> WayDecision:
    hand = game.hand(seat)
    law = (game.way.law,)
    if game.way.exchange == "pile":
        swap = points(hand) < EXCHANGE_BELOW
        return WayDecision(player, seat, "exchange" if swap else "keep", "default-exchange", law,
                           f"The tutor's default: the hand holds {points(hand)} high-card points; below "
                           f"{EXCHANGE_BELOW} (an average hand) exchange it for the unseen pile.")
    bought = sum(1 for p, a in game.steps if p == player and a.startswith("swap"))
    small = [c for c in hand if c.rank < Rank.TEN]
    if bought >= MAX_SWAPS or not small:
        return WayDecision(player, seat, "stop", "default-stop-buying", law,
                           f"The tutor's default: stop after {MAX_SWAPS} cards or when no card is below a ten.")
    card = min(small, key=lambda c: (hand.length(c.suit), c.rank))
    return WayDecision(player, seat, f"swap {card}", "default-throw-worst", law,
                       "The tutor's default: throw out the lowest small card of the shortest suit.")


def four_seat_calls(game: WayGame, seat: Seat) -> tuple[Seat, list[str]]:
    """The way's calls as a four-handed auction from the first speaker, non-bidders passing,
    up to ``seat``'s turn."""
    records = list(game.auction.records)
    first = records[0].seat if records else seat
    calls: list[str] = []
    at = first
    while records or at is not seat:
        if records and records[0].seat is at:
            calls.append(str(records.pop(0).call))
        else:
            calls.append("P")
        at = at.next()
    return first, calls


def counted_hands(game: WayGame, player: str) -> tuple[Seat, ...]:
    """The hands a bidder counts: his own, his dummy when he may look at it (RO l.445, l.523), and the
    open dummy he is bidding for — the dealer's in the traded ways (RO l.491), the three-handed
    auction's (RO l.533)."""
    own, seen = game.seat_of(player), game.visible(player)
    dummy = game.dummy_of(player)
    if game.auction.contract is None and game.way.traded:
        dummy = game.seat_of(game.setup.dealer).partner
    elif game.auction.contract is None and game.way.name == "auction":
        dummy = Seat.N
    return (own,) + ((dummy,) if dummy is not None and dummy in seen and dummy is not own else ())


def _book_call(game: WayGame, seat: Seat, hand_seat: Seat) -> dict[str, Any]:
    """The four-handed book's call for ``hand_seat``'s cards at ``seat``'s turn (an auction it cannot
    read: pass, the tutor's default)."""
    dealer, calls = four_seat_calls(game, seat)
    hand = game.hand(hand_seat)
    try:
        if len(hand) != HAND_SIZE:  # what tutor advise refuses (law 16): the four-handed book reads 13 cards
            raise TutorError(f"a hand of {len(hand)} cards")
        # the view itself, not its JSON read back (tutor advise's path): the same call, for every call of
        # every robot's auction
        view = SeatView(seat, hand, dealer, tuple(parse_call(c) for c in calls))
        return call_in(view.bid_position()).answer_json()
    except TutorError:  # e.g. the three-player way's auction runs on past the four-handed book's end
        return {"call": "P", "rule": "default-pass", "laws": [game.way.law], "default": True,
                "explanation": "The four-handed conventions do not read this auction; the tutor's default: pass."}


def _bid(game: WayGame, player: str, seat: Seat) -> WayDecision:
    legal = set(game.legal_actions())
    if game.way.buy_in:
        return _buy_in_bid(game, player, seat, legal)
    hands = counted_hands(game, player)
    answers = [(h, _book_call(game, seat, h)) for h in hands]
    open_calls = [(h, a) for h, a in answers if str(a.get("call") or "P") in legal]
    bids = [(h, a) for h, a in open_calls if str(a.get("call")) != "P"]
    if not open_calls:
        call = str(answers[0][1].get("call") or "P")
        return WayDecision(player, seat, "P", "default-pass", (game.way.law, "law-35"),
                           f"The book's four-handed choice, {call}, is not open in this way: pass.")
    hand_seat, answer = max(bids, key=lambda b: Bid.parse(str(b[1]["call"]))) if bids else open_calls[0]
    call = str(answer.get("call") or "P")
    explanation = str(answer.get("explanation", ""))
    default = bool(answer.get("default", False))
    if len(hands) > 1:
        whose = "your own hand" if hand_seat is seat else "the dummy you see"
        explanation = (f"The tutor's default with a dummy in view: the book's call for each hand you see, the "
                       f"higher taken — here {whose}'s. {explanation}")
        default = True
    return WayDecision(player, seat, call, str(answer.get("rule") or ""), tuple(answer.get("laws") or ()),
                       explanation, default, kind="bid")


def _buy_in_bid(game: WayGame, player: str, seat: Seat, legal: set[str]) -> WayDecision:
    """No book advice for the buy-in way's auction: a stated default on the cards the player sees."""
    seen = [game.hand(s) for s in counted_hands(game, player)]
    total = sum(points(h) for h in seen)
    lengths = {suit: sum(h.length(suit) for h in seen) for suit in Suit}
    suit = max(Suit, key=lambda s: (lengths[s], -list(Suit).index(s)))
    bid = next((b for b in (Bid(3, Strain.of_suit(suit)), Bid(4, Strain.of_suit(suit))) if str(b) in legal), None)
    if total >= BUY_IN_POINTS * len(seen) and bid is not None:
        return WayDecision(player, seat, str(bid), "default-buy-in-three", (game.way.law,),
                           f"The tutor's default: {total} high-card points in the {count_of(len(seen), 'hand')} you see, "
                           f"{BUY_IN_POINTS} or more each; nothing below "
                           f"three may be bid (RO l.511), so bid {bid.spoken} in your longest suit.")
    return WayDecision(player, seat, "P", "default-pass", (game.way.law,),
                       f"The tutor's default: {total} high-card points are too few to bid three: pass.")


def _give(game: WayGame, player: str, seat: Seat) -> WayDecision:
    buyer = game.buyer_hand
    assert buyer is not None
    hand = game.hand(buyer)
    contract = game.contract
    trump = contract.trump if contract else None
    plain = [c for c in hand if c.suit is not trump] or list(hand)
    card = min(plain, key=lambda c: (hand.length(c.suit), c.rank))
    targets = [a.split()[2] for a in game.legal_actions() if a.startswith(f"give {card} ")]
    opponents = [t for t in targets if game.owner(Seat.parse(t)) != player]
    to = (opponents or targets)[0]
    return WayDecision(player, seat, f"give {card} {to}", "default-give-worst", (game.way.law,),
                       "The tutor's default: give away the lowest card of the shortest plain suit, to the "
                       "opponents first (RO l.509: 'the most inconvenient cards go to the opponents').")


def _card(game: WayGame, player: str, seat: Seat) -> WayDecision:
    play, contract = game.play, game.play_contract
    assert play is not None and contract is not None
    if isinstance(play, DuelPlay) or play.first_leader is not contract.declarer.lho or not game.partners_opposite:
        # two-card tricks, a first lead the four-handed conventions do not know (the declarer's
        # own, or the non-declarer's from the declarer's right), or the traded dummies lying beside
        # the players (each side plays two cards running): the stated default card
        seen = list(play.played_cards())
        card, name, text = default_card(play.hand(seat), play.current_trick, contract, seat, seen)
        why = ("two-handed tricks" if isinstance(play, DuelPlay) else "this way's first lead"
               if game.partners_opposite else "partners sitting side by side")
        return WayDecision(player, seat, str(card), name, ("law-167", "law-147"),
                           f"The book's four-handed play conventions do not cover {why}; the tutor's "
                           f"default: {text}.")
    convention = _three_lead(game, player, seat, play)
    if convention is not None:
        return convention
    # the view itself, not its JSON read back (what tutor advise does with the same view): every card
    # of every robot's playout comes here
    answer = decide(view_of(seat, play.hand(seat), _declared(contract), None, play))
    return WayDecision(player, seat, answer.action, answer.rule, answer.laws, answer.explanation, answer.default,
                       answer.cards, answer.kind.value)


@lru_cache(maxsize=64)
def _declared(contract: Contract) -> Auction:
    """The contract standing in for the auction in the play view: bid by the declarer, everyone passing
    (the view only reads it)."""
    return Auction.from_calls(contract.declarer, [str(contract.bid)] + ["P"] * 8)


def suit_strength(hand: Hand, suit: Suit) -> tuple[int, int]:
    """The tutor's reading of a strong or weak suit: high-card points, then length."""
    return (points(Hand(hand.suit_cards(suit))), hand.length(suit))


def _three_lead(game: WayGame, player: str, seat: Seat, play: TrickPlay) -> WayDecision | None:
    """RO l.527: the partner on the left of the open cards leads the dummy's weak suit, the one on
    the right its strong suits."""
    if game.way.name != "dummy" or play.current_trick.plays or seat not in (Seat.W, Seat.E) \
            or Seat.N not in game.exposed():
        return None
    dummy = play.hand(Seat.N)
    held = [s for s in Suit if play.hand(seat).length(s) and dummy.length(s)]
    if not held:
        return None
    left = seat is Seat.N.lho  # E sits on the dummy's left
    suit = (min if left else max)(held, key=lambda s: suit_strength(dummy, s))
    cards = play.hand(seat).suit_cards(suit)
    card = max(cards, key=lambda c: c.rank) if not left else min(cards, key=lambda c: c.rank)
    where = "left" if left else "right"
    kind = "weak" if left else "strong"
    return WayDecision(player, seat, str(card), f"three-dummy-lead-{kind}", ("three-1",),
                       f"Seated on the {where} of the open dummy, lead into its {kind} suit "
                       f"({suit.english}) — the book's one convention for three players.", default=False,
                       kind="lead")


def robot_along(setup: WaySetup, steps: Sequence[tuple[str, str]],
                asked: Callable[[str], bool]) -> Iterator[tuple[int, str, WayDecision]]:
    """The robot's decision before each step whose player ``asked`` names, as ``(index, action taken,
    decision)``: the deal is walked once (a position replayed from the deal for every step made a
    review of the deal quadratic in its length)."""
    game = WayGame(setup)
    for index, (player, action) in enumerate(steps):
        decision = robot_action(game) if asked(player) else None
        game.act(player, action)
        if decision is not None:
            yield index, action, decision


def play_by_robots(game: WayGame, stop_for: str | None = None) -> list[WayDecision]:
    """Robots act until it is ``stop_for``'s turn or the deal is over."""
    done = []
    while (turn := game.to_act) is not None and turn[0] != stop_for:
        decision = robot_action(game)
        game.act(decision.player, decision.action)
        done.append(decision)
    return done


__all__ = ["WayDecision", "play_by_robots", "robot_action", "robot_along", "suit_strength"]
