"""Play features read from the play so far: earlier tricks, who showed out, discards, trump rounds.

The features of :mod:`tutor.engine.conventions.play.features` read the contract, the auction, the
hand and the current trick; these read what the earlier tricks showed (all are words of the play
vocabulary, assembled in :mod:`tutor.engine.conventions.vocabularies`): a suit partner is cashing
(law 145), a jack put second hand and lost (law 141), both honours shown (law 141's exception),
the first round of a suit (law 111), discards made and what partner's discards show (laws 83,
146, 161-166), the rounds of trumps and who followed (law 129), the declaring side's first lead
after an unannounced strong lead (law 120), a supporter who ruffed twice (law 121) and the
tricks played (law 119).
"""

from __future__ import annotations

from tutor.engine.cards import Card, Rank, Suit
from tutor.engine.conventions.kinds import FOLLOW_KINDS, LEAD_KINDS, PLAY_KINDS
from tutor.engine.conventions.play.holdings import is_small
from tutor.engine.conventions.play.roles import discard_reading, named_by
from tutor.engine.conventions.vocabulary import Args, Word, feature
from tutor.engine.play.position import PlayPosition
from tutor.engine.tricks import Trick

_ALL = PLAY_KINDS


def _lho_shown_out(p: PlayPosition, args: Args) -> bool:
    return p.led_suit is not None and p.led_suit in p.shown_out(p.lho)


def _partner_cashing(p: PlayPosition, args: Args) -> bool:
    """Tutor's reading of law 145's "a suit his partner is cashing" (отхаживает): partner led, and
    every card of the suit above his is already played or in the player's own hand."""
    led = p.led
    if led is None or p.trick.plays[0][0] is not p.partner or p.winning() is not p.partner:
        return False
    seen = p.seen()
    return all(Card(led.suit, r) in seen or Card(led.suit, r) in p.hand for r in Rank if r > led.rank)


def _jack_lost_to_lho(p: PlayPosition, trick: Trick, suit: Suit) -> bool:
    """In ``trick`` the right-hand opponent led a small card of ``suit``, the player put the jack
    and the left-hand opponent won it with the king or queen."""
    leader, lead = trick.plays[0]
    cards = dict(trick.plays)
    honours = (Card(suit, Rank.KING), Card(suit, Rank.QUEEN))
    return (leader is p.rho and lead.suit is suit and is_small(lead.rank)
            and cards.get(p.seat) == Card(suit, Rank.JACK)
            and trick.winner(p.trump) is p.lho and cards.get(p.lho) in honours)


def _jack_cut_lost(p: PlayPosition, args: Args) -> bool:
    suit = p.led_suit
    return suit is not None and any(t.plays and _jack_lost_to_lho(p, t, suit) for t in p.tricks)


def _lho_showed_both(p: PlayPosition, args: Args) -> bool:
    """Tutor's reading of law 141's exception, "the left-hand opponent showed both pieces, as a
    separate sure trick or as a suit": shown as a suit - he named it in the auction; shown as
    tricks - both the king and the queen have come from his hand."""
    suit = p.led_suit
    if suit is None:
        return False
    if suit in named_by(p, p.lho):
        return True
    played = {c for s, c, _ in p.all_plays() if s is p.lho}
    return {Card(suit, Rank.KING), Card(suit, Rank.QUEEN)} <= played


def _first_round(p: PlayPosition, args: Args) -> bool:
    return p.led_suit is not None and p.times_led(p.led_suit) == 0


def _discards_made(p: PlayPosition, args: Args) -> int:
    return len(p.discards(p.seat))


def _partner_discarded(p: PlayPosition, args: Args) -> bool:
    return bool(p.discards(p.partner))


def _partner_showed_sure(p: PlayPosition, args: Args) -> bool:
    return discard_reading(p)[0] == "sure"


def _partner_showed_none(p: PlayPosition, args: Args) -> bool:
    return discard_reading(p)[0] == "none"


def _trump_rounds(p: PlayPosition, args: Args) -> int:
    return p.times_led(p.trump) if p.trump else 0


def _followed(p: PlayPosition, args: Args) -> bool:
    if p.trump is None:
        return False
    rounds = p.times_led(p.trump)
    return rounds > 0 and all(p.followed(s, p.trump) >= rounds for s in (p.lho, p.rho))


