"""One deal of a two- or three-handed way: an append-only log of actions over a seeded deal.

:class:`WayGame` replays its log of ``(player, action)`` steps, so every position can be
shown, undone and stored. The phases, in order, each only where the way has it:

* ``exchange`` — two players without dummies (laws two-2, two-5): keep or exchange the
  hand for the pile on the right (``keep`` / ``exchange``); or one card at a time
  (``swap SA``: throw out the ace of spades, take the top card of the pile; ``stop``);
* ``auction`` — :class:`~tutor.engine.ways.bidding.WayAuction`;
* ``buy`` / ``give`` / ``final`` — the buy-in way (law two-4): the buyer says where he
  buys *before* the buy-in is turned up (``hand`` / ``dummy``), gives one card to each of
  the three other hands (``give SA N``), then makes the final bid (pass keeps the contract);
* ``play`` — 4-seat trick play (:class:`~tutor.engine.tricks.TrickPlay`) or two-handed
  (:class:`~tutor.engine.ways.duel.DuelPlay`).

Who sees what (:meth:`WayGame.visible`) follows the way's exposure rule; every refused
action names its law.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from tutor.engine.calls import Bid, Contract, Pass, parse_call
from tutor.engine.cards import SEATS, Card, Deal, Hand, Seat
from tutor.engine.errors import IllegalCallError, TutorError
from tutor.engine.tricks import TrickPlay
from tutor.engine.ways.bidding import WayAuction
from tutor.engine.ways.duel import DuelPlay
from tutor.engine.ways.setup import NAMES, WaySetup, deal_way

Phase = Literal["exchange", "auction", "buy", "give", "final", "play", "over"]
BUY_LAW = "two-4"


class WayGame:
    """One deal of the setup's way replayed from ``steps``."""

    def __init__(self, setup: WaySetup, steps: Sequence[tuple[str, str]] = ()) -> None:
        self.setup, self.way = setup, setup.way
        self._steps: list[tuple[str, str]] = []
        self._seat_of = self._seating()
        self._auction_seats = dict(self._seat_of)  # the seats the calls were made from (before any move)
        self._hands: dict[Seat, Hand] = {s: Hand(c) for s, c in setup.hands.items()}
        self._pile_left: dict[str, list[Card]] = {}
        self._exchanged: dict[str, bool] = {}
        self.auction = self._new_auction()
        self.buyer_hand: Seat | None = None
        self._given: dict[Seat, Card] = {}
        self._final: Contract | None = None
        self._final_done = False
        self._moved: Contract | None = None
        self._transferred = False
        self.play: TrickPlay | DuelPlay | None = None
        for player, action in steps:
            self.act(player, action)

    # -- seating ---------------------------------------------------------------------------

    def _seating(self) -> dict[str, Seat]:
        players = self.setup.players
        if self.way.players == 2:  # noqa: PLR2004
            return {players[0]: Seat.S, players[1]: Seat.W}
        first = self.setup.dummy_player or self.setup.dealer
        i = players.index(first)
        order = players[i:] + players[:i]
        return {order[0]: Seat.S, order[1]: Seat.W, order[2]: Seat.E}

    def seat_of(self, player: str) -> Seat:
        return self._seat_of[player]

    def bidder_at(self, seat: Seat) -> str:
        """The player who called from ``seat`` in the auction (the three-handed winner moves after it)."""
        return next(p for p, s in self._auction_seats.items() if s is seat)

    def owner(self, seat: Seat) -> str | None:
        """The player who plays ``seat``'s cards (a dummy's owner plays them); ``None`` for a pile."""
        for player, own in self._seat_of.items():
            if seat is own or (self.way.dummies and seat is self.dummy_of(player)):
                return player
        return None

    def dummy_of(self, player: str) -> Seat | None:
        """The dummy ``player`` plays (``None`` while the traded dummies are not yet his)."""
        own = self._seat_of[player]
        if self.way.dummies == 2:  # noqa: PLR2004 - two dummies
            if not self.way.traded or self._transferred:
                return own.partner
            # RO l.487-495: the declarer plays the dealer's dummy he bid on, the other the closed one
            contract = self.auction.contract
            if contract is None:
                return None
            dealer = self._seat_of[self.setup.dealer]
            declaring = self._by_seat(contract.declarer) == player
            return dealer.partner if declaring else self._other_player_seat(dealer).partner
        if self.way.dummies == 1 and own is Seat.S:
            return Seat.N
        return None

    def _other_player_seat(self, seat: Seat) -> Seat:
        return next(s for s in self._seat_of.values() if s is not seat)

    def dummy_seats(self) -> frozenset[Seat]:
        """The places dealt to dummies: N and E with two, N with one."""
        return frozenset({Seat.N, Seat.E} if self.way.dummies == 2 else {Seat.N} if self.way.dummies else ())  # noqa: PLR2004

    @property
    def partners_opposite(self) -> bool:
        """Whether the declarer's dummy lies opposite him (not so when the traded dummies lie beside)."""
        contract = self.play_contract
        if contract is None or self.way.dummies != 2:  # noqa: PLR2004
            return True
        return self.dummy_of(self._by_seat(contract.declarer)) is contract.declarer.partner

    def pile_of(self, player: str) -> Seat:
        """The pile lying on the player's right (laws two-2, two-5)."""
        return Seat.E if self._seat_of[player] is Seat.S else Seat.N

    def _new_auction(self) -> WayAuction:
        way = self.way
        if way.bidding == "partners-then-dummy-player":
            return WayAuction(way.bidding, (Seat.W, Seat.E), dummy_player=Seat.S, law=way.law)
        players = self.setup.players
        i = players.index(self.setup.dealer)
        order = tuple(self._seat_of[p] for p in players[i:] + players[:i])
        bidding = "single" if way.option("announcement") == "single" else way.bidding
        return WayAuction(bidding, order, min_level=way.min_level, law=way.law)

    # -- the state -------------------------------------------------------------------------

    @property
    def steps(self) -> tuple[tuple[str, str], ...]:
        return tuple(self._steps)

    @property
    def phase(self) -> Phase:
        if self.way.exchange != "none" and len(self._exchanged) < 2:  # noqa: PLR2004
            return "exchange"
        if not self.auction.is_complete:
            return "auction"
        if self.auction.is_passed_out:
            return "over"
        if self.way.buy_in:
            if self.buyer_hand is None:
                return "buy"
            if len(self._given) < 3:  # noqa: PLR2004 - one card to each other hand
                return "give"
            if not self._final_done:
                return "final"
        if self.play is None or self.play.is_complete:
            return "over"
        return "play"

    @property
    def contract(self) -> Contract | None:
        return self._final or self._moved or self.auction.contract

    @property
    def declarer(self) -> str | None:
        contract = self.contract
        return self.owner(contract.declarer) if contract else None

    @property
    def to_act(self) -> tuple[str, Seat] | None:
        """The player in turn and the seat he acts for (his own, or his dummy's in the play)."""
        phase = self.phase
        if phase == "exchange":
            player = self._exchange_turn()
            return player, self._seat_of[player]
        if phase == "auction":
            seat = self.auction.to_call
            assert seat is not None
            return self._by_seat(seat), seat
        if phase in ("buy", "give", "final"):
            declarer = self.declarer
            assert declarer is not None
            return declarer, self._seat_of[declarer]
        if phase == "play" and self.play is not None:
            seat = self.play.to_play
            owner = self.owner(seat)
            assert owner is not None
            return owner, seat
        return None

    def _by_seat(self, seat: Seat) -> str:
        return next(p for p, s in self._seat_of.items() if s is seat)

    def _exchange_turn(self) -> str:
        players = self.setup.players
        i = players.index(self.setup.dealer)
        return next(p for p in players[i:] + players[:i] if p not in self._exchanged)

    def hand(self, seat: Seat) -> Hand:
        if self.play is not None and (not isinstance(self.play, DuelPlay) or seat in self.play.seats):
            return self.play.hand(seat)
        return self._hands[seat]

    def exposed(self) -> frozenset[Seat]:
        """The dummies turned up for everyone, now (the way's exposure rule)."""
        way, phase = self.way, self.phase
        dummies = self.dummy_seats()
        after_auction = phase not in ("exchange", "auction")
        if way.exposure == "at-deal":
            return dummies
        if way.exposure == "dealer-at-deal":
            # the dealer's dummy is open from the deal (RO l.491); the closed one after the contract (l.493)
            return dummies if after_auction else frozenset({self._seat_of[self.setup.dealer].partner})
        if way.exposure == "after-opening-lead":
            return frozenset(dummies if self.play is not None and self.play.played_cards() else ())
        if way.exposure == "after-first-trick":
            return frozenset(dummies if self.play is not None and self.play.tricks else ())
        return frozenset()

    def visible(self, player: str) -> dict[Seat, Hand]:
        """The hands ``player`` may look at now: his own, his dummy where the way lets him, the exposed."""
        own = self._seat_of[player]
        seats = {own} | set(self.exposed())
        dummy = self.dummy_of(player)  # his own dummy (RO l.445, l.523); a traded one once it is his
        if dummy is not None:
            seats.add(dummy)
        if self.phase == "give" and self.buyer_hand is not None and self.owner(self.buyer_hand) == player:
            seats.add(self.buyer_hand)
        return {s: self.hand(s) for s in SEATS if s in seats}

    # -- legal actions ---------------------------------------------------------------------

    def legal_actions(self) -> tuple[str, ...]:
        phase = self.phase
        if phase == "exchange":
            if self.way.exchange == "pile":
                return ("keep", "exchange")
            player = self._exchange_turn()
            return ("stop", *(f"swap {c}" for c in sorted(self._hands[self._seat_of[player]], reverse=True)))
        if phase == "auction":
            return tuple(str(c) for c in self.auction.legal_calls())
        if phase == "buy":
            return ("hand", "dummy")
        if phase == "give":
            assert self.buyer_hand is not None
            targets = [s for s in SEATS if s is not self.buyer_hand and s not in self._given]
            return tuple(f"give {c} {s.value}" for c in sorted(self._hands[self.buyer_hand], reverse=True)
                         for s in targets)
        if phase == "final":
            contract = self.contract
            assert contract is not None
            return ("P", *(str(b) for b in self._higher(contract.bid)))
        if phase == "play" and self.play is not None:
            return tuple(str(c) for c in sorted(self.play.legal_cards(), reverse=True))
        return ()

    @staticmethod
    def _higher(bid: Bid) -> tuple[Bid, ...]:
        from tutor.engine.calls import all_bids

        return tuple(b for b in all_bids() if b > bid)

    # -- acting ----------------------------------------------------------------------------

    def act(self, player: str, text: str) -> str:
        """``player``'s action; refused, naming the law, when it is not his turn or not legal."""
        turn = self.to_act
        if turn is None:
            raise TutorError("the deal is over: no more actions")
        if player != turn[0]:
            raise IllegalCallError(f"it is {turn[0]}'s turn, not {player}'s: strict turn", law="law-28")
        action = " ".join(text.strip().split())[:16]
        done = self._do(player, turn[1], action)
        self._steps.append((player, done))
        return done

    def _do(self, player: str, seat: Seat, action: str) -> str:
        phase = self.phase
        if phase == "exchange":
            return self._exchange(player, action)
        if phase == "auction":
            call = parse_call(action)
            self.auction.call(call, seat)
            if self.auction.is_complete and not self.auction.is_passed_out:
                self._after_auction()
            return str(call)
        if phase == "buy":
            return self._buy(player, action.lower())
        if phase == "give":
            return self._give(action)
        if phase == "final":
            return self._final_bid(action)
        assert self.play is not None
        card = Card.parse(action)
        self.play.verify_play(card, seat)
        self.play.play(card, seat)
        return str(card)

    def _exchange(self, player: str, action: str) -> str:
        own = self._seat_of[player]
        pile = self.pile_of(player)
        word = action.lower()
        if self.way.exchange == "pile":
            if word not in ("keep", "exchange"):
                raise IllegalCallError(f"{action!r}: keep your cards or exchange them for the pile on your "
                                       "right", law="two-2")
            if word == "exchange":
                self._hands[own] = self._hands[pile]
                self._hands[pile] = Hand()
            self._exchanged[player] = True
            return word
        return self._swap(player, own, pile, word)

    def _swap(self, player: str, own: Seat, pile: Seat, word: str) -> str:
        left = self._pile_left.setdefault(player, list(self.setup.hands[pile]))
        if word == "stop":
            self._exchanged[player] = True
            return "stop"
        if not word.startswith("swap "):
            raise IllegalCallError(f"{word!r}: 'swap CARD' (throw out a card, take the top of the pile) or "
                                   "'stop'", law="two-5")
        card = Card.parse(word[5:])
        if card not in self._hands[own]:
            raise IllegalCallError(f"{card.pretty}: you do not hold it; throw out one of your own cards", law="two-5")
        top = left.pop(0)
        self._hands[own] = Hand((self._hands[own].cards - {card}) | {top})
        self._hands[pile] = Hand(self._hands[pile].cards - {top})
        if not left:  # the pile is bought out: the buying ends
            self._exchanged[player] = True
        return f"swap {card}"

    def _after_auction(self) -> None:
        """The traded dummies change places under the transfer (RO l.495); the three-handed
        auction's winner moves opposite the open dummy (law three-2)."""
        contract = self.auction.contract
        assert contract is not None
        if self.way.traded and self.way.option("dummy-transfer") == "transfer" \
                and self._by_seat(contract.declarer) != self.setup.dealer:
            self._hands[Seat.N], self._hands[Seat.E] = self._hands[Seat.E], self._hands[Seat.N]
            self._transferred = True
        if self.way.name != "auction" or contract.declarer is Seat.S:
            if not self.way.buy_in:
                self._start_play()
            return
        declarer = self._by_seat(contract.declarer)
        players = self.setup.players
        i = players.index(declarer)
        order = players[i:] + players[:i]
        old = dict(self._seat_of)
        self._seat_of = {order[0]: Seat.S, order[1]: Seat.W, order[2]: Seat.E}
        hands = dict(self._hands)
        for name, seat in self._seat_of.items():
            self._hands[seat] = hands[old[name]]
        self._moved = Contract(contract.bid, Seat.S)
        self._start_play()

    @property
    def play_contract(self) -> Contract | None:
        """The contract with the declarer's seat in the play (after the three-handed move)."""
        return self.contract

    def _buy(self, player: str, where: str) -> str:
        if where not in ("hand", "dummy"):
            raise IllegalCallError(f"{where!r}: say where you buy before the buy-in is turned up — 'hand' or "
                                   "'dummy'", law=BUY_LAW)
        own, dummy = self._seat_of[player], self.dummy_of(player)
        self.buyer_hand = own if where == "hand" or dummy is None else dummy
        self._hands[self.buyer_hand] = Hand(self._hands[self.buyer_hand].cards | set(self.setup.buy_in))
        return where

    def _give(self, action: str) -> str:
        assert self.buyer_hand is not None
        parts = action.replace(">", " ").split()
        if len(parts) == 3 and parts[0].lower() == "give":  # noqa: PLR2004 - give CARD SEAT
            parts = parts[1:]
        if len(parts) != 2:  # noqa: PLR2004 - CARD SEAT
            raise IllegalCallError(f"{action!r}: 'give CARD SEAT', one card to each other hand", law=BUY_LAW)
        card, to = Card.parse(parts[0]), Seat.parse(parts[1])
        if card not in self._hands[self.buyer_hand]:
            raise IllegalCallError(f"{card.pretty} is not in the hand that took the buy-in", law=BUY_LAW)
        if to is self.buyer_hand or to in self._given:
            raise IllegalCallError(f"{to.value}: each of the three other hands receives one card", law=BUY_LAW)
        self._hands[self.buyer_hand] = self._hands[self.buyer_hand].without(card)
        self._hands[to] = Hand(self._hands[to].cards | {card})
        self._given[to] = card
        return f"give {card} {to.value}"

    def _final_bid(self, action: str) -> str:
        contract = self.contract
        assert contract is not None
        call = parse_call(action)
        if isinstance(call, Bid):
            if not call > contract.bid:
                raise IllegalCallError(f"{call.pretty}: the final bid may keep the contract (pass) or raise it "
                                       f"above {contract.bid.pretty}", law=BUY_LAW)
            self._final = Contract(call, contract.declarer)
        self._final_done = True
        self._start_play()
        return str(call) if isinstance(call, Bid) else str(Pass())

    def _start_play(self) -> None:
        contract = self.play_contract
        assert contract is not None
        leader = self._leader(contract)
        if self.way.two_handed_play:
            players = self.setup.players
            hands = {self._seat_of[p]: self._hands[self._seat_of[p]] for p in players}
            self.play = DuelPlay(hands, contract.trump, leader)
        else:
            self.play = TrickPlay(Deal(self._hands), contract.trump, leader)

    def _leader(self, contract: Contract) -> Seat:
        if self.way.first_lead == "declarer":
            return contract.declarer
        if self.way.first_lead == "non-declarer":
            declarer = self.owner(contract.declarer)
            return next(s for p, s in self._seat_of.items() if p != declarer)
        return contract.declarer.lho

    # -- the result ------------------------------------------------------------------------

    def tricks_of(self, player: str) -> int:
        """Tricks taken by ``player``'s hand and his dummy's (the three-handed partners' together)."""
        if self.play is None:
            return 0
        if isinstance(self.play, DuelPlay):
            return self.play.tricks_won(self._seat_of[player])
        return sum(1 for w in self.play.winners() if w in self.side_seats(player))

    def side_seats(self, player: str) -> frozenset[Seat]:
        """The places ``player``'s side plays: his own and his dummy's; the three-handed partners both."""
        own = self._seat_of[player]
        if self.way.players == 3 and own in (Seat.W, Seat.E):  # noqa: PLR2004
            return frozenset({Seat.W, Seat.E})
        dummy = self.dummy_of(player)
        return frozenset({own} | ({dummy} if dummy is not None else set()))

    def final_hands(self) -> dict[Seat, Hand]:
        """The hands as the play began (after any exchange and buy-in)."""
        return dict(self._hands)

    def scored_hands(self) -> dict[Seat, Hand]:
        """The hands as the four-handed scoring reads them: each side at opposite places. When the
        traded dummies lie beside the players, the two dummies' hands change places for the sheet."""
        hands = self.final_hands()
        if not self.partners_opposite:
            hands[Seat.N], hands[Seat.E] = hands[Seat.E], hands[Seat.N]
        return hands


__all__ = ["BUY_LAW", "NAMES", "Phase", "WayGame", "WaySetup", "deal_way"]
