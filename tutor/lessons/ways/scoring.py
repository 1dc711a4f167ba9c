"""Scoring quiz levels for two, three and five players (issue 19), from seeded robot deals and rubbers.

Each level plays its way by robots (:mod:`tutor.lessons.ways.robots`) on a seed, scores it with the
ways' engine (:mod:`tutor.engine.ways`) and asks for the figures that way keeps differently from the
four-handed game:

* ``two-handed-deal`` — the ways without dummies (exchange, one card at a time): each player's entries
  below and above the line, honours by the two-handed rule (the one holding more writes them).
* ``two-buy-in-rubber`` — the buy-in way's rubber, 600 below the line for a partie: the parties' and
  rubber's bonuses, each record, and what the lower record pays.
* ``three-auction-records`` — three independent records, the defenders both writing their side's
  entries in full, the first to 500 below the line ending it: each record and each payment.
* ``three-dummy-rubber`` — the rotating dummy: the rubber's bonuses, each side's record, and what each
  opponent pays the dummy-player (half the difference each; he pays both when he loses).
* ``five-running-record`` — the record so far (the book's own line), a rubber of the rotation played by
  robots; each player's entry after it.

Every blank's explanation is the engine's items (in the players' names, not seat letters) with their
laws as ids for the page to name.

>>> q = make_way_question("two-handed-deal", 1)
>>> sorted(b.key for b in q.blanks)
['A:above', 'A:below', 'B:above', 'B:below']
>>> all(r.correct for r in check_way(q, {b.key: b.expected for b in q.blanks}))
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tutor.engine.calls import Contract
from tutor.engine.cards import Hand, Seat, Side
from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.engine.rubber import Rubber
from tutor.engine.rules import Rules
from tutor.engine.scoring.items import DealScore, ScoreItem
from tutor.engine.settlement import dummy_player_payments, three_player_payments, two_player_payments
from tutor.engine.ways.catalogue import Way, find_way
from tutor.engine.ways.game import WayGame, deal_way
from tutor.engine.ways.records import ThreeRecords, WayRubber
from tutor.engine.ways.result import game_score
from tutor.engine.ways.score import way_rules
from tutor.lessons.review import Exercise
from tutor.lessons.ways.narrate import in_words, seat_words
from tutor.lessons.ways.robots import play_by_robots
from tutor.lessons.ways.table import FIVE_NAMES, five_robot_rubber
from tutor.lessons.words import action_text, hand_line

#: deals tried for one played deal, and for one rubber or partie (robots often throw a deal in)
MAX_DEALS = 60
BONUS_KINDS = ("partie", "rubber", "x_mark")
#: the book's five-player line (RO l.545), the record before the quiz's rubber
BOOK_FIVE_LINE = {"T": -55, "A": 109, "K": 16, "F": -33, "N": -37}


@dataclass(frozen=True)
class WayLevel:
    id: str
    players: int
    ways: tuple[str, ...]
    title: str
    description: str
    laws: tuple[str, ...]


WAY_LEVELS: tuple[WayLevel, ...] = (
    WayLevel("two-handed-deal", 2, ("exchange", "one-card"), "Two players without dummies: one deal",
             "Two players, no dummies (keep or exchange your hand; or buy one card at a time). The hands as the "
             "play began, the contract and the tricks: write each player's entries. Honours are the two-handed "
             "rule's: the player holding more writes them, three or more, or two against one or none.",
             ("two-2", "two-5", "scoring-12")),
    WayLevel("two-buy-in-rubber", 2, ("buy-in",), "Two players with a buy-in: a rubber to 600",
             "A rubber of the buy-in way: each deal's entries are given. A partie needs 600 below the line in "
             "this way, not 500: write the parties' and rubber's bonuses, each record, and what the lower "
             "record pays.", ("two-4", "scoring-7")),
    WayLevel("three-auction-records", 3, ("auction",), "Three players, the auction way: three records",
             "All three bid for the open dummy. Each keeps his own record: the declarer writes his side's "
             "entries, each defender the defenders' entries in full (the tutor's reading: the book says so of the "
             "penalties). The first to 500 below the line ends the rubber; each other player pays the highest "
             "record the difference.", ("three-2", "three-3")),
    WayLevel("three-dummy-rubber", 3, ("dummy",), "Three players with a rotating dummy: a rubber",
             "One player plays with the dummy against the other two for a whole rubber. Write the parties' "
             "and rubber's bonuses, each side's record, and what each opponent pays the dummy-player: half "
             "the difference each when he wins; when he loses he pays each of them half (the tutor's reading of "
             "\u201che pays equally for himself and for the dummy\u201d).",
             ("three-1", "scoring-7")),
    WayLevel("five-running-record", 5, ("sit-out",), "Five players: the running record",
             "Four play a rubber, one sits out in turn. The record so far is the book's own example; the "
             "robots play the next rubber. Write each player's entry after it: the winners add the "
             "difference, the losers take it off, the one sitting out writes nothing (the tutor's reading: the "
             "book gives the record's form, and says a new one replaces it after each rubber).", ("five-1", "five-2")),
)
LEVELS_BY_ID = {level.id: level for level in WAY_LEVELS}


@dataclass(frozen=True)
class WayBlank:
    """One figure to fill in: ``key`` names it ("A:below", "pays:B"), ``why`` is the itemized answer."""

    key: str
    label: str
    expected: int
    why: str
    laws: tuple[str, ...]


@dataclass(frozen=True)
class WayScoringQuestion:
    level: WayLevel
    seed: int
    way: Way
    story: tuple[str, ...]
    blanks: tuple[WayBlank, ...]
    #: what the figures were computed from, for the tests' independent checks
    rubber: Rubber | None = None
    deal_scores: tuple[tuple[str | None, DealScore], ...] = ()
    hands: Mapping[str, Hand] = field(default_factory=dict)
    contract: Contract | None = None

    def blank(self, key: str) -> WayBlank:
        return next(b for b in self.blanks if b.key == key)

    @property
    def id(self) -> str:
        return f"{self.level.id}-{self.seed}"

    @property
    def position(self) -> str:
        return f"{self.level.id} seed {self.seed}"


@dataclass(frozen=True)
class WayBlankResult:
    blank: WayBlank
    given: int | None

    @property
    def correct(self) -> bool:
        return self.given == self.blank.expected

    @property
    def message(self) -> str:
        b = self.blank
        if self.correct:
            return f"{b.label}: right, {b.expected}. {b.why}."
        given = "nothing" if self.given is None else str(self.given)
        return f"{b.label}: you wrote {given}, the answer is {b.expected}. {b.why}."


def is_way_level(level_id: str) -> bool:
    return level_id in LEVELS_BY_ID


# -- playing by robots -----------------------------------------------------------------------


def robot_game(way: Way, key: str, deal_no: int, seed: int, rubber: int = 0) -> WayGame:
    """One deal of ``way`` dealt from ``random.Random(key)`` and played to the end by robots."""
    game = WayGame(deal_way(way, random.Random(key), deal_no, seed, rubber))
    play_by_robots(game)
    return game


def _items_text(items: Sequence[ScoreItem], words: Mapping[str, str], nothing: str) -> str:
    return "; ".join(in_words(i.text, words) for i in items) or nothing


def _laws(items: Sequence[ScoreItem], fallback: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(law for i in items for law in i.laws)) or fallback


def describe_game(game: WayGame, number: int | None = None) -> str:
    """One sentence of a played deal: dealer, contract and declarer, each player's tricks."""
    head = f"Deal {number}: " if number is not None else ""
    head += f"{game.setup.dealer} deals. "
    contract = game.play_contract
    if contract is None:
        return head + "Nobody bids: the deal is thrown in."
    declarer = game.declarer or ""
    if game.way.players == 3:  # noqa: PLR2004 - the two defenders take their tricks together
        with_dummy = game.owner(Seat.S) or declarer  # the dummy-player, or the auction's winner
        others = [p for p in game.setup.players if p != with_dummy]
        tricks = (f"{with_dummy} with the dummy {game.tricks_of(with_dummy)}, {' and '.join(others)} "
                  f"{game.tricks_of(others[0])}")
    else:
        tricks = ", ".join(f"{p} {game.tricks_of(p)}" for p in game.setup.players)
    return head + f"{declarer} declares \"{contract.bid.spoken}\" ({action_text(str(contract.bid))}); tricks: {tricks}."


