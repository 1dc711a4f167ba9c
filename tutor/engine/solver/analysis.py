"""Double-dummy analysis: the one adapter between the tutor and ``endplay`` (its DDS side: :mod:`tutor.engine.solver.dds`).

Double-dummy means every hand is known to every player and everyone plays
perfectly. It is not the book's reason for any play; the tutor uses it only as a
check, to show what a choice costs in tricks with perfect knowledge. endplay's
types never leave the adapter: callers pass and receive our own
:class:`~tutor.engine.cards.Deal`, :class:`~tutor.engine.cards.Card` and
:class:`~tutor.engine.cards.Seat`.

endplay (Dennis Thomas's double-dummy solver, DDS, behind a Python API) is used
because it is the standard open solver in this field; writing our own would be
slower and less trustworthy.

DDS must never be entered by two threads at once (it crashes the process), so
every public function here sends its work to the solver's one owner,
:mod:`tutor.engine.solver.owner` (worker processes, or this process under
``_DDS_LOCK``, :mod:`tutor.engine.solver.dds`). The functions are safe to call from any number of threads.
One position at a time: :func:`dd_tricks`, :func:`card_values`. Many in one
call (sampled analysis: the same question over many deals), solved with DDS's
batch calls and spread over the workers: :func:`dd_tricks_many`,
:func:`card_values_many`, :func:`card_tricks_many` (only the cards wanted, each
played and the rest solved for the best card: about half the work of valuing
every card), :func:`dd_tables`. Only endplay's solver submodules are imported,
never its package ``__init__`` (:func:`~tutor.engine.solver.dds.lean_endplay`: it loads matplotlib). The DDS side - a request
solved with endplay in this process - is :mod:`tutor.engine.solver.dds`.
"""

from __future__ import annotations

import atexit
import math
import threading
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TypeVar

from tutor.engine.calls import Strain
from tutor.engine.cards import SEATS, Card, Deal, Hand, Seat, Suit
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonValue
from tutor.engine.solver.dds import ALL_STRAINS, solve_request
from tutor.engine.solver.dds import listed as _listed
from tutor.engine.solver.owner import DDOwner, Request, default_workers

_T = TypeVar("_T")

# A batch is cut into requests this small, so that another learner's request waits
# for at most one piece (six boards: a few tenths of a second), never for a whole batch.
_BOARDS_PER_REQUEST = 6
_TABLES_PER_REQUEST = 4


@dataclass(frozen=True)
class DDBoard:
    """A position to solve card by card.

    ``deal`` holds the cards in hand at the start of the current trick (cards of
    finished tricks removed); ``played`` are the cards already on the table in the
    current trick, led by ``leader``; ``strain`` gives the trumps.
    """

    deal: Deal
    strain: Strain
    leader: Seat
    played: tuple[Card, ...] = ()


@dataclass(frozen=True)
class DDTable:
    """Tricks each seat takes as declarer in each strain, double-dummy, its left-hand opponent leading."""

    strains: tuple[Strain, ...]
    #: ``cells[i][j]``: tricks in ``strains[i]`` for declarer ``SEATS[j]`` (N, E, S, W).
    cells: tuple[tuple[int, ...], ...]

    def tricks(self, strain: Strain, declarer: Seat) -> int:
        if strain not in self.strains:
            raise TutorError(f"this double-dummy table was solved without {strain.english}")
        return self.cells[self.strains.index(strain)][SEATS.index(declarer)]


# -- the public API: any thread, any number of calls at once ----------------------------------------


def dd_tricks(deal: Deal, strain: Strain, declarer: Seat) -> int:
    """Tricks the declaring side takes double-dummy, the declarer's left-hand opponent leading."""
    return dd_tricks_many([(deal, strain, declarer)])[0]


def dd_tricks_many(contracts: Sequence[tuple[Deal, Strain, Seat]]) -> tuple[int, ...]:
    """:func:`dd_tricks` for many ``(deal, strain, declarer)`` at once, e.g. one contract over sampled deals.

    Each is solved from the opening lead only (DDS's "best card" search), which is
    several times cheaper than a whole :func:`dd_tables` table.
    """
    boards = [DDBoard(deal, strain, declarer.lho) for deal, strain, declarer in contracts]
    best = _solve(boards, mode="best")
    return tuple(len(b.deal[b.leader]) - _tricks(leaders) for b, leaders in zip(boards, best))


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
    return card_values_many([DDBoard(deal, strain, leader, tuple(played))])[0]


def card_values_many(boards: Sequence[DDBoard]) -> tuple[dict[Card, int], ...]:
    """:func:`card_values` for many positions in one call (DDS's batch solver), results in the same order.

    For sampled analysis: e.g. the same opening lead over many deals consistent
    with what the leader can see, to count how often each card is best.
    """
    solved = _solve(list(boards), mode="all")
    return tuple(_card_tricks(values) for values in solved)


