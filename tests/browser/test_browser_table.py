"""A whole deal at the four-handed practice table in the real app, played by clicking calls and cards.

Issue 32: one click per call or card; at the end the review in sentences, all four hands,
and the classic sheet whose totals are ``tutor score``'s for the same deal; no "≈"
bookkeeping, rule ids or figures without words on the page. The deal the page plays is
replayed here with the same choices (pass at every call, the first playable card in the
hand's order: spades first, highest first) to know the contract and tricks independently.
"""

from __future__ import annotations

import re

import pytest

from browser.harness import App

pytestmark = pytest.mark.browser

SEED = 2
PLAYABLE = '[class*="st-key-table_card_"] button:not([disabled]), [class*="st-key-table_call_"] button'
RULE_ID = re.compile(r"\b[a-z]+-r?\d+\b|\bdefault-[a-z]|\bsolo-bid-|\bpass-when-")


def _expected_score() -> dict[str, dict[str, int]]:
    """The same deal replayed with the same clicks, scored as ``tutor score`` scores it."""
    from tutor.engine.cards import PBN_SUITS, Seat
    from tutor.engine.scoring.score_io import score_request
    from tutor.lessons.table.rubber import PracticeRubber

    table = PracticeRubber(SEED, Seat.S).current
    assert table is not None
    while table.phase != "over":
        table.run_robots()
        if not table.learners_turn:
            continue
        if table.phase == "auction":
            table.act("P")
        else:
            legal = set(table.legal_actions())
            hand = table.hand(Seat.S)
            table.act(next(str(c) for s in PBN_SUITS for c in hand.suit_cards(s) if str(c) in legal))
    request = {"deal": table.deal.to_pbn(), "dealer": table.dealer.value}
    contract = table.contract
    request |= ({"contract": str(contract.bid), "declarer": contract.declarer.value,
                 "tricks": table.tricks_won()[contract.declarer.side]} if contract else {"contract": "pass"})
    return score_request(request)  # type: ignore[no-any-return]


@pytest.mark.app_page("practice_table")
def test_a_full_deal_by_clicking_cards(app: App) -> None:
    app.open("practice_table")
    assert "Practice table" in app.main.locator("h1").first.inner_text()
    app.fill("Rubber number (the same number deals the same cards)", str(SEED))
    app.click_button("Start a new rubber")
    for clicks in range(1, 81):
        if "Review of the deal" in app.text():
            break
        button = app.main.locator(PLAYABLE).first
        app.rerun_after(button.click)
        assert not app.exceptions(), app.exceptions()
        if clicks == 10:
            text = app.text()
            assert "Contract:" in text or "Your call" in text
    text = app.text()
    assert "Review of the deal" in text and "The four hands" in text
    assert re.search(r"You (passed|bid|played)[^.]*; the book (passes|bids|plays)", text)
    score = _expected_score()
    above = re.search(r"(\d*)\s+(\d*)\s+above the line", text)
    below = re.search(r"(\d*)\s+(\d*)\s+below the line", text)
    assert above and below, text
    assert (int(above[1] or 0), int(above[2] or 0)) == (score["above"]["NS"], score["above"]["EW"])
    assert (int(below[1] or 0), int(below[2] or 0)) == (score["below"]["NS"], score["below"]["EW"])
    assert "Recovered ≈" not in text and not RULE_ID.search(text), RULE_ID.search(text)
    assert not app.errors()
