"""Fuzzing the tutor's file inputs: bad input gives a clean one-line error, never a traceback.

* ``tutor score FILE`` and ``tutor advise FILE`` (JSON in, JSON out): random text, random
  JSON, and documents shaped like the real thing with wrong values. Exit code 0 with
  JSON on standard output, or a non-zero exit code with exactly one line ``error: …`` on
  standard error. A command that is not registered fails the test.
* The YAML content loader (``tutor.lessons.content``): random YAML-ish text never raises
  anything but the project's own errors, and a ``!!python/object`` tag is refused with its
  line and never constructed.
* Issue 13's classes: deep nesting, huge integers, non-finite numbers and large inputs planted
  in real documents; progress import records; answers typed to ``tutor review``; content files
  of any bytes and shape through every loader — only the project's errors, in bounded time,
  and (for endless input) bounded memory.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import shutil
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from work_bounds import HANG_GUARD, call_budget

from tutor.cli import command_names, main
from tutor.engine.deals.generate import random_deal
from tutor.engine.errors import TutorError
from tutor.lessons.content.catalogue import check_content
from tutor.lessons.content.yamlread import parse_yaml

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


#: ``tutor``'s commands (each module registers the one of its name: tests/test_cli_parser.py), listed without
#: importing them while the tests are collected
COMMANDS = set(command_names())


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def run_cli(argv: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    """Run ``tutor`` in-process; returns (exit code, stdout, stderr). Any exception escapes: a bug."""
    out, err = io.StringIO(), io.StringIO()
    patch_stdin = (
        mock.patch("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        if stdin is not None else contextlib.nullcontext()
    )
    with patch_stdin, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit_:  # argparse: only for bad command-line arguments
            code = int(exit_.code or 0) if not isinstance(exit_.code, str) else 2
    return code, out.getvalue(), err.getvalue()


def assert_clean(code: int, stdout: str, stderr: str, *, must_fail: bool = False) -> None:
    """Exit 0 with JSON on stdout, or non-zero with a single ``error:`` line on stderr."""
    assert "Traceback" not in stderr and "Traceback" not in stdout
    if code == 0:
        assert not must_fail, f"bad input was accepted: {stdout[:200]!r}"
        json.loads(stdout)
        return
    lines = [line for line in stderr.split("\n") if line.strip()]  # terminal lines, not str.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {stderr!r}"
    assert lines[0].startswith("error:"), lines[0]


# --- strategies ---------------------------------------------------------------------

#: Object keys without line breaks (a key with one has its own test below).
keys = st.text(alphabet=st.characters(exclude_characters="\n\r"), max_size=8)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=12,
)
pbn_deals = st.integers(0, 10**9).map(lambda seed: random_deal(random.Random(seed)).to_pbn())
broken_pbn = st.tuples(pbn_deals, st.integers(0, 80), st.sampled_from(["", "X", "A", ".", " ", "S"])).map(
    lambda t: t[0][: t[1]] + t[2] + t[0][t[1] + 1:]
)
deal_field = st.one_of(pbn_deals, broken_pbn, st.text(max_size=40), json_values)
contract_field = st.one_of(
    st.sampled_from(["3H", "4NT", "pass", "1S", "7NT", "7C", "8H", "0S", "3X", "NT", "", "P", "3 h"]),
    st.text(max_size=6),
    json_values,
)
seat_field = st.one_of(st.sampled_from(["N", "E", "S", "W", "n", "X", "", "North"]), json_values)
tricks_field = st.one_of(st.integers(-3, 16), st.integers(), json_values)


def _with_optional(required: dict[str, st.SearchStrategy[object]],
                   optional: dict[str, st.SearchStrategy[object]]) -> st.SearchStrategy[dict[str, object]]:
    """Documents of the right shape, sometimes missing fields or carrying extra ones."""
    full = {**required, **optional}
    return st.one_of(
        st.fixed_dictionaries(required, optional=optional),
        st.fixed_dictionaries({}, optional=full),
        st.fixed_dictionaries(required, optional={"extra": json_values}),
    )


score_docs = _with_optional(
    {"deal": deal_field, "contract": contract_field, "declarer": seat_field, "tricks": tricks_field},
    {"variants": st.one_of(st.dictionaries(keys, json_values, max_size=3), json_values)},
)
score_inputs = st.one_of(
    score_docs,
    st.fixed_dictionaries({"deals": st.one_of(st.lists(score_docs, max_size=4), json_values)}),
    json_values,
)

call_texts = st.one_of(st.sampled_from(["P", "1S", "1NT", "2H", "7NT", "8S", "1X", "pass", ""]), st.text(max_size=4))
card_texts = st.one_of(st.sampled_from(["SA", "H2", "DT", "C10", "XX", "S1", ""]), st.text(max_size=3))
hand_field = st.one_of(
    pbn_deals.map(lambda pbn: pbn.split()[0].split(":", 1)[1]), st.text(max_size=30), json_values
)
advise_docs = _with_optional(
    {"kind": st.one_of(st.sampled_from(["bid", "lead", "discard", "second-hand", "third-hand", "solo",
                                         "nonsense"]), json_values),
     "dealer": seat_field, "seat": seat_field, "hand": hand_field,
     "auction": st.one_of(st.lists(call_texts, max_size=8), json_values)},
    {"contract": contract_field, "declarer": seat_field, "score": json_values,
     "trick": st.one_of(st.lists(card_texts, max_size=4), json_values),
     "played": st.one_of(st.lists(card_texts, max_size=6), json_values)},
)
advise_inputs = st.one_of(advise_docs, json_values)

not_json = st.one_of(
    st.text(max_size=60).filter(lambda t: not _is_json(t)),
    st.sampled_from(["{", "[1,", '{"deal": }', "{'deal': 1}", "NaN-ish", "\ufeff{}x", '{"a":1}{"b":2}']),
)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _needs(command: str) -> None:
    assert command in COMMANDS, f"`tutor {command}` is not registered (known: {', '.join(sorted(COMMANDS))})"


def _write(workdir: Path, data: bytes) -> str:
    path = workdir / "input.json"
    path.write_bytes(data)
    return str(path)


# --- tutor score / tutor advise -----------------------------------------------------


@pytest.mark.parametrize("command", ["score", "advise"])
@FUZZ
@given(text=not_json)
def test_malformed_json_is_refused_in_one_line(command: str, text: str, workdir: Path) -> None:
    _needs(command)
    assert_clean(*run_cli([command, _write(workdir, text.encode("utf-8"))]), must_fail=True)


@pytest.mark.parametrize("command", ["score", "advise"])
@FUZZ
@given(data=st.binary(max_size=60))
def test_random_bytes_never_give_a_traceback(command: str, data: bytes, workdir: Path) -> None:
    _needs(command)
    assert_clean(*run_cli([command, _write(workdir, data)]))


@FUZZ
@given(doc=score_inputs)
def test_score_input_documents_give_json_or_one_error_line(doc: object, workdir: Path) -> None:
    _needs("score")
    text = json.dumps(doc)
    assert_clean(*run_cli(["score", _write(workdir, text.encode("utf-8"))]))


@FUZZ
@given(doc=advise_inputs)
def test_advise_input_documents_give_json_or_one_error_line(doc: object, workdir: Path) -> None:
    _needs("advise")
    text = json.dumps(doc)
    assert_clean(*run_cli(["advise", _write(workdir, text.encode("utf-8"))]))


@pytest.mark.parametrize("command", ["score", "advise"])
@settings(max_examples=40, deadline=None)
@given(doc=st.one_of(score_inputs, advise_inputs, not_json))
def test_standard_input_is_fuzzed_too(command: str, doc: object) -> None:
    _needs(command)
    text = doc if isinstance(doc, str) else json.dumps(doc)
    assert_clean(*run_cli([command, "-"], stdin=text.encode("utf-8")))


@pytest.mark.parametrize("doc", [{"\n": None}, {"deal\nx": 1}])
def test_a_field_name_with_a_line_break_still_gives_one_error_line(doc: object, tmp_path: Path) -> None:
    _needs("score")
    assert_clean(*run_cli(["score", _write(tmp_path, json.dumps(doc).encode())]), must_fail=True)


@pytest.mark.parametrize("command", ["score", "advise"])
def test_a_missing_file_is_one_clean_line(command: str, tmp_path: Path) -> None:
    _needs(command)
    assert_clean(*run_cli([command, str(tmp_path / "no-such-file.json")]), must_fail=True)


# --- the YAML content loader --------------------------------------------------------

YAML_TOKENS = [
    "a", "id", "law-1", "entries", "sections", "text", ":", ": ", "- ", "-", "\n", "  ", "    ", "[", "]",
    "{", "}", ",", "'", '"', "&a ", "*a", "!!str ", "!!python/object:os.system ", "!tag ",
    "? ", "|", ">", "#", "%YAML 1.1\n", "---\n", "...\n", "\t", "1", "1.5", "null", "~", "yes", "<<: ",
    "\\", "é", "ренонс", "\ufeff", "\x85",
]
#: Characters YAML forbids in a stream (PyYAML's reader refuses them; see the test below).
NON_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010ffff]")
yamlish = st.one_of(
    st.lists(st.sampled_from(YAML_TOKENS), max_size=40).map("".join),
    st.text(max_size=80).map(lambda t: NON_PRINTABLE.sub("?", t)),
)


@settings(max_examples=400, deadline=None)
@given(text=yamlish)
def test_parse_yaml_never_raises_on_yaml_ish_text(text: str) -> None:
    result = parse_yaml(text)
    assert all(isinstance(line, int) and line >= 1 for line, _ in result.errors)


CONTENT_FILES = ["rules.yaml", "glossary.yaml", "quizzes/fuzz.yaml", "conventions/fuzz.yaml"]


def _content_dir(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files=st.dictionaries(st.sampled_from(CONTENT_FILES), yamlish, min_size=1, max_size=3))
def test_content_checker_reports_problems_instead_of_raising(files: dict[str, str],
                                                             tmp_path_factory: pytest.TempPathFactory) -> None:
    root = _content_dir(tmp_path_factory.mktemp("content"), files)
    report = check_content(root)  # any exception here is a bug
    assert all(p.line >= 1 for p in report.problems)
    code, out, err = run_cli(["laws", "--content", str(root)])
    assert "Traceback" not in err and code in (0, 2), err
    if code:
        assert err.strip().splitlines()[-1].startswith("error:")


@pytest.mark.parametrize("tag", [
    "!!python/object/apply:os.system",
    "!!python/object/new:os.system",
    "!!python/object:builtins.dict",
    "!!python/name:os.system",
])
def test_python_object_tags_are_refused_with_their_line_and_never_built(tag: str, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    text = (
        "sections:\n  - id: seating\n    title: Seats\nentries:\n"
        f"  - id: law-1\n    text: {tag} [\"touch {marker}\"]\n"
    )
    parsed = parse_yaml(text)
    assert parsed.data is None
    assert any(line == 6 and "not allowed" in message for line, message in parsed.errors), parsed.errors

    root = _content_dir(tmp_path / "content", {"rules.yaml": text})
    report = check_content(root)
    assert any("not allowed" in p.message for p in report.problems)
    code, _, err = run_cli(["laws", "--content", str(root)])
    assert code == 2 and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("error:")
    code, out, err = run_cli(["check", "--content", str(root)])
    assert code == 1 and "not allowed" in out
    assert not marker.exists()


def test_the_loader_raises_only_tutor_errors() -> None:
    """What the pages and commands call: ``load_guide`` raises ContentError, a TutorError, on bad content."""
    from tutor.cli.commands.laws import load_guide

    with pytest.raises(TutorError):
        load_guide(Path("/nonexistent-content-dir"))


@pytest.mark.parametrize("char", ["\x00", "\x08", "\x1f", "\x7f", "\ufffe"])
def test_control_characters_are_a_problem_not_a_crash(char: str) -> None:
    result = parse_yaml(f"a: b{char}c\n")
    assert result.errors and result.errors[0][0] == 1


@pytest.mark.parametrize("text", ["a: !!int\n", "a: !!int x\n", "a: !!float x\n", "a: !!bool x\n",
                                  "a: !!timestamp x\n"])
def test_core_tags_with_bad_values_are_a_problem_not_a_crash(text: str) -> None:
    result = parse_yaml(text)
    assert result.errors and result.errors[0][0] == 1


def _nested(depth: int) -> Iterator[str]:
    yield "[" * depth + "]" * depth
    yield "".join(f"{'  ' * i}k{i}:\n" for i in range(depth)) + "  " * depth + "v\n"


def test_deeply_nested_yaml_is_a_problem_not_a_crash() -> None:
    for text in _nested(2000):
        result = parse_yaml(text)
        assert result.errors


def test_alias_bomb_is_cheap() -> None:
    depth = 16  # 2^16 expanded paths if aliases are expanded; a handful if they are not
    text = "b0: &x0 [1, 2]\n" + "\n".join(f"b{i}: &x{i} [*x{i - 1}, *x{i - 1}]" for i in range(1, depth))
    result = parse_yaml(text)
    assert len(result.lines) < 10_000 or result.errors


# --- hostile JSON: deep nesting, huge integers, non-finite numbers, large inputs (issue 13) ------

#: What the bounded reader must stop (docs/quality.md, "Limits"): nesting past 64, integers past
#: 40 digits, Infinity/NaN and overflowing floats, input past the size limit.
hostile_values = st.one_of(
    st.integers(1, 3000).map(lambda d: "[" * d + "]" * d),
    st.integers(1, 3000).map(lambda d: '{"a":' * d + "1" + "}" * d),
    st.integers(1, 5000).map(lambda n: "9" * n),
    st.integers(1, 5000).map(lambda n: "-" + "7" * n),
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-1e999", "1E+99999"]),
    st.integers(0, 30).map(lambda n: "1" + "0" * n + ".5"),
)


def _plant(doc: object, value: str) -> str:
    """``doc`` as JSON text with one of its values (or a new key) replaced by ``value`` verbatim."""
    text = json.dumps(doc)
    marker = '"__HOSTILE__"'
    if isinstance(doc, dict):
        planted = dict(doc)
        key = next(iter(planted), "tricks") if planted else "tricks"
        planted[key] = "__HOSTILE__"
        text = json.dumps(planted)
    elif isinstance(doc, list):
        text = json.dumps([*doc, "__HOSTILE__"])
    else:
        text = marker
    return text.replace(marker, value, 1)


@pytest.mark.parametrize("command", ["score", "advise"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.one_of(score_inputs, advise_inputs), value=hostile_values)
def test_hostile_json_gives_json_or_one_line_in_bounded_time(command: str, doc: object, value: str,
                                                             workdir: Path) -> None:
    _needs(command)
    with call_budget(200_000):  # ~15,000 calls at most seen: the reader refuses before it parses
        assert_clean(*run_cli([command, _write(workdir, _plant(doc, value).encode("utf-8"))]))


@pytest.mark.parametrize("command", ["score", "advise"])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.integers(0, 6000), filler=st.sampled_from([b" ", b"\x00", b"[", b"9", b"\xff"]))
def test_large_inputs_are_cut_at_the_size_limit(command: str, size: int, filler: bytes, workdir: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.engine import jsonread

    monkeypatch.setattr(jsonread, "MAX_JSON_BYTES", 3000)  # small, so the fuzzer is fast; /dev/zero is real
    code, out, err = run_cli([command, "-"], stdin=filler * size)
    assert_clean(code, out, err, must_fail=True)
    if size > 3000:
        assert "larger than 3,000 bytes" in err


def test_endless_input_stays_within_bounded_memory(tmp_path: Path) -> None:
    """``tutor score - < /dev/zero`` under a 1 GiB address-space limit: one line, no MemoryError (``/dev/zero``
    named as the FILE is a device, refused before it is read: tests/test_cli_hostile_files.py)."""
    import resource
    import subprocess
    import sys

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([sys.executable, "-m", "tutor.cli", "score", "-"], capture_output=True, stdin=zero,
                              text=True, timeout=HANG_GUARD, preexec_fn=limit,
                              cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 2, done.stderr[-500:]
    assert done.stderr.count("\n") == 1 and "larger than" in done.stderr


# --- progress import records ----------------------------------------------------------------


@cache
def _migrated_store(folder: Path) -> Path:
    """One store file, created and migrated once per process (about 20 ms of CPU a store)."""
    from tutor.lessons.progress import open_store

    path = folder / "template.sqlite3"
    with open_store(path):
        pass
    return path


def _fresh_store(folder: Path, template_folder: Path) -> Path:
    """A new, empty, migrated store in ``folder``: a copy of the template, the same bytes as a store just
    made, so each example starts from an empty store without running the migrations again (what these
    fuzzers try is the input, not the opening of a new file: tests/test_progress*.py do that)."""
    path = folder / "p.sqlite3"
    shutil.copyfile(_migrated_store(template_folder), path)
    return path


dates = st.one_of(
    st.datetimes().map(lambda d: d.isoformat()),
    st.sampled_from(["0001-01-01T00:00:00Z", "9999-12-31T23:59:59-14:00", "1969-12-31T23:59:59Z", "",
                     "2026-13-01T00:00:00", "yesterday"]),
    st.integers(-10**20, 10**20), st.floats(),
)
import_answers = st.fixed_dictionaries({
    "uid": st.one_of(st.text(min_size=8, max_size=70), json_values),
    "learner": st.one_of(st.sampled_from(["Anna", "", "x" * 50, "a\nb"]), st.text(max_size=12)),
    "answered_at": dates, "item_kind": st.one_of(st.sampled_from(["law", "convention"]), st.text(max_size=5)),
    "item_id": st.text(max_size=8), "correct": st.one_of(st.booleans(), json_values),
    "given": st.text(max_size=8), "expected": st.text(max_size=8),
}, optional={
    "laws": st.one_of(st.lists(st.text(max_size=6), max_size=3), json_values),
    "seed": st.one_of(st.integers(-2**70, 2**70), st.sampled_from([2**63, 2**63 - 1, -1]), json_values),
    "seconds": st.one_of(st.floats(), st.sampled_from([1e308, -1.0, 0.0, 1e6 + 1])),
    "extra": st.one_of(st.dictionaries(st.text(max_size=4), st.text(max_size=4), max_size=2), json_values),
})
import_records = st.fixed_dictionaries({
    "format": st.sampled_from(["vint-tutor-progress", "other"]),
    "schema_version": st.one_of(st.integers(-5, 5), json_values),
    "learners": st.lists(st.fixed_dictionaries({"name": st.sampled_from(["Anna", "Boris", "", "?"]),
                                                "created_at": dates}), max_size=2),
    "answers": st.lists(import_answers, max_size=3),
})


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=import_records, value=st.one_of(st.none(), hostile_values))
def test_import_records_merge_or_are_refused_in_one_line(record: dict[str, object], value: str | None,
                                                         tmp_path_factory: pytest.TempPathFactory) -> None:
    from tutor.lessons.progress import open_store

    folder = tmp_path_factory.mktemp("import")
    text = json.dumps(record, allow_nan=True) if value is None else _plant(record, value)
    path = folder / "record.json"
    path.write_text(text, encoding="utf-8")
    db = _fresh_store(folder, tmp_path_factory.getbasetemp())
    code, out, err = run_cli(["progress", "--import", str(path), "--db", str(db)])
    assert "Traceback" not in err
    if code:
        assert [line for line in err.split("\n") if line.strip()][0].startswith("error:")
        assert len([line for line in err.split("\n") if line.strip()]) == 1
    with open_store(db) as store:  # whatever happened, the store reads back
        answers = store.answers()
        assert code == 0 or answers == []
        assert all(a.answer.seed is None or 0 <= a.answer.seed < 2**63 for a in answers)


# --- review input ---------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(st.binary(max_size=300), st.integers(0, 10**6).map(lambda n: str(n).encode() * 40),
                      st.sampled_from([b"\xff\n", b"\x00" * 5000, "٣\n".encode(), "²\n".encode(), b"1\r\n"])))
def test_review_answers_are_recorded_or_refused_in_one_line(data: bytes,
                                                            tmp_path_factory: pytest.TempPathFactory) -> None:
    from tutor.lessons.answers import Answer
    from tutor.lessons.progress import open_store
    from tutor.lessons.review import law_entries

    db = _fresh_store(tmp_path_factory.mktemp("review"), tmp_path_factory.getbasetemp())
    law = next(iter(law_entries()))
    with open_store(db) as store:
        store.record(Answer("law", law, False, "wrong", "right", laws=(law,), seed=1))
    code, out, err = run_cli(["review", "--mistakes", "--db", str(db)], stdin=data)
    assert "Traceback" not in err
    lines = [line for line in err.split("\n") if line.strip()]
    assert (code == 0 and not lines) or (code == 2 and len(lines) == 1 and lines[0].startswith("error:"))
    with open_store(db) as store:
        assert len(store.answers()) in (1, 2)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(st.binary(max_size=300), st.integers(0, 10**9).map(lambda n: f"{n}\n".encode() * 15),
                      st.sampled_from([b"\xff\n", b"\x00" * 5000, "٣\n".encode(), "²\n".encode(), b"-5\n" * 30,
                                       b"1e9\n" * 30, b"9" * 150 + b"\n", b"help\n" * 30])),
       argv=st.sampled_from([["quiz", "scoring", "--level", "rubber", "--seed", "2"],
                             ["quiz", "scoring", "--level", "honours", "--seed", "3"],
                             ["quiz", "laws", "--seed", "4", "--count", "3"],
                             ["lesson", "law-50-short-suits"]]))
def test_quiz_and_lesson_answers_are_recorded_or_refused_in_one_line(data: bytes, argv: list[str],
                                                                      tmp_path_factory: pytest.TempPathFactory) -> None:
    """The terminal's quizzes and lessons (their answers, a score sheet's entries, a guessed call) take any
    bytes: an answer, a refusal, or one ``error:`` line; a sheet is recorded whole or not at all."""
    from tutor.lessons.progress import open_store

    db = _fresh_store(tmp_path_factory.mktemp("quiz"), tmp_path_factory.getbasetemp())
    code, out, err = run_cli([*argv, *(["--db", str(db)] if argv[0] == "quiz" else [])], stdin=data)
    assert "Traceback" not in err and "Traceback" not in out
    lines = [line for line in err.split("\n") if line.strip()]
    assert (code in (0, 3) and not lines) or (code == 2 and len(lines) == 1 and lines[0].startswith("error:")), err
    with open_store(db) as store:
        recorded = store.answers()
    assert len(recorded) <= (3 if argv[1] == "laws" else 1)  # a question an answer, a sheet one record


# --- content files, bytes and shapes, through every loader --------------------------------

content_bytes = st.one_of(
    yamlish.map(lambda t: t.encode("utf-8")),
    st.binary(max_size=80),
    st.sampled_from([b"- 1\n", b"42\n", b"entries: 5\n", b"entries: [1, x]\n", b"conventions: {}\n",
                     b"title: \"\xff\"\n", b"\xef\xbb\xbfentries: []\n", b"lines: 7\n"]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=content_bytes)
def test_every_content_loader_raises_only_content_errors(data: bytes,
                                                         tmp_path_factory: pytest.TempPathFactory) -> None:
    from tutor.engine.errors import ContentError
    from tutor.lessons.content.conventions import load_conventions
    from tutor.lessons.content.laws import law_entries
    from tutor.lessons.solo.example import load_example
    from tutor.lessons.solo.laws import load_solo_laws, load_solo_quiz

    root = tmp_path_factory.mktemp("loaders")
    (root / "quizzes").mkdir()
    for name in ("rules.yaml", "solo_example.yaml", "bidding.yaml", "quizzes/solo.yaml"):
        (root / name).write_bytes(data)
    loaders = [lambda: law_entries(root), lambda: load_solo_laws(root), lambda: load_solo_quiz(root),
               lambda: load_example(root / "solo_example.yaml"), lambda: load_conventions(root / "bidding.yaml")]
    for load in loaders:
        with call_budget(100_000), contextlib.suppress(ContentError):  # ~500 calls at most seen
            load()
