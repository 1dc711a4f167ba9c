"""The terminal's one reader of an answer among choices, and the one way it prints them.

Every prompt of ``tutor`` (a drill, a review item, the practice table) reads a card in any
spelling the app accepts — ``D10``, ``DT``, ``♦10``, ``10D``, ``d10`` — and a call as
``2H``, ``2♥``, ``2 hearts``' short forms, ``P`` or ``pass``: the answer is parsed with the
engine's own parsers (:meth:`tutor.engine.cards.Card.parse`, :func:`tutor.engine.calls.parse_call`)
and compared as a card or a call, not as text. Choices are printed the way the hand is
printed (``♦10``, never ``DT``) and calls the way the auction is (``2♥``, ``1NT``, ``pass``).

>>> read_choice("D10", ["DA", "DT", "D6"]), read_choice("♦10", ["DT"]), read_choice("10d", ["DT"])
('DT', 'DT', 'DT')
>>> read_choice("pass", ["P", "1S"]), read_choice("1♠", ["P", "1S"]), choice_text("DT"), choice_text("2H")
('P', '1S', '♦10', '2♥')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tutor.engine.calls import parse_call
from tutor.engine.cards import SEAT_NAMES, Card
from tutor.engine.errors import TutorError, law_in_words
from tutor.engine.nouns import ids_named

PASS_WORDS = frozenset({"P", "PASS", "PAS"})


def _spelling(text: str) -> str:
    """The answer as compared as text: case, spaces and the accent of misère do not matter."""
    return "-".join(text.strip().upper().replace("È", "E").split())


#: The law a call after the auction breaks: the engine's own check cites it (``Auction.verify_call``, at
#: every table size). The book has no law against a card played during the auction; law 76 is the one
#: that ends the bidding (the opponents invited to lead), so a card's refusal cites it as where the play begins.
AUCTION_ENDS = "law-76"


def out_of_turn(text: str, phase: str) -> str | None:
    """Why a card typed in the auction, or a call in the play, is refused: in the words of the table's
    phase (it read "bad card '1S': unknown rank '1'"), naming its law as every refusal does; ``None``
    when ``text`` is not the other kind.

    >>> out_of_turn("2C", "auction"), out_of_turn("2C", "play"), out_of_turn("1S", "auction")
    (None, None, None)
    >>> print(out_of_turn("♦7", "auction")); print(out_of_turn("pass", "play"))
    ♦7 is a card, and the play has not begun: make a call (pass or a bid such as 1S); the book has no law for a card in the auction: the play begins once the bidding ends (law 76)
    the auction is over: play a card (such as SA or ♥10) (law 76)
    """
    law = law_in_words(AUCTION_ENDS)
    card = as_card(text) if phase == "auction" and as_call(text) is None else None  # "2C" is 2♣ here, not ♣2
    if card is not None:
        return (f"{card.pretty} is a card, and the play has not begun: make a call (pass or a bid such as 1S); "
                f"the book has no law for a card in the auction: the play begins once the bidding ends ({law})")
    if phase == "play" and as_card(text) is None and as_call(text) is not None:
        return f"the auction is over: play a card (such as SA or ♥10) ({law})"
    return None


def as_card(text: str) -> Card | None:
    """``text`` read as a card in any spelling, else ``None`` (never raises)."""
    clean = text.strip()
    if not 2 <= len(clean) <= 4:
        return None
    try:
        return Card.parse(clean)
    except TutorError:
        return None


def as_call(text: str) -> str | None:
    """``text`` read as a call (``2H``, ``2♥``, ``2 NT``, ``pass``) in the engine's spelling, else ``None``."""
    clean = "".join(text.split())
    if not clean or len(clean) > 12:
        return None
    if clean.upper() in PASS_WORDS:
        return "P"
    if clean[0].isdigit() and len(clean) > 1 and not clean[1].isdigit():
        level, strain = clean[0], clean[1:]
        for symbol, letter in (("♠", "S"), ("♣", "C"), ("♦", "D"), ("♥", "H")):
            strain = strain.replace(symbol, letter)
        try:
            return str(parse_call(level + strain))
        except TutorError:
            return None
    return None


