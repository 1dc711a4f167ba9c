"""Defects a hostile audit of the terminal found, each with the input that showed it.

* a hand holding a card twice was refused with a message built by ``cards.count(c)`` for every card:
  n² work (100,000 cards took 8 s, 400,000 over a minute), from a hand string or list, a deal string and
  a PBN ``[Deal]`` tag alike;
* ``tutor advise`` on a play position whose ``trick`` holds 4 cards ended in an ``IndexError``
  (``tutor analyse`` refuses it in one line);
* ``tutor analyse`` on a play position that names its contract and declarer but no auction ended in an
  ``AssertionError`` (``tutor advise`` answers it);
* ``tutor analyse`` on the last card of a deal (no unseen card left) was refused with numpy's
  "cannot reshape array of size 0" read as a seat number;
* at the table, a call typed in the play and a card typed in the auction were the two refusals that
  named no law;
* ``tutor solo settle solo --tricks 8 --failed`` was accepted, ``--failed`` silently ignored.

Work is bounded by counting calls (``tests/work_bounds.py``), never by a clock (docs/quality.md).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from test_cli_hostile_files import one_error_line
from test_fuzz_inputs import run_cli
from work_bounds import call_budget

import tutor.cli.commands.play as play_command
from tutor.cli import main
from tutor.engine.auction import Auction
from tutor.engine.calls import Pass
from tutor.engine.cards import Card, Deal, Hand, Seat
from tutor.engine.deals.batch import deal_batch
from tutor.engine.deals.spec import CardCount
from tutor.engine.errors import IllegalCallError, NotationError, law_in_words

# -- the audit's positions (one deal: 2♦ by South after a long auction) -----------------------------------

DEAL = "N:T865.Q653.AJ64.2 72.K97.T9.KQ9874 AK3.T2.KQ875.A65 QJ94.AJ84.32.JT3"
AUCTION = ["P", "P", "1D", "P", "P", "P", "P", "P", "P", "P", "1NT", "P", "P", "P", "P", "P", "P", "P",
           "2D", "P", "P", "P", "P", "P", "P", "P", "P"]
THREE_TRICKS = ["H4", "H3", "HK", "H2", "CK", "CA", "C3", "C2", "SA", "S4", "S5", "S2"]
#: South to lead to the fourth trick, contract and declarer given, no auction
NO_AUCTION = {"seat": "S", "hand": "K3.T.KQ875.65", "dealer": "N", "kind": "lead", "contract": "2D",
              "declarer": "S", "played": THREE_TRICKS, "trick": [], "deal": DEAL}
#: the same seat with a whole trick of four cards in "trick"
TRICK_OF_FOUR = {**NO_AUCTION, "kind": "card", "auction": AUCTION, "trick": ["D2", "D3", "D4", "D5"]}
#: East's last card: every other card has been played, so nothing is unseen
LAST_CARD = {"kind": "card", "seat": "E", "hand": ["C9"], "dealer": "N", "auction": AUCTION, "contract": "2D",
             "declarer": "S", "played": [*THREE_TRICKS, "SK", "S9", "S6", "S7", "D5", "D2", "DA", "D9", "H5", "H7",
                                         "HT", "HJ", "HA", "H6", "H9", "S3", "CT", "S8", "CQ", "C5", "C4", "C6",
                                         "CJ", "ST", "SJ", "D4", "C7", "D7", "DK", "D3", "D6", "DT", "DQ", "H8",
                                         "DJ", "C8"],
             "trick": ["D8", "SQ", "HQ"], "deal": DEAL}


def _json_file(tmp_path: Path, data: object, name: str = "position.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


# -- 1. a hand that holds a card twice: refused in work linear in its length ---------------------------------

#: Cards in the hostile hand. Two different cards alternate (♠A ♠K ♠A …): ``list.count`` compares a card
#: with each other card by ``Card.__eq__`` (a Python call the budget counts); a hand of one card repeated
#: would be compared by identity inside C, quadratic but invisible to a call count.
HOSTILE = 20_000  # quadratic, it would take 10,000 times the budget: as decisive as more, and cheaper
#: Measured after the fix: 2 (a list of cards) to 5 (``tutor advise`` reading the JSON) calls a card.
#: Ten a card leaves twice the margin; the n² message took HOSTILE / 2 calls for each card.
BUDGET = 10 * HOSTILE
TWICE = "hand holds a card twice: SA, SK"


def _refused(build: Callable[[], object]) -> str:
    with pytest.raises(NotationError) as caught:
        build()
    return str(caught.value)


def _cli_refusal(argv: list[str], stdin: bytes | None = None) -> str:
    code, _, err = run_cli(argv, stdin)
    assert code == 2  # noqa: PLR2004
    return one_error_line(err)


def _hand_text(n: int) -> str:
    return "AK" * (n // 2) + "..."


def _paths(tmp_path: Path) -> dict[str, Callable[[int], str]]:
    """Each way a hand reaches ``Hand``: the refusal's text for a hostile hand of ``n`` cards."""

    def pbn_file(n: int) -> str:
        path = tmp_path / f"deal{n}.pbn"
        path.write_text(f'[Dealer "N"]\n[Deal "N:{_hand_text(n)} ... ... ..."]\n', encoding="utf-8")
        return _cli_refusal(["robots", "--pbn-file", str(path)])

    def score_file(n: int) -> str:
        deal = {"deal": f"N:{_hand_text(n)} ... ... ...", "contract": "1S", "declarer": "N", "tricks": 7}
        return _cli_refusal(["score", _json_file(tmp_path, deal, f"score{n}.json")])

    def advise_stdin(n: int) -> str:
        position = {"kind": "lead", "seat": "S", "hand": ["SA", "SK"] * (n // 2), "dealer": "N",
                    "contract": "1S", "declarer": "N"}
        return _cli_refusal(["advise", "-"], json.dumps(position).encode())

    return {
        "hand string": lambda n: _refused(lambda: Hand.parse(_hand_text(n))),
        "hand list": lambda n: _refused(lambda: Hand([Card.parse("SA"), Card.parse("SK")] * (n // 2))),
        "deal string": lambda n: _refused(lambda: Deal.from_pbn(f"N:{_hand_text(n)} ... ... ...")),
        "tutor advise, a hand list": advise_stdin,
        "tutor score, a deal": score_file,
        "tutor robots --pbn-file, a [Deal] tag": pbn_file,
    }


@pytest.mark.parametrize("path", ["hand string", "hand list", "deal string", "tutor advise, a hand list",
                                  "tutor score, a deal", "tutor robots --pbn-file, a [Deal] tag"])
def test_a_long_hand_of_duplicate_cards_is_refused_in_linear_work(path: str, tmp_path: Path) -> None:
    refuse = _paths(tmp_path)[path]
    small = refuse(4)  # the command's modules imported, its first-call caches filled: not counted below
    assert small.endswith(TWICE)  # the one-line message names each doubled card once
    with call_budget(BUDGET):
        message = refuse(HOSTILE)
    assert message == small


# -- 2. tutor advise: a trick of four cards ------------------------------------------------------------------


def test_advise_refuses_a_trick_of_four_cards_in_one_line_as_analyse_does(tmp_path: Path) -> None:
    source = _json_file(tmp_path, TRICK_OF_FOUR)
    analysed = _cli_refusal(["analyse", source, "--layouts", "1"])
    assert "'trick' holds 4 cards; at most 3" in analysed
    assert _cli_refusal(["advise", source]) == analysed
    batch = _json_file(tmp_path, {"positions": [TRICK_OF_FOUR]}, "batch.json")
    assert _cli_refusal(["advise", batch]) == analysed.replace("error: ", "error: positions[0]: ", 1)


# -- 3. tutor analyse: a play position with its contract and no auction -----------------------------------------


def test_analyse_answers_a_play_position_without_an_auction_as_advise_does(tmp_path: Path) -> None:
    """The contract and declarer are all the play needs (advise answers from them): analyse prices the
    position, and its book card is advise's."""
    source = _json_file(tmp_path, NO_AUCTION)
    code, out, err = run_cli(["analyse", source, "--layouts", "1"])
    assert code == 0, err
    analysis = json.loads(out)
    code, advised, err = run_cli(["advise", source])
    assert code == 0, err
    assert analysis["book"] == json.loads(advised)["card"]
    hand = set(Hand.parse(str(NO_AUCTION["hand"])).cards)
    priced = {Card.parse(c["choice"]) for c in analysis["choices"]}
    assert priced and priced <= hand
    for choice in analysis["choices"]:  # the deal was given: double dummy and the robots' line are priced
        assert choice["double_dummy"] is not None and choice["robots"] is not None
        assert choice["sampled"]["layouts"] == 1


# -- 4. tutor analyse: the last card of a deal ------------------------------------------------------------------


@pytest.mark.parametrize("with_deal", [True, False])
def test_analyse_prices_the_last_card_of_a_deal(with_deal: bool, tmp_path: Path) -> None:
    """Nothing is unseen, so there is one layout, the deal itself: every layout priced is it, and with the
    deal given its price is the double-dummy one and the robots' (one card left each: no choice)."""
    position = dict(LAST_CARD) if with_deal else {k: v for k, v in LAST_CARD.items() if k != "deal"}
    code, out, err = run_cli(["analyse", _json_file(tmp_path, position), "--layouts", "3"])
    assert code == 0 and "numpy" not in err and "reshape" not in err, err
    analysis = json.loads(out)
    assert analysis["book"] == "C9" and [c["choice"] for c in analysis["choices"]] == ["C9"]
    (choice,) = analysis["choices"]
    sampled = choice["sampled"]
    assert sampled["interval"][0] == sampled["interval"][1] == sampled["points"]  # one layout, one price
    if with_deal:
        assert sampled["tricks"] == choice["double_dummy"]["tricks"] == choice["robots"]["tricks"]
        assert sampled["points"] == choice["double_dummy"]["points"] == choice["robots"]["points"]


def test_a_plan_with_every_card_placed_draws_that_deal() -> None:
    """No free card: the constructive build has nothing to build (it used to parse numpy's error as seats)."""
    deal = Deal.from_pbn(DEAL)
    fixed = {seat: deal[seat].cards for seat in Seat}
    batch = deal_batch(1, 3, constraints={Seat.N: [CardCount(deal[Seat.S].cards, 0, 0)]}, fixed=fixed)
    assert [d.to_pbn() for d in batch] == [deal.to_pbn()] * 3


# -- 5. the table: a call in the play, a card in the auction ----------------------------------------------------


def _auction_over_law() -> str:
    """The law the engine's own check cites for a call after the auction is over."""
    auction = Auction(Seat.N)
    while not auction.is_complete:
        auction.call(Pass())
    with pytest.raises(IllegalCallError) as caught:
        auction.verify_call(Pass())
    return law_in_words(str(caught.value.law))


def _drive(argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """Play ``tutor play --seed 2`` at the learner's seat by the hints, typing a card at the first call and a
    call at the first card; the refusals printed."""
    tried: set[str] = set()
    printed: list[str] = []
    hinted = [False]

    def read(prompt: str) -> str:
        printed.append(capsys.readouterr().out)
        if len(printed) > 600 or len(tried) == 2:  # noqa: PLR2004
            return "quit"
        if prompt.startswith(("Your call", "[auction")) and "card" not in tried:
            tried.add("card")
            return "SA"
        if prompt.startswith(("Your card", "[play")) and "call" not in tried:
            tried.add("call")
            return "pass"
        told: list[str] = re.findall(r"(?:The book:|The robot would:) (\S+) —", printed[-1])
        if hinted[0] and told:  # the hint just printed: act on it
            hinted[0] = False
            return told[-1]
        hinted[0] = True
        return "hint"

    monkeypatch.setattr(play_command, "read_table_line", read)
    assert main(["play", "--seed", "2", *argv]) == 0
    printed.append(capsys.readouterr().out)
    assert tried == {"card", "call"}, "the table never asked for both a call and a card"
    return re.findall(r"Not allowed: (.*)", "".join(printed))


@pytest.mark.parametrize("players", [4, 2, 3, 5])
def test_a_card_in_the_auction_and_a_call_in_the_play_name_their_law(
        players: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    law = _auction_over_law()
    refusals = _drive([] if players == 4 else ["--players", str(players)], monkeypatch, capsys)  # noqa: PLR2004
    card = [r for r in refusals if r.startswith("♠A is a card")]
    call = [r for r in refusals if r.startswith("the auction is over")]
    assert len(card) == 1 and len(call) == 1, refusals
    assert f"({law})" in call[0]
    # no law of the book forbids a card in the auction: the refusal says so and cites the law that ends it
    assert "no law" in card[0] and f"({law})" in card[0]


# -- 6. tutor solo settle --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["solo", "proposal", "abundance", "abundance-in-trumps"])
def test_failed_is_refused_where_the_tricks_decide(game: str) -> None:
    partner = ["--partner", "S"] if game == "proposal" else []
    line = _cli_refusal(["solo", "settle", game, "--bidder", "N", *partner, "--tricks", "8", "--failed"])
    assert "--failed" in line


@pytest.mark.parametrize(("game", "stake"), [("misere", 2), ("open-misere", 4), ("declared-abundance", 6)])
def test_an_all_or_nothing_game_is_settled_without_tricks(game: str, stake: int) -> None:
    """Misère, open misère and declared abundance count no over- or under-tricks (the solo digest, l.57-59):
    made or failed is all, so ``--tricks`` is not asked for any of them (open misère as the other two)."""
    code, out, err = run_cli(["solo", "settle", game, "--bidder", "N"])
    assert code == 0, err
    assert f"Net: N +{3 * stake};" in out  # each of the three opponents pays the stake
    code, out, err = run_cli(["solo", "settle", game, "--bidder", "N", "--failed"])
    assert code == 0, err
    assert f"Net: N -{3 * stake};" in out