def _given_entries(score: DealScore, words: Mapping[str, str]) -> tuple[str, ...]:
    return tuple(f"written: {in_words(i.text, words)}" for i in score.items)


# -- the levels ---------------------------------------------------------------------------------


def _two_handed(level: WayLevel, seed: int) -> WayScoringQuestion:
    way = find_way(2, level.ways[seed % len(level.ways)])
    for n in range(MAX_DEALS):
        game = robot_game(way, f"{seed}:{n}", n, seed)
        if game.play_contract is not None:
            break
    else:
        raise TutorError(f"seed {seed}: the robots threw in {MAX_DEALS} deals running")
    score = game_score(game)
    words = seat_words(game)
    hands = game.final_hands()
    story = [f"The way: {way.title}.", describe_game(game)]
    # as every hand is shown ("♠ K Q 5  ♥ 10 9 3 …"), not in PBN ("KQ5.T93.AJ5.8762")
    story += [f"{p}'s hand as the play began: {hand_line(hands[game.seat_of(p)])}" for p in game.setup.players]
    blanks = []
    for player in game.setup.players:
        side = game.seat_of(player).side
        for line, label in (("below", "below the line"), ("above", "above the line")):
            items = [i for i in score.items if i.side is side and i.line == line]
            blanks.append(WayBlank(f"{player}:{line}", f"{player}, {label}", sum(i.points for i in items),
                                   _items_text(items, words, f"{player} writes nothing {label}"),
                                   _laws(items, level.laws)))
    return WayScoringQuestion(level, seed, way, tuple(story), tuple(blanks), deal_scores=((game.declarer, score),),
                              hands={p: hands[game.seat_of(p)] for p in game.setup.players},
                              contract=game.play_contract)


