"""The play drills' words: the prompt naming the learner's role, why each other card is worse,
the law quoted, and double-dummy summaries that say whose side is whose.

Everything here is in the learner's words: seats by name, cards with suit symbols, laws as
"law 81" followed by the law's own text — never a rule id.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.cards import SEAT_NAMES, SIDE_NAMES, Card, Side, Suit
from tutor.engine.conventions import Rule
from tutor.engine.conventions.play.features import PlayChoice
from tutor.engine.play.position import PlayPosition
from tutor.lessons.words import law_name, law_text, laws_named

#: What the learner does at this moment of the trick.
MOMENT = {"lead": "you are on lead", "second-hand": "you play second to the trick",
          "third-hand": "you play third to the trick", "fourth-hand": "you play last to the trick",
          "discard": "you cannot follow suit"}
QUOTE_CHARS = 320


def role(p: PlayPosition) -> str:
    """``the declarer``, ``the declarer's partner`` or ``a defender`` (Vint has no dummy:
    the declarer's partner plays his own hand)."""
    if p.seat is p.contract.declarer:
        return "the declarer"
    if p.seat is p.contract.declarer.partner:
        return "the declarer's partner"
    return "a defender"


def question(p: PlayPosition) -> str:
    """``You are a defender (West) against five spades by South, and you are on lead. …``"""
    against = "in" if p.declaring_side else "against"
    # the declarer's own contract needs no "by": it read "the declarer (North) in three clubs by you"
    by = "" if p.seat is p.contract.declarer else f" by {SEAT_NAMES[p.contract.declarer]}"
    return (f"You are {role(p)} ({SEAT_NAMES[p.seat]}) {against} {p.contract.bid.spoken}{by}, "
            f"and {MOMENT[p.kind]}. Which card does the book play?")


def quote(law_id: str) -> str:
    """``Law 81: “…the law's text…”`` (shortened at a sentence end when long)."""
    text = law_text(law_id)
    name = law_name(law_id)
    name = name[:1].upper() + name[1:]
    if not text:
        return name + "."
    if len(text) > QUOTE_CHARS:
        cut = text.rfind(". ", 0, QUOTE_CHARS)
        text = text[: cut + 1] if cut > 80 else text[:QUOTE_CHARS].rsplit(" ", 1)[0] + " …"
    return f"{name}: “{text}”"


def law_quotes(laws: Sequence[str]) -> str:
    """The laws of a rule quoted, one paragraph each."""
    return "\n\n".join(f"The book, {quote(law)}" for law in laws)


def _cards(choice: PlayChoice) -> str:
    cards = sorted(choice.cards, key=lambda c: -c.rank)
    if len(cards) == 1:
        return cards[0].pretty
    suits = {c.suit for c in cards}
    listed = ", ".join(c.pretty for c in cards)
    if len(suits) == 1:
        return f"a {_suit_noun(next(iter(suits)))} ({listed})"
    return f"one of {listed}"


def _suit_noun(suit: Suit) -> str:
    return suit.english.rstrip("s") if suit.english != "no-trumps" else suit.english


def _verb(p: PlayPosition) -> str:
    return "leads" if p.kind == "lead" else "plays"


def overridden(card: Card, other: Rule, rule: Rule, choice: PlayChoice, p: PlayPosition) -> str:
    """Another convention would play ``card``, but the book's rule here takes precedence."""
    return (f"{card.pretty} is the card of “{other.title}” ({laws_named(other.laws)}); here "
            f"“{rule.title}” comes first ({laws_named(rule.laws)}), so the book {_verb(p)} {_cards(choice)}.")


def reason_against(p: PlayPosition, rule: Rule, choice: PlayChoice, card: Card,
                   forbidden: frozenset[Suit] = frozenset()) -> str:
    """Why ``card`` is not the book's card, as a teacher says it."""
    laws = laws_named(rule.laws)
    if card.suit in forbidden:
        return (f"{card.pretty}: not this suit — “{rule.title}” ({laws}); the book {_verb(p)} "
                f"{_cards(choice)}.")
    if card.suit not in choice.suits:
        wanted = " or ".join(sorted(s.english for s in choice.suits))
        return (f"{card.pretty} is a {_suit_noun(card.suit)}, but the book wants {wanted} here: "
                f"“{rule.title}” ({laws}); it {_verb(p)} {_cards(choice)}.")
    return (f"{card.pretty} is the right suit but not the right card: “{rule.title}” ({laws}); "
            f"the book {_verb(p)} {_cards(choice)}.")


def dd_summary(p: PlayPosition, card: Card, who: str, side_tricks_left: int, declarer_tricks: int,
               made: bool, points: dict[str, int], partie: Side | None) -> str:
    """One line: after ``card``, what each side takes double-dummy, who makes or fails what,
    and who scores the penalty - with "your side" and "the other side" named."""
    mine = p.seat.side
    declarers = p.contract.declarer.side
    ours = "your side" if mine is declarers else "the other side"
    theirs = "the other side" if mine is declarers else "your side"
    left = 13 - len(p.tricks)
    side_total = p.tricks_won(mine) + side_tricks_left
    outcome = (f"the declarers ({ours}, {SIDE_NAMES[declarers]}) take {declarer_tricks} and make "
               f"{p.contract.bid.spoken}" if made else
               f"the declarers ({ours}, {SIDE_NAMES[declarers]}) take {declarer_tricks} and fail "
               f"{p.contract.bid.spoken}: the defenders ({theirs}) score the penalty")
    finished = f"; {SIDE_NAMES[partie]} win the partie" if partie else ""
    return (f"{card.pretty} ({who}): your side ({SIDE_NAMES[mine]}) takes {side_tricks_left} of the {left} "
            f"tricks left double-dummy, {side_total} in all; {outcome}. "
            f"Points: NS {points['NS']}, EW {points['EW']}{finished}.")
