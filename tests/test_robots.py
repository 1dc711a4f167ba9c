"""The book robots (docs/robots.md): they see only their own seat, and they are `tutor advise`.

Expectations here come from outside the robots: the laws of the game re-checked on the
record (a legal auction that ends, law 28-35 and 76; suit followed, law 147; each card
once; 13 tricks), `tutor advise` run as a command on a view the test builds itself from
the record, and the information property stated on its own: re-dealing the cards a seat
cannot see never changes its decision.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tutor.cli import main
from tutor.engine.auction import Auction
from tutor.engine.calls import Contract, parse_call
from tutor.engine.cards import FULL_PACK, Card, Deal, Hand, Seat, Side
from tutor.engine.deals.generate import random_deal
from tutor.engine.play import opening_leader
from tutor.engine.tricks import TrickPlay
from tutor.lessons.robots import RobotDeal, robot_call, robot_card, robot_deal

SEEDS = range(40)
SEATS = "NESW"


@functools.cache
def records() -> tuple[RobotDeal, ...]:
    """The robots' deal of each seed, made when a test first asks: made at collection, they cost every test
    process about 0.2 s of CPU, the processes that run none of these tests too (issue 31)."""
    return tuple(robot_deal(random_deal(random.Random(seed)), Seat(SEATS[seed % 4])) for seed in SEEDS)


def played() -> list[RobotDeal]:
    return [r for r in records() if r.contract is not None]


def _winner(cards: list[tuple[str, Card]], trump: str | None) -> str:
    """Who takes a trick, by the plain rule of trick-taking (law 167), written out here."""
    led = cards[0][1].suit.value

    def power(card: Card) -> int:
        if trump is not None and card.suit.value == trump:
            return 100 + int(card.rank)
        return int(card.rank) if card.suit.value == led else 0

    return max(cards, key=lambda sc: power(sc[1]))[0]


def test_some_deals_are_played_and_some_passed_out() -> None:
    assert played(), "no seeded deal reached a contract"
    assert len(played()) < len(records()) or len(records()) < 10


@pytest.mark.parametrize("seed", SEEDS, ids=[f"seed{s}" for s in SEEDS])
def test_the_auction_is_legal_and_ends(seed: int) -> None:
    record = records()[seed]
    calls = [d.action for d in record.auction]
    auction = Auction.from_calls(record.dealer, calls)  # raises on any illegal call (laws 28-35)
    assert auction.is_complete
    seats = [d.seat for d in record.auction]
    assert seats == [record.dealer.rotation()[i % 4] for i in range(len(seats))]  # strict rotation
    bids = [c for c in calls if c != "P"]
    if not bids:
        assert record.contract is None and len(calls) == 4  # four opening passes: passed out
    else:
        assert str(record.contract.bid) == bids[-1]
        assert calls[-8:] == ["P"] * 8  # the tutor's reading of law 76: two rounds of passes


@pytest.mark.parametrize("seed", SEEDS, ids=[f"seed{s}" for s in SEEDS])
def test_the_play_follows_suit_uses_each_card_once_and_counts_13_tricks(seed: int) -> None:
    record = records()[seed]
    if record.contract is None:  # all four passed: they throw in their cards, an X is written (scoring 8)
        assert record.play == () and all(n == 0 for n in record.tricks.values())
        return
    hands = {seat: set(record.deal[seat]) for seat in Seat}
    trump = record.contract.trump.value if record.contract.trump else None
    leader = record.contract.declarer.lho.value  # the defender on the declarer's left leads (laws 77-78)
    won = {"NS": 0, "EW": 0}
    plays = [(d.seat.value, Card.parse(d.action)) for d in record.play]
    assert len(plays) == 52 and len({c for _, c in plays}) == 52
    for n in range(13):
        trick = plays[4 * n:4 * n + 4]
        assert trick[0][0] == leader
        led = trick[0][1].suit
        for seat_name, card in trick:
            hand = hands[Seat(seat_name)]
            assert card in hand
            assert card.suit is led or all(c.suit is not led for c in hand), f"revoke by {seat_name} (law 147)"
            hand.remove(card)
        leader = _winner(trick, trump)
        won["NS" if leader in "NS" else "EW"] += 1
    assert won == {s.value: record.tricks[s] for s in Side}


def _cli_json(capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str],
              payload: dict[str, Any] | None = None) -> Any:
    if payload is not None:
        path = tmp_path / "in.json"
        path.write_text(json.dumps(payload), encoding="utf-8")
        args = [*args, str(path)]
    assert main(args) == 0
    return json.loads(capsys.readouterr().out)


def test_the_score_is_what_tutor_score_prints(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for record in records()[:12]:
        request: dict[str, Any] = {"deal": record.deal.to_pbn(), "dealer": record.dealer.value}
        if record.contract is None:
            request["contract"] = "pass"
        else:
            request.update(contract=str(record.contract.bid), declarer=record.contract.declarer.value,
                           tricks=record.tricks[record.contract.declarer.side])
        assert _cli_json(capsys, tmp_path, ["score"], request) == record.to_json()["score"]


def _views(record: RobotDeal) -> Iterator[tuple[dict[str, Any], str]]:
    """Each seat's view at each decision, built here from the record alone, with the robot's choice."""
    calls: list[str] = []
    for decision in record.auction:
        yield ({"kind": "bid", "seat": decision.seat.value, "dealer": record.dealer.value,
                "hand": record.deal[decision.seat].to_pbn(), "auction": list(calls)}, decision.action)
        calls.append(decision.action)
    if record.contract is None:
        return
    gone: set[Card] = set()
    played: list[str] = []
    for n, decision in enumerate(record.play):
        hand = Hand(c for c in record.deal[decision.seat] if c not in gone)
        trick = played[len(played) - n % 4:] if n % 4 else []
        view = {"kind": "card" if trick else "lead", "seat": decision.seat.value, "hand": hand.to_pbn(),
                "dealer": record.dealer.value, "auction": calls, "contract": str(record.contract.bid),
                "declarer": record.contract.declarer.value, "played": played[:len(played) - len(trick)],
                "trick": trick}
        yield view, decision.action
        gone.add(Card.parse(decision.action))
        played.append(decision.action)


def test_every_robot_decision_is_tutor_advise_on_that_seats_view(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = played()[0]
    for view, action in _views(record):
        answer = _cli_json(capsys, tmp_path, ["advise"], view)
        assert answer.get("call", answer.get("card")) == action, view


def test_tutor_advise_answers_every_position_in_a_batch(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    views = [v for record in played()[:3] for v, _ in _views(record)]
    answers = _cli_json(capsys, tmp_path, ["advise"], {"positions": views})
    assert len(answers) == len(views)
    for answer in answers:
        chosen = answer.get("call") or answer.get("card")
        assert chosen, answer  # never "no answer": a convention, or the stated default
        assert answer["laws"], answer
        if answer["default"]:
            assert "the tutor's default" in answer["explanation"]


def _redeal(deal: Deal, seat: Seat, seen: dict[Seat, set[Card]], void: dict[Seat, set[Any]],
            rng: random.Random) -> Deal:
    """Another deal the seat cannot tell from ``deal``: its own hand and every card seen stay put,
    and no seat gets a card of a suit it has shown out of."""
    fixed = {s: set(deal[s]) if s is seat else set(seen.get(s, set())) for s in Seat}
    unseen = [c for c in FULL_PACK if not any(c in cards for cards in fixed.values())]
    for _ in range(500):
        rng.shuffle(unseen)
        room = {s: 13 - len(fixed[s]) for s in Seat}
        hands = {s: set(fixed[s]) for s in Seat}
        allowed = {c: [s for s in Seat if s is not seat and c.suit not in void.get(s, set())] for c in unseen}
        for card in sorted(unseen, key=lambda c: len(allowed[c])):
            open_seats = [s for s in allowed[card] if room[s]]
            if not open_seats:
                break
            chosen = rng.choice(open_seats)
            hands[chosen].add(card)
            room[chosen] -= 1
        else:
            return Deal({s: Hand(hands[s]) for s in Seat})
    raise AssertionError("no consistent re-deal found")


@pytest.mark.parametrize("nth", range(8), ids=[f"played{n}" for n in range(8)])
def test_redealing_the_unseen_cards_never_changes_a_decision(nth: int) -> None:
    record = played()[nth]  # the first eight deals the robots play
    rng = random.Random(7)
    auction = Auction(record.dealer)
    for decision in record.auction:
        for _ in range(3):
            other = _redeal(record.deal, decision.seat, {}, {}, rng)
            assert robot_call(other, auction) == decision
        auction.call(parse_call(decision.action))
    assert record.contract is not None
    seen: dict[Seat, set[Card]] = {}
    void: dict[Seat, set[Any]] = {}
    for n, decision in enumerate(record.play):
        if n % 5 == 0:  # every fifth card: enough positions, still fast
            for _ in range(2):
                other = _redeal(record.deal, decision.seat, seen, void, rng)
                play = TrickPlay(other, record.contract.trump, opening_leader(record.contract))
                for earlier in record.play[:n]:
                    play.play(Card.parse(earlier.action), earlier.seat)
                assert robot_card(play, auction) == decision
        card = Card.parse(decision.action)
        led = Card.parse(record.play[n - n % 4].action).suit
        if card.suit is not led:
            void.setdefault(decision.seat, set()).add(led)  # shown out: everyone at the table saw it
        seen.setdefault(decision.seat, set()).add(card)


def test_robots_command_json_has_the_documented_fields(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = played()[0]
    out = _cli_json(capsys, tmp_path, ["robots", "--deal", record.deal.to_pbn(), "--dealer",
                                       record.dealer.value, "--json"])
    assert set(out) == {"deal", "dealer", "auction", "contract", "declarer", "play", "tricks", "score"}
    assert Deal.from_pbn(out["deal"]) == record.deal
    assert out["contract"] == str(record.contract.bid) if record.contract else "pass"
    assert {"seat", "call", "rule", "laws"} <= set(out["auction"][0])
    assert {"seat", "card", "rule", "laws"} <= set(out["play"][0])
    assert sum(out["tricks"].values()) == 13
    again = _cli_json(capsys, tmp_path, ["robots", "--deal", record.deal.to_pbn(), "--dealer",
                                         record.dealer.value, "--json"])
    assert again == out  # deterministic


@pytest.mark.parametrize("args, words", [
    (["robots", "--seed", str(2**63)], "seed"),
    (["robots", "--deal", "N:AKQ"], "4 hands"),
    (["robots", "--deal", "N:" + "A" * 500], "200 characters"),
    (["robots", "--seed", "1", "--dealer", "Q"], "Q"),
])
def test_robots_command_bad_input_is_one_line(args: list[str], words: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


def test_contract_parse_round_trip_for_records() -> None:
    for record in played():
        assert record.contract is not None
        assert Contract.parse(str(record.contract.bid), record.contract.declarer.value) == record.contract


def _scripted_prefix() -> set[str]:
    """Drills whose partner's calls are scripted by a ``partner_names`` hint, which the drill states
    on the page: law 48's jack (partner names his suit three times running, which no convention of
    the book makes him do) and ≈61's caution (partner raises the weaker suit; the book gives no rule
    for when he does)."""
    from tutor.lessons.bidding.drill import conventions

    return {rule for rule, hints in conventions().drill_hints.items() if "partner_names" in hints}


def test_every_bidding_drill_auction_is_the_robots_auction() -> None:
    """Issue 16: a bidding drill's calls before the learner's turn are the robots' calls on its deal,
    and the book's answer is the robot's call at the learner's seat."""
    from tutor.engine.bidding import ScoreState
    from tutor.lessons.drills.kinds import DRILL_KINDS

    kind = DRILL_KINDS["bidding"]
    scripted = _scripted_prefix()
    assert scripted <= {"law-48-show-a-jack-for-partners-coronet", "law-r61-stop-when-partner-raises-the-weaker-suit"}
    for rule_id in kind.rule_ids():
        if rule_id in scripted:
            continue
        for seed in (1, 2):
            drill = kind.make(rule_id, seed)
            position = drill.position
            deal = Deal.from_pbn(drill.deal_pbn)
            score = ScoreState.from_json(position["score"]) if position.get("score") else None
            auction = Auction(Seat.parse(position["dealer"]))
            for call in position["auction"]:
                assert robot_call(deal, auction, score).action == call, (rule_id, seed, auction)
                auction.call(parse_call(call))
            assert robot_call(deal, auction, score).action == drill.answer, (rule_id, seed)