def read_choice(text: str, choices: Iterable[str]) -> str | None:
    """The choice ``text`` names, as the choice is spelt; ``None`` when it names none of them.

    Text first (case and spaces aside), then as a card, then as a call: ``D10`` is the
    choice ``DT``, ``1♠`` the choice ``1S``, ``pass`` the choice ``P``.
    """
    options = list(choices)
    by_spelling = {_spelling(c): c for c in options}
    wanted = _spelling(text)
    if wanted in by_spelling:
        return by_spelling[wanted]
    calls = [as_call(c) for c in options]
    if options and all(calls):  # a call's "2S" is also the card ♠2 written rank first: calls are read as calls
        call = as_call(text)
        return next((c for c, read in zip(options, calls) if call is not None and read == call), None)
    card = as_card(text)
    if card is not None:
        for choice in options:
            if as_card(choice) == card:
                return choice
    return None


def same_answer(text: str, expected: str) -> str:
    """``text`` spelt as ``expected`` when both name the same card or call; else ``text`` unchanged."""
    return read_choice(text, [expected]) or text


def choice_text(choice: str) -> str:
    """A choice as the hand and the auction print it: ``♦10``, ``2♥``, ``1NT``, ``pass``; other text as given."""
    if choice[:1].isdigit():
        call = as_call(choice)
        if call is not None:
            parsed = parse_call(call)
            return parsed.pretty
    if choice.upper() == "P":
        return "pass"
    card = as_card(choice) if not choice[:1].isdigit() or len(choice) <= 3 else None
    return card.pretty if card is not None else choice


#: a seat letter where the engine's refusal names who acted ("S does not hold ♥9", "it is W's turn")
_SEAT_SUBJECT = re.compile(r"\b([NESW])\b(?= (?:does|played|holds|called)\b|'s turn)")


def learner_message(text: str, seat_words: Mapping[str, str] | None = None) -> str:
    """An error's text as the learner reads it: each law id (``law-147``) named (``law 147``), and a seat
    letter that names who acted by the seat's name ("S does not hold ♥9": "South does not hold ♥9"), or
    by ``seat_words`` (a way's table: whose hand lies there, "A's dummy does not hold ♥9").

    >>> learner_message("S played ♠9 but holds 3 diamonds: ... (law-147); it is W's turn")
    "South played ♠9 but holds 3 diamonds: ... (law 147); it is West's turn"
    """
    words = seat_words or {seat.value: name for seat, name in SEAT_NAMES.items()}
    return _SEAT_SUBJECT.sub(lambda m: words.get(m.group(1), m.group(1)), ids_named(text))


#: a page's emphasis: ``**bold**`` and ``*italic*`` (an asterisk inside a word or a figure is left alone)
_EMPHASIS = re.compile(r"\*\*(.+?)\*\*|(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])", re.S)


def terminal_text(markdown: str) -> str:
    """A page's Markdown as the terminal prints it: a line per line (the page's ``"  \\n"`` breaks), the
    text of a fenced block without its fences (a deal's diagram), and no emphasis markers.

    >>> terminal_text("**Drawing** (Law 2)  \\nWhat do **NS** write for *honours*, 2 * 3?")
    'Drawing (Law 2)\\nWhat do NS write for honours, 2 * 3?'
    """
    lines = [line for line in markdown.replace("  \n", "\n").split("\n") if not line.strip().startswith("```")]
    return _EMPHASIS.sub(lambda m: m.group(1) or m.group(2), "\n".join(lines))


__all__ = ["as_call", "as_card", "choice_text", "learner_message", "read_choice", "same_answer", "terminal_text"]
