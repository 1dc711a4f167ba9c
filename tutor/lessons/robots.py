"""The book robots: every seat bids and plays by the book's conventions, seeing only its own seat.

A robot's decision is exactly ``tutor advise`` on that seat's *view*
(:class:`~tutor.engine.record.view.SeatView`): its own hand, the dealer and the calls so far,
the contract and the cards played so far (whole tricks and the current one), and the score
below the line. The deal record (:class:`~tutor.engine.record.DealRecord`) gives that view,
and it is the only thing a decision ever reads — no other hand reaches the adviser, so a
robot cannot peek (``tests/test_robots.py`` re-deals the unseen cards and checks that no
decision changes).

**One robot** = :func:`the_book` + the stated defaults where the book is silent. Every robot
decision goes through :func:`decide` (a view) or its two halves :func:`call_in` and
:func:`card_in` (the position a view makes), which return a typed :class:`Decision`; the
table, drill generation, the play bank, the cost sampler and ``tutor advise``
(:func:`advise_view`, the JSON edge) all ask it. It answers every legal position: the
book's convention where one applies (bidding: ``content/conventions/bidding.yaml``, whose
last rule is the catch-all pass; play: ``content/conventions/play.yaml``), otherwise a
**stated default** — the tutor's reading, marked ``"default": true`` and explained
(docs/robots.md):

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
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.auction import Auction
from tutor.engine.bidding import BidPosition, ScoreState
from tutor.engine.book import Book
from tutor.engine.calls import Contract, Pass, parse_call
from tutor.engine.cards import Card, Deal, Hand, Rank, Seat, Side, Suit
from tutor.engine.conventions import Rule
from tutor.engine.conventions.kinds import VIEW_KINDS, DecisionKind
from tutor.engine.errors import TutorError
from tutor.engine.play import opening_leader
from tutor.engine.play.position import PlayPosition
from tutor.engine.record import DealRecord, Move, Phase, SeatView
from tutor.engine.record.view_json import bid_view, check_kind, play_view
from tutor.engine.rules import Rules
from tutor.engine.tricks import Trick, TrickPlay, trick_winner
from tutor.lessons.content.conventions import conventions_for
from tutor.lessons.play.rules import load_play_rules

#: The laws a default play rests on: cards are played in rotation and suit must be followed.
FOLLOW_LAWS = ("law-167", "law-147")
#: A lead opens the trick (law 167); the defender on the declarer's left leads first (laws 77-78).
LEAD_LAWS = ("law-167",)
#: A call with no convention: pass (law 30); never reached while the bidding file ends in its catch-all pass.
PASS_LAWS = ("law-30",)


@dataclass(frozen=True)
class Decision:
    """One robot's call or card, with the rule and laws it rests on.

    ``action`` is the move in notation (``"1S"``, ``"P"``, ``"SA"``), :attr:`move` the typed
    call or card; for a card, ``cards`` lists every card the book allows alike (a suit, "a small card").
    """

    seat: Seat
    action: str
    rule: str
    laws: tuple[str, ...]
    explanation: str
    default: bool = False
    kind: DecisionKind = DecisionKind.BID
    cards: tuple[str, ...] = ()
    title: str = ""
    unique: bool = True
    #: the other rules that applied (the why-nots)
    also: tuple[str, ...] = ()

    @property
    def move(self) -> Move:
        return parse_call(self.action) if self.kind is DecisionKind.BID else Card.parse(self.action)

    def to_json(self, what: str) -> dict[str, Any]:
        return {"seat": self.seat.value, what: self.action, "rule": self.rule, "laws": list(self.laws),
                "explanation": self.explanation, "default": self.default}

    def answer_json(self) -> dict[str, Any]:
        """The decision as ``tutor advise`` prints it."""
        if self.kind is DecisionKind.BID:
            return {"call": self.action, "rule": self.rule, "laws": list(self.laws),
                    "explanation": self.explanation, "unique": self.unique, "default": self.default}
        out: dict[str, Any] = {"kind": self.kind.value, "card": self.action, "cards": list(self.cards),
                               "rule": self.rule}
        if not self.default:
            out["title"] = self.title
        out.update(laws=list(self.laws), explanation=self.explanation, unique=self.unique)
        if not self.default:
            out["also"] = list(self.also)
        out["default"] = self.default
        return out


# -- the book, and the one robot -------------------------------------------------------------------


_BOOK: list[tuple[object, object, Book]] = []


def the_book() -> Book:
    """The book in force: the bidding and play conventions of ``content/conventions/`` (one
    :class:`~tutor.engine.book.Book` per loaded pair of files; a changed file gives a new book)."""
    bidding, play = conventions_for("bidding"), load_play_rules()
    if _BOOK and _BOOK[0][0] is bidding and _BOOK[0][1] is play:
        return _BOOK[0][2]
    book = Book(bidding.of_kind(DecisionKind.BID), play)
    _BOOK[:] = [(bidding, play, book)]
    return book


def decide(view: SeatView, book: Book | None = None) -> Decision:
    """The robot's decision on one seat's view: the book's call or card, or the stated default."""
    book = book or the_book()
    if view.kind is DecisionKind.BID:
        return call_in(view.bid_position(), book)
    return card_in(view.play_position(book.play), book)


