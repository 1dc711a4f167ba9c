"""The options of ``tutor play`` and ``tutor robots`` for two, three and five players, and the
flags a way honours or refuses in one line (never silently ignored)."""

from __future__ import annotations

import argparse

from tutor.cli.inputs import whole_number
from tutor.cli.table_options import PLAYERS_CHOICES, PLAYERS_HELP, players_argument
from tutor.engine.errors import TutorError, echo
from tutor.engine.ways.catalogue import Way, find_way
from tutor.lessons.ways.table import FIVE_NAMES, MAX_ROUND


class Given(str):
    """A flag's default, told apart from the same value typed (a way must know which flags were given)."""

    __slots__ = ()


class GivenNumber(int):
    """A whole-number flag's default (``--round``'s 0), told apart from the same number typed."""

    __slots__ = ()


#: the words of the four-handed table's refusal (``tutor play --new`` without ``--rubber``), said the same here
NEW_WITHOUT_RUBBER = "--new starts a new rubber: give it with --rubber"


def add_way_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=players_argument, choices=PLAYERS_CHOICES, help=PLAYERS_HELP)
    parser.add_argument("--way", help="the way to play for that many players (default: the book's first)")
    add_round_option(parser)


def add_round_option(parser: argparse.ArgumentParser, *, with_db: bool = True) -> None:
    """The options of the other table sizes that ``tutor play`` and ``tutor robots`` share;
    ``with_db=False`` where the command has the store's ``--db`` already (``tutor play``)."""
    parser.add_argument("--round", dest="five_round", type=whole_number(0, MAX_ROUND), default=GivenNumber(0),
                        metavar="N",
                        help=f"five players: which rubber of the rotation (0 = the first: T sits out); three "
                             f"players, the dummy way: which rubber (the tutor's reading: the dummy passes on at "
                             f"each); 0 to {MAX_ROUND}")
    parser.add_argument("--way-option", dest="way_options", action="append", default=[], metavar="NAME=CHOICE",
                        help="a way's switch, e.g. dummy-transfer=transfer (docs/table-sizes.md)")
    if with_db:
        parser.add_argument("--db", default=None, help="five players: the progress database keeping the evening's "
                                                       "running record (default: $TUTOR_DB, else the user data directory)")
    parser.set_defaults(dealer=Given("N"), seat=Given("S"))


def given(args: argparse.Namespace, name: str) -> str | None:
    """The flag ``name`` as typed, or ``None`` when it was left at its default."""
    value = getattr(args, name, None)
    return None if value is None or isinstance(value, Given | GivenNumber) else str(value)


def way_of(args: argparse.Namespace) -> Way:
    options: dict[str, str] = {}
    for text in getattr(args, "way_options", None) or []:
        name, sep, choice = str(text).partition("=")
        if not sep:
            raise TutorError(f"--way-option {echo(text)}: NAME=CHOICE, e.g. dummy-transfer=transfer")
        options[name.strip()] = choice.strip()
    return find_way(int(args.players), getattr(args, "way", None), options)


def refuse_flags(args: argparse.Namespace, way: Way) -> None:
    """A flag the way cannot honour is refused in one line, never ignored."""
    if getattr(args, "pbn_file", None) or getattr(args, "deal", None):
        raise TutorError(f"--pbn-file/--deal: a way for {way.players} players deals its own cards (its hands, "
                         "piles and buy-in); give --seed N")
    if getattr(args, "pbn", False):
        raise TutorError("--pbn: a way's deal is not a four-handed PBN game; use --json")
    if getattr(args, "new", False) and not getattr(args, "rubber", False) and way.players != 5:  # noqa: PLR2004
        raise TutorError(NEW_WITHOUT_RUBBER)  # five players: --new is the rubber at the learner's seat
    if getattr(args, "five_round", 0) and way.players != 5 and way.name != "dummy":  # noqa: PLR2004
        raise TutorError(f"--round: only five players and the three-handed dummy way rotate; the {way.name} way "
                         "has no rounds")
    if getattr(args, "way_options", None) and way.players == 5:  # noqa: PLR2004
        raise TutorError("--way-option: five players play the four-handed game; it has no way options")


def players_named(way: Way) -> tuple[str, ...]:
    return FIVE_NAMES if way.players == 5 else ("A", "B", "C")[:way.players]  # noqa: PLR2004


def chosen_player(args: argparse.Namespace, way: Way, flag: str, default: str | None) -> str | None:
    """``--seat`` / ``--dealer`` for a way: a player's name (A, B, C; five: T, A, K, F, N)."""
    value = given(args, flag)
    if value is None:
        return default
    names = players_named(way)
    if value not in names:
        raise TutorError(f"--{flag} {value}: at {way.players} players it names a player, one of "
                         f"{', '.join(names)} (the seat letters are the table's own)")
    return value


