"""The bidding vocabulary: the situations, auction features and choosers of ``bidding.yaml``.

For the decision kind ``bid`` (positions are :class:`~tutor.engine.bidding.BidPosition`):

* **situations** — where in the auction the player stands: his first call, before
  his side has bid, after his partner's bid, after his own bid;
* **auction features** — what the calls so far say (the round, partner's bid,
  the player's own suits shown, the score), and the suit-choice features of laws
  34, 35, 37, 39 and 40 (these read the hand alone: a deal generator tests them on
  dealt hands);
* **choosers** — what a convention recommends: pass, a fixed call, the lowest
  legal bid in a strain within a range of levels, or the next suit to show.

:data:`WORDS` lists them as :class:`~tutor.engine.conventions.vocabulary.Word` records;
:mod:`tutor.engine.conventions.vocabularies` assembles them with the hand features into the
bidding vocabulary. Nothing here registers anything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tutor.engine.bidding import (
    KIND,
    BidPosition,
    opponent_suits,
    partner_run,
    partner_suit,
)
from tutor.engine.calls import VINT_DENOMINATIONS, Bid, Call, Pass, Strain, parse_call
from tutor.engine.cards import PBN_SUITS, Card, Hand, Rank, Suit
from tutor.engine.conventions.hand_features import coronet, guarded, honours, suit_sure_tricks, sure_tricks
from tutor.engine.conventions.suit_choice import candidate_suits, direct_suits, r53_suits, trump_choice
from tutor.engine.conventions.vocabulary import (
    HISTORY,
    REQUIRED,
    Arg,
    Args,
    ByHistory,
    CallShape,
    FeatureValue,
    ReadsHand,
    Realiser,
    Word,
    chooser,
    feature,
    situation,
)
from tutor.engine.errors import TutorError

_BID = (KIND,)
_READS_HAND = ReadsHand()
_SCORE = ByHistory("it reads the score, which the drill sets")
_BID_BEFORE = Arg("bid_before", "choice", "any", ("none", "opponent", "any"))


def _word(name: str, description: str, fn: Callable[[BidPosition], FeatureValue], *, short: str = "",
          realiser: Realiser = HISTORY, nouns: tuple[str, str, str] | tuple[()] = (), clause: str = "") -> Word:
    """A bidding feature without arguments: a value of the position."""
    return feature(name, description, lambda position, args: fn(position), _BID, realiser=realiser, short=short,
                   nouns=nouns, clause=clause)


# -- situations ------------------------------------------------------------------------------


def _bid_before(p: BidPosition, args: Args) -> bool:
    wanted = str(args.get("bid_before", "any"))
    if wanted == "none":
        return p.last_bid is None
    if wanted == "opponent":
        return p.last_bid_by == "opponent"
    return True


def _first_call(p: BidPosition, args: Args) -> bool:
    return not p.own and not p.partner_bids and _bid_before(p, args)


def _before_own_bid(p: BidPosition, args: Args) -> bool:
    return not p.own_bids and not p.partner_bids and _bid_before(p, args)


def _partner_bid_last(p: BidPosition, args: Args) -> bool:
    if p.last_bid_by != "partner" or (p.own_bids and str(args.get("own_bid", "none")) != "any"):
        return False
    last = p.last_bid
    assert last is not None and isinstance(last.call, Bid)
    wanted = str(args.get("strain", "any"))
    is_nt = last.call.strain is Strain.NO_TRUMPS
    return wanted == "any" or (wanted == "NT") == is_nt


def _own_bid_last(p: BidPosition, args: Args) -> bool:
    return p.last_bid_by == "self"


def _any_turn(p: BidPosition, args: Args) -> bool:
    return True


# -- auction features ----------------------------------------------------------------------------

def _call_text(call: Call | None) -> str:
    return "" if call is None else str(call)




def _ends_partie(p: BidPosition, args: Args) -> bool:
    if p.score is None:
        return False
    level = int(args.get("level", 1))
    gain = p.rules.contract_points(level)
    return p.score.below[p.seat.side] + gain >= p.rules.partie_target


# -- choosers ---------------------------------------------------------------------------------------


def _pass(p: BidPosition, args: Args) -> Call:
    return Pass()


def call_shape(call: Call) -> CallShape:
    """A call's kind and level: ``("pass", 0)``, ``("nt", 1)``, ``("suit", 3)``."""
    if not isinstance(call, Bid):
        return "pass", 0
    return ("nt" if call.strain is Strain.NO_TRUMPS else "suit"), call.level


