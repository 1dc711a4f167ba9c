"""The cost of a choice on what the learner could know: ledger, sampled layouts, analysis, ``tutor analyse``.

Expectations come from independent properties: the true hand always satisfies what its
calls told (the robots made those calls with it); a sampled layout holds the learner's
cards, the cards each seat played, no card of a suit a seat showed out of, and the
counts the ledger states — each counted directly on the hands; where the unseen cards
are forced the sampled mean is the exact double-dummy value.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest

from tutor.cli import main
from tutor.engine.auction import Auction
from tutor.engine.calls import parse_call
from tutor.engine.cards import Card, Deal, Rank, Seat, Suit
from tutor.engine.deals.generate import random_deal
from tutor.engine.play import opening_leader
from tutor.engine.rules import Rules
from tutor.engine.tricks import TrickPlay
from tutor.lessons.cost.ledger import build_ledger
from tutor.lessons.cost.prices import analyse
from tutor.lessons.cost.sampling import Sample, knowledge_from_view, ledger_of, sample_layouts
from tutor.lessons.robots import RobotDeal, robot_deal, seat_view


def _played_deals(count: int, start: int = 0) -> list[RobotDeal]:
    out = []
    seed = start
    while len(out) < count:
        record = robot_deal(random_deal(random.Random(seed)), list(Seat)[seed % 4])
        if record.contract is not None:
            out.append(record)
        seed += 1
    return out


def _auction(record: RobotDeal, calls: int | None = None) -> Auction:
    auction = Auction(record.dealer)
    for decision in record.auction[:calls]:
        auction.call(parse_call(decision.action))
    return auction


def play_view(record: RobotDeal, cards: int, with_deal: bool = True) -> dict[str, Any]:
    """The view of the seat to play after ``cards`` cards of the robots' play, as tutor advise takes it."""
    assert record.contract is not None
    play = TrickPlay(record.deal, record.contract.trump, opening_leader(record.contract))
    for decision in record.play[:cards]:
        play.play(Card.parse(decision.action), decision.seat)
    seat = play.to_play
    view = seat_view(seat, play.hand(seat), _auction(record), None, play)
    if with_deal:
        view["deal"] = record.deal.to_pbn()
    return view


def bid_view(record: RobotDeal, calls: int) -> dict[str, Any]:
    auction = _auction(record, calls)
    view = seat_view(auction.to_call, record.deal[auction.to_call], auction, None)
    view["deal"] = record.deal.to_pbn()
    return view


@functools.cache
def records() -> list[RobotDeal]:
    """Six deals the robots play, made when a test first asks (not while the suite is collected)."""
    return _played_deals(6)


# -- the ledger: what each call told holds for the hand that made it ---------------------------------


def _count(hand_cards: frozenset[Card], key: Rank | Suit) -> int:
    if isinstance(key, Suit):
        return sum(1 for c in hand_cards if c.suit is key)
    return sum(1 for c in hand_cards if c.rank is key)


def test_every_call_reading_holds_for_the_hand_that_made_it() -> None:
    checked = bounded = 0
    for seed in range(40):
        deal, dealer = random_deal(random.Random(500 + seed)), list(Seat)[seed % 4]
        calls = [parse_call(d.action) for d in robot_deal(deal, dealer).auction]
        ledger = build_ledger(dealer, calls, None, Rules())
        for seat in Seat:
            for reading in ledger.calls[seat]:
                checked += 1
                assert reading.holds(deal[seat]), (seed, seat, reading.call)
                for key, (low, high) in reading.bounds.items():
                    bounded += 1
                    assert low <= _count(deal[seat].cards, key) <= high, (seed, seat, reading.call, key)
    assert checked > 300 and bounded > 50  # the readings say something, and it is true


def test_three_or_four_aces_read_from_an_opening_no_trumps() -> None:
    # law 41: "a player who has three or four aces must, the first time, without passing, say no-trumps"
    ledger = build_ledger(Seat.N, [parse_call("1NT")], None, Rules())
    (reading,) = ledger.calls[Seat.N]
    low, high = reading.bounds[Rank.ACE]
    assert low == 3 and high == 4
    assert "aces" in reading.sentence() and "law 41" in reading.sentence()
    assert "law-" not in reading.sentence()


# -- sampled layouts never contradict what the learner knows ---------------------------------------


