"""What earlier leads show: the continuations the book gives after a first lead.

Some of the book's leads are sequences, and the next lead of the sequence depends on what
the player (or his partner) led before:

* ≈92 (RU l.233; RO-sum l.630): "with A K fourth or more, always lead the ace, the king and
  a small card" — role ``ak_fourth_cashed``: the player held A K and two or more without the
  queen, his last two leads were that ace and then that king, both won with everyone
  following, and he still holds the suit;
* ≈88 (RU l.229): "with A K and a small card, lead the king and then another suit, so that
  partner, on gaining the lead, can lead the queen if he has it; if not, a small card of that
  suit" — role ``akx_king_led`` (the player's own king just won from A K x: switch) and role
  ``partner_akx_signal`` (partner led a king, it won, and he switched at once: on this first
  lead since, the player leads the queen of that suit, or a small card of it);
* 128's second half (RO l.239; TH l.627; RU l.297): in a slam, "lead a blank ace or king, and
  then pass a sure lead to partner; he must at once cash the tricks of the suit in which you
  showed the void" — role ``partner_blank_honour``: in a slam with trumps, partner (the
  declaring side) led the ace or king of a side suit and won it, his very next lead was another
  suit and the player won it, this is the player's first lead since, and he holds the highest
  card of that suit still out;
* the second card of a sequence that starts with the ace (issue 27): ≈88 (RU l.229) "from A K lead
  the ace and the king" — role ``ak_doubleton_ace_led``; ≈98 (RU l.241) "the ace and then the small
  card" — ``ace_doubleton_ace_led``; ≈93 (RU l.235) above "two" "the ace first and then a small
  card" — ``ace_fourth_ace_led``; 132 (RO l.247) "first the ace and then lead from the queen" —
  ``trump_ace_from_aq_led``: each is the suit whose ace the player led to the last trick (its first
  lead) and won with everyone following, when the holding he was dealt in it is the law's;
* 133 (RO l.249): "at no-trumps lead your strong suit" — role ``strong_suit``: the suit the
  sure-trick model counts most tricks in, at least three (the tutor's reading of "strong");
* 135 (RO l.253; TH l.641; RU l.307): "sometimes it is useful to lead the remaining trump in
  the middle of the play to take away a possible entry … especially when you know the
  declarer is void in his partner's suit" — feature ``declarer_void_in_partners_suit``.

Every reading is the tutor's; ``docs/play.md`` and ``content/conventions/play.yaml`` say so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tutor.engine.cards import Card, Rank, Suit
from tutor.engine.conventions.kinds import LEAD_KINDS
from tutor.engine.conventions.vocabulary import Args, Word, feature
from tutor.engine.play.position import PlayPosition
from tutor.engine.tricks import Trick


def _held_originally(p: PlayPosition, suit: Suit) -> set[Rank]:
    """The ranks of ``suit`` the player was dealt: what he holds and what he has played."""
    return {c.rank for s, c, _ in p.all_plays() if s is p.seat and c.suit is suit} | {
        c.rank for c in p.hand.suit_cards(suit)}


def _everyone_followed(trick: Trick) -> bool:
    led = trick.plays[0][1].suit
    return all(c.suit is led for _, c in trick.plays)


def _own_won_lead(p: PlayPosition, trick: Trick, card: Card) -> bool:
    return (trick.plays[0] == (p.seat, card) and trick.winner(p.trump) is p.seat
            and _everyone_followed(trick))


def _ak_fourth_cashed(p: PlayPosition) -> tuple[Suit, ...]:
    if len(p.tricks) < 2:
        return ()
    first, last = p.tricks[-2], p.tricks[-1]
    suit = first.plays[0][1].suit
    if not (_own_won_lead(p, first, Card(suit, Rank.ACE)) and _own_won_lead(p, last, Card(suit, Rank.KING))):
        return ()
    held = _held_originally(p, suit)
    if p.times_led(suit) != 2 or Rank.QUEEN in held or len(held) < 4 or not p.hand.length(suit):
        return ()
    return (suit,)


def _akx_king_led(p: PlayPosition) -> tuple[Suit, ...]:
    if not p.tricks:
        return ()
    last = p.tricks[-1]
    suit = last.plays[0][1].suit
    held = _held_originally(p, suit)
    if (not _own_won_lead(p, last, Card(suit, Rank.KING)) or p.times_led(suit) != 1
            or not {Rank.ACE, Rank.KING} <= held or len(held) != 3
            or Rank.QUEEN in held or Card(suit, Rank.ACE) not in p.hand):
        return ()
    return (suit,)


def _partner_akx_signal(p: PlayPosition) -> tuple[Suit, ...]:
    """Partner's king won, and partner at once led another suit; the player has not led since."""
    for i, trick in enumerate(p.tricks[:-1]):
        leader, card = trick.plays[0]
        after = p.tricks[i + 1]
        if (leader is p.partner and card.rank == Rank.KING and trick.winner(p.trump) is p.partner
                and _everyone_followed(trick) and after.plays[0][0] is p.partner
                and after.plays[0][1].suit is not card.suit and p.times_led(card.suit) == 1
                and not any(t.plays[0][0] is p.seat for t in p.tricks[i + 2:])
                and p.hand.length(card.suit)):
            return (card.suit,)
    return ()


