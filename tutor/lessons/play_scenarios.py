"""Positions for the play drills, built from a convention's own conditions.

A drill for a play convention needs a deal, an auction and a play prefix in which
the convention applies. This module reads the rule's situation and conditions —
the contract level and strain, who named which suits, the holding the player must
have in which suit, the card led, whether partner has discarded, the score — and
draws a random position that meets them:

* the **layout** (which seat decides and which tricks come first) follows from the
  situation: an opening lead, second hand or third hand to the opening lead, a
  defender on lead at trick 3 after two scripted tricks, the declarer on lead after
  winning trick 1 (and after two rounds of trumps), a second discard at trick 2,
  fourth hand to partner's winning card (≈107), law 141's second cut (the jack lost,
  then a small card led again);
* the **auction** names exactly the suits the conditions need, in a legal Vint order,
  and ends with the contract and eight passes;
* the **learner's hand** holds each required holding exactly, the other suits filled
  at random; the other hands are random around the cards the prefix needs.

Every draw is then audited by :mod:`tutor.lessons.play_drill`; a draw that does not
give the rule a single book-correct answer is thrown away and the next one drawn
from the same ``random.Random``, so a seed always gives the same drill.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tutor.engine.auction import Auction
from tutor.engine.calls import Bid, Contract, Pass, Strain
from tutor.engine.cards import PBN_SUITS, Card, Hand, Rank, Seat, Side, Suit
from tutor.engine.conventions import Rule
from tutor.engine.dealgen import CardCount, constrained_deal
from tutor.engine.play_features import RUN_ROLES, PlayChoice
from tutor.engine.play_holdings import matches
from tutor.engine.play_position import PlayPosition
from tutor.engine.rules import Rules
from tutor.engine.tricks import TrickPlay
from tutor.lessons.play_draft import (
    LADDER,
    SMALL,
    Draft,
    Needs,
    Rejected,
    needs_of,
    sample_holding,
    spare_small,
    suit_cards,
)
from tutor.lessons.play_rules import drill_hints

#: Features read from partner's discards over several tricks (laws 163, 166).
DISCARD_SHOWS = frozenset({"partner_showed_sure_suit", "partner_showed_no_sure_tricks"})


#: The continuations (tutor.engine.play_sequences): the role or feature a rule names -> its layout.
_CONTINUATIONS = {"ak_fourth_cashed": "ak_fourth_run", "akx_king_led": "akx_switch",
                  "partner_akx_signal": "partner_akx", "declarer_void_in_partners_suit": "declarer_shows_out",
                  "partner_blank_honour": "slam_void_pass"}


def choose_layout(rule: Rule, needs: Needs) -> str:
    if rule.situation == "lead":
        for role, layout in _CONTINUATIONS.items():  # a lead that goes on from earlier leads
            if needs.named.get(role) or role in needs.flags:
                return layout
        if any(needs.named.get(role) for role in RUN_ROLES):  # the player's own coronet run (133, ≈109)
            return "coronet_run"
        if rule.situation_args.get("side") == "declarer":
            if "supporter_ruffed_twice" in needs.flags:
                return "ruff_history"
            if "trump_rounds" in needs.flags:
                return "trump_rounds"
            is_declarer = needs.flags.get("is_declarer")
            return "partner_lead" if is_declarer is not None and not is_declarer[1] else "declarer_lead"
        if DISCARD_SHOWS & set(needs.flags):
            return "discard_history"
        avoiding = rule.chooser == "lead_avoiding" and rule.chooser_args.get("suits") == "trump"
        later = "partner_discarded" in needs.flags or "tricks_played" in needs.flags  # not the opening lead
        return "d2_lead" if later or avoiding else "opening"
    if rule.situation == "second_hand":
        return "second_cut" if "jack_cut_lost_to_lho" in needs.flags else "second"
    if rule.situation == "third_hand":
        return "third_show_out" if "lho_shown_out" in needs.flags else "third"
    if needs.flags.get("discards_made", ("==", 0))[1] >= 1 or (
            rule.chooser == "discard" and rule.chooser_args.get("how", "weakest") != "weakest"):
        return "second_discard"
    place = int(rule.situation_args.get("place", 3))
    if place == 3 and needs.flags.get("is_declarer") == ("==", False):  # law 112: the supporter, third
        return "declarer_leads"
    return {2: "second", 3: "third", 4: "fourth"}[place]


def draft_for(rule: Rule, rng: random.Random, rules: Rules) -> Draft:
    """Seats, contract and layout for one draw."""
    needs = needs_of(rule)
    layout = choose_layout(rule, needs)
    lo, hi = needs.level
    if lo <= 5:
        hi = min(hi, 5)  # drills stay below the slams unless the rule is about them
    level = rng.randint(lo, hi)
    if layout == "discard_history" and needs.strain == "any":
        strain = Strain.NO_TRUMPS if rng.random() < 0.5 else Strain.of_suit(rng.choice(PBN_SUITS))
    elif needs.strain == "nt" or (needs.strain == "any" and layout in ("d2_lead", "second_discard")
                                and rule.chooser != "discard" and rng.random() < 0.8):
        strain = Strain.NO_TRUMPS
    elif needs.strain == "suit" or rng.random() < 0.6:
        strain = Strain.of_suit(rng.choice(PBN_SUITS))
    else:
        strain = Strain.NO_TRUMPS
    if rule.chooser == "discard" and needs.strain == "any" and layout != "second_discard":
        strain = Strain.NO_TRUMPS if rng.random() < 0.7 else strain
    declarer = rng.choice((Seat.N, Seat.E, Seat.S, Seat.W))
    learner_role = {"opening": "D1", "second": "P", "third": "D2", "d2_lead": "D2", "declarer_lead": "declarer",
                    "partner_lead": "P", "trump_rounds": "declarer", "second_discard": "D2",
                    "discard_history": "D2", "ruff_history": "P", "second_cut": "P", "fourth": "declarer",
                    "coronet_run": "D1", "third_show_out": "D2", "ak_fourth_run": "D1", "akx_switch": "D1",
                    "partner_akx": "D2", "declarer_shows_out": "D2", "declarer_leads": "P",
                    "slam_void_pass": "declarer"}[layout]
    d = Draft(rng, rules, declarer, declarer, strain, level, layout, max_level=hi)
    d.learner = d.seat(learner_role)
    return d


def build(rule: Rule, rng: random.Random, rules: Rules, conventions: Sequence[Rule]) -> PlayPosition:
    """One random position meeting ``rule``'s conditions (raises :class:`Rejected` when a draw fails)."""
    needs = needs_of(rule)
    d = draft_for(rule, rng, rules)
    _assign_suits(d, rule, needs)
    _place_holdings(d, rule, needs)
    _prepare_layout(d, needs)
    hand = _learner_hand(d)
    fixed = {s: list(c) for s, c in d.fixed.items()}
    fixed[d.learner] = list(hand.cards)
    deal = constrained_deal(rng, d.limits, fixed, attempts=500)
    auction = _auction(d, needs)
    contract = auction.contract
    if contract is None or contract != Contract(Bid(d.level, d.strain), d.declarer):
        raise Rejected("the auction did not end in the drawn contract")
    play = TrickPlay(deal, contract.trump, d.declarer.lho)
    for seat, spec in d.script:
        card = spec if isinstance(spec, Card) else _scripted(play, seat, spec, conventions, auction, deal, d)
        if not play.can_play(card, seat):
            raise Rejected(f"scripted {seat.value}:{card} is not legal here")
        play.play(card, seat)
    if play.to_play is not d.learner:
        raise Rejected("the script did not bring the learner to play")
    return PlayPosition.from_play(deal, auction, play, below=dict(d.below), rules=rules,
                                  conventions=tuple(conventions))