def _unannounced_strong(p: PlayPosition, args: Args) -> bool:
    """Tutor's reading of law 120's "led from a strong suit of theirs they had not announced".

    The opening lead was an ace, king or queen (by the book's leads, 86-≈90, an honour is led
    from a strong holding) of a side suit neither opponent named, and every trick so far was
    led by an opponent: the declaring side is on lead for the first time ("as soon as").
    """
    if not p.declaring_side or not p.tricks or not p.tricks[0].plays:
        return False
    if any(t.plays and t.plays[0][0] not in (p.lho, p.rho) for t in p.tricks):
        return False
    card = p.tricks[0].plays[0][1]
    named = set(named_by(p, p.lho)) | set(named_by(p, p.rho))
    return card.suit is not p.trump and card.suit not in named and card.rank >= Rank.QUEEN


def _supporter_ruffed_twice(p: PlayPosition, args: Args) -> bool:
    """Tutor's reading of law 121: the player is the declarer's partner and bid the trump suit
    too (he supported it); a side suit has been led exactly three times, he ruffed it on two
    of them, and the last trick was the third of them ("then": he leads next)."""
    if p.trump is None or not p.declaring_side or p.seat is p.contract.declarer or not p.trump_supported:
        return False
    if p.trump not in p.named_suits(p.seat) or not p.tricks or not p.tricks[-1].plays:
        return False
    suit = p.tricks[-1].plays[0][1].suit
    if suit is p.trump or p.times_led(suit) != 3:
        return False
    ruffs = sum(1 for s, c, led in p.all_plays() if s is p.seat and led is suit and c.suit is p.trump)
    return ruffs >= 2


def _tricks_played(p: PlayPosition, args: Args) -> int:
    return len(p.tricks)


#: The play words read from the play so far (features only).
WORDS: tuple[Word, ...] = (
    feature(
        "lho_shown_out",
        "the left-hand opponent has shown out of the suit led on an earlier round (law 114's exception: he has nothing to cover the jack)",
        _lho_shown_out,
        FOLLOW_KINDS,
    ),
    feature(
        "partner_cashing",
        "partner led a card that is the highest of its suit still out and is winning the trick: he is cashing the suit (law 145)",
        _partner_cashing,
        _ALL,
    ),
    feature(
        "jack_cut_lost_to_lho",
        "earlier the player put the jack second hand on the right-hand opponent's small card of the suit led, and the left-hand opponent won it with the king or queen (law 141)",
        _jack_cut_lost,
        FOLLOW_KINDS,
    ),
    feature(
        "lho_showed_both_honours",
        "the left-hand opponent has shown both the king and the queen of the suit led: he named the suit in the auction, or has played both (law 141's exception)",
        _lho_showed_both,
        FOLLOW_KINDS,
    ),
    feature("first_round", "the suit led is being played for the first time (law 111)", _first_round, _ALL),
    feature(
        "discards_made",
        "how many cards the player has discarded so far (law 161)",
        _discards_made,
        ("discard",),
    ),
    feature(
        "partner_discarded",
        "partner has discarded at least once (laws 83, 146)",
        _partner_discarded,
        LEAD_KINDS,
    ),
    feature(
        "partner_showed_sure_suit",
        "partner's discards show the one suit of his sure tricks (laws 162-163)",
        _partner_showed_sure,
        LEAD_KINDS,
    ),
    feature(
        "partner_showed_no_sure_tricks",
        "partner's discards show no sure tricks in any suit (laws 165-166)",
        _partner_showed_none,
        LEAD_KINDS,
    ),
    feature("trump_rounds", "completed tricks in which trumps were led (law 129)", _trump_rounds, LEAD_KINDS),
    feature(
        "opponents_followed_trumps",
        "both opponents followed to every round of trumps (law 129)",
        _followed,
        LEAD_KINDS,
    ),
    feature(
        "opponents_led_unannounced_strong",
        "the declaring side's first lead, after the opponents opened an honour of a suit they never named (law 120)",
        _unannounced_strong,
        LEAD_KINDS,
    ),
    feature(
        "supporter_ruffed_twice",
        "the supporting player has ruffed twice a suit led three times (law 121)",
        _supporter_ruffed_twice,
        LEAD_KINDS,
    ),
    feature(
        "tricks_played", "completed tricks so far: 0 at the opening lead (law 119)", _tricks_played, _ALL
    ),
)


__all__ = ["WORDS"]
