"""Choosers of the play conventions: what to lead, follow with, ruff or discard.

Each chooser returns a :class:`~tutor.engine.conventions.play.features.PlayChoice` — the cards the
book allows — or ``None`` when it has nothing to say. See
:mod:`tutor.engine.conventions.play.features` for the situations, features and suit roles, and
``docs/play.md`` for how prohibitions (``lead_avoiding``) re-ask the rules they guard.
"""

from __future__ import annotations

import tutor.engine.conventions.play.card_laws as card_laws  # module import: play_card_laws imports play_features
from tutor.engine.cards import PBN_SUITS, Card, Rank, Suit
from tutor.engine.conventions import Rule, evaluate
from tutor.engine.conventions.play.features import (
    FOLLOW_KINDS,
    LEAD_KINDS,
    RUN_ROLES,
    PlayChoice,
    discardable,
    high_card_points,
    holding_suits,
    make_choice,
    ranks_in,
    role_suits,
)
from tutor.engine.conventions.play.holdings import is_small, matches
from tutor.engine.conventions.vocabulary import REQUIRED, Arg, Args, ArgValue, Word, chooser
from tutor.engine.errors import TutorError
from tutor.engine.play.position import PlayPosition


def _pick(p: PlayPosition, suit: Suit, card: str) -> tuple[list[Card], str]:
    """The card(s) of ``suit`` that ``card`` names: a rank letter, top, lowest, small, any.

    Alternatives joined by ``|`` ("top|Q") are all allowed: the book permits a card ("you may
    cut with the queen", law 140) without forbidding the one another law names (113, the highest).
    """
    held = list(p.hand.suit_cards(suit))
    if not held:
        return [], ""
    if "|" in card:
        picked = [c for option in card.split("|") for c in _pick(p, suit, option)[0]]
        return list(dict.fromkeys(picked)), "either card"
    if card == "top":
        return [held[0]], "the top card"
    if card == "lowest":
        return [held[-1]], "the lowest card"
    if card == "any":
        return held, "any card of the suit"
    if card == "small":
        small = [c for c in held if is_small(c.rank) and c != held[0]]
        return (small or [held[-1]]), "a small card"
    if card == "smalls":  # every small card, the top one too (≈92's "and a small card" after A K)
        return ([c for c in held if is_small(c.rank)] or [held[-1]]), "a small card"
    wanted = Card(suit, Rank.parse(card))
    return ([wanted], "") if wanted in held else ([], "")


def _lead_holding(p: PlayPosition, args: Args) -> PlayChoice | None:
    role, pattern = str(args.get("suit", "any")), str(args["pattern"])
    card = str(args.get("card", "top"))
    cards: list[Card] = []
    how = ""
    for suit in holding_suits(p, role, pattern):
        if suit in p.avoid:
            continue
        picked, how = _pick(p, suit, card)
        cards += picked
    if card == "any":  # the rule names the holding's suit only (133, 123, 128): the card laws pick the card
        return card_laws.within_each_suit(p, cards, how)
    return make_choice(cards, how)


def _lead_akq(p: PlayPosition, args: Args) -> PlayChoice | None:
    card = "A" if p.rules.akq_lead == "ace" else "K"
    return _lead_holding(p, {"pattern": "AKQ", "card": card})


def _lead_aq_king(p: PlayPosition, args: Args) -> PlayChoice | None:
    card = "A" if p.rules.aq_lead_partner_king == "ace" else "small"
    cards: list[Card] = []
    how = ""
    for suit in role_suits(p, "partner_after_nt"):
        if matches("AQ+1-2", ranks_in(p, suit), p.rules) and suit not in p.avoid:
            picked, how = _pick(p, suit, card)
            cards += picked
    return make_choice(cards, how)


def _continue_trumps(p: PlayPosition, args: Args) -> PlayChoice | None:
    if p.trump is None or not p.hand.length(p.trump):
        return None
    if p.rules.trump_leads_after_both_follow == "continue":
        return make_choice(p.hand.suit_cards(p.trump)[:1], "the top trump")
    return card_laws.within_each_suit(p, (c for c in p.hand if c.suit is not p.trump), "any card but a trump")


