"""`tutor deal` and the CLI's error handling."""

from __future__ import annotations

import pytest

from tutor.cli import main
from tutor.engine.cards import Deal


def test_deal_with_a_seed_prints_the_same_pbn_twice(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "7"]) == 0
    first = capsys.readouterr().out
    assert main(["deal", "--seed", "7"]) == 0
    assert capsys.readouterr().out == first
    pbn = first.split("PBN: ", 1)[1].strip()
    assert Deal.from_pbn(pbn).is_complete
    assert "North" in first and "South" in first


def test_help_lists_the_deal_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "deal" in capsys.readouterr().out


def test_a_bad_argument_exits_non_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "abc"]) == 2  # one line naming the field (seeds are checked by the command)
    assert capsys.readouterr().err.startswith("error: --seed: 'abc' is not a whole number")
