"""`tutor play` in the terminal: a whole deal typed at the prompt, illegal input refused, quitting at any time."""

from __future__ import annotations

import re

import pytest

from tutor.cli import main


def _feeder(script: list[str]):  # type: ignore[no-untyped-def]
    """Answer the prompts: scripted words first, then pass in the auction and the first legal card."""
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if script:
            return script.pop(0)
        if "Your call" in prompt:
            return "P"
        return re.search(r"\(([^,;]+)", prompt).group(1)  # the first legal card listed

    return read, prompts


def test_a_whole_deal_is_played_at_the_prompt(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    read, prompts = _feeder(["hint", "1D", "why"])
    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", read)
    assert main(["play", "--seed", "2", "--seat", "S"]) == 0
    out = capsys.readouterr().out
    assert "Your hand: ♠ A K 3  ♥ 10 2" in out  # symbols and "10", never "T"
    assert "The book: 1♦" in out  # calls written one way everywhere  # the hint
    assert "Contract" in out and "Score:" in out and "Review:" in out
    assert any("Your card" in p for p in prompts)


def test_an_illegal_card_is_refused_with_its_law_and_the_deal_goes_on(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    read, _ = _feeder(["1D", "P", "P", "P", "P", "P", "P", "P", "SA"])  # ♥ was led and South holds ♥10 2
    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", read)
    assert main(["play", "--seed", "2", "--seat", "S"]) == 0
    out = capsys.readouterr().out
    assert "Not allowed" in out and "law 147" in out and "law-147" not in out  # named, never the id


def test_a_blank_line_asks_again_and_refuses_nothing(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Enter pressed by mistake at a prompt asks again, as a shell does (it was "Not allowed: bad call ''")."""
    read, prompts = _feeder(["", "  ", "1D", ""])
    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", read)
    assert main(["play", "--seed", "2", "--seat", "S"]) == 0
    out = capsys.readouterr().out
    assert "Not allowed" not in out and "South 1♦" in out.replace("  ", " ")
    assert prompts[0] == prompts[1] == prompts[2]  # the same call asked for until one is typed


def test_quitting_or_end_of_input_stops_cleanly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def eof(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", eof)
    assert main(["play", "--seed", "2"]) == 0
    assert "Review" not in capsys.readouterr().out


@pytest.mark.parametrize("args", [["play", "--seed", str(2**63)], ["play", "--seat", "X"]])
def test_bad_options_are_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert capsys.readouterr().err.count("\n") == 1


def help_words(out: str) -> list[str]:
    """The words the first ``help`` at a table listed: its lines "  word  what it does" after "these words:"."""
    block = out.split("Or one of these words:\n", 1)[1]
    return [m.group(1) for m in map(re.compile(r"  ([a-z]+)  +\S").match, block.splitlines()) if m][:10]


def test_help_at_the_table_lists_words_the_table_understands(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """"help" was refused as "bad call 'help'". Every word it lists is one the table then reads (the
    call is still asked), and "quit" stops."""
    read, _ = _feeder(["help", "quit"])
    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", read)
    assert main(["play", "--seed", "2", "--seat", "S"]) == 0
    words = help_words(capsys.readouterr().out)
    assert {"hint", "undo", "why", "quit"} <= set(words)
    read, prompts = _feeder([w for w in words if w != "quit"] + ["quit"])
    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", read)
    assert main(["play", "--seed", "2", "--seat", "S"]) == 0
    out = capsys.readouterr().out
    assert "Not allowed" not in out and "Score:" not in out  # nothing refused, and quit stopped the deal
    assert len(prompts) == len(words) and len(set(prompts)) == 1  # each word answered, the same call asked again


def test_a_card_in_the_auction_or_a_call_in_the_play_is_told_which_is_wanted(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A card typed in the auction read "bad call 'd7'", a call in the play "bad card '1S': unknown rank
    '1'": each now says which the table wants, and the deal goes on to its end."""
    read, _ = _feeder(["d7", "1D", "P", "P", "P", "P", "P", "P", "P", "1S", "pass"])
    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", read)
    assert main(["play", "--seed", "2", "--seat", "S"]) == 0
    refusals = re.findall(r"Not allowed: (.*)", capsys.readouterr().out)
    assert refusals[0].startswith("♦7 is a card") and "make a call" in refusals[0]
    assert refusals[1:] and all("play a card" in r for r in refusals[1:]), refusals
    assert not any("rank" in r or "bad c" in r for r in refusals), refusals
