"""The end-of-deal review at a way's table (two and three players): the learner's deviations, each with its law.

A deviation is a learner's action that differs from what the way's robot chooses in his place, on
his own player's view (:func:`~tutor.lessons.ways.robots.robot_action`): the book's convention where
the book has one for the position (its laws), else the tutor's stated default for the way (marked
so, and never a mistake). Each is priced as the four-handed table's review prices it
(:mod:`tutor.lessons.table.review`): the robots finish the deal from that moment once with the
robot's choice and once with the learner's, and the learner's side's net points of the deal (its
whole score less the other side's) are compared; where the deal is a four-handed one for the
solver (four hands of 13, partners opposite), double dummy too; and, for a card or a call, when the
learner asks, on what he could know (:mod:`tutor.lessons.ways.sampled`: the cards he could not see
dealt again as the play allows, the calls not read; after a call the robots finish the auction on
each layout). Each price is said in words, or the choice was free here; a sampled line asked for where
the deal does not allow one (tricks of two cards, the buy-in still to come, the traded dummies beside
the players) is said to be missing, and why (:func:`unsampled_reason`), never left out silently.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import Card, Deal, Hand, Seat, Side
from tutor.engine.errors import NotationError
from tutor.engine.json_types import JsonObject
from tutor.engine.tricks import TrickPlay
from tutor.engine.ways.game import WayGame
from tutor.engine.ways.result import game_score
from tutor.lessons.table.review import certainty_words, worth_words
from tutor.lessons.ways.robots import WayDecision, play_by_robots, robot_along
from tutor.lessons.ways.sampled import WaySampled, finish_auction, sampled_line, side_net, solved_outcomes
from tutor.lessons.ways.table import WayTable
from tutor.lessons.words import RECOVERED_NOTE, laws_named, learner_words, pretty_cards, spoken_call

#: how a call's layouts are made and priced, in the learner's words (the sampled line of a call)
CALL_LAYOUTS = ("dealt again at random: nothing is read from the calls, since this way's bidding follows the "
                "tutor's stated defaults, which are no convention of the book to read; on each the robots finish "
                "the auction after your call and after the book's, and the contract is played seeing every card")


@dataclass(frozen=True)
class WayDeviation:
    """The learner's action ``given`` at step ``index`` where the robot chose ``robot.action``."""

    index: int
    given: str
    robot: WayDecision
    points: tuple[int, int]  # the learner side's net points: (the robot's choice, the learner's)
    double_dummy: tuple[int, int] | None = None  # the same by double dummy, where the deal allows it
    sampled: WaySampled | None = None  # on what the learner could know, when asked and the deal allows it
    #: asked for but not priced on what the learner could know: why, in words (:func:`unsampled_reason`)
    unsampled: str = ""

    @property
    def points_lost(self) -> int:
        """Points the learner's choice cost by the robots' playout (negative: it gained)."""
        return self.points[0] - self.points[1]

    def sentences(self) -> tuple[str, str]:
        """The review as a teacher says it (as at the four-handed table): what you did and what the book
        does — or, where no law of the book speaks, the way's stated default, which is never a mistake;
        then what the difference was worth, in words, or that the choice was free here."""
        laws = laws_named(self.robot.laws)
        cited = f" ({laws})" if laws else ""
        if self.robot.default:
            whose = (f"no law of the book speaks here, so this is no mistake; the tutor's default for this way "
                     f"{_does(self.robot.action)}{cited}")
        else:
            whose = f"the book {_does(self.robot.action)} here{cited}"
        return f"You {_did(self.given)}; {whose}.", self.worth_sentence()

    def worth_sentence(self) -> str:
        """What the difference was worth, each measure said in words (never a bare figure)."""
        dd = None if self.double_dummy is None else self.double_dummy[0] - self.double_dummy[1]
        sampled_same = self.sampled is None or round(self.sampled.points[0] - self.sampled.points[1]) == 0
        if self.points_lost == 0 and dd in (None, 0) and sampled_same:
            seen = "seen with every card (double dummy) and " if dd is not None else ""
            known = ("" if self.sampled is None else
                     f", and on average over the {self.sampled.layouts} layouts of the cards you could not see")
            return (f"The choice was free here: the deal scores the same for your side either way, {seen}in the robots' "
                    f"playout{known}.{self._unsampled_sentence()}")
        parts = [] if dd is None else [f"Seen with every card (double dummy), your choice {worth_words(dd)}"]
        if self.sampled is not None:
            book, given = self.sampled.points
            sure = certainty_words(self.sampled.comparison)
            how = CALL_LAYOUTS if self.sampled.call else "as the play so far allows"
            parts.append(f"on what you could know (the average over {self.sampled.layouts} layouts of the cards you "
                         f"could not see, {how}) it {worth_words(round(book - given))}"
                         + (f", {sure}" if sure else ""))
        parts.append(f"in the robots' playout (the robots finish the deal from here) it {worth_words(self.points_lost)}")
        text = "; ".join(parts)
        return text[0].upper() + text[1:] + "." + self._unsampled_sentence()

    def _unsampled_sentence(self) -> str:
        return f" On what you could know it is not priced here: {self.unsampled}." if self.unsampled else ""

    def to_json(self) -> JsonObject:
        return {"index": self.index, "given": self.given, "robot": self.robot.to_json(),
                "points": {"robot": self.points[0], "given": self.points[1]}, "points_lost": self.points_lost,
                "double_dummy": None if self.double_dummy is None else
                {"robot": self.double_dummy[0], "given": self.double_dummy[1]},
                "sampled": None if self.sampled is None else
                {"layouts": self.sampled.layouts, "robot": round(self.sampled.points[0], 1),
                 "given": round(self.sampled.points[1], 1), **self.sampled.comparison.to_json()}}


