"""The practice table for two, three and five players: the learner plays one player, robots the rest.

:class:`WayTable` drives one deal of a two- or three-handed way (:class:`~tutor.engine.ways.game.WayGame`)
with the robots of :mod:`tutor.lessons.ways.robots`; it shows the learner only what the way
lets his player see (:meth:`~tutor.engine.ways.game.WayGame.visible`). Five players play the
four-handed table (:class:`~tutor.lessons.table.TableDeal`) at the seats of
:func:`~tutor.engine.ways.five.five_table`, the learner being :data:`FIVE_LEARNER` unless he
chooses another of the five.

Deals are drawn from ``random.Random(f"{seed}:{deal_no}")`` so a table replays exactly. A table the
learner plays has a ``uid`` of its own, kept with it in the store: the idempotency keys of its records
(:mod:`tutor.lessons.ways.items`), so a deal recorded again is not counted twice, while the same seed
dealt again and played afresh is a new attempt.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Mapping
from typing import Any

from tutor.engine.cards import SEATS, Seat
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import TutorError
from tutor.engine.rubber import Rubber, RubberDeal
from tutor.engine.scoring.items import DealScore
from tutor.engine.ways.catalogue import Way, find_way
from tutor.engine.ways.five import FiveTable, five_table
from tutor.engine.ways.game import WayGame, deal_way
from tutor.engine.ways.result import game_records, game_score
from tutor.lessons.robots import robot_deal
from tutor.lessons.table import stored_uid
from tutor.lessons.ways.narrate import whose
from tutor.lessons.ways.robots import WayDecision, play_by_robots, robot_action, robot_along

FIVE_NAMES = ("T", "A", "K", "F", "N")
#: the learner at five, unless he chooses: A, who plays the first rubber (T, who drew the highest
#: card, sits it out: RO l.543), so that a new learner is dealt in at once rather than watching
FIVE_LEARNER = "A"
#: a way's rubber not over after this many deals is stopped (the robots throw many deals in)
MAX_RUBBER_DEALS = 60
#: the last rubber of a rotation (five players; the three-handed dummy way) a table is dealt for: ``--round``'s
#: and the page's bound
MAX_ROUND = 1000


class WayTable:
    """One deal of a two- or three-handed way; ``learner`` is a player's name (``None``: robots only)."""

    def __init__(self, way: Way, seed: int, *, deal_no: int = 0, learner: str | None = "A",
                 steps: tuple[tuple[str, str], ...] = (), dealer: str | None = None, rubber: int = 0,
                 uid: str | None = None) -> None:
        self.way, self.seed, self.deal_no, self.learner = way, seed, deal_no, learner
        self.first_dealer, self.rubber = dealer, rubber
        key = f"{seed}:{deal_no}" if not rubber else f"{seed}:{rubber}:{deal_no}"
        self.setup = deal_way(way, random.Random(key), deal_no, seed, rubber, dealer=dealer)
        if learner is not None and learner not in self.setup.players:
            raise TutorError(f"learner: {learner!r} is not one of {', '.join(self.setup.players)}")
        self.game = WayGame(self.setup, steps)
        self.log: list[WayDecision] = []
        self.hints = 0
        #: the steps (by index) at which the learner asked for the robot's answer before acting
        self.hinted: set[int] = set()
        #: this deal's identity at the table: the records' idempotency keys
        self.uid = uid or uuid.uuid4().hex
        #: the rubber's earlier deals, each (deal number, steps): replayed, they give the rubber's record
        self.finished: list[tuple[int, tuple[tuple[str, str], ...]]] = []

    def next_deal(self) -> WayTable:
        """The rubber's next deal (the deal passes on), this one kept among the finished."""
        if self.phase != "over":
            raise TutorError("the deal is not over yet")
        if len(self.finished) >= MAX_RUBBER_DEALS:
            raise TutorError(f"a rubber of more than {MAX_RUBBER_DEALS} deals is stopped: start a new one")
        table = WayTable(self.way, self.seed, deal_no=self.deal_no + 1, learner=self.learner,
                         dealer=self.first_dealer, rubber=self.rubber)
        table.finished = [*self.finished, (self.deal_no, self.game.steps)]
        return table

    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def learners_turn(self) -> bool:
        turn = self.game.to_act
        return turn is not None and turn[0] == self.learner

    def run_robots(self) -> list[WayDecision]:
        done = play_by_robots(self.game, stop_for=self.learner)
        self.log += done
        return done

    def act(self, text: str) -> str:
        if not self.learners_turn:
            turn = self.game.to_act
            raise TutorError(f"it is {turn[0] if turn else 'nobody'}'s turn, not yours")
        assert self.learner is not None
        return self.game.act(self.learner, text)

    def hint(self) -> WayDecision:
        """What the robot would do in the learner's place (on his player's view)."""
        if not self.learners_turn:
            raise TutorError("it is not your turn: there is nothing to hint")
        self.hints += 1
        self.hinted.add(len(self.game.steps))
        return robot_action(self.game)

    def undo(self) -> bool:
        """Take back the learner's last action and the robots' after it."""
        steps = self.game.steps
        mine = [i for i, (p, _) in enumerate(steps) if p == self.learner]
        if not mine:
            return False
        self.game = WayGame(self.setup, steps[:mine[-1]])
        self.hinted = {i for i in self.hinted if i <= mine[-1]}  # a hint before the move taken back still counts
        return True

    def seen(self) -> dict[Seat, str]:
        """The hands the learner may look at now, as PBN hands (his player's view)."""
        if self.learner is None:
            return {s: self.game.hand(s).to_pbn() for s in SEATS}
        return {s: h.to_pbn() for s, h in self.game.visible(self.learner).items()}

    def score(self) -> DealScore:
        return game_score(self.game)

    def records(self) -> dict[str, dict[str, int]]:
        return game_records(self.game, self.score())

    def to_json(self) -> dict[str, Any]:
        game = self.game
        out: dict[str, Any] = {
            "players": self.way.players, "way": self.way.name, "law": self.way.law, "seed": self.seed,
            "options": dict(self.way.options), "first_dealer": self.first_dealer, "rubber": self.rubber,
            "deal_no": self.deal_no, "learner": self.learner, "dealer": self.setup.dealer,
            "dummy_player": self.setup.dummy_player,
            "seats": {p: game.seat_of(p).value for p in self.setup.players},
            "dealt": {s.value: " ".join(str(c) for c in self.setup.hands[s]) for s in SEATS},
            "buy_in": [str(c) for c in self.setup.buy_in],
            "steps": [{"player": p, "action": a} for p, a in game.steps],
            "robots": [d.to_json() for d in self.log],
            "contract": str(game.contract.bid) if game.contract else None,
            "declarer": game.declarer, "phase": game.phase,
        }
        if game.phase == "over":
            score = self.score()
            out["tricks"] = {p: game.tricks_of(p) for p in self.setup.players}
            out["score"] = {"items": [i.to_json() for i in score.items], "x_mark": score.x_mark,
                            "notes": list(score.notes)}
            out["records"] = game_records(game, score)
        out["finished"] = [{"deal_no": n, "steps": [{"player": p, "action": a} for p, a in steps]}
                           for n, steps in self.finished]
        if self.learner is not None:  # the robots' tables (`tutor robots`) stay the same for the same seed
            out["uid"], out["hinted"] = self.uid, sorted(self.hinted)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, reasons: bool = True) -> WayTable:
        """The table ``to_json`` wrote; ``reasons``: find the robots' reasons again (the page shows them).
        Checked as the table is replayed: the deal number 0 to :data:`MAX_RUBBER_DEALS`, the rubber of the
        rotation 0 to :data:`MAX_ROUND`, every step (this deal's and each finished deal's) through the
        engine's rules, and each finished deal, numbered below this one in order, over."""
        try:
            way = find_way(int(data["players"]), str(data["way"]), dict(data.get("options") or {}))
            steps = _steps(data.get("steps", ()))
            first = data.get("first_dealer")
            table = cls(way, int(data["seed"]), deal_no=_bounded(data, "deal_no", MAX_RUBBER_DEALS),
                        learner=data.get("learner"), steps=steps, dealer=str(first) if first else None,
                        rubber=_bounded(data, "rubber", MAX_ROUND), uid=stored_uid(data, _UID_FIELDS))
            table.finished = _finished(table, data.get("finished") or [])
            table.hinted = {int(i) for i in list(data.get("hinted") or ())[:len(steps) + 1]}
        except (KeyError, TypeError, ValueError) as err:  # a TutorError is a ValueError
            raise TutorError(f"the stored table is damaged: {err}") from None
        if reasons:
            table.log = table.robots_reasons()
        return table

    def robots_reasons(self) -> list[WayDecision]:
        """The robots' decisions behind their steps so far, found again by replaying the deal
        (a restored table shows why the robots chose as they did)."""
        return [decision for _, _, decision in robot_along(self.setup, self.game.steps,
                                                           lambda player: player != self.learner)]

    def label(self, seat: Seat) -> str:
        """Whose cards lie at ``seat``, as the learner reads it."""
        return whose(self.game, seat, self.learner)


