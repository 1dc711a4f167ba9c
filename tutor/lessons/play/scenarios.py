"""Play drill positions from deals the book robots bid and play.

Play drill ``seed`` is found in a seeded stream of deals (:func:`tutor.lessons.play.draft.stream_deal`)
that the four robots of :mod:`tutor.lessons.robots` bid and play, card by card. At every
card the seat in turn sees only its own view (:func:`tutor.lessons.robots.view_of`); the
position built from that view is the one the robot decides on
(:func:`tutor.lessons.robots.card_in`, the function behind ``tutor advise``). A rule's
drill is its first decision in the stream — of any seat — where the robot's own answer is
the rule's and the audit of :mod:`tutor.lessons.play.drill` finds one book-correct answer:
that seat becomes the learner, the auction is the robots' auction and the cards before it
are the robots' cards. No auction is scripted and no card placed.

The search is done once offline for many more deals (``tools/play_bank.py``): a rule's
drill ``seed`` is then entry ``seed % len`` of its bank (:func:`banked_position`), the
banked deal bid and played by the robots up to the decision and checked there; a stale
entry (the rule no longer decides there) is logged and the stream searched instead.

The search reads rules only through the robots' answers and the audit, so a new play
convention needs only its YAML (and its expectation rows). It is bounded (:data:`DEALS`
deals per seed); a rule whose position does not arise in the bound is reported by
:class:`RarelyArises`, in words the learner can read. The same rule and seed always give
the same drill.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from tutor.engine.auction import Auction
from tutor.engine.bidding import ScoreState
from tutor.engine.cards import Deal, Seat
from tutor.engine.conventions import Advice, Rule
from tutor.engine.errors import ContentError, TutorError
from tutor.engine.jsonread import read_json_source
from tutor.engine.play.position import PlayPosition
from tutor.engine.record import DealRecord, Phase
from tutor.engine.rules import Rules
from tutor.lessons.play.draft import steers_of, stream_deal
from tutor.lessons.play.rules import drill_hints
from tutor.lessons.robots import Decision, card_in, run, the_book

#: Deals the robots bid and play, at most, in the search for one drill.
DEALS = 60
#: The bank of positions found offline by tools/play_bank.py, and its format's version.
BANK_PATH = Path(__file__).resolve().parents[1] / "data" / "play_bank.json"  # tutor/lessons/data
BANK_VERSION = 1
#: The bank file's limit (it is a few hundred kilobytes).
BANK_MAX_BYTES = 2 * 1024 * 1024
LOG = logging.getLogger(__name__)
#: Whether the stream's deals are steered by the rules' conditions (docs/play.md).
STEERED = True
#: Audits one position for a rule: the advice when the rule gives one book-correct answer.
Auditor = Callable[[Rule, PlayPosition, Sequence[Rule]], Advice | None]


class RarelyArises(TutorError):
    """The rule's position did not arise in the bound: the book's own auctions hardly lead to it."""


@dataclass(frozen=True)
class RobotPosition:
    """One decision of a robot deal: the position its seat sees, the robot's answer, what came before."""

    deal: Deal
    dealer: Seat
    auction: Auction
    calls: tuple[Decision, ...]
    cards: tuple[Decision, ...]  # the robots' cards before this decision, in order of play
    position: PlayPosition  # built from the seat's view, with the full deal attached
    answer: Decision  # the robot's decision (tutor advise on the view)


def robot_positions(deal: Deal, dealer: Seat, rules: Rules | None = None,
                    score: ScoreState | None = None) -> Iterator[RobotPosition]:
    """Every decision of the play, in order, as the robots bid and play ``deal`` from ``dealer``.

    Exactly :func:`tutor.lessons.robots.robot_deal`'s auction and play (the same view, the
    same adviser), one position built per card; the caller stops when it has what it needs.
    ``score`` is the partie's score the robots see (law 38 in the bidding, law 85 in the play).
    """
    book = the_book()
    record = DealRecord(deal, dealer, score=score, rules=rules)
    calls = tuple(run(record, Phase.AUCTION))
    cards: list[Decision] = []
    while record.phase is Phase.PLAY:
        position = record.view().play_position(book.play)
        decision = card_in(position, book)
        yield RobotPosition(deal, dealer, record.auction, calls, tuple(cards), replace(position, deal=deal),
                            decision)
        record.push(decision.move, decision.seat)
        cards.append(decision)


