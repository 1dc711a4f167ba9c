"""What the commands read from the learner: seeds and answer lines, bounded.

``--seed`` is read as text and checked by :func:`tutor.engine.seeds.seed_from_text`
(argparse's own ``type=int`` would accept ``9223372036854775808``, which SQLite cannot
store, or echo a 20 MB argument whole). An answer line is read from the bytes of
standard input, at most :data:`MAX_ANSWER_CHARS` characters, and must be UTF-8: a line
of endless bytes (``< /dev/zero``) or of another encoding is one clear error, not a
hang or a traceback. A practice table's command line (``tutor play``, every table size) is read
the same way, by :func:`read_table_line`, at most :data:`MAX_TABLE_LINE` characters. Standard input
closed (``<&-``) is one line, "no input: standard input is closed". A text file named on the
command line (``--pbn-file``) is read by :func:`read_text_source`: a regular file or ``-`` only.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Mapping

from tutor.engine.errors import TutorError, echo
from tutor.engine.seeds import seed_from_text
from tutor.engine.sources import NoInput, read_bytes

#: The longest answer line read from standard input, in characters (the review page's limit, ``MAX_GIVEN``);
#: at most four bytes a character are read, so endless input still stops at once.
MAX_ANSWER_CHARS = 200
#: the most bytes one character takes in UTF-8: a limit in characters reads at most this many bytes each
UTF8_MOST_BYTES = 4
#: a table command (a call, a card, hint, undo …) is cut to this many characters
MAX_TABLE_LINE = 100
QUIT_WORDS = frozenset({"quit", "q", "exit"})
#: what a learner types for the table's words ("help" was refused as "bad call 'help'")
HELP_WORDS = frozenset({"help", "?", "h"})
#: entries refused in a row after which a prompt gives up in one line: a script feeding one wrong line
#: forever (``yes x | tutor drill``) printed refusals until it was killed
MAX_REFUSALS = 25
#: entries in a row at one prompt that do not move it on — blank lines, help, a table's hint, why and undo,
#: refusals — after which the prompt gives up in one line, as after :data:`MAX_REFUSALS` refusals: those were
#: not counted, so ``yes '' | tutor drill`` and ``yes hint | tutor play`` printed until killed. The same 25: a
#: learner asks for help or a hint two or three times, then answers; 25 in a row is a script, never a person
MAX_UNMOVED = MAX_REFUSALS
#: undos in one deal at a practice table, whatever came between them: a call or card then ``undo``, over and over,
#: acts each time (which starts the count of :data:`MAX_UNMOVED` again) yet never ends the deal. A deal has at
#: most a few dozen calls and cards of the learner's (his dummy's too, as declarer): a person who takes back every
#: one of them, some twice, stays below 100; a script acting and undoing forever stops there
MAX_UNDOS = 100

SEED_HELP = "seed, 0 to 2**63-1; the same seed gives the same {what}"


def add_seed_option(parser: argparse.ArgumentParser, what: str = "drill") -> None:
    """``--seed N``, checked when the command runs (see :func:`seed_or_random`)."""
    parser.add_argument("--seed", default=None, metavar="N", help=SEED_HELP.format(what=what))


def seed_or_random(value: object, upper: int = 10**9) -> int:
    """The ``--seed`` given (checked against the seed range), else a fresh one below ``upper``."""
    if value is None:
        return random.SystemRandom().randrange(upper)
    return seed_from_text(str(value), "--seed")  # str(): also a namespace a caller built with an int


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """The ``argparse`` ``type=`` of every whole-number option: ``low`` to ``high``, written in ASCII
    digits (a leading minus only where ``low`` is negative). ``int()`` took ``٣`` (another script's
    digit) for 3, ``1_0`` for 10, and a 5,000-digit number to a traceback; the refusal is one short
    line naming the range and quoting what was typed cut (:func:`~tutor.engine.errors.echo`)."""
    widest = len(str(max(abs(low), abs(high))))

    def whole(text: str) -> int:
        clean = text.strip()
        digits = clean[1:] if low < 0 and clean[:1] == "-" else clean
        if not (digits.isascii() and digits.isdigit() and len(digits) <= widest and low <= int(clean) <= high):
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, "
                                             f"got {echo(text)}")
        return int(clean)

    whole.__name__ = f"whole number from {low} to {high}"
    return whole


#: ``type=`` for a count (``--count``, ``--max-problems``): a whole number from 1 to 10,000
count_argument = whole_number(1, 10_000)


def read_answer(field: str = "answer", limit: int = MAX_ANSWER_CHARS) -> str | None:
    """One line of standard input without its line break; ``None`` at the end of input.

    A line longer than ``limit`` characters, or not UTF-8, is a :class:`TutorError` naming
    the field and the limit; what was answered before it is kept (answers are recorded
    one by one). At most four bytes a character are read (a character of UTF-8 has at most
    four): the limit counted bytes, so a 101-letter answer in Cyrillic was refused as longer
    than 200 characters.
    """
    if sys.stdin is None:  # started with standard input closed (`<&-`)
        raise NoInput
    too_long = f"{field}: longer than {limit} characters (the limit for one answer)"
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream without bytes under it (a test's StringIO)
        line: str = sys.stdin.readline(limit + 1)
    else:
        raw: bytes = stream.readline(UTF8_MOST_BYTES * limit + 1)
        if len(raw.rstrip(b"\r\n")) > UTF8_MOST_BYTES * limit:
            raise TutorError(too_long)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise TutorError(f"{field}: not UTF-8 text (byte {err.start} of the line)") from None
    text = line.rstrip("\r\n")
    if len(text) > limit:
        raise TutorError(too_long)
    return text if line else None


def read_text_source(source: str, *, limit: int) -> str:
    """A UTF-8 text file (or ``-``, standard input), at most ``limit`` characters; one clear line otherwise.

    Read by :func:`tutor.engine.sources.read_bytes`: a FIFO, a directory or a device is refused before
    anything is read (a FIFO with no writer waited forever), closed standard input is "no input", and
    at most four bytes a character are read (a character of UTF-8 has at most four). A leading
    byte-order mark is left in the text (the PBN reader takes it off).
    """
    most = UTF8_MOST_BYTES * limit
    try:
        data = read_bytes(source, most)
    except OSError as err:
        raise TutorError(f"cannot read {echo(source)}: {err.strerror or err}") from None
    if len(data) > most:
        raise TutorError(f"{echo(source)} is larger than {limit:,} characters")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise TutorError(f"{echo(source)} is not UTF-8 text (byte {err.start})") from None
    if len(text) > limit:
        raise TutorError(f"{echo(source)} is larger than {limit:,} characters")
    return text


def read_table_line(prompt: str) -> str:
    """The default reader of a practice table's command: ``prompt`` shown, one line read bounded.

    Like :func:`input`, but a line is at most :data:`MAX_TABLE_LINE` characters, and never more
    than four bytes a character are read: a line of endless bytes (``< /dev/zero``) is one
    :class:`TutorError`, not gigabytes of memory. The end of input raises :class:`EOFError`, as
    :func:`input` does.
    """
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = read_answer("command", MAX_TABLE_LINE)
    if line is None:
        raise EOFError
    return line


def ask_until(prompt: str, take: Callable[[str], str | None], help_text: str,
              refusal: str | Callable[[str], str] = "is not one of the choices",
              blank: str | None = None) -> str | None:
    """Read answer lines at ``prompt`` until ``take`` accepts one, and return what it made of it (``None``
    at the end of the input). A blank line returns ``blank`` (by default it asks again); ``help`` (unless
    ``take`` accepts it) prints ``help_text``; anything else is refused in a line (what was typed, then
    ``refusal``, or what ``refusal`` says of the text when it is a function: why an illegal call is refused).
    :data:`MAX_REFUSALS` refusals in a row, or :data:`MAX_UNMOVED` entries that are not an
    answer (blank lines and help included), stop the command."""
    refusals = 0
    unmoved = Unmoved("blank lines, help or refused answers")
    while True:
        print(prompt, end="", flush=True)
        line = read_answer()
        if line is None:
            return None
        text = line.strip()
        if not text:
            if blank is not None:
                return blank
            unmoved.again()
            continue
        taken = take(text)
        if taken is not None:
            return taken
        if text.lower() in HELP_WORDS:
            print(help_text)
        else:
            print(f"{echo(text)} {refusal if isinstance(refusal, str) else refusal(text)} (help: how to answer).")
            refusals = refused(refusals)  # first: 25 refusals are told as before
        unmoved.again()


def refused(in_a_row: int) -> int:
    """One refusal more at a prompt: the count of refusals in a row, or a one-line :class:`TutorError`
    once it reaches :data:`MAX_REFUSALS` (what was answered or played before is kept)."""
    if in_a_row + 1 >= MAX_REFUSALS:
        raise TutorError(f"{MAX_REFUSALS} entries in a row were refused: stopping here (what was done is kept)")
    return in_a_row + 1


def table_help(act: str, words: Mapping[str, str]) -> str:
    """The lines ``help`` prints at a practice table: how to act, then each word and what it does."""
    width = max(map(len, words))
    return "\n".join([act, *(f"  {word:<{width}}  {does}" for word, does in words.items()),
                      f"  {'quit':<{width}}  stop here (also q, exit, or the end of the input)"])


class Unmoved:
    """The entries in a row at one prompt that did not move it on (``what`` names them in the message);
    :meth:`again` stops the command in one line at :data:`MAX_UNMOVED`, what was done before kept."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.in_a_row = 0

    def again(self) -> None:
        """One entry more that moved nothing on: a one-line :class:`TutorError` once there are
        :data:`MAX_UNMOVED` in a row."""
        self.in_a_row += 1
        if self.in_a_row >= MAX_UNMOVED:
            raise TutorError(f"{MAX_UNMOVED} entries in a row moved nothing on ({self.what}): "
                             "stopping here (what was done is kept)")

    def moved(self) -> None:
        """The prompt was answered (a call or card played): the count starts again."""
        self.in_a_row = 0