def said(action: str) -> str:
    """An action as the learner reads it: a call spoken, a card with its suit symbol, else as written."""
    if action[:1].isdigit() or action == "P":
        return spoken_call(action)
    head, _, rest = action.partition(" ")
    if head in ("swap", "give"):
        return f"{head} {pretty_cards(rest.split()[0])}" + (f" to {rest.split()[1]}" if len(rest.split()) > 1 else "")
    return pretty_cards(action)


#: the verbs of an action, as the learner did it and as the book (or the way's default) does it
_VERBS = {"pass": ("passed", "passes"), "bid": ("bid", "bids"), "card": ("played", "plays"),
          "other": ("chose", "chooses")}


def _did(action: str) -> str:
    """"passed", "bid two hearts", "played ♣K", "chose “keep”" — what the learner did."""
    return _action_words(action, 0)


def _does(action: str) -> str:
    """"passes", "bids two hearts", "plays ♣10", "chooses “keep”" — what the book or the default does."""
    return _action_words(action, 1)


def _action_words(action: str, tense: int) -> str:
    if action == "P":
        return _VERBS["pass"][tense]
    if action[:1].isdigit():
        return f"{_VERBS['bid'][tense]} {said(action)}"
    if _is_card(action):
        return f"{_VERBS['card'][tense]} {said(action)}"
    return f"{_VERBS['other'][tense]} “{said(action)}”"


def _is_card(action: str) -> bool:
    try:
        Card.parse(action)
    except NotationError:
        return False
    return True


def way_deviations(table: WayTable, layouts: int = 0) -> tuple[WayDeviation, ...]:
    """Every action of the learner that differs from the robot's in his place, priced by the robots' playout,
    double dummy where the deal allows it, and over ``layouts`` layouts of what he could not see (a card, a call)."""
    if table.learner is None:
        return ()
    steps = table.game.steps
    found = []
    for index, action, decision in robot_along(table.setup, steps, lambda player: player == table.learner):
        if decision.allows(action):  # a card the book allows alike is no deviation
            continue
        before = WayGame(table.setup, steps[:index])  # the position, the pricing's own to keep
        points = (_playout(before, decision.action, table.learner), _playout(before, action, table.learner))
        robot_dd = double_dummy_net(before, decision.action, table.learner)
        given_dd = double_dummy_net(before, action, table.learner)
        dd = None if robot_dd is None or given_dd is None else (robot_dd, given_dd)
        sampled = sampled_line(before, (decision.action, action), table.learner, layouts,
                               f"{table.seed}:{table.deal_no}:{index}")
        unsampled = unsampled_reason(before) if layouts > 0 and sampled is None else ""
        found.append(WayDeviation(index, action, decision, points, dd, sampled, unsampled))
    return tuple(found)