def _levels(kind: str, low: object, high: object) -> frozenset[CallShape]:
    return frozenset((kind, level) for level in range(int(str(low)), int(str(high)) + 1))


def _gives_lowest(args: Mapping[str, object]) -> frozenset[CallShape]:
    # as BidPosition.resolve_strain reads it: "NT" is no-trumps, any other name resolves to a suit
    strain = str(args.get("strain", "")).strip().upper()
    return _levels("nt" if strain in ("NT", "N") else "suit", args.get("min_level", 1), args.get("max_level", 7))


def _fixed(p: BidPosition, args: Args) -> Call | None:
    call = parse_call(str(args.get("call", "")))
    return call if p.auction.can_call(call) else None


def _lowest(p: BidPosition, args: Args) -> Call | None:
    strain = p.resolve_strain(str(args.get("strain", "")))
    if strain is None:
        return None
    return p.lowest_bid(strain, int(args.get("min_level", 1)), int(args.get("max_level", 7)))


#: Holdings a player shows by naming their suit in the negotiation (laws 46–50, 73).
SHOWN_HOLDINGS: dict[str, Callable[[Hand, Suit], bool]] = {
    # law 49 and W16: a side suit with a sure trick and two honours (K Q J, K Q x)
    "passing": lambda h, s: suit_sure_tricks(h, s).total >= 1 and honours(h, s) >= 2,
    # law 50: a short suit holding an honour
    "short": lambda h, s: honours(h, s) >= 1,
    # law 48: a king or queen is never shown blank - one or two more cards of its suit at least
    "king": lambda h, s: guarded(h, s, Rank.KING, 1),
    "queen": lambda h, s: guarded(h, s, Rank.QUEEN, 1),
    # law 48: a jack needs at least three more cards of its suit
    "jack": lambda h, s: guarded(h, s, Rank.JACK, 3),
}


def _show_suit(p: BidPosition, args: Args) -> Call | None:
    holding = str(args.get("holding", ""))
    if holding not in SHOWN_HOLDINGS:
        raise TutorError(f"show_suit: unknown holding {holding!r}; known: {', '.join(SHOWN_HOLDINGS)}")
    test = SHOWN_HOLDINGS[holding]
    skip = set(p.shown_suits)
    if args.get("exclude_trump", True) and p.own_trump and p.own_trump.trump:
        skip.add(p.own_trump.trump)
    for strain in VINT_DENOMINATIONS[:-1]:
        suit = strain.trump
        assert suit is not None
        if suit in skip or not test(p.hand, suit):
            continue
        return p.lowest_bid(strain, 1, int(args.get("max_level", 2)))
    return None




