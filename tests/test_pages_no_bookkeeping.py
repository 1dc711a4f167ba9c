"""No page shows the tutor's bookkeeping (issue 32): no "Recovered ≈" prefix, no rule or law id, no conflict number.

Every page listed in app.py is opened fresh (AppTest) and all the text it shows is read:
Markdown, captions, alerts, widget labels and options, and every cell of a table. A law is named as the learner reads
it ("law 41", "law ≈101", "scoring rule 8"); ids such as ``law-41``, ``law-41-no-trumps-…``,
``default-follow-low``, ``solo-bid-misere`` or "conflict C26" belong to files, not pages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_pages import app_test, script_test
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
PAGES = re.findall(r'"(tutor/ui/pages/[a-z_]+\.py)"', (ROOT / "app.py").read_text(encoding="utf-8"))
#: listed only in class mode (tutor/ui/access.py)
CLASS_PAGES = {"tutor/ui/pages/sign_in.py", "tutor/ui/pages/teacher.py"}
BOOKKEEPING = re.compile(r"Recovered ≈|\b(?:law|scoring|note|solo|two|three|five|preamble)-r?\d+\b|"
                         r"\bdefault-[a-z]+-|\bsolo-bid-|\b[Cc]onflict C\d+")


def _shown(at: AppTest) -> str:
    parts: list[str] = []
    for kind in ("markdown", "caption", "info", "warning", "success", "error", "subheader", "header", "title"):
        parts += [str(e.value) for e in getattr(at, kind)]
    for kind in ("selectbox", "radio", "multiselect"):
        for widget in getattr(at, kind):
            parts.append(str(widget.label))
            parts += [str(o) for o in getattr(widget, "options", [])]
    for kind in ("dataframe", "table"):  # every cell and heading (the Solo Whist ladder's "law" column showed ids)
        for frame in getattr(at, kind):
            parts += [str(c) for c in frame.value.columns]
            parts += [str(v) for row in frame.value.itertuples(index=False) for v in row]
    parts += [str(b.label) for b in at.button]
    parts += [str(e.label) for e in at.expander]
    return "\n".join(parts).replace("\\", "")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: Path(p).stem)
def test_no_page_shows_bookkeeping(page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.db"))
    if page in CLASS_PAGES:  # listed only in class mode: rendered as scripts (as tests/test_app_pages.py does)
        at = script_test(page)
    else:
        at = app_test()
        at.run()
        at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    found = BOOKKEEPING.findall(_shown(at))
    assert not found, found


def test_no_explanation_of_the_book_carries_bookkeeping() -> None:
    """The conventions' explanations reach every drill's feedback, the table's "Why?" and review and the
    robots' reasons: none names a conflict number, a variant's or a rule's id, or "Recovered ≈" (a
    recovered law is "law ≈101", as the learner reads it; the brief: no rule ids on a page)."""
    from tutor.engine.rules import VARIANTS
    from tutor.lessons.robots import the_book

    variant_ids = re.compile(r"\b(?:" + "|".join(re.escape(v.name) for v in VARIANTS if "-" in v.name) + r")\b")
    book = the_book()
    rules = [*book.bidding, *book.play]
    assert len(rules) > 100  # noqa: PLR2004 - the whole book, not an empty list
    found = {r.id: hits for r in rules
             if (hits := BOOKKEEPING.findall(f"{r.title}\n{r.explanation}") + variant_ids.findall(r.explanation))}
    assert not found, found