def _scripted(play: TrickPlay, seat: Seat, spec: str, conventions: Sequence[Rule], auction: Auction,
              deal: Any, d: Draft) -> Card:
    legal = sorted(play.legal_cards(), key=lambda c: (c.rank, c.suit.value))
    if spec == "lowest":
        return legal[0]
    if spec == "book":  # the learner's own earlier decision: what the book says
        from tutor.engine.conventions import evaluate

        position = PlayPosition.from_play(deal, auction, play, rules=d.rules, conventions=tuple(conventions))
        advice = evaluate(conventions, position, position.kind)
        if advice is not None and isinstance(advice.answer, PlayChoice):
            return advice.answer.card
        options = [c for c in legal if c.suit is not d.trump] or legal
        return options[0]
    raise Rejected(f"unknown script step {spec!r}")


def _assign_suits(d: Draft, rule: Rule, needs: Needs) -> None:
    """Choose the led suit and the suits the auction must name."""
    rng = d.rng
    if d.layout in ("second", "third", "second_discard", "second_cut", "fourth", "third_show_out",
                    "declarer_leads"):
        if needs.led_is == "trump":
            d.suits["led"] = d.trump if d.trump else Suit.SPADES
        else:
            d.suits["led"] = d.free_suit()
        if rule.situation == "cannot_follow" or d.layout == "second_discard":
            d.void.add(d.suits["led"])
    if needs.named.get("partner") or "partner" in {r for r, _, _ in needs.holdings}:
        d.suits["partner"] = d.free_suit()
    if needs.led_is == "rho_unsupported":
        d.suits["rho_unsupported"] = d.suits["led"]
    if needs.led_is == "partner_other":  # laws 112, ≈107: partner named the suit led
        d.suits["partner_other"] = d.suits["led"]
    if d.layout == "second_cut":  # law 141: the suit the right-hand opponent regains the lead in
        d.suits["Y"] = d.free_suit()
    if needs.named.get("lho_unsupported") or any(r == "lho_unsupported" for r, _, _ in needs.holdings):
        d.suits["lho_unsupported"] = d.free_suit()
    if needs.named.get("rho"):
        if d.learner.rho is not d.declarer or d.trump is None or rng.random() < 0.5:
            d.suits["rho"] = d.free_suit()
        else:
            d.suits["rho"] = d.trump
    if "partner_named_three" in needs.flags:
        led = d.suits["led"]
        d.suits["three"] = led  # marker: the partner names the other three
    if needs.named.get("partner_other"):  # law 125: partner's second suit, which the learner lacks
        d.suits["partner_other"] = d.free_suit()
    if "opponents_two_suits_one_supported" in needs.flags:  # law 135: the suit the supporter did not bid
        d.suits["two_suiter_other"] = d.free_suit()
    if needs.named.get("partner_after_nt"):
        d.suits["partner_after_nt"] = d.free_suit()
    if needs.named.get("lho_after_partner_nt"):  # law 136: the king shown for partner's no-trumps
        d.suits["lho_after_partner_nt"] = d.free_suit()
        d.give(d.rel("lho"), Card(d.suits["lho_after_partner_nt"], Rank.KING))  # he does hold it
    if d.layout in ("d2_lead", "declarer_lead", "partner_lead", "trump_rounds"):
        d.suits["N"] = d.free_suit()
    if d.layout == "d2_lead":
        d.suits["M"] = d.free_suit()
    if needs.flags.get("partner_discarded", ("==", False))[1]:
        d.suits["partner_discarded"] = d.free_suit()
    if d.layout == "coronet_run":  # the side suit the learner cashes his coronet in
        d.suits["coronet"] = d.free_suit()
    _assign_continuation_suits(d)
    if d.layout == "discard_history":
        # L: the suit the declarer runs (trumps in a suit contract); N and M as in d2_lead;
        # the fourth suit is partner's sure suit (163) or the right-hand opponent's ace (166)
        d.suits["L"] = d.trump if d.trump is not None else d.free_suit()
        d.suits["N"] = d.free_suit()
        d.suits["M"] = d.free_suit()
        d.suits["partner_sure_shown" if "partner_showed_sure_suit" in needs.flags else "Z"] = d.free_suit()


