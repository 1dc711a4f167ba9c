"""Browser benchmark of the pages: page open and click → feedback, against a one-line app.

    python benchmarks/page_bench.py              # prints the table (also a section of run_all.py)
    python benchmarks/page_bench.py --rounds 3   # fewer samples
    python benchmarks/page_bench.py --smoke      # one sample of a few pages: only that it runs (a test does this)

Both apps run under ``streamlit run`` on loopback (the harness of ``tests/browser``) and
are driven by the same headless Chromium in the same run:

* **page open** — the page's address (``/laws``) loaded in the tab until that page's
  script run has finished and the app shows it (the harness counts ``script_finished``
  messages on the websocket), for every page of ``app.py``. Pages are opened by address,
  not by their sidebar links: Streamlit folds some links under a "View more" button
  (issue 31), and an address always works. A load is a new session (the app's scripts
  and a new websocket), so these figures are above the in-app switches measured before;
* **click → feedback** — the click that answers (a quiz's Check, a drill's card or
  call) until its rerun has finished, for every page with an answer and every play
  drill kind, a second after the page is shown (:data:`READING_MS`, in the one-line app
  too). The preparation (choosing an option, opening a list, finding which option is
  chosen) is not timed. Each kind's first answer in the server process is a row of its
  own: it pays what that answer needs first (imports, caches), as every page is opened
  once before the page opens are timed.

The reference is a two-page app of one line each (a title and a button), measured the
same way, so the figures say what the tutor adds to Streamlit's own round trip. A
scenario whose widgets a page does not show (the pages are being redesigned) gives
"not measured" with the reason instead of failing the run.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "tests"))

WAIT_MS = 10_000  # a widget that is not there after this is reported, not waited for
#: The pause between a page shown (and its answer chosen) and the timed click, in both apps: a learner reads
#: before answering. A click at once met the page still settling after it is shown (its first run's answer
#: from the server came late), which no learner meets: the score calculator's deal switch took 410 ms at once
#: and 165-280 ms a second later, the same switch again in one session 118-172 ms (2026-12-07, issue 31).
READING_MS = 1000

REFERENCE_PAGES = {
    "one.py": 'import streamlit as st\n\nst.title("One")\nst.button("Go", key="go")\n',
    "two.py": 'import streamlit as st\n\nst.title("Two")\nst.button("Go", key="go")\n',
    "ref_app.py": ('import streamlit as st\n\nst.navigation([st.Page("one.py", title="One"), '
                   'st.Page("two.py", title="Two")]).run()\n'),
}


@dataclass
class Scenario:
    """One click → feedback: ``prepare`` the page (not timed), then time ``click``."""

    page: str  # URL path of the page
    name: str
    prepare: Callable[[Any], None]
    click: Callable[[Any], None]


def _settle(app: Any) -> None:
    """Let a rerun that a preparing step may have started finish (no rerun is required)."""
    app.page.wait_for_timeout(300)
    app.page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]').wait_for()


def _radio_first(group_label: str) -> Callable[[Any], None]:
    def pick(app: Any) -> None:
        group = app.main.locator('[data-testid="stRadio"]').filter(has_text=group_label).first
        group.locator("label").nth(0).click()
        _settle(app)
    return pick


def _select_first(label: str) -> Callable[[Any], None]:
    def pick(app: Any) -> None:
        app.choose_select(re.compile(label), re.compile(".+"), rerun=False)
        _settle(app)
    return pick


def _radio_option(group_label: str, option: str) -> Callable[[Any], None]:
    def pick(app: Any) -> None:
        group = app.main.locator('[data-testid="stRadio"]').filter(has_text=group_label).first
        group.locator("label").filter(has_text=option).first.click()
        _settle(app)
    return pick


def _tab(name: str) -> Callable[[Any], None]:
    def pick(app: Any) -> None:  # tabs switch in the browser, no rerun
        app.main.locator('[role="tab"]').filter(has_text=name).first.click()
    return pick


def _fill(label: str, value: str) -> Callable[[Any], None]:
    def type_in(app: Any) -> None:
        field = app.main.get_by_label(label).first
        field.fill(value)
        field.press("Enter")
        _settle(app)
    return type_in


def _answer_in_form(label: str) -> Callable[[Any], None]:
    """An answer inside a form (the review's): its first choice, or a figure typed. Nothing reruns until
    the form's button is pressed (Enter in a form's field would press it: not used)."""
    def answer(app: Any) -> None:
        widgets = '[data-testid="stRadio"], [data-testid="stTextInput"]'
        field = app.main.locator(widgets).filter(has_text=label).first
        field.wait_for()
        if field.get_attribute("data-testid") == "stRadio":
            field.get_by_role("radio").first.check(force=True)  # drawn hidden behind Streamlit's circle
        else:
            field.locator("input").fill("1")
    return answer


def _steps(*steps: Callable[[Any], None]) -> Callable[[Any], None]:
    def run(app: Any) -> None:
        for step in steps:
            step(app)
    return run


def _rerun(app: Any, target: Any) -> None:
    """Click ``target`` and wait for the rerun it causes (at most WAIT_MS)."""
    before = app.runs()
    target.click()
    app._wait_run_after(before, WAIT_MS)


def _button(label: str) -> Callable[[Any], None]:
    def press(app: Any) -> None:
        _rerun(app, app.main.get_by_role("button", name=re.compile(label)).first)
    return press


def _other_option(group_label: str, index: int) -> tuple[Callable[[Any], None], Callable[[Any], None]]:
    """(prepare, click): find the radio option ``index`` of a group outside a form (another when that one is
    chosen: each sample switches); then, timed, pick it. Reading which option is checked takes the driver a
    round trip per option: preparation, like choosing a quiz's answer, so outside the clock."""
    found: dict[str, Any] = {}

    def find(app: Any) -> None:
        group = app.main.locator('[data-testid="stRadio"]').filter(has_text=group_label).first
        radios = group.get_by_role("radio")  # the options (the group's own label is a <label> too)
        checked = [i for i in range(radios.count()) if radios.nth(i).is_checked()]
        found["radio"] = radios.nth(1 if checked == [index] else index)

    def press(app: Any) -> None:
        before = app.runs()
        found.pop("radio").check(force=True)  # the input is drawn hidden behind Streamlit's own circle
        app._wait_run_after(before, WAIT_MS)
    return find, press