#: what a practice table counts as entries that did not act (:class:`Unmoved`)
TABLE_UNMOVED = "blank lines, help, hint, why, undo or refused moves"


def undone(undos: int) -> int:
    """One undo more in a deal: the count of undos in the deal, or a one-line :class:`TutorError` once it
    reaches :data:`MAX_UNDOS` (what was played is kept: the deal as it stands after the undo)."""
    if undos + 1 >= MAX_UNDOS:
        raise TutorError(f"{MAX_UNDOS} undos in one deal: stopping here (what was done is kept)")
    return undos + 1


class TableEntries:
    """What a practice table counts of the learner's entries in one deal, at every table size: refusals in a
    row (:data:`MAX_REFUSALS`), entries in a row that did not act (:data:`MAX_UNMOVED`: ``unmoved``, which
    :func:`table_command` also gives its blank lines) and undos (:data:`MAX_UNDOS`). :meth:`count` stops the
    command in one line at any of them; what was played is kept."""

    def __init__(self) -> None:
        self.refusals = self.undos = 0
        self.unmoved = Unmoved(TABLE_UNMOVED)

    def count(self, outcome: str) -> None:
        """One turn's outcome: ``"acted"``, ``"undo"``, ``"again"`` (refused), or another entry that did not act
        (help, hint, why)."""
        self.refusals = refused(self.refusals) if outcome == "again" else 0  # first: 25 refusals told as before
        if outcome == "acted":
            self.unmoved.moved()
        else:
            self.unmoved.again()
        if outcome == "undo":
            self.undos = undone(self.undos)  # act, undo, act, undo … acts each time: bounded in the deal


def table_command(read: Callable[[str], str], prompt: str, unmoved: Unmoved | None = None) -> str | None:
    """One command typed at a practice table (``tutor play``, any table size): the line cut to
    :data:`MAX_TABLE_LINE` and stripped, or ``None`` when the learner quits or the input ends.

    ``read`` is :func:`read_table_line` at the terminal (bounded before it reads); a test's reader
    may return a longer line, which is cut here. A blank line asks again, as a shell does (Enter
    pressed by mistake was refused as "bad call ''"), and counts in ``unmoved`` (the table's count of
    entries that did not act; a count of this prompt's own when none is given): endless blank lines stop.
    """
    blanks = Unmoved(TABLE_UNMOVED) if unmoved is None else unmoved
    text = ""
    while not text:
        try:
            text = read(prompt)[:MAX_TABLE_LINE].strip()
        except EOFError:
            return None
        if not text:
            blanks.again()
    return None if text.lower() in QUIT_WORDS else text