def _assign_continuation_suits(d: Draft) -> None:
    """The suits of the continuations' layouts (≈92, ≈88, 135's mid-play trump lead)."""
    if d.layout == "ak_fourth_run":  # A K and two to four small cards, no queen
        suit = d.suits["ak_fourth_cashed"] = d.free_suit()
        smalls = d.rng.sample(SMALL, d.rng.randint(2, 4))
        d.hold(suit, sorted([Rank.ACE, Rank.KING, *map(Rank, smalls)], reverse=True))
    elif d.layout == "akx_switch":
        d.suits["akx_king_led"] = d.free_suit()
    elif d.layout == "partner_akx":
        d.suits["partner_akx_signal"] = d.free_suit()
        d.suits["M"] = d.free_suit()
    elif d.layout == "declarer_shows_out":
        d.suits["dec_partner_suit"] = d.free_suit()
        d.suits["Y"] = d.free_suit()
    elif d.layout == "slam_void_pass":  # X: partner's singleton honour; N: trick 1; Y: the lead passed
        for key in ("partner_blank_honour", "N", "Y"):
            d.suits[key] = d.free_suit()


def _role_suit(d: Draft, role: str) -> Suit:
    if role in ("any", "side"):
        suit = d.free_suit()
        d.suits[f"any{len(d.suits)}"] = suit
        return suit
    if role == "trump":
        if d.trump is None:
            raise Rejected("no trump suit")
        return d.trump
    if role == "rho_unsupported" and role not in d.suits:
        return d.suits["led"]
    if role not in d.suits:
        raise Rejected(f"no suit assigned to role {role!r}")
    return d.suits[role]


def _place_holdings(d: Draft, rule: Rule, needs: Needs) -> None:
    """The learner's required holdings, exact; prohibitions get a tempting holding in the forbidden suit."""
    rng = d.rng
    for role, pattern, wanted in needs.holdings:
        if not wanted or role == "rho_discarding":  # known only once the history is played
            continue
        if role == "any" and rule.chooser == "lead_avoiding" and rule.chooser_args.get("suits") == "weak_kq":
            suit = _role_suit(d, "any")
            d.hold(suit, sample_holding(pattern, rng, d.rules, max_len=3))
            d.hold(_role_suit(d, "any"), sorted(rng.sample(SMALL, 2), reverse=True))
            continue
        suit = _role_suit(d, role)
        if suit in d.exact and matches(pattern, tuple(d.exact[suit]), d.rules):
            continue
        d.hold(suit, sample_holding(pattern, rng, d.rules))
    for role, pattern, wanted in needs.holdings:
        if not wanted and pattern == "some":  # "not a single card" of the suit: a void
            d.void.add(_role_suit(d, role))
        elif not wanted and role == "any":
            d.banned_any.append(pattern)
        elif not wanted:
            d.banned.append((_role_suit(d, role), pattern))
    if rule.chooser == "lead_avoiding" and rule.chooser_args.get("suits") != "weak_kq":
        role = str(rule.chooser_args["suits"])
        if role == "akx_king_led":  # ≈88: exactly A K and a small card, the king led first
            d.hold(d.suits[role], [Rank.ACE, Rank.KING, Rank(rng.choice(SMALL))])
        elif role in RUN_ROLES:  # the coronet itself tempts: the learner has been running it
            d.hold(d.suits["coronet"], sample_holding("AKQ", rng, d.rules, max_len=5))
        else:
            forbidden = {"rho": "rho", "lho_unsupported": "lho_unsupported", "partner_discarded": "partner_discarded",
                         "trump": "trump"}[role]
            suit = _role_suit(d, forbidden)
            if suit not in d.exact:
                d.hold(suit, _tempting(d, rule))
        d.hold(_role_suit(d, "any"), sample_holding(rng.choice(LADDER), rng, d.rules, max_len=5))
    if "trumps_held" in needs.flags and d.trump is not None and needs.flags["trumps_held"][0] in (">=", "=="):
        d.min_len[d.trump] = int(needs.flags["trumps_held"][1])
    if "sure_suits" in needs.flags:
        _sure_suits(d, int(needs.flags["sure_suits"][1]))
    if "scores_equal" in needs.flags:
        value = d.rules.trick_value * d.level
        low = max(0, d.rules.partie_target - 2 * value)
        score = rng.randrange(low, d.rules.partie_target, 10) if low < d.rules.partie_target else 0
        d.below = {Side.NS: score, Side.EW: score}
        d.hold(_role_suit(d, "any"), sample_holding(rng.choice(("AK4+", "AKx", "Ax", "AKQ")), rng, d.rules))


def _tempting(d: Draft, rule: Rule) -> list[Rank]:
    """A lead holding for the forbidden suit of a prohibition, none of the rule's ``drill: avoid`` patterns.

    Law 80 drills avoid A K Q in the right-hand opponent's suit: the rule is applied
    literally (``advise`` still forbids that lead), but a drill should not teach it on
    a coronet, where cashing the sure tricks first is the natural play.
    """
    avoid = tuple(str(a) for a in drill_hints(rule.id).get("avoid", ()))
    if not avoid:
        return sample_holding(d.rng.choice(LADDER), d.rng, d.rules, max_len=5)
    ladder = [p for p in LADDER if p not in avoid]
    for _ in range(40):
        ranks = sample_holding(d.rng.choice(ladder), d.rng, d.rules, max_len=5)
        if not any(matches(a, tuple(ranks), d.rules) for a in avoid):
            return ranks
    raise Rejected(f"no tempting holding outside {', '.join(avoid)}")


