"""The ids of the Solo Whist laws (``content/_parts/rules-solo.yaml``), in one place.

Every error and explanation of the Solo Whist engine cites one of these, so the
learner can open the law it rests on. The seed is ``002_c68374d8f015d64a.txt``,
lines 1–97 (a Thai translation of a Russian text).

>>> LAW_DEALER, LAW_SETTLE_OPEN_MISERE_DECLARED
('solo-3', 'solo-27')
"""

from __future__ import annotations

#: The seed file every Solo Whist law cites.
SOLO_SEED = "002_c68374d8f015d64a.txt"

LAW_CHARACTER = "solo-1"          # l.1-3   each deal a separate round, alliances of the moment
LAW_PLAYERS = "solo-2"            # l.5     four players; five, one sitting out in turn
LAW_DEALER = "solo-3"             # l.7     lowest cut card deals, ace low, ties by suit
LAW_SHUFFLE_CUT = "solo-4"        # l.9     dealer shuffles, right-hand player cuts
LAW_DEAL = "solo-5"               # l.9     by threes from the dealer's left, last four singly
LAW_TURN_UP = "solo-6"            # l.9,61  the dealer's last card is turned up: trumps
LAW_NEXT_DEAL = "solo-7"          # l.11    the deal passes clockwise; object of the game
LAW_AUCTION = "solo-8"            # l.21-23 eldest hand first, calls ascend
LAW_PASS_IS_FINAL = "solo-9"      # l.23,29-31 a pass is final, save the eldest's acceptance
LAW_PROPOSAL = "solo-10"          # l.25-29 proposal and acceptance: 8 tricks with a partner
LAW_UNACCEPTED = "solo-11"        # l.31    an unaccepted proposal must be raised
LAW_SOLO = "solo-12"              # l.33    solo: 5 tricks alone
LAW_MISERE = "solo-13"            # l.35    misère: no trick, no trumps
LAW_ABUNDANCE = "solo-14"         # l.37    abundance: 9 tricks, bidder names trumps
LAW_ABUNDANCE_IN_TRUMPS = "solo-15"  # l.39-41 abundance in the turned-up suit
LAW_OPEN_MISERE = "solo-16"       # l.43-45 open misère: hand exposed after trick one
LAW_DECLARED_ABUNDANCE = "solo-17"  # l.47-53 all 13, no trumps, the bidder leads
LAW_ALL_PASS = "solo-18"          # (seed silent) tutor's reading: the deal is thrown in
LAW_FIRST_LEAD = "solo-19"        # l.15,49 eldest hand leads, except declared abundance
LAW_FOLLOW_SUIT = "solo-20"       # l.17    follow suit; else trump or discard; who wins
LAW_PLAY_ENDS = "solo-21"         # l.19,57,59 winner leads; play ends once the fate is settled
LAW_SETTLEMENT = "solo-22"        # l.53    each deal settled at once, points or tokens
LAW_SETTLE_PROPOSAL = "solo-23"   # l.55
LAW_SETTLE_SOLO = "solo-24"       # l.57
LAW_SETTLE_MISERE = "solo-25"     # l.57
LAW_SETTLE_ABUNDANCE = "solo-26"  # l.59
LAW_SETTLE_OPEN_MISERE_DECLARED = "solo-27"  # l.59
LAW_EXAMPLE = "solo-28"           # l.61-97 the worked example: Kirill's open misère

#: Every Solo Whist law id, in order.
ALL_LAWS: tuple[str, ...] = tuple(f"solo-{n}" for n in range(1, 29))