def _shown_out(view: dict[str, Any], record: RobotDeal) -> dict[Seat, set[Suit]]:
    """Suits each seat did not follow to, from the robots' record (not from the sampler)."""
    out: dict[Seat, set[Suit]] = {s: set() for s in Seat}
    cards = len(view["played"]) + len(view["trick"])
    plays = record.play[:cards]
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        led = Card.parse(trick[0].action).suit
        for decision in trick[1:]:
            if Card.parse(decision.action).suit is not led:
                out[decision.seat].add(led)
    return out


@pytest.mark.parametrize("cards", [0, 9, 22, 37])
def test_no_layout_contradicts_the_learners_knowledge(cards: int) -> None:
    record = records()[cards % len(records())]
    view = play_view(record, cards)
    known = knowledge_from_view(view)
    sample = sample_layouts(known, seed=3, target=12, budget=30)
    ledger = ledger_of(known)
    out = _shown_out(view, record)
    seen = {Card.parse(d.action): d.seat for d in record.play[:cards]}
    assert len(sample.layouts) == 12
    for layout in sample.layouts:
        assert all(len(layout[s]) == 13 for s in Seat)
        assert layout[known.seat].cards == record.deal[known.seat].cards
        for card, seat in seen.items():
            assert card in layout[seat].cards
        for seat, suits in out.items():
            for suit in suits:
                still = [c for c in layout[seat].cards if c.suit is suit and seen.get(c) is not seat]
                assert not still, (seat, suit)
        if sample.level <= 3:
            for seat in Seat:
                for reading in ledger.calls[seat]:
                    for key, (low, high) in reading.bounds.items():
                        assert low <= _count(layout[seat].cards, key) <= high


def test_a_bidding_position_samples_hands_that_agree_with_the_calls() -> None:
    record = records()[1]
    view = bid_view(record, 3)
    known = knowledge_from_view(view)
    sample = sample_layouts(known, seed=1, target=15, budget=60)
    for layout in sample.layouts:
        assert layout[known.seat].cards == record.deal[known.seat].cards
    if sample.level == 1:  # the robots, given each layout, make the same calls
        for layout in sample.layouts:
            auction = Auction(record.dealer)
            for n, call in enumerate(known.calls):
                if auction.to_call is not known.seat:
                    view_n = seat_view(auction.to_call, layout[auction.to_call], auction, None)
                    from tutor.lessons.robots import advise_view

                    assert advise_view(view_n)["call"] == str(call), n
                auction.call(call)


def test_the_same_seed_gives_the_same_sample() -> None:
    known = knowledge_from_view(play_view(records()[2], 20))
    one = sample_layouts(known, seed=7, target=10, budget=25)
    two = sample_layouts(known, seed=7, target=10, budget=25)
    other = sample_layouts(known, seed=8, target=10, budget=25)
    assert [d.to_pbn() for d in one.layouts] == [d.to_pbn() for d in two.layouts]
    assert one.level == two.level
    assert [d.to_pbn() for d in one.layouts] != [d.to_pbn() for d in other.layouts]


# -- the analysis: exact where the cards are forced -------------------------------------------------


def _forced_view() -> tuple[dict[str, Any], RobotDeal]:
    # the last trick, third hand to play: the one card unseen must be the fourth hand's
    record = records()[0]
    return play_view(record, 50), record


def test_where_the_unseen_cards_are_forced_the_sampled_mean_is_the_double_dummy_value() -> None:
    view, _ = _forced_view()
    known = knowledge_from_view(view)
    analysis = analyse(known, seed=0, layouts=20, budget=20, robots=False)
    for choice in analysis.choices:
        assert choice.double_dummy is not None
        assert choice.sampled.layouts == 20
        assert choice.sampled.tricks == choice.double_dummy.tricks
        assert choice.sampled.points == choice.double_dummy.points
        assert choice.sampled.interval == (choice.sampled.points, choice.sampled.points)


def test_one_layout_gives_the_double_dummy_value_of_that_layout() -> None:
    record = records()[3]
    view = play_view(record, 28)
    known = knowledge_from_view(view)
    only = Sample((record.deal,), 1, 1, {1: 1, 2: 1, 3: 1})
    analysis = analyse(known, sample=only, robots=False)
    best = max(c.double_dummy.points for c in analysis.choices if c.double_dummy)
    for choice in analysis.choices:
        assert choice.double_dummy is not None
        assert (choice.sampled.tricks, choice.sampled.points) == (choice.double_dummy.tricks,
                                                                  choice.double_dummy.points)
        assert choice.sampled.best_share == (1.0 if choice.double_dummy.points == best else 0.0)


