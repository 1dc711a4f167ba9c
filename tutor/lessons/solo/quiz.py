"""The Solo Whist scoring quiz: seeded contracts and results, settled by the engine.

Each question draws a game from the ladder, a bidder (and a partner for a
proposal) and a result, and asks what one player receives or pays for the deal.
The answer and its working come from :func:`tutor.engine.solo.settlement.settle`,
so the quiz always agrees with the calculator (seed ``002``, l.53–59).

>>> q = scoring_question(7)
>>> q == scoring_question(7), q.check(format_points(q.answer))
(True, True)
>>> parse_points("-1 1/4"), parse_points("1.5"), parse_points("3/4"), parse_points("−.25")
(Fraction(-5, 4), Fraction(3, 2), Fraction(3, 4), Fraction(-1, 4))
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction

from tutor.engine.cards import SEATS, Seat
from tutor.engine.errors import TutorError, echo
from tutor.engine.nouns import count_of
from tutor.engine.solo.calls import LADDER, SoloGame, spec
from tutor.engine.solo.rules import SoloRules
from tutor.engine.solo.settlement import Settlement, format_points, settle

#: The notation accepted for points: a whole number, a decimal, a fraction or a mixed number, with
#: ASCII digits and no exponent (``1e100000000`` would take minutes to make exact), at most
#: :data:`MAX_POINTS_DIGITS` digits in each part and :data:`MAX_POINTS_CHARS` characters in all.
MAX_POINTS_DIGITS = 6
MAX_POINTS_CHARS = 40
_D = f"[0-9]{{1,{MAX_POINTS_DIGITS}}}"
_POINTS = re.compile(
    rf"^(?P<sign>[+-]?)\s*(?:(?P<whole>{_D})\s+(?P<num>{_D})\s*/\s*(?P<den>{_D})"  # mixed: +1 1/4
    rf"|(?P<fnum>{_D})\s*/\s*(?P<fden>{_D})"                                     # fraction: 3/4
    rf"|(?P<int>{_D})?(?:\.(?P<dec>[0-9]{{0,{MAX_POINTS_DIGITS}}}))?)$"            # 2, 1.25, .5
)
_HOW = "write e.g. 2, -3/4, +1 1/4 or 1.25"


def parse_points(text: str) -> Fraction:
    """A learner's answer: ``2``, ``-3/4``, ``+1 1/4``, ``1.25`` (``−`` is read as minus).

    Only that notation is read, with at most six digits in each part: an exponent
    (``1e100000000``) or an endless string of digits is refused at once.
    """
    if len(text) > MAX_POINTS_CHARS:
        raise TutorError(f"points: longer than {MAX_POINTS_CHARS} characters (the limit); {_HOW}")
    clean = text.strip().replace("−", "-").replace("–", "-").replace(",", ".")
    match = _POINTS.match(clean)
    if match is None or not any(match.group(g) for g in ("whole", "fnum", "int", "dec")):
        raise TutorError(f"points: {echo(text)} is not a number of points (at most {MAX_POINTS_DIGITS} digits "
                         f"in each part, no exponent): {_HOW}")
    sign = -1 if match.group("sign") == "-" else 1
    if match.group("whole") is not None:
        num, den, whole = int(match.group("num")), int(match.group("den")), int(match.group("whole"))
    elif match.group("fnum") is not None:
        num, den, whole = int(match.group("fnum")), int(match.group("fden")), 0
    else:
        decimals = match.group("dec") or ""
        num, den, whole = int(decimals or "0"), 10 ** len(decimals), int(match.group("int") or "0")
    if den == 0:
        raise TutorError(f"points: {echo(text)} is not a number of points: a fraction cannot have 0 below the line")
    return sign * (whole + Fraction(num, den))


@dataclass(frozen=True)
class ScoringQuestion:
    """One generated question and its engine-computed answer."""

    seed: int
    game: SoloGame
    bidder: Seat
    partner: Seat | None
    made: bool
    side_tricks: int
    asked: Seat
    prompt: str
    settlement: Settlement

    @property
    def answer(self) -> Fraction:
        return self.settlement.net[self.asked]

    @property
    def laws(self) -> tuple[str, ...]:
        return self.settlement.laws

    def check(self, given: str) -> bool:
        return parse_points(given) == self.answer

    def explanation(self) -> str:
        lines = [*self.settlement.explanation, f"net: {self.settlement.summary()}"]
        return "; ".join(lines)


def _result(rng: random.Random, game: SoloGame) -> tuple[bool, int]:
    g = spec(game)
    if g.avoid_tricks:
        made = rng.random() < 0.5
        return made, 0 if made else rng.randint(1, 3)
    if g.all_or_nothing:
        made = rng.random() < 0.5
        return made, 13 if made else rng.randint(9, 12)
    tricks = rng.randint(max(0, g.target - 3), min(13, g.target + 4))
    return tricks >= g.target, tricks


def scoring_question(seed: int, rules: SoloRules | None = None) -> ScoringQuestion:
    """The question for ``seed``: the same seed always asks the same thing."""
    rng = random.Random(seed)
    game = rng.choice(LADDER).game
    bidder = rng.choice(SEATS)
    partner = rng.choice([s for s in SEATS if s is not bidder]) if spec(game).partnership else None
    made, tricks = _result(rng, game)
    asked = rng.choice(SEATS)
    settlement = settle(game, bidder, made=made, side_tricks=tricks, partner=partner, rules=rules)
    who = f"{bidder.value}" + (f" (proposer) and {partner.value} (acceptor)" if partner else "")
    if spec(game).avoid_tricks:
        outcome = "takes no trick" if made else "is forced to take a trick (play stops there)"
    elif spec(game).all_or_nothing:
        outcome = "takes all thirteen tricks" if made else "loses a trick (play stops there)"
    else:
        outcome = f"take{'s' if not partner else ''} {count_of(tricks, 'trick')}"
    role = ("the bidder" if asked is bidder else "the partner" if asked is partner else "an opponent")
    prompt = (f"{who} play{'s' if not partner else ''} {spec(game).name} and {outcome}. "
              f"What is {asked.value}'s result for the deal ({role})? "
              f"Answer in points, e.g. 2, -3/4 or +1 1/4.")
    return ScoringQuestion(seed, game, bidder, partner, made, tricks, asked, prompt, settlement)


__all__ = ["ScoringQuestion", "format_points", "parse_points", "scoring_question"]
