"""Named hand features: what the conventions may say about a hand, defined once.

The book's bidding laws (33–52, the recovered ≈53–73) and play laws speak of a
hand's aces, kings, queens and jacks, the length of a suit, its honours (A K Q J
10, note 4), coronets (an unbroken sequence from the ace, note 5 and scoring 18;
three or four aces in one hand are also a coronet) and, above all, its **sure
tricks** (верные взятки). Every feature here is a pure function of a
:class:`~tutor.engine.cards.Hand`, usable outside the rules; :data:`HAND_WORDS` and
:func:`suit_words` give them to the vocabularies (:mod:`tutor.engine.conventions.vocabularies`)
as :class:`~tutor.engine.conventions.vocabulary.Word` records, so the convention files can name
them. A word's function receives the *position* (anything with a ``hand``
attribute) and the condition's ``args``.

The sure-trick model (the tutor's reading of the book's верные взятки, laws 33, 36, 52) is its
own module, :mod:`tutor.engine.conventions.sure_tricks`; its names are importable from here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from tutor.engine.cards import HONOUR_RANKS, PBN_SUITS, Card, Hand, Rank, Suit
from tutor.engine.conventions.kinds import HAND_KINDS
from tutor.engine.conventions.sure_tricks import (
    SuitTricks,
    SureTricks,
    suit_sure_tricks,
    sure_tricks,
)
from tutor.engine.conventions.vocabulary import (
    REQUIRED,
    Arg,
    Args,
    EverySuit,
    FeatureValue,
    PlaceCards,
    ReadsHand,
    SuitCards,
    SuitResolver,
    Word,
    feature,
)
from tutor.engine.errors import TutorError

#: The figures (фигуры): king, queen and jack. Aces are counted apart.
FACE_RANKS: frozenset[Rank] = frozenset({Rank.KING, Rank.QUEEN, Rank.JACK})


# -- counts, lengths, honours, coronets ------------------------------------------------------


def count_rank(hand: Hand, rank: Rank) -> int:
    return sum(1 for c in hand.cards if c.rank is rank)


def aces(hand: Hand) -> int:
    """Aces held.

    >>> aces(Hand.parse("A2.A3.K4.5"))
    2
    """
    return count_rank(hand, Rank.ACE)


def kings(hand: Hand) -> int:
    return count_rank(hand, Rank.KING)


def queens(hand: Hand) -> int:
    return count_rank(hand, Rank.QUEEN)


def jacks(hand: Hand) -> int:
    return count_rank(hand, Rank.JACK)


def face_cards(hand: Hand) -> int:
    """Kings, queens and jacks (фигуры); aces are not figures."""
    return sum(1 for c in hand.cards if c.rank in FACE_RANKS)


def length(hand: Hand, suit: Suit) -> int:
    return hand.length(suit)


def honours(hand: Hand, suit: Suit) -> int:
    """Honours (A K Q J 10, note 4) held in ``suit``."""
    return sum(1 for c in hand.suit_cards(suit) if c.rank in HONOUR_RANKS)


def coronet(hand: Hand, suit: Suit) -> int:
    """Length of the unbroken sequence from the ace in ``suit`` if it is a coronet (3+), else 0.

    >>> coronet(Hand.parse("AKQJ5..."), Suit.SPADES), coronet(Hand.parse("AKJ..."), Suit.SPADES)
    (4, 0)
    """
    run = 0
    for card, rank in zip(hand.suit_cards(suit), reversed(Rank)):
        if card.rank is not rank:
            break
        run += 1
    return run if run >= 3 else 0


def coronets(hand: Hand) -> int:
    """Suits holding a coronet, plus one for three or four aces in the hand (note 5)."""
    return sum(1 for s in PBN_SUITS if coronet(hand, s)) + (1 if aces(hand) >= 3 else 0)


def suit_rank_key(hand: Hand, suit: Suit) -> tuple[int, int, int]:
    """Order suits by length, then honours, then the Vint rank (law 35: "high, long")."""
    from tutor.engine.calls import Strain

    return (hand.length(suit), honours(hand, suit), Strain.of_suit(suit).rank)


def longest_suit(hand: Hand) -> Suit:
    """The longest suit; ties go to more honours, then the higher-ranking suit in Vint.

    >>> longest_suit(Hand.parse("AK32.KQJ2.32.432"))
    <Suit.HEARTS: 'H'>
    """
    return max(PBN_SUITS, key=lambda s: suit_rank_key(hand, s))


def holds(hand: Hand, card: Card) -> bool:
    return card in hand


def guarded(hand: Hand, suit: Suit, rank: Rank, others: int) -> bool:
    """``hand`` holds ``rank`` in ``suit`` with at least ``others`` more cards of the suit (law 48)."""
    return Card(suit, rank) in hand and hand.length(suit) >= others + 1


# -- the words -------------------------------------------------------------------------------


class HasHand(Protocol):
    @property
    def hand(self) -> Hand: ...


def suit_arg(position: HasHand, args: Args, resolve: SuitResolver | None = None) -> Suit | None:
    """The suit a condition names: a letter (``S``), or a name the position resolves.

    Names such as ``partner`` or ``best`` go to ``resolve`` (the vocabulary's resolver);
    an unresolved name gives ``None``.
    """
    name = str(args.get("suit", "")).strip()
    if not name:
        raise TutorError("this feature needs a 'suit' argument (S, H, D, C or a named suit)")
    if len(name) == 1 and name.upper() in "SHDC":
        return Suit(name.upper())
    if resolve is None:
        raise TutorError(f"suit {name!r} cannot be resolved in this position")
    return resolve(position, name)


_READS_HAND = ReadsHand()


def _of_hand(fn: Callable[[Hand], FeatureValue]) -> Callable[[HasHand, Args], FeatureValue]:
    return lambda position, args: fn(position.hand)


def _hand(name: str, description: str, fn: Callable[[Hand], FeatureValue], short: str = "",
          realiser: PlaceCards | ReadsHand = _READS_HAND, *, nouns: tuple[str, str, str] | tuple[()] = (),
          clause: str = "") -> Word:
    """A feature of the hand alone: every decision kind with a hand may use it."""
    return feature(name, description, _of_hand(fn), HAND_KINDS, realiser=realiser, short=short, nouns=nouns,
                   clause=clause)


def _long_suits(position: HasHand, args: Args) -> int:
    minimum = int(args.get("min", 5))
    return sum(1 for s in PBN_SUITS if position.hand.length(s) >= minimum)


def _high_cards(position: HasHand, args: Args) -> int:
    wanted = {Rank.parse(ch) for ch in str(args.get("ranks", ""))}
    return sum(1 for c in position.hand.cards if c.rank in wanted)


def _holds(position: HasHand, args: Args) -> bool:
    return Card.parse(str(args.get("card", ""))) in position.hand


#: The features of the hand alone, for every vocabulary whose positions hold a hand.
HAND_WORDS: tuple[Word, ...] = (
    _hand("aces", "aces in the hand", aces, "aces", PlaceCards(Rank.ACE), nouns=('ace', 'aces', 'you hold')),
    _hand("kings", "kings in the hand", kings, "kings", PlaceCards(Rank.KING), nouns=('king', 'kings', 'you hold')),
    _hand("queens", "queens in the hand", queens, "queens", PlaceCards(Rank.QUEEN), nouns=('queen', 'queens', 'you hold')),
    _hand("jacks", "jacks in the hand", jacks, "jacks", PlaceCards(Rank.JACK), nouns=('jack', 'jacks', 'you hold')),
    _hand(
        "face_cards",
        "figures: kings, queens and jacks (aces not counted)",
        face_cards,
        "kings, queens and jacks",
        nouns=('king, queen or jack', 'kings, queens and jacks', 'you hold'),
    ),
    _hand(
        "sure_tricks",
        "sure tricks (верные взятки), the tutor's counting model",
        lambda hand: sure_tricks(hand).total,
        "sure tricks",
        nouns=('sure trick', 'sure tricks', 'your hand has'),
    ),
    _hand(
        "doubtful_tricks",
        "doubtful tricks: possible tricks the sure count leaves out",
        lambda hand: sure_tricks(hand).doubtful,
        "doubtful tricks",
        nouns=('doubtful trick', 'doubtful tricks', 'your hand has'),
    ),
    _hand(
        "longest_length",
        "length of the longest suit",
        lambda hand: max(hand.length(s) for s in PBN_SUITS),
        "cards in the longest suit",
        ReadsHand(counted=EverySuit("most")),
        nouns=('card in your longest suit', 'cards in your longest suit', 'you hold'),
    ),
    _hand(
        "shortest_length",
        "length of the shortest suit",
        lambda hand: min(hand.length(s) for s in PBN_SUITS),
        "cards in the shortest suit",
        ReadsHand(counted=EverySuit("fewest")),
        nouns=('card in your shortest suit', 'cards in your shortest suit', 'you hold'),
    ),
    _hand(
        "longest_suit",
        "the longest suit (ties: more honours, then higher in Vint)",
        lambda hand: longest_suit(hand).value,
    ),
    _hand(
        "honours_in_longest",
        "honours (A K Q J 10) in the longest suit",
        lambda hand: honours(hand, longest_suit(hand)),
    ),
    _hand("coronets", "coronets: suits with A K Q …, plus one for three or four aces", coronets),
    _hand(
        "max_suit_sure_tricks",
        "the most sure tricks in any one suit",
        lambda hand: max(s.total for s in sure_tricks(hand).suits),
        "sure tricks in the best suit",
        nouns=('sure trick in your best suit', 'sure tricks in your best suit', 'your hand has'),
    ),
    _hand(
        "ace_king_suits",
        "suits holding both the ace and the king",
        lambda hand: sum(1 for s in PBN_SUITS if Card(s, Rank.ACE) in hand and Card(s, Rank.KING) in hand),
        "suits with A and K",
        nouns=('suit with both ace and king', 'suits with both ace and king', 'you hold'),
    ),
    _hand(
        "guarded_kings",
        "kings with at least one more card of their suit (law 48)",
        lambda hand: sum(1 for s in PBN_SUITS if guarded(hand, s, Rank.KING, 1)),
        "kings not blank",
        nouns=('king that is not bare', 'kings that are not bare', 'you hold'),
    ),
    _hand(
        "doubleton_kings",
        "kings held doubleton (K x)",
        lambda hand: sum(1 for s in PBN_SUITS if Card(s, Rank.KING) in hand and hand.length(s) == 2),
        nouns=('king with one small card', 'kings with one small card', 'you hold'),
    ),
    feature(
        "long_suits",
        "suits of at least `min` cards (default 5)",
        _long_suits,
        HAND_KINDS,
        realiser=_READS_HAND,
        args=(Arg("min", "int", 5),),
        short="long suits",
        nouns=('long suit', 'long suits', 'you hold'),
    ),
    feature(
        "high_cards",
        "cards of the ranks in `ranks`, e.g. ranks: KQ",
        _high_cards,
        HAND_KINDS,
        realiser=_READS_HAND,
        args=(Arg("ranks", "ranks", REQUIRED),),
        short="kings and queens",
        nouns=('king or queen', 'kings and queens', 'you hold'),
    ),
    feature(
        "holds",
        "the hand holds `card` (e.g. card: SA)",
        _holds,
        HAND_KINDS,
        realiser=_READS_HAND,
        args=(Arg("card", "card", REQUIRED),),
    ),
)

#: The features of one suit of the hand: (name, description, value, how the learner reads it before the suit,
#: its nouns in a teacher's sentence, its clause when it is a yes/no feature, whether its value is the number
#: of the suit's cards held - its realiser then states the condition as cards).
_SUIT_FEATURES: tuple[tuple[str, str, Callable[[Hand, Suit], FeatureValue], str,
                            tuple[str, str, str] | tuple[()], str, bool], ...] = (
    (
        "guarded_jack",
        "the jack of `suit` with at least three more cards of it (law 48)",
        lambda hand, suit: guarded(hand, suit, Rank.JACK, 3),
        "the jack with three more cards in",
        (), 'you hold the jack with three more cards', False,
    ),
    (
        "figure_doubleton",
        "a doubleton king, queen or jack in the suit (K x, Q x, J x)",
        lambda hand, suit: (
            hand.length(suit) == 2 and any(c.rank in FACE_RANKS for c in hand.suit_cards(suit))
        ),
        "",
        (), '', False,
    ),
    ("length", "cards held in `suit`", length, "cards in", ('card in {suit}', 'cards in {suit}', 'you hold'), '', True),
    ("honours", "honours (A K Q J 10) held in `suit`", honours, "honours in", ('honour in {suit}', 'honours in {suit}', 'you hold'), '', False),
    ("coronet", "length of the coronet (A K Q …) in `suit`, 0 if none", coronet, "coronet in", ('coronet in {suit}', 'coronets in {suit}', 'you hold'), '', False),
    (
        "suit_sure_tricks",
        "sure tricks in `suit`",
        lambda hand, suit: suit_sure_tricks(hand, suit).total,
        "sure tricks in",
        ('sure trick in {suit}', 'sure tricks in {suit}', 'you hold'), '', False,
    ),
    ("holds_ace", "the ace of `suit` is held", lambda hand, suit: Card(suit, Rank.ACE) in hand, "the ace of", (), 'you hold the ace of {suit}', False),
    (
        "holds_king",
        "the king of `suit` is held",
        lambda hand, suit: Card(suit, Rank.KING) in hand,
        "the king of",
        (), 'you hold the king of {suit}', False,
    ),
    (
        "face_cards_outside",
        "kings, queens and jacks outside `suit`",
        lambda hand, suit: sum(1 for c in hand.cards if c.rank in FACE_RANKS and c.suit is not suit),
        "figures outside",
        ('figure outside {suit}', 'figures outside {suit}', 'you hold'), '', False,
    ),
)


def _of_suit(fn: Callable[[Hand, Suit], FeatureValue], resolve: SuitResolver) -> Callable[[HasHand, Args], FeatureValue]:
    def value(position: HasHand, args: Args) -> FeatureValue:
        suit = suit_arg(position, args, resolve)
        return 0 if suit is None else fn(position.hand, suit)
    return value


def suit_words(resolve: SuitResolver) -> tuple[Word, ...]:
    """The features of one suit, with the suit names of a vocabulary resolved by ``resolve``.

    They read the hand alone when the suit is a letter; a named suit (``partner``) needs the
    position's history, which the hand alone does not have. A feature that counts the suit's
    cards (``length``) says so in its realiser, which resolves a named suit with ``resolve``.
    """
    counts_suit = SuitCards(resolve)
    return tuple(feature(name, description, _of_suit(fn, resolve), HAND_KINDS,
                         realiser=ReadsHand(letter_suit_only=True, counted=counts_suit if counts else None),
                         args=(Arg("suit", "suit", REQUIRED),), suit_label=suit_label, nouns=nouns, clause=clause)
                 for name, description, fn, suit_label, nouns, clause, counts in _SUIT_FEATURES)


__all__ = [
    "FACE_RANKS", "HAND_KINDS", "HAND_WORDS", "SureTricks", "SuitTricks", "aces", "coronet", "coronets",
    "count_rank", "face_cards", "guarded", "holds", "honours", "jacks", "kings", "length",
    "longest_suit", "queens", "suit_arg", "suit_rank_key", "suit_sure_tricks", "suit_words", "sure_tricks",
]
