"""A drill answered in the terminal is recorded like one answered in the app (issue 8)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.lessons.progress import open_store


def _drill_json(capsys: pytest.CaptureFixture[str], kind: str, seed: int) -> dict[str, object]:
    assert main(["drill", kind, "--seed", str(seed), "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize("kind", ["bidding", "lead"])
def test_a_terminal_drill_answer_is_recorded_before_the_feedback(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    drill = _drill_json(capsys, kind, 21)
    wrong = next(c for c in drill["choices"] if str(c).upper() != str(drill["answer"]).upper())  # type: ignore[attr-defined]
    db = tmp_path / "progress.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{wrong}\n"))
    code = main(["drill", kind, "--seed", "21", "--no-consequences", "--db", str(db), "--learner", "Anna"])
    assert code == 3  # a wrong answer
    with open_store(db) as store:
        mistakes = store.mistakes("Anna")
    assert [(m.answer.item_kind, m.answer.item_id, m.answer.seed, m.answer.given) for m in mistakes] == [
        ("convention", drill["rule_id"], 21, str(wrong))]