def _sure_suits(d: Draft, count: int) -> None:
    led = d.suits.get("led")
    side = [s for s in PBN_SUITS if s is not d.trump and s is not led and s not in d.exact]
    d.rng.shuffle(side)
    for i, suit in enumerate(side):
        if i < count:
            d.hold(suit, sample_holding(d.rng.choice(("A", "AK|KQ")), d.rng, d.rules, max_len=4))
        elif suit not in d.exact:
            d.banned.append((suit, "A"))
            d.banned.append((suit, "AK|KQ"))


def _prepare_layout(d: Draft, needs: Needs) -> None:
    """The cards the prefix needs, given to their seats, and the script of the prefix."""
    rng = d.rng
    D1, P, D2, dec = d.seat("D1"), d.seat("P"), d.seat("D2"), d.seat("declarer")
    if d.layout in ("second", "third"):
        led = d.suits["led"]
        mine = set(d.exact.get(led, ()))
        ranks = [r for r in needs.led_ranks if Rank(r) not in mine]
        if "partner_cashing" in needs.flags:  # law 145: at trick 1 only the ace is the top card still out
            ranks = [r for r in ranks if r == Rank.ACE]
        if not ranks:
            raise Rejected("no card left to lead")
        lead = d.give(D1, Card(led, Rank(rng.choice(ranks))))
        d.script.append((D1, lead))
        if d.layout == "third":
            # second hand follows small - below the card led, or (the cuts 140, 142, 144 need
            # no more than a small card from him) sometimes above it
            above = "second_played_small" in needs.flags and rng.random() < 0.4
            follow = spare_small(d, led, above=lead.rank) if above else spare_small(d, led, below=lead.rank)
            d.give(P, follow)
            d.script.append((P, follow if above else "lowest"))
    elif d.layout == "second_cut":
        _prefix_second_cut(d, D1, P, D2, dec)
    elif d.layout == "third_show_out":
        _prefix_lho_shows_out(d, D1, P, D2, dec)
    elif d.layout == "declarer_leads":
        _prefix_declarer_cashes(d, D1, P, D2, dec)
    elif d.layout == "fourth":
        _prefix_partner_wins(d, D1, P, D2)
    elif d.layout == "second_discard":
        led = d.suits["led"]
        d.give(D1, Card(led, Rank.ACE))
        second = d.give(D1, Card(led, Rank(rng.choice((10, 11, 12)))))
        d.give(P, spare_small(d, led))
        d.give(P, spare_small(d, led))
        d.give(dec, spare_small(d, led))
        d.script += [(D1, Card(led, Rank.ACE)), (P, "lowest"), (D2, "book"), (dec, "lowest"),
                     (D1, second), (P, "lowest")]
    elif d.layout in ("d2_lead", "declarer_lead", "partner_lead", "trump_rounds"):
        _prefix_win_first_trick(d, D1, P, D2, dec, strong="opponents_led_unannounced_strong" in needs.flags)
        if d.layout == "d2_lead":
            _prefix_d2_gains_lead(d, D1, P, D2, dec)
        if d.layout == "trump_rounds":
            _prefix_trump_rounds(d, D1, P, D2, dec)
    elif d.layout == "discard_history":
        _prefix_win_first_trick(d, D1, P, D2, dec)
        _prefix_discard_run(d, D1, P, D2, dec)
    elif d.layout == "ruff_history":
        _prefix_ruff_history(d, D1, P, D2, dec)
    elif d.layout == "coronet_run":
        _prefix_coronet_run(d, D1, P, D2, dec, honour=bool(needs.named.get("coronet_honour_dropped")))
    elif d.layout in ("ak_fourth_run", "akx_switch"):
        _prefix_own_top_leads(d, D1, P, D2, dec)
    elif d.layout == "partner_akx":
        _prefix_partner_akx(d, D1, P, D2, dec)
    elif d.layout == "declarer_shows_out":
        _prefix_declarer_shows_out(d, D1, P, D2, dec)
    elif d.layout == "slam_void_pass":
        _prefix_slam_void_pass(d, D1, P, D2, dec)


def _prefix_second_cut(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat) -> None:
    """Law 141's two rounds: the learner (P) holds A J 10 of X, the jack already counted in.

    Trick 1: D1 (his right-hand opponent) leads a small X, the learner puts the jack, D2
    wins with the king or queen, the declarer follows small. Trick 2: D2 leads a small
    card of Y to his partner's ace (third hand's highest, law 113); the declarer and the
    learner follow. Trick 3: D1 leads a small X again and the learner is second hand.
    """
    x, y = d.suits["led"], d.suits["Y"]
    d.exact[x] = sorted([*d.exact[x], Rank.JACK], reverse=True)
    first, again = d.give(D1, spare_small(d, x)), d.give(D1, spare_small(d, x))
    honour = d.give(D2, Card(x, d.rng.choice((Rank.KING, Rank.QUEEN))))
    d.give(dec, spare_small(d, x))
    d.must[y] = [d.rng.choice(SMALL)]
    lead_y = d.give(D2, spare_small(d, y))
    d.give(D1, Card(y, Rank.ACE))
    d.give(dec, spare_small(d, y))
    d.script += [(D1, first), (P, Card(x, Rank.JACK)), (D2, honour), (dec, "lowest"),
                 (D2, lead_y), (dec, "lowest"), (D1, Card(y, Rank.ACE)), (P, "lowest"),
                 (D1, again)]