def call_in(position: BidPosition, book: Book | None = None, among: Sequence[Rule] | None = None) -> Decision:
    """The robot's call in a bidding position (``among``: a narrower set of the book's rules that
    gives every hand the same advice, as the cost sampler keeps per public position)."""
    book = book or the_book()
    # the decision keeps no why-nots for a call: the rules below the deciding priority are not asked
    advice = (book if among is None else book.among(among)).call_in(position, deciding_only=True)
    if advice is None:  # pragma: no cover - the bidding file's last rule always passes
        return Decision(position.seat, str(Pass()), "default-pass", PASS_LAWS,
                        "No convention of the book covers this position; the tutor's default: pass.", True)
    return Decision(position.seat, str(advice.call), advice.rule.id, advice.laws, advice.explanation,
                    title=advice.rule.title, unique=advice.unique)


def card_in(position: PlayPosition, book: Book | None = None) -> Decision:
    """The robot's card in a play position: the book's, else the stated default."""
    advice = (book or the_book()).card_in(position)
    if advice is not None:
        return Decision(position.seat, str(advice.card), advice.rule.id, advice.laws, advice.explanation,
                        False, position.kind, tuple(str(c) for c in advice.cards), advice.rule.title,
                        advice.unique, tuple(r.id for r in advice.applicable if r.id != advice.rule.id))
    trick = position.current or Trick(position.seat, ())
    card, name, text = default_card(position.hand, trick, position.contract, position.seat,
                                    [c for t in position.tricks for c in t.cards()])
    laws = LEAD_LAWS if not trick.plays else FOLLOW_LAWS
    return Decision(position.seat, str(card), name, laws,
                    f"No convention of the book covers this position; the tutor's default: {text}.",
                    True, position.kind, (str(card),))


# -- the JSON edge: tutor advise ----------------------------------------------------------------------


def advise_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The book's answer (or the stated default) for one seat's view, as ``tutor advise`` prints it.

    ``view["kind"]`` is ``bid`` for the auction; ``lead``, ``card`` or ``discard`` for the play.
    """
    kind = view.get("kind")
    if kind == DecisionKind.BID:
        return call_in(bid_view(view).bid_position()).answer_json()
    if kind in VIEW_KINDS:
        seen = play_view(view)
        check_kind(seen, str(kind))
        return decide(seen).answer_json()
    raise TutorError(f"unknown position kind {kind!r}; a seat's view is 'bid', 'lead', 'card' or 'discard'")


def play_answer(position: PlayPosition, kind: str = "card") -> dict[str, Any]:
    """:func:`advise_view` on a play position already built from a seat's view."""
    if kind == "lead" and position.kind != "lead" or kind == "discard" and position.kind != "discard":
        raise TutorError(f"kind {kind!r} but the position is a {position.kind.value}")
    return card_in(position).answer_json()


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


def view_of(seat: Seat, hand: Hand, auction: Auction, score: ScoreState | None,
            play: TrickPlay | None = None, rules: Rules | None = None, contract: Contract | None = None) -> SeatView:
    """What ``seat`` sees: ``hand`` is its own current hand; ``play`` (when the play has begun)
    gives the cards seen so far — only their order and seats are read, never another hand.
    ``contract``: the position's own, when it names one without the auction (as ``tutor advise`` takes it)."""
    if play is None:
        return SeatView(seat, hand, auction.dealer, auction.calls, None, (), (), score, rules or Rules())
    contract = contract or auction.contract
    if contract is None:
        raise TutorError("the play position names no contract: give an auction with a bid, or contract and declarer")
    return SeatView(seat, hand, auction.dealer, auction.calls, contract,
                    tuple(c for t in play.tricks for c in t.cards()),
                    tuple(c for _, c in play.current_trick.plays), score, rules or Rules())


