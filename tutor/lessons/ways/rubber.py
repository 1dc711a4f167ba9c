"""A way's rubber over several deals, and the five players' evening (the running record).

* Two players: :class:`~tutor.engine.ways.records.WayRubber` (the usual records, the buy-in way's
  600 and its five); the lower record pays the difference when the rubber is over.
* Three players, the dummy way: the dummy-player's side (his seat S with the dummy N) against
  the two partners (W and E) race to 500 below the line for each partie, as the four-handed
  rubber; the opponents pay or receive half the difference each (RO l.529).
* Three players, the auction way: three independent records, the first to 500 ends it (RO l.537).
* Five players: the evening's running record, each round's result kept in the progress store under
  ``"5-sit-out"`` (``{"results": {round: [winning pair, points]}, "pending": ...}``), as the page keeps it.
  A round is added to the evening as it is stored when the round ends (:func:`keep_round`, read and written
  in one transaction), so a round saved meanwhile by another terminal is kept, never overwritten; the same
  round saved meanwhile with another result is refused in one line.

At the terminal a way's rubber is kept under the way's name as the page keeps it (:func:`way_key`:
``"2-exchange"``) and the rubber the learner plays at his seat of a five-player round under
:data:`FIVE_SEAT_KEY`, each saved after every move with the version it read.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tutor.engine.cards import Side
from tutor.engine.errors import TutorError
from tutor.engine.rubber import Rubber
from tutor.engine.scoring.items import DealScore
from tutor.engine.settlement import Payment, RunningRecord, dummy_player_payments, two_player_payments
from tutor.engine.ways.catalogue import Way
from tutor.engine.ways.five import five_record
from tutor.engine.ways.game import WayGame
from tutor.engine.ways.records import ThreeRecords, WayRubber
from tutor.engine.ways.score import way_rules
from tutor.lessons.ways.table import MAX_ROUND, WayTable

if TYPE_CHECKING:  # the store is opened by the commands; this module is imported without it
    from tutor.lessons.progress import ProgressStore

FIVE_KEY = "5-sit-out"
#: the store's slot of the four-handed rubber the learner plays at his seat of a five-player round (terminal)
FIVE_SEAT_KEY = "5-sit-out-seat"


def way_key(way: Way) -> str:
    """The store's name of a way's table, at the terminal as on the page: ``"3-auction"``."""
    return store_key(way.players, way.name)


def store_key(players: int, way_name: str) -> str:
    """The store's name of the table of the way called ``way_name`` at ``players`` players (:func:`way_key`)."""
    return f"{players}-{way_name}"


class WayRecord:
    """The record of one rubber of ``way`` kept deal by deal."""

    def __init__(self, way: Way, players: tuple[str, ...]) -> None:
        self.way, self.players = way, players
        self.three = ThreeRecords((players[0], players[1], players[2])) if way.name == "auction" else None
        self.rubber: Rubber | None = None if self.three else (WayRubber(way) if way.players == 2  # noqa: PLR2004
                                                             else Rubber(way_rules(way)))
        self.sides: dict[str, Side] = {}
        self.deals = 0

    @property
    def over(self) -> bool:
        return self.three.is_over if self.three else bool(self.rubber and self.rubber.is_over)

    def add(self, game: WayGame, score: DealScore) -> None:
        """Write one finished deal."""
        self.deals += 1
        self.sides = {p: game.seat_of(p).side for p in self.players}
        if self.three is not None:
            if score.contract is not None and game.declarer is not None:
                self.three.add(game.declarer, score)
            return
        assert self.rubber is not None
        self.rubber.write_score(score)

    def _names(self, side: Side) -> str:
        return " and ".join(p for p, s in self.sides.items() if s is side)

    def lines(self) -> list[str]:
        """The record so far, each side once: below the line (the race to the partie), above, total."""
        if self.three is not None:
            t = self.three
            lines = [f"  {p}: {t.below[p]} below, {t.above[p]} above, {t.totals()[p]} in all" for p in self.players]
            lines.append("  The first to 500 below the line ends the partie and the rubber (three-player rule 2, the book line 537).")
            return lines
        rubber = self.rubber
        assert rubber is not None
        partie = rubber.parties[-1]
        target = rubber.rules.partie_target
        lines = [f"  {self._names(side)}: {rubber.below(side)} below, {rubber.above(side)} above; this partie "
                 f"{partie.below[side]} of {target} below; parties won {rubber.games.count(side)}"
                 for side in (Side.NS, Side.EW) if self._names(side)]
        return lines

    def payments(self) -> tuple[Payment, ...]:
        """What is paid once the rubber is over (nothing before)."""
        if not self.over:
            return ()
        if self.three is not None:
            return self.three.payments()
        rubber = self.rubber
        assert rubber is not None
        if self.way.players == 2:  # noqa: PLR2004
            return two_player_payments({self._names(s): rubber.total(s) for s in (Side.NS, Side.EW)})
        with_dummy = self._names(Side.NS)
        partners = [p for p, s in self.sides.items() if s is Side.EW]
        return dummy_player_payments(with_dummy, partners, rubber.total(Side.NS) - rubber.total(Side.EW))


