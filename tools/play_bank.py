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
5. **placed**: ``--placed`` deals with the cards of a rule's auction placed (:func:`placed_deal`:
   the holdings and the hand that bids for them, for laws 142, 144 and 134, which the book's own
   auctions rarely bring together), read for the rules phases 1-4 left short of positions: only
   those rules take positions from them (``placed_rate``);
6. **plain**: ``--plain`` random deals (``random_deal(Random(n))``, dealer N, E, S, W in turn, as
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
from tutor.engine.cards import SEATS, Card, Deal, Rank, Seat, Side, Suit  # noqa: E402
from tutor.engine.conventions import Rule  # noqa: E402
from tutor.engine.deals.generate import deal_with, random_deal  # noqa: E402
from tutor.lessons.play.draft import steer_of, steers_of, stream_deal  # noqa: E402
from tutor.lessons.play.drill import audit  # noqa: E402
from tutor.lessons.play.rules import load_play_rules  # noqa: E402
from tutor.lessons.play.scenarios import BANK_PATH, BANK_VERSION, robot_positions  # noqa: E402

STREAM_SEED0 = 1_000
TARGETED_SEED0 = 500_000
NEAR_SEED0 = 700_000
SMALL_RANKS = tuple(r for r in Rank if r <= Rank.NINE)
#: Candidates kept per rule before the earliest are chosen.
CANDIDATES = 200


def read_deal(seed: int, index: int, steers: Sequence[Any], conventions: Sequence[Rule],
              hits: dict[str, list[dict[str, Any]]], source: str) -> set[str]:
    """Bid and play one stream deal with the robots; record each rule's first deciding position in it."""
    deal, dealer = stream_deal(seed, index, steers)
    return read(deal, dealer, conventions, hits, f"{source} {seed}/{index}")


def read(deal: Deal, dealer: Seat, conventions: Sequence[Rule], hits: dict[str, list[dict[str, Any]]] | None,
         source: str, score: ScoreState | None = None, only: Sequence[Rule] | None = None) -> set[str]:
    """The rules that decide a robot's card with one book answer in ``deal`` (each one's first position
    recorded in ``hits`` when given); with ``only``, those rules alone are looked for."""
    by_id = {r.id: r for r in (conventions if only is None else only)}
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


def _cards(rng: random.Random, suit: Suit, count: int, taken: set[Card], ranks: Sequence[Rank] = tuple(Rank)) -> list[Card]:
    """``count`` cards of ``suit`` of the ``ranks`` given, none of them ``taken`` (which they join)."""
    chosen = rng.sample([Card(suit, r) for r in ranks if Card(suit, r) not in taken], count)
    taken.update(chosen)
    return chosen


def law50_cut_deal(n: int) -> tuple[Deal, Seat]:
    """Placed deal for law 142 (A Q 10 of the right-hand opponent's suit, not supported): a seat holds
    law 50's even hand - four-three-three-three, two aces - which names its short suits that hold
    honours one by one (RO l.159), among them K and two small of a suit; the next player holds A Q 10
    and up to two small of it. Only those cards are placed: the auction and the play are the robots'."""
    rng = random.Random(f"play-bank-law50:{n}")
    dealer, shower = SEATS[n % 4], rng.choice(SEATS)
    shown, ace1, ace2, other = rng.sample(list(Suit), 4)
    taken: set[Card] = set()
    cutter = [Card(shown, r) for r in (Rank.ACE, Rank.QUEEN, Rank.TEN)]
    taken.update(cutter)
    cutter += _cards(rng, shown, rng.choice((0, 1, 2)), taken, SMALL_RANKS)
    plain = [r for r in Rank if r is not Rank.ACE]
    hand = [Card(shown, Rank.KING), *_cards(rng, shown, 2, taken, SMALL_RANKS),
            Card(ace1, Rank.ACE), *_cards(rng, ace1, 3, taken, plain),
            Card(ace2, Rank.ACE), *_cards(rng, ace2, 2, taken, plain), *_cards(rng, other, 3, taken, plain)]
    return deal_with(rng, {shower: hand, shower.lho: cutter}), dealer


def nt_long_suit_cut_deal(n: int) -> tuple[Deal, Seat]:
    """Placed deal for law 144 (A Q 10 of trumps the declarer named without support, RO l.273): a seat
    holds three aces, the first-round no-trumps (law 41); his partner K J and three or four small of
    a suit, the long suit law 46 shows after it (RO l.131) and comes back to; an opponent holds A Q 10
    of that suit. Only those cards are placed: the auction and the play are the robots'."""
    rng = random.Random(f"play-bank-nt-long:{n}")
    dealer, opener = SEATS[n % 4], rng.choice(SEATS)
    long_suit, *others = rng.sample(list(Suit), 4)
    taken = {Card(long_suit, r) for r in (Rank.ACE, Rank.QUEEN, Rank.TEN, Rank.KING, Rank.JACK)}
    responder = [Card(long_suit, Rank.KING), Card(long_suit, Rank.JACK),
                 *_cards(rng, long_suit, rng.choice((3, 4)), taken, SMALL_RANKS)]
    placed = {opener: [Card(s, Rank.ACE) for s in others], opener.partner: responder,
              rng.choice((opener.lho, opener.rho)): [Card(long_suit, r) for r in (Rank.ACE, Rank.QUEEN, Rank.TEN)]}
    return deal_with(rng, placed), dealer


def law45_king_deal(n: int) -> tuple[Deal, Seat]:
    """Placed deal for law 134 (A Q and one or two more at your own no-trumps, partner showed the king):
    a seat holds three aces, the first-round no-trumps (law 41), with A Q and one or two small of a
    suit; his partner the fourth ace and two guarded kings, one of them K and one or two small of that
    suit - law 45's hand, which passes once, shows both kings and says "two no-trumps" (RO l.129;
    RU l.149). Only those cards are placed: the auction and the play are the robots'."""
    rng = random.Random(f"play-bank-law45:{n}")
    dealer, opener = SEATS[n % 4], rng.choice(SEATS)
    shown, ace1, ace2, fourth = rng.sample(list(Suit), 4)
    taken = {Card(shown, r) for r in (Rank.ACE, Rank.QUEEN, Rank.KING)}
    hand = [Card(shown, Rank.ACE), Card(shown, Rank.QUEEN), *_cards(rng, shown, rng.choice((1, 2)), taken, SMALL_RANKS),
            Card(ace1, Rank.ACE), Card(ace2, Rank.ACE)]
    taken.update({Card(ace1, Rank.ACE), Card(ace1, Rank.KING)})
    partner = [Card(shown, Rank.KING), *_cards(rng, shown, rng.choice((1, 2)), taken, SMALL_RANKS),
               Card(fourth, Rank.ACE), Card(ace1, Rank.KING), *_cards(rng, ace1, 2, taken, SMALL_RANKS)]
    return deal_with(rng, {opener: hand, opener.partner: partner}), dealer


#: The placed deals, dealt in turn (:func:`placed_deal`).
PLACED = (law50_cut_deal, nt_long_suit_cut_deal, law45_king_deal)


def placed_deal(n: int) -> tuple[Deal, Seat]:
    """Placed deal ``n``: the recipes of :data:`PLACED` in turn, each with its own stream."""
    recipe = PLACED[n % len(PLACED)]
    return recipe(n // len(PLACED))


def read_placed(placed: int, conventions: Sequence[Rule], short: Sequence[Rule],
                hits: dict[str, list[dict[str, Any]]]) -> Counter[str]:
    """Phase 5: ``placed`` placed deals read for the rules ``short`` only (no other rule's entries move)."""
    found: Counter[str] = Counter()
    for n in range(placed):
        deal, dealer = placed_deal(n)
        found.update(read(deal, dealer, conventions, hits, f"placed {n}", only=short))
    return found


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
          near: int = 0, placed: int = 0) -> dict[str, Any]:
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
    still_short = [r for r in conventions if len(hits.get(r.id, ())) < per_rule]
    placed_found = read_placed(placed, conventions, still_short, hits)
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
                                      ("near", near), ("placed", placed))),
        "date": datetime.date.today().isoformat(),
        "stream_seeds": [STREAM_SEED0, STREAM_SEED0 + seeds - 1], "deals_per_seed": deals,
        "stream_deals": stream_deals, "targeted_seeds": [TARGETED_SEED0, TARGETED_SEED0 + max(0, targeted - 1) // deals],
        "targeted_deals": targeted + slams + near, "slam_deals": slams, "near_partie_deals": near,
        "targeted_rules": len(short),
        "plain_deals": plain,
        **placed_header(placed, still_short, placed_found),
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


def placed_header(placed: int, short: Sequence[Rule], found: Counter[str]) -> dict[str, Any]:
    """The header's account of phase 5: its deals, and the rate per 1,000 of each rule it served."""
    return {"placed_deals": placed,
            "placed_rate": {r.id: round(1000 * found[r.id] / max(1, placed), 2) for r in short}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=60, help="stream seeds read (phase 1)")
    parser.add_argument("--deals", type=int, default=60, help="deals per seed (the drills' bound)")
    parser.add_argument("--targeted", type=int, default=2400, help="deals steered by the rules still short")
    parser.add_argument("--plain", type=int, default=400, help="plain random deals, for the natural rate only")
    parser.add_argument("--per-rule", type=int, default=20, help="positions kept per rule")
    parser.add_argument("--slams", type=int, default=600, help="deals dealt for law 36's slam negotiation")
    parser.add_argument("--near", type=int, default=600, help="stream deals played with the scores near the partie")
    parser.add_argument("--placed", type=int, default=1800, help="deals with a rule's auction placed, for the rules still short")
    parser.add_argument("--out", type=Path, default=BANK_PATH)
    args = parser.parse_args(argv)
    data = build(args.seeds, args.deals, args.targeted, args.per_rule, args.plain, args.slams, args.near,
                 args.placed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=0, sort_keys=False) + "\n", encoding="utf-8")
    print(f"{args.out}: {data['rules_banked']} of {data['rules']} rules banked, "
          f"{sum(len(v) for v in data['bank'].values())} positions, {args.out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
