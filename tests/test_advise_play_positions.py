"""A play position for ``tutor advise``: its contract is the auction's last bid (law 31), so a position
that gives the auction need not repeat the contract and the declarer; one that gives only one of the two,
or an auction without a bid and no contract, is refused in one line."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tutor.cli.commands.advise import answer_one
from tutor.engine.errors import TutorError
from tutor.lessons.play.drill import make


def _position(kind: str, seed: int) -> dict[str, Any]:
    return json.loads(json.dumps(make(kind, None, seed).position, default=str))


@pytest.mark.parametrize(("kind", "seed"), [("lead", s) for s in range(4)] + [("third-hand", 1), ("discard", 2)])
def test_without_contract_and_declarer_the_auction_gives_the_same_answer(kind: str, seed: int) -> None:
    given = _position(kind, seed)
    bare = {k: v for k, v in given.items() if k not in ("contract", "declarer")}
    assert answer_one(bare, "") == answer_one(given, "")


@pytest.mark.parametrize("drop", ["contract", "declarer"])
def test_one_of_contract_and_declarer_is_refused(drop: str) -> None:
    half = {k: v for k, v in _position("lead", 0).items() if k != drop}
    with pytest.raises(TutorError, match=f"lacks '{drop}'"):
        answer_one(half, "")


def test_an_auction_without_a_bid_and_no_contract_is_refused() -> None:
    position = {k: v for k, v in _position("lead", 0).items() if k not in ("contract", "declarer")}
    position["auction"] = ["P", "P", "P", "P"]
    with pytest.raises(TutorError, match="names no contract"):
        answer_one(position, "")
