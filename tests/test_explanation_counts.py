"""An explanation writes a count and its noun in agreement: "1 ace", "3 aces" — never "1 aces".

The robots' most frequent reason, "no convention of the book calls for a bid with this hand here",
read "(1 sure tricks, 1 aces)" on every hand with one ace; a template now asks for the number with
the feature's own noun (``{aces:noun}``), and the loader refuses any other format."""

from __future__ import annotations

import random
import re

import pytest

from tutor.engine.cards import Seat
from tutor.engine.conventions import is_counted
from tutor.engine.conventions.vocabularies import vocabulary_for
from tutor.engine.deals.generate import random_deal
from tutor.lessons.robots import bid_auction

#: the robots' auctions of these deals (each call's reason is an explanation of the book's)
SEEDS = range(60)


def _reasons() -> list[str]:
    return [decision.explanation for seed in SEEDS
            for decision in bid_auction(random_deal(random.Random(seed)), list(Seat)[seed % 4])[1]]


def test_no_reason_writes_one_with_a_plural_noun() -> None:
    """English agreement, whatever the code: "1" is never followed by a plural count noun of the
    vocabulary ("aces", "sure tricks", "doubtful tricks" …). The sweep must meet counts of one, or it
    would prove nothing: hands with one ace are common."""
    plurals = {word.nouns[1] for word in vocabulary_for("bid").of_role("feature").values() if is_counted(word)}
    assert {"aces", "sure tricks"} <= plurals
    one_and_plural = re.compile(r"\b1 (" + "|".join(map(re.escape, sorted(plurals, key=len, reverse=True))) + r")\b")
    reasons = _reasons()
    assert [r for r in reasons if one_and_plural.search(r)] == []
    assert any(re.search(r"\b1 ace\b", r) for r in reasons)  # a count of one was written, in the singular
    assert any(re.search(r"\b[02-9] aces\b", r) for r in reasons)  # and others in the plural


@pytest.mark.parametrize(("placeholder", "message"), [
    ("{aces:plural}", "the only format is 'noun'"),
    ("{aces:>3}", "the only format is 'noun'"),
    ("{has_direct_suit:noun}", "'has_direct_suit' is not a counted feature"),
    ("{no_such_feature:noun}", "'no_such_feature' is not a feature of kind 'bid'"),  # no such word at all
])
def test_a_format_other_than_a_counts_noun_is_refused_at_load(placeholder: str, message: str) -> None:
    """It would fail (or print the braces) only when a learner first read the explanation."""
    from test_bidding_loader import GOOD

    from tutor.engine.errors import ContentError
    from tutor.lessons.content.conventions import parse_conventions

    with pytest.raises(ContentError) as err:
        parse_conventions(GOOD.replace("(law 41).", f"(law 41; {placeholder})."), "content/conventions/x.yaml")
    assert message in str(err.value) and "explanation" in str(err.value)


def test_a_drills_suit_notes_count_in_agreement() -> None:
    """The bidding drill's "♠ length and honours" read "4 cards, 1 honours" (these seeds hold one honour
    in the suit named, or a single card)."""
    from tutor.lessons.bidding.drill import make

    notes = [value for rule, seed in (("law-36-raise-a-direct-three-to-four", 1), ("law-45-ace-and-two-kings-show-the-"
                                                                                   "second-king", 1))
             for label, value in make(rule, seed).features.items() if label.endswith("length and honours")]
    assert notes and all(re.fullmatch(r"(1 card|(?!1 )\d+ cards), (1 honour|(?!1 )\d+ honours)", n) for n in notes), notes
    assert any("1 honour" in n and "1 honours" not in n for n in notes), notes


@pytest.mark.parametrize(("tricks", "words"), [(1, "took 1 trick."), (0, "took 0 tricks."), (9, "took 9 tricks.")])
def test_a_quiz_deal_says_how_many_tricks_in_agreement(tricks: int, words: str) -> None:
    """The scoring quiz's sentence on the play ("North-South took 1 tricks." before)."""
    from tutor.engine.calls import Bid, Contract, Strain
    from tutor.lessons.scoring.deals import describe_play

    assert describe_play(Contract(Bid(1, Strain.SPADES), Seat.N), tricks).endswith(words)



def test_a_score_item_says_how_many_tricks_in_agreement() -> None:
    """A side's tricks below the line: "EW took 1 tricks at 40 each ("four") = 40" read every scoring quiz
    and score sheet where the defenders took a single trick (law 31: a contract of four wants ten)."""
    from tutor.engine.calls import Bid, Contract, Strain
    from tutor.engine.scoring import BOOK_RULES, score_deal

    deal = random_deal(random.Random(1))
    items = score_deal(deal, Contract(Bid(4, Strain.SPADES), Seat.N), 12, BOOK_RULES).items
    texts = [item.text for item in items if item.kind == "tricks"]
    assert "NS took 12 tricks at 40 each (\"four\") = 480" in texts, texts
    assert "EW took 1 trick at 40 each (\"four\") = 40" in texts, texts
