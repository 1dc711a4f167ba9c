"""The practice table for two, three and five players writes cards and calls as the rest of the app does
(AppTest): suits as symbols, the ten as "10", a pass as "pass" — ``♣3``, ``♦10``, ``2♦``, ``pass`` — never
the engine's notation (``C3``, ``DT``, ``2D``, ``P``), in the hints, in the robots' reasons and in the five
players' listing of a rubber. The expected forms are spelt out here from that convention, not taken from
the page's own formatting code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_pages import open_page
from streamlit.testing.v1 import AppTest
from test_table_ways_page import _open

from tutor.lessons.ways.robots import robot_action

#: the engine's notation where the learner should read symbols: a card ("C3", "DT"), a bid ("2D"), a pass
RAW = re.compile(r"\b[SHDC][2-9TJQKA]\b|\bDT\b|\b[1-7][SHDC]\b|^P —|\bP:")
#: the convention: suit symbols, the ten written "10"
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CARD = "[♠♥♦♣](?:10|[2-9JQKA])"
CALL = "(?:pass|[1-7](?:[♠♥♦♣]|NT))"


def _written(action: str) -> str:
    """An engine action as the learner should read it, word by word: ``P`` -> ``pass``, ``DT`` -> ``♦10``,
    ``2D`` -> ``2♦``, ``swap H8`` -> ``swap ♥8``; other words (``stop``, a seat) as they are."""

    def word(text: str) -> str:
        if text == "P":
            return "pass"
        if re.fullmatch(r"[SHDC][2-9TJQKA]", text):
            return SYMBOLS[text[0]] + ("10" if text[1] == "T" else text[1])
        if re.fullmatch(r"[1-7](?:NT|[SHDC])", text):
            return text[0] + SYMBOLS.get(text[1:], text[1:])
        return text

    return " ".join(word(w) for w in action.split(" "))


def test_written_is_the_stated_convention() -> None:
    assert [_written(a) for a in ("P", "C3", "HJ", "DT", "2D", "1NT", "swap H8", "give D2 E", "stop")] == \
        ["pass", "♣3", "♥J", "♦10", "2♦", "1NT", "swap ♥8", "give ♦2 E", "stop"]


def _shown(at: AppTest) -> list[str]:
    """Every line of text the learner sees: Markdown, captions, boxes, plain text, table cells, buttons."""
    values = [str(e.value) for kind in ("markdown", "caption", "info", "success", "warning", "error", "text")
              for e in getattr(at, kind)]
    values += [str(cell) for table in at.table for column in table.value.columns for cell in table.value[column]]
    values += [str(b.label) for b in at.button]
    return [line for value in values for line in value.splitlines()]


def _no_raw_notation(at: AppTest) -> None:
    raw = [line for line in _shown(at) if RAW.search(line)]
    assert not raw, raw


@pytest.mark.parametrize("players,way,seed", [(3, "dummy", 7), (2, "one-card", 3), (2, "dummies", 3),
                                              (2, "exchange", 3), (2, "buy-in", 3)])
def test_hints_and_robots_reasons_write_cards_and_calls_in_symbols(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   players: int, way: str, seed: int) -> None:
    """Each hint reads "♣3 — …" or "pass — …" (the robot's answer in the learner's place), each robot's
    reason "B ♦10: …"; nowhere on the page "C3", "DT", "2D" or "P"."""
    at = _open(tmp_path, monkeypatch, players)
    at.selectbox(key="ways_way").set_value(way)
    at.number_input(key="ways_seed").set_value(seed)
    at.run()
    assert not at.exception, at.exception
    hinted: list[str] = []
    reasons: set[str] = set()
    for _ in range(200):
        table = at.session_state["ways_table"]
        if table.game.phase == "over":
            break
        expected = _written(robot_action(table.game).action)
        at.button(key="ways_hint").click()
        at.run()
        assert not at.exception, at.exception
        hint = at.info[-1].value
        assert hint.startswith(f"{expected} — "), (expected, hint)
        hinted.append(expected)
        _no_raw_notation(at)
        captions = [c.value for c in at.caption]
        for decision in table.log[-8:]:  # the robots' latest moves, each with its reason
            shown = f"{decision.player} {_written(decision.action)}: "
            assert any(c.startswith(shown) for c in captions), (shown, captions)
            reasons.add(decision.action)
        at.button(key="ways_auto").click()
        at.run()
        assert not at.exception, at.exception
        _no_raw_notation(at)
    assert at.session_state["ways_table"].game.phase == "over"
    _no_raw_notation(at)
    assert "pass" in hinted  # the learner's first call was a pass in each of these deals
    if way != "buy-in":  # in this deal the buy-in's learner only passes: the robots play it out
        assert any(re.fullmatch(CARD, h) or re.fullmatch(f"swap {CARD}", h) for h in hinted), hinted
    if (players, way) in ((3, "dummy"), (2, "one-card")):  # the audit's cases: a ten, a swap
        assert "DT" in reasons or "CT" in reasons or "HT" in reasons or "ST" in reasons, reasons
    if way == "one-card":
        assert any(h.startswith("swap ") for h in hinted), hinted


def test_five_players_rubber_listing_writes_contracts_in_symbols(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The robots' rubber at five players lists each deal as "K deals: 2♦ by A, …" or "… deals: pass"."""
    from tutor.lessons.ways.table import five_robot_rubber

    at = _open(tmp_path, monkeypatch, 5)
    seed = int(at.number_input(key="ways_seed").value)
    at.button(key="ways_five_play").click()
    at.run()
    assert not at.exception, at.exception
    listed = [t.value for t in at.text if " deals: " in t.value]
    _, _, deals = five_robot_rubber(seed, 0)
    assert len(listed) == len(deals)
    for line, deal in zip(listed, deals, strict=True):
        assert re.fullmatch(rf"\w+ deals: {CALL}( by \w+, \d+ tricks?)?", line), line
        assert line.startswith(f"{deal['dealer']} deals: {_written(str(deal['contract']))}"), (line, deal)
    _no_raw_notation(at)


def test_score_calculator_names_a_duplicated_card_in_symbols(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pasted deal that gives the club ten to two hands is refused naming it as the learner writes it."""
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.db"))
    at = open_page("tutor/ui/pages/scoring.py")
    at.radio(key="calc_source").set_value("Paste a PBN deal").run()
    at.text_input(key="calc_pbn").set_value("N:AKQJ.AKQ.AKQ.AKT T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    at.run()
    assert not at.exception, at.exception
    errors = [e.value for e in at.error]
    assert any("♣10 is held by both N and E" in e for e in errors), errors
    assert not any("CT" in e for e in errors), errors
