"""How the practice table at the terminal reviews the learner (``tutor play``, every table size): one value.

:class:`TableOptions` carries the two review knobs through every deal, rubber and way (``play_deal``,
``_play_rubber``, ``play_way``, ``play_five``, a way's turn): ``now`` flags a deviation at once
(``--deviations now``), ``layouts`` prices each deviation of the end-of-deal review also on what
the learner could know, over that many layouts of the cards he could not see (``--layouts N``;
0, the default, leaves the sampled line out). ``--layouts`` is bounded like every knob of the
tutor: 0 to :data:`MAX_REVIEW_LAYOUTS`, anything else refused in one line.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from tutor.cli.inputs import whole_number
from tutor.engine.errors import TutorError, echo
from tutor.engine.ways.catalogue import PLAYER_COUNTS

#: ``--players``: 4 is the book's own game, as when the flag is left out ("--players 4" was refused)
PLAYERS_CHOICES = (*PLAYER_COUNTS[:2], 4, *PLAYER_COUNTS[2:])
PLAYERS_HELP = "the table size: 4 (the book's game, the default), or 2, 3 or 5 players (docs/table-sizes.md)"
#: ``--players``' ``type=``: ASCII digits only (``int()`` took ``٣`` for 3), then one of the choices
players_argument = whole_number(min(PLAYERS_CHOICES), max(PLAYERS_CHOICES))


def other_table_size(args: argparse.Namespace) -> int | None:
    """The ``--players`` of another table size (2, 3 or 5), or ``None`` for the four-handed game; a way's
    flag given for four players is refused in one line (it was ignored without a word)."""
    players = getattr(args, "players", None)
    if players in PLAYER_COUNTS:
        return int(players)
    stray = [flag for flag, value in (("--way", getattr(args, "way", None)),
                                      ("--way-option", getattr(args, "way_options", None)),
                                      ("--round", getattr(args, "five_round", 0))) if value]
    if stray:
        raise TutorError(f"{', '.join(stray)}: only with --players 2, 3 or 5 (four players play the book's game)")
    return None


#: the most layouts ``tutor play --layouts`` prices each deviation over (the page's switch prices at most
#: 100 too; each layout of a call is a finished auction and a solved contract, each twice)
MAX_REVIEW_LAYOUTS = 100

LAYOUTS_HELP = (f"also price each deviation in the end-of-deal review on what you could know: the average over "
                f"N layouts of the cards you could not see, with the verdict and its interval in words "
                f"(0 to {MAX_REVIEW_LAYOUTS}; default 0, off; a few seconds a deviation)")


@dataclass(frozen=True)
class TableOptions:
    """The review's knobs at the terminal table: flag deviations at once (``now``) and the sampled line's layouts."""

    now: bool = True
    layouts: int = 0


def add_layouts_option(parser: argparse.ArgumentParser) -> None:
    """``--layouts N``, read as text and checked when the command runs (:func:`review_layouts`)."""
    parser.add_argument("--layouts", default="0", metavar="N", help=LAYOUTS_HELP)


def review_layouts(value: object) -> int:
    """``--layouts`` as a whole number from 0 to :data:`MAX_REVIEW_LAYOUTS`; else a one-line :class:`TutorError`."""
    text = str(value).strip()
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(MAX_REVIEW_LAYOUTS))
            and int(text) <= MAX_REVIEW_LAYOUTS):
        raise TutorError(f"--layouts: {echo(value, 40)} is not a whole number from 0 to {MAX_REVIEW_LAYOUTS} "
                         "(0 leaves the review's sampled line out)")
    return int(text)


def table_options(args: argparse.Namespace) -> TableOptions:
    """The options of ``tutor play`` as given (a caller's namespace may lack either: the defaults)."""
    return TableOptions(now=getattr(args, "deviations", "now") != "end",
                        layouts=review_layouts(getattr(args, "layouts", 0)))


__all__ = ["MAX_REVIEW_LAYOUTS", "TableOptions", "add_layouts_option", "review_layouts", "table_options"]
