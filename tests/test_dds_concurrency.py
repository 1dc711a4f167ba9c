"""Double-dummy analysis under concurrency: two learners at once must never crash the server (issue 13).

DDS corrupts its memory when two threads enter it at once (the process dies,
"Sum N is not four", exit 139). The adapter hands every request to one owner:
worker processes, or this process under a lock. The expectations here do not
come from DDS itself:

- a seat holding all thirteen cards of the trump suit wins every trick: 13 for
  its side whoever of the two declares, 0 for either opponent declaring, and
  every card of the side to play is worth 13 (or 0) tricks;
- tiny endings (three cards each) are solved by the brute-force search in this
  file, written from the rules of trick play (follow suit; the highest trump, or
  else the highest card of the suit led, wins);
- and each concurrent result equals the result for the same deal asked alone.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from work_bounds import HANG_GUARD

from tutor.engine.calls import Strain
from tutor.engine.cards import SEATS, Card, Deal, Hand, Rank, Seat, Suit
from tutor.engine.deals.generate import deal_with
from tutor.engine.errors import TutorError
from tutor.engine.solver import analysis
from tutor.engine.solver.analysis import (
    DDBoard,
    card_values,
    card_values_many,
    dd_tables,
    dd_tricks,
    dd_tricks_many,
)
from tutor.engine.solver.owner import DDOwner, default_workers

ROOT = Path(__file__).resolve().parents[1]
TRUMPS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def all_trumps_deal(seed: int) -> tuple[Deal, Strain, Seat]:
    """A random deal in which one seat holds the whole trump suit."""
    rng = random.Random(seed)
    strain, holder = rng.choice(TRUMPS), rng.choice(SEATS)
    suit = Suit(strain.value)
    return deal_with(rng, {holder: [Card(suit, rank) for rank in Rank]}), strain, holder


def forced_tricks(strain: Strain, holder: Seat, declarer: Seat) -> int:
    """With all thirteen trumps in one hand, that hand's side wins all thirteen tricks."""
    return 13 if declarer.side is holder.side else 0


def at_the_same_moment(jobs: Sequence[Callable[[], Any]]) -> list[Any]:
    """Run every job on its own thread, all released together by a barrier; results in job order."""
    barrier = threading.Barrier(len(jobs))

    def run(job: Callable[[], Any]) -> Any:
        barrier.wait()
        return job()

    with ThreadPoolExecutor(max_workers=len(jobs)) as threads:
        return list(threads.map(run, jobs))


# -- a brute-force solver for tiny endings, from the rules of trick play ----------------------------


