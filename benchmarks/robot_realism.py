"""Realism of the book robots' deals: what four robots bid and make over many seeded deals.

    python benchmarks/robot_realism.py [--deals N]

Prints the share of deals passed out, the contracts by level and strain, how often the
declaring side holds seven or more trumps, how many contracts are made and failed, the slams
bid and made against the deals where a slam makes double dummy —
the figures in docs/robots.md — after checking every record's invariants. Seeds 0..N-1, dealer rotating N, E, S, W; the book's
rules (no variants), an empty score.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from tutor.engine.cards import Seat
from tutor.engine.deals.generate import random_deal
from tutor.lessons.robots import RobotDeal, robot_deal

LEVELS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "small slam", 7: "grand slam"}


def check_invariants(record: RobotDeal) -> None:
    """The laws re-checked on the record: a legal auction that ended, a legal play of 13 tricks,
    and the score that `tutor score` gives for the deal, contract and tricks."""
    from tutor.engine.auction import Auction
    from tutor.engine.cards import Card
    from tutor.engine.play import opening_leader
    from tutor.engine.scoring.score_io import score_request
    from tutor.engine.tricks import TrickPlay

    auction = Auction.from_calls(record.dealer, [d.action for d in record.auction])  # raises if illegal
    assert auction.is_complete and auction.contract == record.contract
    request: dict[str, object] = {"deal": record.deal.to_pbn(), "dealer": record.dealer.value}
    if record.contract is None:
        assert not record.play
        request["contract"] = "pass"
    else:
        play = TrickPlay(record.deal, record.contract.trump, opening_leader(record.contract))
        for decision in record.play:
            play.play(Card.parse(decision.action), decision.seat)  # raises on a revoke or out of turn
        assert play.is_complete and len(play.tricks) == 13
        side = record.contract.declarer.side
        assert play.tricks_won(side) == record.tricks[side] and sum(record.tricks.values()) == 13
        request.update(contract=str(record.contract.bid), declarer=record.contract.declarer.value,
                       tricks=record.tricks[side])
    assert score_request(request) == record.score


def figures(records: list[RobotDeal]) -> dict[str, object]:
    played = [r for r in records if r.contract is not None]
    levels: Counter[str] = Counter()
    strains: Counter[str] = Counter()
    made = fit = short_trumps = 0
    for r in played:
        assert r.contract is not None
        bid = r.contract.bid
        levels[LEVELS[bid.level]] += 1
        strains[bid.strain.name.lower()] += 1
        side = r.contract.declarer.side
        made += r.tricks[side] >= bid.level + 6
        trump = r.contract.trump
        if trump is not None:
            declarer, dummy = r.contract.declarer, r.contract.declarer.partner
            fit += r.deal[declarer].length(trump) + r.deal[dummy].length(trump) >= 7
            short_trumps += r.deal[declarer].length(trump) <= 1
    suit_contracts = sum(1 for r in played if r.contract and r.contract.trump is not None)
    return {
        "deals": len(records), "passed out": len(records) - len(played), "played": len(played),
        "made": made, "failed": len(played) - made, "levels": dict(levels), "strains": dict(strains),
        "suit contracts": suit_contracts, "declaring side 7+ trumps": fit,
        "declarer void or singleton in trumps": short_trumps,
    }


def slam_figures(records: list[RobotDeal], double_dummy: bool = True) -> dict[str, object]:
    """Slams bid and made by the robots, and the deals where a slam makes double dummy.

    A slam "makes double dummy" on a deal when some seat takes twelve tricks or more as declarer
    in some strain (a whole double-dummy table, DDS), the opponents leading.
    """
    slams = [r for r in records if r.contract is not None and r.contract.bid.level >= 6]
    made = sum(1 for r in slams if r.contract and r.tricks[r.contract.declarer.side] >= r.contract.bid.level + 6)
    out: dict[str, object] = {"slams bid": len(slams), "slams made": made,
                              "small / grand bid": (sum(1 for r in slams if r.contract and r.contract.bid.level == 6),
                                                    sum(1 for r in slams if r.contract and r.contract.bid.level == 7))}
    if double_dummy:
        from tutor.engine.solver.analysis import dd_tables

        tables = dd_tables([r.deal for r in records])
        out["deals where a slam makes double dummy"] = sum(
            1 for t in tables if max(max(row) for row in t.cells) >= 12)
        out["deals where a grand slam makes double dummy"] = sum(
            1 for t in tables if max(max(row) for row in t.cells) >= 13)
    return out


def robot_rubbers(count: int) -> dict[str, object]:
    """``count`` seeded rubbers played out by four robots, each checked: it ends with a winner of two
    parties (scoring 4, note 9), every deal's invariants hold, and the sheet adds up."""
    from tutor.engine.cards import Side
    from tutor.lessons.robots import robot_deal as play_by_robots
    from tutor.lessons.table.rubber import MAX_DEALS, PracticeRubber

    deals = stopped = 0
    for seed in range(count):
        rubber = PracticeRubber(seed, Seat.S)
        while rubber.current is not None:
            table = rubber.current
            check_invariants(play_by_robots(table.deal, table.dealer, table.score))
            table.finish_by_robots()
            rubber.next_deal()
            deals += 1
        stopped += not rubber.rubber.is_over
        if rubber.rubber.is_over:
            assert rubber.rubber.games.count(rubber.rubber.winner) == 2
        for side in Side:
            assert rubber.rubber.total(side) == rubber.rubber.above(side) + rubber.rubber.below(side)
        assert len(rubber.finished) <= MAX_DEALS
    return {"rubbers": count, "deals": deals, "stopped at the deal limit": stopped}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rubbers", type=int, default=0, help="also play this many robot rubbers")
    parser.add_argument("--no-dd", action="store_true", help="skip the double-dummy slam share")
    args = parser.parse_args()
    if args.rubbers:
        start = time.perf_counter()
        print(f"rubbers: {robot_rubbers(args.rubbers)} in {time.perf_counter() - start:.0f} s")
    start = time.perf_counter()
    records = [robot_deal(random_deal(random.Random(seed)), Seat("NESW"[seed % 4])) for seed in range(args.deals)]
    seconds = time.perf_counter() - start
    for record in records:
        check_invariants(record)
    print(f"invariants held on {len(records)} deals (legal auctions that end, 13 legal tricks, "
          "scores equal to tutor score's)")
    for key, value in figures(records).items():
        print(f"{key}: {value}")
    for key, value in slam_figures(records, double_dummy=not args.no_dd).items():
        print(f"{key}: {value}")
    print(f"time: {seconds:.1f} s ({1000 * seconds / args.deals:.1f} ms per deal)")


if __name__ == "__main__":
    main()
