"""AppTest of the rubber score pad page and the start-here pages (issue 20)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import app_test
from streamlit.testing.v1 import AppTest

from tutor.engine.calls import LEVEL_NAMES, tricks_needed
from tutor.engine.cards import Seat, Side
from tutor.engine.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
PAD = "tutor/ui/pages/score_pad.py"


@pytest.fixture
def at(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.sqlite3"))
    app = app_test().run()
    return app


def _write_five_hearts(at: AppTest, number: int) -> None:
    """"Five" in hearts by South, eleven tricks, NS hold three honours and three aces."""
    k = f"score_pad_{number}"
    at.selectbox(key=f"{k}_level").set_value(5)
    at.selectbox(key=f"{k}_strain").set_value(at.selectbox(key=f"{k}_strain").options[3])  # hearts
    at.selectbox(key=f"{k}_declarer").set_value(Seat.S)
    at.number_input(key=f"{k}_tricks").set_value(11)
    at.selectbox(key=f"{k}_h_side").set_value(Side.NS)
    at.selectbox(key=f"{k}_h_count").set_value(3)
    at.selectbox(key=f"{k}_a_side").set_value(Side.NS)
    at.selectbox(key=f"{k}_a_count").set_value(3)
    at.button(key=f"{k}_write").click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_the_score_pad_scores_a_rubber_from_counts(at: AppTest) -> None:
    at.switch_page(PAD).run()
    assert at.title[0].value == "Rubber score pad"
    _write_five_hearts(at, 1)
    _write_five_hearts(at, 2)
    assert any("won by NS" in s.value for s in at.success)
    frame = at.table[0].value
    totals = frame[frame["entry"] == "total"].iloc[0]
    # each deal: 11 x 50 = 550 below (scoring 5); 3 honours + 3 aces = 6 honours x 500 (scoring 11, 14);
    # two parties 1000 each and the rubber 2000 (scoring 7). EW write their 2 tricks x 50 each deal.
    assert int(totals["NS (we)"]) == 2 * (550 + 6 * 500) + 1000 + 1000 + 2000
    assert int(totals["EW (they)"]) == 2 * 100
    sheet = " ".join(m.value for m in at.markdown)
    assert "We (NS)" in sheet and "the line" in sheet
    at.button(key="score_pad_undo").click().run()
    assert not at.success and at.button(key="score_pad_2_write")  # the second deal can be entered again


def test_an_impossible_count_is_one_line_and_loses_nothing(at: AppTest) -> None:
    at.switch_page(PAD).run()
    _write_five_hearts(at, 1)
    k = "score_pad_2"
    at.selectbox(key=f"{k}_level").set_value(2)
    at.selectbox(key=f"{k}_c0_side").set_value(Side.EW)
    at.selectbox(key=f"{k}_c0_what").set_value("aces")
    at.number_input(key=f"{k}_c0_length").set_value(5)  # five aces in one hand
    at.button(key=f"{k}_write").click().run()
    assert not at.exception
    assert len(at.error) == 1 and "note 5" in at.error[0].value
    assert len(at.session_state["score_pad_deals"]) == 1  # the first deal is still written


def test_coronets_one_pack_cannot_hold_are_refused_in_one_line(at: AppTest) -> None:
    # the audit's entry: hearts, a run of seven from the ace of hearts for NS and another for EW (the pack
    # has one ace of hearts), four aces in one EW hand while NS hold more aces, four
    at.switch_page(PAD).run()
    k = "score_pad_1"
    at.selectbox(key=f"{k}_strain").set_value(at.selectbox(key=f"{k}_strain").options[3])  # hearts
    for n, (side, what, length) in enumerate([(Side.NS, "H", 7), (Side.EW, "H", 7), (Side.EW, "aces", 4)]):
        at.selectbox(key=f"{k}_c{n}_side").set_value(side)
        at.selectbox(key=f"{k}_c{n}_what").set_value(what)
        at.number_input(key=f"{k}_c{n}_length").set_value(length)
    at.selectbox(key=f"{k}_a_side").set_value(Side.NS)
    at.selectbox(key=f"{k}_a_count").set_value(4)
    at.button(key=f"{k}_write").click().run()
    assert not at.exception
    assert len(at.error) == 1 and "♥" in at.error[0].value and "note 5" in at.error[0].value
    assert not at.session_state["score_pad_deals"]  # nothing is written to the sheet


def test_home_lists_the_start_here_path_as_links(at: AppTest) -> None:
    links = [link.proto.label for link in at.get("page_link")]
    for title in ("How a deal of Vint goes", "Vint for bridge players", "Glossary", "Quick reference",
                  "Study the laws", "Bidding drills"):
        assert any(title in label for label in links), title


def test_the_quick_reference_takes_its_figures_from_the_rules(at: AppTest) -> None:
    at.switch_page("tutor/ui/pages/quick_reference.py").run()
    assert not at.exception
    text = " ".join(m.value for m in at.markdown)
    rules = Rules()
    # law 31's contracts and scoring 5, 11 and 21's rates, row by row
    for n, name in LEVEL_NAMES.items():
        assert (f"| {n} | {name} | {tricks_needed(n)} | {10 * n} | {100 * n} | {rules.nt_ace_values[n - 1]} "
                f"| {1000 * n} |") in text
    assert "| A-K-Q | 500 | 1000 |" in text  # scoring 18


def test_the_glossary_lists_the_terms_of_the_glossary_file(at: AppTest) -> None:
    import yaml

    at.switch_page("tutor/ui/pages/glossary.py").run()
    assert not at.exception
    terms = yaml.safe_load((ROOT / "content" / "glossary.yaml").read_text(encoding="utf-8"))["terms"]
    frame = at.dataframe[0].value
    assert len(frame) == len(terms)
    assert {"trick", "Vint"} <= set(frame["English"])
    assert "Law 31" in set(frame["law"])  # the trick's law, named as the laws page names it


@pytest.mark.parametrize("page", ["tutor/ui/pages/deal_walkthrough.py", "tutor/ui/pages/for_bridge_players.py"])
def test_the_start_here_pages_cite_laws_that_open_on_the_laws_page(at: AppTest, page: str) -> None:
    at.switch_page(page).run()
    assert not at.exception
    links = [link.proto for link in at.get("page_link")]
    cited = [link for link in links if link.page == "laws"]
    assert len(cited) >= 5
    assert all(link.query_string.startswith("law=") for link in cited)
    # every cited law exists: its link carries the law's title, never a bare id
    assert all(":" in link.label and "-" not in link.label.split(":")[0] for link in cited)
