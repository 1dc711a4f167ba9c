"""``tutor deal``: a seeded random deal as a diagram and as PBN."""

from __future__ import annotations

import argparse
import random

from tutor.cli.commands import SUMMARIES
from tutor.cli.inputs import add_seed_option, seed_or_random
from tutor.engine.deals.generate import random_deal


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("deal", help=SUMMARIES["deal"])
    add_seed_option(parser, "deal")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    seed = seed_or_random(args.seed)
    deal = random_deal(random.Random(seed))
    print(f"Deal, seed {seed}\n")
    print(deal.diagram())
    print(f"\nPBN: {deal.to_pbn()}")
    return 0
