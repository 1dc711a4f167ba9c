"""The rules object: every figure and choice where the sources disagree.

The numbered book (seed ``000``, mirrored by the Thai ``002``) is the default;
each other reading is a named *variant* that a learner may switch on. Both are
cited here, and the law each variant changes (``Variant.law``) carries the same
conflict in ``content/rules.yaml`` (a variant or note naming the digest's conflict
number, or the variant's own name), so the learner reads what the engine uses.

Code never tests ``if variant == …``: it reads the figure from :class:`Rules`.

>>> Rules().partie_bonus
1000
>>> Rules.with_variants({"partie-bonus": "summaries"}).partie_bonus
100
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal, TypeVar

from tutor.engine.errors import TutorError, echo, law_in_words

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

#: Each frozen rules dataclass: Vint's :class:`Rules`, Solo Whist's ``SoloRules``.
R = TypeVar("R", bound="DataclassInstance")

#: The options of the variants whose figure is a word, not a number (compared, never spelt freely).
PassedOut = Literal["x_mark", "play_out"]
NtAcesInOneHand = Literal["both", "coronet_only"]
PlayedOutExtra = Literal["difference", "over_six"]
AkqLead = Literal["ace", "king"]
AceFourthHonours = Literal["Q-or-J", "Q-and-J"]
AqLeadPartnerKing = Literal["ace", "small"]
TrumpLeadsAfterBothFollow = Literal["continue", "stop"]
SmallGameTrumpLeads = Literal["never", "unless-strong"]
SupportRaise = Literal["ask-first", "at-once"]
#: A variant option's figure: a count, a word above, a table of values, or an enum member (Solo Whist's).
OptionValue = int | str | tuple[int, ...] | enum.Enum

#: Tricks a contract needs beyond its level (law 31: a contract of level L needs 6 + L tricks).
BOOK_TRICKS = 6

BOOK = "000_3fb8f71f4f530558.txt"
THAI = "002_c68374d8f015d64a.txt"
RUSSIAN = "001_44755bf0242566a8.txt"
ENGLISH = "004_8a8a8b8ede34bbe0.txt"


@dataclass(frozen=True)
class Rules:
    """Every switchable figure of the game, with the book's value as default."""

    # The auction ends after this many passes in a row following the last bid
    # (tutor's reading of laws 49 and 76: all four pass twice).
    auction_end_passes: int = 8
    # What happens when all four pass with no bid: "x_mark" (re-deal, an X is
    # written: scoring 8) or "play_out" (the deal is played: scoring 10).
    passed_out: PassedOut = "x_mark"
    # Points below the line that finish a partie (note 9, scoring 4).
    partie_target: int = 500
    # Bonus above the line for finishing a partie, and the rubber (scoring 7).
    partie_bonus: int = 1000
    rubber_bonus: int = 2000
    # Values of successive X marks, repeating as a cycle (scoring 8 and 9).
    x_values: tuple[int, ...] = (500,)
    # Value of each ace at no-trumps, by level 1..7 (scoring 17).
    nt_ace_values: tuple[int, ...] = (250, 500, 750, 1000, 1250, 1500, 1750)
    # Penalty to the opponents for the dealer's unnoticed 14th card (law 24).
    dealer_extra_card_penalty: int = 2000
    # Played-out passed deal: points per extra trick (scoring 10).
    played_out_trick_value: int = 500
    # Tricks a revoke costs, and the most the revoking side may hold below the
    # line after that deal (laws 148 and 151).
    revoke_tricks: int = 3
    revoke_below_cap: int = 490
    # -- Scoring figures of the book ("Calculations and records"), read by
    # tutor.engine.scoring. Rates are per level of the contract (1 = simple ... 7).
    # Each trick below the line: 10 x level (scoring 5: 10 ... 70).
    trick_value: int = 10
    # Each honour, and each ace in a trump game: 100 x level (scoring 11, 14).
    honour_value: int = 100
    # Each trick short, written by the opponents: 1000 x level (scoring 21).
    penalty_value: int = 1000
    # Coronets A-K-Q, to the J, ... to the 2 (scoring 18): plain suits; the trump
    # suit and every suit at no-trumps.
    coronet_plain: tuple[int, ...] = (500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 5500)
    coronet_trump: tuple[int, ...] = (1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000)
    # Three and four aces in one hand (scoring 18): in a trump game, at no-trumps.
    aces_coronet_plain: tuple[int, int] = (500, 1000)
    aces_coronet_nt: tuple[int, int] = (1000, 2000)
    # Slam bonuses (scoring 19, 22): declared small and grand; made small and grand.
    slam_declared_bonus: tuple[int, int] = (5000, 10000)
    slam_made_bonus: tuple[int, int] = (1000, 2000)
    # At no-trumps, three or four aces in one hand score the aces (scoring 17) and
    # the coronet (scoring 18), "both"; or the coronet only (C18, tutor's reading).
    nt_aces_in_one_hand: NtAcesInOneHand = "both"
    # Played-out passed deal: "extra" tricks are the majority's tricks minus the
    # minority's ("difference", tutor's reading) or beyond six ("over_six", C27).
    played_out_extra: PlayedOutExtra = "difference"
    # -- Play conventions (laws 79-166; the play trainer, tutor.engine.conventions.play.features).
    # Leading from A K Q (C17): law 86 "ace" (book); the summary line's "king".
    akq_lead: AkqLead = "ace"
    # The A-Q "cut" holding of law 139 (C12): four cards, "A Q with two more" (book),
    # or three, "A Q third" (Russian summary).
    cut_aq_length: int = 4
    # ≈93, leading from the ace fourth (C16): "Q-or-J" (Russian summary, which keeps
    # the lost lead list) or "Q-and-J" (Romanian summary).
    ace_fourth_honours: AceFourthHonours = "Q-or-J"
    # Law 134 (C8): A Q + 1-2 at one's own no-trumps, partner showed the king:
    # lead the "ace" then the queen (book) or a "small" card (Russian summary).
    aq_lead_partner_king: AqLeadPartnerKing = "ace"
    # Law 129 (C9): after two rounds of trumps both opponents followed to:
    # "continue" leading trumps (book) or "stop" (Russian summary).
    trump_leads_after_both_follow: TrumpLeadsAfterBothFollow = "continue"
    # Law 118 (C28): no trump leads in a simple game or "two": "never" (book) or
    # "unless-strong" (Russian summary: "in the opposite case you may").
    small_game_trump_leads: SmallGameTrumpLeads = "never"
    # Law 136 (C11): without the ace, lead the queen "under" LHO's shown king from
    # Q J and two more cards, 4 (book), or "Q J third", 3 (Russian summary).
    qj_through_king_length: int = 4
    # -- Bidding conventions that collide (laws 49-50 against ≈57): with support and three sure tricks
    # over partner's suit at the one level, "ask-first" (book: law 49 passes to learn whether the suit
    # is independent, law 50 waits for the whole showing) or raise "at-once" (≈57, Russian summary).
    support_raise: SupportRaise = "ask-first"

    def trick_points(self, level: int) -> int:
        """Points below the line for each trick of a contract of ``level`` (scoring 5: 10 × level)."""
        return self.trick_value * level

    def contract_points(self, level: int) -> int:
        """Points below the line for making a contract of ``level`` exactly: its 6 + level tricks."""
        return (BOOK_TRICKS + level) * self.trick_points(level)

    @classmethod
    def with_variants(cls, choices: Mapping[str, str]) -> Rules:
        """Rules with the named variants switched to the named options."""
        return with_variants(cls(), choices, VARIANTS_BY_NAME, "Vint")

    def variant_choices(self) -> dict[str, str]:
        """The option of every variant these rules use (``book`` where default)."""
        return {v.name: v.option_of(self) for v in VARIANTS}


