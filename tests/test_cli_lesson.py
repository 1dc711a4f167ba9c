"""``tutor lesson``: the book's bidding dialogues at the terminal, as the Bidding lessons page plays them.

The expectations are the lessons as ``content/conventions/bidding.yaml`` writes them (read here on its own):
their ids, the calls of each round and their notes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from test_cli_no_bookkeeping import BOOKKEEPING, ENGINE_CALL

from tutor.cli import main
from tutor.cli.inputs import MAX_REFUSALS

LESSONS = yaml.safe_load((Path(__file__).resolve().parent.parent / "content/conventions/bidding.yaml")
                         .read_text(encoding="utf-8"))["lessons"]
SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "NT": "NT"}


def _written(call: str) -> str:
    """A call of the file ("1S", "P") as the terminal writes it ("(1♠)", "pass")."""
    return "pass" if call == "P" else f"({call[0]}{SYMBOLS[call[1:]]})"


def _play(ident: str, typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main(["lesson", ident]) == 0
    return capsys.readouterr().out


def test_the_lessons_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lesson"]) == 0
    out = capsys.readouterr().out
    for lesson in LESSONS:
        assert f"{lesson['id']}  " in out and lesson["title"] in out, out


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson["id"])
def test_enter_reads_each_of_the_book_s_calls_in_turn(lesson: dict[str, object], monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    rounds = lesson["rounds"]
    assert isinstance(rounds, list)
    out = _play(str(lesson["id"]), "\n" * len(rounds), monkeypatch, capsys)
    told = [line for line in out.splitlines() if ": what do you say? " in line]
    assert len(told) == len(rounds), out
    for line, one in zip(told, rounds):
        assert f"You say {'pass' if one['you'] == 'P' else ''}" in line and _written(one["you"]) in line, (line, one)
        assert " ".join(one["note"].split())[:40] in " ".join(out.split()), one["note"]
    assert "The end of the dialogue." in out
    assert not BOOKKEEPING.findall(out) and not ENGINE_CALL.findall(out), out


def test_a_guess_is_told_right_or_wrong(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lesson = LESSONS[0]
    first, second = lesson["rounds"][0]["you"], lesson["rounds"][1]["you"]
    wrong = "7NT" if second != "7NT" else "7S"
    out = _play(lesson["id"], f"{first}\n{wrong}\n", monkeypatch, capsys)
    assert "Yes: " in out and _written(first) in out.split("Yes: ")[1].splitlines()[0], out
    assert f"The book says {'pass' if second == 'P' else ''}" in out and "not 7NT." in out, out


def test_endless_slips_stop_in_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("xx\n" * 100))
    assert main(["lesson", LESSONS[0]["id"]]) == 2  # noqa: PLR2004 -- one line: refused
    captured = capsys.readouterr()
    assert captured.out.count("'xx' is not a call") == MAX_REFUSALS and "stopping here" in captured.err
    assert main(["lesson", "no-such-lesson"]) == 2  # noqa: PLR2004
    assert "no bidding lesson 'no-such-lesson'" in capsys.readouterr().err
