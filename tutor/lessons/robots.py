"""The book robots: every seat bids and plays by the book's conventions, seeing only its own seat.

A robot's decision is exactly ``tutor advise`` on that seat's *view*: its own hand, the
dealer and the calls so far, the contract and the cards played so far (whole tricks and
the current one), and the score below the line. :func:`seat_view` builds that view from
the table, and it is the only thing a decision ever reads — no other hand reaches the
adviser, so a robot cannot peek (``tests/test_robots.py`` re-deals the unseen cards and
checks that no decision changes).

:func:`advise_view` is the one function behind both ``tutor advise`` and the robots. It
answers every legal position: the book's convention where one applies (bidding:
``content/conventions/bidding.yaml``, whose last rule is the catch-all pass; play:
``content/conventions/play.yaml``), otherwise a **stated default** — the tutor's
reading, marked ``"default": true`` and explained (docs/robots.md):

* a lead with no convention: cash a card that is sure to win the trick (the highest card
  of a suit still out, counting the cards seen), else the lowest card of the longest suit
  (a defender keeps his trumps: a plain suit when he has one);
* second hand: the lowest card ("second hand low");
* third and fourth hand: the lowest card when partner's card is winning the trick;
  otherwise the lowest card that takes the trick, and the lowest card when none can;
* unable to follow suit: ruff with the lowest trump that takes the trick when partner is
  not winning it; otherwise discard the lowest card of the longest plain suit.

Every decision carries the rule (or the default's name) and the laws it rests on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.auction import Auction
from tutor.engine.bidding import ScoreState
from tutor.engine.calls import Contract
from tutor.engine.cards import Card, Deal, Hand, Rank, Seat, Side, Suit
from tutor.engine.errors import TutorError
from tutor.engine.play import opening_leader
from tutor.engine.play.position import PlayPosition
from tutor.engine.rules import Rules
from tutor.engine.tricks import Trick, TrickPlay, trick_winner

#: The laws a default play rests on: cards are played in rotation and suit must be followed.
FOLLOW_LAWS = ("law-167", "law-147")
#: A lead opens the trick (law 167); the defender on the declarer's left leads first (laws 77-78).
LEAD_LAWS = ("law-167",)


@dataclass(frozen=True)
class Decision:
    """One robot's call or card, with the rule and laws it rests on."""

    seat: Seat
    action: str  # a call ("1S", "P") or a card ("SA")
    rule: str
    laws: tuple[str, ...]
    explanation: str
    default: bool = False

    def to_json(self, what: str) -> dict[str, Any]:
        return {"seat": self.seat.value, what: self.action, "rule": self.rule, "laws": list(self.laws),
                "explanation": self.explanation, "default": self.default}


# -- the one function: advise on a seat's view ---------------------------------------------------


def advise_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The book's answer (or the stated default) for one seat's view, as ``tutor advise`` prints it.

    ``view["kind"]`` is ``bid`` for the auction; ``lead``, ``card`` or ``discard`` for the play.
    """
    kind = view.get("kind")
    if kind == "bid":
        from tutor.lessons.bidding.drill import advise as advise_bid

        return {**advise_bid(view), "default": False}
    if kind in ("lead", "card", "discard", "second-hand", "third-hand", "fourth-hand"):
        return _advise_play(view)
    raise TutorError(f"unknown position kind {kind!r}; a seat's view is 'bid', 'lead', 'card' or 'discard'")


def _advise_play(view: Mapping[str, Any]) -> dict[str, Any]:
    from tutor.lessons.play.advice import position_from_json

    return play_answer(position_from_json(view), str(view.get("kind", "card")))


def play_answer(position: PlayPosition, kind: str = "card") -> dict[str, Any]:
    """:func:`advise_view` on a play position already built from a seat's view (the drill search
    builds each position once, to read both the robot's card and the rules that decide it)."""
    from tutor.lessons.play.advice import advise_on

    answer = dict(advise_on(position, kind))
    if answer.get("card") is not None:
        return {**answer, "default": False}
    trick = position.current or Trick(position.seat, ())
    card, name, text = default_card(position.hand, trick, position.contract, position.seat,
                                    [c for t in position.tricks for c in t.cards()])
    laws = LEAD_LAWS if not trick.plays else FOLLOW_LAWS
    return {**answer, "card": str(card), "cards": [str(card)], "rule": name, "laws": list(laws),
            "explanation": f"No convention of the book covers this position; the tutor's default: {text}.",
            "unique": True, "default": True}


