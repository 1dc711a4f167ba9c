"""Hostile command-line arguments: each is refused in ONE line on standard error (exit code 2, no
traceback, a long value quoted cut), every whole-number option takes ASCII digits only within a bound
its ``--help`` states, and a message speaks the learner's words (JSON's ``null`` and ``true``, the
field missing, "Solo Whist rule 18"), never Python's (``NoneType``, ``KeyError(...)``, ``solo-18``).

The expectations are the project's standard (docs/quality.md; the audit that found these), not what
the code answers: 120 kB typed is never 120 kB written back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_fuzz_inputs import run_cli

#: a value of 120,000 characters: far beyond any bound, and beyond what a message may quote
HUGE = "9" * 120_000
#: the most a one-line refusal of a huge value may write (the value cut, the bound and --help named)
SHORT = 1500
#: Python's words that a learner must never read in a message
INTERNALS = ("Traceback", "NoneType", "KeyError", "TypeError", "ValueError", "_Record", "True", "False", "None")

PBN = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def refusal(argv: list[str], stdin: bytes | None = None) -> str:
    """The one line ``tutor argv`` writes on standard error when it refuses (exit code 2), nothing on
    standard output."""
    code, out, err = run_cli(argv, stdin)
    assert code == 2, (code, out[:300], err[:300])  # noqa: PLR2004
    assert not out, out[:300]
    lines = [line for line in err.split("\n") if line.strip()]
    assert len(lines) == 1, err[:2000]
    assert lines[0].startswith("error: ") and len(err) < SHORT, err[:2000]
    assert not any(word in lines[0] for word in INTERNALS), lines[0]
    return lines[0]


def help_words(argv: list[str]) -> str:
    """``tutor argv --help``, its words one space apart."""
    code, out, _ = run_cli([*argv, "--help"])
    assert code == 0
    return " ".join(out.split())


# --- 1. a search for a number of 5,001 digits --------------------------------------------------------

def test_a_search_for_a_number_of_thousands_of_digits_finds_nothing_in_a_short_line() -> None:
    code, out, err = run_cli(["laws", "--search", "1" + "0" * 5000])  # int() refuses 4,300 digits and more
    assert code == 1 and not out and "Traceback" not in err
    assert err.count("\n") == 1 and len(err) < SHORT and "0 laws found" in err, err[:500]
    code, out, _ = run_cli(["laws", "--search", "12"])  # a law's number is still searched by
    assert code == 0 and out.startswith("Law 12 ")


# --- 2. argparse's own refusals: one line, the value cut -----------------------------------------------

@pytest.mark.parametrize(("argv", "option"), [
    (["accounts", "--new-code", "T", "--hours", HUGE], "--hours"),
    (["robots", "--seed", "1", "--round", HUGE], "--round"),
    (["robots", "--seed", "1", "--players", HUGE], "--players"),
    (["solo", "settle", "solo", "--tricks", HUGE], "--tricks"),
    (["solo", "replay", "--line", HUGE], "--line"),
    (["quiz", "scoring", "--level", "x" * 120_000], "--level"),
    (["play", "--deviations", "x" * 120_000], "--deviations"),
    (["review", "--count", HUGE], "--count"),
    (["check", "--max-problems", HUGE], "--max-problems"),
    (["x" * 120_000], "COMMAND"),
    (["laws", "1", "x" * 120_000], "unrecognized arguments"),
])
def test_a_parser_refusal_is_one_line_with_the_value_cut(argv: list[str], option: str) -> None:
    line = refusal(argv)
    assert option in line and "120,000 characters" in line, line


def test_a_parser_refusal_names_the_commands_help() -> None:
    assert "tutor solo settle --help" in refusal(["solo", "settle", "solo", "--tricks", "x"])


# --- 3. a glossary miss -----------------------------------------------------------------------------

def test_a_glossary_miss_is_cut_and_on_standard_error() -> None:
    code, out, err = run_cli(["glossary", HUGE])
    assert code == 1 and not out, out[:300]  # a miss, as tutor laws --search's: exit code 1
    assert err.count("\n") == 1 and len(err) < SHORT and "No term is named" in err, err[:500]
    assert "120,000 characters" in err


# --- 4. whole numbers: ASCII digits only, bounded, the bound in --help ---------------------------------

@pytest.mark.parametrize("argv", [
    ["accounts", "--create-teacher", "T", "--hours", "٣"],  # an Arabic-Indic 3: int() read 3 hours
    ["accounts", "--create-teacher", "T", "--hours", "1_0"],  # int() read 10
    ["accounts", "--create-teacher", "T", "--hours", "721"],
    ["robots", "--seed", "1", "--players", "٣"],
    ["robots", "--seed", "1", "--players", "5", "--round", "٣"],
    ["robots", "--seed", "1", "--players", "5", "--round", "1_0"],
    ["solo", "settle", "solo", "--tricks", "٣"],
    ["solo", "settle", "solo", "--tricks", "14"],
    ["solo", "settle", "solo", "--tricks", "-1"],
    ["solo", "replay", "--line", "٢"],
    ["review", "--count", "٣"],
    ["quiz", "laws", "--count", "1_0"],
    ["check", "--max-problems", "0"],
])
def test_a_whole_number_is_ascii_digits_within_its_bound(argv: list[str], tmp_path: Path) -> None:
    line = refusal([*argv, *(["--db", str(tmp_path / "p.db")] if argv[0] == "accounts" else [])])
    assert "expected a whole number from" in line, line


@pytest.mark.parametrize(("argv", "option", "bound"), [
    (["accounts"], "--hours", "1 to 720"),
    (["robots"], "--round", "0 to 1000"),
    (["play"], "--round", "0 to 1000"),
    (["solo", "settle"], "--tricks", "0 to 13"),
    (["solo", "replay"], "--line", "1 or 2"),
    (["review"], "--count", "1 to 10000"),
    (["quiz", "laws"], "--count", "1 to 10000"),
    (["check"], "--max-problems", "1 to 10000"),
])
def test_each_whole_number_options_help_states_its_bound(argv: list[str], option: str, bound: str) -> None:
    words = help_words(argv)
    described = words[words.index(f" {option} ", words.index("options:")):]
    assert bound in described.split(" --")[1], described[:300]


def test_whole_numbers_within_their_bounds_are_taken() -> None:
    code, out, _ = run_cli(["solo", "settle", "solo", "--bidder", "N", "--tricks", "7"])
    assert code == 0 and "Net:" in out
    code, out, _ = run_cli(["solo", "replay", "--line", "2"])
    assert code == 0 and "line 2" in out


# --- 5. the three-player dummy way's --round ----------------------------------------------------------

@pytest.mark.parametrize("value", ["-7", "9" * 29, "1001"])
@pytest.mark.parametrize("command", [["robots", "--json"], ["play"]])
def test_the_dummy_ways_round_is_bounded(value: str, command: list[str]) -> None:
    line = refusal([*command, "--seed", "1", "--players", "3", "--way", "dummy", "--round", value])
    assert "--round" in line and "0 to 1000" in line, line


def test_the_dummy_ways_last_round_is_dealt() -> None:
    code, out, _ = run_cli(["robots", "--seed", "1", "--players", "3", "--way", "dummy", "--round", "1000", "--json"])
    assert code == 0 and json.loads(out)["rubber"] == 1000  # noqa: PLR2004


# --- 6. solo quiz --answer -3/4, as its help writes it ----------------------------------------------

@pytest.mark.parametrize("answer", ["-3/4", "-1 1/4", "-2"])
def test_a_negative_answer_is_taken_as_the_help_writes_it(answer: str) -> None:
    code, out, err = run_cli(["solo", "quiz", "--seed", "1", "--answer", answer])
    assert code in (0, 1) and not err, err  # right or not, the answer was read
    assert f"(you gave {answer})" in out, out
    assert "--answer -3/4" in help_words(["solo", "quiz"])


# --- 7. messages in the learner's words ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "kind"), [("null", "got null"), ("[1]", "got a list"), ('"x"', "got text"),
                                            ("3", "got a number")])
@pytest.mark.parametrize("command", ["advise", "analyse"])
def test_a_position_that_is_no_object_says_what_it_is_in_jsons_words(text: str, kind: str, command: str,
                                                                      tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text(text)
    assert kind in refusal([command, str(path)])


def test_a_solo_position_without_its_hand_names_the_field(tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text('{"kind": "solo"}')
    assert '"hand"' in refusal(["advise", str(path)])


def test_analyse_without_a_kind_names_the_field_and_the_kinds(tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text("{}")
    line = refusal(["analyse", str(path)])
    assert '"kind"' in line and all(kind in line for kind in ("bid", "lead", "card")), line


@pytest.mark.parametrize(("changes", "said"), [({"tricks": True}, "tricks: true is not a trick count"),
                                               ({"declarer": True}, "declarer: true is not a seat"),
                                               ({"count": {}}, "count: an object: expected"),
                                               ({"count": [1]}, "count: a list: expected")])
def test_a_score_field_is_quoted_as_json_writes_it(changes: dict[str, object], said: str) -> None:
    request = {"deal": PBN, "contract": "3H", "declarer": "N", "tricks": 9, **changes}
    line = refusal(["score", "-"], json.dumps(request).encode())
    assert said in line, line


def test_a_nul_in_a_json_string_is_not_valid_json_at_its_line_and_column() -> None:
    line = refusal(["score", "-"], b'{"deal": "a\x00b"}')
    assert "not valid JSON at line 1, column 12" in line and "at at" not in line, line  # the NUL: 12th


def test_a_progress_import_of_a_list_says_what_is_expected(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text("[1, 2]")
    line = refusal(["progress", "--import", str(path), "--db", str(tmp_path / "p.db")])
    assert "expected a JSON object" in line and "got a list" in line, line


def test_a_solo_variants_refusal_names_its_rule_as_the_learner_reads_it() -> None:
    line = refusal(["solo", "settle", "solo", "--tricks", "7", "--variant", "all-pass=zz"])
    assert "Solo Whist rule 18" in line and "solo-18" not in line, line


def test_advice_after_the_auctions_end_names_the_law_as_the_pbn_reader_does(tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"kind": "bid", "dealer": "E", "seat": "S", "hand": "AK543.A2.KQ2.KQJ",
                                "auction": ["P", "P", "P", "P"]}))
    line = refusal(["advise", str(path)])
    assert "is over" in line and "(law 76)" in line, line


# --- flags the four-handed table would pass over: refused, not ignored ----------------------------------

@pytest.mark.parametrize(("argv", "words"), [
    (["play", "--new", "--seed", "3"], "--new starts a new rubber"),  # --new without --rubber
    (["play", "--pbn-file", "game.pbn", "--seed", "5"], "leave out --seed"),  # it printed "seed 5"
    (["play", "--pbn-file", "game.pbn", "--dealer", "E"], "leave out --seed and --dealer"),
    (["play", "--pbn-file", "game.pbn", "--rubber"], "a rubber (--rubber) is dealt from its seed"),
])
def test_a_play_flag_that_would_change_nothing_is_refused(argv: list[str], words: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.pbn").write_text(f'[Dealer "S"]\n[Deal "{PBN}"]\n', encoding="utf-8")
    line = refusal([*argv, "--db", str(tmp_path / "p.db")], stdin=b"quit\n")
    assert words in line, line


def test_a_pbn_deal_is_announced_by_its_file_not_by_a_seed(tmp_path: Path) -> None:
    (tmp_path / "game.pbn").write_text(f'[Dealer "S"]\n[Deal "{PBN}"]\n', encoding="utf-8")
    code, out, _ = run_cli(["play", "--pbn-file", str(tmp_path / "game.pbn"), "--db", str(tmp_path / "p.db")],
                           stdin=b"quit\n")
    assert code == 0 and "South deals (the first deal of" in out and "seed" not in out.split("\n")[0], out[:300]


def test_a_rubber_going_on_refuses_another_seat_or_dealer(tmp_path: Path) -> None:
    """The stored rubber keeps its seat and first dealer: ``--seat W`` was passed over in silence."""
    from tutor.cli.rubber_store import TERMINAL
    from tutor.engine.cards import Seat
    from tutor.lessons.progress import DEFAULT_LEARNER, TableSlot, open_store
    from tutor.lessons.table.rubber import PracticeRubber

    db = str(tmp_path / "p.db")
    with open_store(db) as store:
        store.write_table(TableSlot(store.add_learner(DEFAULT_LEARNER), TERMINAL),
                          PracticeRubber(4, Seat.S, first_dealer=Seat.N).to_json(), version=0)
    assert "add --new" in refusal(["play", "--rubber", "--seat", "W", "--db", db], stdin=b"quit\n")
    assert "first dealer" in refusal(["play", "--rubber", "--dealer", "E", "--db", db], stdin=b"quit\n")
    code, out, _ = run_cli(["play", "--rubber", "--seat", "S", "--db", db], stdin=b"quit\n")  # its own seat
    assert code == 0 and "Going on with your rubber (seed 4)" in out
    code, out, _ = run_cli(["play", "--rubber", "--new", "--seat", "W", "--seed", "7", "--db", db], stdin=b"quit\n")
    assert code == 0 and "replaced by a new one" in out