def _top_of(p: PlayPosition, args: Args) -> PlayChoice | None:
    for suit in role_suits(p, str(args.get("suit", "partner"))):
        if p.hand.length(suit):
            return make_choice(p.hand.suit_cards(suit)[:1], "the top card")
    return None


def _any_of(p: PlayPosition, args: Args) -> PlayChoice | None:
    for suit in role_suits(p, str(args.get("suit", "partner"))):
        if p.hand.length(suit) and suit not in p.avoid:
            cards, note = card_laws.card_within_suit(p, suit)
            return PlayChoice(cards, f"any {suit.english[:-1]}", note)
    return None


def _cash_sure(p: PlayPosition, args: Args) -> PlayChoice | None:
    counts = {s: p.top_tricks(s) for s in PBN_SUITS if s not in p.avoid}
    best = max(counts.values(), default=0)
    if best == 0:
        return None
    cards = [c for s, n in counts.items() if n == best for c in p.hand.suit_cards(s)[:n]]
    return card_laws.within_each_suit(p, cards, "a sure trick")


def _any_but(p: PlayPosition, args: Args) -> PlayChoice | None:
    barred = set(role_suits(p, str(args.get("suit", "trump")))) | set(p.avoid)
    return card_laws.within_each_suit(p, (c for c in p.hand if c.suit not in barred), "any card of another suit")


def _long_suit(p: PlayPosition, args: Args) -> PlayChoice | None:
    """≈100 "lead your long or strong suit": the longest; between two equally long, the one
    with more high-card points (A 4, K 3, Q 2, J 1); a tie on both gives no single suit."""
    suits = [s for s in role_suits(p, str(args.get("suit", "side"))) if p.hand.length(s)]
    if not suits:
        return None
    best = max(_long_and_strong(p, s) for s in suits)
    chosen = [s for s in suits if _long_and_strong(p, s) == best]
    if len(chosen) != 1:
        return None
    return card_laws.within_each_suit(p, p.hand.suit_cards(chosen[0]), "any card of the long suit")


def _long_and_strong(p: PlayPosition, suit: Suit) -> tuple[int, int]:
    return (p.hand.length(suit), high_card_points(p, suit))


def _doubleton(p: PlayPosition, args: Args) -> PlayChoice | None:
    # ≈97 (not from a king doubleton) is its own prohibition, guarding this rule
    cards = [c for s in role_suits(p, "any") if p.hand.length(s) == 2 for c in p.hand.suit_cards(s)]
    return card_laws.within_each_suit(p, cards, "a card of the doubleton")


def _avoided_suits(p: PlayPosition, role: str) -> frozenset[Suit]:
    if role == "partner_discarded":
        # Law 83's exception: A K or K Q of the discarded suit are cashed, not avoided.
        return frozenset(s for s in role_suits(p, role) if not matches("AK|KQ", ranks_in(p, s), p.rules))
    if role == "trump":
        if p.rules.small_game_trump_leads == "unless-strong" and p.trump and _strong_trumps(p):
            return frozenset()
        return frozenset(role_suits(p, "trump"))
    if role == "weak_kq":
        return frozenset(s for s in PBN_SUITS if matches("weak-KQ", ranks_in(p, s), p.rules)
                         and s not in role_suits(p, "partner"))
    return frozenset(role_suits(p, role))


def _strong_trumps(p: PlayPosition) -> bool:
    """The "opposite case" of law 118 in the Russian reading: five trumps, or four with two honours."""
    ranks = ranks_in(p, p.trump) if p.trump else ()
    honours = sum(1 for r in ranks if r >= Rank.TEN)
    return len(ranks) >= 5 or (len(ranks) >= 4 and honours >= 2)


def _own_rule(p: PlayPosition, args: Args) -> Rule | None:
    for rule in p.conventions:
        if isinstance(rule, Rule) and rule.chooser == "lead_avoiding" and dict(rule.chooser_args) == dict(args):
            return rule
    return None