#: what a way's table stored before uids existed is known by
_UID_FIELDS = ("players", "way", "options", "seed", "rubber", "deal_no", "first_dealer", "learner")


def _bounded(data: Mapping[str, object], name: str, last: int) -> int:
    """A stored whole number 0 to ``last`` (absent: 0); anything else is damage."""
    value = data.get(name, 0)
    if type(value) is not int or not 0 <= value <= last:
        raise ValueError(f"{name} {str(value)[:24]} is not a whole number from 0 to {last}")
    return value


def _steps(stored: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(stored, list | tuple):
        raise ValueError(f"steps stored as {type(stored).__name__}, not a list")
    return tuple((str(s["player"]), str(s["action"])) for s in stored)


def _finished(table: WayTable, stored: object) -> list[tuple[int, tuple[tuple[str, str], ...]]]:
    """The rubber's finished deals as stored: each numbered below the table's deal, in order, its steps
    replayed through the engine's rules to a deal that is over (the rubber's record is made of them)."""
    if not isinstance(stored, list | tuple):
        raise ValueError(f"finished deals stored as {type(stored).__name__}, not a list")
    if len(stored) > table.deal_no:
        raise ValueError(f"deal {table.deal_no} follows at most {table.deal_no} finished, not {len(stored)}")
    finished: list[tuple[int, tuple[tuple[str, str], ...]]] = []
    for deal in stored:
        if not isinstance(deal, Mapping):
            raise ValueError(f"a finished deal is {type(deal).__name__}, not a deal")
        deal_no = _bounded(deal, "deal_no", table.deal_no - 1)
        if finished and deal_no <= finished[-1][0]:
            raise ValueError(f"finished deal {deal_no} after deal {finished[-1][0]}")
        steps = _steps(deal["steps"])
        done = WayTable(table.way, table.seed, deal_no=deal_no, learner=table.learner, steps=steps,
                        dealer=table.first_dealer, rubber=table.rubber)
        if done.phase != "over":
            raise ValueError(f"finished deal {deal_no} is not over ({done.phase})")
        finished.append((deal_no, steps))
    return finished


def five_robot_rubber(seed: int, rubber: int, max_deals: int = 40) -> tuple[FiveTable, Rubber, list[dict[str, Any]]]:
    """The four seated for ``rubber`` of the rotation play a seeded four-handed rubber by robots.

    Returns the table, the rubber (over unless ``max_deals`` passed first) and each deal told by
    the players' names (dealer, contract, declarer, the declaring side's tricks).
    """
    table = five_table(FIVE_NAMES, rubber)
    names = {seat: name for name, seat in table.seats().items()}
    played = Rubber()
    deals: list[dict[str, Any]] = []
    rng = random.Random(f"{seed}:{rubber}")
    while not played.is_over and len(deals) < max_deals:
        dealer = SEATS[len(deals) % 4]
        record = robot_deal(random_deal(rng), dealer)
        contract = record.contract
        tricks = record.tricks[contract.declarer.side] if contract else 0
        played.add(RubberDeal(record.deal, contract, tricks, dealer=dealer))
        deals.append({"dealer": names[dealer], "contract": str(contract.bid) if contract else "pass",
                      "spoken": contract.bid.spoken if contract else "pass",
                      "declarer": names[contract.declarer] if contract else None, "tricks": tricks})
    return table, played, deals