def scan(seed: int, index: int, conventions: Sequence[Rule], auditor: Auditor,
         rules: Rules | None = None) -> Mapping[str, tuple[RobotPosition, Advice]]:
    """Stream deal ``index`` of ``seed``, bid and played by the robots: for every play rule that
    decides a robot's card in it with one book-correct answer, its first such position.

    The whole deal is played once and every rule read from it, so the drills of all rules for
    one seed cost the robots' play of the same few deals; the last scans are kept in memory
    (:data:`KEPT`), keyed by everything the result depends on.
    """
    key = (seed, index, rules)  # the conventions are checked by identity: a reloaded file scans afresh
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is conventions:
        return kept[1]
    found: dict[str, tuple[RobotPosition, Advice]] = {}
    by_id = {r.id: r for r in conventions}
    deal, dealer = stream_deal(seed, index, steers_of(conventions) if STEERED else ())
    for position in robot_positions(deal, dealer, rules):
        rule = by_id.get(position.answer.rule)
        if rule is None or rule.id in found:
            continue  # a stated default, or a rule already found earlier in this deal
        advice = auditor(rule, position.position, conventions)
        if advice is not None:
            found[rule.id] = (position, advice)
    if len(_KEPT) >= KEPT:
        _KEPT.pop(next(iter(_KEPT)))
    _KEPT[key] = (conventions, found)
    return found


#: Scans kept in memory: enough for every seed a session or a test run visits.
KEPT = 4096
_KEPT: dict[tuple[object, ...], tuple[Sequence[Rule], Mapping[str, tuple[RobotPosition, Advice]]]] = {}


def find_position(rule: Rule, seed: int, conventions: Sequence[Rule], auditor: Auditor,
                  rules: Rules | None = None, deals: int = DEALS,
                  bank: Mapping[str, Sequence[BankEntry]] | None = None) -> tuple[RobotPosition, Advice]:
    """The rule's position for ``seed``: its banked entry ``seed % len`` replayed by the robots when
    the bank has entries for it (book rules only: the bank was found under them), else the first
    position, in seed ``seed``'s stream of robot deals, where ``rule`` decides."""
    if rules is None:
        hit = banked_position(rule, seed, conventions, auditor, load_bank() if bank is None else bank)
        if hit is not None:
            return hit
        searched = never_found().get(rule.id) if bank is None else None
        why = drill_hints(rule.id).get("no_drill")
        if searched and isinstance(why, str):  # the book's own play never leaves it deciding
            raise RarelyArises(f"This convention (“{rule.title}”) has no drill of its own: {why}")
        if searched:  # the offline search's thousands of deals never held it: 60 more would not either
            raise RarelyArises(
                f"This convention (“{rule.title}”) did not arise in the {searched:,} deals that the book's "
                f"robots bid and played when the tutor searched for it: the book's own auctions hardly "
                f"ever lead to it. Try another convention.")
    for index in range(deals):
        hit = scan(seed, index, conventions, auditor, rules).get(rule.id)
        if hit is not None:
            return hit
    raise RarelyArises(
        f"This convention (“{rule.title}”) did not arise in the {deals} deals of position {seed} that the "
        f"book's robots bid and played: the book's own auctions hardly ever lead to it. "
        f"Try another position number, or another convention.")


# -- the bank: positions found offline (tools/play_bank.py), replayed by the robots ----------------


@dataclass(frozen=True)
class BankEntry:
    """A banked position: the deal and dealer the robots bid and play, and the decision's index in
    their record of the play (the number of cards played before it). The streams start from an
    empty score; an entry found in the bank's deals near the partie (for law 85) carries that score."""

    deal: Deal
    dealer: Seat
    decision: int
    score: ScoreState | None = None


