"""Every terminal prompt reads every card spelling the app accepts, and prints choices as the hand does.

Issue 32: ``tutor drill lead --seed 2`` printed "♦ AQ106", listed the choice as ``DT`` and
refused ``D10``. The spellings checked here are built from the suits and ranks themselves
(suit letter or symbol, rank letter or "10", either order, any case), not from the reader:
``D10``, ``DT``, ``♦10``, ``10D``, ``d10``, ``♦T``, ``TD``, ``10♦``. Calls: ``1H``, ``1♥``,
``1 h``, ``pass``, ``P``. One test per prompt: the drill (card and call), the review, the table.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.cli.spelling import choice_text, read_choice
from tutor.engine.cards import Card, Rank, Suit
from tutor.lessons.play.drill import make as make_play
from tutor.lessons.review import Exercise

_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_LETTER = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}
_RANKS = {Rank.TEN: ("10", "T"), Rank.JACK: ("J",), Rank.QUEEN: ("Q",), Rank.KING: ("K",), Rank.ACE: ("A",)}
DECK = [Card(s, r) for s in _LETTER for r in Rank]


def spellings(card: Card) -> list[str]:
    """Every way a player writes ``card``: suit first or last, letter or symbol, "10" or "T", any case."""
    ranks = _RANKS.get(card.rank, (str(int(card.rank)),))
    out = []
    for rank in ranks:
        for suit in (_LETTER[card.suit], _SYMBOL[card.suit]):
            out += [suit + rank, rank + suit, (suit + rank).lower(), (rank + suit).lower()]
    return out


def pretty(card: Card) -> str:
    return _SYMBOL[card.suit] + _RANKS.get(card.rank, (str(int(card.rank)),))[0]


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_spelling_of_every_card_names_the_choice(card: Card) -> None:
    choices = [str(c) for c in DECK]  # the engine's own spelling: "DT"
    for spelling in spellings(card):
        assert read_choice(spelling, choices) == str(card), spelling
    assert choice_text(str(card)) == pretty(card)  # printed as the hand prints it: ♦10, never DT


@pytest.mark.parametrize(("typed", "call"), [("1H", "1H"), ("1♥", "1H"), ("1 h", "1H"), ("2nt", "2NT"),
                                             ("2 NT", "2NT"), ("pass", "P"), ("P", "P"), ("7♠", "7S")])
def test_every_spelling_of_a_call_names_the_choice(typed: str, call: str) -> None:
    assert read_choice(typed, ["P", "1H", "2NT", "7S", "1S"]) == call


def test_a_call_is_not_read_as_a_card_among_calls() -> None:
    # "2S" is also the two of spades written rank first; among calls it is the call
    assert read_choice("S2", ["P", "2S"]) is None and read_choice("2♠", ["P", "2S"]) == "2S"


def test_the_drill_prompt_takes_every_spelling_of_its_answer_and_prints_the_choices_as_the_hand(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    drill = make_play("lead", None, 2)
    answer = Card.parse(drill.answer)
    for spelling in spellings(answer):
        monkeypatch.setattr("sys.stdin", io.StringIO(spelling + "\n"))
        code = main(["drill", "lead", "--seed", "2", "--no-consequences", "--db", str(tmp_path / "p.db")])
        out = capsys.readouterr().out
        assert code == 0 and "Right." in out, spelling
    choices_line = next(line for line in out.splitlines() if line.startswith("Choices:"))
    assert choices_line.split()[1:] == [pretty(Card.parse(c)) for c in drill.choices]
    hand_line = next(line for line in out.splitlines() if line.startswith("Your hand:"))
    assert "T" not in hand_line.replace("Your hand:", "")  # "10", as in the choices


def test_the_bidding_drill_prompt_takes_a_call_with_its_suit_symbol(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rule = "law-41-no-trumps-three-or-four-aces"  # answer 1NT (tests/test_bidding_cli.py)
    monkeypatch.setattr("sys.stdin", io.StringIO("1 nt\n"))
    assert main(["drill", "bidding", "--rule", rule, "--seed", "3", "--no-consequences",
                 "--db", str(tmp_path / "p.db")]) == 0
    assert "Right." in capsys.readouterr().out


def test_the_review_prompt_reads_a_card_in_any_spelling(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from tutor.cli.commands.review import ask
    from tutor.lessons.progress import open_store

    exercise = Exercise("convention", "lead-80-never-rhos-suit", "Your lead?", expected="DT",
                        choices=("DA", "DT", "S3"), extra={"kind": "lead"})
    with open_store(tmp_path / "p.db") as store:
        for spelling in ("10D", "♦10", "d10"):
            monkeypatch.setattr("sys.stdin", io.StringIO(spelling + "\n"))
            assert ask(store, "anna", exercise)
        assert [a.answer.correct for a in store.answers("anna")] == [True, True, True]
    out = capsys.readouterr().out
    assert "2. ♦10" in out and "DT" not in out


def test_the_table_prompt_takes_every_spelling_of_a_card(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    turns, calls = 0, ["1♦"]  # seed 2: the book's call for South (tests/test_cli_play.py), then passes

    def read(prompt: str) -> str:
        nonlocal turns
        if "Your call" in prompt:
            return calls.pop() if calls else "pass"
        first = re.search(r"\(([^,;]+)", prompt).group(1)  # type: ignore[union-attr]  # the first legal card
        card = Card.parse(first)
        turns += 1
        options = spellings(card)
        return options[turns % len(options)]  # a different spelling at each turn

    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", read)  # `tutor play` reads through it
    assert main(["play", "--seed", "2", "--seat", "S"]) == 0
    out = capsys.readouterr().out
    assert turns >= 10 and "Not allowed" not in out and "Review" in out
