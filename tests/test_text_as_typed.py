"""Learner text in a Markdown body reads as typed and stays inert (issue 31: refusal lines showed
"\\-5" and "\\<script\\>"). CommonMark (spec 0.31, section 2.4): a backslash before an ASCII punctuation
character shows that character itself; so the body escapes only the characters that would open
markup, and removing the escapes gives back exactly what was typed.
"""

from __future__ import annotations

import re

import pytest
from app_pages import app_test
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.ui.common import text_md

#: CommonMark's escapable characters (ASCII punctuation) and what a backslash before one shows.
UNESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def shown(body: str) -> str:
    """What CommonMark shows for ``body``'s escapes (the hard line breaks read as line breaks)."""
    return UNESCAPE.sub(r"\1", body.replace("  \n", "\n"))


@pytest.mark.parametrize("typed", ["-5", "1.5", "N:AKQJ.AKQ.AKQ.AKQ", "a/b (c)", "2NT", "100%", "it's \"so\"",
                                   "line 3: bad", "x = 4 + 1", "♥10", "{a}", "?!", "1,000"])
def test_ordinary_input_is_in_the_body_exactly_as_typed(typed: str) -> None:
    assert text_md(typed) == typed


@pytest.mark.parametrize(("typed", "opener"), [
    ("<script>alert(1)</script>", "<"), ("![x](http://h/m.png)", "["), ("[l](http://h)", "["),
    ("**bold**", "*"), ("_em_", "_"), ("`code`", "`"), (":red[red]", "["), (":material/home:", ":"),
    ("$x^2$", "$"), ("~~gone~~", "~"), ("a | b", "|"), ("&amp;", "&"), ("http://h", ":"), ("www.h.org", "."),
    ("a@h.org", "@"), ("# heading", "#"), ("> quote", ">"), ("- item", "-"), ("+ item", "+"), ("1. item", "."),
    ("===", "="), ("back\\slash", "\\"),
])
def test_each_character_that_opens_markup_is_escaped(typed: str, opener: str) -> None:
    body = text_md(typed)
    assert "\\" + opener in body, body
    assert shown(body) == typed


@settings(max_examples=500)
@given(st.text(max_size=60))
def test_the_body_always_shows_what_was_typed(typed: str) -> None:
    lines = typed.splitlines() or [""]
    assert shown(text_md(typed)) == "\n".join(lines)


@settings(max_examples=300)
@given(st.text(alphabet="<>![]()*_`:$~|&@#-+=.\\ abc12/w\n", max_size=40))
def test_no_markup_opener_is_left_bare(typed: str) -> None:
    body = text_md(typed)
    for token in re.finditer(r"\\.|.", body, flags=re.S):  # an escape pair, or one bare character
        char, at, after = token.group(), token.start(), body[token.end():token.end() + 1]
        if len(char) == 2:
            continue
        assert char not in "<[]*_`$~|@", body
        assert not (char == "&" and re.match(r"[#A-Za-z]", after)), body
        assert not (char == "." and body[at - 3:at].lower() == "www"), body
    for line in body.split("  \n"):  # a block opens only at a line's start, escapes included
        assert not re.match(r"\s*(>|[#+=-](\s|$|[#+=-])|\d+[.)](\s|$))", line), body


def test_a_tampered_address_is_refused_in_the_words_typed(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The issue's own example: ``?position=-5&rule=<script>`` gave "“\\-5”" and "“\\<script\\>”"."""


    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    at = app_test()
    at.run()
    at.switch_page("tutor/ui/pages/bidding_drill.py")
    at.query_params["position"] = "-5"
    at.query_params["rule"] = "<script>"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    bodies = [e.value for e in at.error]
    assert any("position = “-5”" in b for b in bodies), bodies  # as typed, no backslash
    assert any("rule = “\\<script>”" in b for b in bodies), bodies  # `<` escaped: it reads "<script>"
