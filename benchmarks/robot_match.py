"""A duplicate match: the book robots against sampling robots, and both against the double-dummy par.

    python benchmarks/robot_match.py [--pairs 100] [--first 0] [--layouts 12] [--budget 40] [--out FILE]
    python benchmarks/robot_match.py --summarise FILE...     # the figures of saved rows, merged by seed

Each seeded deal (seed N, dealer rotating N, E, S, W, an empty score, the book's rules) is
played **twice** with the seats swapped: at table A the sampling robots sit North-South and
the book robots East-West; at table B the other way round. The book robot is `tutor advise`
on its seat's view (:func:`tutor.lessons.robots.robot_call` / ``robot_card``). The **sampling
robot** sees the same view and chooses, among the candidates the cost engine prices
(:func:`tutor.lessons.cost.prices.analyse`: for a call, the book's call, every other
applicable rule's call and pass; for a card, every legal card), the one with the best mean
Vint points over ``--layouts`` layouts of the unseen cards consistent with what it knows
(:func:`tutor.lessons.cost.sampling.sample_layouts`, the robots' check within ``--budget``
candidates); ties go to the book's choice. A decision with one candidate is not sampled.

Scores are each side's Vint points of the deal less the other side's
(:func:`tutor.lessons.cost.prices.net_points`: honours, aces, the X mark of a passed-out
deal). Per deal pair the sampling side's gain is its net at table A plus its net at table B;
the mean gain and its 95 % interval (normal approximation) over the pairs are printed.

**The double-dummy par** of a deal: both sides bid alternately up the Vint ladder (no doubles in
Vint), the dealer's side first, each contract scored with its double-dummy tricks (the better
declarer of the side) and the deal's honours; the par is the minimax value (passing out scores the
X). The teams' results against the par cancel within a pair, so the match prints how far from the
par the deal's result lies: at the mixed tables, and with the book robots at all four seats.

Every line of results is flushed as it comes (``--out`` keeps a JSON line per deal pair), so a
run stopped early still reports what it played.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.engine.auction import Auction  # noqa: E402
from tutor.engine.calls import Bid, Contract, Strain, parse_call  # noqa: E402
from tutor.engine.cards import Card, Deal, Seat, Side  # noqa: E402
from tutor.engine.deals.generate import random_deal  # noqa: E402
from tutor.engine.play import opening_leader  # noqa: E402
from tutor.engine.rules import Rules  # noqa: E402
from tutor.engine.tricks import TrickPlay  # noqa: E402
from tutor.lessons.cost.prices import analyse, net_points  # noqa: E402
from tutor.lessons.cost.sampling import Knowledge, knowledge_from_view  # noqa: E402
from tutor.lessons.robots import advise_view, seat_view  # noqa: E402

Z95 = 1.96


class Sampler:
    """The sampling robot: the cost engine's best choice over a few layouts."""

    def __init__(self, layouts: int, budget: int) -> None:
        self.layouts, self.budget = layouts, budget
        self.decisions = self.sampled = self.differs = 0
        self.seconds = 0.0

    def choose(self, view: dict[str, Any], seed: int) -> str:
        book = advise_view(view)
        book_choice = str(book["call"] if view["kind"] == "bid" else book["card"])
        self.decisions += 1
        start = time.perf_counter()
        known = knowledge_from_view(view)
        analysis = analyse(known, seed=seed, layouts=self.layouts, budget=self.budget, robots=False)
        self.seconds += time.perf_counter() - start
        if len(analysis.choices) <= 1:
            return book_choice
        self.sampled += 1
        best = max(c.sampled.points for c in analysis.choices)
        winners = [c.choice for c in analysis.choices if c.sampled.points == best]
        choice = book_choice if book_choice in winners else winners[0]
        self.differs += choice != book_choice
        return choice


def _known(seat: Seat, deal: Deal, dealer: Seat) -> Knowledge:
    """Enough of a Knowledge for :func:`net_points`: the side it scores for, an empty score."""
    return Knowledge(seat, dealer, (), deal[seat], None, Rules())


def _single_call(view: dict[str, Any]) -> bool:
    """A bidding view where the book knows only one answer (pass, no rule applies): nothing to sample."""
    from tutor.lessons.cost.prices import call_choices

    return len(call_choices(knowledge_from_view(view))) <= 1


def play_table(deal: Deal, dealer: Seat, sampling: Side, sampler: Sampler, seed: int) -> dict[str, Any]:
    """One table: ``sampling``'s seats by the sampler, the others by the book; North-South's net points."""
    auction = Auction(dealer)
    while not auction.is_complete:
        seat = auction.to_call
        view = seat_view(seat, deal[seat], auction, None)
        if seat.side is sampling and not _single_call(view):
            call = sampler.choose(view, seed * 100 + len(auction.calls))
        else:
            call = str(advise_view(view)["call"])
        auction.call(parse_call(call))
    contract = auction.contract
    if contract is None:
        return {"contract": "pass", "ns": net_points(deal, None, 0, _known(Seat.N, deal, dealer))}
    play = TrickPlay(deal, contract.trump, opening_leader(contract))
    while not play.is_complete:
        seat = play.to_play
        view = seat_view(seat, play.hand(seat), auction, None, play)
        if seat.side is sampling and len(play.legal_cards()) > 1:
            card = sampler.choose(view, seed * 100 + 40 + len(play.tricks))
        else:
            card = str(advise_view(view)["card"])
        play.play(Card.parse(card), seat)
    tricks = play.tricks_won(contract.declarer.side)
    return {"contract": f"{contract.bid}{contract.declarer.value}", "tricks": tricks,
            "ns": net_points(deal, contract, tricks, _known(Seat.N, deal, dealer))}


