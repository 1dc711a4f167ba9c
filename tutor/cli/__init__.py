"""The ``tutor`` command: every module in ``tutor.cli.commands`` adds one subcommand.

Each command module defines ``register(subparsers)``, which adds its parser and
sets ``func`` to a function taking the parsed arguments and returning an exit
code. A :class:`~tutor.engine.errors.TutorError` becomes a one-line message on
standard error and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from tutor import __version__
from tutor.cli import commands
from tutor.engine.errors import TutorError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tutor",
        description="Learn Vint and Solo Whist: study the laws, drill conventions, quiz on scoring.",
    )
    parser.add_argument("--version", action="version", version=f"tutor {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.register(sub)
    return parser


_PARSER: argparse.ArgumentParser | None = None


def _parser() -> argparse.ArgumentParser:
    """The parser, built once per process: building it (every command's options) takes about 5 ms,
    which the tests, calling :func:`main` in-process over a thousand times, paid on every call.
    Parsing keeps no state in the parser (each call gets a new namespace), so it can be reused."""
    global _PARSER
    if _PARSER is None:
        _PARSER = build_parser()
    return _PARSER


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
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