def _prefix_lho_shows_out(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat) -> None:
    """Law 114's exception: the learner (D2, third hand) holds A J of X; his left-hand opponent,
    the declarer, has none.

    Trick 1: D1 (the learner's partner) leads the king of X, P follows small, the learner
    plays his lowest X (≈106: not over partner's honour), the declarer discards a small card
    of another side suit (he shows out); the king wins. Trick 2: D1 leads a small X, P
    follows small, and the learner is third hand.
    """
    x = d.suits["led"]
    held = d.exact.get(x, [])
    low = [r for r in SMALL if not held or r < min(held)]
    if not low:
        raise Rejected("no small card below the learner's holding")
    extra = Rank(d.rng.choice(low))
    d.exact[x] = sorted([*held, extra], reverse=True)
    y = d.free_suit()
    d.suits["Y"] = y
    d.limit(dec, CardCount(suit_cards(x), 0, 0))
    king = d.give(D1, Card(x, Rank.KING))
    lead = d.give(D1, spare_small(d, x))
    first, second = d.give(P, spare_small(d, x)), d.give(P, spare_small(d, x))
    throw = d.give(dec, spare_small(d, y))
    d.script += [(D1, king), (P, first), (D2, Card(x, extra)), (dec, throw), (D1, lead), (P, second)]


def _prefix_declarer_cashes(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat) -> None:
    """Law 112's crisp case: trick 1, D1 leads a small card of N and the declarer wins it with
    the ace; trick 2, the declarer leads the ace of X, the suit he named, D1 follows, and the
    learner (P, third hand) has none."""
    x, n = d.suits["led"], d.free_suit()
    d.suits["N"] = n
    for seat in (D1, D2):
        d.give(seat, spare_small(d, n))
    d.give(dec, Card(n, Rank.ACE))
    d.give(dec, Card(x, Rank.ACE))
    d.limit(P, CardCount(suit_cards(n), 1))
    d.script += [(D1, d.fixed[D1][-1]), (P, "lowest"), (D2, d.fixed[D2][-1]), (dec, Card(n, Rank.ACE)),
                 (dec, Card(x, Rank.ACE)), (D1, "lowest")]


def _prefix_partner_wins(d: Draft, D1: Seat, P: Seat, D2: Seat) -> None:
    """Fourth hand (≈107): D1 leads a small card of the suit partner (P) named, P wins it with the
    ace or king, D2 follows small; the learner, the declarer, cannot follow."""
    led = d.suits["led"]
    lead = d.give(D1, spare_small(d, led))
    top = d.give(P, Card(led, d.rng.choice((Rank.ACE, Rank.KING))))
    d.give(D2, spare_small(d, led))
    d.script += [(D1, lead), (P, top), (D2, "lowest")]


def _prefix_win_first_trick(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat, *, strong: bool = False) -> None:
    """Trick 1: D1 leads a small card of N; the declarer's side (the learner) wins it with the ace of N.

    With ``strong`` (law 120) D1 leads the king from K Q (law 87) of N, a suit no
    opponent named, and the learner, declarer or his partner, wins it with the ace.
    """
    n = d.suits["N"]
    if strong:
        d.must[n] = [Rank.ACE]
        king = d.give(D1, Card(n, Rank.KING))
        d.give(D1, Card(n, Rank.QUEEN))
        others = [s for s in (P, D2, dec) if s is not d.learner]
        for seat in others:
            d.give(seat, spare_small(d, n))
        follow: dict[Seat, Card | str] = {s: "lowest" for s in others}
        follow[d.learner] = Card(n, Rank.ACE)
        d.script += [(D1, king), (P, follow[P]), (D2, follow[D2]), (dec, follow[dec])]
    elif d.layout in ("d2_lead", "discard_history"):
        d.must[n] = [d.rng.choice(SMALL)]
        d.give(D1, spare_small(d, n))
        d.give(P, spare_small(d, n))
        d.give(dec, Card(n, Rank.ACE))
        d.script += [(D1, d.fixed[D1][-1]), (P, "lowest"), (D2, "lowest"), (dec, Card(n, Rank.ACE))]
    elif d.layout == "partner_lead":  # the declarer's partner wins trick 1 and leads (no dummy in Vint)
        d.must[n] = [Rank.ACE]
        d.give(D1, spare_small(d, n))
        d.give(D2, spare_small(d, n))
        d.give(dec, spare_small(d, n))
        d.script += [(D1, d.fixed[D1][-1]), (P, Card(n, Rank.ACE)), (D2, "lowest"), (dec, "lowest")]
    else:
        d.must[n] = [Rank.ACE]
        d.give(D1, spare_small(d, n))
        d.give(P, spare_small(d, n))
        d.give(D2, spare_small(d, n))
        d.script += [(D1, d.fixed[D1][-1]), (P, "lowest"), (D2, "lowest"), (dec, Card(n, Rank.ACE))]


def _prefix_d2_gains_lead(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat) -> None:
    """Trick 2: the declarer leads a small card of M; D1 follows or discards; D2 wins with the ace."""
    m = d.suits["M"]
    d.must[m] = [Rank.ACE]
    lead = d.give(dec, spare_small(d, m))
    d.give(P, spare_small(d, m))
    x = d.suits.get("partner_discarded")
    if x is not None:
        d.limit(D1, CardCount(suit_cards(m), 0, 0))
        throw = d.give(D1, spare_small(d, x))
        d.script += [(dec, lead), (D1, throw), (P, "lowest"), (D2, Card(m, Rank.ACE))]
    else:
        d.give(D1, spare_small(d, m))
        d.script += [(dec, lead), (D1, "lowest"), (P, "lowest"), (D2, Card(m, Rank.ACE))]


