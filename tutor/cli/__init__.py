"""The ``tutor`` command: every module in ``tutor.cli.commands`` adds one subcommand.

Each command module defines ``register(subparsers)``, which adds its parser and
sets ``func`` to a function taking the parsed arguments and returning an exit
code; the module is named as its command and its summary is in ``commands.SUMMARIES``.
A command imports its own module alone (:func:`build_parser`), ``tutor --help`` none
(:func:`summary_parser`). A :class:`~tutor.engine.errors.TutorError` becomes a one-line
message on standard error and exit code 2, never a traceback; Ctrl-C the line ``interrupted`` and exit
code 130.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import pkgutil
import re
import sys
from collections.abc import Sequence
from functools import cache
from typing import NoReturn

from tutor import __version__
from tutor.cli import commands
from tutor.engine.errors import MAX_ECHO_CHARS, TutorError, shorten

#: a suggested order, as the app's Home page gives it: the laws, then the quizzes, then the drills and the table
START_HERE = """start here:
  tutor laws                 the book in order (tutor glossary: its words)
  tutor quiz laws            check what you read; tutor quiz scoring: write a score sheet
  tutor lesson               the book's two bidding dialogues, call by call
  tutor drill bidding        the book's calls on generated deals (also lead, second-hand, ...)
  tutor play                 a whole deal against the book robots (--rubber: a rubber)
  tutor review               what you are about to forget, and your mistakes"""


@cache
def command_names() -> tuple[str, ...]:
    """The subcommands, by their modules' names (each module registers the command of its own name);
    listed once per process, as :func:`main` asks on every call."""
    return tuple(sorted(info.name for info in pkgutil.iter_modules(commands.__path__)))


#: a value argparse quotes in a refusal (``invalid choice: '…'``, repr-quoted, escapes included), or a word it
#: repeats bare (``unrecognized arguments: …``) longer than a value is quoted
_VALUE = re.compile(r"'(?:[^'\\]|\\.)*'" '|' r'"(?:[^"\\]|\\.)*"' '|' rf"\S{{{MAX_ECHO_CHARS + 1},}}")
#: the longest refusal line of the parser (the commands' names it lists fit)
MAX_PARSER_LINE = 1000


def parser_refusal(message: str) -> str:
    """argparse's ``message`` as one line, every value it quotes (or repeats) cut after
    :data:`~tutor.engine.errors.MAX_ECHO_CHARS` characters with the length of the whole: argparse's own
    ``invalid int value`` / ``invalid choice`` quoted a 120 kB argument whole."""

    def cut(match: re.Match[str]) -> str:
        text = match.group()
        quoted = text[0] in "'\"" and text[-1] == text[0] and len(text) > 1
        if len(text) <= MAX_ECHO_CHARS + 2 * quoted:
            return text
        if quoted:
            return f"{text[:MAX_ECHO_CHARS + 1]}{text[0]}… ({len(text) - 2:,} characters)"
        return f"{text[:MAX_ECHO_CHARS]}… ({len(text):,} characters)"

    line = message.replace("\r", "\\r").replace("\n", "\\n")
    return shorten(_VALUE.sub(cut, line), MAX_PARSER_LINE)


class Parser(argparse.ArgumentParser):
    """The parser of ``tutor`` and of each of its commands (``add_subparsers`` makes its own class's).

    A refusal is one line, ``error: …`` as the commands' own (:func:`main`), its values cut
    (:func:`parser_refusal`), and the command's ``--help`` named instead of the usage lines argparse
    prints before it (exit code 2, as argparse's). An argument starting with a minus and a digit is a
    value, not an option (no option of the tutor looks like a number): ``tutor solo quiz --answer -3/4``,
    the help's own example, was refused "expected one argument" (Python 3.13's argparse reads it so too)."""

    def __init__(self, *args: object, **kwargs: object) -> None:  # argparse's own, passed on whole
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._negative_number_matcher = re.compile(r"^-\.?\d")

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {parser_refusal(message)} (`{self.prog} --help` lists the options)\n")


def _top_parser() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction[argparse.ArgumentParser]]:
    parser: argparse.ArgumentParser = Parser(  # its commands' parsers are of its class (add_subparsers)
        prog="tutor",
        description="Learn Vint and Solo Whist: study the laws, drill conventions, quiz on scoring.",
        epilog=START_HERE, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tutor {__version__}")
    return parser, parser.add_subparsers(dest="command", metavar="COMMAND")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``tutor`` parser with every command, or with the command ``only`` alone.

    Each command module imports what its command runs on (the store's SQLAlchemy, the
    solver, the robots...): all of them take about a second to import, one of them a third
    to two thirds of that, so a command builds the parser of its own command only."""
    parser, sub = _top_parser()
    for name in command_names():
        if only is None or name == only:
            importlib.import_module(f"{commands.__name__}.{name}").register(sub)
    return parser


def summary_parser() -> argparse.ArgumentParser:
    """The ``tutor`` parser that knows the commands by name and summary only (``commands.SUMMARIES``):
    for ``tutor``, ``tutor --help``, ``--version`` and an unknown command, which need no command's
    options and print what the whole parser prints (tests/test_cli_parser.py), without its imports."""
    parser, sub = _top_parser()
    for name in command_names():
        sub.add_parser(name, help=commands.SUMMARIES[name])
    return parser


_PARSERS: dict[str | None, argparse.ArgumentParser] = {}


def _parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser for ``argv``: its command's alone when its first word names one, else the summaries'.
    Built once per process and command: building one (its options) takes milliseconds, which the
    tests, calling :func:`main` in-process over a thousand times, paid on every call. Parsing keeps
    no state in the parser (each call gets a new namespace), so it can be reused."""
    only = argv[0] if argv and argv[0] in command_names() else None
    if only not in _PARSERS:
        _PARSERS[only] = build_parser(only) if only else summary_parser()
    return _PARSERS[only]


#: the exit status of a command stopped by Ctrl-C (128 + SIGINT, as the shell reports it)
INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tutor ARGV``; its exit status. Ctrl-C (``KeyboardInterrupt``), in any command or while one is
    being loaded, ends it with one line, ``interrupted``, on standard error and status 130, never a traceback."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):  # standard error closed: the status alone
            print("interrupted", file=sys.stderr, flush=True)
        return INTERRUPTED


def _main(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = _parser(words)
    args = parser.parse_args(words)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except TutorError as err:
        # one line always: a message may quote input that holds line breaks
        one_line = str(err).replace("\r", "\\r").replace("\n", "\\n")
        print(f"error: {one_line}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `tutor laws | head`
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
