"""The JSON reader's nesting check takes time linear in the size of the input (an audit's denial of service).

Before, ``'[' * 65 + '"' + '\\"' * N`` (an open string of escaped quotes, past 64 brackets) made the
nesting check search for strings again from every quote of the open string, each time to the end of the
text: 80 KB took some 20 s before the one-line refusal, 160 KB 80 s, and an upload of 1 MB minutes.

No clock is read (tests/test_no_timed_assertions.py): the work is counted instead. Every compiled
pattern of :mod:`tutor.engine.jsonread` is replaced by a :class:`CountingPattern`, which searches the way
the regular expression engine does (an attempt at each position in turn) and counts the characters the
attempts examine; that count must stay within a small multiple of the input's length, at two sizes.
The messages and the values are those of the reader before, for the crafted inputs and for valid JSON.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from test_fuzz_inputs import run_cli
from work_bounds import call_budget

from tutor.engine import jsonread
from tutor.engine.jsonread import JsonInputError, parse_json, parse_json_bytes

DEEPER = "nested deeper than 64 arrays or objects (the limit)"


@dataclass
class Work:
    """Characters examined by the module's patterns, over all their calls."""

    examined: int = 0


class CountingPattern:
    """A compiled pattern that counts the characters its calls examine (a measure of the work of the
    regular expression engine that is the same on a fast machine and a loaded one).

    A search (``sub``, ``finditer``, ``search``) is done as the engine does it: an attempt at each position
    in turn. An attempt that matches examined what it matched. A pattern of a string (one that starts with
    a quote) that fails at a quote examined the rest of the text: it fails only at the end of the text, on
    a string left open (that is how the old one failed, from every quote of the open string); any other
    failed attempt examined one character. An anchored ``match`` or ``fullmatch`` may read to the end: it
    counts the rest of the text. Each answer is checked against the real pattern's, so the module runs as
    it would; a call not modelled here fails the test.
    """

    def __init__(self, real: re.Pattern[str], work: Work) -> None:
        self.real = real
        self.work = work
        self.pattern = real.pattern
        self.flags = real.flags
        self.groups = real.groups
        self.opens_a_string = real.pattern.startswith('"')

    def _attempts(self, text: str, pos: int, endpos: int | None) -> Iterator[re.Match[str]]:
        end = len(text) if endpos is None else min(endpos, len(text))
        at = pos
        while at <= end:
            found = self.real.match(text, at, end)
            if found is None:
                self.work.examined += end - at if self.opens_a_string and text.startswith('"', at) else 1
                at += 1
                continue
            assert found.end() > at, f"an empty match of {self.pattern!r} in a search is not modelled"
            self.work.examined += found.end() - at
            yield found
            at = found.end()

    def sub(self, repl: str, string: str, count: int = 0) -> str:
        assert isinstance(repl, str) and "\\" not in repl and count == 0, "only a literal replacement is modelled"
        pieces, last = [], 0
        for found in self._attempts(string, 0, None):
            pieces += [string[last:found.start()], repl]
            last = found.end()
        result = "".join(pieces) + string[last:]
        assert result == self.real.sub(repl, string)
        return result

    def finditer(self, string: str, pos: int = 0, endpos: int | None = None) -> Iterator[re.Match[str]]:
        found = list(self._attempts(string, pos, endpos))
        real = list(self.real.finditer(string, pos, len(string) if endpos is None else endpos))
        assert [m.span() for m in found] == [m.span() for m in real]
        return iter(found)

    def search(self, string: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        found = next(self._attempts(string, pos, endpos), None)
        real = self.real.search(string, pos, len(string) if endpos is None else endpos)
        assert (found and found.span()) == (real and real.span())
        return found

    def match(self, string: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        end = len(string) if endpos is None else min(endpos, len(string))
        self.work.examined += max(end - pos, 1)
        return self.real.match(string, pos, end)

    def fullmatch(self, string: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        end = len(string) if endpos is None else min(endpos, len(string))
        self.work.examined += max(end - pos, 1)
        return self.real.fullmatch(string, pos, end)

    def __getattr__(self, name: str) -> Any:
        pytest.fail(f"jsonread calls {name} on a pattern: not modelled by CountingPattern")


@pytest.fixture
def regex_work(monkeypatch: pytest.MonkeyPatch) -> Work:
    """Every compiled pattern of the module counts its work into the Work returned."""
    work = Work()
    patterns = [name for name, value in vars(jsonread).items() if isinstance(value, re.Pattern)]
    assert patterns, "jsonread has no compiled pattern to count"
    for name in patterns:
        monkeypatch.setattr(jsonread, name, CountingPattern(getattr(jsonread, name), work))
    return work


# --- the crafted inputs: an open string of escapes, and its variants -----------------------------------

#: name -> (the text for a size N, what the reader says: a refusal's reason, or None for "parses as json.loads")
CRAFTED: dict[str, tuple[Callable[[int], str], str | None]] = {
    "open string of escaped quotes at depth 65 (the audit's)": (lambda n: "[" * 65 + '"' + '\\"' * n, DEEPER),
    "open string of escaped quotes at depth 70": (lambda n: "[" * 70 + '"' + '\\"' * n, DEEPER),
    "open string in objects nested 65 deep": (lambda n: '{"k": ' * 65 + '"' + '\\"' * n, DEEPER),
    "open string ending in a lone backslash": (lambda n: "[" * 65 + '"' + '\\"' * n + "\\", DEEPER),
    "open string of escaped backslashes and quotes": (lambda n: "[" * 66 + '"' + '\\\\\\"' * n, DEEPER),
    # 70 brackets, so the check cannot stop at its count of them; depth 10 at the open string: json.loads says so
    "open string at depth 10 after 60 closed lists": (
        lambda n: "[" + "[]," * 60 + "[" * 9 + '"' + '\\"' * n,
        "not valid JSON at line 1, column 191: unterminated string starting"),
    # the reader's rule, kept: the brackets of a string left open count (the text is refused either way)
    "open string at depth 10 holding brackets": (lambda n: "[" * 10 + '"' + '\\"[' * n, DEEPER),
    "many short strings at depth 70": (lambda n: "[" * 70 + '"", ' * n, DEEPER),
    "many closed strings of escapes at depth 70": (lambda n: "[" * 70 + '"\\"[\\\\", ' * n, DEEPER),
    "closed string of escaped quotes at depth 64": (lambda n: "[" * 64 + '"' + '\\"' * n + '"' + "]" * 64, None),
    "strings full of brackets, depth 1": (lambda n: json.dumps(["[{\"", "\\[", "]"] * n), None),
    "objects 64 deep with escaped keys and values": (lambda n: _nested_objects(64, n), None),
}


def _nested_objects(depth: int, n: int) -> str:
    value: Any = ['a"b\\c[{', '\\"' * n]
    for level in range(depth - 1):
        value = {f'k"{level}[': value, "s": "}" * 3}
    return json.dumps(value)


def _outcome(text: str, source: str = "q.json", max_depth: int | None = None) -> Any:
    """The reader's value for ``text``, or its one-line refusal."""
    try:
        return parse_json(text, source, max_depth=max_depth)
    except JsonInputError as err:
        return str(err)


@pytest.mark.parametrize("name", CRAFTED)
def test_crafted_input_gives_the_same_message_or_value(name: str) -> None:
    make, reason = CRAFTED[name]
    for n in (60, 1000):  # 60: at least 70 brackets, so the check cannot stop at its count of them
        text = make(n)
        said = _outcome(text)
        if reason is None:
            assert said == json.loads(text)
        else:
            assert said == f"q.json: {reason}"
            assert "\n" not in said


@pytest.mark.parametrize("name", CRAFTED)
def test_regex_work_is_linear_in_the_input(name: str, regex_work: Work) -> None:
    """At 1,000 and 4,000 repetitions, the patterns examine at most 3 characters per input character (the
    string pass and, for an open string, the pass that finds where it opens); the old pattern examined some
    N²/2 on an open string: 2 million at N = 2,000."""
    make, _ = CRAFTED[name]
    examined = {}
    for n in (1000, 4000):
        text = make(n)
        regex_work.examined = 0
        _outcome(text)
        examined[n] = regex_work.examined
        assert examined[n] <= 3 * len(text) + 10, f"{examined[n]:,} characters examined for {len(text):,}"
    assert examined[4000] <= 4.5 * max(examined[1000], 1), examined  # four times the input: four times the work


def test_audit_reproduction_through_the_cli(tmp_path: Path, regex_work: Work) -> None:
    """``tutor score FILE`` with the audit's file (smaller: 40 KB): the one-line refusal, linear work."""
    path = tmp_path / "q.json"
    path.write_text("[" * 65 + '"' + '\\"' * 20_000, encoding="utf-8")
    code, out, err = run_cli(["score", str(path)])
    assert (code, out) == (2, "")
    assert err.strip().split("\n") == [f"error: {path}: {DEEPER}"]
    assert regex_work.examined <= 3 * path.stat().st_size


def test_upload_of_the_crafted_bytes_is_refused_with_linear_work(regex_work: Work) -> None:
    """The Progress page's upload goes through parse_json_bytes: the same refusal, the same bound."""
    data = ("[" * 65 + '"' + '\\"' * 20_000).encode()
    with pytest.raises(JsonInputError) as caught:
        parse_json_bytes(data, "upload.json")
    assert str(caught.value) == f"upload.json: {DEEPER}"
    assert regex_work.examined <= 3 * len(data)


def test_no_python_loop_over_the_characters_or_brackets() -> None:
    """The audit's input, and a megabyte of shallow brackets: a bounded number of calls, whatever the
    size (a loop in Python over the characters or the brackets would be linear, and slow at 16 MB)."""
    crafted = "[" * 65 + '"' + '\\"' * 20_000  # small: the old check took 5 s on it
    shallow = "[" + "[0]," * 250_000 + "[0]]"
    with pytest.raises(JsonInputError) as caught, call_budget(100):
        jsonread._check_depth(crafted, "q.json", 64)
    assert str(caught.value) == f"q.json: {DEEPER}"
    with call_budget(100):
        jsonread._check_depth(shallow, "q.json", 64)


# --- the same verdict as the reader before, on every short text ----------------------------------------

def _old_is_too_deep(text: str, max_depth: int) -> bool:
    """The nesting check as it was (quadratic on an open string; these texts are short)."""
    if text.count("[") + text.count("{") <= max_depth:
        return False
    depth = 0
    for bracket in re.finditer(r"[\[\]{}]", re.sub(r'"(?:[^"\\]|\\.)*"', '""', text, flags=re.DOTALL)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > max_depth:
            return True
    return False


def test_nesting_verdict_is_the_old_one_on_random_texts() -> None:
    """Quotes, backslashes, brackets, a letter, a line break, an accent: texts of up to 14 characters,
    depth limit 2, the reader's value or message is the one the old check led to."""
    rng = random.Random(20240531)
    alphabet = ['"', "\\", "[", "]", "{", "}", "a", "\n", "é", ",", "0", ":"]
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(15)))
        if _old_is_too_deep(text, 2):
            expected = "r.json: nested deeper than 2 arrays or objects (the limit)"
        else:  # what json.loads says: these texts are too short for the nesting to matter to it
            expected = _outcome(text, "r.json", max_depth=10**6)
        assert _outcome(text, "r.json", max_depth=2) == expected, text
