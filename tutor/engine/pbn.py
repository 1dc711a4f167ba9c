"""Deals, auctions and play in Portable Bridge Notation (PBN 2.1), as Vint uses them.

PBN is the exchange format of bridge programs; a Vint deal fits it with three notes:

* Vint's denominations rank spades < clubs < diamonds < hearts < no-trumps (laws 31-32),
  not bridge's clubs < diamonds < hearts < spades: a file written here says so in a
  ``{…}`` comment, and a call is read by its level and strain, never by bridge's ranking;
* Vint has no double: a ``X`` or ``XX`` call is refused with the reason;
* the auction ends after eight passes (the tutor's reading of law 76), not three: an
  auction that a bridge program ended with three passes is read as given and the game
  says it is unfinished (``complete`` is false); ``AP`` ("all pass") is read as the
  passes that end the auction by Vint's rule.

The tags written are ``Event``, ``Site``, ``Date``, ``Board``, ``Dealer``, ``Deal``,
``Declarer``, ``Contract``, ``Result``, then the ``Auction`` and ``Play`` sections. In the
play section each line is one trick, its cards in seat order from the opening leader
(the tag's seat), whoever led that trick — PBN's rule — so reading it back needs the
trick winners, which the contract's trumps give.

>>> from tutor.engine.cards import Deal, Seat
>>> game = PbnGame(Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"),
...                Seat.N, calls=("1NT",) + ("P",) * 8)
>>> loads(dumps(game))[0] == game
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tutor.engine.auction import Auction
from tutor.engine.calls import Contract, parse_call
from tutor.engine.cards import Card, Deal, Seat
from tutor.engine.errors import NotationError, TutorError
from tutor.engine.pbn_read import MAX_GAMES as MAX_GAMES
from tutor.engine.pbn_read import MAX_TEXT as MAX_TEXT  # re-exported: the commands bound their read with it
from tutor.engine.pbn_read import Block, blocks, small_number
from tutor.engine.record import DealRecord, Phase
from tutor.engine.rules import Rules
from tutor.engine.tricks import TrickPlay

#: The note every file written here carries, for a bridge player's program or eyes.
VINT_ORDER_NOTE = ("{Vint deal: denominations rank spades < clubs < diamonds < hearts < no-trumps; "
                   "no doubles; the auction ends after eight passes}")
PASS = parse_call("P")


@dataclass(frozen=True)
class PbnGame:
    """One deal with, optionally, its auction (calls as ``1S``/``P``) and its play (cards in order)."""

    deal: Deal
    dealer: Seat
    calls: tuple[str, ...] = ()
    play: tuple[Card, ...] = ()
    #: the contract and declarer a file states when it has no (complete) auction
    contract: Contract | None = None
    result: int | None = field(default=None, compare=False)
    tags: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def auction(self) -> Auction:
        return Auction.from_calls(self.dealer, list(self.calls))

    @property
    def final_contract(self) -> Contract | None:
        """The auction's contract when it ended; else the stated contract."""
        if self.calls:
            auction = self.auction
            if auction.is_complete:
                return auction.contract
        return self.contract

    @classmethod
    def from_record(cls, record: DealRecord, *, result: int | None = None) -> PbnGame:
        """The game of a deal record: its deal, dealer, calls and cards so far (export)."""
        calls = tuple(str(c) for c in record.auction.calls)
        return cls(record.deal, record.dealer, calls, tuple(m for m in record.moves if isinstance(m, Card)),
                   result=result)

    def record(self, rules: Rules | None = None) -> DealRecord:
        """The deal record of this game (import): its calls and, after a complete auction, its cards.

        A file's auction that has not ended (a drill's position) is kept as far as it goes; its
        cards are then not played (a record plays only after the contract).
        """
        record = DealRecord(self.deal, self.dealer, rules=rules, moves=(parse_call(c) for c in self.calls))
        if record.phase is Phase.PLAY:
            for card in self.play:
                record.push(card)
        return record

    @property
    def complete(self) -> bool:
        """Whether the auction ended by Vint's rule (eight passes after the last bid, or four opening passes)."""
        return bool(self.calls) and self.auction.is_complete


