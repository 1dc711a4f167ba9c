"""The practice table's commands at the terminal, at every table size (issue 31): bounded before they
are read, and any line typed gives the next prompt or one clear line — never a traceback.

``tutor play --seed 1 < /dev/zero`` took 1.9 GB and ended in a ``MemoryError``: the table read its
command with ``input()``, which has no bound. Now :func:`tutor.cli.inputs.read_table_line` reads at
most :data:`MAX_TABLE_LINE` bytes, as the drills' reader does; the regression runs the real command
under a 1 GiB address-space limit at each table size. The fuzzer types seeded, bounded scripts of
commands (legal-looking, hostile and random) at each table size.
"""

from __future__ import annotations

import io
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from work_bounds import HANG_GUARD

from tutor.cli import main
from tutor.cli.inputs import MAX_TABLE_LINE, read_table_line, table_command
from tutor.engine.errors import TutorError

ROOT = Path(__file__).resolve().parent.parent
#: Every table size `tutor play` offers: the usual four (no option), two, three and five players. Five
#: players at round 0, where the learner (A, by default) plays his seat: in a round he sits out (round 1
#: for A) he only watches the robots' rubber and no command is read - nothing for these tests to type
#: into, and a whole robot rubber for each script (that path is tests/test_ways_cli.py's).
SIZES = [[], ["--players", "2"], ["--players", "3"], ["--players", "5"]]


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=["4", "2", "3", "5"])
def test_endless_input_at_the_table_is_one_line_in_bounded_memory(size: list[str]) -> None:
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([sys.executable, "-m", "tutor.cli", "play", "--seed", "1", *size], cwd=ROOT,
                              stdin=zero, capture_output=True, text=True, timeout=HANG_GUARD,
                              preexec_fn=_limit_memory)
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr, done.stderr[-500:]
    # at every size the learner is asked for a move, and the endless line is refused in one line
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr[-500:]
    assert f"longer than {MAX_TABLE_LINE} characters" in done.stderr


def _bytes_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_the_table_line_reader_reads_at_most_its_limit(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    stream = io.BytesIO(b"1NT\n" + b"x" * 10_000_000)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(stream, encoding="utf-8"))
    assert read_table_line("Your call: ") == "1NT"
    with pytest.raises(TutorError, match=f"longer than {MAX_TABLE_LINE} characters"):
        read_table_line("Your call: ")
    assert stream.tell() <= 4 + MAX_TABLE_LINE + 1 + 8192  # one buffer past the limit at most, not 10 MB
    assert capsys.readouterr().out == "Your call: Your call: "


def test_the_end_of_input_or_a_bad_encoding_at_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    _bytes_stdin(monkeypatch, b"")
    with pytest.raises(EOFError):
        read_table_line("> ")
    _bytes_stdin(monkeypatch, b"\xff\xfe\n")
    with pytest.raises(TutorError, match="not UTF-8"):
        read_table_line("> ")
    assert table_command(lambda _: "  QUIT ", "> ") is None  # quit words, any case and spacing


commands = st.one_of(
    st.sampled_from(["P", "pass", "1S", "1NT", "7NT", "2C", "SA", "♥10", "10C", "H2", "hint", "undo", "why",
                     "", " ", "X", "XX", "AP", "0S", "8NT", "²S", "1" * 5000, "<script>", "\x00", "quit"]),
    st.text(max_size=12),
    st.text(alphabet="SHDCNTAKQJ0123456789PX ♠♥♦♣", max_size=6),
)


def _scripted(script: list[str]):  # type: ignore[no-untyped-def]
    """A reader that types ``script``, then quits: each run is bounded by the script's length."""
    lines = iter(script)

    def read(prompt: str) -> str:
        return next(lines, "quit")
    return read


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=["4", "2", "3", "5"])
@settings(max_examples=15)
@given(script=st.lists(commands, max_size=8), seed=st.integers(0, 50))
def test_any_commands_at_any_table_give_prompts_or_one_line(size: list[str], script: list[str], seed: int) -> None:
    import contextlib

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            pytest.MonkeyPatch.context() as patch:
        patch.setattr("tutor.cli.commands.play.read_table_line", _scripted(script))
        code = main(["play", "--seed", str(seed), *size])  # any other exception fails the test
    assert "Traceback" not in err.getvalue()
    assert code == 0 or (code == 2 and err.getvalue().count("\n") == 1), err.getvalue()[-300:]
