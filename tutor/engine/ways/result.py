"""The result of a way's deal: its score (scoring 1-22 through the four-handed engine, or the
two-handed rules) and each player's record of it; and a property the tests use.
"""

from __future__ import annotations

from tutor.engine.errors import IllegalCallError, IllegalPlayError, TutorError
from tutor.engine.rules import Rules
from tutor.engine.scoring.items import DealScore
from tutor.engine.tricks import TrickPlay
from tutor.engine.ways.duel import DuelPlay
from tutor.engine.ways.game import WayGame
from tutor.engine.ways.score import duel_score, four_hand_score, player_records


def check_legal(game: WayGame) -> None:
    """Every legal action is accepted by a copy of the game (a property the tests use)."""
    for action in game.legal_actions()[:3]:
        turn = game.to_act
        assert turn is not None
        copy = WayGame(game.setup, game.steps)
        try:
            copy.act(turn[0], action)
        except (IllegalCallError, IllegalPlayError) as err:  # pragma: no cover - a failed invariant
            raise AssertionError(f"legal action {action} refused: {err}") from None


def game_score(game: WayGame, rules: Rules | None = None) -> DealScore:
    """The finished deal's score (law of the way; scoring 1-22)."""
    if game.phase != "over":
        raise TutorError("the deal is not over yet")
    contract = game.play_contract
    if game.way.two_handed_play:
        if contract is None or not isinstance(game.play, DuelPlay):
            return DealScore((), x_mark=True, notes=("Nobody bid: an X is written (scoring 8).",))
        seats = game.play.seats
        taken = {s: game.play.tricks_won(s) for s in seats}
        return duel_score({s: game.final_hands()[s] for s in seats}, contract, taken, rules)
    tricks = 0
    if contract is not None and isinstance(game.play, TrickPlay):
        declarer = game.owner(contract.declarer)
        assert declarer is not None
        tricks = game.tricks_of(declarer)
    return four_hand_score(game.way, game.scored_hands(), contract, tricks, rules)


def game_records(game: WayGame, score: DealScore) -> dict[str, dict[str, int]]:
    return player_records(game.way, {p: game.seat_of(p) for p in game.setup.players}, score)