def test_the_robots_line_is_the_robots_own_playout_for_the_books_card() -> None:
    record = records()[4]
    cards = 30
    view = play_view(record, cards)
    known = knowledge_from_view(view)
    analysis = analyse(known, seed=0, layouts=5, budget=5)
    book = record.play[cards].action  # the robot at the table played the book's card
    assert analysis.book == book
    assert record.contract is not None
    mine = record.tricks[known.seat.side]
    assert analysis.cost(book).robots is not None and analysis.cost(book).robots.tricks == mine


# -- tutor analyse ---------------------------------------------------------------------------------


def test_tutor_analyse_prints_the_issues_shape(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    view, _ = _forced_view()
    path = tmp_path / "position.json"
    path.write_text(json.dumps(view))
    assert main(["analyse", str(path), "--layouts", "10"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["choices"]
    for choice in out["choices"]:
        assert set(choice) == {"choice", "double_dummy", "sampled", "robots"}
        assert set(choice["double_dummy"]) == {"tricks", "points"}
        assert set(choice["sampled"]) == {"layouts", "tricks", "points", "interval", "best_share"}
        assert choice["sampled"]["layouts"] == 10
        assert set(choice["robots"]) == {"tricks", "points"}


@pytest.mark.parametrize("text, words", [
    ("[1, 2]", "expected a JSON object"),
    ('{"kind": "shuffle"}', "unknown position kind"),
    ('{"kind": "lead", "seat": "S"}', "lacks"),
])
def test_tutor_analyse_bad_input_is_one_clear_line(tmp_path: Any, capsys: pytest.CaptureFixture[str],
                                                  text: str, words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and words in err


def test_tutor_analyse_refuses_a_deal_that_contradicts_the_position(tmp_path: Any,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    view, record = _forced_view()
    other = Deal({s: record.deal[s.lho] for s in Seat})
    path = tmp_path / "position.json"
    path.write_text(json.dumps({**view, "deal": other.to_pbn()}))
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'deal'" in err


def test_one_layout_prices_each_call_as_double_dummy_on_that_layout() -> None:
    record = records()[1]
    known = knowledge_from_view(bid_view(record, 2))
    only = Sample((record.deal,), 1, 1, {1: 1, 2: 1, 3: 1})
    analysis = analyse(known, sample=only, robots=False, choices=("P",))
    assert analysis.book in [c.choice for c in analysis.choices] and "P" in [c.choice for c in analysis.choices]
    for choice in analysis.choices:
        assert choice.double_dummy is not None
        assert (choice.sampled.tricks, choice.sampled.points) == (choice.double_dummy.tricks,
                                                                  choice.double_dummy.points)


def test_the_interval_is_the_normal_approximation_of_the_mean() -> None:
    from tutor.lessons.cost.prices import summarise

    # two layouts scoring 0 and 100: mean 50, sample standard deviation 70.71, standard error 50
    stats = summarise([0, 100], [6, 8], [False, True])
    assert stats.points == 50 and stats.tricks == 7 and stats.best_share == 0.5
    assert stats.interval == pytest.approx((50 - 1.96 * 50, 50 + 1.96 * 50))
    assert summarise([30], [7], [True]).interval == (30, 30)


def test_tutor_analyse_reads_standard_input(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    import io

    view, _ = _forced_view()
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(view)))
    assert main(["analyse", "-", "--layouts", "3", "--seed", "4"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert all(c["sampled"]["layouts"] == 3 for c in out["choices"])
    assert out["level"] in (1, 2, 3, 4) and out["level_words"]


@pytest.mark.parametrize("cards", [0, 13, 30])
def test_the_actual_deal_meets_every_level(cards: int) -> None:
    # the robots made these calls and cards holding these hands, so the true layout must pass
    # the robots' check (level 1) and the ledger (level 3) at any moment of the play
    from tutor.lessons.cost.sampling import robots_agree

    for record in records()[:3]:
        known = knowledge_from_view(play_view(record, cards))
        ledger = ledger_of(known)
        assert robots_agree(known, record.deal)
        assert robots_agree(known, record.deal, plays=False)
        assert all(ledger.holds(s, record.deal[s]) for s in Seat if s is not known.seat)
        for seat in Seat:
            if seat is not known.seat:
                assert all(c(record.deal[seat]) for c in ledger.constraints(seat))