def _open_select(label: str) -> Callable[[Any], None]:
    """Open a select box outside a form (not timed: the list drawn is the browser's alone, no rerun)."""
    def open_list(app: Any) -> None:
        box = app.main.get_by_role("combobox", name=re.compile(label)).first
        box.scroll_into_view_if_needed()
        box.click()
        app.page.get_by_role("option").first.wait_for()
    return open_list


def _first_option(app: Any) -> None:
    """Timed: pick the first option of the open select box, the answer, until its rerun is shown."""
    _rerun(app, app.page.get_by_role("option").first)


def _any_answer(app: Any) -> None:
    """A law quiz question is a choice (a radio) or a number (an input): answer whichever is shown,
    once it is shown (a loaded machine renders the question after the page's first elements)."""
    widgets = '[data-testid="stRadio"], [data-testid="stNumberInput"], [data-testid="stTextInput"]'
    answer = app.main.locator(widgets).filter(has_text="Your answer").first
    answer.wait_for()
    if answer.get_attribute("data-testid") == "stRadio":
        _radio_first("Your answer")(app)
    else:
        _fill("Your answer", "1")(app)


def _nothing(app: Any) -> None:
    return None


PLAY_KINDS = ["Lead", "Second hand", "Third hand", "Cannot follow"]


def scenarios() -> list[Scenario]:
    found = [
        Scenario("laws", "study: Next →", _nothing, _button("^Next")),
        Scenario("law_quiz", "answer and Check", _any_answer, _button("^Check")),
        Scenario("scoring_quiz", "Check an answer", _nothing, _button("^Check")),
        Scenario("scoring", "switch the deal source", *_other_option("Deal", 1)),
        Scenario("bidding_drill", "Make this call", _select_first("Your call"), _button("Make this call")),
        Scenario("bidding_lessons", "answer a round", _open_select("what do you say"), _first_option),
        Scenario("solo_whist", "bidding drill: Check", _steps(_tab("Bidding drill"), _radio_first("Your call")),
                 _button("^Check")),
        Scenario("solo_whist", "settlement quiz: Check", _steps(_tab("Settlement"), _fill("Your answer (points)", "0")),
                 _button("^Check")),
        Scenario("review", "Answer", _answer_in_form("Your answer"), _button("^Answer")),
    ]
    for kind in PLAY_KINDS:
        prepare = _steps(_radio_option("Decision", kind), _radio_first("Your card"))
        found.append(Scenario("play_drill", f"{kind.lower()}: Play this card", prepare, _button("Play this card")))
    return found


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _timed(app: Any, action: Callable[[], object]) -> float:
    start = time.perf_counter()
    app.rerun_after(action)
    app.main.locator("h1").first.wait_for()
    return time.perf_counter() - start