# -- writing -------------------------------------------------------------------------------------


def dumps(game: PbnGame, *, event: str = "Vint tutor", board: int | None = None) -> str:
    """The game as PBN text."""
    contract = game.final_contract
    lines = ["% PBN 2.1", "% EXPORT", VINT_ORDER_NOTE,
             _tag("Event", event), _tag("Site", "?"), _tag("Date", game.tags.get("Date", "?")),
             _tag("Board", str(board) if board is not None else game.tags.get("Board", "1")),
             _tag("Dealer", game.dealer.value), _tag("Deal", game.deal.to_pbn(game.dealer)),
             _tag("Declarer", contract.declarer.value if contract else ""),
             _tag("Contract", str(contract.bid) if contract else "Pass")]
    result = game.result if game.result is not None else _result(game, contract)
    lines.append(_tag("Result", "" if result is None else str(result)))
    if game.calls:
        lines.append(_tag("Auction", game.dealer.value))
        names = ["Pass" if c == "P" else c for c in game.calls]
        lines += [" ".join(names[i:i + 4]) for i in range(0, len(names), 4)]
    if game.play and contract is not None:
        leader = contract.declarer.lho
        lines.append(_tag("Play", leader.value))
        lines += _play_lines(game, contract, leader)
    return "\n".join(lines) + "\n"


def _tag(name: str, value: str) -> str:
    return f'[{name} "{value.replace(chr(34), chr(39))}"]'


def _result(game: PbnGame, contract: Contract | None) -> int | None:
    """The declaring side's tricks, when the play went to the end."""
    if contract is None or len(game.play) != 52:
        return None
    play = _replay(game.deal, contract, game.play)
    return play.tricks_won(contract.declarer.side)


def _play_lines(game: PbnGame, contract: Contract, leader: Seat) -> list[str]:
    play = _replay(game.deal, contract, game.play)
    columns = leader.rotation()
    lines = []
    tricks = [*play.tricks, *([play.current_trick] if play.current_trick.plays else [])]
    for trick in tricks:
        by_seat = dict(trick.plays)
        lines.append(" ".join(str(by_seat[s]) if s in by_seat else "-" for s in columns))
    return lines


def _replay(deal: Deal, contract: Contract, cards: Sequence[Card]) -> TrickPlay:
    play = TrickPlay(deal, contract.trump, contract.declarer.lho)
    for card in cards:
        play.play(card)
    return play


# -- reading -------------------------------------------------------------------------------------


def loads(text: str) -> list[PbnGame]:
    """Every game in a PBN text; a :class:`NotationError` names the line of a bad one.

    The text is cut into games first (:mod:`tutor.engine.pbn_read`: its size and the number of
    games are checked before any deal is built), so a file too large is refused at once.
    """
    games = [_game(block) for block in blocks(text)]
    if not games:
        raise NotationError("no [Deal] tag found: this is not a PBN file")
    return games


def _game(block: Block) -> PbnGame:
    if "Deal" not in block.tags:
        line = min(n for _, n in block.tags.values())
        raise NotationError(f"line {line}: a game without a [Deal] tag")
    deal_text, deal_line = block.tags["Deal"]
    try:
        deal = Deal.from_pbn(deal_text)
    except NotationError as err:
        raise NotationError(f"line {deal_line}: {err}") from None
    if not deal.is_complete:
        raise NotationError(f"line {deal_line}: the deal must give all four hands of 13 cards (law 16)")
    dealer = _seat(block, "Dealer", default=Seat.parse(deal_text[0]) if deal_text[:1] in "NESW" else Seat.N)
    calls = _calls(block, dealer)
    contract = _contract(block)
    auction = Auction.from_calls(dealer, list(calls)) if calls else None  # already checked by _calls
    if auction is not None and auction.is_complete:
        ended = auction.contract
        if contract is not None and contract != ended:
            raise NotationError(f"line {block.tags['Contract'][1]}: [Contract] says {contract}, "
                                f"but the auction ends in {ended or 'a pass-out'}")
        contract = None  # the auction says it
    play = _cards(block, deal, auction, contract)
    result_text = block.tags.get("Result", ("", 0))[0]
    result = small_number(result_text)  # ASCII digits only: "²" or 5,000 digits are no result
    result = result if result is not None and result <= 13 else None
    return PbnGame(deal, dealer, calls, play, contract, result,
                   tags={k: v for k, (v, _) in block.tags.items()})


