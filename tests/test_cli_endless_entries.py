"""Entries that are never refused but never answer (blank lines, help, a table's hint, why, undo) stop too.

``yes '' | tutor drill lead`` printed 67 MB and ``yes hint | tutor play`` 22 MB until killed: only refusals
were counted (``MAX_REFUSALS``). Now every entry at one prompt that does not move it on counts, and undos
in one deal are bounded: one line, exit 2, the output bounded in size, what was done kept.
"""

from __future__ import annotations

import io
import re

import pytest

from tutor.cli import main
from tutor.cli.inputs import MAX_UNDOS, MAX_UNMOVED

LONG = 10_000  # lines fed: the old commands read them all, printing a prompt (or more) for each


def _stdin(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    data = "".join(f"{line}\n" for line in lines).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def _stopped(argv: list[str], capsys: pytest.CaptureFixture[str], most: int) -> tuple[str, str]:
    """Run ``argv``: exit 2 with one ``error:`` line, and at most ``most`` characters printed."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert len(out) < most, (len(out), out[-500:])
    assert code == 2, (code, err, out[-500:])  # noqa: PLR2004 -- the one-line refusal's status
    assert err.startswith("error: ") and err.count("\n") == 1 and "stopping here" in err, err
    return out, err


ANSWER_PROMPTS = {"drill-lead": ["drill", "lead", "--seed", "1", "--no-consequences"],
                  "drill-bidding": ["drill", "bidding", "--seed", "1", "--no-consequences"],
                  "solo-drill": ["solo", "drill", "--seed", "1"],
                  "quiz-laws": ["quiz", "laws", "--seed", "1"],
                  "quiz-scoring": ["quiz", "scoring", "--seed", "1"]}


@pytest.mark.parametrize("entry", ["", "help"], ids=["blank", "help"])
@pytest.mark.parametrize("argv", ANSWER_PROMPTS.values(), ids=ANSWER_PROMPTS.keys())
def test_endless_blank_lines_or_help_at_an_answer_prompt_stop_in_one_line(
        argv: list[str], entry: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _stdin(monkeypatch, [entry] * LONG)
    _, err = _stopped(argv, capsys, most=10_000)  # 25 help texts are about 5 KB
    assert f"{MAX_UNMOVED} entries in a row" in err and "blank lines, help" in err, err


TABLES = {"four": ["play", "--seed", "1"], "three": ["play", "--players", "3", "--seed", "1"],
          "five": ["play", "--players", "5", "--seed", "1"]}


@pytest.mark.parametrize("entry", ["hint", "help", "why", "undo", ""], ids=["hint", "help", "why", "undo", "blank"])
@pytest.mark.parametrize("argv", TABLES.values(), ids=TABLES.keys())
def test_endless_table_words_stop_in_one_line(argv: list[str], entry: str, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    _stdin(monkeypatch, [entry] * LONG)
    _, err = _stopped(argv, capsys, most=40_000)  # 25 prompts with the hand, the auction and the help
    assert f"{MAX_UNMOVED} entries in a row" in err, err  # "why" is no word at three: refused 25 times


@pytest.mark.parametrize("argv", [["play", "--rubber", "--seed", "1"], TABLES["three"]], ids=["four", "three"])
def test_acting_and_undoing_forever_stops_in_one_line(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A call then ``undo``, over and over: the call acts (the count of entries in a row starts again)."""
    _stdin(monkeypatch, ["P", "undo"] * (LONG // 2))
    out, err = _stopped(argv, capsys, most=200_000)  # 100 passes and undos, about 66 KB
    assert f"{MAX_UNDOS} undos in one deal" in err and out.count("Taken back.") == MAX_UNDOS, err


def _stored_rubber(db: str):  # type: ignore[no-untyped-def]
    from tutor.cli.rubber_store import TERMINAL
    from tutor.lessons.progress import DEFAULT_LEARNER, TableSlot, open_store
    from tutor.lessons.table.rubber import PracticeRubber

    with open_store(db) as store:
        stored = store.open_table(TableSlot(store.add_learner(DEFAULT_LEARNER), TERMINAL))
    assert stored is not None
    return PracticeRubber.from_json(stored.state)


def test_a_rubber_stopped_by_endless_hints_keeps_the_call_made(tmp_path: object, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    db = f"{tmp_path}/p.db"
    _stdin(monkeypatch, ["P", *["hint"] * LONG])
    _stopped(["play", "--rubber", "--seed", "1", "--db", db], capsys, most=40_000)
    table = _stored_rubber(db).current
    assert table is not None and [s.action for s in table.steps if s.learner] == ["P"]
    _stdin(monkeypatch, ["quit"])
    assert main(["play", "--rubber", "--db", db]) == 0
    assert "Going on with your rubber (seed 1)" in capsys.readouterr().out


def test_two_blank_lines_and_help_then_an_answer_is_answered(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.lessons.drills.kinds import drill_kind

    answer = drill_kind("lead").make(None, 1).answer
    _stdin(monkeypatch, ["", "", "help", answer])
    assert main(["drill", "lead", "--seed", "1", "--no-consequences"]) == 0
    out, err = capsys.readouterr()
    assert "Type one of the choices" in out and "Right." in out and not err, err


def _patient(prompt: str, asked: dict[str, int], words: list[str]) -> str:
    """A learner who types ``words`` at each prompt (a few hints …), then the first legal move."""
    times = asked[prompt] = asked.get(prompt, 0) + 1
    if times <= len(words):
        return words[times - 1]
    if "Your call" in prompt:
        return "P"
    ways = re.search(r"\] (.*?)(?: …)? \(or hint", prompt)
    return ways.group(1).split(", ")[0] if ways else re.search(r"\(([^,;]+)", prompt).group(1)  # type: ignore[union-attr]


@pytest.mark.parametrize(("argv", "words", "hinted"), [
    (["play", "--seed", "9"], ["hint", "hint", "why", "help", ""], "The book:"),  # seed 9: bid and played out
    (["play", "--players", "3", "--seed", "2"], ["hint", "", "help", "undo"], "The robot would:")], ids=["four", "three"])
def test_a_few_table_words_before_each_move_still_play_the_deal(
        argv: list[str], words: list[str], hinted: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    asked: dict[str, int] = {}
    monkeypatch.setattr("tutor.cli.commands.play.read_table_line", lambda prompt: _patient(prompt, asked, words))
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert not err and re.search(r"^Review", out, re.MULTILINE), (err, out[-500:])  # the deal played to its end
    assert out.count(hinted) > 10, out.count(hinted)  # noqa: PLR2004 -- hints at many prompts, each then answered
