"""AppTest tests of the Review and Progress pages, the home summary and the CLI (issue 8)."""

from __future__ import annotations

import io
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from app_pages import open_page
from streamlit.testing.v1 import AppTest

from tutor.cli import main
from tutor.lessons import review
from tutor.lessons.answers import Answer
from tutor.lessons.progress import open_store

ROOT = Path(__file__).resolve().parent.parent
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")


def shown(markdown: str) -> str:
    """What Markdown shows for ``markdown``'s backslash escapes (CommonMark: the character itself)."""
    return _ESCAPED.sub(r"\1", markdown)


EARLIER = datetime.now(UTC) - timedelta(days=2)


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(path))
    return path


def _seed(db: Path) -> str:
    """A due law (missed two days ago) and a right convention answer; returns the law id."""
    law_id = next(iter(review.law_entries()))
    with open_store(db) as store:
        store.record(Answer("law", law_id, False, "4", "5", laws=(law_id,)), "default", now=EARLIER)
        store.record(Answer("convention", "open-1c", True, "1C", "1C", seed=3), "default",
                     now=EARLIER + timedelta(hours=1))
    return law_id


def _page(path: str) -> AppTest:
    return open_page(path)


def test_review_page_with_nothing_due_says_so(db: Path) -> None:
    at = _page("tutor/ui/pages/review.py")
    assert not at.exception
    assert any("Nothing is due" in i.value for i in at.info)


def test_review_page_serves_a_due_law_and_records_the_answer_before_feedback(db: Path) -> None:
    law_id = _seed(db)
    at = _page("tutor/ui/pages/review.py")
    assert not at.exception, [e.value for e in at.exception]
    title = str(review.law_entries()[law_id]["title"])
    assert any(title in m.value for m in at.markdown)  # the law is named by its title, not its id
    exercise = at.session_state["review_exercise"]
    at.radio[0].set_value(exercise.expected)  # inside the answer form: submitted by one press
    at.button(key="review_submit").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("Right" in s.value for s in at.success)
    with open_store(db) as store:
        last = store.answers("default")[-1].answer
        assert (last.item_id, last.correct, last.given) == (law_id, True, exercise.expected)
        assert last.seconds is not None


def test_review_page_replays_a_mistake(db: Path) -> None:
    _seed(db)
    at = _page("tutor/ui/pages/review.py")
    replay_buttons = [b for b in at.button if str(b.key).startswith("review_replay_")]
    assert replay_buttons
    replay_buttons[0].click().run()
    assert not at.exception


def test_progress_page_without_data_does_not_fail(db: Path) -> None:
    at = _page("tutor/ui/pages/progress.py")
    assert not at.exception, [e.value for e in at.exception]
    assert any("No answers recorded yet" in i.value for i in at.info)


def test_progress_page_shows_charts_tables_and_switches_profile(db: Path) -> None:
    _seed(db)
    at = _page("tutor/ui/pages/progress.py")
    assert not at.exception, [e.value for e in at.exception]
    assert [m.value for m in at.metric][:2] == ["2", "50%"]
    assert len(at.dataframe) >= 1 and len(at.get("vega_lite_chart")) == 2
    at.selectbox(key="progress_learner").set_value("➕ New profile…").run()
    at.text_input(key="progress_learner_new").set_value("boris").run()
    at.button(key="progress_learner_create").click().run()
    assert not at.exception
    assert at.metric[0].value == "0"
    with open_store(db) as store:
        assert "boris" in store.learners()
    # the picker shows the profile just created, and its fields are gone (it read "➕ New profile…" on,
    # with the name still typed and the button still there, as if the creation had failed)
    assert at.selectbox(key="progress_learner").value == "boris"
    keys = {w.key for w in (*at.text_input, *at.button)}
    assert "progress_learner_new" not in keys and "progress_learner_create" not in keys
    at.run()  # and another rerun keeps it so
    assert at.selectbox(key="progress_learner").value == "boris" and at.metric[0].value == "0"


def test_progress_page_names_sections_drills_and_items_without_ids(db: Path) -> None:
    """The tables said "laws: preamble", "convention: law-41-no-trumps-…" and listed each item by its id:
    a law is named "Law N" under its section's title, a drill by its convention's title."""
    from test_pages_no_bookkeeping import BOOKKEEPING

    from tutor.lessons.robots import the_book

    rule = next(r for r in the_book().bidding if r.id.startswith("law-41"))
    law_id = _seed(db)
    with open_store(db) as store:
        store.record(Answer("convention", rule.id, False, "P", "1NT", seed=5, extra={"kind": "bidding"}),
                     "default", now=EARLIER + timedelta(hours=2))
    at = _page("tutor/ui/pages/progress.py")
    assert not at.exception, [e.value for e in at.exception]
    cells = [str(v) for frame in at.dataframe for row in frame.value.itertuples(index=False) for v in row]
    cells += [str(c) for frame in at.dataframe for c in frame.value.columns]
    assert f"drills: {rule.title}" in cells and rule.title in cells, cells
    assert any(c.startswith("laws: ") and c != f"laws: {law_id}" for c in cells), cells
    assert not BOOKKEEPING.findall("\n".join(cells)) and "item_id" not in cells, cells


def test_progress_page_shows_a_damaged_database_as_an_error(db: Path) -> None:
    db.write_bytes(b"not a database" * 100)
    at = _page("tutor/ui/pages/progress.py")
    assert not at.exception
    assert any(str(db) in shown(e.value) and "damaged" in e.value for e in at.error)
    assert db.read_bytes() == b"not a database" * 100


def test_home_summary_appears_with_data_and_never_creates_the_db(db: Path) -> None:
    at = _page("tutor/ui/pages/home.py")
    assert not at.exception and not db.exists()
    _seed(db)
    at = _page("tutor/ui/pages/home.py")
    assert any("2 answers" in s.value for s in at.success)


def test_cli_progress_export_import_and_csv(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(db)
    out = tmp_path / "record.json"
    assert main(["progress", "--export", str(out)]) == 0
    other = tmp_path / "other.sqlite3"
    assert main(["progress", "--db", str(other), "--import", str(out)]) == 0
    assert "Imported 2 new answers" in capsys.readouterr().out
    with open_store(other) as a, open_store(db) as b:
        assert a.export_record() == b.export_record() == json.loads(out.read_text(encoding="utf-8"))
    assert main(["progress", "--csv", str(tmp_path / "a.csv"), "--learner", "default"]) == 0
    assert main(["progress"]) == 0
    assert "default: 2 answers, 50% right" in capsys.readouterr().out


def test_cli_review_lists_and_answers_due_items(db: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    law_id = _seed(db)
    assert main(["review", "--list"]) == 0
    listed = capsys.readouterr().out
    assert law_id == "preamble-1" and "Preamble 1" in listed and law_id not in listed  # named, never the id
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))  # answers are read bounded from stdin
    assert main(["review", "--count", "1", "--seed", "1"]) == 0
    with open_store(db) as store:
        assert len(store.answers("default")) == 3


def test_cli_reports_a_damaged_database_without_traceback(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"junk" * 500)
    assert main(["progress", "--db", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: The progress database") and "Traceback" not in err