#: The bidding words, in the order the docs list them.
WORDS: tuple[Word, ...] = (
    situation(
        "first_call",
        "this player's first call, his partner not having bid (args: bid_before none|opponent|any)",
        _first_call,
        _BID,
        (_BID_BEFORE,),
    ),
    situation(
        "before_own_bid",
        "neither this player nor his partner has bid yet (he may have passed)",
        _before_own_bid,
        _BID,
        (_BID_BEFORE,),
    ),
    situation(
        "partner_bid_last",
        "partner made the last bid and this player has not bid, unless own_bid: any (args: strain suit|NT|any; own_bid none|any)",
        _partner_bid_last,
        _BID,
        (
            Arg("strain", "choice", "any", ("suit", "NT", "any")),
            Arg("own_bid", "choice", "none", ("none", "any")),
        ),
    ),
    situation(
        "own_bid_last", "this player made the last bid; everyone has passed since", _own_bid_last, _BID
    ),
    situation("any_turn", "any turn to call", _any_turn, _BID),
    _word(
        "round", "this player's call number (1 = his first call)", lambda p: p.round, short="your turn number"
    ),
    _word(
        "calls_before",
        "calls made before this player's first call",
        lambda p: p.own[0].index if p.own else len(p.calls),
    ),
    _word(
        "suit_named",
        "some player has bid a suit",
        lambda p: any(isinstance(c, Bid) and c.strain is not Strain.NO_TRUMPS for c in p.calls),
        short="a suit has been named",
        clause='a suit has been named',
    ),
    _word(
        "partner_passed",
        "partner has called and has only passed",
        lambda p: bool(p.partner) and not p.partner_bids,
        short="partner has passed",
        clause='partner has passed',
    ),
    _word(
        "partner_bid_level",
        "level of partner's last bid (0 if none)",
        lambda p: p.partner_bids[-1].level if p.partner_bids else 0,
        short="level of partner's bid",
    ),
    _word(
        "partner_bid_direct",
        "partner's last bid was his first call (made 'directly from the hand')",
        lambda p: bool(p.partner) and isinstance(p.partner[0].call, Bid) and len(p.partner_bids) == 1,
        short="partner bid directly from his hand",
        clause='partner bid directly from his hand',
    ),
    _word(
        "partner_opened_nt",
        "partner said no-trumps at his first call, without passing, before you bid (law 41)",
        lambda p: (
            bool(p.partner)
            and isinstance(p.partner[0].call, Bid)
            and p.partner[0].call.strain is Strain.NO_TRUMPS
            # an answer to your suit (≈58's two aces and two kings) is not law 41's showing of aces
            and not any(isinstance(r.call, Bid) and r.index < p.partner[0].index for r in p.own)
        ),
        short="partner said no-trumps at once",
        clause='partner opened with no-trumps',
    ),
    _word("opponents_bid", "an opponent has bid", lambda p: bool(p.opponent_strains)),
    _word("own_bids", "bids this player has made", lambda p: len(p.own_bids), nouns=('bid of yours', 'bids of yours', 'you have made')),
    _word(
        "own_last_call",
        "this player's last call: none, pass or bid",
        lambda p: "none" if not p.own else ("bid" if isinstance(p.own[-1].call, Bid) else "pass"),
    ),
    _word(
        "own_last_bid",
        "this player's last bid, e.g. 1NT ('' if none)",
        lambda p: _call_text(p.own_bids[-1] if p.own_bids else None),
    ),
    _word(
        "own_last_bid_level",
        "level of this player's last bid (0 if none)",
        lambda p: p.own_bids[-1].level if p.own_bids else 0,
    ),
    _word(
        "own_last_bid_is_trump",
        "this player's last call was a bid in his trump suit",
        lambda p: bool(p.own) and isinstance(p.own[-1].call, Bid) and p.own[-1].call.strain is p.own_trump,
        clause='your last bid named a suit',
    ),
    _word(
        "own_trump_bids",
        "bids this player has made in his trump suit",
        lambda p: sum(1 for b in p.own_bids if b.strain is p.own_trump) if p.own_trump else 0,
        nouns=('suit bid of yours', 'suit bids of yours', 'you have made'),
    ),
    _word(
        "own_trump_reserved",
        "this player named his suit and passed next turn (law 49)",
        lambda p: p.own_trump_reserved,
        clause='you have already reserved your trumps',
    ),
    _word(
        "own_nt_bid",
        "this player has bid no-trumps",
        lambda p: any(b.strain is Strain.NO_TRUMPS for b in p.own_bids),
        clause='you have bid no-trumps',
    ),
    _word(
        "unshown_aces",
        "aces in suits this player has not named",
        lambda p: sum(1 for s in PBN_SUITS if Card(s, Rank.ACE) in p.hand and s not in p.shown_suits),
        nouns=('ace not yet shown', 'aces not yet shown', 'you hold'),
    ),
    _word(
        "candidate_suits",
        "suits that may be named as trumps: 4+ cards, 2+ honours, not the opponents' (laws 33, 34)",
        lambda p: len(candidate_suits(p.hand, opponent_suits(p))),
        short="suits of 4+ cards with 2 honours",
        realiser=_READS_HAND,
        nouns=('suit of four or more cards with two honours', 'suits of four or more cards with two honours', 'you hold'),
    ),
    _word(
        "suit_choice",
        "why the trump suit was chosen: none, only, longer, law-40, law-39, higher",
        lambda p: trump_choice(p.hand, opponent_suits(p))[1],
        short="the suit choice",
        realiser=_READS_HAND,
    ),
    _word(
        "has_simple_game",
        "five sure tricks and a suit of 4+ cards with 2 honours (laws 33, 34)",
        lambda p: sure_tricks(p.hand).total >= 5 and bool(candidate_suits(p.hand)),
        short="a simple game's values",
        realiser=_READS_HAND,
        clause="your hand holds a simple game's values",
    ),
    _word(
        "has_direct_suit",
        "six or more trumps headed by A K with three honours (law 37)",
        lambda p: bool(direct_suits(p.hand)),
        short="six trumps headed by A K with three honours",
        realiser=_READS_HAND,
        clause='you hold six trumps headed by the ace and king with three honours',
    ),
    _word(
        "direct_suit_sure_tricks",
        "sure tricks in the law-37 suit (0 if none)",
        lambda p: suit_sure_tricks(p.hand, s).total if (s := p.resolve_suit("direct")) else 0,
        short="sure tricks in that suit",
        realiser=_READS_HAND,
        nouns=('sure trick in that suit', 'sure tricks in that suit', 'your hand has'),
    ),
    _word(
        "has_r53_suit",
        "five cards with two of A K Q, or six with J 10 (law ≈53)",
        lambda p: bool(r53_suits(p.hand)),
        realiser=_READS_HAND,
        clause='you hold five cards with two of A K Q, or six with J 10',
    ),
    _word(
        "has_long_suit_with_honour",
        "a suit of five or more cards with an honour (law 46)",
        lambda p: p.resolve_suit("long_with_honour") is not None,
        short="a suit of 5+ cards with an honour",
        realiser=_READS_HAND,
        clause='you hold a suit of five or more cards with an honour',
    ),
    _word(
        "coronet_outside_partner",
        "longest coronet outside partner's suit (law ≈63)",
        lambda p: max((coronet(p.hand, s) for s in PBN_SUITS if s is not partner_suit(p)), default=0),
        short="coronet outside partner's suit",
        nouns=("coronet outside partner's suit", "coronets outside partner's suit", 'you hold'),
    ),
    _word(
        "our_below",
        "points below the line of this player's side in the partie",
        lambda p: p.score.below[p.seat.side] if p.score else 0,
        realiser=_SCORE,
    ),
    _word(
        "own_passes_since_partner_bid",
        "passes this player made after partner's last bid",
        lambda p: (
            sum(1 for r in p.own if isinstance(r.call, Pass) and p.partner_bid_index < r.index)
            if p.partner_bids
            else 0
        ),
        short="your passes since partner's bid",
        nouns=("pass of yours since partner's bid", "passes of yours since partner's bid", 'you have made'),
    ),
    _word(
        "candidate_suits_outside_partner",
        "suits of 4+ cards with 2+ honours other than partner's suit (laws ≈62, ≈63)",
        lambda p: len(candidate_suits(p.hand, opponent_suits(p) | {s for s in [partner_suit(p)] if s})),
        short="suits of your own (4+ cards, 2 honours)",
        nouns=('suit of your own (four or more cards, two honours)', 'suits of your own (four or more cards, two honours)', 'you hold'),
    ),
    _word(
        "partner_suit_run",
        "times partner has named his last suit in a row: his last bids, counted back while they are in that suit (0 if none or no-trumps; law 48)",
        partner_run,
        short="times partner named his suit in a row",
        nouns=('naming of his suit by partner in a row', 'namings of his suit by partner in a row', 'partner has made'),
    ),
    _word(
        "long_suits_sure_tricks",
        "sure tricks in the suits of five or more cards (law ≈61)",
        lambda p: sum(suit_sure_tricks(p.hand, s).total for s in PBN_SUITS if p.hand.length(s) >= 5),
        short="sure tricks in the long suits",
        realiser=_READS_HAND,
        nouns=('sure trick in your long suits', 'sure tricks in your long suits', 'your hand has'),
    ),
    feature(
        "ends_partie",
        "making a game of `level` (default 1) brings this side to the partie (law 38)",
        _ends_partie,
        (KIND,),
        short="a simple game ends the partie",
        args=(Arg("level", "int", 1),),
        realiser=_SCORE,
        clause='a simple game would end the partie',
    ),
    chooser("pass", "pass", _pass, _BID, gives=lambda args: frozenset({("pass", 0)})),
    chooser(
        "bid", "a fixed call (args: call), if it is legal", _fixed, _BID, (Arg("call", "call", REQUIRED),),
        gives=lambda args: frozenset({call_shape(parse_call(str(args.get("call", ""))))}),
    ),
    chooser(
        "lowest_bid",
        "the lowest legal bid in `strain` (NT, a suit letter or a named suit) between min_level and max_level",
        _lowest,
        _BID,
        (Arg("strain", "suit", REQUIRED, ("NT",)), Arg("min_level", "int", 1), Arg("max_level", "int", 7)),
        gives=_gives_lowest,
    ),
    chooser(
        "show_suit",
        "the lowest-ranking suit not yet named whose holding is `holding` (passing, short, king, queen, jack), bid as low as legal up to max_level",
        _show_suit,
        _BID,
        (
            Arg("holding", "choice", REQUIRED, tuple(SHOWN_HOLDINGS)),
            Arg("exclude_trump", "bool", True),
            Arg("max_level", "int", 2),
        ),
        gives=lambda args: _levels("suit", 1, args.get("max_level", 2)),
    ),
)

__all__ = ["SHOWN_HOLDINGS", "WORDS"]