def _prefix_discard_run(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat) -> None:
    """Tricks 2-4: the declarer runs A K Q of L; partner (and, for law 166, the right-hand
    opponent) cannot follow and discards by the book's discard laws (160-165); every
    other card is the book's too. Trick 5: the declarer leads a small M, the learner wins
    it with the ace and is on lead.

    Partner holds no sure trick but the ace of his sure suit (163), or none at all (166,
    where the right-hand opponent holds the fourth ace, so his discards keep to his other
    suits and one suit stands out as the one he is discarding).
    """
    big, m, n = d.suits["L"], d.suits["M"], d.suits["N"]
    d.min_len[big] = 3
    for rank in (Rank.ACE, Rank.KING, Rank.QUEEN):
        d.give(dec, Card(big, rank))
    d.limit(D1, CardCount(suit_cards(big), 0, 0))
    d.limit(D1, CardCount(frozenset({Card(n, Rank.KING)}), 0, 0))  # no sure trick after trick 1's ace
    if "partner_sure_shown" in d.suits:
        d.give(D1, Card(d.suits["partner_sure_shown"], Rank.ACE))
    else:
        d.limit(P, CardCount(suit_cards(big), 0, 0))
        d.give(P, Card(d.suits["Z"], Rank.ACE))
    d.must[m] = [Rank.ACE]
    lead = d.give(dec, spare_small(d, m))
    d.give(P, spare_small(d, m))
    for rank in (Rank.ACE, Rank.KING, Rank.QUEEN):
        d.script += [(dec, Card(big, rank)), (D1, "book"), (P, "book"), (D2, "book")]
    d.script += [(dec, lead), (D1, "book"), (P, "book"), (D2, Card(m, Rank.ACE))]


def _prefix_ruff_history(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat) -> None:
    """Law 121: the learner (the supporting player, P) holds one card of X and four or five trumps.

    Trick 1: D1 cashes the ace of X, everyone follows. Trick 2: D1 leads the king of X, the
    learner ruffs. Trick 3: the learner leads a small card of N to the declarer's ace.
    Trick 4: the declarer leads X, the learner ruffs again and is on lead: X has been led
    three times and he has ruffed it twice.
    """
    t = d.trump
    if t is None:
        raise Rejected("law 121 needs a trump suit")
    rng = d.rng
    x, n = d.free_suit(), d.free_suit()
    d.suits["X"], d.suits["N"] = x, n
    single = Rank(rng.choice(SMALL))
    d.hold(x, [single])
    trumps = sorted(rng.sample(list(Rank), rng.choice((4, 5))), reverse=True)
    d.exact[t] = trumps  # replaces the "some trumps" of the conditions
    low, second = trumps[-1], trumps[-2]
    small_n = Rank(rng.choice(SMALL))
    d.must[n] = [small_n]
    for rank in (Rank.ACE, Rank.KING, Rank.QUEEN):
        d.give(D1, Card(x, rank))
    mine = []
    for _ in range(3):
        d.give(D2, spare_small(d, x))
        mine.append(d.give(dec, spare_small(d, x)))
    d.give(dec, Card(n, Rank.ACE))
    d.give(D1, spare_small(d, n))
    d.give(D2, spare_small(d, n))
    d.script += [(D1, Card(x, Rank.ACE)), (P, Card(x, single)), (D2, "lowest"), (dec, mine[0]),
                 (D1, Card(x, Rank.KING)), (P, Card(t, low)), (D2, "lowest"), (dec, mine[1]),
                 (P, Card(n, small_n)), (D2, "lowest"), (dec, Card(n, Rank.ACE)), (D1, "lowest"),
                 (dec, mine[2]), (D1, "lowest"), (P, Card(t, second)), (D2, "lowest")]


def _prefix_coronet_run(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat, *, honour: bool) -> None:
    """The learner (the opening leader) cashes his coronet C and is on lead again.

    Trick 1: he leads the ace of C (law 86). With ``honour`` (≈109) one opponent plays
    the jack or ten of C on it - from at most two cards, "about to be void" - and the
    others follow. Otherwise (133) everyone follows; at trick 2 he leads the king, the
    opponent who held a single card of C discards (the book's discard) and the other
    two follow.
    """
    c = d.suits["coronet"]
    suit = suit_cards(c)
    odd, other = d.rng.sample((P, dec), 2)  # the opponent who drops the honour or shows out
    if honour:
        free = [r for r in (Rank.JACK, Rank.TEN) if r not in d.exact[c]]
        if not free:
            raise Rejected("the learner holds both the jack and the ten")
        drop = d.give(odd, Card(c, d.rng.choice(free)))
        d.limit(odd, CardCount(suit, 1, 2))
        for seat in (other, D2):
            d.limit(seat, CardCount(suit, 1))
        first: dict[Seat, Card | str] = {odd: drop, other: "lowest"}
        d.script += [(D1, Card(c, Rank.ACE)), (P, first[P]), (D2, "lowest"), (dec, first[dec])]
        return
    d.give(odd, spare_small(d, c))
    d.limit(odd, CardCount(suit, 1, 1))
    for seat in (other, D2):
        d.limit(seat, CardCount(suit, 2))
    second: dict[Seat, str] = {odd: "book", other: "lowest"}
    d.script += [(D1, Card(c, Rank.ACE)), (P, "lowest"), (D2, "lowest"), (dec, "lowest"),
                 (D1, Card(c, Rank.KING)), (P, second[P]), (D2, "lowest"), (dec, second[dec])]