def _winner(trick: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    led = trick[0][1].suit
    trumps = [(s, c) for s, c in trick if c.suit is trump]
    pool = trumps or [(s, c) for s, c in trick if c.suit is led]
    return max(pool, key=lambda sc: sc[1].rank)[0]


def _legal(hand: frozenset[Card], trick: Sequence[tuple[Seat, Card]]) -> list[Card]:
    if trick:
        follow = [c for c in hand if c.suit is trick[0][1].suit]
        if follow:
            return follow
    return list(hand)


def _best(hands: dict[Seat, frozenset[Card]], trick: tuple[tuple[Seat, Card], ...], to_play: Seat,
          trump: Suit | None) -> int:
    """Tricks the side of ``to_play`` takes from here on, both sides playing perfectly."""
    if not hands[to_play] and not trick:
        return 0
    return max(_after(hands, trick, to_play, card, trump) for card in _legal(hands[to_play], trick))


def _after(hands: dict[Seat, frozenset[Card]], trick: tuple[tuple[Seat, Card], ...], seat: Seat, card: Card,
           trump: Suit | None) -> int:
    """Tricks for ``seat``'s side after it plays ``card``."""
    rest = {**hands, seat: hands[seat] - {card}}
    now = (*trick, (seat, card))
    if len(now) < 4:
        nxt = seat.lho
        later = _best(rest, now, nxt, trump)
        return later if nxt.side is seat.side else _remaining(rest, now) - later
    winner = _winner(now, trump)
    won = 1 if winner.side is seat.side else 0
    later = _best(rest, (), winner, trump)
    return won + (later if winner.side is seat.side else len(rest[winner]) - later)


def _remaining(hands: dict[Seat, frozenset[Card]], trick: tuple[tuple[Seat, Card], ...]) -> int:
    """Tricks still to be won, the current one included."""
    return len(hands[trick[0][0]]) + 1


def tiny_ending(seed: int) -> tuple[DDBoard, dict[Card, int]]:
    """Three cards each (0 to 2 already played to the trick) and the brute-force value of each legal card."""
    rng = random.Random(seed)
    pack = [Card(suit, rank) for suit in Suit for rank in Rank]
    rng.shuffle(pack)
    strain = rng.choice(list(Strain))
    leader = rng.choice(SEATS)
    hands = {seat: frozenset(pack[3 * i:3 * i + 3]) for i, seat in enumerate(SEATS)}
    trump = strain.trump
    trick: tuple[tuple[Seat, Card], ...] = ()
    seat = leader
    for _ in range(rng.randrange(3)):
        card = rng.choice(sorted(_legal(hands[seat], trick)))
        trick = (*trick, (seat, card))
        seat = seat.lho
    deal = Deal({s: Hand(hands[s]) for s in SEATS})
    left = {s: hands[s] - {c for p, c in trick if p is s} for s in SEATS}
    expected = {card: _after(left, trick, seat, card, trump) for card in _legal(left[seat], trick)}
    return DDBoard(deal, strain, leader, tuple(c for _, c in trick)), expected


# -- the tests ------------------------------------------------------------------------------------


def test_all_trumps_in_one_hand_take_every_trick_whoever_of_its_side_declares() -> None:
    for seed in range(3):
        deal, strain, holder = all_trumps_deal(seed)
        (table,) = dd_tables([deal], [strain])
        for declarer in SEATS:
            assert dd_tricks(deal, strain, declarer) == forced_tricks(strain, holder, declarer)
            assert table.tricks(strain, declarer) == forced_tricks(strain, holder, declarer)
        values = card_values(deal, strain, holder)
        assert values and set(values.values()) == {13}, "every card of the trump hand wins all 13"
        assert set(card_values(deal, strain, holder.lho).values()) == {0}


def test_tiny_endings_match_a_brute_force_search() -> None:
    endings = [tiny_ending(seed) for seed in range(12)]
    solved = card_values_many([board for board, _ in endings])
    for (board, expected), got in zip(endings, solved):
        assert got == expected, board


def test_learners_at_once_each_get_the_result_of_their_own_deal() -> None:
    forced = [all_trumps_deal(seed) for seed in range(10, 14)]
    endings = [tiny_ending(seed) for seed in range(20, 24)]
    jobs: list[Callable[[], Any]] = []
    for deal, strain, holder in forced:
        jobs.append(lambda d=deal, s=strain, h=holder: [dd_tricks(d, s, seat) for seat in (h, h.lho)])
    for board, _ in endings:
        jobs.append(lambda b=board: card_values(b.deal, b.strain, b.leader, b.played))
    alone = [job() for job in jobs]
    for _ in range(2):
        assert at_the_same_moment(jobs) == alone
    for (_, strain, holder), got in zip(forced, alone):
        assert got == [forced_tricks(strain, holder, holder), forced_tricks(strain, holder, holder.lho)]
    for (_, expected), got in zip(endings, alone[len(forced):]):
        assert got == expected


@pytest.mark.slow
def test_batch_entry_points_agree_with_one_at_a_time() -> None:
    deals = [deal_with(random.Random(seed), {}) for seed in (31, 32)]
    tables = dd_tables(deals)
    many = dd_tricks_many([(d, s, seat) for d in deals for s in analysis.ALL_STRAINS for seat in SEATS])
    assert list(many) == [t.tricks(s, seat) for t in tables for s in analysis.ALL_STRAINS for seat in SEATS]
    for table in tables:  # a side's tricks and the other side's, in one strain, share out the 13
        for strain in analysis.ALL_STRAINS:
            assert table.tricks(strain, Seat.N) + table.tricks(strain, Seat.E) in range(12, 15)
    boards = [DDBoard(d, Strain.HEARTS, Seat.W) for d in deals]
    assert list(card_values_many(boards)) == [card_values(b.deal, b.strain, b.leader) for b in boards]
    assert max(card_values(deals[0], Strain.HEARTS, Seat.W).values()) == 13 - tables[0].tricks(Strain.HEARTS, Seat.S)


def test_a_killed_worker_is_replaced_and_the_answer_still_comes() -> None:
    owner = analysis.solver()
    if owner.in_process:
        pytest.skip("solving in-process here (TUTOR_DDS_WORKERS=0)")
    deal, strain, holder = all_trumps_deal(40)
    assert dd_tricks(deal, strain, holder) == 13
    killed = owner.worker_pids()
    assert len(killed) == owner.worker_count == default_workers()
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)
    answers = at_the_same_moment([lambda: dd_tricks(deal, strain, holder)] * 2)
    assert answers == [13, 13]
    replaced = owner.worker_pids()
    assert len(replaced) == len(killed) and not set(replaced) & set(killed)