def _seat(block: Block, tag: str, default: Seat) -> Seat:
    value, line = block.tags.get(tag, ("", 0))
    if not value or value == "?":
        return default
    try:
        return Seat.parse(value)
    except NotationError as err:
        raise NotationError(f"line {line}: [{tag}]: {err}") from None


def _calls(block: Block, dealer: Seat) -> tuple[str, ...]:
    """The auction's calls, checked call by call as they are read (one pass: no replay per ``AP``)."""
    auction = Auction(dealer)
    where = block.tags.get("Auction", ("", 0))[1]
    for line, number in block.sections.get("Auction", []):
        for word in line.split():
            if word.startswith(("=", "$")) or word in ("-", "+"):
                continue  # note references, annotations, empty cells
            word = word.upper().rstrip("!?")
            if word in ("X", "XX"):
                raise NotationError(f"line {number}: {word!r}: Vint has no double or redouble")
            try:
                if word == "AP":
                    while not auction.is_complete:
                        auction.call(PASS)
                    continue
                auction.call(parse_call("P" if word == "PASS" else word))
            except TutorError as err:
                raise NotationError(f"line {where}: [Auction]: {err}") from None
    return tuple(str(record.call) for record in auction.records)


def _contract(block: Block) -> Contract | None:
    text, line = block.tags.get("Contract", ("", 0))
    declarer = block.tags.get("Declarer", ("", 0))[0]
    if not text or text.upper() in ("PASS", "?", "") or not declarer or declarer == "?":
        return None
    text = text.upper().rstrip("X")
    try:
        return Contract.parse(text, declarer)
    except NotationError as err:
        raise NotationError(f"line {line}: [Contract]: {err}") from None


def _cards(block: Block, deal: Deal, auction: Auction | None, stated: Contract | None) -> tuple[Card, ...]:
    rows = block.sections.get("Play", [])
    if not rows:
        return ()
    contract = stated
    if auction is not None:
        contract = auction.contract if auction.is_complete else (stated or _last_bid_contract(auction))
    if contract is None:
        raise NotationError(f"line {rows[0][1]}: a [Play] section needs a contract")
    leader = _seat(block, "Play", default=contract.declarer.lho)
    columns = leader.rotation()
    play = TrickPlay(deal, contract.trump, leader)
    for line, number in rows:
        words = [w for w in line.split() if not w.startswith(("=", "$"))]
        if words == ["*"]:
            break
        by_seat = {}
        for seat, word in zip(columns, words):
            if word not in ("-", "*"):
                by_seat[seat] = _located_card(number, word)
        for seat in play.leader.rotation():
            if seat in by_seat:
                try:
                    play.play(by_seat[seat], seat)
                except TutorError as err:
                    raise NotationError(f"line {number}: {err}") from None
    return tuple(record.card for record in play.log)


def _located_card(line: int, word: str) -> Card:
    try:
        return Card.parse(word)
    except NotationError as err:
        raise NotationError(f"line {line}: {err}") from None


def _last_bid_contract(auction: Auction) -> Contract | None:
    last = auction.last_bid
    if last is None:
        return None
    return Contract.parse(str(last.call), last.seat.value)