@dataclass(frozen=True)
class Source:
    """A citation: a seed file and a reference inside it (law number and lines)."""

    file: str
    ref: str

    def __str__(self) -> str:
        return f"{self.file} {self.ref}"


@dataclass(frozen=True)
class Option:
    """One reading of a variant: its figure and where it comes from."""

    label: str
    value: OptionValue
    sources: tuple[Source, ...]


@dataclass(frozen=True)
class Variant:
    """A point where the sources disagree: the ``book`` option plus the others."""

    name: str
    attribute: str
    law: str
    conflict: str
    description: str
    options: Mapping[str, Option] = field(default_factory=dict)

    def apply(self, rules: R, option: str) -> R:
        """``rules`` (any frozen rules dataclass) with this variant set to ``option``."""
        if option not in self.options:
            known = ", ".join(self.options)
            raise TutorError(f"variant {self.name!r} has no option {echo(option)}; expected one of {known} "
                             f"({law_in_words(self.law)})")
        return replace(rules, **{self.attribute: self.options[option].value})

    def option_of(self, rules: object) -> str:
        value = getattr(rules, self.attribute)
        for key, option in self.options.items():
            if option.value == value:
                return key
        return "custom"


def variant_named(name: str, table: Mapping[str, Variant] | None = None, game: str = "Vint") -> Variant:
    """The variant called ``name`` in ``table`` (Vint's by default); unknown is a :class:`TutorError`."""
    table = VARIANTS_BY_NAME if table is None else table
    if name not in table:
        raise TutorError(f"unknown {game} variant {echo(name)}; known variants: {', '.join(table)}")
    return table[name]


