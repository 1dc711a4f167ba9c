"""The ``tutor`` command builds the parser of the command asked for alone, and ``tutor --help`` one of the
commands' summaries (their start: ``tutor deal`` took 1.3 s, almost all of it importing every other
command's modules). What a learner sees must not change by it: ``tutor``'s help, each command's help and
their refusals are the whole parser's."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from work_bounds import HANG_GUARD

from tutor.cli import build_parser, command_names, main, summary_parser
from tutor.cli.commands import SUMMARIES


@cache
def whole() -> argparse.ArgumentParser:
    """The parser of every command, built when a test first asks (not while the tests are collected)."""
    return build_parser()


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return actions[0].choices[name]


def test_every_command_module_registers_the_command_of_its_name() -> None:
    actions = [a for a in whole()._actions if isinstance(a, argparse._SubParsersAction)]
    assert sorted(actions[0].choices) == list(command_names())


def test_tutors_help_from_the_summaries_is_the_whole_parsers() -> None:
    assert sorted(SUMMARIES) == list(command_names())
    assert summary_parser().format_help() == whole().format_help()


@pytest.mark.parametrize("name", command_names())
def test_a_commands_own_parser_gives_the_whole_parsers_help(name: str) -> None:
    assert _subparser(build_parser(name), name).format_help() == _subparser(whole(), name).format_help()


@pytest.mark.parametrize("argv", [["deal", "--bogus"], ["drill", "--nonsense"], ["laws", "1", "2", "3"],
                                  ["solo", "nothing"], ["score"], ["bogus"], ["--bogus"], ["Deal"]])
def test_a_refusal_reads_as_the_whole_parsers(argv: list[str]) -> None:
    def refusal(parse: Callable[[list[str]], object]) -> str:
        err = io.StringIO()
        with contextlib.redirect_stderr(err), pytest.raises(SystemExit):
            parse(argv)
        return err.getvalue()

    mine = refusal(main)  # as main parses it: the command's own parser, or the summaries'
    assert mine and mine == refusal(whole().parse_args)


@pytest.mark.parametrize(("argv", "unwanted"), [
    (["--help"], ("tutor.cli.commands.", "sqlalchemy")),  # the help needs no command's module
    (["deal", "--seed", "1"], ("sqlalchemy", "numpy", "alembic")),  # a deal needs no store, no solver
])
def test_a_command_imports_only_what_it_needs(argv: list[str], unwanted: tuple[str, ...]) -> None:
    probe = ("import sys, contextlib, io\nfrom tutor.cli import main\n"
             f"with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit): main({argv!r})\n"
             f"print(sorted(m for m in sys.modules if m.startswith({unwanted!r})))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=HANG_GUARD,
                          check=True)
    assert done.stdout.strip() == "[]", done.stdout


def _json_examples(text: str) -> list[dict[str, object]]:
    """Each outermost JSON object written in ``text`` that parses alone."""
    found: list[dict[str, object]] = []
    depth = start = 0
    for n, char in enumerate(text):
        if char == "{":
            start, depth = (n, 1) if depth == 0 else (start, depth + 1)
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                with contextlib.suppress(ValueError):
                    found.append(json.loads(text[start:n + 1]))
    return found


@pytest.mark.parametrize("name", ["advise", "analyse"])
def test_the_position_a_commands_help_shows_is_one_it_answers(name: str, tmp_path: Path) -> None:
    """A learner copies the example of ``--help``: it must be a position the command answers, whose
    turn it is (an example with the wrong seat to call was refused "it is E's turn")."""
    description = _subparser(whole(), name).description or ""
    positions = [e for e in _json_examples(" ".join(description.split())) if "kind" in e]
    assert positions, description
    for position in positions:
        path = tmp_path / "position.json"
        path.write_text(json.dumps(position))
        argv = [name, str(path), *(["--layouts", "4"] if name == "analyse" else [])]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(argv) == 0
        answer = json.loads(out.getvalue())
        assert answer.get("call") or answer.get("choices"), answer


def test_the_suggested_order_names_only_commands_that_exist(capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor --help`` ends with where to start, as the app's Home page does; each command it names runs."""
    from tutor.cli import START_HERE

    named = re.findall(r"tutor ([a-z]+)(?: ([a-z-]+))?", START_HERE)
    assert {command for command, _ in named} >= {"laws", "quiz", "drill", "play", "review"}
    for command, action in named:
        assert command in command_names(), command
        with pytest.raises(SystemExit) as done:
            main([command, *([action] if action and command in ("quiz", "drill") else []), "--help"])
        assert done.value.code == 0, (command, action)
    capsys.readouterr()
