"""Every page of the app renders without an exception (Streamlit AppTest)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from app_pages import app_test, script_test

ROOT = Path(__file__).resolve().parent.parent


def _page_paths() -> list[str]:
    """The page files that app.py lists, read from its source."""
    tree = ast.parse((ROOT / "app.py").read_text(encoding="utf-8"))
    paths = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "Page":
            first = node.args[0]
            assert isinstance(first, ast.Constant)
            paths.append(str(first.value))
    return paths


def test_app_lists_existing_pages() -> None:
    paths = _page_paths()
    assert paths, "app.py lists no pages"
    for path in paths:
        assert (ROOT / path).is_file(), path


#: listed only in class mode (tutor/ui/access.py; tests/test_class_pages.py): rendered as scripts here
CLASS_PAGES = {"tutor/ui/pages/sign_in.py", "tutor/ui/pages/teacher.py"}


@pytest.mark.parametrize("page", _page_paths())
def test_every_page_renders_without_exception(page: str) -> None:
    if page in CLASS_PAGES:
        at = script_test(page)
    else:
        at = app_test()
        at.run()
        at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.title, f"{page} shows no title"


def test_home_page_says_what_the_tutor_offers() -> None:
    at = app_test().run()
    text = " ".join(m.value for m in at.markdown)
    assert "Study the laws" in text and "scoring" in text
