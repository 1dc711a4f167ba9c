"""Generated quiz questions on the ways for two, three and five players (issue 19).

Every answer is computed by the engine of the ways (:mod:`tutor.engine.ways`) from the
figures the seeds give; ``tests/test_way_quiz.py`` checks them against the seed lines.
"""

from __future__ import annotations

from tutor.engine.settlement import three_player_payments
from tutor.engine.ways.catalogue import find_way
from tutor.engine.ways.score import honours_written
from tutor.lessons.laws.question import Question

#: (yours, the other player's) trump honours in a two-handed way
HONOUR_SPLITS = ((2, 1), (2, 2), (3, 2), (4, 1))
#: three-player records at the end of a rubber (the book's, then two more)
THREE_TOTALS = ({"A": 4135, "B": 1065, "C": 2700},)
FIVE_LINE = {"T": -55, "A": 109, "K": 16, "F": -33, "N": -37}


def way_questions() -> list[Question]:
    buy_in = find_way(2, "buy-in")
    qs = [
        Question("gen-two-4-lowest-bid", "numeric", "In the two-player way with a buy-in, what is the lowest "
                 "level that may be bid (one = 1, two = 2, …)?", str(buy_in.min_level), ("two-4",),
                 explanation="Nothing below 'three' is announced, to save the time of a long auction."),
        Question("gen-two-4-buy-in-cards", "numeric", "In the two-player way with a buy-in, how many cards lie "
                 "in the middle as the buy-in?", str(buy_in.buy_in), ("two-4",),
                 explanation="Four hands of twelve and four in the middle: 4 x 12 + 4 = 52."),
        Question("gen-two-4-hand", "numeric", "In the two-player way with a buy-in, how many cards does each "
                 "of the four hands receive in the deal?", str(buy_in.hand_size), ("two-4",)),
    ]
    for mine, theirs in HONOUR_SPLITS:
        qs.append(Question(f"gen-two-2-honours-{mine}-{theirs}", "numeric",
                           f"Two players without dummies: you hold {mine} trump honours, the other player "
                           f"{theirs}. How many honours do you write (0 if none)?",
                           str(honours_written(mine, theirs)), ("two-2",),
                           explanation="Honours count for five, four, three and even two — two only when the "
                                       "other player holds one or none."))
    totals = THREE_TOTALS[0]  # the book's example (RO l.539); the hand-written quiz asks for B's payment
    payment = next(p for p in three_player_payments(totals) if p.payer == "C")
    records = ", ".join(f"{k} {v}" for k, v in totals.items())
    qs.append(Question("gen-three-3-pay-C", "numeric", f"Three players, the auction way, end with {records}. "
                       f"How much does {payment.payee} win from {payment.payer}?", str(payment.points),
                       ("three-3",), explanation="The highest record wins; each other player pays the difference."))
    for name in FIVE_LINE:
        others = ", ".join(f"{k} {v:+d}" for k, v in FIVE_LINE.items() if k != name)
        entry = -sum(v for k, v in FIVE_LINE.items() if k != name)
        qs.append(Question(f"gen-five-2-record-{name}", "numeric",
                           f"Five players' running record reads {others}, and {name}'s entry is "
                           f"{'a plus' if entry > 0 else 'a minus'}. How many points?",
                           str(abs(entry)), ("five-2",),
                           explanation="What one player wins another loses: the record sums to zero."))
    return qs