def test_the_worker_imports_neither_streamlit_nor_the_app() -> None:
    owner = analysis.solver()
    if owner.in_process:
        pytest.skip("solving in-process here (TUTOR_DDS_WORKERS=0)")
    reply = owner.ask({"op": "ping"})
    assert reply["pid"] != os.getpid() and reply["pid"] in owner.worker_pids()
    assert reply["streamlit"] is False


def _proc_cpu(pids: Sequence[int]) -> float:
    """CPU seconds of ``pids`` as the kernel counts them in /proc (utime + stime, in clock ticks)."""
    ticks = os.sysconf("SC_CLK_TCK")
    fields = [Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split() for pid in pids]
    return sum(int(f[11]) + int(f[12]) for f in fields) / ticks


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="the kernel's count is read from /proc (Linux)")
def test_the_workers_own_cpu_clocks_count_their_solving_as_the_kernel_does() -> None:
    # the benchmarks' solver floor (issue 28) reads each worker's own CPU clock: it must count the
    # solving, as the kernel's /proc does (to its ticks: one per worker at each of the two reads),
    # and not the asking (two reads with nothing solved between them differ by less than a tick)
    owner = analysis.solver()
    if owner.in_process:
        pytest.skip("solving in-process here (TUTOR_DDS_WORKERS=0)")
    owner.ask_all([{"op": "ping"}] * owner.worker_count)  # every worker started
    pids, tick = owner.worker_pids(), 1 / os.sysconf("SC_CLK_TCK")
    before, before_proc = owner.workers_cpu(), _proc_cpu(pids)
    assert owner.workers_cpu() - before < tick
    dd_tables([deal_with(random.Random(seed), {}) for seed in range(40, 46)])
    after, after_proc = owner.workers_cpu(), _proc_cpu(pids)
    assert owner.worker_pids() == pids  # the same processes were read throughout
    assert after - before > 0
    assert abs((after - before) - (after_proc - before_proc)) <= 2 * len(pids) * tick


def test_a_position_the_solver_rejects_is_one_clear_error_and_the_next_one_is_solved() -> None:
    deal, strain, holder = all_trumps_deal(41)
    lopsided = Deal({**deal.hands, holder: Hand(sorted(deal[holder].cards)[:-1])})  # 12 cards against 13
    with pytest.raises(TutorError, match=r"same size .* hold"):
        dd_tricks(lopsided, strain, holder)
    trump_suit = Suit(strain.value)
    follower = holder.lho  # holds no trump; so a trump "played" by them is not in their hand
    with pytest.raises(TutorError, match="does not hold it"):
        card_values(deal, strain, holder, [Card(trump_suit, Rank.TWO), Card(trump_suit, Rank.THREE)])
    led = next(c for c in sorted(deal[follower].cards))
    other = next(c for c in sorted(deal[follower.lho].cards, reverse=True) if c.suit is not led.suit)
    assert any(c.suit is led.suit for c in deal[follower.lho].cards), "the next hand can follow suit"
    with pytest.raises(TutorError, match="must follow suit"):  # so discarding is a revoke (law 147)
        card_values(deal, strain, follower, [led, other])
    assert dd_tricks(deal, strain, holder) == 13