def _prefix_own_top_leads(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat) -> None:
    """≈92: the learner (D1) leads the ace and then the king of his A K fourth; ≈88: he leads the
    king of his A K x. The others follow with their lowest card of the suit each time."""
    role = "ak_fourth_cashed" if d.layout == "ak_fourth_run" else "akx_king_led"
    suit = d.suits[role]
    leads = (Rank.ACE, Rank.KING) if role == "ak_fourth_cashed" else (Rank.KING,)
    for seat in (P, D2, dec):
        d.limit(seat, CardCount(suit_cards(suit), len(leads)))
    for rank in leads:
        d.script += [(D1, Card(suit, rank)), (P, "lowest"), (D2, "lowest"), (dec, "lowest")]


def _prefix_partner_akx(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat) -> None:
    """≈88, partner's half: D1 (the learner's partner) leads the king of his A K x of S; P, the
    learner (his lowest card of S) and the declarer follow; the king wins. Trick 2: D1 switches
    to a small card of M, P follows, the learner wins with the ace of M, the declarer follows."""
    s, m = d.suits["partner_akx_signal"], d.suits["M"]
    held = d.exact.get(s, [])
    low = [r for r in SMALL if not held or r < min(held)]
    if not low:
        raise Rejected("no small card below the learner's holding")
    extra = Rank(d.rng.choice(low))
    d.exact[s] = sorted([*held, extra], reverse=True)
    for rank in (Rank.ACE, Rank.KING):
        d.give(D1, Card(s, rank))
    d.give(D1, spare_small(d, s))
    d.limit(D1, CardCount(suit_cards(s), 3, 3))
    for seat in (P, dec):
        d.limit(seat, CardCount(suit_cards(s), 1))
    d.must[m] = [Rank.ACE]
    switch = d.give(D1, spare_small(d, m))
    d.script += [(D1, Card(s, Rank.KING)), (P, "lowest"), (D2, Card(s, extra)), (dec, "lowest"),
                 (D1, switch), (P, "lowest"), (D2, Card(m, Rank.ACE)), (dec, "lowest")]


def _prefix_declarer_shows_out(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat) -> None:
    """Law 135's mid-play trump lead: the declarer's partner named X. Trick 1: D1 leads a small
    X, P follows, the learner (D2) wins with the ace of X, the declarer discards a small Y."""
    x, y = d.suits["dec_partner_suit"], d.suits["Y"]
    d.must[x] = [Rank.ACE]
    lead = d.give(D1, spare_small(d, x))
    d.limit(P, CardCount(suit_cards(x), 2))
    d.limit(dec, CardCount(suit_cards(x), 0, 0))
    throw = d.give(dec, spare_small(d, y))
    d.script += [(D1, lead), (P, "lowest"), (D2, Card(x, Rank.ACE)), (dec, throw)]


def _prefix_slam_void_pass(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat) -> None:
    """Law 128's second half: the learner is the declarer. Trick 1: D1 leads a small N, partner
    (P) wins with the ace. Trick 2: P leads his singleton ace or king of X, everyone follows
    (the learner with his lowest X, keeping the top one still out). Trick 3: P leads a small Y
    to the learner's ace; the learner is on lead."""
    x, n, y = d.suits["partner_blank_honour"], d.suits["N"], d.suits["Y"]
    rng = d.rng
    honour = Rank.ACE if rng.random() < 0.6 else Rank.KING
    top = [Rank.KING, Rank.QUEEN] if honour is Rank.ACE else [Rank.ACE, Rank.QUEEN]
    smalls = [Rank(r) for r in rng.sample(SMALL, rng.randint(1, 3))]
    d.hold(x, sorted([*top[:rng.randint(1, 2)], *smalls], reverse=True))
    d.give(P, Card(x, honour))
    d.limit(P, CardCount(suit_cards(x), 1, 1))
    for seat in (D1, D2):
        d.limit(seat, CardCount(suit_cards(x), 1))
    d.give(P, Card(n, Rank.ACE))
    d.give(D1, spare_small(d, n))
    pass_lead = d.give(P, spare_small(d, y))
    d.must[y] = [Rank.ACE]
    d.script += [(D1, d.fixed[D1][-1]), (P, Card(n, Rank.ACE)), (D2, "lowest"), (dec, "lowest"),
                 (P, Card(x, honour)), (D2, "lowest"), (dec, "lowest"), (D1, "lowest"),
                 (P, pass_lead), (D2, "lowest"), (dec, Card(y, Rank.ACE)), (D1, "lowest")]


def _prefix_trump_rounds(d: Draft, D1: Seat, P: Seat, D2: Seat, dec: Seat) -> None:
    """Tricks 2-3: the declarer leads the ace and king of trumps; everyone follows."""
    t = d.trump
    if t is None:
        raise Rejected("trump rounds need a trump suit")
    d.must[t] = [Rank.ACE, Rank.KING]
    d.min_len[t] = 3
    for seat in (D1, P, D2):
        d.give(seat, spare_small(d, t))
        d.give(seat, spare_small(d, t))
    d.script += [(dec, Card(t, Rank.ACE)), (D1, "lowest"), (P, "lowest"), (D2, "lowest"),
                 (dec, Card(t, Rank.KING)), (D1, "lowest"), (P, "lowest"), (D2, "lowest")]


