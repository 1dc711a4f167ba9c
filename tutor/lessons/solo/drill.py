"""The Solo Whist bidding drill: "which call does this hand support?" (drill kind ``solo-bidding``).

You are the eldest hand (on the dealer's left) and speak first; the dealer has
turned up a card that fixes trumps. Which game do you call? The book's answer
comes from :func:`tutor.engine.solo.guidance.recommend`: the seed's guidance
(four sure tricks counting trumps for a proposal, l.27; five for a solo, l.33 and
l.65; nine for an abundance, l.37; every trick for a declared abundance, l.53) and
the tutor's documented counting model for sure tricks and misère hands.

Each rule id asks for a hand whose answer is that call; the hand is drawn from the
seed by :func:`make` and checked against the model, so the same ``(rule_id, seed)``
always gives the same drill.

>>> d = make("solo-bid-solo", 3)
>>> d.answer, d.kind
('solo', 'solo-bidding')
>>> make("solo-bid-solo", 3) == d
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping

from tutor.engine.cards import FULL_PACK, PBN_SUITS, Card, Deal, Hand, Rank, Seat, Suit
from tutor.engine.deals.generate import deal_with
from tutor.engine.errors import DealGenerationError, TutorError
from tutor.engine.json_types import JsonValue
from tutor.engine.solo import laws
from tutor.engine.solo.calls import SoloGame, spec
from tutor.engine.solo.guidance import Advice, recommend
from tutor.lessons.drills import Drill, DrillKind

KIND = "solo-bidding"
DEALER = Seat.N
ELDEST = DEALER.lho
ATTEMPTS = 4000

#: The choices offered, lowest first (abundance in trumps is left out: the eldest
#: hand speaks first, and it is bid only over an abundance, solo-15).
CHOICES: tuple[str, ...] = ("pass", "proposal", "solo", "misere", "abundance", "open-misere",
                            "declared-abundance")

#: rule id -> the call its hands support
RULES: dict[str, str] = {f"solo-bid-{c}": c for c in CHOICES}


def call_name(choice: str) -> str:
    """A call as the learner reads it: "pass", "open misère", "declared abundance" (not its id, "open-misere")."""
    return "pass" if choice == "pass" else spec(SoloGame(choice)).name


# -- hand samplers: each proposes hands likely to support one call ------------------------------------


def _random_hand(rng: random.Random) -> list[Card]:
    return rng.sample(FULL_PACK, 13)


def _ladder_hand(rng: random.Random) -> list[Card]:
    """A hand with no misère danger card: in each suit the i-th lowest card is at most 2i."""
    cuts = sorted(rng.sample(range(1, 13), 3))
    lengths = [b - a for a, b in zip([0, *cuts], [*cuts, 13])]
    cards: list[Card] = []
    for suit, length in zip(PBN_SUITS, lengths):
        rank, outside = 1, 13 - length
        for i in range(1, length + 1):
            room = 14 - (length - i)  # leave ranks for the cards still to come
            top = min(2 * i, room) if i <= outside else room
            rank = rng.randint(rank + 1, max(rank + 1, top))
            cards.append(Card(suit, Rank(rank)))
    return cards


def _one_danger_hand(rng: random.Random) -> list[Card]:
    cards = _ladder_hand(rng)
    out = rng.choice(cards)
    higher = [c for c in FULL_PACK if c.suit is out.suit and c.rank > out.rank and c not in cards]
    if higher:
        cards[cards.index(out)] = rng.choice(higher)
    return cards


def _strong_suit_hand(rng: random.Random) -> list[Card]:
    suit = rng.choice(PBN_SUITS)
    length = rng.randint(6, 9)
    tops = sorted((c for c in FULL_PACK if c.suit is suit), key=lambda c: -c.rank)
    run = rng.randint(4, length)
    cards = tops[:run] + rng.sample(tops[run:], length - run)
    aces = [c for c in FULL_PACK if c.rank is Rank.ACE and c.suit is not suit]
    cards += rng.sample(aces, rng.randint(1, 3))
    rest = [c for c in FULL_PACK if c not in cards]
    return cards + rng.sample(rest, 13 - len(cards))


def _masters_hand(rng: random.Random) -> list[Card]:
    while True:
        cuts = sorted(rng.sample(range(1, 13), 3))
        lengths = [b - a for a, b in zip([0, *cuts], [*cuts, 13])]
        if max(lengths) <= 13:
            break
    cards: list[Card] = []
    for suit, length in zip(rng.sample(PBN_SUITS, 4), lengths):
        tops = sorted((c for c in FULL_PACK if c.suit is suit), key=lambda c: -c.rank)
        cards += tops[:length]
    return cards


_SAMPLERS: dict[str, Callable[[random.Random], list[Card]]] = {
    "pass": _random_hand, "proposal": _random_hand, "solo": _random_hand, "misere": _one_danger_hand,
    "abundance": _strong_suit_hand, "open-misere": _ladder_hand, "declared-abundance": _masters_hand,
}


def _deal_for(target: str, rng: random.Random) -> tuple[Deal, Card, Advice]:
    """A deal whose eldest hand supports ``target``, with the dealer's turned-up card."""
    sampler = _SAMPLERS[target]
    for _ in range(ATTEMPTS):
        cards = sampler(rng)
        deal = deal_with(rng, {ELDEST: cards})
        turn_up = rng.choice(sorted(deal[DEALER].cards))
        advice = recommend(deal[ELDEST], turn_up.suit)
        if advice.answer == target:
            return deal, turn_up, advice
    raise DealGenerationError(f"no hand supporting {call_name(target)} found in {ATTEMPTS} tries")