def unsampled_reason(before: WayGame) -> str:
    """Why a move at ``before`` has no sampled line though one was asked for, in the learner's words: the
    layouts are priced by the solver, which reads four hands of 13 with partners opposite."""
    if before.way.two_handed_play:
        return "this way's tricks have two cards, and the solver prices only four-handed play"
    if before.phase == "auction" and before.way.buy_in:
        return ("the buy-in still follows the auction, so no contract is yet a four-handed deal the solver "
                "can price")
    if before.phase == "auction":
        return ("on some layouts the contract would be played with the traded dummies beside the players, not "
                "opposite their partners as the solver needs")
    if before.phase != "play":
        return "this move comes before the hands are settled for the play, which alone the solver prices"
    return "the traded dummies lie beside the players, not opposite their partners as the solver needs"


def review_lines(table: WayTable, layouts: int = 0) -> list[str]:
    """The review as text: each deviation with its law (or the way's stated default) and its prices (on
    ``layouts`` layouts of what the learner could know too, when positive)."""
    deviations = way_deviations(table, layouts)
    if table.learner is None:
        return []
    if not deviations:
        return ["Review: every move of yours was the robot's — the book's, or this way's stated default."]
    lines = ["Review of your moves:"]
    for deviation in deviations:
        choice, price = deviation.sentences()
        lines += [f"  {choice}", f"    {learner_words(deviation.robot.explanation)}", f"    {price}"]
    if any("≈" in line for line in lines):
        lines.append(RECOVERED_NOTE)
    return lines


def double_dummy_net(before: WayGame, action: str, learner: str) -> int | None:
    """The learner side's net points when ``action`` is taken and the rest is played double dummy (the
    four-handed review's solver); ``None`` where the deal is not a four-handed one for the solver: tricks
    of two cards, the buy-in still to come, the traded dummies beside the players, or a move before the
    hands are settled. After a call the robots finish the auction and the contract is solved from its
    first lead (:func:`~tutor.lessons.ways.sampled.solved_outcomes`, as the sampled line's layouts)."""
    from tutor.engine.solver.analysis import card_values

    game = WayGame(before.setup, before.steps)
    game.act(learner, action)
    if game.way.two_handed_play or before.phase not in ("auction", "play"):
        return None
    if before.phase == "auction":
        finish_auction(game)
        solved = solved_outcomes([game], learner)
        return None if solved is None else solved[0][1]
    contract, play = game.play_contract, before.play
    if contract is None or not isinstance(play, TrickPlay) or not game.partners_opposite:
        return None
    trick = play.current_trick
    remaining = Deal({s: Hand([*play.hand(s), *(c for p, c in trick.plays if p is s)]) for s in Seat})
    values = card_values(remaining, contract.bid.strain, trick.leader, [c for _, c in trick.plays])
    seat = play.to_play
    side_total = play.tricks_won(seat.side) + values[Card.parse(action)]
    declaring = side_total if seat.side is contract.declarer.side else 13 - side_total  # noqa: PLR2004
    return side_net(game, contract, declaring, learner)


def _playout(before: WayGame, action: str, learner: str) -> int:
    """The learner side's net points when ``action`` is taken here and robots play every place after."""
    game = WayGame(before.setup, before.steps)
    game.act(learner, action)
    play_by_robots(game)
    score = game_score(game)
    side = game.seat_of(learner).side
    return score.total(side) - score.total(Side.EW if side is Side.NS else Side.NS)


__all__ = ["WayDeviation", "double_dummy_net", "review_lines", "said", "unsampled_reason", "way_deviations"]
