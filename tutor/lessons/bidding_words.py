"""A bidding condition as a teacher says it: "it needs exactly one ace, and you hold none".

:func:`sentence` turns a convention's condition and the learner's position into one clause,
used by the why-not feedback (:mod:`tutor.lessons.bidding_feedback`) instead of a rule trace
such as "aces: exactly 1 (here 0)".

>>> quantity("==", 1, "ace", "aces"), quantity(">=", 7, "sure trick", "sure tricks")
('exactly one ace', 'at least seven sure tricks')
>>> quantity("==", 0, "pass of yours", "passes of yours")
'no passes of yours'
"""

from __future__ import annotations

from typing import Any

from tutor.engine.cards import Suit
from tutor.engine.conventions import Condition
from tutor.engine.vocabulary import COMPARISONS
from tutor.lessons.words import spoken_call

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve", "thirteen")
ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")

#: feature -> (singular, plural, who holds them) for counted features
NOUNS: dict[str, tuple[str, str, str]] = {
    "aces": ("ace", "aces", "you hold"), "kings": ("king", "kings", "you hold"),
    "queens": ("queen", "queens", "you hold"), "jacks": ("jack", "jacks", "you hold"),
    "face_cards": ("king, queen or jack", "kings, queens and jacks", "you hold"),
    "high_cards": ("king or queen", "kings and queens", "you hold"),
    "sure_tricks": ("sure trick", "sure tricks", "your hand has"),
    "doubtful_tricks": ("doubtful trick", "doubtful tricks", "your hand has"),
    "max_suit_sure_tricks": ("sure trick in your best suit", "sure tricks in your best suit", "your hand has"),
    "long_suits_sure_tricks": ("sure trick in your long suits", "sure tricks in your long suits",
                               "your hand has"),
    "direct_suit_sure_tricks": ("sure trick in that suit", "sure tricks in that suit", "your hand has"),
    "longest_length": ("card in your longest suit", "cards in your longest suit", "you hold"),
    "shortest_length": ("card in your shortest suit", "cards in your shortest suit", "you hold"),
    "candidate_suits": ("suit of four or more cards with two honours",
                        "suits of four or more cards with two honours", "you hold"),
    "candidate_suits_outside_partner": ("suit of your own (four or more cards, two honours)",
                                        "suits of your own (four or more cards, two honours)", "you hold"),
    "long_suits": ("long suit", "long suits", "you hold"),
    "guarded_kings": ("king that is not bare", "kings that are not bare", "you hold"),
    "doubleton_kings": ("king with one small card", "kings with one small card", "you hold"),
    "unshown_aces": ("ace not yet shown", "aces not yet shown", "you hold"),
    "ace_king_suits": ("suit with both ace and king", "suits with both ace and king", "you hold"),
    "coronet_outside_partner": ("coronet outside partner's suit", "coronets outside partner's suit",
                                "you hold"),
    "own_passes_since_partner_bid": ("pass of yours since partner's bid", "passes of yours since partner's bid",
                                     "you have made"),
    "own_bids": ("bid of yours", "bids of yours", "you have made"),
    "own_trump_bids": ("suit bid of yours", "suit bids of yours", "you have made"),
    "partner_suit_run": ("naming of his suit by partner in a row", "namings of his suit by partner in a row",
                         "partner has made"),
}
#: per-suit counted features: (singular, plural) with {suit} for the suit's name
SUIT_NOUNS = {"length": ("card in {suit}", "cards in {suit}"), "honours": ("honour in {suit}", "honours in {suit}"),
              "suit_sure_tricks": ("sure trick in {suit}", "sure tricks in {suit}"),
              "face_cards_outside": ("figure outside {suit}", "figures outside {suit}"),
              "coronet": ("coronet in {suit}", "coronets in {suit}")}
#: yes/no features as the clause that is true when the feature is
FLAGS = {
    "partner_opened_nt": "partner opened with no-trumps", "partner_passed": "partner has passed",
    "suit_named": "a suit has been named", "ends_partie": "a simple game would end the partie",
    "has_simple_game": "your hand holds a simple game's values",
    "partner_bid_direct": "partner bid directly from his hand",
    "has_direct_suit": "you hold six trumps headed by the ace and king with three honours",
    "own_trump_reserved": "you have already reserved your trumps", "own_nt_bid": "you have bid no-trumps",
    "has_long_suit_with_honour": "you hold a suit of five or more cards with an honour",
    "guarded_jack": "you hold the jack with three more cards",
    "own_last_bid_is_trump": "your last bid named a suit",
    "has_r53_suit": "you hold five cards with two of A K Q, or six with J 10",
    "holds_ace": "you hold the ace of {suit}", "holds_king": "you hold the king of {suit}",
}
#: why the trump suit was chosen (the ``suit_choice`` feature), as a phrase
SUIT_CHOICES = {"none": "no suit that may be trumps", "only": "a single suit that may be trumps",
                "longer": "one suit longer than the others", "higher": "two equal suits, the higher named",
                "law-40": "two equally long suits, the more doubtful one made trumps (law 40)",
                "law-39": "two equally long suits, the one with more honours made trumps (law 39)"}


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


def _value(cond: Condition, position: Any) -> Any:
    return cond.value_in(position)


def sentence(cond: Condition, position: Any) -> str:
    """The condition the hand or auction fails, as one clause a teacher would say."""
    here = _value(cond, position)
    feature, want = cond.name, cond.value
    if isinstance(want, bool):
        clause = FLAGS.get(feature, cond.feature.description.rstrip(".")).replace("{suit}", _suit_name(cond))
        wanted = want if cond.op == "==" else not want
        return (f"it is for when {clause}, which is not so here" if wanted
                else f"it is not for when {clause}, as here")
    if isinstance(want, int) and isinstance(here, int):
        if feature == "round" and cond.op == "==":
            return f"it is for your {_ordinal(want)} turn to call, and this is your {_ordinal(here)}"
        if feature in ("partner_bid_level", "own_last_bid_level"):
            whose = "partner's bid" if feature == "partner_bid_level" else "your last bid"
            return f"it is for {whose} at level {_words(cond.op)} {want}, and it is at level {here}"
        if feature in SUIT_NOUNS:
            one, many = (w.format(suit=_suit_name(cond)) for w in SUIT_NOUNS[feature])
            holder = "you hold"
        elif feature in NOUNS:
            one, many, holder = NOUNS[feature]
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


def _call_words(value: Any) -> str:
    text = str(value)
    return {"": "none", "none": "none", "pass": "pass", "bid": "a bid"}.get(text, spoken_call(text))


def _ordinal(n: int) -> str:
    return ORDINALS[n] if 0 < n < len(ORDINALS) else f"number {n}"