def banked_rules(bank: Mapping[str, Sequence[BankEntry]] | None = None) -> frozenset[str]:
    """The rules the bank holds positions for."""
    return frozenset(rule for rule, entries in (load_bank() if bank is None else bank).items() if entries)


def load_bank(path: Path | None = None) -> Mapping[str, tuple[BankEntry, ...]]:
    """The bank file (:data:`BANK_PATH` unless named), read with the bounded JSON reader and checked
    entry by entry, once per process; no file, no bank."""
    return _read_bank(path or BANK_PATH)


@functools.lru_cache(maxsize=1)
def never_found() -> Mapping[str, int]:
    """The rules the bank's search never found, each with the number of robot deals searched (the
    bank's streams, its targeted, placed and plain deals), so a drill of one answers at once."""
    if not BANK_PATH.exists():
        return {}
    data = read_json_source(str(BANK_PATH), max_bytes=BANK_MAX_BYTES, max_depth=8)
    if not isinstance(data, dict) or not isinstance(data.get("never_found"), list):
        return {}
    searched = sum(int(data.get(k, 0)) for k in ("stream_deals", "targeted_deals", "placed_deals", "plain_deals")
                   if isinstance(data.get(k), int))
    return {str(rule): searched for rule in data["never_found"]} if searched else {}


@functools.lru_cache(maxsize=4)
def _read_bank(path: Path) -> Mapping[str, tuple[BankEntry, ...]]:
    if not path.exists():
        return {}
    data = read_json_source(str(path), max_bytes=BANK_MAX_BYTES, max_depth=8)
    if not isinstance(data, dict) or data.get("version") != BANK_VERSION or not isinstance(data.get("bank"), dict):
        raise ContentError(f"{path.name}: not a play bank of version {BANK_VERSION}; "
                           f"rebuild it with python tools/play_bank.py")
    return {str(rule): tuple(_entry(path, str(rule), n, item) for n, item in enumerate(entries))
            for rule, entries in data["bank"].items() if isinstance(entries, list)}


def _entry(path: Path, rule: str, n: int, item: object) -> BankEntry:
    where = f"{path.name}: {rule}[{n}]"
    if not isinstance(item, dict):
        raise ContentError(f"{where}: expected an object with deal, dealer, decision")
    decision = item.get("decision")
    if not isinstance(decision, int) or not 0 <= decision < 52:
        raise ContentError(f"{where}: decision must be a card index 0-51")
    try:
        score = None if item.get("score") is None else ScoreState.from_json(item["score"])
        return BankEntry(Deal.from_pbn(str(item["deal"])), Seat.parse(str(item["dealer"])), decision, score)
    except (KeyError, TutorError) as err:
        raise ContentError(f"{where}: {err}") from None


def banked_position(rule: Rule, seed: int, conventions: Sequence[Rule], auditor: Auditor,
                    bank: Mapping[str, Sequence[BankEntry]]) -> tuple[RobotPosition, Advice] | None:
    """Entry ``seed % len`` of the rule's bank, replayed by the robots up to its decision (only up
    to it), if the rule decides there with one book answer; ``None`` (logged) when the entry is
    stale - the robots or the rules changed since the bank was built - or the rule has none."""
    entries = bank.get(rule.id) or ()
    if not entries:
        return None
    entry = entries[seed % len(entries)]
    for n, position in enumerate(robot_positions(entry.deal, entry.dealer, score=entry.score)):
        if n < entry.decision:
            continue
        if position.answer.rule == rule.id:
            advice = auditor(rule, position.position, conventions)
            if advice is not None:
                return position, advice
        break
    LOG.warning("play bank entry %d of %s is stale (the rule does not decide there any more): "
                "searching the stream instead; rebuild the bank with python tools/play_bank.py",
                seed % len(entries), rule.id)
    return None
