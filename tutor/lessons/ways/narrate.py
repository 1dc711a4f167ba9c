"""A way's deal told as a learner follows it, at the terminal and on the page (issue 29).

Every card says whose hand it came from ("B's dummy", "your hand"), the trick in progress is
shown, each trick's winner is announced, and the end of the deal gives the tricks taken (a
player with his dummy, the partners of the three-handed dummy way together), the score item
by item in the players' names, and each player's record — the partners' shared record once.

The seat letters are the engine's; the learner reads players and their dummies.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from tutor.engine.cards import Card, Seat, Side
from tutor.engine.scoring.items import DealScore
from tutor.engine.ways.duel import DuelPlay
from tutor.engine.ways.game import WayGame
from tutor.lessons.words import action_text, action_words, laws_named, spoken_call


def seat_words(game: WayGame) -> dict[str, str]:
    """How the learner names each seat and side of ``game`` (the seat letters are the engine's)."""
    words: dict[str, str] = {}
    for seat in Seat:
        owner = game.owner(seat)
        if owner is None:
            words[seat.value] = "the pile"
        elif seat is game.seat_of(owner):
            words[seat.value] = owner
        else:
            words[seat.value] = f"{owner}'s dummy" if game.way.players == 2 else "the dummy"  # noqa: PLR2004
    for side in Side:
        people = [p for p in game.setup.players if game.seat_of(p).side is side]
        has_dummy = game.way.dummies and any(game.dummy_of(p) for p in people)
        words[side.value] = " and ".join(people) + (" with the dummy" if has_dummy and game.way.players == 3 else "")  # noqa: PLR2004
    if not game.partners_opposite:  # the sheet reads the traded dummies opposite their players
        words["N"], words["E"] = words["E"], words["N"]
    return words


_SEAT_TOKEN = re.compile(r"\b(NS|EW|N|E|S|W)\b")


#: the engine writes a side's verbs in the plural ("NS hold", "NS reach 500 ... and win", "win their"); a side
#: that is one player ("A", "C with the dummy") takes the singular: "A hold 5 trump honours" read wrongly
_PLURAL_VERBS = ((r" hold\b", " holds"), (r" reach (\d+) below the line and win\b", r" reaches \1 below the line and wins"),
                 (r" win their\b", " wins his"), (r" win\b", " wins"))


def in_words(text: str, words: Mapping[str, str]) -> str:
    """An engine item's text with seat letters and sides replaced by the players' names, the verbs agreeing."""
    named = _SEAT_TOKEN.sub(lambda m: words.get(m.group(1), m.group(1)), text)
    for name in {n for n in words.values() if " and " not in n and n not in ("NS", "EW")}:
        for plural, singular in _PLURAL_VERBS:
            # not the last of a pair ("A and C hold"): the pair's verb stays plural
            named = re.sub(rf"(?<![\w-])(?<!and ){re.escape(name)}{plural}", f"{name}{singular}", named)
    return named


@dataclass(frozen=True)
class PlayedCard:
    """One card of the play: its place, whose cards those are, the trick it went to."""

    seat: Seat
    card: Card
    trick: int  # 1-based
    whose: str


def whose(game: WayGame, seat: Seat, learner: str | None) -> str:
    """Whose cards lie at ``seat``, as ``learner`` reads it (``None``: told by the players' names)."""
    owner = game.owner(seat)
    if owner is None:
        if seat in game.dummy_seats() and game.way.traded:
            dealer_dummy = game.seat_of(game.setup.dealer).partner
            return "the open dummy" if seat is dealer_dummy else "the closed dummy"
        return "the dummy" if seat in game.dummy_seats() else "the pile"
    own = seat is game.seat_of(owner)
    if owner == learner:
        return "your hand" if own else "your dummy"
    if not own and game.way.name == "auction" and game.phase == "auction":
        return "the open dummy"
    return f"{owner}'s hand" if own else f"{owner}'s dummy"


def played_cards(game: WayGame, learner: str | None) -> tuple[PlayedCard, ...]:
    """The cards played so far, in order."""
    play = game.play
    if play is None:
        return ()
    if isinstance(play, DuelPlay):
        plays = [(s, c, n + 1) for n, t in enumerate(play.tricks) for s, c in t.plays]
        plays += [(s, c, len(play.tricks) + 1) for s, c in play.current_trick.plays]
    else:
        plays = [(r.seat, r.card, r.trick + 1) for r in play.log]
    return tuple(PlayedCard(s, c, n, whose(game, s, learner)) for s, c, n in plays)


def trick_size(game: WayGame) -> int:
    return 2 if isinstance(game.play, DuelPlay) else 4  # noqa: PLR2004 - two- or four-card tricks


def step_lines(game: WayGame, start: int, learner: str | None) -> list[str]:
    """The steps from ``start`` told in words, with each finished trick's winner announced."""
    steps = game.steps
    cards = played_cards(game, learner)
    first_card = len(steps) - len(cards)
    size, lines = trick_size(game), []
    for index in range(start, len(steps)):
        player, action = steps[index]
        if index < first_card:
            lines.append(f"{'You' if player == learner else player}: {said(action)}")
            continue
        n = index - first_card
        played = cards[n]
        lines.append(f"{'You' if player == learner else player} play{'' if player == learner else 's'} "
                     f"{played.card.pretty} from {played.whose}")
        if (n + 1) % size == 0:
            lines.append(winner_line(game, cards[n + 1 - size:n + 1], learner))
    return lines


def winner_line(game: WayGame, trick: tuple[PlayedCard, ...], learner: str | None) -> str:
    from tutor.engine.tricks import trick_winner

    contract = game.play_contract
    trump = contract.trump if contract else None
    seat = trick_winner([(p.seat, p.card) for p in trick], trump)
    won = next(p for p in trick if p.seat is seat)
    owner = game.owner(seat) or "?"
    who = "you" if owner == learner else owner
    return f"  Trick {won.trick} to {who}: {won.card.pretty} from {won.whose} wins it."


def current_trick(game: WayGame, learner: str | None) -> tuple[PlayedCard, ...]:
    """The cards of the trick in progress (empty between tricks)."""
    cards = played_cards(game, learner)
    size = trick_size(game)
    return cards[len(cards) - len(cards) % size:] if cards else ()


def trick_line(game: WayGame, learner: str | None) -> str:
    trick = current_trick(game, learner)
    if not trick:
        return "A new trick: nothing played to it yet."
    return "This trick: " + ", ".join(f"{p.card.pretty} from {p.whose}" for p in trick)


def auction_rows(game: WayGame) -> tuple[list[str], list[list[str]]]:
    """The auction as a table with a column per bidder (A-B, A-B-C), first speaker first; a new row
    starts whenever the turn comes round (the dummy-player's one call ends the partners' rows)."""
    dummy_player = game.auction.dummy_player
    seats = game.auction.bidders + ((dummy_player,) if dummy_player else ())
    order = list(dict.fromkeys(game.bidder_at(s) for s in seats))
    rows: list[list[str]] = []
    last = len(order)
    for record in game.auction.records:
        column = order.index(game.bidder_at(record.seat))
        if column <= last:
            rows.append([""] * len(order))
        rows[-1][column] = said(str(record.call))
        last = column
    return order, rows


def said(action: str) -> str:
    if action[:1].isdigit() or action == "P":
        return spoken_call(action)
    return action_words(action)


def sides(game: WayGame) -> list[tuple[str, tuple[str, ...]]]:
    """The sides of the deal as the learner names them, each with its players (partners once)."""
    if game.way.players == 3:  # noqa: PLR2004
        with_dummy = game.owner(Seat.S) or ""
        partners = tuple(p for p in game.setup.players if p != with_dummy)
        return [(f"{with_dummy} with the dummy", (with_dummy,)), (" and ".join(partners), partners)]
    return [(p if not game.way.dummies else f"{p} with his dummy", (p,)) for p in game.setup.players]


def end_of_deal(game: WayGame, score: DealScore, records: dict[str, dict[str, int]]) -> list[str]:
    """Tricks taken, the score item by item in the players' names, and each record (partners once)."""
    lines: list[str] = []
    contract = game.play_contract
    if contract is None:
        return [" ".join(score.notes) or "Nobody bid: the deal is thrown in."]
    lines.append(f"Contract: {contract.bid.spoken} ({action_text(str(contract.bid))}) by {game.declarer}.")
    lines.append("Tricks: " + "; ".join(f"{name} {game.tricks_of(people[0])}" for name, people in sides(game)))
    words = seat_words(game)
    lines.append("The score, item by item:")
    lines += [f"  {i.points} {i.line} the line to {in_words(i.side.value, words)}: {in_words(i.text, words)} "
              f"({laws_named(i.laws)})" for i in score.items] or ["  nothing is written"]
    lines += [f"  {n}" for n in score.notes]
    lines.append("Records of this deal:")
    lines += [f"  {name}: {below} below, {above} above" for name, below, above in shared_rows(game, records)]
    return lines


def shared_rows(game: WayGame, records: dict[str, dict[str, int]]) -> list[tuple[str, int, int]]:
    """Each record once: the rotating dummy's partners settle as one side (RO l.529), so theirs is
    one row; every other player keeps his own (the auction way's defenders write theirs separately)."""
    rows: list[tuple[str, int, int]] = []
    shared = game.way.name == "dummy"
    for name, people in sides(game):
        if shared and len(people) > 1:
            entry = records[people[0]]
            rows.append((f"{name} (partners, one record)", entry["below"], entry["above"]))
            continue
        rows += [(p, records[p]["below"], records[p]["above"]) for p in people]
    return rows


__all__ = ["PlayedCard", "auction_rows", "in_words", "seat_words", "shared_rows", "current_trick", "end_of_deal", "played_cards", "sides", "step_lines", "trick_line",
           "whose", "winner_line"]
