"""Named holdings of one suit, as the book's play conventions describe them.

The book names a holding by its honours and its length: "A K Q and more cards of the
suit" (law 86), "K Q and one or more others" (87), "A Q with two more" (139-140),
"A J 10" (141), "ace with three or more small ones" (≈95), "a blank ace, king or
queen" (127), "K doubleton or K third" (≈97). Each such holding is a named
:class:`Pattern` here, so a convention in ``content/conventions/play.yaml`` can say
``holding`` with ``{suit: led, pattern: AQ}`` and the learner can read what it means.

*Small cards* (фоски) are the 2 to 9 (glossary). Where the seeds disagree on a
holding (digest C12: "A Q with two more" against "A Q third"; C16: "A with Q or J
fourth" against "A, Q and J fourth") the pattern reads the figure from
:class:`~tutor.engine.rules.Rules`.

>>> from tutor.engine.cards import Rank
>>> matches("AKQ", (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TWO), Rules())
True
>>> matches("KQ+", (Rank.KING, Rank.QUEEN), Rules())
False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from tutor.engine.cards import Rank
from tutor.engine.errors import TutorError
from tutor.engine.rules import Rules

A, K, Q, J, T = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN
Ranks = tuple[Rank, ...]


def is_small(rank: Rank) -> bool:
    """A small card (фоска): 2 to 9."""
    return rank <= Rank.NINE


def _has(ranks: Ranks, *wanted: Rank) -> bool:
    return all(r in ranks for r in wanted)


def _lacks(ranks: Ranks, *unwanted: Rank) -> bool:
    return not any(r in ranks for r in unwanted)


@dataclass(frozen=True)
class Pattern:
    """A named holding: a test on the ranks held in one suit (highest first)."""

    name: str
    description: str
    test: Callable[[Ranks, Rules], bool]


def _aq_cut_length(rules: Rules) -> int:
    return rules.cut_aq_length


def _ace_fourth(ranks: Ranks, rules: Rules) -> bool:
    if len(ranks) < 4 or not _has(ranks, A) or K in ranks:
        return False
    if rules.ace_fourth_honours == "Q-and-J":
        return _has(ranks, Q, J)
    return Q in ranks or J in ranks


_TABLE: tuple[Pattern, ...] = (
    Pattern("AKQ", "A K Q, three or more cards (law 86)",
            lambda r, _: _has(r, A, K, Q) and len(r) >= 3),
    Pattern("KQ+", "K Q without the ace and at least one more card (law 87)",
            lambda r, _: _has(r, K, Q) and A not in r and len(r) >= 3),
    Pattern("KQJ", "K Q J without the ace (≈89)", lambda r, _: _has(r, K, Q, J) and A not in r),
    Pattern("KQ+1-2", "K Q without the ace and one or two more cards (law 82)",
            lambda r, _: _has(r, K, Q) and A not in r and len(r) in (3, 4)),
    Pattern("AK+", "A K at the top of the suit, any length (law 130: trumps from the top)",
            lambda r, _: len(r) >= 2 and r[0] == A and r[1] == K),
    Pattern("singleton", "a single card (law 123: the short suit led to ruff)", lambda r, _: len(r) == 1),
    Pattern("2-3", "two or three cards (law 131)", lambda r, _: 2 <= len(r) <= 3),
    Pattern("1-2", "one or two cards: a short suit (≈100)", lambda r, _: 1 <= len(r) <= 2),
    Pattern("blank-AK", "a singleton ace or king (law 128: led in a slam)", lambda r, _: len(r) == 1 and r[0] >= K),
    Pattern("AK", "A K doubleton (≈88)", lambda r, _: r == (A, K)),
    Pattern("AKx", "A K and one small card, 2 to 9 (≈88; small cards: note 3)",
            lambda r, _: len(r) == 3 and _has(r, A, K) and is_small(r[2])),
    Pattern("AK4+", "A K without the queen, four or more cards (≈92)",
            lambda r, _: len(r) >= 4 and _has(r, A, K) and Q not in r),
    Pattern("QJT", "Q J 10 without the ace or king (≈90)",
            lambda r, _: _has(r, Q, J, T) and _lacks(r, A, K)),
    Pattern("A(Q|J)4+", "the ace with the queen or the jack, no king, four or more cards "
            "(≈93; the A-Q-J reading by the variant)", _ace_fourth),
    Pattern("Axxx", "the ace and three or more small cards (≈95)",
            lambda r, _: len(r) >= 4 and r[0] == A and all(is_small(x) for x in r[1:])),
    Pattern("Ax+", "the ace and only small cards besides, at least one (law 110: on a jack in a small game)",
            lambda r, _: len(r) >= 2 and r[0] == A and all(is_small(x) for x in r[1:])),
    Pattern("Ax", "ace doubleton (≈98)", lambda r, _: len(r) == 2 and r[0] == A and r[1] != K),
    Pattern("Kx", "king doubleton (≈97, ≈99)", lambda r, _: len(r) == 2 and r[0] == K and r[1] != Q),
    Pattern("weak-KQ", "K doubleton or third, Q third or fourth, with no other honour above the ten "
            "(≈97: not led from)",
            lambda r, _: (r[:1] == (K,) and len(r) in (2, 3) and _lacks(r, A, Q, J))
            or (r[:1] == (Q,) and len(r) in (3, 4) and _lacks(r, A, K, J))),
    Pattern("blank-honour", "a singleton ace, king or queen (law 127)",
            lambda r, _: len(r) == 1 and r[0] >= Q),
    Pattern("AK|KQ", "A K or K Q at the top of the suit (law 83)",
            lambda r, _: _has(r, A, K) or (_has(r, K, Q) and A not in r)),
    Pattern("small-only", "one or two small cards and no honour (laws 126, 145)",
            lambda r, _: 1 <= len(r) <= 2 and all(is_small(x) for x in r)),
    Pattern("AQ", "A Q without the king (law 113)", lambda r, _: _has(r, A, Q) and K not in r),
    Pattern("AQ+2", "A Q without the king and two more cards (law 139; 'A Q third' by the variant)",
            lambda r, rules: _has(r, A, Q) and K not in r and len(r) == _aq_cut_length(rules)),
    Pattern("AQ+1-2", "A Q without the king and one or two more cards (law 134)",
            lambda r, _: _has(r, A, Q) and K not in r and len(r) in (3, 4)),
    Pattern("AJ", "A J without the king or queen (law 114)", lambda r, _: _has(r, A, J) and _lacks(r, K, Q)),
    Pattern("AJT", "A J 10 without the king or queen (law 141)",
            lambda r, _: _has(r, A, J, T) and _lacks(r, K, Q)),
    Pattern("AT", "A 10 without the king, queen or jack: A J 10 once the jack has gone (law 141's second cut)",
            lambda r, _: _has(r, A, T) and _lacks(r, K, Q, J)),
    Pattern("AQT", "A Q 10 without the king or jack (laws 142, 144)",
            lambda r, _: _has(r, A, Q, T) and _lacks(r, K, J)),
    Pattern("AKJ", "A K J without the queen, at most one more card (law 144)",
            lambda r, _: _has(r, A, K, J) and Q not in r and len(r) <= 4),
    Pattern("AKJ+", "A K J without the queen and several (two or more) more cards (law 144)",
            lambda r, _: _has(r, A, K, J) and Q not in r and len(r) >= 5),
    Pattern("KJT", "K J 10 without the ace or queen (law 144)",
            lambda r, _: _has(r, K, J, T) and _lacks(r, A, Q)),
    Pattern("AQJ", "A Q J without the king (law 144)", lambda r, _: _has(r, A, Q, J) and K not in r),
    Pattern("cut", "any holding the book cuts with (A Q, A Q 10, A K J, K J 10, A Q J)",
            lambda r, _: (_has(r, A, Q) and K not in r) or (_has(r, A, K, J) and Q not in r)
            or (_has(r, K, J, T) and _lacks(r, A, Q))),
    Pattern("A-small", "the ace without the king and at least one small card (law 136)",
            lambda r, _: r[0] == A and K not in r and any(is_small(x) for x in r)),
    Pattern("QJ+2", "Q J without the ace or king and two more cards (law 136; 'Q J third' by the variant)",
            lambda r, rules: r[:2] == (Q, J) and len(r) == rules.qj_through_king_length),
    Pattern("A", "holds the ace", lambda r, _: A in r),
    Pattern("Q", "holds the queen (≈88: partner leads it after the king from A K x)", lambda r, _: Q in r),
    Pattern("small", "holds a small card (2 to 9)", lambda r, _: any(is_small(x) for x in r)),
    Pattern("Kx|Qx", "K or Q doubleton (≈104)", lambda r, _: len(r) == 2 and r[0] in (K, Q)),
    Pattern("some", "holds at least one card", lambda r, _: len(r) >= 1),
)
PATTERNS: Mapping[str, Pattern] = {p.name: p for p in _TABLE}


@lru_cache(maxsize=65536)
def matches(name: str, ranks: Ranks, rules: Rules) -> bool:
    """True when the holding ``ranks`` (highest first) is the named pattern."""
    if name not in PATTERNS:
        raise TutorError(f"unknown holding pattern {name!r}; known: {', '.join(PATTERNS)}")
    return bool(ranks) and PATTERNS[name].test(tuple(ranks), rules)