# -- the stated defaults -------------------------------------------------------------------------


def default_card(hand: Hand, trick: Trick, contract: Contract, seat: Seat,
                 seen: Sequence[Card]) -> tuple[Card, str, str]:
    """The tutor's default card: ``(card, name, reason)``. Reads only the seat's own view."""
    trump = contract.trump
    if not trick.plays:
        return _default_lead(hand, trump, seat.side is contract.declarer.side, set(seen))
    led = trick.plays[0][1].suit
    following = hand.suit_cards(led)
    winner = trick_winner(trick.plays, trump)
    partner_wins = winner is seat.partner
    if following:
        if len(trick.plays) == 1:
            return _lowest(following), "default-second-hand-low", "second hand plays low"
        if partner_wins:
            return _lowest(following), "default-follow-low", "partner is winning the trick: play low"
        takers = [c for c in following if trick_winner((*trick.plays, (seat, c)), trump) is seat]
        if takers:
            return _lowest(takers), "default-win-cheaply", "take the trick with the lowest card that wins it"
        return _lowest(following), "default-follow-low", "no card takes the trick: play low"
    ruffs = [] if trump is None or partner_wins else [
        c for c in hand.suit_cards(trump) if trick_winner((*trick.plays, (seat, c)), trump) is seat]
    if ruffs:
        return _lowest(ruffs), "default-ruff", "partner is not winning the trick: ruff with the lowest trump that wins"
    return _discard(hand, trump), "default-discard", "discard the lowest card of the longest plain suit"


def _default_lead(hand: Hand, trump: Suit | None, declaring: bool, played: set[Card]) -> tuple[Card, str, str]:
    suits = [s for s in Suit if hand.length(s)]
    sure = [top for s in suits if (top := max(hand.suit_cards(s), key=_rank)) == _highest_left(s, played)
            and (s is not trump or declaring)]
    if sure:
        card = max(sure, key=lambda c: (hand.length(c.suit), _rank(c)))
        return card, "default-cash-winner", "cash a card sure to win the trick"
    plain = [s for s in suits if s is not trump]
    pool = plain if plain and not declaring else suits
    suit = max(pool, key=lambda s: (hand.length(s), -list(Suit).index(s)))
    return _lowest(hand.suit_cards(suit)), "default-lead-long-suit", "lead the lowest card of your longest suit"


def _highest_left(suit: Suit, played: set[Card]) -> Card | None:
    """The highest card of ``suit`` not played in an earlier trick (it wins a trick of that suit)."""
    for rank in sorted(Rank, reverse=True):
        card = Card(suit, rank)
        if card not in played:
            return card
    return None


def _discard(hand: Hand, trump: Suit | None) -> Card:
    plain = [s for s in Suit if hand.length(s) and s is not trump] or [s for s in Suit if hand.length(s)]
    suit = max(plain, key=lambda s: (hand.length(s), -list(Suit).index(s)))
    return _lowest(hand.suit_cards(suit))


def _rank(card: Card) -> int:
    return int(card.rank)


def _lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=_rank)


# -- a seat's view -------------------------------------------------------------------------------


def seat_view(seat: Seat, hand: Hand, auction: Auction, score: ScoreState | None,
              play: TrickPlay | None = None, rules: Rules | None = None) -> dict[str, Any]:
    """Exactly what ``seat`` sees at the table, as a ``tutor advise`` position.

    ``hand`` is the seat's own current hand; ``play`` (when the play has begun) gives the
    cards seen so far — only their order and seats are read, never another hand.
    """
    view: dict[str, Any] = {"seat": seat.value, "hand": hand.to_pbn(), "dealer": auction.dealer.value,
                            "auction": [str(r.call) for r in auction.records]}
    variants = _variant_choices(rules)
    if play is None:
        view["kind"] = "bid"
        if score is not None:
            view["score"] = score.to_json()
        if variants:  # a bidding variant (support-raise) and the auction's own (auction-end) shape the call
            view["variants"] = variants
        return view
    contract = auction.contract
    assert contract is not None  # the play only starts after a contract
    trick = play.current_trick
    view.update({
        "kind": "lead" if not trick.plays else "card",
        "contract": str(contract.bid), "declarer": contract.declarer.value,
        "played": [str(c) for t in play.tricks for c in t.cards()],
        "trick": [str(c) for _, c in trick.plays],
    })
    if score is not None:
        view["score"] = {s.value: score.below[s] for s in Side}
    if variants:
        view["variants"] = variants
    return view