def _lead_avoiding(p: PlayPosition, args: Args) -> PlayChoice | None:
    role = str(args["suits"])
    suits = _avoided_suits(p, role) - p.avoid
    me = _own_rule(p, args)
    if not suits or me is None:
        return None
    guarded = [r for r in p.conventions if isinstance(r, Rule) and r.priority < me.priority]
    # the lead the book's holdings would give, before any prohibition: the highest
    # prohibition that forbids it takes the decision (and the credit). A suit the player
    # is running (133, ≈109) is itself the natural lead, whatever the holdings say.
    if role not in RUN_ROLES:
        free = evaluate([r for r in guarded if r.chooser != "lead_avoiding"], p, "lead")
        if free is None or not (free.answer.suits & suits):
            return None
    narrowed = p.with_avoid(suits)
    advice = evaluate(guarded, narrowed, "lead")
    if advice is not None:
        answer: PlayChoice = advice.answer
        return PlayChoice(answer.cards, answer.how or "", answer.note)
    rest = [c for c in p.hand if c.suit not in narrowed.avoid]
    # failing any lead, every card of the other suits - but not of a suit another prohibition
    # in force forbids (118: no trump lead in "simple" or "two"), while any other card is left
    barred = _barred_elsewhere(p, me)
    return card_laws.within_each_suit(p, [c for c in rest if c.suit not in barred] or rest,
                                      "any card of another suit")


def _barred_elsewhere(p: PlayPosition, me: Rule) -> frozenset[Suit]:
    """The suits the other prohibitions that apply here forbid."""
    barred: set[Suit] = set()
    for rule in p.conventions:
        if isinstance(rule, Rule) and rule.chooser == "lead_avoiding" and rule.id != me.id and rule.applies(p):
            barred |= _avoided_suits(p, str(rule.chooser_args["suits"]))
    return frozenset(barred)


def _follow(p: PlayPosition, args: Args) -> PlayChoice | None:
    if p.led_suit is None:
        return None
    card = str(args.get("card", "top"))
    if card == "T-sequence":  # ≈90: from Q J 10, "cover with the lowest, that is the ten"
        return make_choice([c for c in p.hand.suit_cards(p.led_suit) if c.rank == Rank.TEN], "the ten")
    if card == "small":
        small = [c for c in p.hand.suit_cards(p.led_suit) if is_small(c.rank)]
        return make_choice(small, "a small card")
    picked, how = _pick(p, p.led_suit, card)
    return make_choice(picked, how)


def _ruff(p: PlayPosition, args: Args) -> PlayChoice | None:
    if p.trump is None:
        return None
    return make_choice(p.hand.suit_cards(p.trump), "any trump")


def _strength(p: PlayPosition, suit: Suit) -> tuple[int, int]:
    return (p.top_tricks(suit), high_card_points(p, suit))


def _discard(p: PlayPosition, args: Args) -> PlayChoice | None:
    suits = discardable(p)
    if not suits:
        return None
    how = str(args.get("how", "weakest"))
    sure = [s for s in suits if p.top_tricks(s)]
    if how == "weakest":
        weakest = min(_strength(p, s) for s in suits)
        chosen = [s for s in suits if _strength(p, s) == weakest]
        label = "a card of the weakest suit"
    elif how == "not_sure":
        chosen = [s for s in suits if s not in sure] if len(sure) == 1 else []
        label = "a card of a suit without sure tricks"
    elif how == "third":
        rest = [s for s in suits if s not in sure]
        chosen = rest if len(sure) == 2 and len(rest) == 1 else []
        label = "a card of the third suit"
    elif how == "rotate":
        thrown = p.discards(p.seat)
        fewest = min(sum(1 for c in thrown if c.suit is s) for s in suits)
        chosen = [s for s in suits if sum(1 for c in thrown if c.suit is s) == fewest] if not sure else []
        label = "a card of the suit discarded least"
    else:
        raise TutorError(f"unknown discard {how!r}: expected weakest, not_sure, third or rotate")
    return make_choice((c for s in chosen for c in _throwable(p, s)), label)


def _throwable(p: PlayPosition, suit: Suit) -> tuple[Card, ...]:
    """The cards of ``suit`` one discards: not its sure tricks, unless it holds nothing else."""
    cards = p.hand.suit_cards(suit)
    rest = cards[p.top_tricks(suit):]
    # a discard throws a useless card (laws 83 and 128: "the cards he does not need"): the
    # small ones, not the king of K x or an honour of Q J x x (tutor's reading)
    small = tuple(c for c in rest if is_small(c.rank))
    return small or rest or cards


