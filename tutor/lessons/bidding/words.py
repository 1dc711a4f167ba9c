"""A bidding condition as a teacher says it: "it needs exactly one ace, and you hold none".

:func:`sentence` turns a convention's condition and the learner's position into one clause,
used by the why-not feedback (:mod:`tutor.lessons.bidding.feedback`) instead of a rule trace
such as "aces: exactly 1 (here 0)".

>>> quantity("==", 1, "ace", "aces"), quantity(">=", 7, "sure trick", "sure tricks")
('exactly one ace', 'at least seven sure tricks')
>>> quantity("==", 0, "pass of yours", "passes of yours")
'no passes of yours'
"""

from __future__ import annotations

from tutor.engine.cards import Suit
from tutor.engine.conventions import Condition
from tutor.engine.conventions.vocabulary import COMPARISONS, FeatureValue
from tutor.lessons.words import spoken_call

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve", "thirteen")
ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")

#: why the trump suit was chosen (the ``suit_choice`` feature), as a phrase
SUIT_CHOICES = {"none": "no suit that may be trumps", "only": "a single suit that may be trumps",
                "longer": "one suit longer than the others", "higher": "two equal suits, the higher named",
                "law-40": "two suits of unequal quality, the more doubtful one made trumps (law 40; the "
                          "tutor compares suits of equal length)",
                "law-39": "two equally good suits, the one with more honours made trumps (law 39; the tutor "
                          "compares suits of equal length)"}


def _words(op: str) -> str:
    """``at least`` for ``>=``: the comparison as the tutor says it (the one table, ``COMPARISONS``)."""
    return COMPARISONS[op].words if op in COMPARISONS else op


def number(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def quantity(op: str, value: int, singular: str, plural: str) -> str:
    """``exactly one ace``, ``at least seven sure tricks``, ``no passes of yours``."""
    if (op in ("==", "<=") and value == 0) or (op == "<" and value == 1):
        return f"no {plural}"
    noun = singular if value == 1 and op in ("==", ">=", "<=", "!=") else plural
    return f"{_words(op)} {number(value)} {noun}"


def _suit_name(cond: Condition) -> str:
    suit = cond.args.get("suit")
    if suit == "partner":
        return "partner's suit"
    try:
        return Suit(str(suit).upper()).english
    except ValueError:
        return "that suit"


def _value(cond: Condition, position: object) -> FeatureValue:
    return cond.value_in(position)


def sentence(cond: Condition, position: object) -> str:
    """The condition the hand or auction fails, as one clause a teacher would say."""
    here = _value(cond, position)
    word, feature, want = cond.feature, cond.name, cond.value
    if isinstance(want, bool):
        clause = (word.clause or word.description.rstrip(".")).replace("{suit}", _suit_name(cond))
        wanted = want if cond.op == "==" else not want
        return (f"it is for when {clause}, which is not so here" if wanted
                else f"it is not for when {clause}, as here")
    if isinstance(want, int) and isinstance(here, int):
        if feature == "round" and cond.op == "==":
            return f"it is for your {_ordinal(want)} turn to call, and this is your {_ordinal(here)}"
        if feature in ("partner_bid_level", "own_last_bid_level"):
            whose = "partner's bid" if feature == "partner_bid_level" else "your last bid"
            return f"it is for {whose} at level {_words(cond.op)} {want}, and it is at level {here}"
        if word.nouns:  # the word's own nouns ("ace", "aces", "you hold"; "card in {suit}" …)
            one, many, holder = (w.replace("{suit}", _suit_name(cond)) for w in word.nouns)
        else:
            return f"it needs {cond.feature.description.rstrip('.').lower()} " \
                   f"{_words(cond.op)} {want}, and here it is {here}"
        return f"it needs {quantity(cond.op, want, one, many)}, and {holder} {'none' if here == 0 else number(here)}"
    if feature == "suit_choice":
        return (f"it is for {SUIT_CHOICES.get(str(want), str(want))}, and here you have "
                f"{SUIT_CHOICES.get(str(here), str(here))}")
    if feature in ("own_last_call", "own_last_bid"):
        return (f"it follows a last call of yours of {_call_words(want)}, and yours was {_call_words(here)}")
    label = cond.feature.description.rstrip(".")
    return f"it is for when {label.lower()} is {want}, and here it is {here}"


def _call_words(value: object) -> str:
    text = str(value)
    return {"": "none", "none": "none", "pass": "pass", "bid": "a bid"}.get(text, spoken_call(text))


def _ordinal(n: int) -> str:
    return ORDINALS[n] if 0 < n < len(ORDINALS) else f"number {n}"
