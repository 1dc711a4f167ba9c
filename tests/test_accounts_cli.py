"""``tutor accounts`` at the terminal (class mode, docs/classes.md): the first teacher, a new code, the list.
The code it prints is checked by signing in with it, as the sign-in page does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.lessons.classroom.accounts import accounts, sign_in
from tutor.lessons.progress import open_store


def _code(out: str) -> str:
    return re.search(r": (\S+)$", out.strip()).group(1)  # type: ignore[union-attr]


def test_the_first_teacher_signs_in_with_the_code_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "class.db")
    assert main(["accounts", "--list", "--db", db]) == 0
    assert "No accounts yet" in capsys.readouterr().out  # an empty list said nothing at all
    assert main(["accounts", "--create-teacher", "Anna", "--db", db]) == 0
    code = _code(capsys.readouterr().out)
    with open_store(db) as store:
        assert sign_in(store, "Anna", code).role == "teacher"
    assert main(["accounts", "--list", "--db", db]) == 0
    assert capsys.readouterr().out.split() == ["Anna", "teacher"]
    assert main(["accounts", "--new-code", "Anna", "--hours", "1", "--db", db]) == 0
    fresh = _code(capsys.readouterr().out)
    with open_store(db) as store:
        assert sign_in(store, "Anna", fresh).name == "Anna"


@pytest.mark.parametrize("argv", [["--create-teacher", ""], ["--create-teacher", " "], ["--new-code", ""],
                                  ["--new-code", "Nobody"], ["--create-teacher", "Anna", "--hours", "0"],
                                  ["--create-teacher", "Anna", "--hours", "99999"]])
def test_a_bad_name_or_length_is_one_line_and_creates_nothing(argv: list[str], tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``--create-teacher ""`` listed the (empty) accounts and exited 0, as if nothing had been asked."""
    db = str(tmp_path / "class.db")
    try:
        code = main(["accounts", *argv, "--db", db])
    except SystemExit as refused:  # --hours out of its range: refused by the parser, before the store
        code = int(refused.code or 0)
    assert code == 2  # noqa: PLR2004
    out, err = capsys.readouterr()
    assert not out and err.startswith("error: ") and err.count("\n") == 1, (out, err)
    with open_store(db) as store:
        assert accounts(store) == []
