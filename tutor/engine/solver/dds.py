"""The DDS side of double-dummy analysis: one request solved with endplay in this process.

:mod:`tutor.engine.solver.analysis` writes the boards and reads the replies; a request reaches
:func:`solve_request` in a solver worker process, in a Dask worker, or in this process under
:data:`_DDS_LOCK` (DDS must never be entered by two threads at once). Only endplay's solver
submodules are imported, never its package ``__init__`` (:func:`lean_endplay`).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, TypeVar

from tutor.engine.calls import Strain
from tutor.engine.cards import SEATS, Card, Seat
from tutor.engine.errors import TutorError
from tutor.engine.json_types import JsonValue
from tutor.engine.solver.owner import Request

if TYPE_CHECKING:
    from endplay import types as _ep

_T = TypeVar("_T")

#: Every strain, in the order a :class:`~tutor.engine.solver.analysis.DDTable` keeps them by default.
ALL_STRAINS: tuple[Strain, ...] = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NO_TRUMPS)


# -- solving: in a worker process, or in this one under the lock -------------------------------------

#: Held around every DDS call made in this process (in a worker it is never contended).
_DDS_LOCK = threading.Lock()


def lean_endplay() -> None:
    """Make ``endplay``'s submodules importable without running ``endplay/__init__.py``.

    That file imports every part of endplay, its dealer's LaTeX and HTML actions
    included, which load matplotlib: about a second and a half of CPU in every solver
    worker, the server and each test worker, for nothing the tutor uses. The package is
    registered bare (its path only); the solver's submodules (``endplay._dds``, ``endplay.dds.solve``,
    ``endplay.dds.ddtable``, ``endplay.types``) import as usual. Any other name asked of the package
    runs the real ``__init__`` then, so code that wants all of endplay still gets it.
    """
    if "endplay" in sys.modules:
        return
    spec = importlib.util.find_spec("endplay")
    if spec is None or spec.loader is None:  # pragma: no cover - endplay is a dependency
        raise TutorError("the double-dummy solver (endplay) is not installed")
    module = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def _whole(name: str) -> object:
        # ``from endplay import _dds`` asks the package first: a submodule is left to the import system
        if name.startswith("__") or importlib.util.find_spec(f"endplay.{name}") is not None:
            raise AttributeError(name)
        delattr(module, "__getattr__")
        loader.exec_module(module)
        return getattr(module, name)

    setattr(module, "__getattr__", _whole)  # noqa: B010 -- a module's own __getattr__ (PEP 562)
    sys.modules["endplay"] = module


def solve_request(request: Request) -> JsonValue:
    """Answer one owner request with DDS, holding :data:`_DDS_LOCK`; raises :class:`TutorError`."""
    op = request.get("op")
    if op == "ping":  # the process's own CPU clock counts every thread, to the nanosecond
        return {"pid": os.getpid(), "streamlit": "streamlit" in sys.modules,
                "matplotlib": "matplotlib" in sys.modules, "cpu": time.process_time()}
    lean_endplay()
    from endplay import _dds

    with _DDS_LOCK:
        try:
            if op == "solve":
                return _solve_boards(listed(request["boards"]), str(request["mode"]))
            if op == "tables":
                return _solve_tables(_texts(request["deals"]), _texts(request["strains"]))
        except (_dds.DDSError, RuntimeError, ValueError, KeyError) as exc:
            raise TutorError(f"the double-dummy solver cannot solve this position: {exc}") from exc
    raise TutorError(f"unknown double-dummy request {op!r}")


def use_one_solver_thread() -> None:
    """Make DDS solve on one thread: a worker is one core; the pool, not DDS, spreads work over cores.

    Then solve a one-card ending, so DDS has set up its memory before the first
    learner's request arrives (workers are started ahead of need).
    """
    lean_endplay()
    from endplay import _dds

    _dds.SetMaxThreads(1)
    _solve_boards([["N:A... K... Q... J...", "NT", "N", []]], "best")


def _texts(value: JsonValue) -> list[str]:
    return [str(item) for item in listed(value)]


def _solve_boards(boards: Sequence[JsonValue], mode: str) -> list[JsonValue]:
    from endplay import _dds
    from endplay.dds.solve import SolveMode, solve_all_boards

    solve_mode = SolveMode.OptimalOne if mode == "best" else SolveMode.Default
    out: list[JsonValue] = []
    for chunk in _chunks([_board_of(b) for b in boards], _dds.MAXNOOFBOARDS):
        for solved in solve_all_boards(chunk, solve_mode):
            values: list[JsonValue] = [[str(_from_endplay_card(card)), int(tricks)] for card, tricks in solved]
            out.append(listed(values[0])[1] if mode == "best" else values)
    return out


def _board_of(encoded: JsonValue) -> _ep.Deal:
    """A board as :func:`_solve` writes it: ``[pbn, strain, leader, [cards played]]``."""
    pbn, strain, leader, played = listed(encoded)
    return _board(str(pbn), str(strain), str(leader), _texts(played))


def _solve_tables(deals: Sequence[str], strains: Sequence[str]) -> list[JsonValue]:
    from endplay import _dds
    from endplay.dds.ddtable import calc_all_tables
    from endplay.types import Deal as EpDeal

    wanted = [Strain(s) for s in strains]
    exclude = [_denom(s) for s in ALL_STRAINS if s not in wanted]
    out: list[JsonValue] = []
    for chunk in _chunks([EpDeal(pbn) for pbn in deals], _dds.MAXNOOFBOARDS // len(wanted)):
        for table in calc_all_tables(chunk, exclude):
            out.append([[int(table[_denom(s), _player(seat)]) for seat in SEATS] for s in wanted])
    return out


def _chunks(items: list[_T], size: int) -> Iterator[list[_T]]:
    """DDS's batch calls take at most ``size`` boards (endplay's own check lets one too many through)."""
    for start in range(0, len(items), size):
        yield items[start:start + size]


def _board(pbn: str, strain: str, leader: str, played: Sequence[str]) -> _ep.Deal:
    from endplay.types import Card as EpCard
    from endplay.types import Deal as EpDeal

    board = EpDeal(pbn)
    board.trump = _denom(Strain(strain))
    board.first = _player(Seat(leader))
    for card in played:
        board.play(EpCard(card))
    return board


def _denom(strain: Strain) -> _ep.Denom:
    from endplay.types import Denom

    return {Strain.SPADES: Denom.spades, Strain.HEARTS: Denom.hearts, Strain.DIAMONDS: Denom.diamonds,
            Strain.CLUBS: Denom.clubs, Strain.NO_TRUMPS: Denom.nt}[strain]


def _player(seat: Seat) -> _ep.Player:
    from endplay.types import Player

    return {Seat.N: Player.north, Seat.E: Player.east, Seat.S: Player.south, Seat.W: Player.west}[seat]


def _from_endplay_card(card: _ep.Card) -> Card:
    # endplay's suits count spades, hearts, diamonds, clubs from 0; its ranks are named R2 ... RA
    return Card.parse("SHDC"[int(card.suit)] + card.rank.name[1:])


def listed(value: JsonValue) -> list[JsonValue]:
    if not isinstance(value, list):
        raise TutorError(f"double-dummy solver: expected a list, got {value!r}")
    return value