def card_tricks_many(boards: Sequence[DDBoard], cards: Sequence[Collection[Card]]) -> tuple[dict[Card, int], ...]:
    """:func:`card_values_many` for only the ``cards[i]`` of each board ``boards[i]``: each card is
    played and the rest solved for the best card only (DDS's cheaper search), results in the same order.

    Valuing every card of a hand costs DDS about twice as much as playing the two or three
    cards that matter and solving what follows (issue 28), hence this, for the
    choices an analysis keeps comparing. Cards must be legal on their board.
    """
    after: list[DDBoard] = []
    keys: list[tuple[int, Card, int, bool]] = []  # board, card, tricks won by the side to play at once, flip
    settled: list[dict[Card, int]] = [{} for _ in boards]
    for i, (board, wanted) in enumerate(zip(boards, cards)):
        _check_board(board)
        player = _to_play(board)
        for card in wanted:
            _check_card(board, player, card)
            nxt, won, next_player = _played(board, card)
            flip = next_player.side is not player.side
            if nxt is None:
                settled[i][card] = won
            else:
                after.append(nxt)
                keys.append((i, card, won, flip))
    best = _solve(after, mode="best", checked=True) if after else []  # each board a checked one after a legal card
    for (i, card, won, flip), board, tricks in zip(keys, after, best):
        left = len(board.deal[board.leader])
        settled[i][card] = won + (left - _tricks(tricks) if flip else _tricks(tricks))
    return tuple(settled)


def _to_play(board: DDBoard) -> Seat:
    seat = board.leader
    for _ in board.played:
        seat = seat.lho
    return seat


def _played(board: DDBoard, card: Card) -> tuple[DDBoard | None, int, Seat]:
    """The board after ``card``: ``(board or None when no card is left, tricks the player's side
    took by it, the seat to play next)``. A fourth card closes the trick: its cards leave the hands."""
    from tutor.engine.tricks import trick_winner

    player = _to_play(board)
    played = (*board.played, card)
    if len(played) < 4:
        return DDBoard(board.deal, board.strain, board.leader, played), 0, player.lho
    plays, seat = [], board.leader
    for c in played:
        plays.append((seat, c))
        seat = seat.lho
    winner = trick_winner(plays, board.strain.trump)
    gone = frozenset(played)
    deal = Deal({s: Hand(board.deal[s].cards - gone) for s in SEATS})
    won = 1 if winner.side is player.side else 0
    if len(deal[winner]) == 0:
        return None, won, winner
    return DDBoard(deal, board.strain, winner), won, winner


def dd_tables(deals: Sequence[Deal], strains: Collection[Strain] = ALL_STRAINS) -> tuple[DDTable, ...]:
    """Whole double-dummy tables for many deals in one call (DDS's ``CalcAllTables``), in the same order.

    ``strains`` limits the work to the strains wanted (each costs four solves per
    deal). Every deal must be at the start of a trick (no card played to it).
    """
    wanted = tuple(s for s in ALL_STRAINS if s in strains)
    if not wanted:
        raise TutorError("a double-dummy table needs at least one strain")
    for deal in deals:
        _check_hands(deal)
    pbns: list[JsonValue] = [deal.to_pbn() for deal in deals]
    requests: list[Request] = [{"op": "tables", "strains": [s.value for s in wanted], "deals": piece}
                               for piece in _pieces(pbns, _TABLES_PER_REQUEST)]
    tables = _joined(solver().ask_all(requests))
    return tuple(DDTable(wanted, tuple(tuple(_tricks(n) for n in _listed(row)) for row in _listed(table)))
                 for table in tables)


def _check_hands(deal: Deal) -> None:
    """DDS needs four hands of one size (it fails, and writes a ``dump.txt``, otherwise): say so first."""
    sizes = [len(deal[seat]) for seat in SEATS]
    if len(set(sizes)) != 1 or sizes[0] == 0:
        held = ", ".join(f"{seat.value} {n}" for seat, n in zip(SEATS, sizes))
        raise TutorError(f"double-dummy analysis needs four hands of the same size (1 to 13 cards); they hold {held}")


def _check_board(board: DDBoard) -> None:
    """Each card already played to the trick is held by the seat whose turn it was, and follows suit if it can."""
    _check_hands(board.deal)
    if len(board.played) > 3:
        raise TutorError("double-dummy analysis: a trick holds at most four cards, three before the last")
    seat = board.leader
    for n, card in enumerate(board.played):
        _check_play(board.deal[seat], seat, card, board.played[0].suit if n else None)
        seat = seat.lho


def _check_card(board: DDBoard, player: Seat, card: Card) -> None:
    """``card`` is the ``player``'s to play on the (checked) ``board``: the board after it then passes
    :func:`_check_board` as well (the same errors)."""
    _check_play(board.deal[player], player, card, board.played[0].suit if board.played else None)


def _check_play(hand: Hand, seat: Seat, card: Card, led: Suit | None) -> None:
    """``seat`` holds ``card`` and, to a trick led in ``led`` (``None``: it leads), follows suit if it can."""
    if card not in hand:
        raise TutorError(f"double-dummy analysis: {card} is played by {seat.value}, who does not hold it")
    if led is not None and card.suit is not led and any(c.suit is led for c in hand.cards):
        raise TutorError(f"double-dummy analysis: {seat.value} plays {card} but must follow suit (law 147)")


