"""Build the bank of robot-deal positions per play rule: tutor/lessons/data/play_bank.json.

    python tools/play_bank.py [--seeds 60] [--deals 60] [--targeted 2400] [--plain 400] [--per-rule 20]

A play drill is a decision of a deal the four book robots bid and play
(:mod:`tutor.lessons.play.scenarios`). Searching a seed's stream for a rule costs the
robots' bidding and play of every deal up to the rule's position (a second or more, and
many rules never arise within the bound). This tool does that search once, offline, over
many more deals, and records for each rule up to ``--per-rule`` positions where it decides:
the deal (PBN), the dealer, the score (none: the streams start from an empty score) and the
decision's index in the robots' record of the play (the number of cards played before it).
A drill is rebuilt from an entry by replaying the robots on that deal up to the decision
(never by placing cards), and checked (tutor.lessons.play.scenarios.banked_position).

The phases, all deterministic (the same arguments give the same file, but for its date):

1. **the drills' own streams**: ``tutor.lessons.play.draft.stream_deal(seed, k, steers of every rule)`` for
   seeds ``STREAM_SEED0 ..`` and ``k < --deals`` — the rate per rule measured here is the
   rule's rate in the streams the drills read (the header's ``stream_rate``, per 1,000 deals);
2. **targeted**: ``--targeted`` deals of streams steered only by the steers of the rules
   still short of entries after phase 1 (``targeted_rate``), seeds ``TARGETED_SEED0 ..``;
3. **slams**: ``--slams`` deals dealt for law 36's negotiation to the slam (:func:`slam_deal`: a
   direct "three" and a partner with aces), for the slam rules (law 128, ≈106; counted with the
   targeted deals);
4. **near the partie**: ``--near`` stream deals bid and played with both sides level at 460-490 below
   the line (:func:`near_partie`), for law 85 - the only play rule that reads the score; its entries
   carry that score, and the drill replays the robots with it;
5. **plain**: ``--plain`` random deals (``random_deal(Random(n))``, dealer N, E, S, W in turn, as
   benchmarks/robot_realism.py), read for the rate only (``plain_rate``: the book's natural rate,
   the robots' auctions on unsteered deals); no entry is taken from them.

Of the positions found, each rule keeps the ``--per-rule`` cheapest to replay (the fewest robot
decisions before it: the auction's calls and the cards before the decision), in the order
found among equals; ``calls`` is stored with each entry to show it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.engine.bidding import ScoreState  # noqa: E402
from tutor.engine.cards import SEATS, Deal, Seat, Side  # noqa: E402
from tutor.engine.conventions import Rule  # noqa: E402
from tutor.engine.deals.generate import deal_with, random_deal  # noqa: E402
from tutor.lessons.play.draft import steer_of, steers_of, stream_deal  # noqa: E402
from tutor.lessons.play.drill import audit  # noqa: E402
from tutor.lessons.play.rules import load_play_rules  # noqa: E402
from tutor.lessons.play.scenarios import BANK_PATH, BANK_VERSION, robot_positions  # noqa: E402

STREAM_SEED0 = 1_000
TARGETED_SEED0 = 500_000
NEAR_SEED0 = 700_000
#: Candidates kept per rule before the earliest are chosen.
CANDIDATES = 200


def read_deal(seed: int, index: int, steers: Sequence[Any], conventions: Sequence[Rule],
              hits: dict[str, list[dict[str, Any]]], source: str) -> set[str]:
    """Bid and play one stream deal with the robots; record each rule's first deciding position in it."""
    deal, dealer = stream_deal(seed, index, steers)
    return read(deal, dealer, conventions, hits, f"{source} {seed}/{index}")