def _partner_blank_honour(p: PlayPosition) -> tuple[Suit, ...]:
    if p.trump is None or not p.declaring_side or p.contract.level < 6:
        return ()
    for i, trick in enumerate(p.tricks[:-1]):
        leader, card = trick.plays[0]
        after = p.tricks[i + 1]
        if (leader is p.partner and card.suit is not p.trump and card.rank in (Rank.ACE, Rank.KING)
                and trick.winner(p.trump) is p.partner and after.plays[0][0] is p.partner
                and after.plays[0][1].suit is not card.suit and after.winner(p.trump) is p.seat
                and not any(t.plays[0][0] is p.seat for t in p.tricks[i + 2:])
                and p.top_tricks(card.suit)):
            return (card.suit,)
    return ()


def _own_ace_won(p: PlayPosition) -> tuple[Suit, set[Rank]] | None:
    """The suit whose ace the player led to the last trick, once only, and won with everyone following
    (he still holds the suit), with the ranks he was dealt in it; ``None`` otherwise."""
    if not p.tricks:
        return None
    last = p.tricks[-1]
    suit = last.plays[0][1].suit
    if not _own_won_lead(p, last, Card(suit, Rank.ACE)) or p.times_led(suit) != 1 or not p.hand.length(suit):
        return None
    return suit, _held_originally(p, suit)


def _ace_then(test: Callable[[PlayPosition, Suit, set[Rank]], bool]) -> Callable[[PlayPosition], tuple[Suit, ...]]:
    """A role: the suit of the player's ace just won, when the holding he was dealt in it passes ``test``."""
    def role(p: PlayPosition) -> tuple[Suit, ...]:
        found = _own_ace_won(p)
        return (found[0],) if found is not None and test(p, *found) else ()
    return role


def _strong_suit(p: PlayPosition) -> tuple[Suit, ...]:
    """Law 133's strong suit (tutor's reading): the suit the hand's sure-trick model counts most tricks
    in, at least three (ties: the longer, then the higher in Vint); a plain suit at no-trumps."""
    from tutor.engine.conventions.hand_features import sure_tricks

    counted = sure_tricks(p.hand)
    best = max(counted.suits, key=lambda t: (t.total, p.hand.length(t.suit), -PBN_ORDER.index(t.suit)))
    return (best.suit,) if best.total >= STRONG_SUIT_TRICKS else ()


#: Law 133's "strong suit": sure tricks the model counts in it, at least (tutor's reading).
STRONG_SUIT_TRICKS = 3
PBN_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

#: The suit roles the continuations name (the play vocabulary adds them to its roles).
ROLES: Mapping[str, Callable[[PlayPosition], tuple[Suit, ...]]] = {
    # ≈88 (RU l.229): from A K doubleton the ace, then the king
    "ak_doubleton_ace_led": _ace_then(lambda p, suit, held: held == {Rank.ACE, Rank.KING}),
    # ≈98 (RU l.241): from the ace doubleton the ace, then the small card
    "ace_doubleton_ace_led": _ace_then(lambda p, suit, held: len(held) == 2 and Rank.KING not in held),
    # ≈93 (RU l.235): A with Q or J, fourth or longer, above "two": the ace, then a small card
    "ace_fourth_ace_led": _ace_then(lambda p, suit, held: len(held) >= 4 and Rank.KING not in held
                                    and bool(held & {Rank.QUEEN, Rank.JACK})),
    # 132 (RO l.247): the trump ace from A Q without the king, then the queen
    "trump_ace_from_aq_led": _ace_then(lambda p, suit, held: suit is p.trump and Rank.QUEEN in held
                                       and Rank.KING not in held),
    "strong_suit": _strong_suit,
    "partner_blank_honour": _partner_blank_honour,
    "ak_fourth_cashed": _ak_fourth_cashed,
    "akx_king_led": _akx_king_led,
    "partner_akx_signal": _partner_akx_signal,
}


def _declarer_void_in_partners_suit(p: PlayPosition, args: Args) -> bool:
    declarer = p.contract.declarer
    return any(s in p.shown_out(declarer) and s is not p.trump for s in p.named_suits(declarer.partner))


#: The continuations' features, as words of the play vocabulary.
WORDS: tuple[Word, ...] = (
    feature("declarer_void_in_partners_suit",
            "the declarer has shown out of a side suit his partner named (law 135's mid-play trump lead)",
            _declarer_void_in_partners_suit, LEAD_KINDS),
)