def _learner_hand(d: Draft) -> Hand:
    """Thirteen cards: the exact holdings, voids, and a random fill of the other suits."""
    rng = d.rng
    voids = d.void
    if voids & set(d.exact):
        raise Rejected("a void suit was given a holding")
    cards = [Card(s, r) for s, ranks in d.exact.items() for r in ranks]
    cards += [Card(s, r) for s, ranks in d.must.items() if s not in d.exact for r in ranks]
    given = {c for seat, cs in d.fixed.items() if seat is not d.learner for c in cs}
    if any(c in given for c in cards):
        raise Rejected("the learner's holding clashes with a scripted card")
    open_suits = [s for s in PBN_SUITS if s not in d.exact and s not in voids]
    pool = [Card(s, r) for s in open_suits for r in Rank if Card(s, r) not in given and Card(s, r) not in cards]
    need = 13 - len(cards)
    if need < 0 or need > len(pool):
        raise Rejected("holdings do not fit in thirteen cards")
    for _ in range(60):
        hand = Hand(cards + rng.sample(pool, need))
        if _hand_ok(d, hand):
            return hand
    raise Rejected("no fill met the hand's constraints")


def _hand_ok(d: Draft, hand: Hand) -> bool:
    for suit, minimum in d.min_len.items():
        if hand.length(suit) < minimum:
            return False
    for suit, pattern in d.banned:
        if matches(pattern, tuple(c.rank for c in hand.suit_cards(suit)), d.rules):
            return False
    for pattern in d.banned_any:
        if any(matches(pattern, tuple(c.rank for c in hand.suit_cards(s)), d.rules) for s in PBN_SUITS):
            return False
    return True


def _two_suits_one_supported(d: Draft) -> list[tuple[Seat, Strain]]:
    """Law 135's auction: the declarer or his partner names the other suit and the trumps;
    the other one bids the trumps only (the declarer's final bid names them)."""
    assert d.trump is not None
    two_suiter = d.rng.choice((d.declarer, d.declarer.partner))
    items = [(two_suiter, Strain.of_suit(d.suits["two_suiter_other"]))]
    if two_suiter is d.declarer:
        items.append((d.declarer.partner, Strain.of_suit(d.trump)))
    else:
        items.append((two_suiter, Strain.of_suit(d.trump)))
    return items


def _auction(d: Draft, needs: Needs) -> Auction:
    """A legal auction naming the suits the conditions need, ending in the drawn contract."""
    rng = d.rng
    items: list[tuple[Seat, Strain]] = []
    partner, lho, rho = d.rel("partner"), d.rel("lho"), d.rel("rho")
    if needs.nt_first.get("rho"):
        items.append((rho, Strain.NO_TRUMPS))
    if needs.nt_first.get("partner"):
        items.append((partner, Strain.NO_TRUMPS))
    if "partner" in d.suits:
        items.append((partner, Strain.of_suit(d.suits["partner"])))
    if "partner_other" in d.suits:
        items.append((partner, Strain.of_suit(d.suits["partner_other"])))
    if "dec_partner_suit" in d.suits:  # law 135's mid-play lead: the declarer's partner named it
        items.append((d.declarer.partner, Strain.of_suit(d.suits["dec_partner_suit"])))
    if "two_suiter_other" in d.suits and d.trump is not None:
        items += _two_suits_one_supported(d)
    if "three" in d.suits:
        others = [s for s in PBN_SUITS if s is not d.suits["three"]]
        rng.shuffle(others)
        items += [(partner, Strain.of_suit(s)) for s in others]
    if "lho_unsupported" in d.suits:
        items.append((lho, Strain.of_suit(d.suits["lho_unsupported"])))
    if "rho_unsupported" in d.suits and needs.led_is == "rho_unsupported":
        items.append((rho, Strain.of_suit(d.suits["rho_unsupported"])))
    if "rho" in d.suits and (d.suits["rho"] is not d.trump or rho is not d.declarer):
        items.append((rho, Strain.of_suit(d.suits["rho"])))
    if "partner_after_nt" in d.suits:
        items = [(d.declarer, Strain.NO_TRUMPS), (d.declarer.partner, Strain.of_suit(d.suits["partner_after_nt"]))]
    if "lho_after_partner_nt" in d.suits:
        items = [(rho, Strain.NO_TRUMPS), (lho, Strain.of_suit(d.suits["lho_after_partner_nt"]))]
    supported = needs.flags.get("trump_supported")
    if supported is not None and supported[1] and d.trump is not None:
        if d.layout in ("partner_lead", "ruff_history"):  # the learner supports partner's suit (131, 121)
            items.append((d.declarer, d.strain))
        items.append((d.declarer.partner, d.strain))
    if len(items) > 1 and not needs.nt_first and "partner_after_nt" not in d.suits \
            and "lho_after_partner_nt" not in d.suits \
            and d.layout not in ("partner_lead", "ruff_history"):
        rng.shuffle(items)
    dealer = rng.choice((Seat.N, Seat.E, Seat.S, Seat.W))
    auction = Auction(dealer, d.rules)
    final = Bid(d.level, d.strain)
    turn = dealer
    queue = list(items)
    for _ in range(40):
        if queue and queue[0][0] is turn:
            _, strain = queue.pop(0)
            bid = auction.lowest_sufficient(Bid(1, strain))
            if bid is None or bid.level > d.max_level:
                raise Rejected("the namings outbid the contract")
            auction.call(bid)
        elif not queue and turn is d.declarer:
            last = auction.last_bid
            if last is not None and isinstance(last.call, Bid) and not final > last.call:
                raised = auction.lowest_sufficient(final)
                if raised is None or raised.level > d.max_level:
                    raise Rejected("the contract does not outrank the auction")
                final = raised
                d.level = raised.level
            auction.call(final)
            break
        else:
            auction.call(Pass())
            if auction.is_complete:
                raise Rejected("the auction ended early")
        turn = turn.next()
    else:
        raise Rejected("the auction did not reach the contract")
    while not auction.is_complete:
        auction.call(Pass())
    return auction
