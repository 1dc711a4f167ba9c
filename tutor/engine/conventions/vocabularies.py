"""The two vocabularies of the convention language, assembled here and nowhere else.

* :data:`BIDDING` — the words of ``content/conventions/bidding.yaml`` (decision kind
  ``bid``): the hand features (:mod:`tutor.engine.conventions.hand_features`), the features of one
  suit with the bidding suit names (``partner``, ``best`` …), and the auction words
  of :mod:`tutor.engine.conventions.bidding_words`, :mod:`tutor.engine.conventions.negotiation` and
  :mod:`tutor.engine.conventions.slam_words` (law 36's negotiation to the slam);
* :data:`PLAY` — the words of ``content/conventions/play.yaml`` (``lead``,
  ``second-hand``, ``third-hand``, ``discard``): the same hand features, the suit
  features with the play roles as suit names, and the play words of
  :mod:`tutor.engine.conventions.play.features`, :mod:`tutor.engine.conventions.play.history`,
  :mod:`tutor.engine.conventions.play.choosers` and :mod:`tutor.engine.conventions.play.sequences`.

A new word is added by adding its record to one of those modules' ``WORDS`` and, if
the module is new, naming it below. Nothing registers on import.

>>> BIDDING.feature("aces").label, PLAY.feature("holding").role
('aces', 'feature')
>>> vocabulary_for("lead") is PLAY, vocabulary_for("bid") is BIDDING
(True, True)
"""

from __future__ import annotations

from tutor.engine import bidding
from tutor.engine.conventions import bidding_words as bidding_vocabulary
from tutor.engine.conventions import hand_features as features
from tutor.engine.conventions import negotiation, slam_words
from tutor.engine.conventions.kinds import PLAY_KINDS
from tutor.engine.conventions.play import choosers as play_choosers
from tutor.engine.conventions.play import features as play_features
from tutor.engine.conventions.play import history as play_history
from tutor.engine.conventions.play import sequences as play_sequences
from tutor.engine.conventions.play.holdings import PATTERNS
from tutor.engine.conventions.play.roles import ROLES, first_role_suit
from tutor.engine.conventions.vocabulary import Vocabulary, Word
from tutor.engine.errors import TutorError

BIDDING: Vocabulary = Vocabulary.of(
    (*features.HAND_WORDS, *features.suit_words(bidding.resolve_suit), *bidding_vocabulary.WORDS,
     *negotiation.WORDS, *slam_words.WORDS),
    suit_names=bidding.SUIT_NAMES,
)

PLAY: Vocabulary = Vocabulary.of(
    (*features.HAND_WORDS, *features.suit_words(first_role_suit), *play_features.WORDS, *play_history.WORDS,
     *play_sequences.WORDS, *play_choosers.WORDS),
    suit_names=ROLES,
    patterns=tuple(PATTERNS),
)

#: Which vocabulary a decision kind's rules are written in.
BY_KIND: dict[str, Vocabulary] = {bidding.KIND: BIDDING, **{kind: PLAY for kind in PLAY_KINDS}}


def vocabulary_for(kind: str) -> Vocabulary:
    """The vocabulary rules of decision ``kind`` are written in."""
    if kind not in BY_KIND:
        raise TutorError(f"no vocabulary for decision kind {kind!r}; known: {', '.join(BY_KIND)}")
    return BY_KIND[kind]


def all_words() -> tuple[Word, ...]:
    """Every word of every vocabulary (a word both share, such as ``aces``, once per vocabulary)."""
    return (*BIDDING.words.values(), *PLAY.words.values())


__all__ = ["BIDDING", "BY_KIND", "PLAY", "all_words", "vocabulary_for"]
