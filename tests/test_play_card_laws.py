"""The card within the suit (tutor/engine/conventions/play/card_laws.py): the book's card laws after a rule picks a suit.

The expectation table (tests/data/play_expectations.yaml) holds the seed-cited positions;
these tests check how the step speaks to the learner: the card law is named in the law's
own words (law 86, law ≈90), never by a rule id.
"""

from __future__ import annotations

from tutor.engine.nouns import numbered_law
from tutor.lessons.play.drill import advise


def test_numbered_laws_read_as_the_learner_reads_them() -> None:
    assert numbered_law("law-86") == "law 86"
    assert numbered_law("law-r90") == "law ≈90"


def test_law_133_coronet_names_law_86_for_the_ace() -> None:
    """RO l.249 (133: lead from the coronet) and RO l.195 (86: from A K Q the ace)."""
    out = advise({"kind": "lead", "seat": "N", "hand": "AKQ5.K52.J98.Q8", "dealer": "N", "auction": ["1NT"],
                  "contract": "1NT", "declarer": "N", "played": ["C2", "C3", "C4", "CA"]})
    assert out["cards"] == ["SA"]
    assert "by law 86" in out["explanation"] and "lead-86" not in out["explanation"]


def test_law_81_without_a_card_law_accepts_the_whole_suit_and_says_so() -> None:
    """RO l.185 (81 names the suit only); from J 7 4 no card law speaks."""
    out = advise({"kind": "lead", "seat": "E", "hand": "632.J74.T982.532", "dealer": "N",
                  "auction": ["1S", "P", "2H", "P", "3S"], "contract": "3S", "declarer": "N"})
    assert out["cards"] == ["HJ", "H7", "H4"]
    assert "any heart" in out["explanation"] and "by law" not in out["explanation"]


def test_trump_lead_by_a_defender_names_law_130() -> None:
    """RO l.253 (135: start leading trumps) with RO l.243 (130: from the highest)."""
    out = advise({"kind": "lead", "seat": "E", "hand": "AKQ4.862.T98.532", "dealer": "N",
                  "auction": ["1D", "P", "1H", "P", "3H"], "contract": "3H", "declarer": "N"})
    assert out["cards"] == ["H8"] and "by law 130" in out["explanation"]