def _deal_rubber(way: Way, seed: int, rules: Rules, rubber_no: int = 0) -> tuple[Rubber, list[str], list[WayGame]]:
    """A rubber of ``way`` played deal after deal by robots; the story gives each deal's entries."""
    rubber: Rubber = WayRubber(way, rules) if way.players == 2 else Rubber(rules)  # noqa: PLR2004
    story: list[str] = []
    games: list[WayGame] = []
    for n in range(MAX_DEALS):
        if rubber.is_over:
            break
        game = robot_game(way, f"{seed}:{rubber_no}:{n}", n, seed, rubber_no)
        score = rubber.write_score(game_score(game, rules))
        words = seat_words(game)
        story.append(describe_game(game, n + 1))
        story += list(_given_entries(score, words))
        if score.x_mark:
            story.append("written: an X (a deal thrown in), for the rubber's winner at the end")
        games.append(game)
    if not rubber.is_over:
        raise TutorError(f"seed {seed}: the rubber did not end in {MAX_DEALS} deals")
    return rubber, story, games


def _bonus_blanks(rubber: Rubber, side_names: Mapping[Side, str], words: Mapping[str, str],
                  laws: tuple[str, ...]) -> list[WayBlank]:
    blanks = []
    for side, name in side_names.items():
        items = [i for i in rubber.items if i.side is side and i.kind in BONUS_KINDS]
        blanks.append(WayBlank(f"{name}:bonus", f"{name}, parties, rubber and X marks",
                               sum(i.points for i in items),
                               _items_text(items, words, f"{name} won no partie"), _laws(items, laws)))
    for side, name in side_names.items():
        blanks.append(WayBlank(f"{name}:total", f"{name}, the whole record", rubber.total(side),
                               f"{name}'s entries above and below the line, added up: {rubber.below(side)} "
                               f"below and {rubber.above(side)} above", ("scoring-4",)))
    return blanks


def _buy_in_rubber(level: WayLevel, seed: int) -> WayScoringQuestion:
    way = find_way(2, "buy-in")
    rubber, story, games = _deal_rubber(way, seed, way_rules(way))
    if "partie-tie" in rubber.readings:  # the book has no tie rule: draw the next seed's rubber
        return _buy_in_rubber(level, seed + 10_000)
    sides = {Side.NS: "A", Side.EW: "B"}
    words = {"NS": "A", "EW": "B"}
    blanks = _bonus_blanks(rubber, sides, words, level.laws)
    totals = {"A": rubber.total(Side.NS), "B": rubber.total(Side.EW)}
    paid = two_player_payments(totals)
    why = (f"{paid[0].payer} pays {paid[0].payee} the difference of the records, {totals[paid[0].payee]} - "
           f"{totals[paid[0].payer]}" if paid else "the records are equal: nobody pays")
    blanks.append(WayBlank("pays", "What the lower record pays", paid[0].points if paid else 0, why,
                           ("two-4", "scoring-4")))
    return WayScoringQuestion(level, seed, way, (f"The way: {way.title}.", *story), tuple(blanks), rubber=rubber)


