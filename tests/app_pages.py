"""One page of the app opened in Streamlit's AppTest, as a learner reaches it: ``app.py`` run (its
navigation and sidebar), then the page, in one place for every page test; or a page's script alone.

The timeout is only a guard against a hang (``tests/conftest.py`` raises every AppTest's to
:data:`work_bounds.HANG_GUARD`).
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest
from work_bounds import HANG_GUARD

APP = Path(__file__).resolve().parent.parent / "app.py"


def app_test() -> AppTest:
    """A new session of the app, not run yet."""
    return AppTest.from_file(str(APP), default_timeout=HANG_GUARD)


def script_test(page: str) -> AppTest:
    """A new session of one page's script alone, not run yet (``page`` as for :func:`open_page`): a
    class-mode page, which the single-user app's navigation does not list, or a page checked by itself."""
    return AppTest.from_file(str(APP.parent / page), default_timeout=HANG_GUARD)


def open_page(page: str, **query: str) -> AppTest:
    """A new session on ``page`` (its script's path, e.g. ``"tutor/ui/pages/laws.py"``), with ``query`` in
    its address, after one run of the app; the page's run done."""
    at = app_test()
    at.run()
    at.switch_page(page)
    for name, value in query.items():
        at.query_params[name] = value
    return at.run()