def rule_ids() -> tuple[str, ...]:
    return tuple(RULES)


def hand_kind(rule_id: str) -> str:
    """What the drill's hands are for: "a hand for open misère", "a hand to pass" (never the rule's id)."""
    call = RULES[rule_id]
    return "a hand to pass" if call == "pass" else f"a hand for {call_name(call)}"


def pick_rule(seed: int) -> str:
    """The rule id "any kind of hand" drills for ``seed``, from its own generator: ``make(None, s)``
    and ``make(make(None, s).rule_id, s)`` deal the same hand (a mistake replays exactly)."""
    return random.Random(f"pick:{KIND}:{seed}").choice(rule_ids())


@functools.lru_cache(maxsize=64)  # a page reruns on every click: deal once per (rule, seed), not per rerun
def make(rule_id: str | None, seed: int) -> Drill:
    """The drill for ``rule_id`` (a random one when ``None``) and ``seed`` (frozen; shared when cached)."""
    return _make(rule_id if rule_id is not None else pick_rule(seed), seed, random.Random(seed))


def make_as_before_exact_replay(seed: int) -> Drill:
    """``make(None, seed)`` as it drew before :func:`pick_rule` (the pick took the hand's first
    draw): only to replay answers recorded then."""
    rng = random.Random(seed)
    return _make(rng.choice(rule_ids()), seed, rng)


def _make(rule_id: str, seed: int, rng: random.Random) -> Drill:
    if rule_id not in RULES:
        raise TutorError(f"unknown Solo Whist bidding rule {rule_id!r}; known: {', '.join(RULES)}")
    target = RULES[rule_id]
    deal, turn_up, advice = _deal_for(target, rng)
    hand = deal[ELDEST]
    why_not = {c: _why_not(c, advice) for c in CHOICES if c != advice.answer}
    return Drill(
        kind=KIND,
        rule_id=rule_id,
        seed=seed,
        prompt=(f"You are the eldest hand (on the dealer's left) and call first. The dealer turned up "
                f"the {turn_up.pretty}: {turn_up.suit.english} are trumps for proposal and solo. "
                f"Which call does your hand support?"),
        position={"seat": ELDEST.value, "dealer": DEALER.value, "hand": hand.to_pbn(),
                  "turn_up": str(turn_up)},
        choices=CHOICES,
        answer=advice.answer,
        laws=advice.laws + (laws.LAW_AUCTION,),
        explanation=f"{call_name(advice.answer).capitalize()}: {advice.reason}."
                    + (f" Name {advice.trump.english} as trumps once the others pass." if advice.trump else ""),
        why_not=why_not,
        features=advice.features,
        deal_pbn=deal.to_pbn(),
    )


def _why_not(choice: str, advice: Advice) -> str:
    if choice == "pass":
        return "the hand supports a game; passing would put you out of the auction for good (Solo Whist rule 9)"
    game = SoloGame(choice)
    if advice.game is not None and game.rank < advice.game.rank:
        return f"the hand supports the higher {advice.call_name}, which is worth more"
    needs = {
        SoloGame.PROPOSAL: "four sure tricks counting trumps (Solo Whist rule 10)",
        SoloGame.SOLO: "five sure tricks with the turned-up trumps (Solo Whist rule 12)",
        SoloGame.MISERE: "at most one danger card (the tutor's model, Solo Whist rule 13)",
        SoloGame.ABUNDANCE: "nine sure tricks with the trump suit you name (Solo Whist rule 14)",
        SoloGame.OPEN_MISERE: "no danger card at all, since your hand will lie face up (Solo Whist rule 16)",
        SoloGame.DECLARED_ABUNDANCE: "thirteen sure tricks without trumps (Solo Whist rule 17)",
    }
    return f"{spec(game).name} needs {needs.get(game, 'more')}"


def advise(position: Mapping[str, JsonValue]) -> Mapping[str, JsonValue]:
    """The model's call for any hand and turned-up card (``{"hand": PBN, "turn_up": "H2"}``)."""
    if not isinstance(position.get("hand"), str):  # it read "bad 'solo' position: KeyError('hand')"
        raise TutorError('a Solo Whist position needs "hand": its 13 cards in PBN, e.g. "AKQ2.KJ3.Q54.A32", '
                         'and may give "turn_up": the card turned up, e.g. "H2"')
    hand = Hand.parse(str(position["hand"]))
    if len(hand) != 13:
        raise TutorError(f"a Solo Whist hand holds 13 cards, not {len(hand)}: {hand.to_pbn()}")
    turn_up = position.get("turn_up", "S2")
    suit = Card.parse(str(turn_up)).suit if len(str(turn_up)) > 1 else Suit.parse(str(turn_up))
    advice = recommend(hand, suit)
    return {"call": advice.answer, "name": advice.call_name, "reason": advice.reason,
            "laws": list(advice.laws), "features": dict(advice.features),
            "trump": advice.trump.english if advice.trump else None}


#: The Solo Whist calling drill kind, listed in :mod:`tutor.lessons.drills.kinds`.
DRILL_KIND = DrillKind(name=KIND, rule_ids=rule_ids, make=make, advise=advise, title=hand_kind)