def _three_auction(level: WayLevel, seed: int) -> WayScoringQuestion:
    way = find_way(3, "auction")
    for attempt in range(MAX_DEALS):
        question = _three_auction_once(level, seed, attempt, way)
        if question is not None:
            return question
    raise TutorError(f"seed {seed}: no three-handed partie ended without a tie")


def _three_auction_once(level: WayLevel, seed: int, attempt: int, way: Way) -> WayScoringQuestion | None:
    names = ("A", "B", "C")
    records = ThreeRecords(names)
    story: list[str] = [f"The way: {way.title}."]
    written: dict[str, list[str]] = {n: [] for n in names}
    scores: list[tuple[str | None, DealScore]] = []
    for n in range(MAX_DEALS):
        if records.is_over:
            break
        game = robot_game(way, f"{seed}:{attempt}:{n}", n, seed)
        story.append(describe_game(game, n + 1))
        if game.declarer is None:
            continue
        score = game_score(game)
        words = seat_words(game)
        for side in Side:
            who = words[side.value]
            entries = "; ".join(in_words(i.text, words) for i in score.items if i.side is side)
            story.append(f"{who}: below {score.below(side)}, above {score.above(side)}"
                         + (f" ({entries})" if entries else ""))
        for name in names:
            side = Side.NS if name == game.declarer else Side.EW
            role = "declarer" if side is Side.NS else "defender"
            written[name].append(f"deal {n + 1} as {role} {score.below(side)} + {score.above(side)}")
        records.add(game.declarer, score)
        scores.append((game.declarer, score))
    totals = records.totals()
    if not records.is_over or sorted(totals.values())[-1] == sorted(totals.values())[-2]:
        return None
    blanks = [WayBlank(f"{name}:total", f"{name}'s record", totals[name],
                       "; ".join(written[name]) or f"{name} wrote nothing", ("three-2",)) for name in names]
    blanks += three_payment_blanks(totals)
    return WayScoringQuestion(level, seed, way, tuple(story), tuple(blanks), deal_scores=tuple(scores))


def three_payment_blanks(totals: Mapping[str, int]) -> list[WayBlank]:
    """What each of three players pays at the end (the highest record pays nothing), law three-3."""
    payments = {p.payer: p for p in three_player_payments(totals)}
    blanks = []
    for name in totals:
        pay = payments.get(name)
        why = (f"{name} pays {pay.payee}, the highest record, the difference: {totals[pay.payee]} - {totals[name]}"
               if pay else f"{name} has the highest record and pays nothing: the others pay him")
        blanks.append(WayBlank(f"pays:{name}", f"What {name} pays", pay.points if pay else 0, why, ("three-3",)))
    return blanks


def _three_dummy(level: WayLevel, seed: int) -> WayScoringQuestion:
    way = find_way(3, "dummy")
    rubber_no = seed % 3
    rubber, story, games = _deal_rubber(way, seed, Rules(), rubber_no)
    if "partie-tie" in rubber.readings:
        return _three_dummy(level, seed + 3 * 10_000)
    dummy_player = games[0].setup.dummy_player
    assert dummy_player is not None
    partners = tuple(p for p in games[0].setup.players if p != dummy_player)
    sides = {Side.NS: f"{dummy_player} with the dummy", Side.EW: " and ".join(partners)}
    blanks = _bonus_blanks(rubber, sides, seat_words(games[-1]), level.laws)
    difference = rubber.total(Side.NS) - rubber.total(Side.EW)
    paid = dummy_player_payments(dummy_player, partners, difference)
    for partner in partners:
        pay = next(p for p in paid if partner in (p.payer, p.payee))
        signed = pay.points if pay.payer == partner else -pay.points
        how = ("wins, so each opponent pays him half the difference" if difference > 0
               else "loses, so he pays each opponent half the difference")
        blanks.append(WayBlank(f"pays:{partner}", f"What {partner} pays {dummy_player} (a minus if "
                               f"{dummy_player} pays him)", signed,
                               f"the difference is {rubber.total(Side.NS)} - {rubber.total(Side.EW)} = {difference}; "
                               f"{dummy_player} {how}: {abs(difference)} / 2 = {pay.points}", ("three-1",)))
    intro = (f"The way: {way.title}. {dummy_player} plays with the dummy this rubber against "
             f"{' and '.join(partners)}.")
    return WayScoringQuestion(level, seed, way, (intro, *story), tuple(blanks), rubber=rubber)


