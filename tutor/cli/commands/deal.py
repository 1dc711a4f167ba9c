"""``tutor deal``: a seeded random deal as a diagram and as PBN."""

from __future__ import annotations

import argparse
import random

from tutor.engine.dealgen import random_deal


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("deal", help="print a seeded random deal (diagram and PBN)")
    parser.add_argument("--seed", type=int, default=None, help="seed; the same seed gives the same deal")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    deal = random_deal(random.Random(seed))
    print(f"Deal, seed {seed}\n")
    print(deal.diagram())
    print(f"\nPBN: {deal.to_pbn()}")
    return 0