def read(deal: Deal, dealer: Seat, conventions: Sequence[Rule], hits: dict[str, list[dict[str, Any]]] | None,
         source: str, score: ScoreState | None = None) -> set[str]:
    """The rules that decide a robot's card with one book answer in ``deal`` (each one's first position
    recorded in ``hits`` when given)."""
    by_id = {r.id: r for r in conventions}
    found: set[str] = set()
    for n, position in enumerate(robot_positions(deal, dealer, score=score)):
        rule = by_id.get(str(position.answer.rule))
        if rule is None or rule.id in found:
            continue
        if audit(rule, position.position, conventions) is not None:
            found.add(rule.id)
            if hits is not None and len(hits.setdefault(rule.id, [])) < CANDIDATES:
                hits[rule.id].append({"deal": deal.to_pbn(dealer), "dealer": dealer.value,
                                      "score": None if score is None else score.to_json(),
                                      "decision": n, "calls": len(position.calls),
                                      "source": source})
    return found


def slam_deal(n: int) -> tuple[Deal, Seat]:
    """Slam deal ``n`` (law 128, ≈106: the play conventions of a slam): the dealer holds a direct
    "three" - A K Q J and three more of a suit, and an ace - and his partner the other aces with
    some kings and queens, so that the robots' law 36 negotiation (partner states his sure tricks)
    can reach a slam. Only the cards are placed: the auction, the contract and the play are the
    robots', and a deal where they stop short of a slam simply serves no slam rule."""
    from tutor.engine.cards import Card, Rank, Suit

    rng = random.Random(f"play-bank-slam:{n}")
    dealer = SEATS[n % 4]
    suits = list(Suit)
    rng.shuffle(suits)
    trump, side_ace, *others = suits
    smalls = [Card(trump, r) for r in Rank if int(r) <= int(Rank.TEN)]
    opener = [Card(trump, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)] + rng.sample(smalls, 3)
    opener.append(Card(side_ace, Rank.ACE))
    extras = [Card(s, r) for s in (side_ace, *others) for r in (Rank.KING, Rank.QUEEN)]
    partner = [Card(s, Rank.ACE) for s in others] + rng.sample(extras, rng.choice((1, 2, 3)))
    return deal_with(rng, {dealer: opener, dealer.partner: partner}), dealer


def near_partie(n: int) -> ScoreState:
    """Score ``n`` near the partie (law 85: "the scores equal, and one or two tricks finish the partie"):
    both sides level below the line, 460 to 490 of the 500, no partie won yet."""
    below = (460, 470, 480, 490)[n % 4]
    return ScoreState({Side.NS: below, Side.EW: below}, {Side.NS: 0, Side.EW: 0})


def replay_cost(entry: dict[str, Any]) -> int:
    """What rebuilding the drill costs, in robot decisions: the calls of the auction and the cards
    before the decision (each is one ``tutor advise``, about the same time)."""
    return int(entry["calls"]) + int(entry["decision"])