def _discard_from(p: PlayPosition, args: Args) -> PlayChoice | None:
    throwable = set(discardable(p))
    suits = [s for s in holding_suits(p, str(args.get("suit", "side")), str(args["pattern"])) if s in throwable]
    return make_choice((c for s in suits for c in p.hand.suit_cards(s)), "a card of that short suit")


def forbidden_suits(p: PlayPosition, rule: Rule) -> frozenset[Suit]:
    """The suits a prohibition (``lead_avoiding``) rules out in this position."""
    if rule.chooser != "lead_avoiding":
        return frozenset()
    return _avoided_suits(p, str(rule.chooser_args["suits"])) - p.avoid


#: Roles only a prohibition understands (suits the book forbids by their holding).
AVOID_ROLES = ("weak_kq",)


def _role(default: ArgValue | None) -> Arg:
    return Arg("suit", "suit", default)


#: The play choosers, as words of the play vocabulary.
WORDS: tuple[Word, ...] = (
    chooser(
        "lead_holding",
        "lead a card (args card: A K Q J T top lowest small smalls any; any: the card laws pick it) of the suit holding the pattern (args pattern, suit role)",
        _lead_holding,
        LEAD_KINDS,
        (_role("any"), Arg("pattern", "pattern", REQUIRED), Arg("card", "text", "top")),
    ),
    chooser(
        "lead_akq",
        "lead from A K Q and more: the ace (law 86) or, by the variant, the king",
        _lead_akq,
        LEAD_KINDS,
    ),
    chooser(
        "lead_aq_partner_king",
        "A Q + 1-2 at one's own no-trumps, partner showed the king: the ace (law 134) or, by the variant, a small card",
        _lead_aq_king,
        LEAD_KINDS,
    ),
    chooser(
        "continue_trumps",
        "after trump rounds both opponents followed: lead trumps from the top (law 129, 130) or, by the variant, another suit",
        _continue_trumps,
        LEAD_KINDS,
    ),
    chooser(
        "top_of",
        "lead the highest card of the role suit (args suit)",
        _top_of,
        LEAD_KINDS,
        (_role(REQUIRED),),
    ),
    chooser(
        "any_of",
        "any card of the role suit (args suit): the book names the suit only",
        _any_of,
        LEAD_KINDS,
        (_role(REQUIRED),),
    ),
    chooser(
        "cash_sure",
        "lead a sure trick: the top cards of the suit with the most sure tricks (law 85)",
        _cash_sure,
        LEAD_KINDS,
    ),
    chooser(
        "any_but",
        'any card not of the role suit (args suit): the book says only which suit not to lead (law 125: "not trumps, another suit")',
        _any_but,
        LEAD_KINDS,
        (_role(REQUIRED),),
    ),
    chooser(
        "long_suit",
        "any card of the longest role suit, the stronger of two equally long (≈100)",
        _long_suit,
        LEAD_KINDS,
        (_role("side"),),
    ),
    chooser("doubleton", "lead from a doubleton, not a king doubleton (≈96, ≈97)", _doubleton, LEAD_KINDS),
    chooser(
        "lead_avoiding",
        "a prohibition: the lead the lower conventions give, with the role suit ruled out (args suits: rho, lho_unsupported, partner_discarded, trump, weak_kq, coronet_shown_out, coronet_honour_dropped)",
        _lead_avoiding,
        LEAD_KINDS,
        (Arg("suits", "suit", REQUIRED, AVOID_ROLES),),
    ),
    chooser(
        "follow",
        "play a card of the suit led (args card: A K Q J T top lowest small, T-sequence for ≈90's ten; alternatives joined by | are all right: top|Q for law 140)",
        _follow,
        FOLLOW_KINDS,
        (Arg("card", "text", "top"),),
    ),
    chooser("ruff", "ruff: any trump (laws 111, 115)", _ruff, ("discard",)),
    chooser(
        "discard",
        "throw a card of a side suit (args how: weakest | not_sure | third | rotate)",
        _discard,
        ("discard",),
        (Arg("how", "choice", "weakest", ("weakest", "not_sure", "third", "rotate")),),
    ),
    chooser(
        "discard_from",
        "throw a card of the role suit holding the pattern (args suit, pattern): law 145, the short suit of small cards",
        _discard_from,
        ("discard",),
        (_role(REQUIRED), Arg("pattern", "pattern", REQUIRED)),
    ),
)