# -- the double-dummy par ------------------------------------------------------------------------

LADDER = tuple(Bid(level, strain) for level in range(1, 8) for strain in
               sorted(Strain, key=lambda s: s.rank))


def par(deal: Deal, dealer: Seat) -> int:
    """North-South's net points at the double-dummy par (module docstring)."""
    from tutor.engine.solver.analysis import dd_tables

    table = dd_tables([deal])[0]
    ns_known = _known(Seat.N, deal, dealer)

    @cache
    def score(i: int, side: Side) -> int:
        bid = LADDER[i]
        seats = [s for s in Seat if s.side is side]
        declarer = max(seats, key=lambda s: table.tricks(bid.strain, s))
        return net_points(deal, Contract(bid, declarer), table.tricks(bid.strain, declarer), ns_known)

    def best(side: Side, values: list[int]) -> int:
        return max(values) if side is Side.NS else min(values)

    @cache
    def held(i: int, side: Side) -> int:
        """``side`` holds bid ``i``; the other side accepts it or bids higher."""
        other = Side.EW if side is Side.NS else Side.NS
        return best(other, [score(i, side), *(held(j, other) for j in range(i + 1, len(LADDER)))])

    first = dealer.side
    second = Side.EW if first is Side.NS else Side.NS
    passed = net_points(deal, None, 0, ns_known)
    answer_second = best(second, [passed, *(held(j, second) for j in range(len(LADDER)))])
    return best(first, [answer_second, *(held(j, first) for j in range(len(LADDER)))])


# -- the match -----------------------------------------------------------------------------------


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % normal interval."""
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return mean, Z95 * spread / math.sqrt(n)


def book_table(seed: int) -> int:
    """North-South's net points when the book robots sit at all four seats (``robot_deal``)."""
    from tutor.lessons.robots import robot_deal

    deal, dealer = random_deal(random.Random(seed)), list(Seat)[seed % 4]
    record = robot_deal(deal, dealer)
    contract = record.contract
    tricks = record.tricks[contract.declarer.side] if contract else 0
    return net_points(deal, contract, tricks, _known(Seat.N, deal, dealer))


def summarise(rows: list[dict[str, Any]]) -> list[str]:
    """The match's figures from its rows (one per deal pair: ``--out`` files, merged).

    In a duplicate pair the two teams' results against the par cancel (what one side gains on
    the par the other loses), so each team is measured by how far the deal's result lies from
    the par: the mean absolute distance, at the two mixed tables, and at a third table where the
    book robots sit at all four seats (cheap: ``robot_deal``)."""
    gains = [float(r["A"]["ns"] - r["B"]["ns"]) for r in rows]
    mixed = [(abs(r["A"]["ns"] - r["par_ns"]) + abs(r["B"]["ns"] - r["par_ns"])) / 2 for r in rows]
    books = [float(abs(book_table(int(r["seed"])) - r["par_ns"])) for r in rows]
    played = sum(1 for r in rows if r["A"]["contract"] != "pass" or r["B"]["contract"] != "pass")
    differ = sum(1 for r in rows if r["A"]["contract"] != r["B"]["contract"])
    out = [f"deal pairs: {len(rows)} (seeds {min(r['seed'] for r in rows)}-{max(r['seed'] for r in rows)}); "
           f"played at one table at least: {played}; different contracts at the two tables: {differ}"]
    for what, values in (("sampling robots' gain per deal pair over the book robots", gains),
                         ("distance from the par, sampling and book robots at one table", mixed),
                         ("distance from the par, book robots at all four seats", books)):
        mean, half = interval(values)
        out.append(f"{what}: {mean:+.0f} ± {half:.0f} Vint points (95 %)")
    return out


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--summarise":  # python benchmarks/robot_match.py --summarise F...
        rows = [json.loads(line) for name in sys.argv[2:] for line in Path(name).read_text().splitlines() if line]
        print("\n".join(summarise(sorted({r["seed"]: r for r in rows}.values(), key=lambda r: r["seed"]))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--layouts", type=int, default=12)
    parser.add_argument("--budget", type=int, default=40)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    sampler = Sampler(args.layouts, args.budget)
    rows: list[dict[str, Any]] = []
    start = time.perf_counter()
    out = args.out.open("w") if args.out else None
    for seed in range(args.first, args.first + args.pairs):
        deal, dealer = random_deal(random.Random(seed)), list(Seat)[seed % 4]
        a = play_table(deal, dealer, Side.NS, sampler, seed)  # sampling robots North-South
        b = play_table(deal, dealer, Side.EW, sampler, seed)  # sampling robots East-West
        p = par(deal, dealer)
        row = {"seed": seed, "A": a, "B": b, "par_ns": p, "sampler_gain": a["ns"] - b["ns"]}
        rows.append(row)
        print(json.dumps(row), flush=True)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
    seconds = time.perf_counter() - start
    print("\n".join(summarise(rows)))
    print(f"sampler decisions: {sampler.decisions}, sampled (2+ choices): {sampler.sampled}, "
          f"differing from the book: {sampler.differs}; {sampler.seconds:.0f} s sampling")
    print(f"time: {seconds:.0f} s ({seconds / len(rows):.1f} s a deal pair)")
    if out:
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