def _switch(app: Any, path: str) -> float:
    """Seconds to open the page at URL ``path`` ("" for the default page) until its run is shown."""
    start = time.perf_counter()
    app.open(path)
    return time.perf_counter() - start


def page_titles() -> dict[str, str]:
    """Page name → its URL path, read from app.py (the order of the sidebar; the default page is at "")."""
    source = (ROOT / "app.py").read_text(encoding="utf-8")
    return {m.group(1): "" if m.group(3) else m.group(1)
            for m in re.finditer(r'st\.Page\("tutor/ui/pages/(\w+)\.py", title="([^"]+)"[^)]*?(default=True)?\)',
                                 source)}


@dataclass
class Figures:
    """Seconds per sample, by what was measured."""

    switch: dict[str, list[float]]
    click: dict[str, list[float] | str]
    #: each scenario's first answer in the server process (its first imports and caches), not in ``click``
    first: dict[str, float]


#: The smoke run's pages and scenarios (``--smoke``): enough to show every step of the benchmark works.
#: Each way of answering is in it (a button, a radio switched, an option picked from a list), so none can rot.
SMOKE_PAGES = ("laws", "law_quiz", "scoring", "bidding_lessons")


def _due_reviews(database: Path, count: int) -> None:
    """``count`` laws missed two days ago, due for review now, in a new progress database: the review page
    then has a question for each round of its scenario (with nothing due it shows none, and was not measured)."""
    from datetime import UTC, datetime, timedelta

    from tutor.lessons import review
    from tutor.lessons.answers import Answer
    from tutor.lessons.progress import open_store

    missed = datetime.now(UTC) - timedelta(days=2)
    with open_store(database) as store:
        for law in list(review.law_entries())[:count]:
            store.record(Answer("law", law, False, "the learner's answer", "the law's", laws=(law,)), "default",
                         now=missed)


def measure_tutor(context: Any, workdir: Path, rounds: int, smoke: bool = False, running: Any = None) -> Figures:
    """Every page and scenario; on ``running`` (a harness Server) if given, else on a server of its own."""
    from harness import App, start_server, stop_server

    titles = page_titles()
    if smoke:
        titles = {name: path for name, path in titles.items() if name in SMOKE_PAGES}
    if running is None:
        _due_reviews(workdir / "progress.sqlite3", rounds + 2)  # the harness's server keeps its database there
    server = running or start_server(workdir)
    switch: dict[str, list[float]] = {p: [] for p in titles}
    click: dict[str, list[float] | str] = {}
    first: dict[str, float] = {}
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        app = App(page, server).open()
        for p in titles if not smoke else ():  # warm every page once (first imports, caches), as a learner's second visit
            _switch(app, titles[p])
        for _ in range(rounds):
            for p, title in titles.items():
                switch[p].append(_switch(app, title))
        for sc in [sc for sc in scenarios() if sc.page in titles]:
            label = f"{sc.page}: {sc.name}"
            try:
                if not smoke:  # each kind's first answer in the server, as the pages were warmed: apart
                    first[label] = _answer(app, sc, titles[sc.page], READING_MS)
                click[label] = [_answer(app, sc, titles[sc.page], 0 if smoke else READING_MS) for _ in range(rounds)]
            except Exception as err:  # a redesigned page: say what was missing, measure the rest
                click[label] = f"not measured: {type(err).__name__}: {str(err).splitlines()[0][:80]}"
        page.close()
    finally:
        if running is None:
            stop_server(server)
    return Figures(switch, click, first)


def _answer(app: Any, sc: Scenario, path: str, pause_ms: int) -> float:
    """Seconds from the answering click of ``sc`` to its feedback shown, on the page opened afresh."""
    _switch(app, path)
    sc.prepare(app)
    app.page.wait_for_timeout(pause_ms)
    start = time.perf_counter()
    sc.click(app)
    return time.perf_counter() - start