def test_robots_pbn_output_reads_back_to_the_same_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 18: `tutor robots --seed N --pbn` prints PBN; `--pbn-file F --json` gives the same record."""
    assert main(["robots", "--seed", "2", "--pbn"]) == 0
    text = capsys.readouterr().out
    assert "[Auction" in text and "[Play" in text and "clubs < diamonds" in text
    path = tmp_path / "deal.pbn"
    path.write_text(text, encoding="utf-8")
    from_file = _cli_json(capsys, tmp_path, ["robots", "--pbn-file", str(path), "--json"])
    from_seed = _cli_json(capsys, tmp_path, ["robots", "--seed", "2", "--json"])
    assert from_file == from_seed


def test_a_play_variant_in_force_reaches_every_robot_view() -> None:
    """A robot plays by the variants switched on at its table (here law 86's A K Q lead, conflict
    C17): its view carries them, so `tutor advise` on that view answers under the same rules."""
    from tutor.engine.rules import Rules
    from tutor.lessons.robots import advise_view, seat_view

    rules = Rules.with_variants({"akq-lead": next(o for o in _options("akq-lead") if o != "book")})
    record = played()[0]
    auction = Auction.from_calls(record.dealer, [d.action for d in record.auction], rules)
    play = TrickPlay(record.deal, record.contract.trump, opening_leader(record.contract))
    view = seat_view(play.to_play, play.hand(play.to_play), auction, None, play, rules)
    assert view["variants"] == {"akq-lead": rules.variant_choices()["akq-lead"]}
    assert advise_view(view)["card"]


def _options(name: str) -> list[str]:
    from tutor.engine.rules import VARIANTS

    return [str(o) for o in next(v for v in VARIANTS if v.name == name).options]
