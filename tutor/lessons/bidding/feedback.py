"""Feedback on a bidding answer: why each other plausible call is worse, and what mattered.

For every plausible call other than the book's, the tutor looks for the
conventions that would make that call in this situation and says which of their
conditions the hand fails (or which rule takes precedence); a call no convention
makes here is "not a call of the book". The features that mattered are the
conditions of the deciding rule, with the sure-trick count and its per-suit
breakdown always shown (the tutor's counting model, :mod:`tutor.engine.conventions.hand_features`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tutor.engine.bidding import BidPosition, trump_choice
from tutor.engine.calls import VINT_DENOMINATIONS, Bid, Call, Pass, Strain
from tutor.engine.cards import PBN_SUITS, Suit
from tutor.engine.conventions import Advice, Condition, Rule
from tutor.engine.conventions.hand_features import honours, sure_tricks
from tutor.engine.conventions.vocabulary import COMPARISONS, FeatureValue
from tutor.engine.json_types import JsonValue
from tutor.engine.nouns import count_of
from tutor.lessons.bidding.words import SUIT_CHOICES, sentence
from tutor.lessons.words import law_quote as words_law_quote
from tutor.lessons.words import laws_named

_CHOICE_WHY = {
    "longer": "law 35 names the longest suit that may be trumps",
    "law-40": "of two suits of unequal quality, law 40 makes trumps of the more doubtful one "
              "(K J 10 9 before K Q J): the solid suit makes its tricks anyway (the tutor compares suits of "
              "equal length)",
    "law-39": "of two equal suits, law 39 prefers the one with more honours",
    "higher": "of two equal suits the tutor names the higher-ranking one (law 35: 'high, long')",
}
MAX_ALTERNATIVES = 6


#: A rule's answer that is a call (a tuple, not a union built on every test).
_CALLS = (Bid, Pass)

def label(cond: Condition) -> str:
    """How the learner reads the condition's feature: its word's label (``sure tricks``, ``cards in hearts``)."""
    word = cond.feature
    suit = cond.args.get("suit")
    if suit and word.suit_label:
        where = "partner's suit" if suit == "partner" else Suit(str(suit).upper()).english
        return f"{word.suit_label} {where}"
    return word.label


def describe(cond: Condition, position: object) -> str:
    """``sure tricks: at least 7 needed, you hold 5`` — one condition against the hand."""
    value = _value(cond, position)
    if isinstance(cond.value, bool):
        wanted = cond.value if cond.op == "==" else not cond.value
        return f"{label(cond)}: {'yes' if wanted else 'no'} (here {'yes' if value else 'no'})"
    return f"{label(cond)}: {COMPARISONS[cond.op].words} {cond.value} (here {value})"


def _value(cond: Condition, position: object) -> FeatureValue:
    return cond.value_in(position)


def plausible_calls(position: BidPosition, rules: Sequence[Rule]) -> list[Call]:
    """Pass, the lowest bid in each four-card suit and in no-trumps, and every rule's call here."""
    calls: list[Call] = [Pass()]
    for strain in VINT_DENOMINATIONS:
        suit = strain.trump
        if suit is None or position.hand.length(suit) >= 4:
            bid = position.lowest_bid(strain, 1, 3)
            if bid is not None:
                calls.append(bid)
    for rule in rules:
        if _situation_holds(rule, position):
            answer = rule.recommend(position)
            if isinstance(answer, _CALLS) and answer not in calls:
                calls.append(answer)
    return calls


def _situation_holds(rule: Rule, position: BidPosition) -> bool:
    return rule.in_situation(position)


def _laws(rule: Rule) -> str:
    return laws_named(rule.laws)


