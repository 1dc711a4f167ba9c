"""A quiz question: its prompt, its right answer, the laws it cites and the game it is about.

One record for every quiz — the laws quiz (:mod:`tutor.lessons.laws.quiz`), the ways for
two, three and five players (:mod:`tutor.lessons.ways.quiz`) and the conventions — kept in
its own module so a module of questions need not import the laws quiz that gathers them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

TRUE, FALSE = "True", "False"
VINT, SOLO_WHIST = "Vint", "Solo Whist"


def game_of(laws: Iterable[str]) -> str:
    """The game a question asks about: Solo Whist when it cites Solo Whist rules only, else Vint.

    >>> game_of(["solo-8"]), game_of(["law-28"])
    ('Solo Whist', 'Vint')
    """
    laws = list(laws)
    return SOLO_WHIST if laws and all(law.startswith("solo-") for law in laws) else VINT


@dataclass(frozen=True)
class Question:
    """A quiz question ready to ask: ``answer`` is the canonical text of the right answer."""

    id: str
    kind: str  # choice | numeric | truefalse
    prompt: str
    answer: str
    laws: tuple[str, ...]
    options: tuple[str, ...] = ()
    explanation: str = ""
    origin: str = "generated"

    @property
    def game(self) -> str:
        """``Vint`` or ``Solo Whist``: the game whose laws the question cites."""
        return game_of(self.laws)

    @property
    def asked(self) -> str:
        """The prompt as the learner reads it, naming its game: the same words mean different
        things in Vint and in Solo Whist (who calls first, how the cards are dealt)."""
        return f"{self.game}: {self.prompt}"

    @property
    def choices(self) -> tuple[str, ...]:
        """What the learner picks from (true/false questions offer True and False)."""
        return (TRUE, FALSE) if self.kind == "truefalse" else self.options

    def is_correct(self, given: str | int | bool) -> bool:
        """Whether ``given`` is the right answer (numbers compared as numbers, text case-blind)."""
        if self.kind == "numeric":
            try:
                return int(str(given).strip()) == int(self.answer)
            except ValueError:
                return False
        return str(given).strip().lower() == self.answer.lower()


__all__ = ["FALSE", "SOLO_WHIST", "TRUE", "VINT", "Question", "game_of"]