def _solve(boards: Sequence[DDBoard], mode: str, checked: bool = False) -> list[JsonValue]:
    """Solve ``boards`` on the workers (each checked first, unless ``checked``: made from checked ones)."""
    for board in () if checked else boards:
        _check_board(board)
    pbn = _written(boards)
    encoded: list[JsonValue] = [[pbn[id(b.deal)], b.strain.value, b.leader.value, [str(c) for c in b.played]]
                                for b in boards]
    largest, smallest = _piece_bounds(boards)
    requests: list[Request] = [{"op": "solve", "mode": mode, "boards": piece}
                               for piece in _pieces(encoded, largest, smallest)]
    return _joined(solver().ask_all(requests))


def _written(boards: Sequence[DDBoard]) -> dict[int, str]:
    """Each board's deal in PBN, by the deal's identity: written once when several boards share it
    (each card played, the rest solved, is a board on the same deal: 2,100 boards of 8 play
    decisions written in 0.031 s of CPU, against 0.055 s when each board wrote its own)."""
    out: dict[int, str] = {}
    for board in boards:
        if id(board.deal) not in out:
            out[id(board.deal)] = board.deal.to_pbn()
    return out


# -- reading the replies back: JSON, whether a worker or this process solved them ---------------------

def _joined(replies: list[JsonValue]) -> list[JsonValue]:
    """The results of every reply, in order (a reply holds one result per board or deal asked)."""
    return [result for reply in replies for result in _listed(reply)]


def _tricks(value: JsonValue) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TutorError(f"double-dummy solver: expected a number of tricks, got {value!r}")
    return value


def _card_tricks(values: JsonValue) -> dict[Card, int]:
    """One board's ``[[card, tricks], ...]`` as cards."""
    out: dict[Card, int] = {}
    for pair in _listed(values):
        card, tricks = _listed(pair)
        out[Card.parse(str(card))] = _tricks(tricks)
    return out


def _piece_bounds(boards: Sequence[DDBoard]) -> tuple[int, int]:
    """The largest and the smallest piece of these boards: by the cards left in a hand, as a board's
    cost falls with them. From ten cards on, pieces of six down to one (a board takes up to tenths of
    a second); with fewer, a board takes a millisecond or two, about what a request costs this
    process and the worker to send and read (issue 28: a play decision's 100 layouts sent 51
    requests, a fifth of this process's CPU), so the pieces are larger and none is a single board,
    and a drill waiting behind one still waits a few tens of milliseconds at most."""
    cards = max((len(b.deal[b.leader]) + (1 if b.played else 0) for b in boards), default=13)
    if cards >= 13:  # noqa: PLR2004
        return _BOARDS_PER_REQUEST, 1
    if cards >= 10:  # noqa: PLR2004
        return _BOARDS_PER_REQUEST, 2
    if cards >= 7:  # noqa: PLR2004
        return 2 * _BOARDS_PER_REQUEST, 2
    return 4 * _BOARDS_PER_REQUEST, 4


def _pieces(items: Sequence[_T], largest: int, smallest: int = 1) -> list[list[_T]]:
    """Cut ``items`` into pieces of at most ``largest``, each a share of what is left for the workers.

    Guided scheduling: a piece is a ``1 / (2 · workers)`` share of the items not yet cut, so
    the pieces shrink toward the end of the batch, and the worker that finishes first takes the
    small last ones instead of the other waiting on a long last piece. A board's cost varies a
    hundredfold (one opening lead's layout took 0.46 s, the other nineteen 0.2 s together): with
    equal pieces of six, the first look of a lead or a call waited up to a third of its solving on
    one worker (measured on each board's CPU, 16 decisions a kind: the pieces' makespan 9 % lower
    in total than with pieces of six, 20 % lower at a call's p95; no worse for a play's cheap boards).
    """
    share = 2 * max(1, solver().worker_count)
    out: list[list[_T]] = []
    start = 0
    while start < len(items):
        size = max(smallest, min(largest, math.ceil((len(items) - start) / share)))
        out.append(list(items[start:start + size]))
        start += size
    return out


# -- the owner: one per process (the one piece of global state, because DDS itself is global) -------

_OWNER: DDOwner | None = None
_OWNER_LOCK = threading.Lock()


def solver() -> DDOwner:
    """This process's owner of the solver, created on first use and closed at exit."""
    global _OWNER
    with _OWNER_LOCK:
        if _OWNER is None:  # a Dask cluster when TUTOR_DASK_SCHEDULER is set (tutor/engine/solver/cluster.py)
            from tutor.engine.solver.cluster import owner_from_environment

            _OWNER = owner_from_environment(solve_request) or DDOwner(default_workers(), solve_request)
            atexit.register(_OWNER.close)
        return _OWNER
