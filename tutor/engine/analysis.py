"""Double-dummy analysis: the one module that talks to ``endplay``.

Double-dummy means every hand is known to every player and everyone plays
perfectly. It is not the book's reason for any play; the tutor uses it only as a
check, to show what a choice costs in tricks with perfect knowledge. endplay's
types never leave this module: callers pass and receive our own
:class:`~tutor.engine.cards.Deal`, :class:`~tutor.engine.cards.Card` and
:class:`~tutor.engine.cards.Seat`.

endplay (Dennis Thomas's double-dummy solver, DDS, behind a Python API) is used
because it is the standard open solver in this field; writing our own would be
slower and less trustworthy.
"""

from __future__ import annotations

from collections.abc import Sequence

from endplay import dds as _dds
from endplay import types as _ep

from tutor.engine.calls import Strain
from tutor.engine.cards import Card, Deal, Rank, Seat, Suit

_DENOM = {
    Strain.SPADES: _ep.Denom.spades,
    Strain.HEARTS: _ep.Denom.hearts,
    Strain.DIAMONDS: _ep.Denom.diamonds,
    Strain.CLUBS: _ep.Denom.clubs,
    Strain.NO_TRUMPS: _ep.Denom.nt,
}
_PLAYER = {
    Seat.N: _ep.Player.north,
    Seat.E: _ep.Player.east,
    Seat.S: _ep.Player.south,
    Seat.W: _ep.Player.west,
}
_SUIT_FROM_EP = {
    _ep.Denom.spades: Suit.SPADES,
    _ep.Denom.hearts: Suit.HEARTS,
    _ep.Denom.diamonds: Suit.DIAMONDS,
    _ep.Denom.clubs: Suit.CLUBS,
}
_RANK_FROM_EP = {getattr(_ep.Rank, f"R{r.char}"): r for r in Rank}


def _to_endplay(deal: Deal) -> _ep.Deal:
    return _ep.Deal(deal.to_pbn())


def _from_endplay_card(card: _ep.Card) -> Card:
    return Card(_SUIT_FROM_EP[card.suit], _RANK_FROM_EP[card.rank])


def _to_endplay_card(card: Card) -> _ep.Card:
    return _ep.Card(str(card))


def dd_tricks(deal: Deal, strain: Strain, declarer: Seat) -> int:
    """Tricks the declaring side takes double-dummy, the declarer's left-hand opponent leading."""
    table = _dds.calc_dd_table(_to_endplay(deal))
    return int(table[_DENOM[strain], _PLAYER[declarer]])


def card_values(
    deal: Deal,
    strain: Strain,
    leader: Seat,
    played: Sequence[Card] = (),
) -> dict[Card, int]:
    """Tricks the side to play can still take after each of its legal cards.

    ``deal`` holds the cards in hand at the start of the current trick (cards of
    finished tricks removed); ``played`` are the cards already put on the table in
    the current trick, led by ``leader``. Returns, for each legal
    card of the player in turn, the number of the remaining tricks that player's
    side wins double-dummy if it plays that card.
    """
    board = _to_endplay(deal)
    board.trump = _DENOM[strain]
    board.first = _PLAYER[leader]
    for card in played:
        board.play(_to_endplay_card(card))
    return {_from_endplay_card(c): int(t) for c, t in _dds.solve_board(board)}