def measure_reference(context: Any, workdir: Path, rounds: int, smoke: bool = False) -> tuple[list[float], list[float]]:
    from harness import App, start_server, stop_server

    for name, text in REFERENCE_PAGES.items():
        (workdir / name).write_text(text, encoding="utf-8")
    server = start_server(workdir, script=str(workdir / "ref_app.py"))
    switches: list[float] = []
    clicks: list[float] = []
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        app = App(page, server).open()
        _switch(app, "two")
        for _ in range(rounds * 2):
            for path in ("", "two"):  # "one" is the default page, at the root
                switches.append(_switch(app, path))
                app.page.wait_for_timeout(0 if smoke else READING_MS)  # the smoke run: only that it runs
                start = time.perf_counter()
                app.click_button("Go")
                clicks.append(time.perf_counter() - start)
        page.close()
    finally:
        stop_server(server)
    return switches, clicks


def run(rounds: int, smoke: bool = False) -> tuple[Figures, list[float], list[float]] | str:
    """Every figure, or the reason the benchmark cannot run here."""
    from harness import CHROMIUM, CHROMIUM_FLAGS, DESKTOP_VIEWPORT, missing_reason

    reason = missing_reason()
    if reason:
        return reason
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(Path(tmp) / "profile"), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS,
            viewport=DESKTOP_VIEWPORT)
        try:
            (Path(tmp) / "ref").mkdir()
            (Path(tmp) / "tutor").mkdir()
            ref_switch, ref_click = measure_reference(context, Path(tmp) / "ref", rounds, smoke)
            figures = measure_tutor(context, Path(tmp) / "tutor", rounds, smoke)
        finally:
            context.close()
    return figures, ref_switch, ref_click


def _ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.0f} ms, p95 {_p95(values) * 1000:.0f} ms"


def rows(rounds: int, smoke: bool = False) -> Iterator[tuple[str, str, str, str, str, str]]:
    """(measure, tutor, reference, ratio, goal, met) per page and per scenario."""
    result = run(rounds, smoke)
    if isinstance(result, str):
        yield ("pages in the browser", "skipped", result[:60], "—", "—", "—")
        return
    figures, ref_switch, ref_click = result
    every = [t for samples in figures.switch.values() for t in samples]
    ref_s, ref_c = statistics.median(ref_switch), statistics.median(ref_click)
    yield (f"page open, all pages (n={len(every)})", _ms(every), f"{_ms(ref_switch)} (one-line app)",
           f"{statistics.median(every) / ref_s:.2f}×", "p95 < 0.5 s", "yes" if _p95(every) < 0.5 else "NO")
    for page, samples in figures.switch.items():
        yield (f"page open → {page}", _ms(samples), "", f"{statistics.median(samples) / ref_s:.2f}×",
               "p95 < 0.5 s", "yes" if _p95(samples) < 0.5 else "NO")
    clicks = [t for s in figures.click.values() if isinstance(s, list) for t in s]
    if clicks:
        yield (f"click → feedback, all answers (n={len(clicks)})", _ms(clicks), f"{_ms(ref_click)} (one-line app)",
               f"{statistics.median(clicks) / ref_c:.2f}×", "p95 < 300 ms", "yes" if _p95(clicks) < 0.3 else "NO")
    if figures.first:
        cold = list(figures.first.values())
        yield (f"click → feedback, each kind's first answer in the server (n={len(cold)}: what it needs first; "
               "in no other click row)", _ms(cold), "", f"{statistics.median(cold) / ref_c:.2f}×",
               "—", "—")
    for label, samples in figures.click.items():
        if isinstance(samples, str):
            yield (f"click → feedback, {label}", samples, "", "—", "p95 < 300 ms", "—")
        else:
            yield (f"click → feedback, {label}", _ms(samples), "", f"{statistics.median(samples) / ref_c:.2f}×",
                   "p95 < 300 ms", "yes" if _p95(samples) < 0.3 else "NO")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="samples per page and per scenario")
    parser.add_argument("--smoke", action="store_true", help="one sample of a few pages: only that it runs")
    args = parser.parse_args()
    for row in rows(1 if args.smoke else args.rounds, smoke=args.smoke):
        print(" | ".join(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