def seat_view(seat: Seat, hand: Hand, auction: Auction, score: ScoreState | None,
              play: TrickPlay | None = None, rules: Rules | None = None) -> dict[str, Any]:
    """Exactly what ``seat`` sees at the table, as a ``tutor advise`` position (:func:`view_of`'s JSON)."""
    return view_of(seat, hand, auction, score, play, rules).to_json()


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
    score: Mapping[str, object]
    #: the deal's record: every call and card in one log
    record: DealRecord | None = field(default=None, compare=False, repr=False)

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


def run(record: DealRecord, until: Phase | None = None) -> list[Decision]:
    """The robots make every move of ``record`` while its phase is ``until`` (all: ``None``)."""
    book = the_book()
    done: list[Decision] = []
    while record.to_act is not None and (until is None or record.phase is until):
        decision = decide(record.view(), book)
        record.push(decision.move, decision.seat)
        done.append(decision)
    return done


def bid_auction(deal: Deal, dealer: Seat, score: ScoreState | None = None,
                rules: Rules | None = None) -> tuple[Auction, tuple[Decision, ...]]:
    """The four robots bid ``deal`` from ``dealer`` until the auction ends."""
    record = DealRecord(deal, dealer, score=score, rules=rules)
    calls = run(record, Phase.AUCTION)
    return record.auction, tuple(calls)


def robot_call(deal: Deal, auction: Auction, score: ScoreState | None = None,
               rules: Rules | None = None) -> Decision:
    """The call of the seat in turn. The table holds every hand; the robot reads only its own."""
    seat = auction.to_call
    return decide(view_of(seat, deal[seat], auction, score, rules=rules))


def robot_card(play: TrickPlay, auction: Auction, score: ScoreState | None = None,
               rules: Rules | None = None, contract: Contract | None = None) -> Decision:
    """The card of the seat in turn in ``play`` (which holds every hand; the robot reads only its own)."""
    seat = play.to_play
    return decide(view_of(seat, play.hand(seat), auction, score, play, rules, contract))


def play_out(deal: Deal, auction: Auction, score: ScoreState | None = None, rules: Rules | None = None,
             play: TrickPlay | None = None, contract: Contract | None = None) -> tuple[TrickPlay, tuple[Decision, ...]]:
    """The robots play the contract out (from ``play``'s state when given; ``contract``: the position's
    own, when the auction does not give one)."""
    contract = contract or auction.contract
    if contract is None:
        raise TutorError("the auction has no contract: there is nothing to play")
    play = play or TrickPlay(deal, contract.trump, opening_leader(contract))
    decisions: list[Decision] = []
    while not play.is_complete:
        decision = robot_card(play, auction, score, rules, contract)
        play.play(Card.parse(decision.action), decision.seat)
        decisions.append(decision)
    return play, tuple(decisions)


def robot_deal(deal: Deal, dealer: Seat, score: ScoreState | None = None,
               rules: Rules | None = None) -> RobotDeal:
    """Bid and play ``deal`` with a robot at every seat, and score it as ``tutor score`` does."""
    from tutor.engine.scoring.score_io import score_request

    record = DealRecord(deal, dealer, score=score, rules=rules)
    calls = tuple(run(record, Phase.AUCTION))
    contract = record.contract
    request: dict[str, object] = {"deal": deal.to_pbn(), "dealer": dealer.value}
    if rules is not None:
        from tutor.engine.scoring.score_io import scoring_choices

        request["variants"] = scoring_choices(rules)
    if contract is None:
        return RobotDeal(deal, dealer, calls, None, (), {Side.NS: 0, Side.EW: 0},
                         score_request({**request, "contract": "pass"}), record)
    cards = tuple(run(record))
    tricks = record.tricks_won()
    request.update(contract=str(contract.bid), declarer=contract.declarer.value,
                   tricks=tricks[contract.declarer.side])
    return RobotDeal(deal, dealer, calls, contract, cards, tricks, score_request(request), record)