def rubber_of(table: WayTable) -> WayRecord:
    """The record of the rubber ``table`` belongs to: its finished deals replayed, and this one when over."""
    record = WayRecord(table.way, table.setup.players)
    for deal_no, steps in table.finished:
        done = WayTable(table.way, table.seed, deal_no=deal_no, learner=table.learner, steps=steps,
                        dealer=table.first_dealer, rubber=table.rubber)
        if done.phase == "over" and not record.over:
            record.add(done.game, done.score())
    if table.phase == "over" and not record.over:
        record.add(table.game, table.score())
    return record


def payment_lines(payments: tuple[Payment, ...]) -> list[str]:
    return [f"  {p.payer} pays {p.payee} {p.amount:g}" for p in payments] or ["  nobody pays: the records are equal"]


# -- five players: the evening ---------------------------------------------------------------


def evening_from(stored: Mapping[str, object] | None) -> dict[str, Any]:
    """The evening kept in the store, checked: each round's result, and the rubber at the learner's seat.
    A round is kept only under a key ``--round`` takes (ASCII digits as a number is written, 0 to
    :data:`~tutor.lessons.ways.table.MAX_ROUND`) with a result of the right shape ([pair 0 or 1, points
    0 or more]); anything else cannot be read and is left out (:func:`unread_rounds` names it)."""
    results = stored.get("results") if stored else None
    kept = {r: [v[0], v[1]] for r, v in (results.items() if isinstance(results, dict) else ())
            if _round_key(r) and _round_result(v)}
    return {"results": kept, "pending": stored.get("pending") if stored else None}


def unread_rounds(stored: Mapping[str, object] | None) -> list[str]:
    """The round keys of a stored evening that :func:`evening_from` leaves out (damage: a hand-edited store)."""
    results = stored.get("results") if stored else None
    if not isinstance(results, dict):
        return []
    return [str(r) for r, v in results.items() if not (_round_key(r) and _round_result(v))]


def _round_key(key: object) -> bool:
    return isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= len(str(MAX_ROUND)) \
        and key == str(int(key)) and int(key) <= MAX_ROUND


def _round_result(value: object) -> bool:
    pair_and_points = 2
    return isinstance(value, list) and len(value) == pair_and_points and type(value[0]) is int \
        and value[0] in (0, 1) and type(value[1]) is int and value[1] >= 0


def write_round(evening: dict[str, Any], round_no: int, played: Rubber) -> bool:
    """A finished rubber of round ``round_no`` goes into the evening (pair 0 sat N-S); ``False`` if unfinished."""
    result = round_result(played)
    if result is None:
        return False
    evening["results"][str(round_no)] = result
    return True


def round_result(played: Rubber) -> list[int] | None:
    """A finished rubber's result as the evening keeps it: [the winning pair (0 sat N-S), the difference]."""
    leader, margin = played.result()
    if not played.is_over or leader is None:
        return None
    return [0 if leader is Side.NS else 1, margin]


def keep_round(store: ProgressStore, round_no: int, result: list[int], seen: object) -> dict[str, Any]:
    """Add round ``round_no``'s ``result`` to the evening *as it is stored now* (read and written in one
    transaction: a round another terminal saved since ``seen`` was read is kept, not overwritten) and
    return the evening written. ``seen``: this round's result as it was read when the round began; if the
    store now holds another result for it, neither ``seen`` nor ``result``, that round was saved meanwhile
    and the write is refused in one line with nothing written."""
    from tutor.lessons.progress import DEFAULT_LEARNER, to_ts
    from tutor.lessons.progress.tables import TableSlot, load, save

    slot = TableSlot(store.add_learner(DEFAULT_LEARNER), FIVE_KEY)
    with store.writing() as conn:
        stored = load(conn, slot)
        evening = evening_from(stored.state if stored else None)
        there = evening["results"].get(str(round_no))
        if there is not None and there != seen and there != result:
            raise TutorError(f"Round {round_no} of the evening was saved in another session (another terminal "
                             "or the page) after this one began, so this result was not written: the evening "
                             "keeps the other. Play the round again to replace it.")
        evening["results"][str(round_no)] = list(result)
        save(conn, slot, evening, version=stored.version if stored else 0, now=to_ts(datetime.now(UTC)))
    return evening


def evening_record(evening: Mapping[str, Any], names: tuple[str, ...]) -> RunningRecord:
    """The running record of the evening: every round written so far (a round not played counts nothing)."""
    results = evening.get("results") or {}
    last = max((int(r) for r in results), default=-1)
    rounds = [results.get(str(n), (0, 0)) for n in range(last + 1)]
    return five_record(names, [(int(r[0]), int(r[1])) for r in rounds])


__all__ = ["FIVE_KEY", "FIVE_SEAT_KEY", "rubber_of", "WayRecord", "evening_from", "evening_record", "keep_round",
           "payment_lines", "unread_rounds", "round_result", "store_key", "way_key", "write_round"]