def test_without_workers_the_lock_keeps_threads_apart() -> None:
    """TUTOR_DDS_WORKERS=0: DDS in this process, one thread at a time (run in a child: a crash is exit 139)."""
    script = (
        "import json, sys, tests.test_dds_concurrency as t\n"
        "from tutor.engine.solver import analysis\n"
        "assert analysis.solver().in_process\n"
        "jobs = [lambda s=s: t.all_trumps_deal(s) for s in range(4)]\n"
        "cases = [job() for job in jobs]\n"
        "calls = [lambda c=c: analysis.card_values(c[0], c[1], c[2].lho) for c in cases]\n"
        "calls += [lambda b=b: analysis.card_values(b.deal, b.strain, b.leader, b.played)"
        " for b, _ in map(t.tiny_ending, range(50, 54))]\n"
        "out = t.at_the_same_moment(calls * 2)\n"
        "print(json.dumps([sorted(set(v.values())) for v in out]))\n"
    )
    env = {**os.environ, "TUTOR_DDS_WORKERS": "0",
           "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=HANG_GUARD, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    values = json.loads(done.stdout.splitlines()[-1])
    assert values[:4] == [[0]] * 4 == values[8:12], "the trump hand's opponents take nothing"
    expected = [sorted(set(e.values())) for _, e in map(tiny_ending, range(50, 54))]
    assert values[4:8] == expected == values[12:16]


def test_an_in_process_owner_serves_requests_itself() -> None:
    owner = DDOwner(0, analysis.solve_request)
    owner.start_workers()  # nothing to start in-process
    assert owner.in_process and owner.worker_pids() == ()
    assert owner.ask({"op": "ping"})["pid"] == os.getpid()


def test_workers_started_ahead_serve_the_first_request() -> None:
    """The app starts the workers at its first page (issue 28): they are running before any request,
    and the first request is answered by one of them, not by a process started for it."""
    owner = DDOwner(2, analysis.solve_request)
    try:
        assert owner.worker_pids() == ()
        owner.start_workers()
        started = owner.worker_pids()
        assert len(started) == 2
        owner.start_workers()  # once started, a no-op
        assert owner.ask({"op": "ping"})["pid"] in started
        assert owner.worker_pids() == started
    finally:
        owner.close()


def test_the_apps_first_page_starts_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    from app_pages import app_test  # Streamlit's test harness, only where a test runs the app

    owner = DDOwner(2, analysis.solve_request)
    monkeypatch.setattr(analysis, "_OWNER", owner)  # the process's owner, as the app finds it
    try:
        app_test().run()
        assert len(owner.worker_pids()) == 2
    finally:
        owner.close()


def test_a_bad_worker_setting_does_not_stop_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app starts the workers at its first page: a bad TUTOR_DDS_WORKERS must not make every page fail
    (it is said where a page needs the solver, as before)."""
    from app_pages import app_test

    monkeypatch.setenv("TUTOR_DDS_WORKERS", "two")
    monkeypatch.setattr(analysis, "_OWNER", None)  # no owner yet in this process, as in a fresh server
    at = app_test().run()
    assert not at.exception
    assert at.title and at.title[0].value  # the home page was drawn


@pytest.mark.parametrize("setting", ["two", "-1", "9"])
def test_a_bad_worker_setting_is_one_clear_line(setting: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTOR_DDS_WORKERS", setting)
    with pytest.raises(TutorError, match=r"TUTOR_DDS_WORKERS=.*whole number from 0 to 8"):
        default_workers()


def test_when_no_process_can_start_the_owner_solves_here_under_the_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")  # Popen raises: no child processes here
    owner = DDOwner(2, analysis.solve_request)
    assert owner.ask({"op": "ping"})["pid"] == os.getpid()
    assert owner.in_process and owner.worker_count == 0
    board, expected = tiny_ending(60)
    request = {"op": "solve", "mode": "all",
               "boards": [[board.deal.to_pbn(), board.strain.value, board.leader.value, [str(c) for c in board.played]]]}
    (values,) = owner.ask(request)
    assert {Card.parse(card): tricks for card, tricks in values} == expected
