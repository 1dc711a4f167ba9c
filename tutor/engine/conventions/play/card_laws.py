"""The card within the suit: the book's card laws, applied after a rule has picked a suit.

Many of the book's leads name only a suit — "lead the suit the left-hand opponent named"
(law 81), "start leading trumps" (135), "lead your strong suit" (133), "first cash your
sure tricks" (85) — while other laws name the card to lead from a holding: from A K Q the
ace (86), from K Q and more the king (87), from Q J 10 the queen (≈90), partner's suit from
its top card (84), trumps from the highest (130). A chooser that picks a suit hands its
cards to :func:`card_within_suit`, which applies those card laws in that suit, in order:

1. the trump suit — law 130, "trumps are led, of course, from the highest: from the ace and
   king" (RO l.243). The law names no player: the tutor reads it for every trump lead;
2. partner's suit — law 84, lead "from the high card of the suit partner named" (RO l.191);
3. a holding a lead convention names a card for — the highest-priority lead rule of
   ``content/conventions/play.yaml`` that names a card (not "any card") of a holding in any
   suit, or in any suit nobody named (86, 87, ≈88–≈98 …), its conditions checked in this suit
   alone (so ≈88's ace from A K speaks only where the suit was never named). Its *situation* is
   not checked: the declarer cashing his coronet at no-trumps leads the ace by law 86 just
   as a defender would;
4. otherwise the book leaves the card open, and every card of the suit is right.

The card laws only narrow: a card they name that the rule does not allow (a cash of sure
tricks allows only those) is passed over.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.engine.cards import PBN_SUITS, Card, Suit
from tutor.engine.conventions import Rule
from tutor.engine.conventions.play.features import PlayChoice
from tutor.engine.conventions.play.roles import role_suits
from tutor.engine.nouns import numbered_law
from tutor.engine.play.position import PlayPosition

#: Choosers whose rules name the card of a holding (laws 86, 87, ≈88-≈98 …).
_HOLDING_CHOOSERS = frozenset({"lead_holding", "lead_akq"})
#: The suit roles of a card law: any suit, or any suit nobody named (≈88's A K).
_ANY_SUIT = frozenset({"any", "unnamed"})


def card_within_suit(p: PlayPosition, suit: Suit, allowed: Iterable[Card] | None = None) -> tuple[
        frozenset[Card], str]:
    """The cards of ``suit`` the book's card laws lead (among ``allowed``), and the law that named them.

    The note is empty when no card law speaks and every allowed card of the suit is right.
    """
    wanted = frozenset(allowed) if allowed is not None else None
    held = [c for c in p.hand.suit_cards(suit) if wanted is None or c in wanted]
    if not held:
        return frozenset(), ""
    if suit is p.trump:
        return frozenset(held[:1]), "by law 130: trumps are led from the highest"
    if suit in role_suits(p, "partner"):
        return frozenset(held[:1]), "by law 84: the top card of partner's suit"
    named = _holding_law(p, suit, frozenset(held))
    return named if named is not None else (frozenset(held), "")


def _is_card_law(rule: Rule) -> bool:
    args = rule.chooser_args
    return (rule.kind == "lead" and rule.chooser in _HOLDING_CHOOSERS
            and str(args.get("suit", "any")) in _ANY_SUIT and str(args.get("card", "top")) != "any")


def _holding_law(p: PlayPosition, suit: Suit, held: frozenset[Card]) -> tuple[frozenset[Card], str] | None:
    alone = p.with_avoid(s for s in PBN_SUITS if s is not suit)
    for rule in sorted((r for r in p.conventions if isinstance(r, Rule) and _is_card_law(r)),
                       key=lambda r: -r.priority):
        if not all(c.holds(alone) for c in rule.conditions):
            continue
        answer = rule.recommend(alone)
        picked = answer.cards & held if isinstance(answer, PlayChoice) else frozenset()
        if picked:
            title = rule.title[:1].lower() + rule.title[1:]
            return picked, f"by {numbered_law(rule.laws[0]) or 'the book'}: {title}"
    return None


def within_each_suit(p: PlayPosition, cards: Iterable[Card], how: str) -> PlayChoice | None:
    """Apply :func:`card_within_suit` to each suit of ``cards``: the choice of a rule that named suits."""
    allowed = frozenset(cards)
    picked: set[Card] = set()
    notes: list[str] = []
    for suit in PBN_SUITS:
        chosen, note = card_within_suit(p, suit, allowed) if any(c.suit is suit for c in allowed) else (
            frozenset(), "")
        picked |= chosen
        if note and note not in notes:
            notes.append(note)
    if not picked:
        return None
    return PlayChoice(frozenset(picked), how, "; ".join(notes))
