"""What a robot's call or card told the table, in the learner's words — the "Why?" during a deal.

During the deal a robot's reason may name only what the call or card itself told everyone
at the table: a call read backwards through the book's conventions (the ledger's sentence,
:func:`tutor.lessons.cost.ledger.read_call`: "West, simple no-trumps: 2 or more aces (laws
41 and 42)"), a card by the law it follows and the suits its player has shown out of (law
147). The robot's own hand facts ("0 sure tricks, 0 aces") are the explanation the robot
gives after the deal (:func:`after_the_deal`), when every hand is shown.

A rule recovered from the summaries for the book's missing pages is named by its law
(``law ≈101``); :data:`RECOVERED_NOTE` says once, in words, what the "≈" means, and
:func:`learner_words` takes the tutor's bookkeeping ("Recovered ≈101:") out of a rule's text.
"""

from __future__ import annotations

from functools import lru_cache

from tutor.engine.calls import parse_call
from tutor.engine.cards import Card
from tutor.engine.rules import Rules
from tutor.lessons.table import Step, TableDeal
from tutor.lessons.words import RECOVERED_NOTE, action_text, laws_named, learner_words


def mentions_recovered(*texts: str) -> bool:
    """Whether any of ``texts`` names a recovered law (so :data:`RECOVERED_NOTE` belongs beside it)."""
    return any("≈" in t for t in texts)


@lru_cache(maxsize=1)
def _bid_rules() -> tuple[object, ...]:
    from tutor.lessons.bidding.drill import bid_rules

    return tuple(bid_rules())


def told(table: TableDeal, index: int) -> str:
    """What step ``index`` of ``table`` told the table (no hand fact of its maker)."""
    from tutor.lessons.cost.ledger import read_call

    step = table.steps[index]
    if index < table.auction_length:
        calls = [r.call for r in table.auction.records]
        reading = read_call(step.seat, parse_call(step.action), calls[:index], table.dealer, table.score,
                            table.rules or Rules(), _bid_rules())  # type: ignore[arg-type]
        return reading.sentence()
    return _card_told(table, index, step)


def _card_told(table: TableDeal, index: int, step: Step) -> str:
    card = Card.parse(step.action)
    play = table.play
    text = f"{step.seat.english} played {card.pretty}"
    led = None
    if play is not None:
        number = (index - table.auction_length) // 4
        tricks = (*play.tricks, play.current_trick)
        if number < len(tricks):
            led = tricks[number].led_suit
    if led is not None and card.suit is not led:
        text += f": no {led.english} left (law 147: suit must be followed)"
    if step.default:
        return text + " — the tutor's default: no law of the book speaks here."
    laws = laws_named(step.laws)
    return text + (f" ({laws})." if laws else ".")


def after_the_deal(step: Step) -> str:
    """The robot's whole reason, hand facts included: shown once every hand is on the table."""
    words = learner_words(step.explanation)
    laws = laws_named(step.laws)
    cited = f" ({laws})" if laws and not step.default and not words.startswith("Law") else ""
    return f"{step.seat.english}, {action_text(step.action)}: {words}{cited}"


__all__ = ["RECOVERED_NOTE", "after_the_deal", "learner_words", "mentions_recovered", "told"]