def why_not(position: BidPosition, advice: Advice, rules: Sequence[Rule]) -> dict[str, str]:
    """For each plausible call other than the book's: why it is worse, as a teacher says it -
    the convention that makes that call and what this hand or auction lacks for it, or the
    convention that takes precedence."""
    out: dict[str, str] = {}
    book = f"“{advice.rule.title}” ({_laws(advice.rule)})"
    for call in plausible_calls(position, rules):
        if call == advice.answer:
            continue
        said = f"{_said(call)}"
        reasons: list[tuple[int, str]] = []
        for rule in rules:
            if rule.kind != "bid" or not _situation_holds(rule, position) or rule.recommend(position) != call:
                continue
            failed = [c for c in rule.conditions if not c.holds(position)]
            if not failed:
                reasons.append((0, f"{_first_upper(said)} is the call of “{rule.title}” ({_laws(rule)}), "
                                   f"but {book} comes first."))
            else:
                reasons.append((len(failed), f"{_first_upper(said)} would be the call of “{rule.title}” "
                                             f"({_laws(rule)}), but " + "; and ".join(
                                                 sentence(c, position) for c in failed) + "."))
        choice = _suit_choice_reason(position, advice, call)
        precedence = [text for n, text in reasons if n == 0]
        failing = sorted((r for r in reasons if r[0] > 0), key=lambda r: r[0])
        chosen = ([choice] if choice else []) + precedence[:1] + [text for _, text in failing[:1]]
        if chosen:
            out[str(call)] = " ".join(chosen[:2])
        else:
            out[str(call)] = f"No convention of the book calls {said} here; {book} decides."
        if len(out) >= MAX_ALTERNATIVES:
            break
    return out


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _said(call: Call) -> str:
    """``two hearts (2H)``, ``pass``."""
    return "pass" if isinstance(call, Pass) else f"{call.spoken} ({call})"


def _suit_choice_reason(position: BidPosition, advice: Advice, call: Call) -> str:
    """Why the book names its suit rather than ``call``'s, when both are suit bids."""
    answer = advice.answer
    if not (isinstance(call, Bid) and isinstance(answer, Bid)) or call.strain is answer.strain:
        return ""
    if call.strain is Strain.NO_TRUMPS or answer.strain is Strain.NO_TRUMPS:
        return ""
    suit, reason = trump_choice(position.hand)
    if suit is None or Strain.of_suit(suit) is not answer.strain or reason not in _CHOICE_WHY:
        return ""
    return f"Trumps are {suit.english}, not {call.strain.english}: {_CHOICE_WHY[reason]}."


def feature_notes(position: BidPosition, advice: Advice) -> dict[str, str]:
    """The hand features that mattered, as label → value, sure tricks always first."""
    count = sure_tricks(position.hand)
    notes = {"sure tricks": f"{count.total} ({count.breakdown()})",
             "aces": str(sum(1 for c in position.hand.cards if c.rank == 14))}
    for cond in advice.rule.conditions:
        if cond.name in ("sure_tricks", "aces"):
            continue
        value = _value(cond, position)
        if cond.name == "suit_choice":  # a reason's name ("law-39") is not the learner's words
            notes[label(cond)] = SUIT_CHOICES.get(str(value), str(value))
            continue
        notes[label(cond)] = "yes" if value is True else "no" if value is False else str(value)
    answer = advice.answer
    if isinstance(answer, Bid) and answer.strain is not Strain.NO_TRUMPS:
        suit = answer.strain.trump
        assert suit is not None
        notes[f"{suit.symbol} length and honours"] = (
            f"{count_of(position.hand.length(suit), 'card')}, {count_of(honours(position.hand, suit), 'honour')}")
    return notes


def suit_table(position: BidPosition) -> list[Mapping[str, JsonValue]]:
    """One row per suit: holding, length, honours, sure tricks and how they were counted."""
    count = sure_tricks(position.hand)
    rows: list[Mapping[str, JsonValue]] = []
    for suit in PBN_SUITS:
        tricks = count.of(suit)
        rows.append({"suit": suit.symbol, "holding": _holding(tricks.holding),
                     "length": position.hand.length(suit), "honours": honours(position.hand, suit),
                     "sure tricks": tricks.total, "how": tricks.reason})
    return rows


def _holding(text: str) -> str:
    return " ".join("10" if ch == "T" else ch for ch in text) or "—"


def law_entries() -> dict[str, Mapping[str, object]]:
    """The laws of ``<content>/rules.yaml`` by id (the one safe reader; a broken file is a ContentError)."""
    from tutor.lessons.content.laws import law_entries as read_laws

    return read_laws()


def law_quote(law_id: str) -> str:
    """The law quoted for the feedback (:func:`tutor.lessons.words.law_quote`)."""
    return words_law_quote(law_id)
