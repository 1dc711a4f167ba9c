"""Learner and stored text is text (issues 13 and 20): no field, no stored record becomes live Markup.

The payload carries HTML (``<img>``, ``<script>``) and Markdown (an image, a link,
emphasis). Streamlit renders every Markdown body it is given, so the check is on those
bodies: wherever the payload reaches one, each character that would open markup must be
backslash-escaped (CommonMark shows an escaped punctuation character as itself), and no
element may carry it with raw HTML allowed. Plain text elements (``st.text``) are safe by
construction. Every free-text field of the pages is reached — the calculator's PBN box
behind its radio choice, the Review answer box behind a replayed mistake, the Solo Whist
settlement answer, the laws search, a new profile's name — and a record in the store
(as an import would write it) is shown in the mistakes list, replayed and answered.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_pages import app_test, open_page
from streamlit.testing.v1 import AppTest

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.progress import DEFAULT_LEARNER, open_store

ROOT = Path(__file__).resolve().parent.parent
SENTINEL = "trackerhost"  # no punctuation, so it survives escaping
PAYLOAD = (f'<img src="http://{SENTINEL}/h.png"> ![pic](http://{SENTINEL}/m.png) '
           f"[link](http://{SENTINEL}/l) <script>alert(1)</script> **bold** :red[red]")
#: Markup that opens when its first character is not backslash-escaped.
LIVE = [re.compile(p) for p in (r"(?<!\\)!\[", r"(?<!\\)\]\(", r"(?<!\\)<(img|script|a)\b", r"(?<!\\)\*\*bold",
                                r"(?<!\\):red\[")]
#: Every free-text field the pages offer, by file: the scenarios below reach each one.
FIELDS = {"tutor/ui/state.py": 1, "tutor/ui/pages/review.py": 1, "tutor/ui/pages/laws.py": 1,
          "tutor/ui/pages/solo_whist.py": 1, "tutor/ui/pages/scoring.py": 1,
          "tutor/ui/pages/sign_in.py": 3, "tutor/ui/pages/teacher.py": 6}


def _walk(node: object) -> Iterator[object]:
    yield node
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        for child in children.values():
            yield from _walk(child)


def _bodies(at: AppTest) -> Iterator[tuple[str, str, bool]]:
    """(element type, body, raw HTML allowed) of every element that shows the payload's sentinel."""
    for root in (at.main, at.sidebar):
        for element in _walk(root):
            proto = getattr(element, "proto", None)
            body = str(getattr(proto, "body", "")) if proto is not None else ""
            if SENTINEL in body:
                fields = {f.name for f in proto.DESCRIPTOR.fields}
                yield type(proto).__name__, body, "allow_html" in fields and bool(proto.allow_html)


def _assert_shown_as_text(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    shown = list(_bodies(at))
    assert shown, "the payload is not on the page: the scenario did not reach its field"
    for kind, body, allow_html in shown:
        assert not allow_html, f"{kind} allows raw HTML: {body[:120]}"
        if kind == "Text":  # st.text: never parsed as Markdown
            continue
        live = [p.pattern for p in LIVE if p.search(body)]
        assert not live, f"{kind} would render live markup {live}: {body[:160]}"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(path))
    return path


def _open(page: str) -> AppTest:
    at = open_page(page)
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_every_free_text_field_is_covered_here() -> None:
    found = {}
    for path in [ROOT / "tutor/ui/state.py", ROOT / "tutor/ui/common.py", *sorted((ROOT / "tutor/ui/pages").glob("*.py"))]:
        count = len(re.findall(r"\b(text_input|text_area|chat_input)\(", path.read_text(encoding="utf-8")))
        if count:
            found[path.relative_to(ROOT).as_posix()] = count
    assert found == FIELDS, "a free-text field was added or removed: cover it in this file"


def test_a_profile_name_is_text(db: Path) -> None:
    at = _open("tutor/ui/pages/progress.py")
    at.selectbox(key="progress_learner").select("➕ New profile…").run()
    at.text_input(key="progress_learner_new").input(PAYLOAD).run()
    at.button(key="progress_learner_create").click().run()
    _assert_shown_as_text(at)


def test_the_laws_search_box_is_text(db: Path) -> None:
    at = _open("tutor/ui/pages/laws.py")
    at.radio(key="laws_mode").set_value("Search").run()
    at.text_input(key="laws_search").input(PAYLOAD + " revoke").run()
    assert not at.exception
    for kind, body, allow_html in _bodies(at):  # the query itself need not be echoed; if it is, as text
        assert not allow_html and (kind == "Text" or not any(p.search(body) for p in LIVE))


def test_a_pasted_pbn_deal_and_its_error_are_text(db: Path) -> None:
    at = _open("tutor/ui/pages/scoring.py")
    at.radio(key="calc_source").set_value("Paste a PBN deal").run()  # the box appears after this choice
    at.text_input(key="calc_pbn").input("N:" + PAYLOAD).run()
    assert at.error  # the parse error quotes the input…
    _assert_shown_as_text(at)  # …as text


def test_a_solo_settlement_answer_is_text(db: Path) -> None:
    at = _open("tutor/ui/pages/solo_whist.py")
    seed = at.session_state["solo_sq_seed"]
    at.text_input(key=f"solo_sq_answer_{seed}").set_value(PAYLOAD)
    at.button(key="solo_sq_check").click().run()
    assert at.error
    if not list(_bodies(at)):  # too long to be points: refused without echoing it at all (issue 13)
        assert "the limit" in at.error[0].value and not at.exception
        return
    _assert_shown_as_text(at)


