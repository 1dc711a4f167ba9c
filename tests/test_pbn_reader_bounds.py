"""The PBN reader held to the first round's line (issue 31): linear in the file, bounded before it
parses, one clear line for anything it refuses — and a fuzzer that finds only the project's errors.

The issue's cases, each a regression test: a ``[Result]`` of 5,000 digits and one with a superscript
digit (tracebacks from ``int()``), a ``{`` comment never closed (100 kB hung for minutes: the comment
was sought again from every ``{``), a file of 21,494 games (refused only after 85 s: every game was
built before they were counted). "Linear" and "cheap" are said as counts of calls
(tests/work_bounds.py), never as times. PBN 2.1, section 3.8: ``{`` starts a comment that runs to
the next ``}``, over lines; ``;`` one to the end of the line.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from work_bounds import call_budget

from tutor.cli import main
from tutor.engine.errors import NotationError, TutorError
from tutor.engine.pbn import loads
from tutor.engine.pbn_read import MAX_GAMES, MAX_TEXT, blocks

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
GAME = (f'[Event "?"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Declarer "N"]\n[Contract "1NT"]\n[Result "7"]\n'
        '[Auction "N"]\n1NT Pass Pass Pass\nPass Pass Pass Pass\nPass\n')


def _warm(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """One refused run first: the command's imports and parser are not the reader's work."""
    (tmp_path / "warm.pbn").write_text("x", encoding="utf-8")
    main(["robots", "--pbn-file", str(tmp_path / "warm.pbn")])
    capsys.readouterr()


def _one_line_refusal(capsys: pytest.CaptureFixture[str], path: str, *words: str) -> str:
    assert main(["robots", "--pbn-file", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error:"), err[:300]
    assert all(w in err for w in words), err
    return err


def test_a_result_of_5000_digits_is_no_result_not_a_traceback() -> None:
    game = loads(GAME.replace('[Result "7"]', f'[Result "{"1" * 5000}"]'))[0]
    assert game.result is None


@pytest.mark.parametrize("text", ["²", "1²", "٣", "7 ", "+7", "-1", "14"])
def test_a_result_that_is_not_0_to_13_in_ascii_digits_is_no_result(text: str) -> None:
    assert loads(GAME.replace('[Result "7"]', f'[Result "{text}"]'))[0].result is None


def test_a_result_of_ascii_digits_is_read() -> None:
    assert loads(GAME)[0].result == 7  # the declaring side's tricks, PBN 2.1 section 3.4.11


def test_a_comment_over_several_lines_is_skipped_and_does_not_end_the_game() -> None:
    text = GAME.replace('[Dealer "N"]\n', '[Dealer "N"] {a note\n\nover lines; with [Deal "x"] in it}\n')
    assert [g.deal.to_pbn() for g in loads(text)] == [DEAL]


def test_a_semicolon_or_brace_inside_a_tag_value_is_text() -> None:
    game = loads(GAME.replace('[Event "?"]', '[Event "club {night}; room 2"]'))[0]
    assert game.tags["Event"] == "club {night}; room 2"


@pytest.mark.parametrize("tail", ["{" * 100_000, "{ never closed\n" + "x\n" * 5000, "{" + "}" * 0 + "a" * 100_000])
def test_an_unclosed_comment_is_one_line_naming_where_it_opens(tail: str) -> None:
    text = GAME + "\n" + tail
    with call_budget(50_000), pytest.raises(NotationError, match=r"line 12: a \{ comment is opened and never closed"):
        loads(text)


def test_the_reader_is_linear_in_the_file() -> None:
    """Ten times the lines (comments, braces, quotes, sections), at most ten times the calls (plus a margin)."""
    def calls(copies: int) -> int:
        text = "\n".join([GAME.replace("Pass\n", "Pass {a} ; b\n{c\n}\n")] * copies)
        with call_budget(10**8) as count:
            loads(text)
        return count.calls

    small, large = calls(20), calls(200)
    assert large <= 11 * small, (small, large)


def test_a_file_of_21494_games_is_refused_before_any_game_is_built(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "many.pbn"
    path.write_text(f'[Deal "{DEAL}"]\n\n' * 21_494, encoding="utf-8")  # 1.9 MB: under the size limit
    _warm(tmp_path, capsys)
    with call_budget(100_000):  # cut up to game 1,001 and refused: building 1,000 games takes 750,000 calls
        _one_line_refusal(capsys, str(path), f"more than {MAX_GAMES:,} games")


def test_a_file_of_a_few_megabytes_is_refused_by_its_size_at_once(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "big.pbn"
    path.write_text(GAME * (3 * MAX_TEXT // len(GAME)), encoding="utf-8")
    _warm(tmp_path, capsys)
    with call_budget(10_000):  # read up to the limit and refused: nothing parsed
        _one_line_refusal(capsys, str(path), f"larger than {MAX_TEXT:,} characters")


def test_an_auction_of_a_thousand_all_passes_is_read_once_not_replayed() -> None:
    text = GAME.replace("\nPass\n", "\nPass AP " + "AP " * 1000 + "\n")
    with call_budget(200_000):
        assert loads(text)[0].complete


def test_a_section_too_long_is_refused_with_its_line() -> None:
    with pytest.raises(NotationError, match="the \\[Auction\\] section has"):
        loads(GAME.replace("Pass\n", "Pass " + "= " * 3000 + "\n"))


def test_the_issues_files_are_one_line_each_at_the_terminal(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    cases = {"unclosed.pbn": (GAME + "{" * 100_000, "never closed"),
             "superscript.pbn": (GAME.replace("1NT Pass", "1NT² Pass"), "[Auction]"),
             "nul.pbn": ("\x00" * 1000, "neither a tag")}
    for name, (text, words) in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        _one_line_refusal(capsys, str(tmp_path / name), words)


# --- fuzzing: PBN files and tag values, only the project's errors ---------------------------------

TAG_NAMES = ["Event", "Dealer", "Deal", "Declarer", "Contract", "Result", "Auction", "Play", "Board", "Vul"]
values = st.one_of(
    st.text(max_size=30),
    st.sampled_from([DEAL, "N", "E", "?", "", "1NT", "7S", "Pass", "13", "²", "1" * 5000, "W:" + "A" * 60,
                     "N:.. .. .. ..", DEAL.replace("A", "²", 1), "S", "3HX", "0"]),
)
tags = st.tuples(st.sampled_from(TAG_NAMES), values).map(lambda t: f'[{t[0]} "{t[1].replace(chr(34), "")}"]')
body_lines = st.one_of(
    st.sampled_from(["1NT Pass Pass Pass", "Pass Pass Pass Pass", "AP", "X", "2S =1= $3", "SA HK DQ CJ", "- - - -",
                     "*", "{", "}", "; note", "% escape", "", "S2 S3 S4 S5", "1S! 2C? Pass"]),
    st.text(alphabet="SHDCNTAKQJ0123456789PpXx-+*=$ {};%\"[]²", max_size=30),
)
pbn_texts = st.lists(st.one_of(tags, body_lines), max_size=30).map("\n".join)


@settings(max_examples=300)
@given(pbn_texts)
def test_any_pbn_text_raises_only_the_projects_errors_within_a_budget(text: str) -> None:
    with call_budget(2_000_000), contextlib.suppress(TutorError):
        games = loads(text)
        assert 1 <= len(games) <= MAX_GAMES
        for game in games:
            assert game.deal.is_complete and (game.result is None or 0 <= game.result <= 13)


@settings(max_examples=200)
@given(st.text(max_size=200))
def test_any_text_cuts_into_blocks_or_one_clear_error(text: str) -> None:
    with call_budget(200_000), contextlib.suppress(NotationError):
        for block in blocks(text):
            assert block.tags