def _variant_choices(rules: Rules | None) -> dict[str, str]:
    """The variants in force that differ from the book (play and scoring alike: both shape advice)."""
    if rules is None:
        return {}
    return {name: option for name, option in rules.variant_choices().items() if option != "book"}


# -- the four robots at the table ----------------------------------------------------------------


@dataclass(frozen=True)
class RobotDeal:
    """A deal bid and played out by the four robots."""

    deal: Deal
    dealer: Seat
    auction: tuple[Decision, ...]
    contract: Contract | None
    play: tuple[Decision, ...]
    tricks: Mapping[Side, int]
    score: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal.to_pbn(self.dealer), "dealer": self.dealer.value,
            "auction": [d.to_json("call") for d in self.auction],
            "contract": str(self.contract.bid) if self.contract else "pass",
            "declarer": self.contract.declarer.value if self.contract else None,
            "play": [d.to_json("card") for d in self.play],
            "tricks": {s.value: self.tricks[s] for s in Side},
            "score": dict(self.score),
        }


def bid_auction(deal: Deal, dealer: Seat, score: ScoreState | None = None,
                rules: Rules | None = None) -> tuple[Auction, tuple[Decision, ...]]:
    """The four robots bid ``deal`` from ``dealer`` until the auction ends."""
    from tutor.engine.calls import parse_call

    auction = Auction(dealer, rules)
    decisions: list[Decision] = []
    while not auction.is_complete:
        decision = robot_call(deal, auction, score, rules)
        auction.call(parse_call(decision.action))
        decisions.append(decision)
    return auction, tuple(decisions)


def robot_call(deal: Deal, auction: Auction, score: ScoreState | None = None,
               rules: Rules | None = None) -> Decision:
    """The call of the seat in turn. The table holds every hand; the robot reads only its own."""
    seat = auction.to_call
    answer = advise_view(seat_view(seat, deal[seat], auction, score, rules=rules))
    return _decision(seat, answer["call"], answer)


def robot_card(play: TrickPlay, auction: Auction, score: ScoreState | None = None,
               rules: Rules | None = None) -> Decision:
    """The card of the seat in turn in ``play`` (which holds every hand; the robot reads only its own)."""
    seat = play.to_play
    answer = advise_view(seat_view(seat, play.hand(seat), auction, score, play, rules))
    return _decision(seat, answer["card"], answer)


def play_out(deal: Deal, auction: Auction, score: ScoreState | None = None,
             rules: Rules | None = None, play: TrickPlay | None = None) -> tuple[TrickPlay, tuple[Decision, ...]]:
    """The robots play the contract out (from ``play``'s state when given)."""
    contract = auction.contract
    if contract is None:
        raise TutorError("the auction has no contract: there is nothing to play")
    play = play or TrickPlay(deal, contract.trump, opening_leader(contract))
    decisions: list[Decision] = []
    while not play.is_complete:
        decision = robot_card(play, auction, score, rules)
        play.play(Card.parse(decision.action), decision.seat)
        decisions.append(decision)
    return play, tuple(decisions)


def robot_deal(deal: Deal, dealer: Seat, score: ScoreState | None = None,
               rules: Rules | None = None) -> RobotDeal:
    """Bid and play ``deal`` with a robot at every seat, and score it as ``tutor score`` does."""
    from tutor.engine.scoring.score_io import score_request

    auction, calls = bid_auction(deal, dealer, score, rules)
    contract = auction.contract
    request: dict[str, Any] = {"deal": deal.to_pbn(), "dealer": dealer.value}
    if rules is not None:
        from tutor.engine.scoring.score_io import scoring_choices

        request["variants"] = scoring_choices(rules)
    if contract is None:
        return RobotDeal(deal, dealer, calls, None, (), {Side.NS: 0, Side.EW: 0},
                         score_request({**request, "contract": "pass"}))
    play, cards = play_out(deal, auction, score, rules)
    tricks = {s: play.tricks_won(s) for s in Side}
    request.update(contract=str(contract.bid), declarer=contract.declarer.value,
                   tricks=tricks[contract.declarer.side])
    return RobotDeal(deal, dealer, calls, contract, cards, tricks, score_request(request))


def _decision(seat: Seat, action: str, answer: Mapping[str, Any]) -> Decision:
    return Decision(seat, action, str(answer.get("rule") or ""), tuple(answer.get("laws") or ()),
                    str(answer.get("explanation", "")), bool(answer.get("default", False)))