def with_variants(defaults: R, choices: Mapping[str, str], table: Mapping[str, Variant], game: str) -> R:
    """``defaults`` with each named variant of ``table`` switched to the chosen option."""
    rules = defaults
    for name, option in choices.items():
        rules = variant_named(name, table, game).apply(rules, option)
    return rules


def _v(name: str, attribute: str, law: str, conflict: str, description: str,
       **options: tuple[str, OptionValue, tuple[Source, ...]]) -> Variant:
    return Variant(name, attribute, law, conflict, description,
                   {k: Option(*v) for k, v in options.items()})


VARIANTS: tuple[Variant, ...] = (
    _v("auction-end", "auction_end_passes", "law-76", "",
       "How many passes in a row, after the last bid, end the auction.",
       book=("eight passes (tutor's reading of laws 49 and 76)", 8,
             (Source(BOOK, "law 49, l.137-157; law 76, l.171"),)),
       moscow_1886=("twelve passes (1886 Moscow rules, per pagat.com)", 12, ())),
    _v("passed-out", "passed_out", "scoring-8", "C22",
       "What happens when all four players pass without a bid.",
       book=("re-deal and write an X", "x_mark", (Source(BOOK, "scoring 8, l.395"),)),
       play_out=("play the deal out by agreement", "play_out",
                 (Source(BOOK, "scoring 10, l.399"), Source(RUSSIAN, "l.209")))),
    _v("partie-bonus", "partie_bonus", "scoring-7", "C1",
       "Bonus above the line for finishing a partie.",
       book=("1000", 1000, (Source(BOOK, "scoring 7, l.393"), Source(THAI, "scoring 7, l.781"))),
       summaries=("100", 100, (Source(BOOK, "summary l.730, l.804"), Source(ENGLISH, "l.148")))),
    _v("x-values", "x_values", "scoring-9", "C2",
       "Value of successive X marks (passed-out deals) for the rubber's winner.",
       book=("500 each", (500,), (Source(BOOK, "scoring 8, l.395"),)),
       vint_signs=("500, 1000, 1500, then again", (500, 1000, 1500),
                   (Source(BOOK, "scoring 9, l.397"), Source(THAI, "scoring 9, l.785"))),
       summaries=("500, 1000 alternating", (500, 1000),
                  (Source(BOOK, "summary l.732, l.810"), Source(ENGLISH, "l.151")))),
    _v("nt-ace-three", "nt_ace_values", "scoring-17", "C3",
       "Value of each ace at no-trumps in a game of three.",
       book=("750 (250 per level)", (250, 500, 750, 1000, 1250, 1500, 1750),
             (Source(BOOK, "scoring 17, l.413"), Source(THAI, "scoring 17, l.801"))),
       summaries=("700", (250, 500, 700, 1000, 1250, 1500, 1750),
                  (Source(BOOK, "summary l.739, l.818"), Source(ENGLISH, "l.155")))),
    _v("dealer-14th-card", "dealer_extra_card_penalty", "law-24", "C4",
       "Penalty the opponents write when the dealer held an unnoticed 14th card.",
       book=("2000", 2000, (Source(BOOK, "law 24, l.77"), Source(THAI, "law 24, l.465"))),
       summaries=("20", 20, (Source(BOOK, "summary l.564, l.763"), Source(ENGLISH, "l.108")))),
    _v("four-aces-nt", "nt_aces_in_one_hand", "scoring-18", "C18",
       "At no-trumps, three or four aces in one hand: aces and coronet, or coronet only.",
       book=("both the aces and the coronet (tutor's reading)", "both",
             (Source(BOOK, "scoring 17-18, l.413-423"),)),
       coronet_only=("the coronet only", "coronet_only", (Source(RUSSIAN, "item 18, l.427-429"),))),
    _v("played-out-extra", "played_out_extra", "scoring-10", "C27",
       "Played-out passed deal: what the 'extra' tricks are counted from.",
       book=("the majority's tricks minus the minority's (tutor's reading)", "difference",
             (Source(BOOK, "scoring 10, l.399"), Source(RUSSIAN, "item 11, l.421"))),
       over_six=("tricks beyond six", "over_six",
                 (Source(BOOK, "summary l.733, l.808"), Source(ENGLISH, "l.150")))),
    # -- play conventions (content/conventions/play.yaml)
    _v("akq-lead", "akq_lead", "law-86", "C17",
       "Leading from A K Q and more: the ace, or the king (a doubtful summary line).",
       book=("the ace, then king and queen", "ace",
             (Source(BOOK, "law 86, l.195"), Source(THAI, "law 86, l.583"), Source(RUSSIAN, "item 8, l.227"))),
       summary=("the king, then a small card if not covered", "king", (Source(BOOK, "summary l.626"),))),
    _v("cut-aq-length", "cut_aq_length", "law-139", "C12",
       "The A-Q holding that cuts under partner's jack: with two more cards, or third.",
       book=("A Q with two more cards", 4,
             (Source(BOOK, "laws 139-140, l.263-265"), Source(THAI, "laws 139-140, l.651-653"))),
       russian=("A Q third", 3, (Source(RUSSIAN, "cutting 2-3, l.347-349"), Source(BOOK, "summary l.688")))),
    _v("ace-fourth-lead", "ace_fourth_honours", "law-r93", "C16",
       "Leading from the ace fourth: the ace with the queen or the jack, or with both.",
       book=("A with Q or J, fourth (Russian summary, which keeps the lost page)", "Q-or-J",
             (Source(RUSSIAN, "item 15, l.235"),)),
       romanian_summary=("A, Q and J fourth", "Q-and-J", (Source(BOOK, "summary l.631"),))),
    _v("aq-lead-partner-king", "aq_lead_partner_king", "law-134", "C8",
       "A Q and one or two more at one's own no-trumps, partner showed the king: what to lead.",
       book=("the ace, then the queen", "ace", (Source(BOOK, "law 134, l.251"), Source(THAI, "law 134, l.639"))),
       russian=("a small card", "small", (Source(RUSSIAN, "item 30, l.305"),))),
    _v("trump-leads-after-both-follow", "trump_leads_after_both_follow", "law-129", "C9",
       "After designation and support, both opponents followed to trumps: lead more trumps or stop.",
       book=("more trump leads are needed", "continue", (Source(BOOK, "law 129, l.241"), Source(THAI, "law 129, l.629"))),
       russian=("further trump leads are inexpedient", "stop", (Source(RUSSIAN, "l.299"),))),
    _v("small-game-trump-leads", "small_game_trump_leads", "law-118", "C28",
       "Trump leads in a simple game or 'two': never, or allowed when the trumps are strong.",
       book=("never lead trumps", "never", (Source(BOOK, "law 118, l.219"), Source(THAI, "law 118, l.607"))),
       russian=("may lead trumps in the opposite case (strong trumps)", "unless-strong",
                (Source(RUSSIAN, "item 15, l.277"),))),
    _v("support-raise", "support_raise", "law-r57", "",
       "Partner's suit at the one level, your support and three sure tricks: pass to ask first (laws 49, 50), "
       "or raise to 'three' at once (≈57).",
       book=("pass to ask while partner shows his suits; after law 50's short suits 'two' in the best of them",
             "ask-first", (Source(BOOK, "law 49, l.139-141"), Source(BOOK, "law 50, l.159"),
                           Source(THAI, "law 50, l.547"))),
       russian=("raise to 'three' at once ('almost obligatory')", "at-once",
                (Source(RUSSIAN, "item 12, l.171"), Source(BOOK, "summary l.602")))),
    _v("qj-through-king", "qj_through_king_length", "law-136", "C11",
       "Without the ace, the Q-J holding that leads the queen through a king shown for no-trumps.",
       book=("Q J and two more cards", 4, (Source(BOOK, "law 136, l.255"), Source(THAI, "law 136, l.643"))),
       russian=("Q J third", 3, (Source(RUSSIAN, "item 32, l.309"),))),
)
VARIANTS_BY_NAME: dict[str, Variant] = {v.name: v for v in VARIANTS}