def _five(level: WayLevel, seed: int) -> WayScoringQuestion:
    way = find_way(5, "sit-out")
    round_no = seed % 5
    table, rubber, deals = five_robot_rubber(seed, round_no)
    leader, margin = rubber.result()
    if not rubber.is_over or leader is None:
        return _five(level, seed + 5 * 10_000)
    winners = table.pairs[0] if leader is Side.NS else table.pairs[1]
    losers = table.pairs[1] if leader is Side.NS else table.pairs[0]
    before = ", ".join(f"{n} {BOOK_FIVE_LINE[n]:+d}" for n in FIVE_NAMES)
    story = [f"The record so far (the book's example): {before}.",
             f"{table.sitting_out} sits out; {' and '.join(table.pairs[0])} play against "
             f"{' and '.join(table.pairs[1])}."]
    for n, deal in enumerate(deals, 1):
        if deal["declarer"]:
            story.append(f"Deal {n}: {deal['dealer']} deals; {deal['declarer']} declares \"{deal['spoken']}\"; "
                         f"the declaring pair takes {count_of(int(deal['tricks']), 'trick')}.")
        else:
            story.append(f"Deal {n}: {deal['dealer']} deals; all pass.")
    story.append(f"The rubber's sheet: {' and '.join(table.pairs[0])} {rubber.total(Side.NS)}, "
                 f"{' and '.join(table.pairs[1])} {rubber.total(Side.EW)}.")
    blanks = []
    for name in FIVE_NAMES:
        old = BOOK_FIVE_LINE[name]
        if name in winners:
            change, how = margin, f"won the rubber: {old:+d} + {margin}"
        elif name in losers:
            change, how = -margin, f"lost the rubber: {old:+d} - {margin}"
        else:
            change, how = 0, f"sat out and writes nothing: {old:+d} stays"
        blanks.append(WayBlank(f"{name}:record", f"{name}'s record", old + change,
                               f"{name} {how}; the difference is {max(rubber.total(Side.NS), rubber.total(Side.EW))}"
                               f" - {min(rubber.total(Side.NS), rubber.total(Side.EW))} = {margin}",
                               ("five-1", "five-2")))
    return WayScoringQuestion(level, seed, way, tuple(story), tuple(blanks), rubber=rubber)


_MAKERS = {"two-handed-deal": _two_handed, "two-buy-in-rubber": _buy_in_rubber,
           "three-auction-records": _three_auction, "three-dummy-rubber": _three_dummy,
           "five-running-record": _five}


@functools.lru_cache(maxsize=32)
def make_way_question(level_id: str, seed: int) -> WayScoringQuestion:
    """A question of a way's level; the same seed always gives the same question (cached: robots play it)."""
    level = LEVELS_BY_ID.get(level_id)
    if level is None:
        raise TutorError(f"no scoring quiz level {level_id!r} for other table sizes; levels: "
                         f"{', '.join(LEVELS_BY_ID)}")
    return _MAKERS[level_id](level, seed)


def check_way(question: WayScoringQuestion, given: Mapping[str, int | None]) -> tuple[WayBlankResult, ...]:
    """Mark every blank; a blank missing from ``given`` counts as not answered (wrong)."""
    return tuple(WayBlankResult(b, given.get(b.key)) for b in question.blanks)


def serve_way_scoring(item_id: str, seed: int) -> Exercise:
    """A review exercise: one figure (a non-zero one where there is) of a fresh question of ``item_id``."""
    question = make_way_question(item_id, seed)
    pick = [b for b in question.blanks if b.expected] or list(question.blanks)
    blank = random.Random(seed).choice(pick)
    story = "\n".join(f"- {line}" for line in question.story)
    return Exercise("scoring", item_id, prompt=f"{story}\n\n{blank.label}?", expected=str(blank.expected),
                    explanation=f"{blank.why}.", short=str(blank.expected), laws=blank.laws, seed=seed,
                    position=question.position)


__all__ = ["BOOK_FIVE_LINE", "WAY_LEVELS", "WayBlank", "WayBlankResult", "WayLevel", "WayScoringQuestion",
           "check_way", "describe_game", "in_words", "is_way_level", "make_way_question", "seat_words", "serve_way_scoring", "three_payment_blanks"]
