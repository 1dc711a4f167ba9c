"""The Review page replays a mistake of every drill kind exactly (issue 20), end to end in the app.

Each mistake is recorded with the fields the drill pages record (tutor/ui/pages/*_drill.py,
solo_whist.py, valuation.py); the Review page's "Replay" must then show that very deal: the
recorded deal (PBN) is the replayed exercise's, and the learner's hand of that deal is on the page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_pages import app_test

from tutor.engine.cards import Deal, Seat
from tutor.lessons.answers import Answer
from tutor.lessons.drills.kinds import DRILL_KINDS
from tutor.lessons.progress import open_store

#: a card, call or Solo Whist call as stored, not as the learner reads it
ENGINE_SPELLING = re.compile(r"^(?:[SHDC](?:[2-9TJQKA])|[1-7][SCDH]|P|[a-z]+-[a-z-]+|misere)$")
KINDS = ("bidding", "lead", "second-hand", "third-hand", "discard", "solo-bidding", "valuation")


def _recorded(kind: str, seed: int) -> tuple[Answer, str]:
    """A wrong answer to ``kind``'s drill of ``seed``, as its page records it, and the learner's hand."""
    drill = DRILL_KINDS[kind].make(None, seed)
    wrong = next(c for c in drill.choices if not drill.is_correct(c)) if drill.choices else "0"
    item_kind = "solo" if kind == "solo-bidding" else "convention"
    expected = " ".join(getattr(drill, "accepted", ()) or (drill.answer,))
    answer = Answer(item_kind, drill.rule_id, False, wrong, expected, laws=tuple(drill.laws), seed=drill.seed,
                    position=drill.deal_pbn, extra={} if item_kind == "solo" else {"kind": kind})
    seat = Seat.parse(str(drill.position.get("seat", "S")))
    held = drill.position.get("hand") or Deal.from_pbn(drill.deal_pbn)[seat].to_pbn()  # the cards still held
    return answer, str(held)


@pytest.mark.parametrize("kind", KINDS)
def test_a_mistake_replays_its_exact_deal(kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.db"
    monkeypatch.setenv("TUTOR_DB", str(path))
    answer, hand = _recorded(kind, 11)
    with open_store(path) as store:
        store.record(answer, "default")
    at = app_test().run()
    at.switch_page("tutor/ui/pages/review.py").run()
    replay = next(b for b in at.button if b.key and b.key.startswith("review_replay_"))
    replay.click().run()
    assert not at.exception, [e.value for e in at.exception]
    exercise = at.session_state["review_exercise"]
    assert exercise is not None and exercise.position == answer.position  # the very deal
    shown = "".join(m.value for m in at.markdown).replace("10", "T").replace(" ", "")
    for suit_holding in hand.split("."):  # each suit's ranks, in order, whatever the spacing
        assert suit_holding in shown, (kind, suit_holding)
    # the choices as the drill pages show them: "♠7", "1♥", "pass", "open misère" (the Review page listed
    # "DT", "1S", "P" and "open-misere", the stored spellings)
    options = [str(o) for r in at.radio if r.key and r.key.startswith("review_choice_") for o in r.options]
    assert options or kind == "valuation", kind  # a valuation is answered by a number typed
    assert not [o for o in options if ENGINE_SPELLING.match(o)], (kind, options)
    if kind == "solo-bidding":
        assert "open misère" in options and "proposal and acceptance" in options