def _plant_record(db: Path) -> None:
    """A mistake as an imported record could carry it: every stored string is the payload."""
    with open_store(db) as store:
        store.record(Answer("convention", f"rule {PAYLOAD}", False, PAYLOAD, f"2H {PAYLOAD}", position=PAYLOAD))


def test_a_stored_mistake_is_text_in_the_queue_its_replay_and_its_answer(db: Path) -> None:
    _plant_record(db)
    at = _open("tutor/ui/pages/review.py")
    _assert_shown_as_text(at)  # the mistakes list
    replay = next(b for b in at.button if b.key and b.key.startswith("review_replay_"))
    replay.click().run()
    _assert_shown_as_text(at)  # the replayed position
    box = next(t for t in at.text_input if t.key and t.key.startswith("review_text_"))
    box.set_value(PAYLOAD)  # the Review answer box (a form: one press submits it)
    at.button(key="review_submit").click().run()
    assert any("You answered" in e.value for e in at.error)
    _assert_shown_as_text(at)  # "You answered …" and the feedback


def test_a_review_answer_longer_than_any_answer_is_refused_and_not_stored(db: Path) -> None:
    """Issue 31's line on every input: an answer of 100,000 characters was stored whole and echoed back
    ("You answered 777…"). The box now bounds what a browser sends, and an answer that comes longer
    anyway (a client need not honour the box) is refused in one line naming the limit, not stored."""
    _plant_record(db)
    at = _open("tutor/ui/pages/review.py")
    next(b for b in at.button if b.key and b.key.startswith("review_replay_")).click().run()
    box = next(t for t in at.text_input if t.key and t.key.startswith("review_text_"))
    assert box.max_chars is not None and box.max_chars <= 1000  # the box itself says how long an answer may be
    box.set_value("7" * 100_000)
    at.button(key="review_submit").click().run()
    assert not at.exception
    with open_store(db) as store:
        assert all(len(a.answer.given) <= box.max_chars for a in store.answers(DEFAULT_LEARNER))
    exercise = at.session_state["review_exercise"]
    with pytest.raises(TutorError, match="the limit"):
        exercise.answer("7" * 100_000)


def test_the_checks_would_catch_live_markup() -> None:
    """The pattern list flags the raw payload and passes it once escaped as the pages escape it."""
    from tutor.ui.common import text_md

    assert all(p.search(PAYLOAD) for p in LIVE)
    assert not any(p.search(text_md(PAYLOAD)) for p in LIVE)


def _assert_nothing_live(at: AppTest) -> None:
    """As :func:`_assert_shown_as_text`, for fields whose text need not be shown back at all."""
    assert not at.exception, [e.value for e in at.exception]
    for kind, body, allow_html in _bodies(at):
        assert not allow_html, f"{kind} allows raw HTML: {body[:120]}"
        assert kind == "Text" or not [p.pattern for p in LIVE if p.search(body)], body[:160]


def test_the_class_modes_fields_are_text(db: Path) -> None:
    """Sign-in name and code, join code; a teacher's account name, subject, code-for, class name,
    assignment title and items (issue 30) — each given the payload."""
    from tutor.lessons.classroom import accounts

    with open_store(db) as store:
        code = accounts.create_account(store, "Mrs Orlova", "teacher")
    at = app_test().run()
    for key in ("signin_name", "signin_code"):
        at.text_input(key=key).input(PAYLOAD)
    at.button[[b.label for b in at.button].index("Sign in")].click().run()
    _assert_nothing_live(at)
    at.text_input(key="signin_name").input("Mrs Orlova")
    at.text_input(key="signin_code").input(code)
    at.button[[b.label for b in at.button].index("Sign in")].click().run()
    at.text_input(key="join_code").input(PAYLOAD)
    at.checkbox(key="join_consent").check()
    at.button[[b.label for b in at.button].index("Join")].click().run()
    _assert_nothing_live(at)
    at.switch_page("tutor/ui/pages/teacher.py").run()
    at.text_input(key="teacher_class_name").input(PAYLOAD)  # too long: refused in one line
    at.button[[b.label for b in at.button].index("Create the class")].click().run()
    _assert_nothing_live(at)
    short = f"<script>x</script> **bold** ![p](http://{SENTINEL}/m.png)"  # a class name may hold it
    at.text_input(key="teacher_class_name").input(short)
    at.button[[b.label for b in at.button].index("Create the class")].click().run()
    _assert_nothing_live(at)
    at.text_input(key="teacher_account_name").input(PAYLOAD)
    at.text_input(key="teacher_account_subject").input(PAYLOAD)
    at.button[[b.label for b in at.button].index("Create the account")].click().run()
    _assert_nothing_live(at)
    at.text_input(key="teacher_code_for").input(PAYLOAD)
    at.button(key="teacher_code_button").click().run()
    _assert_nothing_live(at)
    at.text_input(key="teacher_assign_title").input(PAYLOAD)
    at.text_area(key="teacher_assign_items").input(PAYLOAD)
    at.button[[b.label for b in at.button].index("Set it")].click().run()
    _assert_shown_as_text(at)  # the refused items are quoted in the error line
