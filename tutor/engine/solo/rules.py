"""Solo Whist's switchable rules: the seed's reading by default, usual English rules as variants.

The seed (``002``, l.1–97) is silent or ambiguous on several points (the digest's
§7). The tutor's reading is the default and is stated in the laws
(``content/_parts/rules-solo.yaml``); where the rules usually played in England
differ, the other choice is a named variant. Code reads the choice from
:class:`SoloRules`; it never tests a variant's name.

>>> SoloRules().all_pass
<AllPass.REDEAL: 'redeal'>
>>> SoloRules.with_variants({"failure-pays-stake": "english"}).failure_pays_stake
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from tutor.engine.rules import THAI, Option, OptionValue, Source, Variant, with_variants
from tutor.engine.solo import laws


class AllPass(enum.Enum):
    """What happens when nobody bids (the seed is silent: solo-18)."""

    REDEAL = "redeal"            # thrown in; the next player clockwise deals (tutor's reading)
    SAME_DEALER = "same-dealer"  # thrown in; the same dealer shuffles and deals again


@dataclass(frozen=True)
class SoloRules:
    """Every Solo Whist choice where the seed is silent or differs from usual English rules."""

    # l.31: the proposer of an unaccepted proposal "must change it to a higher one".
    # English rules usually let him withdraw instead (then the deal is thrown in).
    unaccepted_may_withdraw: bool = False
    # l.41: abundance in trumps cannot be bid "without the previous game" (an abundance).
    # English rules usually let a player bid it directly.
    abundance_in_trumps_direct: bool = False
    # l.49: declared abundance is played without trumps. English rules often let
    # the bidder name trumps.
    declared_abundance_names_trumps: bool = False
    # seed silent (solo-18): the deal is thrown in and dealt again.
    all_pass: AllPass = AllPass.REDEAL
    # l.55-59 as printed: a failed proposal, solo or abundance costs only the
    # per-trick amount; English rules usually make the loser pay the stake too.
    failure_pays_stake: bool = False
    # l.55: each partner of a made proposal receives 1 point "from the opponents":
    # tutor's reading, 1 in all (each opponent pays 1); variant, 1 from each opponent.
    proposal_paid_by_each_opponent: bool = False

    @classmethod
    def with_variants(cls, choices: Mapping[str, str]) -> SoloRules:
        """Rules with the named variants switched to the named options."""
        return with_variants(cls(), choices, _BY_NAME, "Solo Whist")

    def variant_choices(self) -> dict[str, str]:
        return {v.name: v.option_of(self) for v in SOLO_VARIANTS}


def _variant(name: str, attribute: str, law: str, description: str,
             **options: tuple[str, OptionValue, str]) -> Variant:
    """A Solo Whist variant; each option is (label, value, the seed lines it rests on)."""
    return Variant(name, attribute, law, "", description,
                   {key: Option(label, value, (Source(THAI, ref),) if ref else ())
                    for key, (label, value, ref) in options.items()})


SOLO_VARIANTS: tuple[Variant, ...] = (
    _variant("unaccepted-proposal", "unaccepted_may_withdraw", laws.LAW_UNACCEPTED,
             "An unaccepted proposal: must the proposer raise, or may he withdraw?",
             seed=("he must raise it to a higher game", False, "l.31"),
             english=("he may raise or withdraw; if he withdraws the deal is thrown in", True, "")),
    _variant("abundance-in-trumps", "abundance_in_trumps_direct", laws.LAW_ABUNDANCE_IN_TRUMPS,
             "May abundance in trumps be bid without an abundance before it?",
             seed=("only over an abundance (tutor's reading)", False, "l.41"),
             english=("at any turn, like any other game", True, "")),
    _variant("declared-abundance-trumps", "declared_abundance_names_trumps", laws.LAW_DECLARED_ABUNDANCE,
             "Declared abundance: without trumps, or with trumps the bidder names?",
             seed=("no trumps", False, "l.49"),
             english=("the bidder names trumps when his bid stands", True, "")),
    _variant("all-pass", "all_pass", laws.LAW_ALL_PASS,
             "Everybody passes: who deals next? (the rules are silent)",
             seed=("the deal is thrown in; the next player clockwise deals (tutor's reading)",
                   AllPass.REDEAL, ""),
             **{"same-dealer": ("the deal is thrown in; the same dealer deals again", AllPass.SAME_DEALER, "")}),
    _variant("failure-pays-stake", "failure_pays_stake", laws.LAW_SETTLE_SOLO,
             "A failed proposal, solo or abundance: the per-trick amount only, or the stake too?",
             seed=("only the amount per missing trick, as printed", False, "l.55-59"),
             english=("the stake plus the amount per missing trick", True, "")),
    _variant("proposal-payment", "proposal_paid_by_each_opponent", laws.LAW_SETTLE_PROPOSAL,
             "A made proposal: does each partner receive 1 in all, or 1 from each opponent?",
             seed=("1 in all, paid by the opponents (tutor's reading)", False, "l.55"),
             **{"each-opponent": ("1 from each opponent", True, "")}),
)
_BY_NAME = {v.name: v for v in SOLO_VARIANTS}
