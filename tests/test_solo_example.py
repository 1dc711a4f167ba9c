"""The seed's worked example (002, l.61-97; law solo-28), replayed through the engine.

Line 1 (l.69-83): after seven tricks no defence can make Kirill take a trick; he
wins the open misère. Line 2 (l.85-97): Kirill is forced to win trick 7 and loses.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine.cards import Card, Seat, Suit
from tutor.engine.errors import ContentError
from tutor.engine.solo.calls import SoloGame
from tutor.engine.solo.play import Fate
from tutor.lessons.content import DEFAULT_CONTENT_DIR, ContentContext, check_law_refs
from tutor.lessons.content.catalogue import kind_for
from tutor.lessons.content.kinds import validate_quiz
from tutor.lessons.content.registry import read_document
from tutor.lessons.solo.example import load_example, replay, validate_solo_example
from tutor.lessons.solo.laws import load_solo_laws

KIRILL, ALEXEY, VLAD, ROMAN = Seat.N, Seat.E, Seat.S, Seat.W


@pytest.fixture(scope="module")
def example():  # type: ignore[no-untyped-def]
    return load_example()


def test_solo_28_the_reconstructed_hands_fit_what_the_seed_states(example) -> None:  # type: ignore[no-untyped-def]
    deal = example.deal()
    assert deal.dealer is KIRILL and deal.turn_up == Card.parse("H2") and deal.deal.is_complete
    assert deal.eldest is ALEXEY  # l.65: Alexey sits on the dealer's left
    assert deal.deal[KIRILL].length(Suit.DIAMONDS) == 0  # l.61
    assert deal.deal[ALEXEY].length(Suit.SPADES) == 0
    assert deal.deal[ROMAN].length(Suit.CLUBS) == 0
    assert deal.deal[ALEXEY].length(Suit.HEARTS) == 6  # l.65: six hearts


def test_solo_28_line_1_kirill_makes_the_open_misere(example) -> None:  # type: ignore[no-untyped-def]
    r = replay(example, 1)
    assert r.contract.game is SoloGame.OPEN_MISERE and r.contract.bidder is KIRILL
    assert r.contract.trump is None
    assert [s.winner for s in r.steps] == [ROMAN, ALEXEY, ALEXEY, ALEXEY, ALEXEY, ALEXEY, ALEXEY]
    assert r.result.fate is Fate.MADE and r.result.claimed and r.result.side_tricks == 0
    assert r.result.tricks_played == 7
    kirill = r.steps[-1].hands_after[KIRILL]
    assert sorted(str(c) for c in kirill) == sorted(["S3", "CT", "C9", "C6", "C4", "C2"])  # l.83
    assert r.settlement.net[KIRILL] == 12 and r.settlement.net[ROMAN] == -4


def test_solo_28_line_2_kirill_is_forced_to_win_trick_7(example) -> None:  # type: ignore[no-untyped-def]
    r = replay(example, 2)
    assert [s.winner for s in r.steps][:3] == [ROMAN, ROMAN, VLAD]  # l.85-89
    assert r.steps[-1].number == 7 and r.steps[-1].winner is KIRILL
    assert r.steps[-1].plays[-1] == (KIRILL, Card.parse("C9"))  # l.97: his nine
    assert r.result.fate is Fate.DEFEATED and r.result.tricks_played == 7 and not r.result.claimed
    assert r.settlement.net[KIRILL] == -12 and r.settlement.net[ALEXEY] == 4


def test_solo_16_the_open_misere_hand_is_face_up_after_the_first_trick(example) -> None:  # type: ignore[no-untyped-def]
    r = replay(example, 2)
    assert all(step.bidder_exposed for step in r.steps)


def test_solo_21_line_1_could_not_be_claimed_a_trick_earlier(example) -> None:  # type: ignore[no-untyped-def]
    from tutor.engine.solo.play import SoloPlay
    from tutor.lessons.solo.example import _auction

    deal = example.deal()
    contract, _ = _auction(example, deal)
    play = SoloPlay(deal.deal, contract)
    for trick in example.line(1).tricks[:6]:
        for text in trick.cards:
            play.play(Card.parse(text))
    # after six tricks Vlad still holds the eight of clubs: the defence can win it and lead a spade
    assert play.claim_holds() is False
    assert not play.can_claim()


def test_a_wrong_card_in_the_example_is_reported_by_the_content_check(tmp_path: Path) -> None:
    text = (DEFAULT_CONTENT_DIR / "solo_example.yaml").read_text(encoding="utf-8")
    broken = text.replace("cards: [H8, H2, H9, H7]", "cards: [H8, S7, H9, H7]")
    assert broken != text
    path = tmp_path / "solo_example.yaml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(ContentError, match=r"Solo Whist rule 20\b"):
        replay(load_example(path), 1)


def test_the_shipped_example_and_solo_quiz_pass_their_content_checks() -> None:
    ctx = ContentContext({e.id: e for e in load_solo_laws()})
    for rel, validator in (("solo_example.yaml", validate_solo_example), ("quizzes/solo.yaml", validate_quiz)):
        doc, problems = read_document(DEFAULT_CONTENT_DIR / rel, rel, rel)
        assert doc is not None and problems == []
        assert validator(doc, ctx) == [] and check_law_refs(doc, ctx) == []
    assert kind_for("solo_example.yaml") is not None