def build(seeds: int, deals: int, targeted: int, per_rule: int, plain: int, slams: int = 0,
          near: int = 0) -> dict[str, Any]:
    conventions = load_play_rules()
    hits: dict[str, list[dict[str, Any]]] = {}
    stream: Counter[str] = Counter()
    t0 = time.perf_counter()
    all_steers = steers_of(conventions)
    for s in range(seeds):
        for index in range(deals):
            stream.update(read_deal(STREAM_SEED0 + s, index, all_steers, conventions, hits, "stream"))
        print(f"stream seed {s + 1}/{seeds}: {time.perf_counter() - t0:.0f} s, "
              f"{sum(1 for r in conventions if r.id in hits)} rules found", file=sys.stderr)
    phase1 = time.perf_counter() - t0
    short = [r for r in conventions if len(hits.get(r.id, ())) < per_rule]
    target_steers = steers_of(short)
    aimed: Counter[str] = Counter()
    for n in range(targeted):
        seed, index = divmod(n, deals)
        aimed.update(read_deal(TARGETED_SEED0 + seed, index, target_steers, conventions, hits, "targeted"))
        if index == deals - 1:
            print(f"targeted {n + 1}/{targeted}: {time.perf_counter() - t0:.0f} s, "
                  f"{sum(1 for r in conventions if r.id in hits)} rules found", file=sys.stderr)
    # slams: the rules of a slam contract (law 128, ≈106) on deals dealt for law 36's negotiation
    slam_rules = [r for r in conventions if steer_of(r).level >= 6]
    for n in range(slams):
        deal, dealer = slam_deal(n)
        aimed.update(read(deal, dealer, conventions, hits, f"slam {n}"))
    print(f"slams {slams}: {time.perf_counter() - t0:.0f} s, "
          f"{sum(1 for r in slam_rules if r.id in hits)} of {len(slam_rules)} slam rules found", file=sys.stderr)
    # law 85: stream deals again, the robots seeing equal scores near the partie
    for n in range(near):
        seed, index = divmod(n, deals)
        deal, dealer = stream_deal(NEAR_SEED0 + seed, index, all_steers)
        aimed.update(read(deal, dealer, conventions, hits, f"near the partie {n}", near_partie(n)))
    print(f"near the partie {near}: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    phase2 = time.perf_counter() - t0 - phase1
    natural: Counter[str] = Counter()
    for n in range(plain):
        natural.update(read(random_deal(random.Random(n)), SEATS[n % 4], conventions, None, "plain"))
    print(f"plain {plain}: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    bank = {r.id: sorted(hits[r.id], key=replay_cost)[:per_rule]
            for r in conventions if hits.get(r.id)}
    stream_deals = seeds * deals
    return {
        "version": BANK_VERSION,
        "made_by": "python tools/play_bank.py " + " ".join(
            f"--{k} {v}" for k, v in (("seeds", seeds), ("deals", deals), ("targeted", targeted),
                                      ("plain", plain), ("per-rule", per_rule), ("slams", slams),
                                      ("near", near))),
        "date": datetime.date.today().isoformat(),
        "stream_seeds": [STREAM_SEED0, STREAM_SEED0 + seeds - 1], "deals_per_seed": deals,
        "stream_deals": stream_deals, "targeted_seeds": [TARGETED_SEED0, TARGETED_SEED0 + max(0, targeted - 1) // deals],
        "targeted_deals": targeted + slams + near, "slam_deals": slams, "near_partie_deals": near,
        "targeted_rules": len(short),
        "plain_deals": plain,
        "seconds": {"stream": round(phase1), "targeted": round(phase2),
                    "plain": round(time.perf_counter() - t0 - phase1 - phase2)},
        "rules": len(conventions), "rules_banked": len(bank),
        "stream_rate": {r.id: round(1000 * stream[r.id] / max(1, stream_deals), 2) for r in conventions},
        "targeted_rate": {r.id: round(1000 * aimed[r.id] / max(1, targeted + slams + near), 2)
                          for r in short},
        "plain_rate": {r.id: round(1000 * natural[r.id] / max(1, plain), 2) for r in conventions},
        "never_found": [r.id for r in conventions if r.id not in bank],
        "bank": bank,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=60, help="stream seeds read (phase 1)")
    parser.add_argument("--deals", type=int, default=60, help="deals per seed (the drills' bound)")
    parser.add_argument("--targeted", type=int, default=2400, help="deals steered by the rules still short")
    parser.add_argument("--plain", type=int, default=400, help="plain random deals, for the natural rate only")
    parser.add_argument("--per-rule", type=int, default=20, help="positions kept per rule")
    parser.add_argument("--slams", type=int, default=600, help="deals dealt for law 36's slam negotiation")
    parser.add_argument("--near", type=int, default=600, help="stream deals played with the scores near the partie")
    parser.add_argument("--out", type=Path, default=BANK_PATH)
    args = parser.parse_args(argv)
    data = build(args.seeds, args.deals, args.targeted, args.per_rule, args.plain, args.slams, args.near)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=0, sort_keys=False) + "\n", encoding="utf-8")
    print(f"{args.out}: {data['rules_banked']} of {data['rules']} rules banked, "
          f"{sum(len(v) for v in data['bank'].values())} positions, {args.out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
